"""Settings: persisted atomically in the data folder, applied at once (language without
losing the game), and a broken file falls back to the defaults with a notice shown once."""
import dataclasses
import json
import random

import pygame
import pytest

import main
from ui.text import i18n
from ui.files import storage
from ui.files import settings as settings_file
from ui.shell.app import App
from ui.scenes.dialog import DialogScene
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.prompt import TablePrompt
from ui.scenes.pause import PauseScene
from ui.scenes.settings import SettingsScene
from ui.files.settings import SETTINGS, Settings
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup


@pytest.fixture
def folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    kept = dataclasses.replace(SETTINGS)
    yield tmp_path
    SETTINGS.__dict__.update(kept.__dict__)
    storage.use(previous)
    MenuScene.settings_notice = None
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


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_changes_are_saved_and_read_back(app, folder):
    app.push(MenuScene())
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    assert isinstance(scene, DialogScene) and scene.title == "Settings"
    scene.row("speed").activate()                       # normal -> fast
    scene.row("think").activate()                       # 2 s -> 4 s
    scene.row("prices").activate()                      # on (the default) -> off
    scene.row("undo").activate()
    scene.group.index = scene.group.buttons.index(scene.row("size"))
    key(pygame.K_LEFT)                                  # 1600x900 -> 1280x720 (the window follows)
    steps(app)
    path = folder / "settings.json"
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["format"] == "agora-duel-settings" and on_disk["version"] == 1
    assert on_disk["animation_speed"] == "fast" and on_disk["hard_think_seconds"] == 4.0
    assert on_disk["show_opponent_prices"] is False and on_disk["undo"] is False
    assert tuple(on_disk["window_size"]) == app.windowed_size
    assert not list(folder.glob(".saving-*"))           # written atomically, nothing left behind
    fresh = Settings()
    assert settings_file.load(path, fresh) is None
    assert (fresh.animation_speed, fresh.hard_think_seconds, fresh.show_opponent_prices, fresh.undo) == \
        ("fast", 4.0, False, False)


@pytest.mark.parametrize("content,code", [
    (b"{not json at all", "unreadable"),
    (b"\xff\xfe\x00garbage", "unreadable"),
    (b"[1, 2, 3]", "foreign"),
    (json.dumps({"format": "agora-duel-settings", "version": 99}).encode(), "foreign"),
    (json.dumps({"format": "agora-duel-settings", "version": 1, "animation_speed": "warp",
                 "window_size": [10, 10], "undo": "yes", "show_opponent_prices": False}).encode(), "values"),
])
def test_a_broken_file_falls_back_to_defaults_with_a_notice(folder, content, code):
    path = folder / "settings.json"
    path.write_bytes(content)
    prefs = Settings()
    prefs.animation_speed = "slow"
    notice = settings_file.load(path, prefs)
    assert notice is not None and notice.code == code
    assert prefs.animation_speed == "normal" and prefs.window_size is None and prefs.undo is True
    if code == "values":
        assert prefs.show_opponent_prices is False                # the good values are kept
        assert {"animation_speed", "window_size", "undo"} <= set(notice.detail.split(", "))
    assert notice.backup == folder / "settings.json.broken" and notice.backup.read_bytes() == content
    assert json.loads(path.read_text())["format"] == "agora-duel-settings"   # a good file again
    assert settings_file.load(path, Settings()) is None                     # so: shown once only


def test_the_menu_shows_the_notice_once(folder, tmp_path):
    (folder / "settings.json").write_text("{{{")
    shot = tmp_path / "menu.png"
    seen = []
    original = MenuScene.on_enter

    def spy(self):
        original(self)
        seen.append([type(s).__name__ for s in self.app.stack] + [getattr(self.app.top, "title", "")])

    MenuScene.on_enter = spy
    try:
        assert main.main(["--data-dir", str(folder), "--screenshot", str(shot), "--exit-after-frames", "3",
                          "--size", "1280x720", "--lang", "en"]) == 0
        assert seen[0][:2] == ["MenuScene", "DialogScene"] and seen[0][-1] == "Settings reset"
        seen.clear()
        assert main.main(["--data-dir", str(folder), "--exit-after-frames", "2", "--size", "1280x720"]) == 0
        assert seen == [["MenuScene", ""]]                      # not again
    finally:
        MenuScene.on_enter = original
    assert (folder / "settings.json.broken").read_text() == "{{{"


