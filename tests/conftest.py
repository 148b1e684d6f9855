"""What every test shares: a headless pygame, the checkout on the import path, and fixtures
for the window's tests.

pytest imports this file before any test module, so the SDL drivers chosen here are in
place before a test imports pygame (no window, no sound device), and subprocesses started
with `os.environ` inherit them. The ui fixtures import the window's modules only when a test
asks for them: the engine's tests never load pygame.
"""
import dataclasses
import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def data_folder(tmp_path):
    """Saves, settings and statistics go to a fresh folder (never the real user folders)."""
    from ui.files import storage
    folder = tmp_path / "data"
    previous = storage.use(storage.Storage.under(folder))
    yield folder
    storage.use(previous)


@pytest.fixture
def english():
    """The window speaks English during the test and after it."""
    from ui.text import i18n
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def settings_kept():
    """The shared SETTINGS as they were before the test, whatever it changes."""
    from ui.files.settings import SETTINGS
    kept = dataclasses.replace(SETTINGS)
    yield SETTINGS
    SETTINGS.__dict__.update(kept.__dict__)


@pytest.fixture
def app(data_folder, english, settings_kept, one_art):
    """The App in a 1280x720 window with the main menu as home, in English, on a fresh data
    folder, its tables drawn with one Art; closed afterwards, with no game left current."""
    from ui.scenes.menu import MenuScene
    from ui.shell.app import App
    from ui.table.session import CURRENT
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()
    CURRENT["session"] = None


@pytest.fixture
def data(tmp_path, one_art):
    """A fresh data folder for a game played through the window, animations instant, its
    tables drawn with one Art; the saving thread finished and the history closed afterwards,
    no game left current."""
    from ui.files import saves, storage
    from ui.files.settings import SETTINGS
    from ui.table.session import CURRENT
    folder = tmp_path / "data"
    previous = storage.use(storage.Storage.under(folder))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    yield folder
    saves.flush()
    saves.close_history()
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None


@pytest.fixture(scope="session")
def english_autoplay(tmp_path_factory):
    """One whole English game played through the real scenes by `main.py --autoplay` (seed 11,
    random players, 1280x720) into a fresh data folder: (the finished process, the folder).
    Run once a session (once a worker under `make test`) and read by every test that
    checks such a game."""
    import subprocess
    folder = tmp_path_factory.mktemp("english-autoplay") / "data"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--lang", "en", "--seed", "11", "--p0", "random",
         "--p1", "random", "--exit-when-done", "--size", "1280x720", "--data-dir", str(folder)],
        capture_output=True, text=True, timeout=300, env=dict(os.environ), cwd=ROOT)
    return result, folder


@pytest.fixture
def one_art():
    """Every table the test opens draws with one `Art` per rule set, so each face is drawn
    once for the test, not once for every GameScene (a test that opens the table at many
    positions spent most of its time redrawing the same cards). What is drawn is the same.
    (Not through `monkeypatch`: a test's own patches must be undone before its App closes.)"""
    from ui.cardart import Art
    shared = {}
    original = Art.__dict__["for_state"]

    def for_state(cls, state):
        rules = state.rules
        if id(rules) not in shared:
            shared[id(rules)] = (rules, cls(rules))      # the rules kept: their id stays theirs
        return shared[id(rules)][1]
    Art.for_state = classmethod(for_state)
    yield
    Art.for_state = original
