"""Rules engine speed: random complete games per second on one core, on the two paths the
engine serves, and the median time of one `legal_actions()` + `apply()` step. Prints
figures; asserts nothing.

    python bench/engine_speed.py [--games N] [--seed S]
    python bench/engine_speed.py --against COMMIT [--rounds R] [--games N] [--seed S]

recorded  a game as the window and the server play it: `new_game()` then random actions,
          every change reported as events (game.events), kept in `State.events`.
search    the AI's path: a start state copied with `clone(record=False)`, then random
          actions; no event is built (the start states are made before the clock starts).

--against COMMIT puts that commit's `game/` and `data/` in a temporary folder (or takes a
folder that holds them, for a machine without the repository's history) and runs this
same script on both codes, each in its own process, alternating which goes first round by
round so the machine's load falls on both alike; it prints each round, then per path the
median games/s of each side with its spread (min-max over the rounds) and the median of
the per-round ratios (this tree / COMMIT).

Goals (issue #2/#3): base game >= 1,000 games/s, Agora >= 700 games/s on one core.
CPU time (process_time) is used so other work on the machine disturbs the figures less.
Both paths replay the same games (same seeds, same random choices); an untimed first pass
fills the engine's price memo so neither timed pass starts colder than the other.
"""

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULE_SETS = (("base", False, 1000), ("agora", True, 700))


def play(state, rng):
    actions = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def recorded(new_game, games, seed, agora):
    """Games/s of new games played with events, and the mean number of events per game."""
    rng = random.Random(seed)
    events = 0
    start = time.process_time()
    for i in range(games):
        s = new_game(seed + i, agora=agora)
        play(s, rng)
        events += len(s.events)
    return games / (time.process_time() - start), events / games


def search(new_game, games, seed, agora):
    """Games/s of the same games played from unrecorded copies; actions per game."""
    starts = [new_game(seed + i, agora=agora) for i in range(games)]
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for s in starts:
        actions += play(s.clone(record=False), rng)
    return games / (time.process_time() - start), actions / games


def step_time(new_game, games, seed, agora):
    """Median microseconds of one legal_actions() + apply() on the recorded path."""
    rng = random.Random(seed)
    samples = []
    clock = time.perf_counter_ns
    for i in range(games):
        s = new_game(seed + i, agora=agora)
        while not s.is_terminal:
            t0 = clock()
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            samples.append(clock() - t0)
    return statistics.median(samples) / 1000.0


def measure(root, games, seed, steps=True):
    """Every figure for the engine found under `root`, as a dict per rule set."""
    sys.path.insert(0, root)
    from game import new_game
    new_game(0), new_game(0, agora=False)          # load data and warm caches
    figures = {}
    for name, agora, _ in RULE_SETS:
        search(new_game, games, seed, agora)       # untimed: fills the price memo
        rec_rate, events = recorded(new_game, games, seed, agora)
        search_rate, length = search(new_game, games, seed, agora)
        figures[name] = {"recorded": rec_rate, "search": search_rate, "actions": length,
                         "events": events}
        if steps:
            figures[name]["step_us"] = step_time(new_game, max(1, games // 5), seed, agora)
    return figures


def report(figures):
    for name, _, goal in RULE_SETS:
        f = figures[name]
        print(f"{name:5}: recorded {f['recorded']:7.1f} games/s, search {f['search']:7.1f} "
              f"games/s (goal {goal}); {f['actions']:.1f} actions, {f['events']:.0f} events "
              f"per game; median legal_actions+apply {f['step_us']:.1f} us")


# ------------------------------------------------------------------ side by side

def checkout(commit, into):
    """The commit's game/ and data/ extracted under `into` (no git worktree to clean up)."""
    archive = subprocess.run(["git", "-C", HERE, "archive", "--format=tar", commit, "game", "data"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into)


def child(root, games, seed):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", root,
                          "--games", str(games), "--seed", str(seed)],
                         check=True, capture_output=True, text=True, cwd=root).stdout
    return json.loads(out.strip().splitlines()[-1])


def side_by_side(commit, rounds, games, seed):
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        if os.path.isdir(os.path.join(commit, "game")):
            tmp = os.path.abspath(commit)        # a folder already holding game/ and data/
        else:
            checkout(commit, tmp)
        sides = {"this": HERE, commit: tmp}
        runs = {side: [] for side in sides}
        for r in range(rounds):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for side in order:
                runs[side].append(child(sides[side], games, seed))
            print(f"round {r + 1}: " + "; ".join(
                f"{side} " + ", ".join(f"{name} rec {runs[side][-1][name]['recorded']:.0f} "
                                       f"search {runs[side][-1][name]['search']:.0f}"
                                       for name, _, _ in RULE_SETS)
                for side in sides), flush=True)
    print(f"\n{games} games per path and rule set, {rounds} rounds; games/s median (min-max); "
          f"ratio this / {commit}: median of the rounds' ratios (min-max), and of the best runs")
    for name, _, _ in RULE_SETS:
        for path in ("recorded", "search"):
            cells, best = [], []
            for side in sides:
                rates = [run[name][path] for run in runs[side]]
                best.append(max(rates))          # the run the machine's load disturbed least
                cells.append(f"{side} {statistics.median(rates):6.1f} "
                             f"({min(rates):.0f}-{max(rates):.0f})")
            ratios = [a[name][path] / b[name][path] for a, b in zip(runs["this"], runs[commit])]
            print(f"{name:5} {path:8}: " + "  ".join(cells) +
                  f"  ratio {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
                  f", best {best[0] / best[1]:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per path and rule set (default 1000; 300 with --against)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="compare with this commit's engine")
    parser.add_argument("--rounds", type=int, default=5, help="side-by-side rounds (--against)")
    parser.add_argument("--child", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.games, args.seed, steps=False)))
    elif args.against:
        side_by_side(args.against, args.rounds, args.games or 300, args.seed)
    else:
        report(measure(HERE, args.games or 1000, args.seed))


if __name__ == "__main__":
    main()
