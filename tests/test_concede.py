"""Conceding: an engine action either seat may play at any time before the end, never listed
among the legal actions; the game ends as a loss by concession, the save records it, and
the pause menu, the game-over screen, the log, the replay and the analysis all tell it."""
import json
import random
from pathlib import Path

import pygame
import pytest

from game import IllegalActionError, load_state, new_game
from game.actions import Action
from game.savegame import SavedGame, SaveError, read, write
from ui.text import i18n
from ui.files import saves
from ui.shell.app import App
from ui.scenes.dialog import DialogScene
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup

CONCEDE = "concede"


def conceding(seat):
    return Action(seat, CONCEDE)


def play_until(state, done, seed=1, limit=400):
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert done(state), "the random game never reached the wanted position"
    return state


def positions():
    """(name, state): the draft, the middle of Age II, and a pending choice other than a turn."""
    yield "draft", new_game(5)
    yield "mid-age", play_until(new_game(6), lambda s: s.age == 2 and s.phase == "play" and s.remaining < 15)
    yield "choice", play_until(new_game(7), lambda s: s.decision not in (None, "turn", "draft"), seed=3)


# --- the engine -------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1])
def test_either_seat_concedes_at_any_moment_and_the_other_wins(seat):
    for where, state in positions():
        assert not state.is_terminal
        events = state.apply(conceding(seat))
        assert state.is_terminal and state.phase == "over", where
        assert state.result.winner == 1 - seat and state.result.victory == "concession", where
        assert state.legal_actions() == [] and state.current_player is None
        over = [e for e in events if e.kind == "game_over"]
        assert len(over) == 1 and over[0].player == 1 - seat and over[0].victory == "concession"
        assert state.events[-1] == over[0]            # the game's one account tells it
        assert state.history[-1] == conceding(seat)


def test_the_seat_not_to_move_may_concede_too():
    state = new_game(9)
    waiting = 1 - state.current_player
    state.apply(conceding(waiting))
    assert state.result.winner == 1 - waiting


def test_concede_is_never_a_legal_action_so_no_player_picks_it():
    for seed in (11, 12):
        state = new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert all(a.kind != CONCEDE for a in legal)
            if seed == 12 and state.age == 3:
                break                                     # ... yet it may be played
            state.apply(rng.choice(legal))
    assert state.apply(conceding(0))[-1].victory == "concession"


def test_conceding_after_the_end_is_refused_and_changes_nothing():
    finished = play_until(new_game(12), lambda s: s.is_terminal)
    conceded = new_game(13)
    conceded.apply(conceding(0))
    for state in (finished, conceded):
        before = state.to_json()
        result = state.result
        for seat in (0, 1):
            with pytest.raises(IllegalActionError):
                state.apply(conceding(seat))
            with pytest.raises(IllegalActionError):
                state.apply("concede")
        assert state.to_json() == before and state.result == result


