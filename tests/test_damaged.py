"""Damaged saves and data, as the player meets them (issue #14, item 7): Continue with a
damaged newest save says so and offers the next readable duel; damaged game data is shown
in a window (the packaged app has no console); unknown AI names are refused at parsing."""
import os
import shutil
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

import main  # noqa: E402
from game.ai import available  # noqa: E402
from ui.draw import fonts  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.files import saves, storage  # noqa: E402
from ui.shell.app import App  # noqa: E402
from ui.scenes.dialog import DialogScene  # noqa: E402
from ui.scenes.error import show_startup_error, startup_lines  # noqa: E402
from ui.scenes.game import GameScene  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.files.settings import SETTINGS  # noqa: E402
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup  # noqa: E402

CONTINUE = 1


@pytest.fixture
def data(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    yield tmp_path / "data"
    saves.flush()
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None


@pytest.fixture
def app(data):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def unfinished_duel(seed=4) -> Path:
    session = GameSession(GameConfig(seed=seed, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "easy")]))
    saves.flush()
    CURRENT["session"] = None
    return Path(session.path)


def damage_newest(folder: Path, name="game-newest.json") -> Path:
    path = folder / name
    path.write_bytes(b'{"format": "agora-duel-save", "version": 1, "seed": 3, "ag')   # cut short
    later = time.time() + 60
    os.utime(path, (later, later))
    return path


def continue_from_menu(app):
    app.push(MenuScene())
    steps(app)
    menu = app.top
    assert menu.group.buttons[CONTINUE].enabled
    menu.group.buttons[CONTINUE].activate()
    steps(app)
    return app.top


def test_continue_with_a_damaged_newest_save_says_so_and_offers_the_next_duel(app, data):
    readable = unfinished_duel()
    broken = damage_newest(readable.parent)
    dialog = continue_from_menu(app)
    assert isinstance(dialog, DialogScene) and not any(isinstance(s, GameScene) for s in app.stack)
    assert dialog.title == i18n.t("continue_note.title")
    assert broken.name in dialog.body and dialog.detail          # which file, and why
    labels = [b.text for b in dialog.group.buttons]
    assert labels[0] == i18n.t("continue_note.open_next")
    dialog.group.buttons[0].activate()                             # the player chooses the older duel
    steps(app)
    game = next(s for s in app.stack if isinstance(s, GameScene))
    assert Path(game.session.path) == readable


def test_the_damaged_save_message_can_lead_to_the_saved_games(app, data):
    readable = unfinished_duel()
    damage_newest(readable.parent)
    dialog = continue_from_menu(app)
    dialog.group.buttons[1].activate()
    steps(app)
    assert isinstance(app.top, LoadScene)


def test_continue_with_only_a_damaged_save_says_there_is_nothing_to_continue(app, data):
    folder = data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    damage_newest(folder)
    dialog = continue_from_menu(app)
    assert isinstance(dialog, DialogScene) and i18n.t("continue_note.none") in dialog.body
    assert [b.text for b in dialog.group.buttons] == [i18n.t("continue_note.show_saves"), i18n.t("dialog.close")]


def test_an_older_damaged_file_does_not_stop_continue(app, data):
    folder = data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    old = damage_newest(folder, "game-old.json")
    os.utime(old, (1_000_000, 1_000_000))
    readable = unfinished_duel()
    continue_from_menu(app)
    game = next(s for s in app.stack if isinstance(s, GameScene))
    assert Path(game.session.path) == readable


def test_the_korean_message_is_korean(app, data):
    i18n.set_language("ko")
    try:
        unfinished_duel()
        damage_newest(data / "saves")
        dialog = continue_from_menu(app)
        assert dialog.title == i18n.load_catalogue("ko")["continue_note.title"]
    finally:
        i18n.set_language("en")


# --- damaged game data ------------------------------------------------------------------------

def test_the_startup_error_window_shows_the_one_line_message(tmp_path):
    drawn = []
    fonts.RENDER_HOOK = drawn.append
    shot = tmp_path / "error.png"
    try:
        assert show_startup_error("data/cards.yaml: card 'Tavern' has an unknown field 'bogus'\nmore",
                                  frames=2, screenshot=str(shot))
    finally:
        fonts.RENDER_HOOK = None
    title, body, problem, button = startup_lines("x")
    assert title in drawn and button in drawn
    assert any("unknown field 'bogus'" in line for line in drawn) and not any("more" == d for d in drawn)
    assert shot.exists() and pygame.image.load(str(shot)).get_size() == (960, 540)


def test_the_startup_error_window_closes_on_enter():
    pygame.display.init()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    # No frame limit: it returns only because Enter was read.
    assert show_startup_error("broken") is True


def test_a_broken_catalogue_stops_the_app_with_the_window(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "data" / "locale", locale)
    (locale / "ko" / "names.yaml").write_text("names:\n  tavern: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr("ui.files.paths.locale_dir", lambda: locale)
    shown = []
    monkeypatch.setattr("ui.scenes.error.show_startup_error", lambda message, **kw: shown.append(message))
    assert main.main(["--show-errors", "--exit-after-frames", "2"]) == 2
    assert len(shown) == 1 and shown[0].startswith("data/locale/ko/names.yaml line") and "\n" not in shown[0]


def test_the_packaged_app_shows_the_window_without_being_asked(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "data" / "locale", locale)
    (locale / "en.yaml").write_text("- just\n- a list\n", encoding="utf-8")
    monkeypatch.setattr("ui.files.paths.locale_dir", lambda: locale)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    shown = []
    monkeypatch.setattr("ui.scenes.error.show_startup_error", lambda message, **kw: shown.append(message))
    assert main.main([]) == 2
    assert shown == ["data/locale/en.yaml: not a table of texts"]


def test_intact_catalogues_pass_the_check():
    assert main.check_catalogues() is None


# --- AI names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["--p0", "--p1"])
def test_unknown_ai_names_are_refused_with_the_list(flag, capsys):
    with pytest.raises(SystemExit) as stop:
        main.parse_args(["--autoplay", flag, "grandmaster"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "grandmaster" in err and all(name in err for name in available())


def test_known_ai_names_are_accepted():
    args = main.parse_args(["--autoplay", "--p0", "hard", "--p1", "easy"])
    assert (args.p0, args.p1) == ("hard", "easy")
