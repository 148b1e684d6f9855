"""The endings an online server decides are engine actions too: `abandon` (a player away too
long; the opponent claimed the win: victory `forfeit`) and `timeout` (a clock ran out:
victory `time`). Like `concede`, either seat may have one played at any moment, none is ever
a legal action, the game ends for the other seat, a save replays to the same end — and the
game-over screen, the log, the analysis and the statistics name each kind, in English and
Korean."""
import json
import random

import pytest

from game import IllegalActionError, load_state, new_game
from game.actions import FORFEIT_VICTORIES, FORFEITS, Action, forfeit, is_forfeit
from game.savegame import SavedGame, read, write
from ui.text import i18n
from ui.shell.app import App
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.table.session import GameConfig, GameSession, SeatSetup

KINDS = [("abandon", "forfeit"), ("timeout", "time")]


def play_random(state, moves, seed=1):
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


# --- the engine -------------------------------------------------------------------------------

def test_the_server_endings_are_engine_forfeits_with_their_own_victory_kinds():
    assert FORFEITS["abandon"] == "forfeit" and FORFEITS["timeout"] == "time"
    assert {"concession", "forfeit", "time"} <= FORFEIT_VICTORIES
    assert forfeit(1, "forfeit") == Action(1, "abandon")
    assert forfeit(0, "time") == Action(0, "timeout")
    assert forfeit(0, "concession") == Action(0, "concede")
    assert is_forfeit("abandon") and is_forfeit(Action(0, "timeout"))
    with pytest.raises(ValueError):
        forfeit(0, "military")


@pytest.mark.parametrize("kind,victory", KINDS)
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("moves", [0, 9, 40])           # the draft, Age I, later
def test_either_seat_loses_by_it_at_any_moment(kind, victory, seat, moves):
    state = play_random(new_game(40 + moves), moves, seed=moves)
    assert not state.is_terminal
    events = state.apply(Action(seat, kind))            # whoever is to move
    assert state.is_terminal
    assert state.result.winner == 1 - seat and state.result.victory == victory
    assert events[-1].kind == "game_over" and events[-1].player == 1 - seat
    assert events[-1].get("victory") == victory
    assert state.history[-1] == Action(seat, kind)
    assert state.legal_actions() == []
    for again in ("concede", "abandon", "timeout"):       # nothing after the end
        with pytest.raises(IllegalActionError):
            state.apply(Action(1 - seat, again))


def test_the_server_forfeits_are_never_legal_actions_so_no_player_picks_them():
    state = new_game(44)
    rng = random.Random(44)
    while not state.is_terminal:
        legal = state.legal_actions()
        assert not any(is_forfeit(a) for a in legal)
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("kind,victory", KINDS)
def test_a_notation_names_the_seat_and_a_bad_one_is_refused(kind, victory):
    state = play_random(new_game(45), 12)
    before = state.to_json()
    for bad in (Action(2, kind), Action(None, kind), Action(0, kind, "Baths")):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.to_json() == before
    assert state.parse_action(kind.upper(), player=1) == Action(1, kind)
    state.apply(f"  {kind} ")                            # the seat to move, by default
    assert state.result.victory == victory


@pytest.mark.parametrize("kind,victory", KINDS)
def test_a_state_and_a_save_ending_so_replay_to_the_same_end(tmp_path, kind, victory):
    saved = SavedGame(seed=46, mode="hotseat", players=[{"name": "Ana", "kind": "human"},
                                                        {"name": "Bob", "kind": "human"}])
    state = saved.new_state()
    rng = random.Random(46)
    for _ in range(15):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    loser = 1 - state.current_player                       # not the seat to move
    action = Action(loser, kind)
    state.apply(action)
    saved.record(state, action)
    assert saved.actions[-1] == [loser, kind]
    assert saved.summary["finished"] and saved.summary["winner"] == 1 - loser
    assert saved.summary["victory"] == victory
    path = write(tmp_path / "game.json", saved)
    again = read(path).replay()
    assert again.to_json() == state.to_json()
    assert again.result == state.result
    assert [e.get("victory") for e in again.events if e.kind == "game_over"] == [victory]
    back = load_state(state.to_json())
    assert back.is_terminal and back.result.victory == victory and back.history[-1] == action


