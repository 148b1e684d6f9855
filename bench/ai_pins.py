"""Look for positions that pin `hard`: Age III turns where some move wins and another
loses against best play, the pure-Python `hard` (9c5c6fa's search, mcts.SearchPlayer)
picks a losing one and the core's `hard` a winning one.

    python bench/ai_pins.py --games 40 --seed 0 [--agora] [--cards 8,9,10,11]
        [--old-iterations 300] [--new-iterations 2000]
    python bench/ai_pins.py --records h05.games.jsonl [--cards ...]   # games vs the anchor

Games between two `normal` players (the core's), or the recorded games of the anchor kit
(`../shared/tools/ai-anchor/`, base game: each replayed from its seed and first player),
give the positions; the truth is the
core's exact search on the real state (perfect information) and, to be fair to a player
who cannot see face-down cards, a win in at least 6 of 8 determinizations of the mover's
observation (what it cannot see may still differ). Prints one line per pin: seed, actions played to reach it (the
history, replayable with game.new_game(seed) + apply), the two choices and the exact
values, and the victory the winning line ends in.
"""

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402
from game.ai import endgame, native  # noqa: E402
from game.ai.determinize import Determinizer  # noqa: E402
from game.ai.mcts import SearchPlayer  # noqa: E402
from game.ai.native_search import NativeQuickPlayer, NativeSearchPlayer  # noqa: E402


def exact(states, me, agora):
    return native.NativeSearch(agora).solve([native.NativeState.from_state(x) for x in states],
                                            me, 50_000_000, 30.0)


def outcome(v):
    return 1 if v > 50 else -1 if v < -50 else 0


def check(s, seed, history, args, extra):
    """Print the position if it pins `hard` (see the module docstring)."""
    p = s.current_player
    truth = exact([s], p, s.agora)
    if not truth or not {outcome(v) for v in truth.values()} >= {1, -1}:
        return
    obs = s.observation(p)
    det = Determinizer(obs)
    rng = random.Random(seed)
    samples = [exact([det.sample(rng)], p, s.agora) for _ in range(8)]
    old = SearchPlayer(seed=0, iterations=args.old_iterations).choose(obs, s.legal_actions())
    new = NativeSearchPlayer(seed=0, iterations=args.new_iterations).choose(obs, s.legal_actions())
    ov, nv = truth.get(str(old)), truth.get(str(new))
    sure = sum(1 for x in samples if x and outcome(x.get(str(new), -100)) == 1) >= 6
    if ov is not None and nv is not None and outcome(ov) < 1 and outcome(nv) == 1 and sure:
        print(json.dumps({"seed": seed, "agora": s.agora, **extra, "plies": len(history), "history": history,
                          "cards": s.remaining, "seat": p, "old": str(old), "old_value": ov,
                          "new": str(new), "new_value": nv, "pawn": s.pawn}), flush=True)


def from_records(path, args, cards):
    for line in open(path):
        g = json.loads(line)
        s = new_game(g["seed"], agora=False, first_player=g["first_player"])
        history = []
        for _, _, text, _ in g["moves"]:
            if s.is_terminal:
                break
            if s.age == 3 and s.decision == "turn" and s.remaining in cards and len(s.legal_actions()) > 2:
                check(s, g["seed"], history, args, {"first_player": g["first_player"],
                                                     "source": f"anchor game {g['seed']}"})
            s.apply(s.parse_action(text))
            history.append(text)
        print(f"game {g['seed']} done", file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--agora", action="store_true")
    ap.add_argument("--cards", default="8,9,10,11")
    ap.add_argument("--old-iterations", type=int, default=300)
    ap.add_argument("--new-iterations", type=int, default=2000)
    ap.add_argument("--records", help="a games.jsonl of the anchor kit: its positions")
    args = ap.parse_args()
    cards = {int(x) for x in args.cards.split(",")}
    if args.records:
        return from_records(args.records, args, cards)
    for seed in range(args.seed, args.seed + args.games):
        s = new_game(seed, agora=args.agora)
        players = [NativeQuickPlayer(seed * 2 + q) for q in (0, 1)]
        history = []
        while not s.is_terminal:
            p = s.current_player
            if s.age == 3 and s.decision == "turn" and s.remaining in cards and len(s.legal_actions()) > 2:
                check(s, seed, history, args, {"first_player": None, "source": "normal self-play"})
            a = players[p].choose(s.observation(p), s.legal_actions())
            history.append(str(a))
            s.apply(a)


if __name__ == "__main__":
    main()
