"""Every word whole (issue #47): at the window a 1280x720 screen gets (1102x620) and at
1280x720, in English and Korean, every decision's prompt (the 23 kinds, and a Senate action
with a Chamber picked), every dialog and every screen is drawn with its text recorded
(ui/draw/text_record.py, tests/text_fit.py), and no line is cut with "…", wider than its box
(a prompt, a button, the window), drawn over another, or half under a plate drawn over it."""
import pygame
import pytest

from test_ui_targets import POSITIONS, hot_seat_session
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
    lines, covers, clear = record_frame(app)
    assert lines, f"{name}: nothing drawn"
    return [f"{name}: {p}" for p in problems(lines, covers, pygame.Rect((0, 0), app.layout.size), clear)], lines


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
    seed, state = place_or_move() if kind == "place_or_move" else POSITIONS[kind]
    app.reset(GameScene(hot_seat_session(seed, state)))
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


# --- the screens and dialogs ---------------------------------------------------------------------------

def _session(want, seed_from=0, agora=True, seats=("human", "ai")):
    """A game played at random until `want(state)` (seat 0 a human)."""
    import random
    from ui.table.session import GameConfig, GameSession, SeatSetup
    for seed in range(seed_from, seed_from + 30):
        session = GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                         seats=[SeatSetup("human"), SeatSetup(seats[1], "random")
                                                if seats[1] == "ai" else SeatSetup("human")]))
        rng = random.Random(seed)
        while not session.state.is_terminal or want(session.state):
            if want(session.state):
                return session
            session.apply(rng.choice(session.state.legal_actions()))
    raise AssertionError("no such position")


def _table(app, want=None):
    from ui.scenes.game import GameScene
    session = _session(want or (lambda s: s.age == 2 and s.decision == "turn" and s.current_player == 0
                                and len(s.history) > 60))
    game = GameScene(session)
    app.reset(game)
    settle(app)
    return game


def _menu(app):
    from ui.scenes.menu import MenuScene
    app.reset(MenuScene())


def _setup(app):
    from ui.scenes.setup import SetupScene
    remembered, SetupScene.remembered = SetupScene.remembered, {}
    try:
        app.reset(SetupScene())
    finally:
        SetupScene.remembered = remembered


def _settings(app):
    from ui.scenes.settings import SettingsScene
    app.reset(SettingsScene())


def _rules(page):
    def build(app):
        from ui.scenes.rules import RulesScene
        app.reset(RulesScene(page=page))
    return build


def _stats(app):
    from game.history import Summary
    from ui.files.stats import HistoryStats
    from ui.scenes.stats import StatsScene
    summary = Summary(games=48, hinted=3, groups={"easy": (20, 15), "normal": (18, 8), "hard": (6, 1),
                                                   "hotseat": (4, 2)},
                      victories={"military": [6, 4], "science": [5, 3], "political": [4, 6], "civilian": [12, 8],
                                 "concession": [3, 14]},
                      averages={"total": (71.5, 66.25), "blue": (18.5, 16.0), "military": (4.25, 5.5)},
                      recent=list("WWLWDLLWWW"), streak=5, first=(25, 46), trend=[0.5, 0.55, 0.6, 0.58],
                      span=(1.7e9, 1.71e9), has_hotseat=True)
    app.reset(StatsScene(HistoryStats(summary=summary, opponents=["easy", "normal", "hard"])))


def _learn(app):
    from ui.files import lesson_progress
    from ui.scenes.tutorial_menu import LearnScene
    lesson_progress.mark_finished("base")           # one lesson marked finished, one to start
    app.reset(LearnScene())


def _lesson(lesson_id, step):
    def build(app):
        from game.lesson import load_lesson
        from ui.scenes.tutorial import TutorialScene
        app.reset(TutorialScene(load_lesson(lesson_id), step))
    return build


def _lesson_nudge(lesson_id, step_id):
    """A lesson step just after the right card was played with another action (the long nudge)."""
    def build(app):
        from game.lesson import load_lesson
        from ui.scenes.tutorial import TutorialScene, card_of
        lesson = load_lesson(lesson_id)
        scene = TutorialScene(lesson, lesson.index_of(step_id))
        app.reset(scene)
        taught = scene.taught_action()
        other = next(a for a in scene.state.legal_actions() if card_of(a) == card_of(taught) and a.kind != taught.kind)
        scene.choose(other)
    return build


def _card_popup(app):
    game = _table(app)
    slot = next(h for h in game.view.hits_of("slot") if h.data in game.state.accessible and h.name)
    game.activate(slot)


def _discard_pile(app):
    from ui.scenes.discard import DiscardScene
    game = _table(app, lambda s: s.decision == "turn" and s.current_player == 0 and len(s.discard) >= 6)
    app.push(DiscardScene(game))