def test_a_concession_for_no_seat_is_refused():
    state = new_game(14)
    before = state.to_json()
    for bad in (Action(2, CONCEDE), Action(None, CONCEDE), Action(0, CONCEDE, "Baths")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.to_json() == before and not state.is_terminal
    state.apply(conceding(0))                             # the same position, a real concession
    assert state.result.winner == 1


def test_a_conceded_state_saves_and_loads_as_conceded():
    state = play_until(new_game(15), lambda s: s.phase == "play")
    state.apply(conceding(1))
    back = load_state(state.to_json())
    assert back.is_terminal and back.result.winner == 0 and back.result.victory == "concession"
    assert back.history[-1] == conceding(1)
    with pytest.raises(IllegalActionError):
        back.apply(conceding(0))


# --- the saved game --------------------------------------------------------------------------

def conceded_save(seed=21, moves=14, seat=0) -> SavedGame:
    saved = SavedGame(seed=seed, mode="ai", players=[{"name": "", "kind": "human"},
                                                     {"name": "", "kind": "ai", "ai": "normal"}])
    state = saved.new_state()
    rng = random.Random(seed)
    for _ in range(moves):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    action = conceding(seat)
    state.apply(action)
    saved.record(state, action)
    return saved, state


def test_a_save_with_a_concession_replays_to_the_same_end(tmp_path):
    # seat 1 concedes while seat 0 may be the one to move: the save's seat is what counts
    saved, state = conceded_save(seat=1)
    assert saved.actions[-1] == [1, "concede"]
    assert saved.summary["finished"] and saved.summary["winner"] == 0
    assert saved.summary["victory"] == "concession"
    path = write(tmp_path / "game.json", saved)
    assert json.loads(path.read_text(encoding="utf-8"))["actions"][-1] == [1, "concede"]
    again = read(path).replay()
    assert again.to_json() == state.to_json()
    assert again.result.victory == "concession" and again.result.winner == 0
    assert [e for e in again.events if e.kind == "game_over"][0].victory == "concession"


def test_a_save_with_moves_after_the_concession_is_refused_clearly():
    saved, _ = conceded_save()
    saved.actions.append([0, "concede"])
    with pytest.raises(SaveError) as info:
        saved.replay()
    assert info.value.code == "illegal" and info.value.params["move"] == len(saved.actions)


def test_old_saves_without_a_concession_still_load_beside_new_ones():
    conceded, _ = conceded_save(seed=24)
    assert SavedGame.from_dict(json.loads(json.dumps(conceded.to_dict()))).replay().result.victory == "concession"
    saved = SavedGame(seed=3)
    state = saved.new_state()
    rng = random.Random(3)
    for _ in range(10):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    data = json.loads(json.dumps(saved.to_dict()))
    assert SavedGame.from_dict(data).replay().to_json() == state.to_json()


def test_the_analysis_of_a_conceded_game_ends_on_the_concession():
    from game.analysis import analyse
    saved, _ = conceded_save(seed=22, moves=12, seat=0)
    result = analyse(saved, iterations=8)
    n = len(saved.actions)
    assert len(result.series) == n and result.played[-1] == "concede"
    assert result.victory == "concession" and result.winner == 1
    assert result.movers[-1] == 0 and result.moves[-1][0] == "concede"
    assert result.series[-1] == 0.0                       # the focal seat (the human) conceded
    assert all(p.decision != n - 1 for p in result.turning_points)
    json.dumps(result.to_dict())                          # what the window receives


# --- in the window -----------------------------------------------------------------------------

@pytest.fixture
def app(data):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()


def click(pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def steps(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def button(scene, label):
    return next(b for b in scene.group.buttons if b.text == label)


def vs_ai(seed=31):
    return GameSession(GameConfig(seed=seed, first="me", seats=[SeatSetup("human"), SeatSetup("ai", "random")]))


def hotseat(seed=32):
    return GameSession(GameConfig(seed=seed, first="seat0",
                                  seats=[SeatSetup("human", name="Ana"), SeatSetup("human", name="Bob")]))


def open_game(app, session):
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app)
    return game


def open_concede_dialog(app):
    """Esc opens the pause menu; its Concede button opens the confirmation."""
    key(pygame.K_ESCAPE)
    steps(app)
    pause = app.top
    assert type(pause).__name__ == "PauseScene"
    click(button(pause, "Concede").rect.center)
    steps(app)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Concede the duel?"
    return pause, dialog


def drawn_words(app, monkeypatch):
    """Every string the game-over screen draws in one frame."""
    from ui.scenes import gameover
    words = []
    real_text, real_block, real_title = gameover.text, gameover.text_block, gameover.ui_art.title_lettering

    def spy_text(surface, layout, s, *a, **k):
        words.append(s)
        return real_text(surface, layout, s, *a, **k)

    def spy_block(surface, layout, s, *a, **k):
        words.append(s)
        return real_block(surface, layout, s, *a, **k)

    def spy_title(s, *a, **k):
        words.append(s)
        return real_title(s, *a, **k)

    monkeypatch.setattr(gameover, "text", spy_text)
    monkeypatch.setattr(gameover, "text_block", spy_block)
    monkeypatch.setattr(gameover.ui_art, "title_lettering", spy_title)
    app.top.draw(app.screen)                              # drawn directly: an error would raise here
    return words


def test_pause_concede_confirm_ends_the_game_as_a_conceded_loss(app, data, monkeypatch):
    session = vs_ai()
    rng = random.Random(1)
    while session.state.phase == "draft" or session.state.current_player != session.human_seat:
        session.apply(rng.choice(session.state.legal_actions()))
    moves = len(session.saved.actions)
    game = open_game(app, session)
    _, dialog = open_concede_dialog(app)
    assert "opponent wins" in dialog.body
    click(button(dialog, "Concede").rect.center)
    steps(app, 8)
    state = session.state
    assert state.is_terminal and state.result.victory == "concession" and state.result.winner == 1
    over = app.top
    assert type(over).__name__ == "GameOverScene" and over.game is game
    words = drawn_words(app, monkeypatch)
    assert "YOU CONCEDED" in words
    assert any("concession" in w for w in words)
    assert session.log[-1].text == "You conceded the duel — victory to the opponent."
    saves.flush()
    # the finished game lives in the history now (game/history.py), its save file gone
    assert not Path(session.path).exists()
    history = saves.history()
    (row,) = history.page(0, 5)
    kept = history.saved_game(row.id)
    record = json.loads(json.dumps(kept.to_dict()))
    assert len(record["actions"]) == moves + 1 and record["actions"][-1] == [0, "concede"]
    assert record["summary"]["victory"] == "concession" and record["summary"]["winner"] == 1
    assert record["summary"]["finished"] is True
    assert SavedGame.from_dict(record).replay().result.victory == "concession"
    assert CURRENT["session"] is None                     # nothing left to Continue


def test_cancelling_the_confirmation_changes_nothing(app, data):
    session = vs_ai(33)
    game = open_game(app, session)
    before = session.state.to_json()
    actions = [list(a) for a in session.saved.actions]
    pause, dialog = open_concede_dialog(app)
    click(button(dialog, "Keep playing").rect.center)
    steps(app)
    assert app.top is pause                               # back in the pause menu
    click(button(pause, "Concede").rect.center)
    steps(app)
    assert isinstance(app.top, DialogScene)
    key(pygame.K_ESCAPE)                                  # Esc cancels too
    steps(app)
    assert app.top is pause
    key(pygame.K_ESCAPE)
    steps(app)
    assert session.state.to_json() == before and not session.state.is_terminal
    assert session.saved.actions == actions
    assert all("conceded" not in e.text for e in session.log)
    assert game in app.stack and type(app.top).__name__ != "GameOverScene"


def test_hotseat_the_person_at_the_screen_concedes_for_their_seat(app, data, monkeypatch):
    session = hotseat()
    session.hand_over()                                   # Ana (seat 0) takes the screen
    assert session.looking == 0
    session.apply(session.state.legal_actions()[0])       # her pick: now Bob is to move
    assert session.state.current_player == 1 and session.needs_handover
    open_game(app, session)
    steps(app, 4)
    assert type(app.top).__name__ == "HandOverScene"      # the screen waits for Bob
    _, dialog = open_concede_dialog(app)                  # ... but Ana is still at it
    assert dialog.body.startswith("Ana concedes") and "Bob wins" in dialog.body
    click(button(dialog, "Concede").rect.center)
    steps(app, 8)
    result = session.state.result
    assert result.winner == 1 and result.victory == "concession"
    assert session.saved.actions[-1] == [0, "concede"]
    assert type(app.top).__name__ == "GameOverScene"
    words = drawn_words(app, monkeypatch)
    assert "ANA CONCEDED — BOB WINS" in words
    assert session.log[-1].text == "Ana conceded the duel — victory to Bob."


def test_concede_is_offered_only_to_a_person_in_a_game_in_progress(app, data):
    from ui.scenes.pause import PauseScene
    watched = GameSession(GameConfig(seed=34, seats=[SeatSetup("ai", "random"), SeatSetup("ai", "random")]))
    game = open_game(app, watched)
    labels = [b.text for b in PauseScene(game).group.buttons]
    assert "Concede" not in labels and "Resume" in labels
    app.remove(game)
    game = open_game(app, vs_ai(35))
    assert "Concede" in [b.text for b in PauseScene(game).group.buttons]
    game.session.apply(conceding(0))
    assert "Concede" not in [b.text for b in PauseScene(game).group.buttons]


def test_the_replay_and_the_analysis_show_the_concession(app, data):
    from ui.scenes.analysis import AnalysisScene
    from ui.scenes.replay import ReplayScene
    from game.analysis import analyse
    saved, final = conceded_save(seed=23, moves=12, seat=0)
    replay = ReplayScene(saved, step=len(saved.actions) - 1)
    app.push(MenuScene())
    app.push(replay)
    steps(app)
    key(pygame.K_RIGHT)                                   # the last step: the concession
    steps(app, 4)
    assert replay.k == len(saved.actions)
    assert replay.session.state.result.victory == "concession"
    assert "You conceded the duel" in replay._status_text()
    assert replay.log_view[-1].text == "You conceded the duel — victory to the opponent."
    replay.seek(len(saved.actions) - 1)
    replay.forward()
    assert replay.session.state.to_json() == final.to_json()
    replay.draw(app.screen)
    result = analyse(saved, iterations=8).to_dict()
    scene = AnalysisScene(saved, result=result)
    app.push(scene)
    steps(app)
    scene.draw(app.screen)
    last = len(saved.actions) - 1
    assert scene.note(last) == f"Move {last + 1}: You conceded the duel"
    scene.select(last)
    scene.draw(app.screen)
    assert app.top is scene
