"""Hot-seat: two people on one screen. The hand-over covers the table whenever the seat to
act changes, and what is DRAWN never shows one player's secrets to the other.

The checks spy on the card-art calls the table makes while it is rendered (and compare
rendered pixels), not only on the state."""
import json
import random

import pygame
import pytest

from ui.files import saves
from ui.scenes.draft import DraftScene
from ui.scenes.game import GameScene
from ui.scenes.handover import ARM_SECONDS, HandOverScene
from ui.scenes.menu import MenuScene
from ui.scenes.prompt import TablePrompt
from ui.scenes.setup import SetupScene
from ui.table.session import GameConfig, GameSession, SeatSetup

NAMES = ("Ana", "Bob")


@pytest.fixture
def app(app, settings_kept):
    """The shared App (tests/conftest.py), animations instant."""
    settings_kept.animation_speed = "instant"
    return app


def hotseat(seed, agora=True, first="seat0"):
    return GameSession(GameConfig(seed=seed, agora=agora, first=first,
                                  seats=[SeatSetup("human", name=NAMES[0]), SeatSetup("human", name=NAMES[1])]))


def plotting(state, rng):
    """A policy that collects Conspiracies and never triggers them (so both keep secrets)."""
    legal = state.legal_actions()
    for a in legal:
        if a.kind == "conspire" or (a.kind == "recruit" and "Conspirator" in a.subject):
            return a
    keep = [a for a in legal if a.kind != "trigger"]
    return rng.choice(keep or legal)


