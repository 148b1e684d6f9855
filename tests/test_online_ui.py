"""Online play in the window, through the real scenes: the title menu's Play online, the
host and join screens, the waiting screen, the table of an online game to its end (the
record in the history), refusals said on the screen, and a window that comes back to its
seat with the stored token. Loopback only; every wait is bounded."""
import online_ui_support as support  # noqa: F401  (sets the environment first)

import asyncio

import pygame
import pytest

from net.server import BackgroundServer, Config
from online_ui_support import LOOPBACK, BotThread, no_error_screen, play_my_moves, step_until
from ui.text import i18n
from ui.files import saves
from ui.shell.app import App
from ui.scenes.menu import MenuScene
from ui.table import online_link


@pytest.fixture
def app(data, english):
    application = App((1280, 720), home=MenuScene)
    application.push(MenuScene())
    yield application
    application.close()
    online_link.stop_hosting()


@pytest.fixture
def server(tmp_path):
    host = BackgroundServer(Config(data_dir=str(tmp_path / "server"), host=LOOPBACK, port=0))
    port = host.start()
    yield f"ws://{LOOPBACK}:{port}"
    host.stop()


def click(app, pos):
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def press(scene, label):
    button = next(b for b in scene.group.buttons if b.text == label)
    button.activate()


def table(app):
    from ui.scenes.online_game import OnlineGameScene
    return next((s for s in app.stack if isinstance(s, OnlineGameScene)), None)


def open_online(app):
    menu = app.top
    press(menu, i18n.t("menu.online"))
    from ui.scenes.online_menu import OnlineMenuScene
    assert isinstance(app.top, OnlineMenuScene)
    return app.top


def test_host_a_game_from_the_title_menu_and_play_it_to_the_end(app):
    from ui.scenes.online_game import OnlineGameOverScene, OnlineGameScene
    from ui.scenes.online_host import OnlineHostScene
    from ui.scenes.online_wait import OnlineWaitScene
    online = open_online(app)
    online.field.text = "Ann"
    press(online, i18n.t("online.host"))
    host = app.top
    assert isinstance(host, OnlineHostScene)
    app.step(1 / 60)
    click(app, host.target_for("agora", "off"))
    click(app, host.target_for("first", "me"))
    assert host.create_options() == {"agora": False, "clock": 0, "seat": 0, "first": 0}
    online_link.DEFAULT_PORT, port = 0, online_link.DEFAULT_PORT     # any free port in the test
    try:
        press(host, i18n.t("online.host_start"))
    finally:
        online_link.DEFAULT_PORT = port
    wait = app.top
    assert isinstance(wait, OnlineWaitScene), host.problem
    assert step_until(app, lambda: wait.session.room is not None, 10), (wait.session.failure, [type(s).__name__ for s in app.stack])
    url = f"ws://{LOOPBACK}:{online_link.HOSTED['port']}"
    bot = BotThread(url, room=wait.session.room, name="Bob")
    assert step_until(app, lambda: table(app) is not None or not isinstance(app.top, OnlineWaitScene), 10)
    game = next(s for s in app.stack if isinstance(s, OnlineGameScene))
    assert game.session.seat == 0 and game.session.state.current_player == 0      # "me" starts
    assert step_until(app, lambda: game.session.names[1] == "Bob", 5)
    done = step_until(app, lambda: isinstance(app.top, OnlineGameOverScene), 90, each=play_my_moves(app))
    bot.join()
    assert done and no_error_screen(app), [type(s).__name__ for s in app.stack]
    assert step_until(app, lambda: game.session.saved is not None, 5), (game.session.record is not None, game.session.pending, game.session.failure)
    assert bot.summary is not None and bot.summary["actions"] == len(game.session.saved.actions)
    assert game.session.state.is_terminal
    assert game.session.state.result.winner == bot.summary["winner"]
    saves.flush(5.0)
    db = saves.history()
    rows = db.page(0, 10)
    assert len(rows) == 1 and rows[0].mode == "online" and rows[0].you == 0


# --- joining ----------------------------------------------------------------------------------