def test_the_analysis_of_a_game_lost_on_time_ends_on_that_step():
    from game.analysis import analyse
    saved = SavedGame(seed=47, mode="ai", players=[{"name": "", "kind": "human"},
                                                   {"name": "", "kind": "ai", "ai": "normal"}])
    state = saved.new_state()
    rng = random.Random(47)
    for _ in range(12):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    action = Action(0, "timeout")
    state.apply(action)
    saved.record(state, action)
    result = analyse(saved, iterations=8)
    assert result.played[-1] == "timeout" and result.movers[-1] == 0
    assert result.victory == "time" and result.winner == 1
    json.dumps(result.to_dict())


# --- the texts --------------------------------------------------------------------------------

def test_every_forfeit_kind_has_its_texts_in_both_languages():
    for lang in ("en", "ko"):
        catalogue = i18n.load_catalogue(lang)
        for kind, victory in FORFEITS.items():
            for key in (f"victory.kind.{victory}", f"victory.long.{victory}", f"events.forfeit.{victory}",
                        f"history.kind.{victory}"):
                assert key in catalogue, (lang, key)
        for kind, victory in KINDS:
            for key in (f"forfeits.over.you.{victory}", f"forfeits.over.other.{victory}",
                        f"forfeits.over.note.{victory}", f"forfeits.move.{kind}",
                        f"forfeits.analysis.ended.{victory}", f"forfeits.analysis.note.{kind}"):
                assert key in catalogue, (lang, key)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_statistics_name_each_victory_kind(lang):
    from ui.scenes.stats import kind_label
    i18n.set_language(lang)
    try:
        labels = {kind: kind_label(kind) for kind in ("concession", "forfeit", "time")}
    finally:
        i18n.set_language("en")
    expected = {"en": {"concession": "Concession", "forfeit": "Forfeit", "time": "Time"},
                "ko": {"concession": "기권", "forfeit": "몰수", "time": "시간 초과"}}[lang]
    assert labels == expected


def make_app(lang):
    i18n.set_language(lang)
    return App((1280, 720), home=MenuScene)


def drawn_words(app, monkeypatch):
    """Every string the game-over screen draws in one frame."""
    from ui.scenes import gameover
    words = []

    def spy(real):
        def draw(surface, layout, s, *a, **k):
            words.append(s)
            return real(surface, layout, s, *a, **k)
        return draw

    real_title = gameover.ui_art.title_lettering
    monkeypatch.setattr(gameover, "text", spy(gameover.text))
    monkeypatch.setattr(gameover, "text_block", spy(gameover.text_block))
    monkeypatch.setattr(gameover.ui_art, "title_lettering", lambda s, *a, **k: (words.append(s), real_title(s, *a, **k))[1])
    app.top.draw(app.screen)
    monkeypatch.undo()                  # the app closes with the real (cached) functions
    return words


def end_in_window(app, session, action):
    from ui.scenes.gameover import GameOverScene
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    game.play(action)
    for _ in range(8):
        app.step(1 / 60)
    assert isinstance(app.top, GameOverScene)


