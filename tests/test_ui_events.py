"""The window tells a move from the engine's events: log lines, the animation order, the
Age banner, the opponent's last move and the live score (headless)."""
import random

import pytest

from game import new_game
from game.events import Event
from game.rules import rules_for
from game.scoring import score_sheet
from ui.text import i18n
from ui.files import storage
from ui.text.names import display_name
from ui.table.anim import Animator
from ui.table.score import breakdown_lines, distances
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup
from ui.table.story import mask_for, story

RULES = rules_for(True)
NAMES = ["You", "Opponent"]


@pytest.fixture(autouse=True)
def english(tmp_path):
    i18n.set_language("en")
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    yield
    i18n.set_language("en")
    storage.use(previous)
    CURRENT["session"] = None


def lines(events, you=0, names=NAMES, viewer=0):
    return [text for _, text in story(mask_for(events, viewer), RULES, you, names)]


# --- log lines from given events, both languages ------------------------------------------

def test_a_coin_change_says_its_reason():
    gain = Event("coins", 0, delta=3, reason=("decree", "Commercial Patronage"))
    loss = Event("coins", 1, delta=-3, reason=("wonder", "The Appian Way"))
    assert lines([gain]) == ["You gained 3 coins (Commercial Patronage)."]
    assert lines([loss]) == ["The Appian Way: the opponent lost 3 coins."]
    assert lines([Event("coins", 0, delta=-1, reason=("wonder", "The Appian Way"))]) == \
        ["The Appian Way: you lost 1 coin."]


def test_the_payment_goes_into_the_construction_line():
    events = [Event("card", 1, card="Quarry", frm="structure", to="city", frm_player=None, to_player=1, slot=3),
              Event("coins", 1, delta=-2, reason=("payment", "Quarry"))]
    assert lines(events) == ["Opponent built Quarry for 2 coins."]


def test_a_destruction_says_whose_card_and_what_destroyed_it():
    events = [Event("card", 1, card="Quarry", frm="city", to="discard", frm_player=0, to_player=None,
                    reason=("wonder", "The Statue of Zeus"))]
    assert lines(events) == ["Opponent destroyed your Quarry (The Statue of Zeus)."]
    # Hot-seat: both named.
    assert lines(events, you=None, names=["Ann", "Bob"]) == ["Bob destroyed Ann's Quarry (The Statue of Zeus)."]


def test_a_wonder_boxed_by_the_seven_wonder_limit():
    events = [Event("wonder", 1, wonder="The Mausoleum", action="boxed", from_player=1,
                    reason=("rule", "seven_wonders"))]
    assert lines(events) == ["The Mausoleum leaves the game (7 Wonders built)."]


def test_control_change_and_the_decree_it_reveals_make_one_line():
    events = [Event("control", 0, chamber=3, previous=None),
              Event("decree", None, decree="Civic Mandate", chamber=3, action="revealed", to=None)]
    assert lines(events) == ["Chamber 4 is now yours. Decree revealed: Civic Mandate."]
    assert lines([Event("control", None, chamber=3, previous=1)]) == \
        ["Chamber 4 is no longer the opponent's: nobody controls it."]


def test_victory_grammar_agrees_with_the_subject():
    won = Event("game_over", 0, victory="military", scores=None)
    assert lines([won]) == ["You win: military supremacy!"]
    assert lines([won], you=1, names=["Opponent", "You"]) == ["Opponent wins: military supremacy!"]


def test_a_secret_is_masked_for_the_other_seat():
    drawn = Event("conspiracy", 1, conspiracy="Blackmail", action="kept", card=None, secret=1)
    assert lines([drawn], viewer=1) == ["Opponent kept Blackmail."]
    assert lines([drawn], viewer=0) == ["Opponent kept a Conspiracy."]


