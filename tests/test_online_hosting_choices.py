"""Hosting a game (#47 point 8): the rules, who starts and the clock are remembered after a
restart (in the settings, like the new-game screen's choices); the local network's list shows
a hosted game's rules and clock (announced with it, net/discovery.py); the waiting screen's
title ends with one ellipsis, never "..".  No multicast: the announcer and browser are fakes."""
import online_ui_support  # noqa: F401  (loopback only)

import pygame
import pytest

from net.discovery import FoundGame, GameList, found_from
from online_fake import FakeRoom
from ui.files import settings as settings_file
from ui.files.settings import SETTINGS
from ui.scenes.online_host import OnlineHostScene
from ui.scenes.menu import MenuScene
from ui.text import i18n


@pytest.fixture
def fresh_run():
    """The host screen's memory of this run forgotten (as after a restart)."""
    kept = OnlineHostScene.remembered
    OnlineHostScene.remembered = {}
    yield
    OnlineHostScene.remembered = kept


def test_the_host_screen_remembers_rules_first_player_and_clock_after_a_restart(app, fresh_run, monkeypatch):
    import ui.scenes.online_wait as online_wait
    monkeypatch.setattr(online_wait, "host_game", lambda app, name, options: None)
    app.push(MenuScene())
    host = OnlineHostScene("Ann")
    app.push(host)
    app.step(1 / 60)
    for key, value in (("agora", "off"), ("first", "me"), ("clock", 20)):
        app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=host.target_for(key, value)))
    assert host.create_options() == {"agora": False, "clock": 20, "seat": 0, "first": 0}
    host.start()
    # a restart: the settings read again from their file, nothing kept in memory
    OnlineHostScene.remembered = {}
    SETTINGS.online_host = None
    settings_file.load()
    again = OnlineHostScene("Ann")
    assert again.create_options() == {"agora": False, "clock": 20, "seat": 0, "first": 0}


def test_a_damaged_remembered_choice_is_left_for_the_defaults():
    bad = SETTINGS.__class__()
    assert bad.update_from({"online_host": {"agora": "on", "clock": 7}}) == ["online_host"]
    assert bad.online_host is None


def test_a_hosted_game_is_announced_with_its_rules_and_clock_and_listed_so(app):
    from net.discovery import announcement
    props = {k.encode(): v.encode() for k, v in announcement("K7QF3M", "Ann", agora=False, clock=20).items()}
    game = found_from(props, ["127.0.0.1"], 8765)
    assert game.agora is False and game.clock == 20
    old = found_from({b"room": b"K7QF3M", b"host": b"Ann", b"version": b"1"}, ["127.0.0.1"], 8765)
    assert old.agora is None and old.clock is None               # an older host: not said

    from ui.scenes.online_join import OnlineJoinScene, found_detail

    class Browser:
        def __init__(self):
            self.games = GameList()
            self.games.put("a", game)

        def start(self):
            return True

        def stop(self):
            pass

    OnlineJoinScene.browser_factory, saved = staticmethod(Browser), OnlineJoinScene.browser_factory
    try:
        app.push(MenuScene())
        join = OnlineJoinScene("Bob")
        app.push(join)
        app.step(1 / 60)
        assert join.found == [game]
        detail = found_detail(game)
        assert i18n.t("setup.agora_off") in detail and i18n.t("online.clock_minutes", n=20) in detail
        assert "K7QF3M" in detail
        assert found_detail(FoundGame("Ann", "K7QF3M", 8765, agora=True, clock=0)).startswith(
            i18n.t("setup.agora_on") + " · " + i18n.t("online.found_no_clock"))
    finally:
        OnlineJoinScene.browser_factory = saved


def test_the_waiting_host_announces_the_rules_and_clock_it_chose(app, monkeypatch):
    import net.discovery as discovery
    from ui.scenes.online_wait import OnlineWaitScene
    said = {}

    class Announcer:
        def start(self, port, room, host_name="", **rules):
            said.update(rules, room=room)
            return True

        def stop(self):
            pass

    monkeypatch.setattr(discovery, "Announcer", Announcer)
    room = FakeRoom(seat=0, clock=20, agora=False)
    from ui.table.online_session import OnlineSession
    session = OnlineSession(room.link, "Ann")
    room.send(room.entered())
    app.push(MenuScene())
    wait = OnlineWaitScene(session, "host", port=8765)
    app.push(wait)
    app.step(1 / 60)
    assert said == {"agora": False, "clock": 20, "room": "ACDEFG"}


def test_the_waiting_title_ends_with_one_ellipsis_never_two_dots(app, monkeypatch):
    import ui.scenes.online_wait as online_wait
    room = FakeRoom(seat=0)
    from ui.table.online_session import OnlineSession
    session = OnlineSession(room.link, "Ann")
    room.send(room.entered())
    app.push(MenuScene())
    wait = online_wait.OnlineWaitScene(session, "host", port=8765)
    app.push(wait)
    app.step(1 / 60)
    lines = []
    real = online_wait.text
    monkeypatch.setattr(online_wait, "text", lambda s, L, line, *a, **k: (lines.append(line), real(s, L, line, *a, **k))[1])
    for k in range(6):
        wait.time = k * 0.2
        wait.draw_content(app.screen, wait.layout)
    titles = [line for line in lines if line.startswith("Waiting for the other player")]
    assert titles and all(line == "Waiting for the other player…" for line in titles)
    assert not any(line.endswith("..") for line in lines)