# What the person at the screen reads: (headline, the line under the headline, from their side
# (#44 point 16), the
# note under the sheet, the log's last line) when they lose against the computer.
YOU_LOSE = {
    ("en", "forfeit"): ("YOU FORFEITED", "You were away too long — Opponent wins by forfeit",
                        "The duel ended by forfeit (a player was away too long); the score sheet is shown for the record.",
                        "You forfeited the duel by being away too long — victory to the opponent."),
    ("en", "time"): ("YOUR TIME RAN OUT", "Your time ran out — Opponent wins on time",
                     "The duel ended on time (a player's clock ran out); the score sheet is shown for the record.",
                     "You ran out of time — victory to the opponent."),
    ("ko", "forfeit"): ("몰수패", "내가 너무 오래 자리를 비웠습니다 — 상대의 몰수승",
                        "몰수로 대결이 끝났습니다(한 플레이어가 너무 오래 자리를 비움). 기록을 위해 승점 기록표를 보여 줍니다.",
                        "대결 종료 — 나 자리 비움으로 몰수패, 승자: 상대"),
    ("ko", "time"): ("시간패", "내 시간이 다 되었습니다 — 상대의 시간승",
                     "시간 초과로 대결이 끝났습니다(한 플레이어의 제한 시간이 다 됨). 기록을 위해 승점 기록표를 보여 줍니다.",
                     "대결 종료 — 나 시간 초과, 승자: 상대"),
}


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("kind,victory", KINDS)
def test_the_game_over_screen_and_the_log_tell_the_person_who_lost_how(data, monkeypatch, lang, kind, victory):
    session = GameSession(GameConfig(seed=48, first="me", seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    app = make_app(lang)
    try:
        end_in_window(app, session, Action(session.human_seat, kind))
        words = drawn_words(app, monkeypatch)
        log = session.log[-1].text
    finally:
        app.close()
        i18n.set_language("en")
    headline, long, note, line = YOU_LOSE[(lang, victory)]
    assert headline in words and long in words and note in words
    assert "YOU CONCEDED" not in words and "기권패" not in words
    assert log == line


@pytest.mark.parametrize("lang,expected", [
    ("en", {"forfeit": ("ANA FORFEITED — BOB WINS", "Ana forfeited the duel by being away too long — victory to Bob."),
            "time": ("ANA RAN OUT OF TIME — BOB WINS", "Ana ran out of time — victory to Bob.")}),
    ("ko", {"forfeit": ("ANA 몰수패 — BOB 승리", "대결 종료 — Ana 자리 비움으로 몰수패, 승자: Bob"),
            "time": ("ANA 시간 초과 — BOB 승리", "대결 종료 — Ana 시간 초과, 승자: Bob")}),
])
@pytest.mark.parametrize("kind,victory", KINDS)
def test_between_two_people_the_screen_says_who_lost_and_how(data, monkeypatch, lang, expected, kind, victory):
    session = GameSession(GameConfig(seed=49, first="seat0",
                                     seats=[SeatSetup("human", name="Ana"), SeatSetup("human", name="Bob")]))
    app = make_app(lang)
    try:
        end_in_window(app, session, Action(0, kind))
        words = drawn_words(app, monkeypatch)
        log = session.log[-1].text
    finally:
        app.close()
        i18n.set_language("en")
    headline, line = expected[victory]
    assert headline in words
    assert log == line


@pytest.mark.parametrize("lang,notes", [
    ("en", {"abandon": ("Move {n}: You forfeited the duel (away too long)", "Ended by forfeit: You, move {n}"),
            "timeout": ("Move {n}: You ran out of time", "Ended on time: You, move {n}")}),
    ("ko", {"abandon": ("{n}번째 수: 나 몰수패(자리 비움)", "몰수로 종료: 나, {n}번째 수"),
            "timeout": ("{n}번째 수: 나 시간 초과", "시간 초과로 종료: 나, {n}번째 수")}),
])
@pytest.mark.parametrize("kind,victory", KINDS)
def test_the_analysis_names_the_ending(data, monkeypatch, lang, notes, kind, victory):
    from ui.scenes import analysis
    from ui.scenes.analysis import AnalysisScene
    from ui.text.insight_text import move_label
    from game.analysis import analyse
    saved = SavedGame(seed=50, mode="ai", players=[{"name": "", "kind": "human"},
                                                   {"name": "", "kind": "ai", "ai": "normal"}])
    state = saved.new_state()
    rng = random.Random(50)
    for _ in range(10):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    action = Action(0, kind)
    state.apply(action)
    saved.record(state, action)
    result = analyse(saved, iterations=8).to_dict()
    app = make_app(lang)
    try:
        scene = AnalysisScene(saved, result=result)
        app.push(MenuScene())
        app.push(scene)
        app.step(1 / 60)
        drawn = []
        real_text = analysis.text
        monkeypatch.setattr(analysis, "text", lambda surface, layout, s, *a, **k: (drawn.append(s),
                                                                                   real_text(surface, layout, s, *a, **k))[1])
        scene.draw(app.screen)
        monkeypatch.undo()
        last = len(saved.actions) - 1
        note = scene.note(last)
        label = move_label(result["moves"][last], result["played"][last], None)
    finally:
        app.close()
        i18n.set_language("en")
    expected_note, expected_ended = notes[kind]
    assert note == expected_note.format(n=last + 1)
    assert expected_ended.format(n=last + 1) in drawn       # above the chart
    assert label == {"en": {"abandon": "Forfeited (away)", "timeout": "Out of time"},
                     "ko": {"abandon": "몰수패(자리 비움)", "timeout": "시간 초과"}}[lang][kind]
