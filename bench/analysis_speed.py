"""How long the post-game analysis takes, and how stable its turning points are.

    python bench/analysis_speed.py [--games 2] [--seconds 0.15] [--seed 100]

Plays `normal` against `normal` (Agora), analyses each game with the window's budget per
decision (ui/scenes/analysis.py: 0.15 s) and prints per game: decisions, searched
positions, wall time, and the turning points found.
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.analysis import analyse  # noqa: E402
from game.savegame import SavedGame  # noqa: E402
from game.setup import new_game  # noqa: E402


def play(seed):
    s = new_game(seed, agora=True, first_player=seed % 2)
    bots = [make_player("one-ply", seed), make_player("one-ply", seed + 1)]
    saved = SavedGame(seed=seed, first_player=seed % 2)
    while not s.is_terminal:
        p = s.current_player
        a = bots[p].choose(s.observation(p), s.legal_actions())
        s.apply(a)
        saved.record(s, a)
    return saved


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    for seed in range(args.seed, args.seed + args.games):
        saved = play(seed)
        t0 = time.perf_counter()
        result = analyse(saved, seconds=args.seconds)
        took = time.perf_counter() - t0
        searched = sum(1 for i in result.insights if i is not None)
        points = ", ".join(f"#{p.decision + 1} -{p.drop:.0%}" for p in result.turning_points) or "none"
        print(f"seed {seed}: {len(result.series)} decisions, {searched} searched, {took:.1f} s "
              f"({took / max(1, searched):.2f} s each); turning points: {points}")


if __name__ == "__main__":
    main()