def test_saved_settings_are_used_at_start_and_the_command_line_wins(folder, tmp_path):
    (folder / "settings.json").write_text(json.dumps({"format": "agora-duel-settings", "version": 1,
                                                      "window_size": [1280, 720], "language": "ko"}))
    shot = tmp_path / "a.png"
    languages = []
    original = MenuScene.on_enter

    def spy(self):
        original(self)
        languages.append(i18n.language())

    MenuScene.on_enter = spy
    try:
        assert main.main(["--data-dir", str(folder), "--screenshot", str(shot)]) == 0
        assert pygame.image.load(str(shot)).get_size() == (1280, 720) and languages == ["ko"]
        assert main.main(["--data-dir", str(folder), "--screenshot", str(shot), "--size", "960x540",
                          "--lang", "en"]) == 0
        assert pygame.image.load(str(shot)).get_size() == (960, 540) and languages[-1] == "en"
    finally:
        MenuScene.on_enter = original
    # The command line did not overwrite the saved choices.
    assert json.loads((folder / "settings.json").read_text())["window_size"] == [1280, 720]


def test_no_settings_file_means_defaults_and_nothing_written(folder, tmp_path):
    assert main.main(["--data-dir", str(folder), "--exit-after-frames", "2", "--size", "1280x720"]) == 0
    assert not (folder / "settings.json").exists()
    assert not (folder / "saves").exists() or not any((folder / "saves").iterdir())


def test_language_changes_at_once_without_losing_the_game(app):
    session = GameSession(GameConfig(seed=4, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    rng = random.Random(4)
    while session.state.decision not in ("progress", "senate", "conspirator", "keep") or \
            session.is_ai(session.state.current_player):
        session.apply(rng.choice(session.state.legal_actions()))
        assert not session.state.is_terminal
    state = session.state.to_json()
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app)
    assert isinstance(app.top, TablePrompt)              # a decision is waiting
    cleared = []
    clear = game.art.clear_cache
    game.art.clear_cache = lambda: (cleared.append(1), clear())
    log_before = [e.text for e in session.log]
    game.open_pause()
    steps(app)
    next(b for b in app.top.group.buttons if b.text == i18n.t("menu.settings")).activate()   # pause -> Settings
    steps(app)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    settings.row("language").activate()
    steps(app)
    assert i18n.language() == "ko" and SETTINGS.language == "ko"
    assert settings.title == "설정" and settings.row("language").value == "한국어"
    assert cleared                                       # the card art is drawn again in Korean
    assert session.state.to_json() == state              # the same game, the same position
    assert len(session.log) == len(log_before) and session.log[0].text != log_before[0]
    assert not any(isinstance(s, TablePrompt) for s in app.stack)    # reopened in Korean later
    pause = next(s for s in app.stack if isinstance(s, PauseScene))
    assert pause.group.buttons[0].text == i18n.t("pause.resume")
    key(pygame.K_ESCAPE)
    steps(app)
    key(pygame.K_ESCAPE)
    steps(app, 3)
    from ui.table.cause import title_for
    assert isinstance(app.top, TablePrompt) and app.top.title == title_for(session.state)   # in Korean
    assert json.loads((storage.settings_path()).read_text())["language"] == "ko"
    assert app.last_error is None


def test_fullscreen_and_window_size_apply_at_once(app, folder, monkeypatch):
    monkeypatch.setattr("ui.scenes.settings.desktop_sizes", lambda: [(2560, 1440)])
    app.push(MenuScene())
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    scene.row("size").activate()                        # 1280x720 is a listed size: -> 1600x900
    steps(app)
    assert app.screen.get_size() == (1600, 900) == tuple(SETTINGS.window_size)
    scene.row("display").activate()
    steps(app)
    assert app.fullscreen and SETTINGS.fullscreen and not scene.row("size").enabled
    scene.row("display").activate()
    steps(app)
    assert not app.fullscreen and app.screen.get_size() == (1600, 900)
    saved = json.loads((folder / "settings.json").read_text())
    assert saved["fullscreen"] is False and saved["window_size"] == [1600, 900]
