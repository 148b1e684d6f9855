"""The decision prompt says why the decision arose, from the side of the player deciding,
names the ends of the Conspiracy deck, and never covers the log, the Senate or a target."""
import pygame
import pytest

from positions import act, offer, position
from test_ui_targets import POSITIONS
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table import geometry as G
from ui.table.choice_tips import action_lines
from ui.scenes.prompt import TablePrompt
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup

LAYOUTS = [(1280, 720), (1600, 900), (1920, 1080)]
FIXED_CAUSES = {"progress": "Pair of scientific symbols", "start": "Age II"}


@pytest.fixture
def make_app(tmp_path, one_art):
    made = []
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"

    def make(size=(1280, 720), lang="en"):
        i18n.set_language(lang)
        application = App(size, home=MenuScene)
        made.append(application)
        return application
    yield make
    for application in made:
        application.close()
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None
    i18n.set_language("en")


def open_prompt(app, state, seats=("human", "human"), seed=0):
    session = GameSession(GameConfig(seed=seed, agora=True, first="me", seats=[SeatSetup(k) for k in seats]))
    session.state = state.clone()
    if session.mode == "hotseat":
        session.hand_over()
    game = GameScene(session)
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, TablePrompt), [type(s).__name__ for s in app.stack]
    return game, app.top


def military_token_position():
    """Seat 0 builds Palisade with the pawn on 2: it reaches the Agora Small Token (place a cube)."""
    s = position(agora=True, seed=0, player=0, coins=20)
    s.pawn = 2
    offer(s, "Palisade")
    act(s, "build Palisade")
    assert s.decision == "place" and s.current_player == 0
    return s


# --- why the decision arose ------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_every_kind_of_decision_names_its_cause(make_app, kind):
    seed, state = POSITIONS[kind]
    game, prompt = open_prompt(make_app(), state, seed=seed)
    cause = FIXED_CAUSES.get(kind)
    if cause is None:                   # the component whose effect asked for it
        source, name = state.reason(state.cause)
        cause = "Military token" if source == "military" else dn(name)
    what = prompt.title.split(": ", 1)
    assert what[0] == cause and len(what) == 2 and what[1], prompt.title
    assert what[1] == t(f"prompts.what.{kind}", color=t(f"color.{state.pending[-1][2]}") if kind == "destroy" else "",
                        n=state.pending[-1][3] if kind == "senate" else 0)
    assert game._status_text() == t("prompts.status.yours", what=prompt.title)


def test_a_military_token_says_so(make_app):
    game, prompt = open_prompt(make_app(), military_token_position())
    assert prompt.title == "Military token: place an Influence cube"


def test_knossos_drafted_says_so_in_the_prompt_and_the_status_line(make_app):
    app = make_app()
    session = GameSession(GameConfig(seed=0, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    session_state = session.state
    game.choose(next(a for a in session_state.legal_actions() if a.subject == "Knossos"))
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, TablePrompt)
    assert app.top.title == "Knossos: place an Influence cube"
    assert game._status_text() == "Your decision — Knossos: place an Influence cube"


def test_the_second_click_of_coercion_asks_for_the_card_you_give(make_app):
    app = make_app()
    seed, state = POSITIONS["coerce"]
    game, prompt = open_prompt(app, state, seed=seed)
    assert prompt.title == "Coercion: choose the opponent's card you take"
    first = prompt.table_targets()[0]
    assert prompt.pick_hit(first)
    assert prompt.title == f"Coercion: you take {dn(first.name)} — choose the card you give"


def test_the_opponents_pending_decision_names_the_opponent(make_app):
    state = military_token_position()
    session = GameSession(GameConfig(seed=0, agora=True, first="me",
                                     seats=[SeatSetup("ai", "random"), SeatSetup("human")]))
    session.state = state
    game = GameScene(session)
    assert game._status_text().startswith("Opponent is deciding — Military token: place an Influence cube")


# --- the acting player's side; the two ends of the Conspiracy deck -----------------------------------

def test_keep_and_return_name_the_top_and_the_bottom_of_the_deck(make_app):
    app = make_app()
    seed, state = POSITIONS["return"]
    game, prompt = open_prompt(app, state, seed=seed)
    name = dn(state.legal_actions()[0].subject)
    labels = {i.action.target: i.label for i in prompt.items}
    assert labels == {"top": "Top of the deck", "bottom": "Bottom of the deck"}
    for item in prompt.items:
        lines = [text for text, _ in action_lines(state, game.session, item.action, item.label)]
        assert lines[0] == f"{name}: {labels[item.action.target]}"
        assert lines[1] == t(f"prompts.return.tip_{item.action.target}")
    i18n.set_language("ko")
    try:
        prompt._build_items()
        assert {i.label for i in prompt.items} == {"더미 맨 위에", "더미 맨 아래에"}
    finally:
        i18n.set_language("en")


def test_who_starts_is_said_from_the_deciders_side(make_app):
    seed, state = POSITIONS["start"]
    me = state.current_player
    seats = ["ai", "ai"]
    seats[me] = "human"
    game, prompt = open_prompt(make_app(), state, seats=tuple(seats), seed=seed)
    labels = {int(i.action.subject): i.label for i in prompt.items}
    assert labels == {me: "You start", 1 - me: "Opponent starts"}
    assert prompt.title == "Age II: choose who plays first"


# --- nothing under the prompt: the log, the Senate, the targets ---------------------------------------

@pytest.mark.parametrize("size", LAYOUTS)
def test_the_prompt_covers_neither_the_log_nor_the_senate_nor_a_target(make_app, size):
    app = make_app(size)
    for kind in sorted(POSITIONS):
        seed, state = POSITIONS[kind]
        game, prompt = open_prompt(app, state, seed=seed)
        app.step(1 / 60)
        log = game.log.rect
        assert log.h > 0 and not prompt.rect.colliderect(log), (kind, prompt.rect, log)
        assert not prompt.rect.colliderect(app.layout.rect(*G.senate_rect(True))), kind
        assert app.layout.window_rect.contains(prompt.rect), kind
        for hit in prompt.table_targets():
            assert not prompt.rect.colliderect(hit.rect), (kind, hit.kind, hit.name)
        for item in prompt.items:
            assert prompt.rect.contains(item.rect), kind
        app.reset()
