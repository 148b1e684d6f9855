"""The first launch fits the screen: with no saved size the window opens at the largest offered
size that fits the display's usable area (a 1280x720 laptop gets a window that fits, not a
1600x900 one cut at top and bottom); a saved size that no longer fits is reduced the same way;
--size still wins."""
import dataclasses
import json

import pygame
import pytest

import main
from ui.files import settings as settings_file
from ui.files.settings import MIN_WINDOW, SETTINGS, WINDOW_SIZES, Settings
from ui.draw.window_fit import choose_window_size, room_on


def fits_on(size, desktop):
    """Inside the desktop with room left for a title bar and a task bar."""
    return size[0] <= desktop[0] and size[1] <= desktop[1] - 80


# --- the rule ---------------------------------------------------------------------------------

@pytest.mark.parametrize("desktop, expected", [
    ((1920, 1080), (1600, 900)),
    ((2560, 1440), (1920, 1080)),
    ((3840, 2160), (2560, 1440)),
    ((1680, 1050), (1600, 900)),
    ((1600, 900), (1280, 720)),
])
def test_no_saved_size_takes_the_largest_offered_size_that_fits(desktop, expected):
    size = choose_window_size(room_on(desktop), None)
    assert size == expected and fits_on(size, desktop)


@pytest.mark.parametrize("desktop", [(1280, 720), (1366, 768), (1280, 800), (1024, 768)])
def test_a_display_smaller_than_every_offered_size_still_gets_a_window_that_fits(desktop):
    w, h = choose_window_size(room_on(desktop), None)
    assert fits_on((w, h), desktop), (desktop, (w, h))
    assert (w, h) not in WINDOW_SIZES
    assert abs(w / h - 16 / 9) < 0.01                  # the table's shape, only smaller
    assert w >= desktop[0] * 0.8 or h >= (desktop[1] - 150)     # as large as the room allows


def test_a_laptop_of_1280_by_720_does_not_get_1600_by_900():
    size = choose_window_size(room_on((1280, 720)), None)
    assert size[0] <= 1280 and size[1] < 720


def test_the_usable_area_told_by_the_system_is_used():
    # A task bar on the left, 200 px wide: the usable area says so.
    assert choose_window_size(room_on((1920, 1080), usable=(1720, 1080)), None) == (1600, 900)
    # A tall task bar: 1600x900 no longer fits under it.
    assert choose_window_size(room_on((1920, 1080), usable=(1920, 920)), None) == (1280, 720)


def test_a_saved_size_is_kept_when_it_fits_and_reduced_when_it_does_not():
    assert choose_window_size(room_on((1920, 1080)), (1280, 720)) == (1280, 720)
    assert choose_window_size(room_on((1920, 1080)), (1000, 600)) == (1000, 600)      # dragged to it
    assert choose_window_size(room_on((1920, 1080)), (1920, 1080)) == (1600, 900)     # smaller monitor now
    small = choose_window_size(room_on((1280, 720)), (1600, 900))
    assert fits_on(small, (1280, 720))


def test_a_tiny_display_never_gets_an_unreadable_window():
    assert choose_window_size(room_on((640, 400)), None) >= MIN_WINDOW


def test_without_a_known_display_the_saved_or_design_size_is_used():
    assert choose_window_size(None, None) == (1600, 900)
    assert choose_window_size(None, (1280, 720)) == (1280, 720)


# --- the settings ------------------------------------------------------------------------------

def test_no_saved_size_is_told_apart_from_a_saved_one_and_old_files_still_load(tmp_path):
    assert Settings().window_size is None
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "agora-duel-settings", "version": 1, "window_size": [1600, 900]}))
    old = Settings()
    assert settings_file.load(path, old) is None and old.window_size == (1600, 900)
    path.write_text(json.dumps({"format": "agora-duel-settings", "version": 1, "window_size": None}))
    none = Settings()
    assert settings_file.load(path, none) is None and none.window_size is None
    assert settings_file.save(path, none) and json.loads(path.read_text())["window_size"] is None


# --- the window at start ---------------------------------------------------------------------------

@pytest.fixture
def laptop(monkeypatch):
    """A 1280x720 screen (the dummy driver has none of its own)."""
    monkeypatch.setattr("ui.shell.app.usable_area", lambda: room_on((1280, 720)))
    kept = dataclasses.replace(SETTINGS)
    yield (1280, 720)
    SETTINGS.__dict__.update(kept.__dict__)


def _window_size(tmp_path, *extra):
    shot = tmp_path / "shot.png"
    assert main.main(["--data-dir", str(tmp_path / "data"), "--screenshot", str(shot), "--lang", "en",
                      *extra]) == 0
    return pygame.image.load(str(shot)).get_size()


def test_the_first_launch_fits_a_small_screen(laptop, tmp_path):
    size = _window_size(tmp_path)
    assert fits_on(size, laptop) and size == choose_window_size(room_on(laptop), None)
    assert not (tmp_path / "data" / "settings.json").exists()      # nothing chosen, nothing written


def test_a_saved_size_too_big_for_this_screen_is_reduced_and_kept_for_a_bigger_one(laptop, tmp_path):
    (tmp_path / "data").mkdir()
    saved = tmp_path / "data" / "settings.json"
    saved.write_text(json.dumps({"format": "agora-duel-settings", "version": 1, "window_size": [1920, 1080]}))
    size = _window_size(tmp_path)
    assert fits_on(size, laptop)
    assert json.loads(saved.read_text())["window_size"] == [1920, 1080]


def test_the_command_line_size_still_wins(laptop, tmp_path):
    assert _window_size(tmp_path, "--size", "1600x900") == (1600, 900)
