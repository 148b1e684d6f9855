"""The window shell: headless start-up, translations, the bundled font, error containment."""
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

import main  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.files import paths  # noqa: E402
from ui.shell.app import App, Scene  # noqa: E402
from ui.draw.layout import Layout  # noqa: E402
from ui.scenes.dialog import DialogScene  # noqa: E402
from ui.scenes.error import ErrorScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402

LANGUAGES = ("en", "ko")


@pytest.fixture
def app():
    i18n.set_language("en")
    application = App((800, 450), home=MenuScene)
    yield application
    application.close()


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


# --- start-up through main -------------------------------------------------------

@pytest.mark.parametrize("lang,size", [("en", (1600, 900)), ("ko", (1280, 720))])
def test_main_renders_frames_and_saves_a_screenshot(tmp_path, lang, size):
    shot = tmp_path / f"menu_{lang}.png"
    code = main.main(["--lang", lang, "--size", f"{size[0]}x{size[1]}",
                      "--screenshot", str(shot), "--exit-after-frames", "4"])
    assert code == 0
    assert shot.is_file()
    image = pygame.image.load(str(shot))
    assert image.get_size() == size
    # The title block (design 500..1100 x 180..330) must hold a picture, not one flat colour.
    layout = Layout(size)
    title = layout.rect(500, 180, 600, 150)
    colours = {tuple(image.get_at((x, y)))
               for x in range(title.left, title.right, 7) for y in range(title.top, title.bottom, 5)}
    assert len(colours) > 50
    centre = image.get_at((size[0] // 2, size[1] // 2))
    assert any(image.get_at((x, size[1] // 2)) != centre for x in range(0, size[0], 10))


def test_bad_size_is_a_clear_usage_error(capsys):
    for bad in ("big", "1600", "1600x", "10x10"):
        with pytest.raises(SystemExit) as stop:
            main.main(["--size", bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "--size" in err and repr(bad) in err


def test_unknown_flag_exits_2_with_usage():
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--no-such-flag"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "unrecognized arguments: --no-such-flag" in result.stderr


def test_screenshot_defaults_to_a_few_frames():
    args = main.parse_args(["--screenshot", "x.png", "--lang", "ko", "--fullscreen"])
    assert args.exit_after_frames == 3 and args.lang == "ko" and args.fullscreen


# --- translations ------------------------------------------------------------------

def test_catalogues_have_identical_keys_and_placeholders():
    en, ko = i18n.load_catalogue("en"), i18n.load_catalogue("ko")
    assert en, "English catalogue is empty"
    assert set(en) == set(ko)
    for name in en:
        assert i18n.placeholders(en[name]) == i18n.placeholders(ko[name]), name
        assert ko[name].strip(), f"empty Korean string for {name}"


def test_every_key_used_in_ui_code_exists():
    keys = set()
    for source in (ROOT / "ui").rglob("*.py"):
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source.read_text(encoding="utf-8")))
    assert keys, "no t() calls found"
    missing = keys - set(i18n.load_catalogue("en"))
    assert not missing


def test_translation_lookup_never_raises():
    i18n.set_language("ko")
    assert i18n.language() == "ko"
    assert i18n.t("menu.quit") == "종료"
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("error.detail", kind="E", message="m") == "E: m"
    assert i18n.t("error.detail") == "{kind}: {message}"  # missing params: template, no crash
    i18n.set_language("en")
    assert i18n.t("menu.quit") == "Quit"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


@pytest.mark.parametrize("name,code", [("ko_KR.UTF-8", "ko"), ("Korean_Korea", "ko"), ("ko", "ko"),
                                       ("en_US.UTF-8", "en"), ("de_DE", "en"), (None, "en"), ("", "en")])
def test_language_from_locale(name, code):
    assert i18n.language_from_locale(name) == code


def test_system_language_reads_the_environment(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert i18n.system_language() == "ko"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.system_language() == "en"


# --- the bundled font --------------------------------------------------------------

def test_font_and_licence_are_bundled():
    for bold in (False, True):
        assert paths.font_path(bold).is_file()
        assert paths.font_path(bold).parent == ROOT / "assets" / "fonts"
    licence = (ROOT / "assets" / "fonts" / "OFL-NanumGothic.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence


def test_frozen_app_resolves_assets_under_meipass(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_root() == tmp_path
    assert paths.font_path() == tmp_path / "assets" / "fonts" / "AgoraGothic.ttf"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_string_has_glyphs_in_the_bundled_font(lang):
    pygame.font.init()
    fonts = [pygame.font.Font(str(paths.font_path(bold)), 24) for bold in (False, True)]
    for name, text in i18n.load_catalogue(lang).items():
        for font in fonts:
            metrics = font.metrics(text)
            missing = {ch for ch, m in zip(text, metrics) if m is None}
            assert not missing, f"{lang}:{name} has no glyph for {sorted(missing)}"


# --- the scene stack and error containment ------------------------------------------

class Boom(Scene):
    def __init__(self, where):
        super().__init__()
        self.where = where

    def handle_event(self, event):
        if self.where == "handle_event":
            raise RuntimeError("boom in handle_event")

    def update(self, dt):
        if self.where == "update":
            raise RuntimeError("boom in update")

    def draw(self, surface):
        surface.fill((0, 0, 0))
        if self.where == "draw":
            raise RuntimeError("boom in draw")


@pytest.mark.parametrize("where", ["draw", "update", "handle_event"])
def test_scene_errors_become_the_error_panel(app, where):
    app.push(Boom(where))
    key(pygame.K_a)
    app.step(1 / 60)
    assert isinstance(app.top, ErrorScene)
    assert str(app.last_error) == f"boom in {where}"
    assert app.running
    app.step(1 / 60)  # the panel itself draws fine
    key(pygame.K_RETURN)  # "Back to menu"
    app.step(1 / 60)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1


def test_a_failing_error_panel_falls_back_without_crashing(app, monkeypatch):
    def broken(self, surface):
        raise RuntimeError("panel broken too")

    monkeypatch.setattr(ErrorScene, "draw", broken)
    app.push(Boom("draw"))
    for _ in range(3):
        app.step(1 / 60)
    assert app.running and app.stack and not isinstance(app.top, ErrorScene)


def test_push_pop_replace(app):
    first, second, third = Scene(), Scene(), Scene()
    app.push(first)
    app.push(second)
    assert app.top is second and second.app is app
    app.replace(third)
    assert app.stack == [first, third]
    assert app.pop() is third and app.top is first
    app.reset()
    assert app.stack == []


def test_menu_keyboard_navigation_and_overlays(app):
    app.push(MenuScene())
    menu = app.top
    app.step(1 / 60)
    assert menu.group.selected.text == "New game"
    key(pygame.K_DOWN)  # skips the disabled Continue
    app.step(1 / 60)
    assert menu.group.selected.text == "Learn to play"
    key(pygame.K_DOWN)
    app.step(1 / 60)
    assert menu.group.selected.text == "Play online"
    key(pygame.K_DOWN)  # skips the disabled Saved games and Statistics
    app.step(1 / 60)
    assert menu.group.selected.text == "How to play"
    key(pygame.K_RETURN)
    app.step(1 / 60)
    from ui.scenes.rules import RulesScene
    assert isinstance(app.top, RulesScene) and app.top.page == 0
    key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is menu
    key(pygame.K_ESCAPE)  # quit confirmation, "Stay" focused
    app.step(1 / 60)
    assert isinstance(app.top, DialogScene)
    key(pygame.K_RETURN)
    app.step(1 / 60)
    assert app.top is menu and app.running
    key(pygame.K_ESCAPE)
    key(pygame.K_LEFT)
    key(pygame.K_RETURN)  # "Quit"
    app.step(1 / 60)
    assert not app.running


def test_menu_mouse_click_opens_overlay(app):
    app.push(MenuScene())
    app.step(1 / 60)
    settings = app.top.group.buttons[3]
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=settings.rect.center, **extra))
    app.step(1 / 60)
    assert isinstance(app.top, DialogScene) and app.top.title == "Settings"


def test_resize_relayouts_scenes(app):
    app.push(MenuScene())
    app.step(1 / 60)
    before = app.top.group.buttons[0].rect.copy()
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.step(1 / 60)
    assert app.layout.size == (1600, 900)
    assert app.top.group.buttons[0].rect.width == before.width * 2


def test_layout_scales_the_design_space():
    assert Layout((1280, 720)).rect(0, 0, 1600, 900) == pygame.Rect(0, 0, 1280, 720)
    assert Layout((3840, 2160)).scale == pytest.approx(2.4)
    tall = Layout((1920, 1200))
    assert tall.scale == pytest.approx(1.2) and tall.point(0, 0) == (0, 60)
    assert tall.to_design(tall.point(800, 450)) == pytest.approx((800, 450))


def test_wrapping_keeps_every_word_and_fits():
    from ui.draw.fonts import wrap, wrap_balanced

    pygame.font.init()
    font = pygame.font.Font(str(paths.font_path()), 20)
    text = i18n.load_catalogue("ko")["error.body"]
    for lines in (wrap(text, font, 300), wrap_balanced(text, font, 300)):
        assert " ".join(lines) == text
        assert all(font.size(line)[0] <= 300 for line in lines)
