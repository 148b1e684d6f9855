"""A bot client: one of the AI levels plays a seat through the protocol (`python -m net.bot`).

    python -m net.bot --url ws://HOST:PORT --create [--base-only] --level normal
    python -m net.bot --url ws://HOST:PORT --room CODE --level random

With --create the room code is printed alone on the first line. With --json one JSON line
ends the output: room, seat, winner, victory, both totals, number of actions.
The bot sees only what its seat receives: the AI levels choose from `observation(seat)`
(docs/engine.md), exactly as they do in the window.
"""

import argparse
import asyncio
import json
import random
import sys

from game.ai import available, make_player
from game.ai.determinize import Determinizer

from .client import Client, ClientError

RETRY = frozenset({"rate_limited", "server_error"})


def choose(player, observation, rng) -> str:
    """The notation of the action `player` picks, from its seat's observation only."""
    legal_text = observation["legal_actions"]
    if len(legal_text) == 1:
        return legal_text[0]
    if not player.needs_observation:              # `random`: any of the notations
        return str(player.choose(observation, legal_text))
    # The AI levels take engine Actions: a state sampled from the observation has the
    # same legal actions as the real game (tests/test_ai.py checks this).
    wanted = set(legal_text)
    legal = [a for a in Determinizer(observation).sample(rng).legal_actions() if str(a) in wanted]
    return str(player.choose(observation, legal))


class Bot:
    """Plays its client's seat until the game is over; `summary()` says how it ended."""

    def __init__(self, client: Client, level="random", seed=0, think=0.0, before_action=None):
        self.client = client
        self.level = level
        self.player = make_player(level, seed)
        self.rng = random.Random(seed)
        self.think = think
        self.before_action = before_action        # async (bot, update) hook, for tests
        self.refusals = []
        self._last = (None, None)

    async def play(self) -> dict:
        async for msg in self.client.messages():
            kind = msg["type"]
            if kind == "update" and msg["to_move"] == self.client.seat:
                observation = msg["observation"]
                if "legal_actions" not in observation:
                    continue
                if self.before_action is not None:
                    await self.before_action(self, msg)
                if self.think:
                    await asyncio.sleep(self.think)
                if self.player.needs_observation:   # a search must not stall the connection
                    notation = await asyncio.to_thread(choose, self.player, observation, self.rng)
                else:
                    notation = choose(self.player, observation, self.rng)
                self._last = (msg["seq"], notation)
                await self.client.act(notation)
            elif kind == "error":
                self.refusals.append(msg)
                await self._retry(msg)
        return self.summary()

    async def _retry(self, error):
        """An action refused for a passing reason (too fast, the disk) is sent again; any
        other refusal waits for the next update."""
        if error.get("in_reply_to") != "action" or error["code"] not in RETRY:
            return
        seq, notation = self._last
        if self.client.seq == seq and self.client.update["to_move"] == self.client.seat:
            await asyncio.sleep(1.0 / float(self.client.limits["rate_per_second"]))
            await self.client.act(notation)

    def summary(self) -> dict:
        result = self.client.result or {}
        scores = result.get("scores") or [{}, {}]
        record = self.client.record or {}
        return {"room": self.client.room, "seat": self.client.seat,
                "winner": result.get("winner"), "victory": result.get("victory"),
                "totals": [scores[0].get("total"), scores[1].get("total")],
                "actions": len(record.get("actions", []))}


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="python -m net.bot",
                                description="An AI player that plays online through a server")
    p.add_argument("--url", required=True, help="server address, ws://HOST:PORT or wss://...")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--create", action="store_true", help="create a room (code printed first)")
    which.add_argument("--room", help="join the room with this code")
    p.add_argument("--base-only", action="store_true", help="with --create: the base game")
    p.add_argument("--clock", type=int, default=0, choices=(0, 10, 20, 30),
                   help="with --create: minutes per player (0: no clock)")
    p.add_argument("--seat", type=int, default=0, choices=(0, 1), help="with --create: seat")
    p.add_argument("--level", default="normal", choices=available())
    p.add_argument("--seed", type=int, default=None, help="the bot's own random seed")
    p.add_argument("--name", default=None, help="display name (default: the level's)")
    p.add_argument("--think", type=float, default=0.0, help="extra seconds before each action")
    p.add_argument("--give-up", type=float, default=120.0,
                   help="seconds of failed reconnection before stopping")
    p.add_argument("--json", action="store_true", help="print a JSON summary line at the end")
    return p.parse_args(argv)


async def run(args) -> dict:
    client = Client(args.url, name=args.name or f"bot ({args.level})", give_up_after=args.give_up)
    if args.create:
        joined = await client.create(agora=not args.base_only, clock=args.clock, seat=args.seat)
        print(joined["room"], flush=True)
    else:
        await client.join(args.room)
    seed = args.seed if args.seed is not None else random.randrange(2 ** 31)
    bot = Bot(client, args.level, seed=seed, think=args.think)
    try:
        return await bot.play()
    finally:
        await client.close()


def main(argv=None):
    args = parse_args(argv)
    try:
        summary = asyncio.run(run(args))
    except ClientError as err:
        print(f"error: {err} ({err.code})", file=sys.stderr)
        return 1
    except (OSError, asyncio.TimeoutError) as err:
        print(f"error: cannot reach {args.url}: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(json.dumps(summary), flush=True)
    else:
        who = "a draw" if summary["winner"] is None else f"seat {summary['winner']} won"
        print(f"room {summary['room']}: {who} ({summary['victory']}), totals "
              f"{summary['totals'][0]}-{summary['totals'][1]}, {summary['actions']} actions; "
              f"this bot played seat {summary['seat']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