def test_korean_lines_use_the_right_particles():
    i18n.set_language("ko")
    destroyed = [Event("card", 1, card="Quarry", frm="city", to="discard", frm_player=0, to_player=None,
                       reason=("wonder", "The Statue of Zeus"))]
    line = lines(destroyed, names=[i18n.t("who.you"), i18n.t("who.opponent")])[0]
    quarry = display_name("Quarry")
    assert quarry in line and display_name("The Statue of Zeus") in line
    assert "을(를)" not in line and "{" not in line
    boxed = lines([Event("wonder", 1, wonder="The Mausoleum", action="boxed", from_player=1,
                         reason=("rule", "seven_wonders"))])[0]
    assert display_name("The Mausoleum") in boxed and "은(는)" not in boxed
    coins = lines([Event("coins", 0, delta=3, reason=("decree", "Commercial Patronage"))])[0]
    assert "3" in coins and display_name("Commercial Patronage") in coins
    control = lines([Event("control", 0, chamber=3, previous=None),
                     Event("decree", None, decree="Civic Mandate", chamber=3, action="revealed", to=None)])[0]
    assert display_name("Civic Mandate") in control and display_name("Chamber 4") in control


# --- a whole game through the session: the log tells every event that matters ----------------

def _tell_everything(agora: bool, seed: int):
    session = GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("human")]))
    rng = random.Random(seed)
    checked = {"coins": 0, "boxed": 0, "decree": 0, "control": 0}
    while not session.state.is_terminal:
        mark = len(session.log)
        action = rng.choice(session.state.legal_actions())
        _, _, events = session.apply(action)
        text = " ".join(entry.text for entry in session.log[mark:])
        for e in events:
            if e.kind == "coins":
                checked["coins"] += 1
                reason = e.get("reason")
                if reason and reason[0] not in ("payment", "discard"):
                    assert display_name(reason[1]) in text or reason[0] in ("military", "rule", "trade"), (e, text)
                assert str(abs(e.delta)) in text, (e, text)
            elif e.kind == "wonder" and e.action == "boxed":
                checked["boxed"] += 1
                assert display_name(e.wonder) in text and "7 Wonders" in text, (e, text)
            elif e.kind == "decree" and e.action == "revealed":
                checked["decree"] += 1
                assert display_name(e.decree) in text, (e, text)
            elif e.kind == "control":
                checked["control"] += 1
                assert display_name(RULES.chambers[e.chamber].name) in text, (e, text)
    return checked


def test_a_seeded_agora_game_logs_every_coin_change_wonder_boxed_decree_and_control():
    totals = {"coins": 0, "boxed": 0, "decree": 0, "control": 0}
    for seed in (1, 2, 3):
        for k, v in _tell_everything(True, seed).items():
            totals[k] += v
    assert all(v > 0 for v in totals.values()), totals      # the games did exercise every kind


# --- animation: the events in their order, the Age banner between two Ages --------------------

def test_the_animator_shows_each_event_once_in_order_and_stops_at_a_new_age():
    state = new_game(4, agora=False)
    rng = random.Random(4)
    while True:
        before = state.clone()
        events = state.apply(rng.choice(state.legal_actions()))
        if state.age == 2 or state.is_terminal:
            break
    assert not state.is_terminal
    anim = Animator()
    shown = []
    anim.on_shown.append(shown.append)
    anim.start(before, state, 0, events)
    cut = next(i for i, e in enumerate(events) if e.kind == "card" and e.get("frm") == "deck")
    for _ in range(2000):
        if not anim.busy:
            break
        anim.update(1 / 60)
    # The last move of Age I is shown; the new Age's cards wait for the banner.
    assert cut > 0 and shown == events[:cut]
    assert anim.waiting and anim.hidden           # the Age II cards are not drawn before they are dealt
    anim.resume()
    for _ in range(4000):
        if not anim.busy:
            break
        anim.update(1 / 60)
    assert shown == events and not anim.waiting


def test_skipping_an_animation_still_shows_every_event_once():
    state = new_game(2, agora=True)
    rng = random.Random(2)
    while state.phase == "draft":
        state.apply(rng.choice(state.legal_actions()))
    before = state.clone()
    events = state.apply(rng.choice(state.legal_actions()))
    anim = Animator()
    shown = []
    anim.on_shown.append(shown.append)
    anim.start(before, state, 0, events)
    anim.update(0.01)
    anim.finish()
    assert shown == events and not anim.busy


