"""Strength ladder of the AI players (Agora on, seats alternating, seeded).

    python bench/ai_ladder.py [--random-games 200] [--easy-games 100] [--hard-games 100]
                              [--hard-seconds 0.5] [--workers 2] [--seed 0] [--base-only]
                              [--only normal-random,normal-easy,hard-normal,easy-random | --only '']
                              [--time-ladder N]

Matches (player A vs player B) and what they should show:
  normal vs random   normal wins at least 95% of 200 games
  normal vs easy     easy loses clearly
  hard   vs normal   hard wins at least 75% of 100 games (at --hard-seconds per decision)
  easy   vs random   easy is still far better than random
With --time-ladder N, `hard` also plays N games against `normal` at 0.1 s and 1.0 s per
decision, and N games hard@1.0s against hard@0.1s, to show that more time plays better.

Game i of a match puts A in seat i % 2, and the first player alternates every two games,
so both players get both seats and both starting positions. Every game is seeded
(game seed = --seed + i; player seeds derived from it). Games run in parallel processes.
Prints, per match, the win rate of each player with the game count, draws, victories by
kind per player, and the mean / p95 decision time of each player.
"""

import argparse
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402
from game.ai import make_player  # noqa: E402

KINDS = ("military", "science", "political", "civilian")
MATCHES = ("normal-random", "normal-easy", "hard-normal", "easy-random")


def play(job):
    """One game: returns (index, winner as 'A'/'B'/None, victory, times A, times B, error)."""
    i, a_name, b_name, a_think, b_think, seed, agora = job
    a_seat = i % 2
    first = (i // 2) % 2
    names = [None, None]
    names[a_seat], names[1 - a_seat] = a_name, b_name
    thinks = [None, None]
    thinks[a_seat], thinks[1 - a_seat] = a_think, b_think
    players = [make_player(names[q], seed * 7919 + 31 * i + q, thinks[q]) for q in (0, 1)]
    times = [[], []]
    try:
        s = new_game(seed + i, agora=agora, first_player=first)
        while not s.is_terminal:
            p = s.current_player
            legal = s.legal_actions()
            obs = s.observation(p) if players[p].needs_observation else None
            t0 = time.perf_counter()
            action = players[p].choose(obs, legal)
            times[p].append(time.perf_counter() - t0)
            s.apply(action)
    except Exception as exc:          # counted and shown, never fatal for the ladder
        return i, None, "error", times[a_seat], times[1 - a_seat], repr(exc)
    r = s.result
    winner = None if r.winner is None else ("A" if r.winner == a_seat else "B")
    return i, winner, r.victory, times[a_seat], times[1 - a_seat], None


def _ms(values):
    if not values:
        return "-"
    v = sorted(values)
    mean = 1000 * sum(v) / len(v)
    p95 = 1000 * v[min(len(v) - 1, int(0.95 * len(v)))]
    return f"{mean:.1f}/{p95:.1f} ms"


def match(a, b, games, seed, agora, workers, a_think=None, b_think=None, label=None):
    jobs = [(i, a, b, a_think, b_think, seed, agora) for i in range(games)]
    start = time.perf_counter()
    results = []
    if workers > 1:
        with Pool(workers) as pool:
            for res in pool.imap_unordered(play, jobs):
                results.append(res)
    else:
        results = [play(j) for j in jobs]
    seconds = time.perf_counter() - start
    wins = {"A": 0, "B": 0}
    kinds = {"A": dict.fromkeys(KINDS, 0), "B": dict.fromkeys(KINDS, 0)}
    draws = errors = 0
    times = {"A": [], "B": []}
    messages = []
    for i, winner, victory, ta, tb, err in sorted(results):
        times["A"] += ta
        times["B"] += tb
        if err:
            errors += 1
            messages.append(f"  game {i}: {err}")
            continue
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
            kinds[winner][victory] += 1
    played = games - errors
    name_a = label[0] if label else a
    name_b = label[1] if label else b
    print(f"{name_a} vs {name_b}: {games} games ({'Agora' if agora else 'base game'}, "
          f"seats alternating, seed {seed}), {seconds:.0f} s")
    for key, name in (("A", name_a), ("B", name_b)):
        rate = 100.0 * wins[key] / played if played else 0.0
        by = ", ".join(f"{k} {v}" for k, v in kinds[key].items())
        print(f"  {name:<14} wins {wins[key]:>4}/{played} = {rate:5.1f}%   by kind: {by}"
              f"   decision mean/p95 {_ms(times[key])}")
    print(f"  draws {draws}, errors {errors}")
    for m in messages[:5]:
        print(m)
    sys.stdout.flush()
    return wins, played


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=200)
    parser.add_argument("--easy-games", type=int, default=100)
    parser.add_argument("--hard-games", type=int, default=100)
    parser.add_argument("--hard-seconds", type=float, default=0.5,
                        help="thinking time of `hard` per decision in the ladder (default 0.5)")
    parser.add_argument("--time-ladder", type=int, default=0, metavar="N",
                        help="also play N games hard@0.1s and hard@1.0s vs normal, and hard@1.0s vs hard@0.1s")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--base-only", action="store_true", help="base game without Agora")
    parser.add_argument("--only", default=",".join(MATCHES),
                        help="comma-separated matches to play (empty: none, e.g. with --time-ladder)")
    args = parser.parse_args(argv)
    agora = not args.base_only
    wanted = set(filter(None, args.only.split(",")))
    unknown = wanted - set(MATCHES)
    if unknown:
        parser.error(f"--only: unknown match {', '.join(sorted(unknown))} "
                     f"(choose from {', '.join(MATCHES)})")
    print(f"AI ladder: hard thinks {args.hard_seconds} s per decision; {args.workers} workers")
    if "normal-random" in wanted and args.random_games:
        match("normal", "random", args.random_games, args.seed, agora, args.workers)
    if "normal-easy" in wanted and args.easy_games:
        match("normal", "easy", args.easy_games, args.seed, agora, args.workers)
    if "easy-random" in wanted and args.easy_games:
        match("easy", "random", args.easy_games, args.seed, agora, args.workers)
    if "hard-normal" in wanted and args.hard_games:
        match("hard", "normal", args.hard_games, args.seed, agora, args.workers,
              a_think=args.hard_seconds, label=(f"hard@{args.hard_seconds}s", "normal"))
    if args.time_ladder:
        for secs in (0.1, 1.0):
            match("hard", "normal", args.time_ladder, args.seed + 10_000, agora, args.workers,
                  a_think=secs, label=(f"hard@{secs}s", "normal"))
        # Head to head: the most direct measure of what the extra time buys.
        match("hard", "hard", args.time_ladder, args.seed + 20_000, agora, args.workers,
              a_think=1.0, b_think=0.1, label=("hard@1.0s", "hard@0.1s"))


if __name__ == "__main__":
    main()
