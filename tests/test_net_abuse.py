"""Strangers who push (issue #44, points 4, 5 and 7): guessing room codes is limited per
address across connections, with a cool-down; whatever a stranger does reaches a room's
players at a bounded rate; one address cannot create rooms without end; finished rooms
leave the server's memory once both players have gone (and are read back for a player who
returns), and leave the database after `keep_days`. Loopback only: a second address is
127.0.0.2."""

import asyncio
import subprocess
import sys
import time

from net import protocol
from net_support import ROOT, Raw, python_env, run, serving, url_of

GAME = (11, 0)
OTHER = "127.0.0.2"          # another player's machine


async def _finished_room(server, source=None):
    """A room whose game ended (the guest conceded); both players still connected."""
    host = await Raw.open(url_of(server), source)
    joined = await host.ask(protocol.create(agora=False))
    guest = await Raw.open(url_of(server), source)
    await guest.ask(protocol.join(joined["room"]))
    await guest.send({"type": "concede"})
    await host.recv_type("over")
    await guest.recv_type("over")
    return host, guest, joined


def test_wrong_room_codes_are_limited_per_address_across_connections(tmp_path):
    async def body():
        async with serving(tmp_path, wrong_codes=5, wrong_code_window=60,
                           wrong_code_cooldown=1.5) as server:
            owner = await Raw.open(url_of(server), OTHER)
            joined = await owner.ask(protocol.create(agora=False))
            replies = []
            for guess in ("ACDEFG", "ACDEFH", "ACDEFJ", "ACDEFK", "ACDEFM", "ACDEFN"):
                c = await Raw.open(url_of(server))          # a fresh connection each time
                replies.append(await c.ask(protocol.join(guess)))
                await c.close()
            c = await Raw.open(url_of(server))
            right_code = await c.ask(protocol.join(joined["room"]))     # even the right one
            resume = await c.ask(protocol.resume(joined["room"], joined["token"]))
            # Another address is not held back by this one.
            friend = await Raw.open(url_of(server), OTHER)
            wrong_elsewhere = await friend.ask(protocol.join("ACDEFP"))
            await asyncio.sleep(1.6)                                    # the cool-down ends
            after = await c.ask(protocol.join(joined["room"]))
            return replies, right_code, resume, wrong_elsewhere, after

    replies, right_code, resume, wrong_elsewhere, after = run(body())
    assert [r["code"] for r in replies] == ["no_such_room"] * 5 + ["too_many_wrong_codes"]
    assert right_code["code"] == resume["code"] == "too_many_wrong_codes"
    assert 0 < right_code["retry_in"] <= 1.5
    assert wrong_elsewhere["code"] == "no_such_room"
    assert after["type"] == "joined" and after["seat"] == 1


def test_the_default_limit_makes_guessing_a_code_hopeless():
    """At most wrong_codes guesses per wrong_code_cooldown from one address: with 100
    waiting rooms among 27**6 codes, finding one takes years, not hours."""
    limits = protocol.Limits()
    guesses_per_second = limits.wrong_codes / (limits.wrong_code_window + limits.wrong_code_cooldown)
    rooms, codes = 100, 27 ** 6
    years = codes / rooms / guesses_per_second / (365 * 86400)
    assert years > 1


def test_a_strangers_version_mismatches_reach_the_room_at_a_bounded_rate(tmp_path):
    async def body():
        async with serving(tmp_path, notice_seconds=10) as server:
            host = await Raw.open(url_of(server))
            joined = await host.ask(protocol.create(agora=False))
            for _ in range(30):
                c = await Raw.open(url_of(server), OTHER)
                await c.ask({"type": "join", "version": protocol.VERSION + 1,
                             "room": joined["room"]})
                await asyncio.wait_for(c.ws.wait_closed(), 5)
            await host.send({"type": "ping"})
            seen = []
            while True:
                msg = await host.recv()
                if msg["type"] == "pong":
                    return seen
                seen.append(msg)

    seen = run(body())
    assert [m["type"] for m in seen] == ["notice"]


def test_one_address_cannot_create_rooms_without_end(tmp_path):
    async def body():
        async with serving(tmp_path, rooms_per_hour=3) as server:
            for _ in range(3):
                host, guest, joined = await _finished_room(server)
                await host.close()
                await guest.close()
            late = await Raw.open(url_of(server))
            refused = await late.ask(protocol.create(agora=False))
            elsewhere = await Raw.open(url_of(server), OTHER)
            other = await elsewhere.ask(protocol.create(agora=False))
            return refused, other

    refused, other = run(body())
    assert refused["code"] == "rooms_too_fast" and refused["limit"] == 3
    assert 3500 < refused["retry_in"] <= 3600
    assert other["type"] == "joined"


def test_a_finished_room_leaves_memory_when_both_players_are_gone_and_comes_back_for_them(tmp_path):
    async def body():
        async with serving(tmp_path) as server:
            host, guest, joined = await _finished_room(server)
            code = joined["room"]
            await host.close()
            in_memory_with_one = server.rooms.get(code) is not None
            await guest.close()
            for _ in range(50):
                if server.rooms.get(code) is None:
                    break
                await asyncio.sleep(0.02)
            released = server.rooms.get(code) is None
            back = await Raw.open(url_of(server))
            resumed = await back.ask(protocol.resume(code, joined["token"]))
            update = await back.recv_type("update")
            over = await back.recv_type("over")
            await back.close()
            return in_memory_with_one, released, resumed, update, over

    in_memory_with_one, released, resumed, update, over = run(body())
    assert in_memory_with_one and released
    assert resumed["type"] == "joined" and resumed["over"] is True
    assert update["over"] and over["result"]["victory"] == "concession"


def test_finished_and_closed_rooms_leave_the_database_after_keep_days(tmp_path):
    async def body():
        async with serving(tmp_path, keep_days=30, idle_room_seconds=60) as server:
            host, guest, finished = await _finished_room(server)
            await host.close()
            await guest.close()
            waiting = await Raw.open(url_of(server))
            open_room = await waiting.ask(protocol.create(agora=False))
            await waiting.close()
            await asyncio.sleep(0.2)
            server.sweep(now=time.time() + 3600)           # the waiting room is closed (idle)
            codes_then = server.store.codes()
            server.sweep(now=time.time() + 29 * 86400)     # not yet
            kept = server.store.codes()
            server.sweep(now=time.time() + 31 * 86400)     # a month later: both deleted
            gone = server.store.codes()
            back = await Raw.open(url_of(server))
            resumed = await back.ask(protocol.resume(finished["room"], finished["token"]))
            return finished["room"], open_room["room"], codes_then, kept, gone, resumed

    finished, closed, codes_then, kept, gone, resumed = run(body())
    assert {finished, closed} <= codes_then and {finished, closed} <= kept
    assert not {finished, closed} & gone
    assert resumed["code"] == "no_such_room"


def test_the_new_limits_are_options_of_the_server():
    out = subprocess.run([sys.executable, "-m", "net.server", "--help"], cwd=ROOT,
                         env=python_env(), capture_output=True, text=True, timeout=60).stdout
    for flag in ("--wrong-codes", "--wrong-code-window", "--wrong-code-cooldown",
                 "--rooms-per-hour", "--notice-seconds", "--max-connections", "--keep-days",
                 "--minute-seconds", "--away-claim-seconds"):
        assert flag in out, flag
