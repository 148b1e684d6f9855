"""Every word whole (issue #47): at the window a 1280x720 screen gets (1102x620) and at
1280x720, in English and Korean, every decision's prompt (the 23 kinds, and a Senate action
with a Chamber picked), every dialog and every screen is drawn with its text recorded
(ui/draw/text_record.py, tests/text_fit.py), and no line is cut with "…", wider than its box
(a prompt, a button, the window), drawn over another, or half under a plate drawn over it."""
import pygame
import pytest

from test_ui_targets import POSITIONS
from text_fit import problems, record_frame
from ui.draw.window_fit import choose_window_size, room_on
from ui.files.settings import SETTINGS
from ui.text import i18n
from ui.text.i18n import t

SMALL = choose_window_size(room_on((1280, 720)), None)          # 1102x620
SIZES = [SMALL, (1280, 720)]
LANGS = ["en", "ko"]


@pytest.fixture(scope="module")
def apps(tmp_path_factory):
    """One App per window size for the module (opening a window costs more than a screen)."""
    from ui.cardart import Art
    from ui.files import storage
    from ui.scenes.menu import MenuScene
    from ui.shell.app import App
    from ui.table.session import CURRENT
    previous = storage.use(storage.Storage.under(tmp_path_factory.mktemp("data")))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    shared = {}
    original = Art.__dict__["for_state"]

    def for_state(cls, state):                  # one Art per rule set (tests/conftest.py one_art)
        if id(state.rules) not in shared:
            shared[id(state.rules)] = (state.rules, cls(state.rules))
        return shared[id(state.rules)][1]
    Art.for_state = classmethod(for_state)
    made = {}

    def app_for(size):
        for other, app in list(made.items()):
            if other != size:                   # one window at a time
                app.close()
                del made[other]
        if size not in made:
            made[size] = App(size, home=MenuScene)
        return made[size]
    yield app_for
    for app in made.values():
        app.close()
    Art.for_state = original
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None
    i18n.set_language("en")


def settle(app, frames=3):
    for _ in range(frames):
        app.step(1 / 60)


def check(app, name):
    lines, covers = record_frame(app)
    assert lines, f"{name}: nothing drawn"
    return [f"{name}: {p}" for p in problems(lines, covers, pygame.Rect((0, 0), app.layout.size))], lines


def place_or_move():
    """A Senate action where a Chamber takes a cube or gives one of the player's cubes to another."""
    import random
    from game import new_game
    for seed in range(60):
        state = new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.decision == "senate":
                actions = state.legal_actions()
                if {a.subject for a in actions if a.kind == "place"} & {a.subject for a in actions if a.kind == "move"}:
                    return seed, state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no Senate action with a place and a move from one Chamber")


def open_prompt(app, kind):
    from ui.scenes.game import GameScene
    from ui.scenes.prompt import TablePrompt
    from ui.table.session import GameConfig, GameSession, SeatSetup
    seed, state = place_or_move() if kind == "place_or_move" else POSITIONS[kind]
    session = GameSession(GameConfig(seed=seed, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("human")]))
    session.state = state.clone()
    session.hand_over()
    app.reset(GameScene(session))
    settle(app)
    assert isinstance(app.top, TablePrompt), kind
    return app.top


# --- the prompts -------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_fits_its_box(apps, lang, size):
    app = apps(size)
    i18n.set_language(lang)
    found = []
    assert len(POSITIONS) == 23
    for kind in sorted(POSITIONS):
        prompt = open_prompt(app, kind)
        trouble, lines = check(app, kind)
        found += trouble
        # The prompt grows up to the Discard heading, never over it (issue #47 point 9).
        heading = t("table.discard", n=len(prompt.state.discard))
        shown = [line for line in lines if line.text == heading]
        assert shown and not prompt.rect.colliderect(shown[0].rect), (kind, prompt.rect, shown)
    # A Senate action with a Chamber picked where a cube may be placed or moved from (point 3).
    prompt = open_prompt(app, "place_or_move")
    origin = next(h for h in prompt.table_targets() if prompt.plan().has_moves_from(h)
                  and prompt.plan().direct(h) is not None)
    prompt.pick_hit(origin)
    settle(app, 1)
    found += check(app, "senate, a Chamber picked")[0]
    assert not found, "\n".join(found)
