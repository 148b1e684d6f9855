"""Connections fail; games do not. A client whose connection drops reconnects on its own
and finishes; a client that is gone entirely comes back with its seat's token; a server
killed with SIGKILL in the middle of two games is restarted and both games go on from
exactly where they were, and end as the same actions end locally."""

import asyncio
import os
import signal

from net.bot import Bot
from net.client import Client
from net_support import (connect_pair, free_port, json_data, replay_record, run, serving,
                         start_server_process, url_of)


def _assert_matches_local(client):
    local = replay_record(client.record)
    assert local.is_terminal
    assert client.result == json_data(local.result.to_dict())
    assert client.events == [json_data(e.to_dict()) for e in local.events_for(client.seat)]


def test_a_dropped_connection_reconnects_on_its_own_and_the_game_finishes(tmp_path):
    async def body():
        async with serving(tmp_path) as server:
            a, b = await connect_pair(url_of(server), agora=True)
            drops = []
            presence = []

            async def cut(bot, update):
                if update["seq"] >= 10 and not drops:
                    drops.append(update["seq"])
                    bot.client.drop()              # as a network failure would

            async def watch(client, seed):
                bot = Bot(client, "random", seed=seed)
                async for msg in client.messages():
                    if msg["type"] == "presence":
                        presence.append(msg)
                    if msg["type"] == "update" and msg["to_move"] == client.seat:
                        await client.act(bot.rng.choice(msg["observation"]["legal_actions"]))

            await asyncio.gather(Bot(a, "random", seed=1, before_action=cut).play(), watch(b, 2))
            return a, b, drops, presence

    a, b, drops, presence = run(body(), timeout=40)
    assert drops and a.reconnections >= 1
    assert a.record == b.record
    _assert_matches_local(a)
    _assert_matches_local(b)
    # The other player saw its opponent leave and come back.
    assert [p["connected"] for p in presence if p["seat"] == 0][:2] == [False, True]


def test_a_client_that_is_gone_comes_back_with_its_token_and_finishes(tmp_path):
    async def body():
        async with serving(tmp_path) as server:
            a, b = await connect_pair(url_of(server), agora=False)
            room, token = a.room, a.token
            gone = asyncio.Event()

            async def vanish(bot, update):
                if update["seq"] >= 12:
                    bot.client.drop()
                    gone.set()
                    raise asyncio.CancelledError  # the process is gone: it never reconnects

            async def first_life():
                try:
                    await Bot(a, "random", seed=1, before_action=vanish).play()
                except asyncio.CancelledError:
                    pass

            async def second_life():
                await gone.wait()
                fresh = Client(url_of(server), "A again", give_up_after=20)   # knows nothing
                joined = await fresh.resume(room, token)
                assert joined["seat"] == 0 and "token" not in joined
                await Bot(fresh, "random", seed=3).play()
                return fresh

            _, fresh, _ = await asyncio.gather(first_life(), second_life(),
                                               Bot(b, "random", seed=2).play())
            return fresh, b

    fresh, b = run(body(), timeout=40)
    assert fresh.record == b.record and fresh.result == b.result
    _assert_matches_local(fresh)              # its whole account, from the first event
    _assert_matches_local(b)


def test_a_server_killed_with_sigkill_resumes_every_game_where_it_was(tmp_path):
    data, port = tmp_path / "data", free_port()
    proc, _ = start_server_process(data, port)
    url = f"ws://127.0.0.1:{port}"
    killed = {}

    async def body():
        nonlocal proc
        pairs = [await connect_pair(url, agora=True), await connect_pair(url, agora=False)]
        seen_after = {}

        async def kill_once(bot, update):
            nonlocal proc
            if update["seq"] >= 15 and not killed:
                killed.update({c.room: c.seq for pair in pairs for c in pair[:1]})
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
                proc, _ = await asyncio.to_thread(start_server_process, data, port)

        async def play(client, seed, hook=None):
            bot = Bot(client, "random", seed=seed)
            restored = False
            async for msg in client.messages():
                if msg["type"] == "connection" and msg["status"] == "restored":
                    restored = True
                elif msg["type"] == "update" and restored and client.room not in seen_after:
                    seen_after[client.room] = msg["seq"]
                if msg["type"] == "update" and msg["to_move"] == client.seat:
                    if hook is not None:
                        await hook(bot, msg)
                    await client.act(bot.rng.choice(msg["observation"]["legal_actions"]))
            return bot.summary()

        await asyncio.gather(play(pairs[0][0], 1, kill_once), play(pairs[0][1], 2),
                             play(pairs[1][0], 3), play(pairs[1][1], 4))
        return pairs, seen_after

    try:
        pairs, seen_after = run(body(), timeout=50)
    finally:
        proc.kill()
        proc.wait(timeout=10)
    for a, b in pairs:
        assert a.reconnections >= 1 and b.reconnections >= 1
        assert a.record == b.record
        _assert_matches_local(a)
        _assert_matches_local(b)
        # Every action a player had been told of was still there after the restart.
        assert seen_after[a.room] >= killed[a.room]
        assert len(a.record["actions"]) > seen_after[a.room]