def secret_conspiracies(state, seat):
    rules = state.rules
    return [rules.conspiracies[c].name for c, status, _ in state.conspiracies[seat] if status < 2]


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def steps(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


class Spy:
    """Records every face the art object is asked to draw."""

    def __init__(self, art):
        self.calls = []
        for kind in ("conspiracy", "card", "progress", "wonder", "decree"):
            original = getattr(art, kind)

            def record(name, *args, _kind=kind, _original=original, **kw):
                self.calls.append((_kind, name))
                return _original(name, *args, **kw)

            setattr(art, kind, record)

    def names(self, kind):
        return [n for k, n in self.calls if k == kind]


def settle(app, limit=200):
    """Step until no Age banner or animation stands between us and the next screen."""
    for _ in range(limit):
        steps(app, 1)
        game = next((s for s in app.stack if isinstance(s, GameScene)), None)
        if type(app.top).__name__ != "AgeScene" and (game is None or not game.anim.busy):
            steps(app, 1)
            return


def accept_handover(app):
    top = app.top
    assert isinstance(top, HandOverScene)
    steps(app, 2, ARM_SECONDS)          # clicks right after it appears are ignored
    key(pygame.K_RETURN)
    steps(app, 2)
    assert not isinstance(app.top, HandOverScene)


# --- what is drawn ---------------------------------------------------------------------------

def test_each_player_sees_only_their_own_conspiracies_on_screen(app):
    session = hotseat(3)
    rng = random.Random(3)
    state = session.state
    while not (state.decision == "turn" and all(secret_conspiracies(state, p) for p in (0, 1))):
        session.apply(plotting(state, rng))
        state = session.state
    me, other = state.current_player, 1 - state.current_player
    mine, theirs = secret_conspiracies(state, me), secret_conspiracies(state, other)
    assert not set(mine) & set(theirs)

    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app, 2)
    assert isinstance(app.top, HandOverScene)            # a resumed / new hot-seat game asks who is there
    spy = Spy(game.art)
    steps(app, 2)
    assert spy.calls == []                              # the hand-over covers the table: nothing drawn
    accept_handover(app)
    assert session.looking == me

    spy = Spy(game.art)
    game.view.invalidate()
    steps(app, 1)
    drawn = spy.names("conspiracy")
    assert sorted(n for n in drawn if n is not None) == sorted(mine)
    assert drawn.count(None) == len(theirs)             # the other player's: backs only
    assert not set(theirs) & set(drawn)

    # Pixels: each Conspiracy region shows a back for the other seat and the face for mine.
    screen = app.screen
    hits = [h for h in game.view.hits_of("conspiracy") if state.conspiracies[h.seat][h.data][1] < 2]
    assert len(hits) == len(mine) + len(theirs)
    back = None
    for hit in hits:
        r = hit.rect
        inner = pygame.Rect(0, 0, r.w // 2, r.h // 3)
        inner.center = (r.w // 2, r.h // 2)
        shown = screen.subsurface(inner.move(r.topleft))
        back = game.art.conspiracy(None, r.w)
        if hit.seat == me:
            assert hit.name in mine
            face = game.art.conspiracy(hit.name, r.w)
            assert difference(shown, face, inner) < 3 < 20 < difference(shown, back, inner)
        else:
            assert hit.name is None
            assert difference(shown, back, inner) < 3
            for name in theirs:
                assert difference(shown, game.art.conspiracy(name, r.w), inner) > 20
    assert back is not None

    # My move ends my turn: the hand-over covers the table before anything of the other is drawn.
    action = next(a for a in state.legal_actions() if a.kind == "discard")
    assert game.choose(action)
    spy = Spy(game.art)
    steps(app, 4)
    if session.state.current_player == other:
        assert isinstance(app.top, HandOverScene)
        assert spy.calls == [] or set(spy.names("conspiracy")) <= set(mine) | {None}
        accept_handover(app)
        spy = Spy(game.art)
        game.view.invalidate()
        steps(app, 1)
        drawn = spy.names("conspiracy")
        assert sorted(n for n in drawn if n is not None) == sorted(secret_conspiracies(session.state, other))
        assert not set(mine) & set(drawn)
        assert session.viewer == other


def difference(shown, art, area) -> float:
    """Mean per-channel difference between a screen region and the same region of a face
    composed over it (0: that face is what the screen shows)."""
    want = shown.copy()
    want.blit(art, (0, 0), area)
    a, b = pygame.image.tobytes(shown, "RGB"), pygame.image.tobytes(want, "RGB")
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


def visible_to(state, seat) -> str:
    """Everything `seat` may know, as text: the engine's own masking (state.observation)."""
    return json.dumps(state.observation(seat), ensure_ascii=False)


def test_a_whole_hot_seat_game_never_draws_a_secret_of_the_other_player(app):
    """Through the real scenes, every face drawn is in the observation of the person at the screen."""
    session = hotseat(5)
    rng = random.Random(11)
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    leaks, handovers, frames = [], 0, 0
    cache = {}

    def check(kind, name):
        name = getattr(name, "name", name)
        if name is None:
            return
        seat = session.looking
        if seat is None:
            leaks.append(("nobody at the screen", kind, name))
            return
        key_ = (session.version, seat)
        if key_ not in cache:
            cache.clear()
            cache[key_] = visible_to(session.state, seat)
        if json.dumps(name, ensure_ascii=False) not in cache[key_]:
            leaks.append((seat, kind, name, session.state.decision))

    for kind in ("conspiracy", "card", "progress", "wonder"):
        original = getattr(game.art, kind)

        def watched(name, *args, _kind=kind, _original=original, **kw):
            check(_kind, name)
            return _original(name, *args, **kw)
        setattr(game.art, kind, watched)

    seen_decisions = set()
    while not session.state.is_terminal and frames < 5000:
        steps(app, 1)
        frames += 1
        top = app.top
        state = session.state
        if isinstance(top, HandOverScene):
            assert state.current_player != session.looking
            handovers += 1
            accept_handover(app)
            assert session.looking == state.current_player
            continue
        if game.anim.busy or not session.human_to_act:
            continue
        dialog = isinstance(top, TablePrompt) and top.game is game
        if not dialog and not (isinstance(top, (GameScene, DraftScene)) and state.decision in ("turn", "draft")):
            continue                                            # an Age banner, or the dialog opens next frame
        assert session.looking == state.current_player         # nobody acts on the other's screen
        action = plotting(state, rng)
        seen_decisions.add(state.decision)
        if dialog:
            assert top.target_for(action) is not None   # a place to click it: on the table or in the bar
        assert game.choose(action)
    assert session.state.is_terminal, "the game did not finish"
    assert not leaks, leaks[:5]
    assert handovers > 20
    assert {"draft", "turn", "keep"} <= seen_decisions


def test_secret_log_lines_read_differently_for_each_player():
    session = hotseat(3)
    rng = random.Random(3)
    while not any(a.kind == "keep" for a in session.state.history):
        session.apply(plotting(session.state, rng))
    keep = next(a for a in session.state.history if a.kind == "keep")
    from ui.text.names import display_name
    name = display_name(keep.subject)
    own = [e.for_viewer(keep.player) for e in session.log if e.seat == keep.player]
    other = [e.for_viewer(1 - keep.player) for e in session.log if e.seat == keep.player]
    assert any(name in line for line in own), own
    assert not any(name in line for line in other), other
    news = " ".join(line for _, line in session.news_for(1 - keep.player, limit=1000))
    assert display_name(keep.subject) not in news


# --- hand-overs in the middle of a turn --------------------------------------------------------

def test_a_decision_for_the_other_player_mid_turn_is_handed_over_and_back(app):
    """A decision falls to the player who is not on turn (here 'who starts the next Age' or a
    cube to place): the table is handed over to them, then back."""
    found = None
    for seed in range(40):
        session = hotseat(seed)
        rng = random.Random(seed)
        while not session.state.is_terminal:
            s = session.state
            actor = s.current_player
            action = rng.choice(s.legal_actions())
            probe = s.clone()
            probe.apply(action)
            if not probe.is_terminal and probe.current_player != actor and \
                    probe.decision not in ("turn", "draft", "start"):
                found = (session, actor, action)
                break
            session.apply(action)
        if found:
            break
    assert found, "no mid-turn decision for the other player in 40 games"
    session, actor, action = found
    session.hand_over()
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app, 2)
    top = app.top
    if isinstance(top, TablePrompt):
        assert top.target_for(action) is not None
        assert game.choose(action)
    else:
        assert game.choose(action)
    settle(app)
    assert isinstance(app.top, HandOverScene)
    receiver = session.state.current_player
    assert receiver == 1 - actor
    assert session.looking == actor                          # still the one who played, under the cover
    accept_handover(app)
    steps(app, 2)
    assert session.viewer == receiver
    assert isinstance(app.top, TablePrompt)                  # their decision, on their own screen
    assert game.choose(session.state.legal_actions()[0])
    settle(app)
    if not session.state.is_terminal and session.state.current_player != receiver:
        assert isinstance(app.top, HandOverScene)
        accept_handover(app)
        assert session.viewer == actor


# --- undo in hot-seat ---------------------------------------------------------------------------

def test_undo_takes_back_only_my_moves_until_the_handover(app):
    session = hotseat(8, agora=False)
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app, 2)
    accept_handover(app)
    me = session.looking
    assert not session.can_undo                     # nothing played yet
    before = session.state.to_json()
    action = session.state.legal_actions()[0]
    assert game.choose(action)
    steps(app, 2)
    assert session.can_undo
    if isinstance(app.top, HandOverScene):          # undo is still possible from the hand-over
        assert any(b.text.startswith("Undo") for b in app.top.group.buttons)
    key(pygame.K_z, pygame.KMOD_CTRL)
    steps(app, 2)
    assert session.state.to_json() == before
    assert session.looking == me and not session.can_undo
    assert not any(isinstance(s, HandOverScene) for s in app.stack)
    # Play until the other player has taken the screen: my moves are then theirs to keep.
    while session.state.current_player == me:
        top = app.top
        assert game.choose(session.state.legal_actions()[0])
        steps(app, 2)
    accept_handover(app)
    assert session.looking == 1 - me
    assert not session.can_undo
    key(pygame.K_BACKSPACE)
    steps(app, 2)
    assert session.looking == 1 - me and session.state.current_player == 1 - me


