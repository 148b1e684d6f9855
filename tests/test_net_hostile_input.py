"""Messages written to hurt (issue #44, points 1, 2, 8, 9, 10): text that no UTF-8 can hold,
names full of invisible characters, numbers that are not integers, binary frames. Each gets
its documented error before it reaches the store; a fault of the store never leaves a
transaction open, never counts against a player, and never costs anyone a seat."""

import json

import pytest

from net import protocol
from net.rooms import Room
from net.store import Store, StoreError
from net_support import Raw, run, seated_pair, serving, url_of

GAME = (11, 0)     # seat 0 moves first
LONE = '"\\ud800"'    # JSON text for a lone surrogate: valid JSON, not valid Unicode


def _raw(kind, **fields):
    """A message as JSON text, where a value "LONE" becomes a lone surrogate."""
    text = json.dumps({"type": kind, **fields})
    return text.replace('"LONE"', LONE)


_table = seated_pair


# -- point 1: a lone surrogate never reaches the store, and the store always rolls back

def test_a_lone_surrogate_in_a_name_is_refused_and_every_other_game_goes_on(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            replies = []
            for _ in range(11):                      # eleven strangers, one message each
                stranger = await Raw.open(url_of(server))
                replies.append(await stranger.ask(_raw("create", version=1, name="LONE")))
                intruder = await Raw.open(url_of(server))
                replies.append(await intruder.ask(
                    _raw("join", version=1, room=joined["room"], name="LONE")))
                await stranger.close()
                await intruder.close()
            # The unrelated game: nine legal moves, each stored and answered.
            clients = {0: host, 1: guest}
            seqs = []
            for _ in range(9):
                seat = update["to_move"]
                await clients[seat].send(protocol.action(
                    update["seq"], update["observation"]["legal_actions"][0]))
                other = await clients[1 - seat].recv_type("update")
                update = await clients[seat].recv_type("update")
                if update["to_move"] != seat:
                    update = other          # its observation holds the legal actions
                seqs.append(update["seq"])
            return replies, seqs, host.ws.close_code, guest.ws.close_code

    replies, seqs, host_closed, guest_closed = run(body(), 40)
    assert [r.get("code") for r in replies] == ["bad_text"] * 22
    assert all(r["field"] == "name" for r in replies)
    assert seqs == list(range(1, 10))
    assert host_closed is None and guest_closed is None


def test_the_store_rolls_back_whatever_fails_inside_a_transaction(tmp_path):
    store = Store(tmp_path)
    try:
        bad = Room(code="AAAAAA", agora=False, seed=1, first_player=0, names=["\ud800", ""])
        with pytest.raises(StoreError):
            store.add_room(bad)                      # SQLite cannot encode the name
        assert not store.db.in_transaction
        good = Room(code="CCCCCC", agora=False, seed=2, first_player=0, names=["Ann", ""])
        store.add_room(good)                         # the next write starts clean
        assert store.load("CCCCCC").names == ["Ann", ""]
        assert store.load("AAAAAA") is None
    finally:
        store.close()


def test_a_fault_of_the_server_is_never_the_players_strike(tmp_path, monkeypatch):
    """The disk refuses twelve moves in a row: the mover hears server_error each time,
    stays connected (max_strikes is 10), and plays once the disk is back."""
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            real = server.store.save_progress
            failing = {"left": 12}

            def flaky(room, first_new=None):
                if failing["left"] > 0:
                    failing["left"] -= 1
                    raise StoreError("disk full")
                return real(room, first_new)

            monkeypatch.setattr(server.store, "save_progress", flaky)
            action = protocol.action(0, update["observation"]["legal_actions"][0])
            codes = [(await host.ask(action))["code"] for _ in range(12)]
            after = await host.ask(action)
            return codes, after, host.ws.close_code

    codes, after, closed = run(body())
    assert codes == ["server_error"] * 12
    assert after["type"] == "update" and after["seq"] == 1
    assert closed is None


# -- point 2: a seat is taken only once the join is stored and answered

def test_a_join_that_fails_leaves_the_seat_free_for_the_invited_friend(tmp_path, monkeypatch):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host = await Raw.open(url_of(server))
            joined = await host.ask(protocol.create(agora=False, name="Ann"))
            await host.close()                       # the creator's window closes for a while
            stranger = await Raw.open(url_of(server))
            lone = await stranger.ask(_raw("join", version=1, room=joined["room"], name="LONE"))
            # A fault of the store while seating someone (not a database error).
            real = server.store.save_seats
            calls = []

            def broken(room):
                calls.append(room.code)
                if len(calls) == 1:
                    raise RuntimeError("planted fault")
                return real(room)

            monkeypatch.setattr(server.store, "save_seats", broken)
            faulty = await stranger.ask(protocol.join(joined["room"], name="Eve"))
            friend = await Raw.open(url_of(server))
            welcome = await friend.ask(protocol.join(joined["room"], name="Bob"))
            back = await Raw.open(url_of(server))
            resumed = await back.ask(protocol.resume(joined["room"], joined["token"]))
            update = await back.recv_type("update")
            return lone, faulty, welcome, resumed, update

    lone, faulty, welcome, resumed, update = run(body())
    assert lone["code"] == "bad_text" and lone["field"] == "name"
    assert faulty["code"] == "server_error"
    assert welcome["type"] == "joined" and welcome["seat"] == 1 and welcome["started"]
    assert resumed["type"] == "joined" and resumed["seat"] == 0
    assert update["names"] == ["Ann", "Bob"]


# -- point 8: names

def test_names_lose_control_and_invisible_characters_and_are_bounded(tmp_path):
    dirty = "A\x00nn\nLee\x1b[31m\u202eX\u200b\u2028Y"

    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host = await Raw.open(url_of(server))
            joined = await host.ask(protocol.create(agora=False, name=dirty))
            guest = await Raw.open(url_of(server))
            too_long = await guest.ask(protocol.join(joined["room"], name="x" * 41))
            too_many_bytes = await guest.ask(protocol.join(joined["room"], name="\U0001F600" * 31))
            await guest.ask(protocol.join(joined["room"], name="\U0001F600" * 30))
            update = await guest.recv_type("update")
            stored = server.store.load(joined["room"]).names
            return joined, too_long, too_many_bytes, update, stored

    joined, too_long, too_many_bytes, update, stored = run(body())
    shown = update["names"][0]
    assert shown == "Ann Lee[31mX Y"
    assert not any(ch in shown for ch in "\x00\n\x1b\u202e\u200b\u2028")
    assert joined["names"][0] == shown == stored[0]
    assert too_long["code"] == too_many_bytes["code"] == "bad_field"
    assert too_long["field"] == "name"
    assert update["names"][1] == "\U0001F600" * 30


# -- point 9: integers are integers

@pytest.mark.parametrize("kind, fields, field", [
    ("create", {"version": 1, "seat": 1.0}, "seat"),
    ("create", {"version": 1, "seat": True}, "seat"),
    ("create", {"version": 1, "first": 1.0}, "first"),
    ("create", {"version": 1, "first": False}, "first"),
    ("create", {"version": 1, "clock": 10.0}, "clock"),
    ("create", {"version": 1.0}, "version"),
    ("join", {"version": True, "room": "ACDEFG"}, "version"),
    ("resume", {"version": 1, "room": "ACDEFG", "token": "t", "events_seen": 3.0}, "events_seen"),
], ids=["seat float", "seat bool", "first float", "first bool", "clock float", "version float",
        "version bool", "events_seen float"])
def test_numbers_that_are_not_integers_are_refused(tmp_path, kind, fields, field):
    async def body():
        async with serving(tmp_path) as server:
            c = await Raw.open(url_of(server))
            reply = await c.ask({"type": kind, **fields})
            pong = await c.ask({"type": "ping"})
            return reply, pong, len(server.rooms)

    reply, pong, rooms = run(body())
    assert reply["type"] == "error" and reply["code"] == "bad_field" and reply["field"] == field
    assert pong["type"] == "pong" and rooms == 0


def test_a_float_seq_is_refused_in_a_game(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            legal = update["observation"]["legal_actions"][0]
            replies = [await host.ask({"type": "action", "seq": 0.0, "action": legal}),
                       await host.ask({"type": "undo", "seq": False})]
            return replies, len(server.rooms.get(joined["room"]).actions)

    replies, played = run(body())
    assert [r["code"] for r in replies] == ["bad_field", "bad_field"]
    assert played == 0


# -- point 10: lone surrogates elsewhere, binary frames

def test_lone_surrogates_in_a_room_code_or_an_action_get_their_error_not_a_drop(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            stranger = await Raw.open(url_of(server))
            replies = [await stranger.ask(_raw("join", version=1, room="LONE")),
                       await stranger.ask(_raw("resume", version=1, room="LONE", token="t")),
                       await host.ask(_raw("action", seq=0, action="LONE"))]
            pongs = [await stranger.ask({"type": "ping"}), await host.ask({"type": "ping"})]
            return replies, pongs

    replies, pongs = run(body())
    assert [(r["code"], r["field"]) for r in replies] == [("bad_text", "room"), ("bad_text", "room"),
                                                          ("bad_text", "action")]
    assert [p["type"] for p in pongs] == ["pong", "pong"]


def test_a_binary_frame_is_refused_as_not_text(tmp_path):
    async def body():
        async with serving(tmp_path) as server:
            c = await Raw.open(url_of(server))
            refused = await c.ask(b'{"type": "ping"}')
            refused_create = await c.ask(json.dumps(protocol.create()).encode())
            pong = await c.ask({"type": "ping"})
            return refused, refused_create, pong, len(server.rooms)

    refused, refused_create, pong, rooms = run(body())
    assert refused["code"] == refused_create["code"] == "not_text"
    assert pong["type"] == "pong" and rooms == 0
