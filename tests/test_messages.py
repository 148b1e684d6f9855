"""Settings and messages (issue #14, item 6): window sizes that fit the display, the ◀/▶
arrows stepping their own way, the quit dialog saying the duel is saved, every character of
every catalogue string drawn by the bundled font, the help's figures clear of its key hints."""
import dataclasses
from pathlib import Path

import pygame
import pytest

from ui.draw import fonts
from ui.text import i18n
from ui.files import saves, storage
from ui.shell.app import App
from ui.scenes import settings as settings_scene
from ui.scenes.dialog import DialogScene
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.pause import PauseScene
from ui.scenes.rules import PAGES, RulesScene
from ui.scenes.settings import SettingsScene, fitting_sizes
from ui.files.settings import HARD_THINK, SETTINGS, SPEED_ORDER
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup


@pytest.fixture
def folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    kept = dataclasses.replace(SETTINGS)
    SETTINGS.animation_speed = "instant"
    yield tmp_path
    saves.flush()
    SETTINGS.__dict__.update(kept.__dict__)
    storage.use(previous)
    CURRENT["session"] = None
    i18n.set_language("en")


@pytest.fixture
def app(folder):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def click(pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


# --- window sizes -------------------------------------------------------------------------------

def test_only_window_sizes_that_fit_the_display_are_offered():
    assert fitting_sizes([(1920, 1080)]) == [(1280, 720), (1600, 900)]
    assert fitting_sizes([(2560, 1440)]) == [(1280, 720), (1600, 900), (1920, 1080)]
    assert fitting_sizes([(1366, 768)]) == [(1280, 720)]           # the smallest is always there
    assert fitting_sizes([(1366, 768), (3840, 2160)])[-1] == (2560, 1440)   # any monitor will do
    assert (1000, 600) in fitting_sizes([(1920, 1080)], current=(1000, 600))  # the window's own size


def test_the_size_row_never_steps_to_a_size_larger_than_the_display(app, monkeypatch):
    monkeypatch.setattr(settings_scene, "desktop_sizes", lambda: [(1920, 1080)])
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    seen = set()
    for _ in range(6):
        scene.change("size", 1)
        seen.add(tuple(app.windowed_size))
    assert seen == {(1280, 720), (1600, 900)}


# --- the arrows ------------------------------------------------------------------------------------

@pytest.mark.parametrize("key, order, value", [
    ("speed", SPEED_ORDER, lambda app: SETTINGS.animation_speed),
    ("think", HARD_THINK, lambda app: SETTINGS.hard_think_seconds),
    ("size", [(1280, 720), (1600, 900), (1920, 1080)], lambda app: tuple(app.windowed_size)),
])
def test_each_arrow_steps_its_own_direction(app, monkeypatch, key, order, value):
    monkeypatch.setattr(settings_scene, "desktop_sizes", lambda: [(2560, 1440)])
    current = lambda: value(app)  # noqa: E731
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    start = order.index(current())
    for arrow, step in ((0, -1), (1, 1), (1, 1), (0, -1)):
        before = order.index(current())
        row = scene.row(key)
        click(row.arrow_centers(scene.layout)[arrow])
        steps(app)
        assert order.index(current()) == (before + step) % len(order), (key, arrow)
    assert order.index(current()) == start
    assert app.last_error is None


def test_the_left_and_right_keys_step_the_same_ways(app):
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    scene.group.index = scene.group.buttons.index(scene.row("speed"))
    before = SPEED_ORDER.index(SETTINGS.animation_speed)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    steps(app)
    assert SPEED_ORDER.index(SETTINGS.animation_speed) == (before - 1) % len(SPEED_ORDER)


# --- quitting -----------------------------------------------------------------------------------

def test_quitting_during_a_duel_says_it_is_saved(app):
    session = GameSession(GameConfig(seed=3, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "easy")]))
    app.push(GameScene(session))
    steps(app)
    game = next(scene for scene in app.stack if isinstance(scene, GameScene))
    app.push(PauseScene(game))
    steps(app)
    app.top._quit()
    steps(app)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.body == i18n.t("quit_note.saved")
    assert "saved" in dialog.body and not dialog.detail


def test_quitting_says_so_when_the_duel_could_not_be_saved(app):
    session = GameSession(GameConfig(seed=3, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "easy")]))
    saves.flush()
    saves.SAVER.errors[Path(session.path)] = "The disk is full."
    try:
        from ui.scenes.dialog import quit_confirmation
        dialog = quit_confirmation(lambda: None, session)
        assert dialog.body == i18n.t("quit_note.not_saved") and dialog.detail == "The disk is full."
    finally:
        saves.SAVER.errors.pop(Path(session.path), None)


def test_quitting_from_the_title_without_a_duel_keeps_the_plain_question(app):
    from ui.scenes.dialog import quit_confirmation
    assert quit_confirmation(lambda: None).body == i18n.t("dialog.quit.body")


# --- glyphs ----------------------------------------------------------------------------------------

MISSING = "\U000F0000"      # a private-use character no font has: the font's "missing" box


def undrawable(chars, bold: bool) -> list[str]:
    """Characters the bundled font draws as its empty box (it reports metrics for some of them)."""
    font = fonts.get_font(24, bold)
    box = pygame.image.tobytes(font.render(MISSING, True, (0, 0, 0), (255, 255, 255)), "RGB")
    out = []
    for c in sorted(set(chars)):
        if c.isspace():
            continue
        metrics = font.metrics(c)
        drawn = pygame.image.tobytes(font.render(c, True, (0, 0, 0), (255, 255, 255)), "RGB")
        if not metrics or metrics[0] is None or drawn == box:
            out.append(c)
    return out


def test_the_glyph_check_catches_a_character_the_font_lacks():
    pygame.font.init()
    assert undrawable("✓✗↶⏭", False) == sorted("✓✗↶⏭")
    assert undrawable("←→↑↓‹›…·가A", True) == []


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_character_of_every_catalogue_string_is_drawn(lang):
    pygame.font.init()
    catalogue = i18n.load_catalogue(lang)
    assert any(k.startswith("rules.page.") for k in catalogue)      # the help pages are in it
    chars = "".join(v for v in catalogue.values() if isinstance(v, str))
    # Characters the code writes itself (separators, badges, the settings' size, the cut mark).
    chars += "·–—×…→‹›•"
    for bold in (False, True):
        missing = undrawable(chars, bold)
        where = {c: next(k for k, v in catalogue.items() if c in v) for c in missing if c in "".join(catalogue.values())}
        assert not missing, f"not drawn by the bundled font ({'bold' if bold else 'regular'}): {where or missing}"


# --- the help ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_help_figures_and_captions_stay_above_the_key_hints(lang, folder):
    i18n.set_language(lang)
    application = App((1280, 720), home=MenuScene)
    try:
        application.push(RulesScene())
        steps(application)
        scene = application.top
        senate = next(i for i, (name, _) in enumerate(PAGES) if name == "senate")
        for page in [senate] + [i for i in range(len(PAGES)) if i != senate]:
            scene.go(page)
            steps(application)
            hints = scene.hints_rect(scene.layout)
            assert scene.figures_rect.height > 0
            assert scene.figures_rect.bottom <= hints.top, (PAGES[page][0], scene.figures_rect, hints)
    finally:
        application.close()