def _draft(app):
    from ui.scenes.game import GameScene
    from ui.table.session import GameConfig, GameSession, SeatSetup
    app.reset(GameScene(GameSession(GameConfig(seed=3, agora=True, first="me",
                                               seats=[SeatSetup("human"), SeatSetup("ai", "random")]))))


def _handover(app):
    from ui.scenes.game import GameScene
    session = _session(lambda s: s.decision == "turn" and len(s.history) > 30 and s.current_player == 1,
                       seats=("human", "human"))
    session.looking = 0
    app.reset(GameScene(session))


def _age(app):
    from ui.scenes.age import AgeScene
    game = _table(app, lambda s: s.age == 2 and s.phase == "play" and s.current_player == 0)
    app.push(AgeScene(game, 2))


def _quit(app):
    from ui.scenes.dialog import quit_confirmation
    _menu(app)
    app.push(quit_confirmation(app.quit))


def _error(app):
    from ui.scenes.error import ErrorScene
    _menu(app)
    app.push(ErrorScene(RuntimeError("a broken thing")))


def _concede(app):
    from ui.scenes.dialog import concede_confirmation
    _table(app)
    app.push(concede_confirmation(lambda: None, who="Player 1", winner="Player 2"))


def _settings_notice(app):
    from pathlib import Path
    from ui.files.settings import Notice
    from ui.scenes.menu import settings_notice_dialog
    _menu(app)
    app.push(settings_notice_dialog(Notice("unreadable", backup=Path("settings.json.damaged-1"))))


def _trigger(app):
    from game.actions import Action
    from ui.scenes.choice import trigger_dialog
    game = _table(app)
    name = game.state.rules.conspiracies[0].name
    app.push(trigger_dialog(game, Action(0, "trigger", name)))


def _analysis(app):
    from test_insight_ui import fake_analysis
    from ui.scenes.analysis import AnalysisScene
    finished = _session(lambda s: s.is_terminal)
    _menu(app)
    app.push(AnalysisScene(finished.saved, result=fake_analysis(finished.saved)))


def _hint(app):
    """The hint's panel with three candidates, as the search answers (ui/table/hint.py)."""
    game = _table(app)
    legal = [a for a in game.state.legal_actions() if a.kind in ("build", "discard", "wonder")][:3]
    game.hints_on = True
    hint = game.hint()
    hint.open, hint.version = True, game.session.version
    hint.answer = {"candidates": [
        {"action": str(a), "move": [a.kind, a.subject, a.target], "chance": 0.62 - 0.1 * n,
         "reasons": [["science_pair", {}], ["denies", {"card": "Law"}]]} for n, a in enumerate(legal)]}


def _pause(app):
    _table(app).open_pause()


def _game_over(app):
    from ui.scenes.game import GameScene
    app.reset(GameScene(_session(lambda s: s.is_terminal)))


def _load(app):
    from ui.scenes.load import LoadScene
    app.reset(LoadScene())


def _replay(app):
    from ui.scenes.replay import ReplayScene
    finished = _session(lambda s: s.is_terminal)
    app.reset(ReplayScene(finished.saved, step=len(finished.saved.actions) // 2))


def _online(name):
    def build(app):
        from ui.scenes import online_join, online_host, online_menu
        scene = {"menu": online_menu.OnlineMenuScene, "host": online_host.OnlineHostScene,
                 "join": online_join.OnlineJoinScene}[name]()
        app.reset(scene)
    return build


def _screens():
    from ui.scenes.rules import PAGES
    screens = {"menu": _menu, "setup": _setup, "settings": _settings, "statistics": _stats, "learn": _learn,
            "table": _table, "card popup": _card_popup, "discard pile": _discard_pile, "draft": _draft,
            "hand-over": _handover, "age banner": _age, "quit dialog": _quit, "error": _error,
            "concede dialog": _concede, "settings notice": _settings_notice, "trigger dialog": _trigger,
            "analysis": _analysis, "hint": _hint}
    screens.update({f"rules {i + 1}": _rules(i) for i in range(len(PAGES))})
    for lesson_id in ("base", "agora"):
        for step in (0, 3, 8):
            screens[f"lesson {lesson_id} {step}"] = _lesson(lesson_id, step)
    screens["lesson nudge"] = _lesson_nudge("base", "first-card")
    screens.update({"pause": _pause, "game over": _game_over, "saved games": _load, "replay": _replay,
                 "online menu": _online("menu"), "online host": _online("host"), "online join": _online("join")})
    return [pytest.param(name, build, id=name.replace(" ", "-")) for name, build in screens.items()]


@pytest.mark.parametrize("name, build", _screens())
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits(apps, lang, size, name, build):
    app = apps(size)
    i18n.set_language(lang)
    build(app)
    settle(app, 4)
    found = check(app, name)[0]
    assert not found, "\n".join(found)
