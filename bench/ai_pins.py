"""Look for positions that pin `hard`: Age III turns where some move wins and another
loses against best play, the pure-Python `hard` (9c5c6fa's search, mcts.SearchPlayer)
picks a losing one and the core's `hard` a winning one.

    python bench/ai_pins.py --games 40 --seed 0 [--agora] [--cards 8,9,10,11]
        [--old-iterations 300] [--new-iterations 2000] [--wonders]
    python bench/ai_pins.py --records h05.games.jsonl agora.jsonl [--cards ...]

Games between two `normal` players (the core's), or recorded games (the anchor kit's
games.jsonl, `../shared/tools/ai-anchor/`, base game; bench/ai_vs_commit.py's logs, either
rules: each replayed from its seed and first player) give the positions; the truth is the
core's exact search on the real state (perfect information) and, to be fair to a player
who cannot see face-down cards, a win in at least 6 of 8 determinizations of the mover's
observation (what it cannot see may still differ). Prints one JSON line per pin: seed,
actions played to reach it (the history, replayable with game.new_game(seed) + apply), the
two choices and their exact values, and its kind: how the exact lines after the winning
and the losing move end (`kind`). data/ai_pins.json holds a selection of these lines.
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


def best_line(s, first):
    """The game's end after `first`, both sides playing the core's exact search on the
    real state: (winner, victory)."""
    s = s.clone()
    s.apply(s.parse_action(first))
    while not s.is_terminal:
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
            continue
        values = exact([s], s.current_player, s.agora)
        s.apply(s.parse_action(max(values, key=values.get)))
    return s.result.winner, s.result.victory


def kind(s, new, old):
    """What the pin is about: the winning move's finish, or what the losing move lets the
    opponent do (a denial, a defence), or a Wonder race when the winning move is a Wonder."""
    me = s.current_player
    win_by = best_line(s, new)[1]
    old_winner, old_by = best_line(s, old)
    if "political" in (win_by, old_by):
        return "political", win_by, old_by
    if old_winner == 1 - me and old_by == "science":
        return "science denial", win_by, old_by
    if old_winner == 1 - me and old_by == "military":
        return "military defence", win_by, old_by
    if win_by in ("military", "science"):
        return f"{win_by} finish", win_by, old_by
    if new.startswith("wonder"):
        return "Wonder race", win_by, old_by
    return "civilian", win_by, old_by


def check(s, seed, history, args, extra):
    """Print the position if it pins `hard` (see the module docstring); the cheap tests
    first: the exact value on the real state, then the old search's choice."""
    p = s.current_player
    truth = exact([s], p, s.agora)
    if not truth or not {outcome(v) for v in truth.values()} >= {1, -1}:
        return
    if args.wonders and not any(outcome(v) == 1 for a, v in truth.items() if a.startswith("wonder")):
        return
    obs = s.observation(p)
    old = SearchPlayer(seed=0, iterations=args.old_iterations).choose(obs, s.legal_actions())
    ov = truth.get(str(old))
    if ov is None or outcome(ov) == 1:
        return
    new = NativeSearchPlayer(seed=0, iterations=args.new_iterations).choose(obs, s.legal_actions())
    nv = truth.get(str(new))
    if nv is None or outcome(nv) < 1:
        return
    det = Determinizer(obs)
    rng = random.Random(seed)
    samples = [exact([det.sample(rng)], p, s.agora) for _ in range(8)]
    if sum(1 for x in samples if x and outcome(x.get(str(new), -100)) == 1) < 6:
        return
    what, win_by, old_by = kind(s, str(new), str(old))
    print(json.dumps({"seed": seed, "agora": s.agora, **extra, "plies": len(history), "history": history,
                      "cards": s.remaining, "seat": p, "old": str(old), "old_value": ov,
                      "new": str(new), "new_value": nv, "pawn": s.pawn, "kind": what,
                      "victory": win_by, "old_loses_by": old_by}), flush=True)


def from_records(path, args, cards):
    """The anchor kit's games.jsonl (base) or bench/ai_vs_commit.py's log (either rules)."""
    for line in open(path):
        g = json.loads(line)
        agora = bool(g.get("agora"))
        first = g.get("first_player", g.get("first"))
        moves = g["actions"] if "actions" in g else [m[2] for m in g["moves"]]
        s = new_game(g["seed"], agora=agora, first_player=first)
        history = []
        for text in moves:
            if s.is_terminal:
                break
            if s.age == 3 and s.decision == "turn" and s.remaining in cards and len(s.legal_actions()) > 2:
                check(s, g["seed"], history, args, {"first_player": first,
                                                     "source": f"{os.path.basename(path)} game {g['seed']}"})
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
    ap.add_argument("--wonders", action="store_true",
                    help="only positions in which building a Wonder wins (a Wonder race)")
    ap.add_argument("--records", nargs="+", help="games.jsonl of the anchor kit or logs of "
                    "bench/ai_vs_commit.py: their positions")
    args = ap.parse_args()
    cards = {int(x) for x in args.cards.split(",")}
    if args.records:
        for path in args.records:
            from_records(path, args, cards)
        return
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
