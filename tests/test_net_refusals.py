"""Bad input is refused, never trusted: each kind gets its error code, the game is exactly
as it was, and the server goes on serving the other games; a client that keeps
misbehaving is disconnected; the limits (size, rate, rooms per address, idle rooms) hold."""

import asyncio
import json
import time

import pytest

from net import protocol
from net.bot import Bot
from net_support import Raw, connect_pair, run, serving, url_of

GAME = (11, 0)     # seat 0 moves first


async def _table(server):
    """A started room: (host at seat 0, guest at seat 1, first update, the room)."""
    host = await Raw.open(url_of(server))
    joined = await host.ask(protocol.create(agora=True))
    guest = await Raw.open(url_of(server))
    guest_joined = await guest.ask(protocol.join(joined["room"]))
    update = await host.recv_type("update")
    await guest.recv_type("update")
    return host, guest, update, server.rooms.get(joined["room"]), joined, guest_joined


def _fingerprint(room):
    return (list(map(list, room.actions)), room.state.to_json(), room.outcome)


BAD_MESSAGES = [
    ("malformed JSON", "host", '{"type": "action", "seq": 0,', "bad_json"),
    ("not an object", "host", "[1, 2, 3]", "not_object"),
    ("unknown type", "host", {"type": "teleport"}, "unknown_type"),
    ("missing field", "host", {"type": "action", "seq": 0}, "bad_field"),
    ("wrong field type", "host", {"type": "action", "seq": "0", "action": "x"}, "bad_field"),
    ("over the size limit", "host", {"type": "ping", "pad": "x" * 600}, "too_large"),
    ("wrong seat", "guest", "LEGAL", "not_your_turn"),
    ("illegal action", "host", {"type": "action", "seq": 0, "action": "build Nothing"},
     "illegal_action"),
    ("outdated sequence number", "host", "STALE", "stale_seq"),
    ("a second handshake", "guest", "REJOIN", "already_in_room"),
    ("claim against a present opponent", "host", {"type": "claim"}, "opponent_present"),
]


@pytest.mark.parametrize("what,who,message,code", BAD_MESSAGES, ids=[b[0] for b in BAD_MESSAGES])
def test_each_bad_message_gets_its_code_and_changes_nothing(tmp_path, what, who, message, code):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, max_message_bytes=512,
                           max_strikes=100) as server:
            host, guest, update, room, joined, _ = await _table(server)
            legal = update["observation"]["legal_actions"]
            special = {"LEGAL": protocol.action(0, legal[0]),
                       "STALE": protocol.action(5, legal[0]),
                       "REJOIN": protocol.join(joined["room"])}
            msg = special.get(message, message) if isinstance(message, str) else message
            before = _fingerprint(room)
            reply = await (host if who == "host" else guest).ask(msg)
            after = _fingerprint(room)
            # The refused player can still play: the game was not disturbed.
            ok = await host.ask(protocol.action(0, legal[0]))
            return reply, before, after, ok, room

    reply, before, after, ok, room = run(body())
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert reply["message"]
    assert after == before
    assert ok["type"] == "update" and ok["seq"] == 1


