"""Settings that behave: the volumes and the sound switch on the settings screen itself, set
by a click or a drag and never wrapping from 100 % to 0 %; F11 shows in the Display row at
once; the new-game screen opens with the last choices, also after a restart; the opponent's
price badges are on by default."""
import dataclasses
import json

import pygame
import pytest

from ui.text import i18n
from ui.files import storage
from ui.files import settings as settings_file
from ui.shell.app import App
from ui.scenes.menu import MenuScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.files.settings import SETTINGS, Settings


@pytest.fixture
def folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    kept = dataclasses.replace(SETTINGS)
    remembered = SetupScene.remembered
    SETTINGS.reset()
    SetupScene.remembered = None                # what a fresh start has: only the settings
    yield tmp_path
    SETTINGS.__dict__.update(kept.__dict__)
    SetupScene.remembered = remembered
    storage.use(previous)
    i18n.set_language("en")


@pytest.fixture
def app(folder):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    application.push(MenuScene())
    yield application
    application.close()


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def post(kind, pos, **extra):
    if kind == pygame.MOUSEMOTION:
        extra = {"rel": (0, 0), "buttons": (1, 0, 0), **extra}
    else:
        extra = {"button": 1, **extra}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def click(app, pos):
    post(pygame.MOUSEBUTTONDOWN, pos)
    post(pygame.MOUSEBUTTONUP, pos)
    steps(app)


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def open_settings(app) -> SettingsScene:
    app.push(SettingsScene())
    steps(app)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    return scene


def saved(folder) -> dict:
    return json.loads((folder / "settings.json").read_text(encoding="utf-8"))


def track_point(scene, key, share):
    """A point on the row's slider track, share 0..1 of the way along."""
    row = scene.row(key)
    track = row.track(scene.layout)
    return (round(track.left + share * track.width), track.centery)


# --- sound ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_master_effects_and_mute_are_all_on_the_settings_screen(folder, size):
    i18n.set_language("en")
    app = App(size, home=MenuScene)
    try:
        app.push(MenuScene())
        scene = open_settings(app)
        window = pygame.Rect((0, 0), size)
        for name in ("master", "effects", "mute"):
            row = scene.row(name)
            assert scene.panel.contains(row.rect) and window.contains(row.rect), name
            assert row.enabled
        assert {scene.row("master").value, scene.row("effects").value} == {"80 %"}
        assert scene.row("mute").value == "On"
        # None of them hides behind another window: a click on each stays on this screen.
        for name in ("master", "effects", "mute"):
            click(app, scene.row(name).rect.midleft)
            assert app.top is scene, name
        # Rows never overlap (two columns, three parts).
        rects = [b.rect for b in scene.group.buttons]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert app.last_error is None
    finally:
        app.close()


def test_a_click_on_the_track_sets_the_volume_there(app, folder):
    scene = open_settings(app)
    click(app, track_point(scene, "master", 0.3))
    assert SETTINGS.master_volume == 30 and scene.row("master").value == "30 %"
    click(app, track_point(scene, "effects", 1.0))
    assert SETTINGS.effects_volume == 100
    click(app, track_point(scene, "effects", 0.0))
    assert SETTINGS.effects_volume == 0
    assert (saved(folder)["master_volume"], saved(folder)["effects_volume"]) == (30, 0)


def test_dragging_the_knob_follows_the_pointer_and_is_heard_once_let_go(app, folder, monkeypatch):
    heard = []
    monkeypatch.setattr("ui.scenes.sound_settings.preview", lambda: heard.append(SETTINGS.master_volume))
    scene = open_settings(app)
    post(pygame.MOUSEBUTTONDOWN, track_point(scene, "master", 0.8))
    steps(app)
    for share in (0.6, 0.4, 0.2):
        post(pygame.MOUSEMOTION, track_point(scene, "master", share))
        steps(app)
        assert SETTINGS.master_volume == round(share * 100)
    assert heard == []
    post(pygame.MOUSEMOTION, (track_point(scene, "master", 0)[0] - 300, scene.row("master").rect.centery))
    post(pygame.MOUSEBUTTONUP, (track_point(scene, "master", 0)[0] - 300, scene.row("master").rect.centery))
    steps(app)
    assert SETTINGS.master_volume == 0 and heard == [0]          # past the end: 0, not beyond
    assert saved(folder)["master_volume"] == 0
    assert app.top is scene                                      # letting go outside kept the screen open


