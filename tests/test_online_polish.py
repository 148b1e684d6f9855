"""Online play, the gaps after the first version, through the real scenes: the away banner
and its Claim button stay within reach during the Wonder draft; the draft panel says what is
true while a take-back request waits; claiming is a choice (Claim the win or Keep waiting)
and both seats' histories keep the game as a win by forfeit, told truly on both sides; the
Saved games list names online games and filters them. Loopback only; every wait is bounded."""
import online_ui_support as support  # noqa: F401  (sets the environment first)

import asyncio  # noqa: E402
import threading  # noqa: E402
from dataclasses import replace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from net.protocol import Limits  # noqa: E402
from net.server import BackgroundServer, Config  # noqa: E402
from online_ui_support import (LOOPBACK, no_error_screen, online_record, play_my_moves,  # noqa: E402
                               step_until)
from ui.text import i18n
from ui.files import saves
from ui.shell.app import App  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.table import online_link  # noqa: E402


@pytest.fixture
def app(data, english):
    application = App((1280, 720), home=MenuScene)
    application.push(MenuScene())
    yield application
    application.close()
    online_link.stop_hosting()


@pytest.fixture
def server(tmp_path):
    """A server whose away limit is one second (five minutes in play)."""
    host = BackgroundServer(Config(data_dir=str(tmp_path / "server"), host=LOOPBACK, port=0,
                                   limits=replace(Limits(), away_claim_seconds=1.0)))
    port = host.start()
    yield f"ws://{LOOPBACK}:{port}"
    host.stop()


class Opponent:
    """The other player, scripted: a net.client.Client on its own thread that creates a room
    and plays the first legal action on its turns; `script(opponent, msg)` runs on every
    message and returns 'idle' (stop acting, stay connected), 'leave' (go, never to return)
    or None (go on)."""

    def __init__(self, url, *, first=0, script=None, name="Ann"):
        self.url, self.first, self.script, self.name = url, first, script or (lambda o, m: None), name
        self.room = None
        self.client = None
        self.loop = None
        self.seen = []
        self.idle = False
        self.stop = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10) and self.room is not None

    async def _main(self):
        from net.client import Client
        self.loop = asyncio.get_running_loop()
        self.stop = asyncio.Event()
        self.client = Client(self.url, self.name)
        joined = await self.client.create(agora=False, first=self.first)
        self.room = joined["room"]
        self.ready.set()
        reader = asyncio.create_task(self._read())
        await self.stop.wait()
        reader.cancel()
        await self.client.close()

    async def _read(self):
        async for msg in self.client.messages():
            self.seen.append(msg)
            what = self.script(self, msg)
            if what == "leave":
                self.client.drop()
                self.stop.set()
                return
            self.idle = self.idle or what == "idle"
            if msg["type"] == "update" and msg["to_move"] == self.client.seat and not self.idle \
                    and msg["observation"].get("legal_actions"):
                await self.client.act(msg["observation"]["legal_actions"][0])

    def call(self, method, *args):
        return asyncio.run_coroutine_threadsafe(getattr(self.client, method)(*args), self.loop).result(5)

    def close(self):
        if self.thread.is_alive() and self.loop is not None and self.stop is not None:
            try:
                self.loop.call_soon_threadsafe(self.stop.set)
            except RuntimeError:                    # its loop has just ended
                pass
        self.thread.join(5)


def click(app, pos):
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def press(scene, label):
    next(b for b in scene.group.buttons if b.text == label).activate()


def table(app):
    from ui.scenes.online_game import OnlineGameScene
    return next((s for s in app.stack if isinstance(s, OnlineGameScene)), None)


def draft_panel(app):
    from ui.scenes.draft import DraftScene
    return next((s for s in app.stack if isinstance(s, DraftScene)), None)


def join_by_code(app, url, room, name="Bob"):
    """Title menu → Play online → Join a game → the typed address and code → the table."""
    from ui.scenes.online_join import OnlineJoinScene

    class NoNetwork:
        def __init__(self):
            from net.discovery import GameList
            self.games = GameList()

        def start(self):
            return False

        def stop(self):
            pass

    OnlineJoinScene.browser_factory, saved = staticmethod(lambda: NoNetwork()), OnlineJoinScene.browser_factory
    try:
        press(app.top, i18n.t("menu.online"))
        app.top.field.text = name
        press(app.top, i18n.t("online.join"))
        app.step(1 / 60)
        join = app.top
        join.address.text = url.replace("ws://", "")
        join.code.text = room
        press(join, i18n.t("online.join_start"))
    finally:
        OnlineJoinScene.browser_factory = saved
    assert step_until(app, lambda: table(app) is not None, 10), [type(s).__name__ for s in app.stack]
    return table(app)


