"""The rules help explains a tie in a Chamber and face-down Decrees, and lists every key the
game answers to: the list is checked against the keys the handlers read, so a new key
without its line in the help fails here."""
import re
from pathlib import Path

import pygame
import pytest

from ui.draw import fonts
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.scenes.menu import MenuScene
from ui.scenes.rules import KEY_HELP, PAGES, RulesScene, key_rows

ROOT = Path(__file__).resolve().parent.parent
KEY_NAME = re.compile(r"\bpygame\.(K_\w+)")


def keys_the_handlers_read() -> dict:
    """pygame key name -> the files whose code reads it (the whole window: ui/ and main.py)."""
    found: dict = {}
    for path in sorted((ROOT / "ui").rglob("*.py")) + [ROOT / "main.py"]:
        source = path.read_text(encoding="utf-8")
        names = set(KEY_NAME.findall(source))
        if "def option_index" in source:            # the number keys, main row and keypad
            names |= {f"K_{i}" for i in range(1, 10)} | {f"K_KP{i}" for i in range(1, 10)}
        for name in names:
            found.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return found


def test_the_handlers_keys_are_found():
    keys = keys_the_handlers_read()
    # the keys the issue names, as the handlers read them
    for name in ("K_h", "K_m", "K_F11", "K_ESCAPE", "K_z", "K_BACKSPACE", "K_TAB", "K_RETURN", "K_SPACE",
                 "K_LEFT", "K_1", "K_KP9", "K_DELETE"):
        assert name in keys, name


def test_every_key_a_handler_reads_has_its_line_in_the_help():
    covered = {name for _, names in KEY_HELP for name in names}
    missing = {name: files for name, files in keys_the_handlers_read().items() if name not in covered}
    assert not missing, f"keys read by the window but not in the help's Keys chapter (KEY_HELP): {missing}"


def test_the_help_names_only_real_keys():
    for entry, names in KEY_HELP:
        assert names, entry
        for name in names:
            assert isinstance(getattr(pygame, name, None), int), (entry, name)


@pytest.fixture
def app():
    previous = storage.use(storage.Storage.memory())
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()
    storage.use(previous)
    i18n.set_language("en")


def _drawn_page(app, name):
    """The strings the fonts draw for help page `name` (ui.draw.fonts.RENDER_HOOK)."""
    seen = []
    fonts.clear_caches()
    fonts.RENDER_HOOK = seen.append
    try:
        scene = RulesScene(page=[p for p, _ in PAGES].index(name))
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60)
    finally:
        fonts.RENDER_HOOK = None
    return scene, seen


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_keys_chapter_shows_every_key_and_what_it_does(app, lang):
    i18n.set_language(lang)
    scene, seen = _drawn_page(app, "keys")
    rows = key_rows()
    assert len(rows) == len(KEY_HELP)
    drawn = " ".join(seen)
    for (entry, _), (caps, what) in zip(KEY_HELP, rows):
        assert caps and what and "rules.key_help" not in what + "".join(caps), entry
        for cap in caps:
            assert cap in seen, (entry, cap)                     # each key drawn as a key cap
        assert " ".join(what.split()) in " ".join(drawn.split()), (entry, what)
    # the chapter fits its page, above the key hints at its foot
    assert scene.figures_rect.height > 0
    assert scene.figures_rect.bottom <= scene.hints_rect(scene.layout).top


# What the chapter on Chambers must say, in the reader's language.
TIE = {"en": ("On a tie", "nobody controls it"), "ko": ("같으면", "아무도 장악하지 못합니다")}
FACE_DOWN = {"en": ("face down", "face-down Decree has no effect", "turned face up as soon as"),
             "ko": ("뒷면", "아무 효과도 없습니다", "앞면으로 뒤집히고")}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_help_explains_a_tie_in_a_chamber_and_face_down_decrees(app, lang):
    i18n.set_language(lang)
    scene, seen = _drawn_page(app, "chambers")
    text = scene.page_text()
    for phrase in TIE[lang] + FACE_DOWN[lang]:
        assert phrase in text, phrase
    drawn = " ".join(" ".join(seen).split())
    for paragraph in i18n.t("rules.page.chambers.body").splitlines():
        if paragraph.strip():
            assert " ".join(paragraph.split()) in drawn      # every paragraph is on the page
    assert scene.figures_rect.bottom <= scene.hints_rect(scene.layout).top
    # the chapter is listed among the chapters, right after the Senate's
    names = [p for p, _ in PAGES]
    assert names.index("chambers") == names.index("senate") + 1