class FakeBrowser:
    """Stands for the mDNS browser (no multicast in tests): games appear as a network would list them."""

    def __init__(self):
        from net.discovery import GameList
        self.games = GameList()
        self.stopped = False

    def start(self):
        return True

    def stop(self):
        self.stopped = True


def open_join(app, monkeypatch, browser=None):
    from ui.scenes.online_join import OnlineJoinScene
    if browser is not None:
        monkeypatch.setattr(OnlineJoinScene, "browser_factory", staticmethod(lambda: browser))
    online = open_online(app)
    online.field.text = "Bob"
    press(online, i18n.t("online.join"))
    join = app.top
    assert isinstance(join, OnlineJoinScene)
    app.step(1 / 60)
    return join


def test_games_found_on_the_network_are_listed_by_host_name_and_a_click_joins(app, server, monkeypatch):
    from net.discovery import FoundGame, found_from
    from ui.scenes.online_game import OnlineGameScene
    bot = BotThread(server, name="Ann", agora=False)
    assert bot.created.wait(10) and bot.error is None
    port = int(server.rsplit(":", 1)[1])
    browser = FakeBrowser()
    join = open_join(app, monkeypatch, browser)
    assert join.found == []
    browser.games.put("zeta._agora-duel._tcp.local.",
                      found_from({b"room": b"QQQQQQ", b"host": b"Zeta", b"version": b"99"}, [LOOPBACK], port))
    browser.games.put("ann._agora-duel._tcp.local.",
                      found_from({b"room": bot.room.lower().encode(), b"host": b"Ann's laptop", b"version": b"1"},
                                 [LOOPBACK], port))
    app.step(1 / 60)
    assert [g.host for g in join.found] == ["Ann's laptop", "Zeta"]      # joinable first
    assert join.found[0] == FoundGame("Ann's laptop", bot.room, port, (LOOPBACK,))
    click(app, join.found_rects[1].center)          # another version: said, not joined
    assert join.problem == i18n.t("online.problem.version") and app.top is join
    click(app, join.found_rects[0].center)
    assert step_until(app, lambda: table(app) is not None, 10)
    assert browser.stopped
    game = table(app)
    assert game.session.seat == 1 and game.session.names[0] == "Ann"
    game.session.close()
    bot.join(2)


def test_without_a_network_the_join_screen_says_so_and_typing_an_address_joins(app, server, monkeypatch):
    from ui.scenes.online_game import OnlineGameScene

    class NoNetwork(FakeBrowser):
        def start(self):
            return False

    bot = BotThread(server, name="Ann")
    assert bot.created.wait(10) and bot.error is None
    join = open_join(app, monkeypatch, NoNetwork())
    assert not join.searching and join.found == []
    join.address.text = "not an address:x"
    join.code.text = bot.room
    press(join, i18n.t("online.join_start"))
    assert join.problem == i18n.t("online.problem.address") and app.top is join
    join.address.text = server.replace("ws://", "")
    join.code.text = bot.room[:3].lower() + "-" + bot.room[3:].lower()      # as read aloud
    press(join, i18n.t("online.join_start"))
    assert step_until(app, lambda: table(app) is not None, 10)
    table(app).session.close()
    bot.join(2)


def test_a_refused_join_is_said_on_the_waiting_screen_and_cancel_goes_back(app, server, monkeypatch):
    from ui.scenes.online_join import OnlineJoinScene
    from ui.scenes.online_wait import OnlineWaitScene
    join = open_join(app, monkeypatch, FakeBrowser())
    join.address.text = server.replace("ws://", "")
    join.code.text = "AAAAAA"
    press(join, i18n.t("online.join_start"))
    wait = app.top
    assert isinstance(wait, OnlineWaitScene)
    assert step_until(app, lambda: wait.session.failure is not None, 10)
    assert wait.problem() == i18n.t("online.error.no_such_room")
    press(wait, i18n.t("online.cancel"))
    assert isinstance(app.top, OnlineJoinScene) and no_error_screen(app)


# --- connections fail; games do not -------------------------------------------------------------

