"""Secrets stay secret online: the stream one client receives during an Agora game holds
nothing its seat could not see. Every update is checked against `observation(seat)` and
`events_for(seat)` at its position, and the other seat's kept Conspiracies and Great Library
draw (this seeded game has both) never appear anywhere in the stream before the game ends."""

import asyncio
import json

from net.bot import Bot
from net_support import connect_pair, json_data, local_views, run, serving, url_of

# Game seed, first player and the two random bots' seeds of a game (found by search) in
# which seat 1 draws with The Great Library and keeps a Conspiracy it never triggers.
GAME = (207, 1)
BOT_SEEDS = (425, 426)


def _strings(value, out):
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)
    return out


def _keys(value, out):
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


def test_a_clients_stream_holds_only_what_its_seat_may_see(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            a, b = await connect_pair(url_of(server), agora=True)
            streams = {0: [a.joined], 1: [b.joined]}

            async def play(client, seed):
                bot = Bot(client, "random", seed=seed)
                async for msg in client.messages():
                    streams[client.seat].append(msg)
                    if msg["type"] == "update" and msg["to_move"] == client.seat:
                        legal = msg["observation"]["legal_actions"]
                        choice = legal[0] if len(legal) == 1 else bot.rng.choice(legal)
                        await client.act(choice)

            await asyncio.gather(play(a, BOT_SEEDS[0]), play(b, BOT_SEEDS[1]))
            return a.record, streams

    record, streams = run(body(), timeout=40)
    final, _ = local_views(record, 0)
    events = final.events
    # The game really has the secrets this test is about.
    library = {t for e in events if e.kind == "progress" and e.action == "drawn" and e.player == 1
               for t in [e.token]}
    kept = {e.conspiracy for e in events if e.kind == "conspiracy" and e.action == "kept"
            and e.player == 1}
    triggered = {e.conspiracy for e in events if e.kind == "conspiracy" and e.action == "triggered"}
    assert library and kept - triggered, "the seeded game no longer has the secrets under test"

    for seat in (0, 1):
        state, views = local_views(record, seat)
        masked = [json_data(e.to_dict()) for e in state.events_for(seat)]
        stream = streams[seat]
        over_at = next(i for i, m in enumerate(stream) if m["type"] == "over")
        updates = [m for m in stream[:over_at] if m["type"] == "update"]
        assert [m["seq"] for m in updates] == list(range(len(record["actions"]) + 1))
        for msg in updates:
            observation, count = views[msg["seq"]]
            assert msg["observation"] == observation
            assert msg["events"] == masked[msg["events_from"]:count]
        # Nothing before the end names the seed (it would give away every hidden card).
        assert all("seed" not in _keys(m, set()) for m in stream[:over_at])

        # Names the other seat keeps secret and this seat never learns by the rules.
        other = 1 - seat
        secret = ({e.token for e in events if e.kind == "progress" and e.action == "drawn"
                   and e.player == other}
                  | {e.conspiracy for e in events if e.kind == "conspiracy"
                     and e.action in ("drawn", "kept") and e.player == other})
        learned = _strings(masked, set())
        for observation, _ in views:
            _strings(observation, learned)
        hidden = secret - learned
        if seat == 0:
            assert hidden, "seat 0 should never learn some of seat 1's secrets in this game"
        text = "\n".join(json.dumps(m) for m in stream[:over_at])
        for name in hidden:
            assert name not in text, f"seat {seat} received {name!r}, a secret of seat {other}"