def test_a_repeated_action_is_refused_and_played_once(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, room, _, _ = await _table(server)
            action = protocol.action(0, update["observation"]["legal_actions"][0])
            await host.send(action)
            await host.send(action)                  # e.g. resent after a doubtful network
            first = await host.recv()
            second = await host.recv()
            return first, second, room

    first, second, room = run(body())
    assert first["type"] == "update" and first["seq"] == 1
    assert second["code"] == "stale_seq" and second["seq"] == 1
    assert len(room.actions) == 1


def test_handshake_refusals(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, room, joined, _ = await _table(server)
            replies = {}
            c = await Raw.open(url_of(server))
            replies["action first"] = await c.ask(protocol.action(0, "stop"))
            replies["unknown room"] = await c.ask(protocol.join("ZZZZZZ"))
            replies["full room"] = await c.ask(protocol.join(joined["room"]))
            replies["wrong token"] = await c.ask(protocol.resume(joined["room"], "not-a-token"))
            replies["other room's token"] = await c.ask(protocol.resume("ZZZZZZ", joined["token"]))
            return replies, list(room.connections)

    replies, connections = run(body())
    assert {k: r["code"] for k, r in replies.items()} == {
        "action first": "handshake_required", "unknown room": "no_such_room",
        "full room": "room_full", "wrong token": "bad_token",
        "other room's token": "no_such_room"}
    assert None not in connections          # the seated players were not disturbed


def test_a_flood_is_rate_limited_and_a_persistent_offender_disconnected_while_others_play(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, rate_per_second=10.0, burst=5,
                           max_strikes=8) as server:
            # A game between two well-behaved bots runs beside the offender.
            a, b = await connect_pair(url_of(server), agora=False)
            game = asyncio.gather(Bot(a, "random", seed=1).play(), Bot(b, "random", seed=2).play())
            host, guest, update, room, _, _ = await _table(server)
            before = _fingerprint(room)
            for _ in range(40):
                try:
                    await guest.send({"type": "ping"})
                except Exception:
                    break
            replies = []
            try:
                while True:
                    replies.append(await guest.recv(timeout=3))
            except Exception:
                pass
            await asyncio.wait_for(guest.ws.wait_closed(), 5)
            results = await game
            return (replies, guest.ws.close_code, before, _fingerprint(room), results,
                    list(room.connections))

    replies, close_code, before, after, results, connections = run(body(), timeout=40)
    codes = [r.get("code") for r in replies if r["type"] == "error"]
    assert "rate_limited" in codes
    assert sum(r["type"] == "pong" for r in replies) < 20    # about the burst, not the flood
    assert close_code == protocol.CLOSE_MISBEHAVING
    assert after == before
    assert connections[1] is None and connections[0] is not None
    assert results[0]["winner"] == results[1]["winner"] and results[0]["actions"] > 40


def test_a_message_far_over_the_limit_closes_the_connection(tmp_path):
    async def body():
        async with serving(tmp_path, max_message_bytes=512) as server:
            c = await Raw.open(url_of(server))
            await c.send({"type": "ping", "pad": "x" * 70000})
            await asyncio.wait_for(c.ws.wait_closed(), 5)
            return c.ws.close_code

    assert run(body()) == 1009             # WebSocket "message too big"


def test_rooms_per_address_and_idle_rooms(tmp_path):
    async def body():
        async with serving(tmp_path, rooms_per_address=2, idle_room_seconds=60) as server:
            codes, replies = [], []
            for _ in range(3):
                c = await Raw.open(url_of(server))
                reply = await c.ask(protocol.create())
                replies.append(reply)
                if reply["type"] == "joined":
                    codes.append(reply["room"])
                    await c.close()
            await asyncio.sleep(0.2)                   # the server notices the closes
            server.sweep(now=time.time() + 61)         # an hour later, nobody came back
            late = await Raw.open(url_of(server))
            again = await late.ask(protocol.resume(codes[0], replies[0]["token"]))
            fresh = await late.ask(protocol.create())  # the closed rooms no longer count
            status = server.store.db.execute("SELECT status FROM rooms WHERE code=?",
                                             (codes[0],)).fetchone()[0]
            return replies, again, fresh, status

    replies, again, fresh, status = run(body())
    assert [r["type"] for r in replies] == ["joined", "joined", "error"]
    assert replies[2]["code"] == "too_many_rooms"
    assert again["code"] == "no_such_room"
    assert fresh["type"] == "joined"
    assert status == "closed"                  # kept on disk, marked closed


def test_a_fault_of_the_server_on_one_message_is_said_and_the_connection_goes_on(tmp_path, monkeypatch):
    """A bug met while handling a message (here: the take-back lookup fails) answers
    server_error; the game is unchanged and the same connection keeps playing."""
    from net import referee

    def broken(room, seat):
        raise RuntimeError("planted fault")

    monkeypatch.setattr(referee, "undo_target", broken)

    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, room, joined, _ = await _table(server)
            legal = update["observation"]["legal_actions"]
            await host.send(protocol.action(0, legal[0]))
            await host.recv_type("update")
            before = _fingerprint(room)
            reply = await host.ask(protocol.undo(1))
            after = _fingerprint(room)
            pong = await host.ask({"type": "ping"})
            return reply, before, after, pong

    reply, before, after, pong = run(body())
    assert reply["type"] == "error" and reply["code"] == "server_error"
    assert before == after
    assert pong["type"] == "pong"