def test_the_volume_never_wraps_from_100_to_0(app, folder):
    scene = open_settings(app)
    SETTINGS.master_volume = 90
    row = scene.row("master")
    scene.group.index = scene.group.buttons.index(row)
    for _ in range(3):
        key(pygame.K_RIGHT)
        steps(app)
    assert SETTINGS.master_volume == 100
    for _ in range(3):                                            # Enter and clicks on the label
        key(pygame.K_RETURN)
        steps(app)
        click(app, row.rect.midleft)
        click(app, track_point(scene, "master", 1.0))
        assert SETTINGS.master_volume == 100
    for _ in range(12):
        key(pygame.K_LEFT)
        steps(app)
    assert SETTINGS.master_volume == 0                            # and stops at 0 the other way


def test_sound_on_and_off_by_a_click_and_the_m_key_shows_at_once(app, folder):
    scene = open_settings(app)
    click(app, scene.row("mute").rect.center)
    assert SETTINGS.muted and scene.row("mute").value == "Off" and saved(folder)["muted"] is True
    key(pygame.K_m)
    steps(app)
    assert not SETTINGS.muted and scene.row("mute").value == "On"


# --- F11 ------------------------------------------------------------------------------------------

def test_f11_updates_the_display_row_at_once(app, folder):
    scene = open_settings(app)
    assert scene.row("display").value == "Window" and scene.row("size").enabled
    key(pygame.K_F11)
    steps(app)
    assert app.fullscreen
    assert scene.row("display").value == "Fullscreen" and not scene.row("size").enabled
    key(pygame.K_F11)
    steps(app)
    assert scene.row("display").value == "Window" and scene.row("size").enabled
    assert app.last_error is None


# --- the new-game screen ----------------------------------------------------------------------------

def restart_settings():
    """What a new start of the game does with the settings: defaults, then the file."""
    SETTINGS.reset()
    SetupScene.remembered = None
    assert settings_file.load() is None


def test_the_new_game_screen_remembers_the_last_choices_across_a_restart(app, folder):
    setup = SetupScene()
    app.push(setup)
    steps(app)
    for row, value in (("mode", "ai"), ("opponent", "hard"), ("agora", "off"), ("first", "other")):
        target = setup.target_for_wish(row, value)
        if target is not None:
            click(app, target)
        assert setup.value(row) == value
    key(pygame.K_ESCAPE)                                          # back to the menu: kept too
    steps(app)
    restart_settings()
    again = SetupScene()
    assert [again.value(k) for k in ("mode", "opponent", "agora", "first")] == ["ai", "hard", "off", "other"]


def test_hot_seat_names_are_remembered_across_a_restart(app, folder):
    setup = SetupScene()
    app.push(setup)
    steps(app)
    click(app, setup.target_for_wish("mode", "hotseat"))
    for i, name in enumerate(("Minji", "Joon")):
        click(app, setup.fields[i].rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
        steps(app)
    setup.start()
    steps(app)
    assert saved(folder)["new_game"]["names"] == ["Minji", "Joon"]
    restart_settings()
    again = SetupScene()
    assert again.hotseat and [f.text for f in again.fields] == ["Minji", "Joon"]


def test_a_damaged_or_outdated_memory_of_the_new_game_screen_is_harmless(folder):
    path = folder / "settings.json"
    path.write_text(json.dumps({"format": "agora-duel-settings", "version": 1,
                                "new_game": {"mode": "ai", "opponent": "grandmaster", "agora": "off"}}))
    restart_settings()
    setup = SetupScene()                                          # a level no longer offered: the default
    assert setup.value("agora") == "off" and setup.value("opponent") in setup.options["opponent"]
    path.write_text(json.dumps({"format": "agora-duel-settings", "version": 1, "new_game": ["ai", 3]}))
    notice = settings_file.load()
    assert notice is not None and notice.code == "values" and SETTINGS.new_game is None


# --- the opponent's prices ---------------------------------------------------------------------------

def test_the_opponent_price_badges_are_on_by_default(folder):
    assert Settings().show_opponent_prices is True
    restart_settings()                                            # no settings file yet
    assert SETTINGS.show_opponent_prices is True
    (folder / "settings.json").write_text(json.dumps({"format": "agora-duel-settings", "version": 1,
                                                      "language": "en"}))
    restart_settings()                                            # a file written before the setting
    assert SETTINGS.show_opponent_prices is True