# --- setting up a hot-seat game -----------------------------------------------------------------

def test_setup_offers_two_named_players(app):
    app.push(MenuScene())
    app.push(SetupScene())
    steps(app, 1)
    setup = app.top
    click = setup.target_for_wish("mode", "hotseat")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=click, button=1))
    steps(app, 1)
    assert setup.hotseat and setup.rows[1] == "names"
    for i, name in enumerate(("Minji", "Joon")):
        field = setup.fields[i].rect.center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=field, button=1))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
        steps(app, 1)
    key(pygame.K_BACKSPACE)                     # typing goes to the name, not to undo/back
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="n"))
    steps(app, 1)
    assert [f.text for f in setup.fields] == ["Minji", "Joon"]
    setup.start()
    steps(app, 2)
    game = next(s for s in app.stack if isinstance(s, GameScene))
    session = game.session
    assert session.mode == "hotseat" and not session.is_ai(0) and not session.is_ai(1)
    assert [session.name(0), session.name(1)] == ["Minji", "Joon"]
    assert isinstance(app.top, HandOverScene)
    assert session.saved.players[0]["name"] == "Minji"
    saves.flush()
    assert session.path is not None and session.path.exists()


def test_the_final_table_of_a_hot_seat_game_shows_nobody_s_secrets(app):
    """Both people look at the end: untriggered Conspiracies stay face down for both seats."""
    session = hotseat(3)
    rng = random.Random(3)
    while not session.state.is_terminal:
        session.apply(plotting(session.state, rng))
    hidden = secret_conspiracies(session.state, 0) + secret_conspiracies(session.state, 1)
    assert hidden, "nobody kept a Conspiracy in this game"
    session.looking = 0                       # the last person who had the screen
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app, 2)
    spy = Spy(game.art)
    game.view.invalidate()
    steps(app, 1)
    assert not set(hidden) & set(spy.names("conspiracy"))
    assert spy.names("conspiracy").count(None) == len(hidden)
    assert all(e.for_viewer(session.secret_seat) == e.text for e in session.log)