def pick_first_wonder(panel):
    panel._layout()
    panel._pick(panel.rects[0][1])


def dialog_labels(app):
    return [b.text for b in app.top.group.buttons]


# --- 1. the away banner and the claim during the draft -----------------------------------------

def test_an_opponent_gone_during_the_draft_can_be_waited_for_or_claimed_against(app, server):
    from ui.scenes.dialog import DialogScene
    from ui.scenes.draft import DraftScene
    from ui.scenes.online_game import OnlineGameOverScene
    opponent = Opponent(server, first=0, script=lambda o, m: "leave" if m["type"] == "update" else None)
    try:
        game = join_by_code(app, server, opponent.room)
        assert step_until(app, lambda: isinstance(app.top, DraftScene), 10)
        assert step_until(app, game.claim_available, 10)
        assert isinstance(app.top, DraftScene) and game.session.state.phase == "draft"
        # The banner is drawn over the panel, not under it: its Claim button shows its own colour.
        app.step(1 / 60)
        button = game.claim_rect()
        inside = (button.x + max(3, button.w // 20), button.y + button.h // 2)
        from ui.draw import theme
        assert tuple(app.screen.get_at(inside))[:3] in (theme.UMBER_LIGHT, theme.BRONZE)
        # Nothing of the panel is hidden by the banner: the Wonders and the panel's buttons stay clear.
        panel = app.top
        panel._layout()
        for rect in [r for r, _ in panel.rects] + [panel._peek_rect()]:
            assert not rect.colliderect(game.away_rect())
        click(app, button.center)
        assert isinstance(app.top, DialogScene)
        assert dialog_labels(app) == [i18n.t("online.away.claim"), i18n.t("online.away.wait")]
        press(app.top, i18n.t("online.away.wait"))             # keep waiting: back to the draft
        for _ in range(5):
            app.step(1 / 60)
        assert isinstance(app.top, DraftScene) and game.session.record is None
        assert game.away_line() == i18n.t("online.away.claim_now", who="Ann") and game.claim_available()
        click(app, game.claim_rect().center)
        press(app.top, i18n.t("online.away.claim"))
        assert step_until(app, lambda: isinstance(app.top, OnlineGameOverScene), 10), \
            [type(s).__name__ for s in app.stack]
        result = game.session.state.result
        assert (result.winner, result.victory) == (1, "forfeit") and no_error_screen(app)
        saves.flush(5.0)
        row = saves.history().page(0, 5)[0]
        assert (row.mode, row.you, row.outcome, row.victory) == ("online", 1, "W", "forfeit")
    finally:
        opponent.close()


# --- 2. the draft panel while a take-back request waits ----------------------------------------

def test_the_draft_panel_says_a_take_back_request_is_waiting_not_whose_pick(app, server):
    from ui.scenes.draft import DraftScene

    def hold_requests(opponent, msg):
        return "idle" if msg["type"] == "undo_request" else None

    opponent = Opponent(server, first=0, script=hold_requests)
    try:
        game = join_by_code(app, server, opponent.room)
        # The opponent picks one Wonder; then the window picks two in a row.
        assert step_until(app, lambda: game.session.human_to_act and isinstance(app.top, DraftScene), 10)
        panel = app.top
        assert panel.message() == i18n.t("draft.your_pick")
        pick_first_wonder(panel)
        assert step_until(app, lambda: game.session.seq == 2 and game.session.human_to_act
                          and isinstance(app.top, DraftScene), 10)
        panel = app.top
        assert panel.message() == i18n.t("draft.your_pick")
        app.step(1 / 60)
        assert panel._undo_shown()
        click(app, panel._undo_rect().center)                  # the panel's own Undo button
        assert step_until(app, lambda: game.session.undo_waiting, 10)
        app.step(1 / 60)
        assert app.top is panel and game.session.state.current_player == game.session.seat
        assert panel.message() == i18n.t("online.undo.waiting", who="Ann")
        assert game.session.seq == 2 and not game.session.human_to_act
        pick_first_wonder(panel)                               # no pick while the request waits
        for _ in range(3):
            app.step(1 / 60)
        assert game.session.seq == 2 and game.session.sent_seq is None
    finally:
        opponent.close()


# --- 4. the seat that was away: its history keeps the forfeit, told truly ------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_player_who_was_away_comes_back_to_a_lost_game_by_forfeit(app, server, monkeypatch, lang):
    from ui.scenes.online_game import OnlineGameOverScene
    i18n.set_language(lang)
    app.replace(MenuScene())                          # the title menu in that language
    claimed = threading.Event()

    def claim_when_allowed(opponent, msg):
        if msg["type"] == "presence" and not msg["connected"] and msg["claim_in"] == 0:
            asyncio.ensure_future(opponent.client.claim())
            claimed.set()
        return None

    opponent = Opponent(server, first=1, script=claim_when_allowed)
    try:
        game = join_by_code(app, server, opponent.room)
        assert step_until(app, lambda: game.session.seq >= 4, 20, each=play_my_moves(app))
        app.go_home()                                   # the window goes: this seat is away
        assert claimed.wait(10)
        assert step_until(app, lambda: any(m["type"] == "over" for m in opponent.seen), 10)
        over = next(m for m in opponent.seen if m["type"] == "over")
        assert over["result"]["victory"] == "forfeit" and over["result"]["winner"] == 0
        press(app.top, i18n.t("menu.online"))
        press(app.top, i18n.t("online.rejoin", room=opponent.room))
        assert step_until(app, lambda: isinstance(app.top, OnlineGameOverScene), 10), \
            [type(s).__name__ for s in app.stack]
        back = table(app)
        assert step_until(app, lambda: back.session.saved is not None, 5)
        result = back.session.state.result
        assert (result.winner, result.victory) == (0, "forfeit")
        words = drawn_words(app, monkeypatch)
        assert i18n.t("forfeits.over.you.forfeit").upper() in words
        # under the headline, from this seat's side (#44 point 16)
        line = i18n.t("online.over.lost.forfeit", winner="Ann")
        assert line in words and i18n.t("forfeits.over.note.forfeit") in words
        assert ("forfeit" if lang == "en" else "몰수") in line
        # Nothing on that screen tells the player who forfeited that the *opponent* was away.
        assert not any(w for w in words if "opponent was away" in w or "상대가 너무 오래" in w)
        assert any(("forfeit" if lang == "en" else "몰수패") in e.text for e in back.session.log[-2:])
        saves.flush(5.0)
        row = saves.history().page(0, 5)[0]
        assert (row.mode, row.you, row.outcome, row.victory) == ("online", 1, "L", "forfeit")
    finally:
        opponent.close()


def drawn_words(app, monkeypatch):
    """Every string the top screen draws in one frame."""
    from ui.scenes import gameover
    words = []

    def spy(real):
        def draw(surface, layout, s, *a, **k):
            words.append(s)
            return real(surface, layout, s, *a, **k)
        return draw

    real_title = gameover.ui_art.title_lettering
    monkeypatch.setattr(gameover, "text", spy(gameover.text))
    monkeypatch.setattr(gameover, "text_block", spy(gameover.text_block))
    monkeypatch.setattr(gameover.ui_art, "title_lettering",
                        lambda s, *a, **k: (words.append(s), real_title(s, *a, **k))[1])
    app.top.draw(app.screen)
    monkeypatch.undo()
    return words


# --- 3. online games in the Saved games list -------------------------------------------------------


@pytest.mark.parametrize("lang,title", [("en", "Online against Ann"), ("ko", "Ann과 온라인 대결")])
def test_saved_games_name_online_games_and_filter_them(app, lang, title):
    from tests.test_history_db import finished
    from ui.scenes.load import LoadScene, row_details, row_title
    i18n.set_language(lang)
    mine, result = online_record(31, you=0)
    saves.game_over(None, mine)
    saves.game_over(None, finished(32, mode="ai", level="easy"))
    saves.flush(5.0)
    load = LoadScene()
    app.push(load)
    for _ in range(3):
        app.step(1 / 60)
    assert load.count == 2
    click(app, load.chips[0].target("online"))               # the Mode filter offers online games
    assert load.mode == "online" and load.count == 1
    for _ in range(2):
        app.step(1 / 60)
    row = load.item(0).row
    assert row.mode == "online"
    assert row_title(row).startswith(title + " · ")
    assert i18n.t("saves.vs_ai", level=i18n.t("ai.online")) not in row_title(row)
    details = row_details(row)
    if result.winner == 0:
        assert details.startswith(i18n.t("saves.you_won"))
    elif result.winner == 1:
        assert details.startswith(i18n.t("saves.won", who="Ann"))
    assert i18n.t("saves.ai_won") not in details
    # The filter row fits the screen beside the Result row, no chip over another.
    rects = [r for chips in load.chips for r, _ in chips.rects]
    screen = app.screen.get_rect()
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    click(app, load.chips[0].target("ai"))
    assert load.count == 1 and load.item(0).row.mode == "ai"


def test_an_online_game_seen_from_the_other_seat_names_the_other_player(app):
    from game.savegame import SavedGame
    from ui.scenes.load import details_of, title_of
    saved, result = online_record(33, you=1)
    assert title_of(saved).startswith("Online against Bob · ")
    again = SavedGame.from_dict(saved.to_dict())
    assert title_of(again) == title_of(saved)
    if result.winner in (0, 1):
        expected = i18n.t("saves.you_won") if result.winner == 1 else i18n.t("saves.won", who="Bob")
        assert details_of(saved).startswith(expected)


# --- 5. the server's compression: cheaper, and what a client reads is the same -------------------

def test_small_messages_go_uncompressed_and_large_ones_deflated_both_read_back_alike():
    from websockets.extensions.permessage_deflate import PerMessageDeflate
    from websockets.frames import Frame, Opcode
    from net import compression
    factory = compression.server_extensions()[0]
    _, server_side = factory.process_request_params([], [])
    client_side = PerMessageDeflate(False, False, 15, 15)      # how a client decodes (RSV1 says which)
    small = '{"type":"pong","time":1.5}'.encode()
    large = ('{"type":"update","observation":{"history":[' + ",".join(['["0","build","Lumber Yard",null]'] * 80)
             + "]}}").encode()
    for payload, squeezed in ((small, False), (large, True), (small, False), (large, True)):
        sent = server_side.encode(Frame(Opcode.TEXT, payload))
        assert sent.rsv1 is squeezed
        assert (len(sent.data) < len(payload) / 4) if squeezed else sent.data == payload
        assert client_side.decode(sent).data == payload


def test_the_server_still_offers_compression_to_a_client(tmp_path):
    import json
    from net.client import Client

    async def body():
        host = BackgroundServer(Config(data_dir=str(tmp_path / "srv"), host=LOOPBACK, port=0))
        port = host.start()
        try:
            client = Client(f"ws://{LOOPBACK}:{port}", "Ann")
            joined = await client.create(agora=False)
            names = [e.name for e in client.ws.protocol.extensions]
            await client.send({"type": "ping"})           # a small answer, sent as it is
            pong = json.loads(await client.ws.recv())
            await client.close()
            return joined, names, pong
        finally:
            host.stop()

    joined, names, pong = asyncio.run(body())
    assert joined["type"] == "joined" and names == ["permessage-deflate"] and pong["type"] == "pong"


# --- 6. what the screens say --------------------------------------------------------------------

def test_a_game_kept_on_this_machine_shows_only_the_loopback_address_to_tell(app):
    """AGORA_DUEL_LOCAL_ONLY: the hosted server listens on 127.0.0.1 only, so the waiting
    screen must not tell the other player a network address that does not answer."""
    from ui.scenes.online_wait import OnlineWaitScene
    press(app.top, i18n.t("menu.online"))
    press(app.top, i18n.t("online.host"))
    online_link.DEFAULT_PORT, port = 0, online_link.DEFAULT_PORT
    try:
        press(app.top, i18n.t("online.host_start"))
    finally:
        online_link.DEFAULT_PORT = port
    wait = app.top
    assert isinstance(wait, OnlineWaitScene)
    assert wait.addresses == ["127.0.0.1"]
    wait.session.close()


def test_the_away_banner_covers_whole_log_lines_and_hides_what_is_under_it(app, server):
    """Over the log, the banner is opaque and as tall as whole log lines: no line shows cut
    above or below it, none shows through it."""
    from ui.table.logpanel import LINE
    opponent = Opponent(server, first=1, script=lambda o, m: "leave" if m["type"] == "update" and m["seq"] >= 12 else None)
    try:
        game = join_by_code(app, server, opponent.room)
        assert step_until(app, lambda: game.session.away_seconds() is not None, 30, each=play_my_moves(app))
        assert not game.panel_open()
        x, y, w, h = game._away_box()
        area = game._log_area()
        assert y == area.y + 30 and h % LINE == 0          # the log's lines start 30 below its top
        from ui.draw import theme
        app.step(1 / 60)
        box = game.away_rect()
        inside = (box.x + box.w // 2, box.y + 3)             # between the border and the text
        assert tuple(app.screen.get_at(inside))[:3] == theme.UMBER
    finally:
        opponent.close()