def test_the_age_banner_comes_after_the_last_move_and_before_the_new_ages_moves():
    """Through the scene: the banner is pushed only once the previous Age's move is shown."""
    from ui.shell.app import App
    from ui.scenes.age import AgeScene
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.files.settings import SETTINGS

    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "normal"
    app = App((1280, 720), home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=6, agora=False, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("human")]))
        rng = random.Random(6)
        while True:
            state = session.state
            probe = state.clone()
            action = rng.choice(state.legal_actions())
            probe.apply(action)
            if probe.age == 2 and probe.phase == "play":
                break
            session.apply(action)
        session.hand_over()
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        while app.top is not game:
            app.pop()
        shown = []
        game.event_hooks.append(shown.append)
        game.play(action)
        banner_at = None
        for frame in range(3000):
            app.step(1 / 60)
            if isinstance(app.top, AgeScene) and banner_at is None:
                banner_at = len(shown)
                assert not game.anim.busy            # the last move was fully shown first
                app.top.close()
            if banner_at is not None and not game.anim.busy and not game.anim.waiting:
                break
        assert banner_at is not None and banner_at > 0     # the last move of Age I was shown first
        dealt = [i for i, e in enumerate(shown) if e.kind == "card" and e.get("frm") == "deck"]
        assert dealt and min(dealt) >= banner_at           # Age II's cards are dealt after the banner
    finally:
        SETTINGS.animation_speed = speed
        app.close()


def test_the_opponents_last_move_stays_marked_until_the_player_acts():
    from ui.shell.app import App
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene

    app = App((1280, 720), home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=3, agora=True, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("human")]))
        rng = random.Random(3)
        while session.state.phase == "draft":
            session.apply(rng.choice(session.state.legal_actions()))
        session.hand_over()
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        while app.top is not game:
            app.pop()
        viewer = session.viewer
        other = 1 - viewer
        # The other seat acts (hot-seat: the scene is told as the game would tell it).
        while session.state.current_player != other:
            game.play(rng.choice(session.state.legal_actions()))
        game.play(rng.choice([a for a in session.state.legal_actions() if a.kind in ("build", "discard")] or
                             session.state.legal_actions()))
        game.anim.finish()
        session.looking = viewer
        assert game.last_move_places(), "the opponent's move is marked"
        while session.state.current_player != viewer:
            game.play(rng.choice(session.state.legal_actions()))
        game.play(rng.choice(session.state.legal_actions()))
        assert not game.last_move_places(), "the marks go once the player acted"
    finally:
        app.close()


# --- the live score -------------------------------------------------------------------------

def test_the_live_score_is_the_score_sheet_of_the_position():
    state = new_game(8, agora=True)
    rng = random.Random(8)
    for _ in range(60):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        sheet = score_sheet(state, seat)
        shown = breakdown_lines(state, seat)
        assert shown[-1].endswith(f": {sheet['total']}")
        assert any(line.endswith(f": {sheet['senate']}") and "Senate" in line for line in shown)
        d = distances(state, seat)
        pushed = state.pawn if seat == 0 else -state.pawn
        assert d["military"] == state.rules.capital - pushed
        assert d["science"] == 6 - len(state.info[seat].symbols)
        assert d["political"] == sum(1 for c in state.control if c != seat)


def test_the_live_score_is_drawn_on_the_table_with_its_breakdown_on_hover():
    import pygame
    from ui.shell.app import App
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene

    app = App((1280, 720), home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=5, agora=True, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("human")]))
        rng = random.Random(5)
        for _ in range(40):
            session.apply(rng.choice(session.state.legal_actions()))
        session.hand_over()
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        while app.top is not game:
            app.pop()
        app.step(1 / 60)
        hits = game.score_hits
        assert set(hits) == {("score", 0), ("score", 1), ("supremacy", 0), ("supremacy", 1)}
        screen = pygame.Rect((0, 0), app.layout.size)
        assert all(screen.contains(r) for r in hits.values())
        before = app.screen.copy()
        game.hover_at(hits[("score", 0)].center)
        app.step(1 / 60)
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    finally:
        app.close()


def test_each_shown_event_asks_for_its_sound_once(monkeypatch):
    from ui.shell.app import App
    from ui.sound.audio import AUDIO
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene

    heard = []
    monkeypatch.setattr(AUDIO, "play_event", lambda event, viewer=None: heard.append(event))
    app = App((1280, 720), home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=9, agora=True, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("human")]))
        rng = random.Random(9)
        while session.state.phase == "draft":
            session.apply(rng.choice(session.state.legal_actions()))
        session.hand_over()
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        heard.clear()
        mark = len(session.state.events)
        game.play(rng.choice(session.state.legal_actions()))
        game.anim.finish()
        assert heard == mask_for(session.state.events[mark:], session.secret_seat)
    finally:
        app.close()
