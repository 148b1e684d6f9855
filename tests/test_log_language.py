"""The game log follows the language: after a change every line is in the new language.

The log is made from the game's events, so all of it is written again — whether the
language changes from the pause menu during the game, or from the title menu while the
game waits to be continued. Checked through the real App and its scenes, on the lines
the log panel draws: no English line in Korean, no Hangul in English.
"""
import random
import re

import pygame
import pytest

from ui.text import i18n
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.pause import PauseScene
from ui.scenes.settings import SettingsScene
from ui.table.session import GameConfig, GameSession, SeatSetup

HANGUL = re.compile("[\uac00-\ud7a3]")
OTHER = {"en": "ko", "ko": "en"}


def played(moves=70, seed=11, hotseat=False):
    """An Agora game against the computer (or hot-seat) after `moves` random decisions,
    the human (seat 0) to act so that no computer is thinking."""
    seats = [SeatSetup("human"), SeatSetup("human" if hotseat else "ai", "random")]
    session = GameSession(GameConfig(seed=seed, agora=True, first="me", seats=seats))
    rng = random.Random(seed)
    state = session.state
    while (len(session.saved.actions) < moves or state.current_player != 0 or state.phase == "draft") \
            and not state.is_terminal:
        session.apply(rng.choice(state.legal_actions()))
        state = session.state
    assert not state.is_terminal
    session.hand_over()
    return session


def frames(app, n=3):
    for _ in range(n):
        app.step(1 / 60)


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def button(scene, key_name):
    return next(b for b in scene.group.buttons if b.text == i18n.t(key_name))


def switch_language(app):
    """Settings (already on top): the language row, then close."""
    settings = app.top
    assert isinstance(settings, SettingsScene)
    settings.row("language").activate()
    app.remove(settings)
    frames(app)


def drawn_entries(game):
    """The log panel's lines as drawn in the last frame, each entry's wrapped pieces joined."""
    entries = []
    for piece, _, first in game.log._lines:
        if first or not entries:
            entries.append(piece)
        else:
            entries[-1] += " " + piece
    return entries


def assert_in(lang, lines):
    assert lines
    for line in lines:
        if lang == "ko":
            assert HANGUL.search(line), f"an English line in the Korean log: {line!r}"
        else:
            assert not HANGUL.search(line), f"a Korean line in the English log: {line!r}"


def assert_whole_log_in(lang, game):
    assert i18n.language() == lang
    assert_in(lang, drawn_entries(game))
    for viewer in (0, 1):
        assert_in(lang, [entry.for_viewer(viewer) for entry in game.session.log])


@pytest.mark.parametrize("start", ["en", "ko"])
def test_the_language_changed_from_the_pause_menu_rewrites_the_whole_log(app, start):
    i18n.set_language(start)
    session = played()
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    frames(app)
    assert_whole_log_in(start, game)
    key(pygame.K_ESCAPE)
    frames(app, 1)
    assert isinstance(app.top, PauseScene)
    button(app.top, "menu.settings").activate()
    frames(app, 1)
    switch_language(app)
    key(pygame.K_ESCAPE)                # leave the pause menu: back at the table
    frames(app)
    assert app.top is game
    assert_whole_log_in(OTHER[start], game)


@pytest.mark.parametrize("start", ["en", "ko"])
def test_a_game_continued_after_a_language_change_in_the_title_menu_has_no_mixed_line(app, start):
    i18n.set_language(start)
    session = played()
    app.push(MenuScene())
    app.push(GameScene(session))
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app, 1)
    button(app.top, "pause.menu").activate()            # to the title menu, the game kept
    frames(app, 1)
    menu = app.top
    assert isinstance(menu, MenuScene)
    button(menu, "menu.settings").activate()
    frames(app, 1)
    switch_language(app)
    assert app.top is menu
    button(menu, "menu.continue").activate()
    frames(app)
    game = app.top
    assert isinstance(game, GameScene) and game.session is session
    assert_whole_log_in(OTHER[start], game)
    # the next move's lines join in the same language
    game.session.apply(game.session.state.legal_actions()[0])
    frames(app)
    assert_whole_log_in(OTHER[start], game)


def test_the_hot_seat_news_follow_the_language(app):
    session = played(hotseat=True)
    session.seen_log[1] = 1                 # seat 1 last looked at the start of the game
    i18n.set_language("ko")
    news = session.news_for(1, limit=100)
    assert len(news) == len(session.log) - 1
    assert_in("ko", [line for _, line in news])