def test_a_window_that_died_comes_back_to_its_seat_with_the_stored_token(app, server, monkeypatch):
    """The guest's window goes (its connection with it); a new window on the same data folder
    offers Return to game, resumes with the token, and holds the same position and log."""
    from ui.scenes.online_game import OnlineGameScene
    from ui.table.online_session import load_ticket
    bot = BotThread(server, name="Ann", agora=False, first=1)      # the guest starts
    assert bot.created.wait(10)
    join = open_join(app, monkeypatch, FakeBrowser())
    join.address.text = server.replace("ws://", "")
    join.code.text = bot.room
    press(join, i18n.t("online.join_start"))
    assert step_until(app, lambda: table(app) is not None, 10)
    game = table(app)
    rng_each = play_my_moves(app)
    # Stop at this window's decision: the opponent waits, so the position is the one to come back to.
    assert step_until(app, lambda: game.session.seq >= 6 and game.session.human_to_act, 20,
                      each=lambda: game.session.seq < 6 and rng_each())
    ticket = load_ticket()
    assert ticket is not None and ticket.room == bot.room and ticket.seat == 1
    seq, log = game.session.seq, [e.text for e in game.session.log]
    observation = game.session.update["observation"]
    app.go_home()                                  # the table goes: the link closes
    assert isinstance(app.top, MenuScene)
    online = open_online(app)
    label = i18n.t("online.rejoin", room=bot.room)
    assert label in [b.text for b in online.group.buttons]
    press(online, label)
    assert step_until(app, lambda: table(app) is not None, 10)
    back = table(app)
    assert back is not game and back.session.seat == 1
    assert back.session.update["observation"] == observation and back.session.seq == seq
    assert len(back.session.events) == len(game.session.events) and len(back.session.log) >= 2
    done = step_until(app, lambda: back.session.record is not None, 90, each=play_my_moves(app))
    bot.join()
    assert done and bot.summary["actions"] == len(back.session.record["actions"])
    assert load_ticket() is None                   # over: nothing to return to


def test_reconnecting_is_shown_and_then_nothing_is_lost(app, server, monkeypatch):
    from ui.scenes.online_game import OnlineGameScene
    bot = BotThread(server, name="Ann", agora=False, first=1)
    assert bot.created.wait(10)
    join = open_join(app, monkeypatch, FakeBrowser())
    join.address.text = server.replace("ws://", "")
    join.code.text = bot.room
    press(join, i18n.t("online.join_start"))
    assert step_until(app, lambda: table(app) is not None, 10)
    game = table(app)
    assert step_until(app, lambda: game.session.seq >= 4, 20, each=play_my_moves(app))
    events = len(game.session.events)
    game.session.link.drop()                       # the network fails under the window
    lines = []
    assert step_until(app, lambda: game.session.losses == 1 and game.session.connection == "ok", 10,
                      each=lambda: lines.append(game.connection_line()[0]))
    assert any(line.startswith(i18n.t("online.link.reconnecting")) for line in lines) or \
        game.session.losses == 1          # (a very fast reconnection may fall between two frames)
    assert len(game.session.events) >= events
    done = step_until(app, lambda: game.session.record is not None, 90, each=play_my_moves(app))
    bot.join()
    assert done and game.session.link.client.reconnections >= 1


# --- take-backs and an absent opponent ------------------------------------------------------------

def test_the_opponent_asks_to_take_back_and_the_window_allows_it(app, server, monkeypatch):
    from ui.scenes.online_game import OnlineGameScene, UndoQuestion
    asked = {"done": False}

    async def before_action(bot, update):
        # At 5 the bot's last pick (4) crossed no reveal (the draft's second round was
        # turned up by pick 2): the server allows asking to take it back (game.takeback).
        if update["seq"] >= 5 and not asked["done"]:
            asked["done"] = True
            await bot.client.ask_undo()
            await asyncio.sleep(2.0)           # the window answers meanwhile (its move would refuse)

    bot = BotThread(server, name="Ann", agora=False, first=0, before_action=before_action)
    assert bot.created.wait(10)
    join = open_join(app, monkeypatch, FakeBrowser())
    join.address.text = server.replace("ws://", "")
    join.code.text = bot.room
    press(join, i18n.t("online.join_start"))
    assert step_until(app, lambda: table(app) is not None, 10)
    game = table(app)
    assert step_until(app, lambda: isinstance(app.top, UndoQuestion), 20, each=play_my_moves(app))
    question = app.top
    seq = game.session.seq
    assert "Ann" in question.body
    press(question, i18n.t("online.undo.allow"))
    assert step_until(app, lambda: game.session.seq < seq, 10)
    assert not isinstance(app.top, UndoQuestion) and no_error_screen(app)
    game.session.close()


