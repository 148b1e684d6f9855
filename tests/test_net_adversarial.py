"""The project's own adversarial suite (issue #44, "Also"): what a hostile or broken client
can do on loopback, by kind — identity, malformed input, guessing, floods, idle and
half-open sockets, file descriptors, rooms, secrets and faults. Most kinds live in their
own modules; this one holds the rest and names where the others are:

- malformed input, integers, text: test_net_refusals.py, test_net_hostile_input.py
- guessing, notices, room creation, finished rooms: test_net_abuse.py
- file descriptors: test_net_files.py
- secrets in the stream: test_net_secrecy.py; take-backs that would reveal: test_net_takeback.py
- faults of the store or the server: test_net_hostile_input.py, test_net_refusals.py

Every loop is bounded in count, every wait in time."""

import asyncio
import socket

import pytest

from net import protocol
from net_support import LOOPBACK, Raw, run, serving, url_of

GAME = (11, 0)


async def _table(server):
    host = await Raw.open(url_of(server))
    joined = await host.ask(protocol.create(agora=False))
    guest = await Raw.open(url_of(server))
    guest_joined = await guest.ask(protocol.join(joined["room"]))
    await host.recv_type("update")
    await guest.recv_type("update")
    return host, guest, joined, guest_joined


# -- identity

def test_a_seat_resumed_elsewhere_replaces_the_old_connection(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, joined, _ = await _table(server)
            thief_free = await Raw.open(url_of(server))
            wrong = await thief_free.ask(protocol.resume(joined["room"], "x" * len(joined["token"])))
            second = await Raw.open(url_of(server))
            back = await second.ask(protocol.resume(joined["room"], joined["token"]))
            replaced = await host.recv_type("error")
            await asyncio.wait_for(host.ws.wait_closed(), 5)
            return wrong, back, replaced, host.ws.close_code

    wrong, back, replaced, code = run(body())
    assert wrong["code"] == "bad_token"
    assert back["type"] == "joined" and back["seat"] == 0 and "token" not in back
    assert replaced["code"] == "replaced" and code == protocol.CLOSE_REPLACED


def test_the_database_holds_no_token_in_clear(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, joined, guest_joined = await _table(server)
            rows = server.store.db.execute("SELECT * FROM rooms").fetchall()
            return joined["token"], guest_joined["token"], repr(rows)

    host_token, guest_token, rows = run(body())
    assert host_token not in rows and guest_token not in rows


# -- idle and half-open sockets

def test_a_websocket_that_never_says_who_it_is_is_closed(tmp_path):
    async def body():
        async with serving(tmp_path, handshake_seconds=0.5) as server:
            silent = await Raw.open(url_of(server))
            await asyncio.wait_for(silent.ws.wait_closed(), 5)
            return silent.ws.close_code

    assert run(body()) == protocol.CLOSE_HANDSHAKE


def test_a_tcp_socket_that_never_speaks_http_is_closed(tmp_path):
    async def body():
        async with serving(tmp_path, handshake_seconds=0.5) as server:
            loop = asyncio.get_running_loop()
            sock = socket.socket()
            sock.setblocking(False)
            await loop.sock_connect(sock, (LOOPBACK, server.port))
            try:
                data = await asyncio.wait_for(loop.sock_recv(sock, 100), 5)
            except ConnectionResetError:
                data = b""
            finally:
                sock.close()
            return data

    assert run(body()) == b""            # closed by the server, not left open


def test_a_half_open_socket_is_noticed_and_the_opponent_told(tmp_path):
    """The guest's machine vanishes without closing anything (it no longer reads, so never
    answers the WebSocket pings): the server drops it and the host learns it is away."""
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, ping_seconds=1.0) as server:
            host, guest, joined, _ = await _table(server)
            guest.ws.transport.pause_reading()
            presence = await host.recv_type("presence", timeout=5)
            room = server.rooms.get(joined["room"])
            guest.ws.transport.abort()
            return presence, room.connections[1]

    presence, seat_connection = run(body())
    assert presence["seat"] == 1 and presence["connected"] is False
    assert seat_connection is None


# -- floods

@pytest.mark.parametrize("accepting", ["own", "asyncio"])
def test_connections_from_one_address_are_bounded_and_the_first_ones_keep_playing(
        tmp_path, monkeypatch, accepting):
    if accepting == "asyncio":           # as on Windows: asyncio accepts, connection_made counts
        import net.server
        monkeypatch.setattr(net.server.sys, "platform", "win32")

    async def body():
        async with serving(tmp_path, connections_per_address=3) as server:
            kept = [await Raw.open(url_of(server)) for _ in range(3)]
            refused = 0
            for _ in range(5):
                try:
                    extra = await Raw.open(url_of(server))
                except Exception:
                    refused += 1
                    continue
                try:                      # accepted by TCP, never served
                    await extra.ask({"type": "ping"}, timeout=2)
                except Exception:
                    refused += 1
            pongs = [await c.ask({"type": "ping"}) for c in kept]
            return refused, pongs

    refused, pongs = run(body())
    assert refused == 5
    assert [p["type"] for p in pongs] == ["pong"] * 3


# -- rooms

def test_the_server_holds_at_most_max_rooms_unfinished_rooms(tmp_path):
    async def body():
        async with serving(tmp_path, max_rooms=2) as server:
            replies = []
            for source in ("127.0.0.1", "127.0.0.2", "127.0.0.3"):
                c = await Raw.open(url_of(server), source)
                replies.append(await c.ask(protocol.create(agora=False)))
            return replies

    replies = run(body())
    assert [r["type"] for r in replies] == ["joined", "joined", "error"]
    assert replies[2]["code"] == "server_full"


# -- the documentation a stranger's client is written from

def test_every_error_code_and_limit_is_documented():
    from dataclasses import fields
    from net_support import ROOT
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    server = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    missing = [code for code in protocol.ERRORS if f"| `{code}` |" not in text]
    assert not missing, f"error codes missing from docs/protocol.md's table: {missing}"
    for f in fields(protocol.Limits):
        flag = "--" + f.name.replace("_", "-")
        assert flag in text and flag in server, flag
