"""Rules engine speed: random complete games per second on one core, on the two paths the
engine serves, and the median time of one `legal_actions()` + `apply()` step. Prints
figures; asserts nothing.

    python bench/engine_speed.py [--games N] [--seed S]
    python bench/engine_speed.py --against COMMIT [--rounds R] [--games N] [--seed S]
    python bench/engine_speed.py --against COMMIT --instructions [--games N] [--seed S]

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

--instructions counts instructions instead of seconds (valgrind's cachegrind, so the
machine's load does not move the figures): every figure is the difference between two
runs of one child process, one that plays the counted games and one that stops before them,
divided by the games, so start-up (Python, the data) cancels out. Per path, rule set and
side it prints instructions per game and the ratio COMMIT / this (how many times faster):
  recorded        the timed mode's recorded pass: the start states made and the untimed
                  search pass first (price memo warm), then N recorded games from new_game();
                  THE TARGET'S FIGURE (issue #35: recorded >= 1.5x, search >= 1.0x)
  recorded cold   N recorded games straight after loading the data: what the first games
                  of a fresh process (the window) pay, events never seen before included
  search          the timed mode's search pass, after the same set-up as `recorded`
The child runs with PYTHONHASHSEED=0 so two runs execute the same code; valgrind is slow
(~50x), hence the default of 40 games.

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
import re
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


def count_child(root, games, seed, agora, parts):
    """The work the instruction count measures, for one rule set: `parts` lists what to do
    after loading ('setup': start states and the untimed search pass; 'recorded',
    'search': the counted passes); the parent subtracts a run that leaves the last part out."""
    sys.path.insert(0, root)
    from game import new_game
    new_game(0), new_game(0, agora=False)          # load data and warm caches, as measure()
    if "setup" in parts:
        search(new_game, games, seed, agora)       # start states; fills the price memo
    if "recorded" in parts:
        recorded(new_game, games, seed, agora)
    if "search" in parts:
        search(new_game, games, seed, agora)


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


def instructions(root, games, seed, agora, parts):
    """Instructions valgrind counts in one child process (count_child)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable,
                          os.path.abspath(__file__), "--child", root, "--count", ",".join(parts),
                          "--rules", "agora" if agora else "base", "--games", str(games),
                          "--seed", str(seed)],
                         capture_output=True, text=True, cwd=root, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode or not found:
        raise SystemExit(f"valgrind run failed ({root}, {parts}):\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


# figure -> (the parts of the counted run, the parts of the run it is compared with)
COUNTED = {
    "recorded": (("setup", "recorded"), ("setup",)),
    "recorded cold": (("recorded",), ()),
    "search": (("setup", "search"), ("setup",)),
}


def count_side_by_side(sides, games, seed):
    """Instructions per game of each figure, rule set and side; prints as it goes."""
    commit = list(sides)[1]
    print(f"instructions per game (valgrind, difference of two runs, {games} games each); "
          f"ratio {commit} / this", flush=True)
    for name, agora, _ in RULE_SETS:
        for figure, (counted, before) in COUNTED.items():
            per_game = {}
            for side, root in sides.items():
                totals = {}
                for parts in (counted, before):
                    if parts not in totals:
                        totals[parts] = instructions(root, games, seed, agora, parts)
                per_game[side] = (totals[counted] - totals[before]) / games
            this, base = per_game["this"], per_game[commit]
            print(f"{name:5} {figure:13}: {commit} {base / 1e6:6.2f} M  this {this / 1e6:6.2f} M"
                  f"  ratio {base / this:.2f}", flush=True)


def side_by_side(commit, rounds, games, seed, count=False):
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        if os.path.isdir(os.path.join(commit, "game")):
            tmp = os.path.abspath(commit)        # a folder already holding game/ and data/
        else:
            checkout(commit, tmp)
        sides = {"this": HERE, commit: tmp}
        if count:
            return count_side_by_side(sides, games, seed)
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
                        help="games per path and rule set (default 1000; 300 with --against, "
                             "40 with --instructions)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="compare with this commit's engine")
    parser.add_argument("--rounds", type=int, default=5, help="side-by-side rounds (--against)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions with valgrind instead of timing (--against)")
    parser.add_argument("--child", metavar="ROOT", help=argparse.SUPPRESS)
    parser.add_argument("--count", help=argparse.SUPPRESS)
    parser.add_argument("--rules", choices=[name for name, _, _ in RULE_SETS],
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child and args.count is not None:
        count_child(args.child, args.games, args.seed, args.rules == "agora",
                    [part for part in args.count.split(",") if part])
    elif args.child:
        print(json.dumps(measure(args.child, args.games, args.seed, steps=False)))
    elif args.against:
        default = 40 if args.instructions else 300
        side_by_side(args.against, args.rounds, args.games or default, args.seed,
                     count=args.instructions)
    else:
        report(measure(HERE, args.games or 1000, args.seed))


if __name__ == "__main__":
    main()