def test_the_window_asks_to_take_back_and_a_refusal_is_said(app, tmp_path, monkeypatch):
    from ui.scenes.online_game import OnlineGameScene
    from net.client import Client
    import asyncio
    import threading

    host = BackgroundServer(Config(data_dir=str(tmp_path / "srv"), host=LOOPBACK, port=0))
    port = host.start()
    url = f"ws://{LOOPBACK}:{port}"
    answers = []

    async def refuser(room_box, ready):
        client = Client(url, "Ann")
        joined = await client.create(agora=False, first=1)
        room_box.append(joined["room"])
        ready.set()
        async for msg in client.messages():
            if msg["type"] == "undo_request":
                answers.append(msg)
                await client.answer_undo(False)
            if msg["type"] == "undo_answer" or len(answers) > 1:
                break
        await client.close()

    room_box, ready = [], threading.Event()
    thread = threading.Thread(target=lambda: asyncio.run(refuser(room_box, ready)), daemon=True)
    thread.start()
    try:
        assert ready.wait(10)
        join = open_join(app, monkeypatch, FakeBrowser())
        join.address.text = url.replace("ws://", "")
        join.code.text = room_box[0]
        press(join, i18n.t("online.join_start"))
        assert step_until(app, lambda: table(app) is not None, 10)
        game = table(app)
        assert step_until(app, lambda: game.session.seq == 1, 10, each=play_my_moves(app))
        assert game.session.can_undo
        game.request_undo()
        assert step_until(app, lambda: game.session.undo_refused, 10)
        assert game._status_text() == i18n.t("online.undo.refused", who="Ann")
        assert game.session.seq == 1 and answers and answers[0]["seat"] == 1
        game.session.close()
        thread.join(5)
    finally:
        host.stop()


def test_an_absent_opponent_can_be_claimed_against_after_the_away_limit(app, tmp_path, monkeypatch):
    from dataclasses import replace
    from net.protocol import Limits
    from ui.scenes.online_game import OnlineGameOverScene, OnlineGameScene
    host = BackgroundServer(Config(data_dir=str(tmp_path / "srv"), host=LOOPBACK, port=0,
                                   limits=replace(Limits(), away_claim_seconds=1.0)))
    port = host.start()
    url = f"ws://{LOOPBACK}:{port}"
    try:
        stop = {"at": 10}                    # after the Wonder draft (its overlay covers the table)

        async def leave(bot, update):
            if update["seq"] >= stop["at"]:
                bot.client.drop()              # gone, and never back
                await bot.client.close()

        bot = BotThread(url, name="Ann", agora=False, first=0, before_action=leave)
        assert bot.created.wait(10)
        join = open_join(app, monkeypatch, FakeBrowser())
        join.address.text = url.replace("ws://", "")
        join.code.text = bot.room
        press(join, i18n.t("online.join_start"))
        assert step_until(app, lambda: table(app) is not None, 10)
        game = table(app)
        assert step_until(app, lambda: game.session.away_seconds() is not None, 20, each=play_my_moves(app))
        assert game.away_line() is not None and not game.claim_available() or game.session.claim_in() == 0
        assert step_until(app, game.claim_available, 10)
        click(app, game.claim_rect().center)
        press(app.top, i18n.t("online.away.claim"))
        assert step_until(app, lambda: isinstance(app.top, OnlineGameOverScene), 10)
        assert game.session.state.result.winner == 1 and game.session.state.result.victory == "forfeit"
        # The game goes into this data folder's history (bounded wait: under load the disk is slow).
        assert saves.flush(30.0)
        assert step_until(app, lambda: saves.history().count(mode="online") == 1, 10)
        row = saves.history().page(0, 5, mode="online")[0]
        assert row.mode == "online" and row.you == 1 and row.outcome == "W" and row.victory == "forfeit"
    finally:
        host.stop()
