"""A level of the working tree against a level of an earlier commit, at equal time.

    python bench/ai_vs_commit.py --commit a5ff885 [--new hard] [--old hard] [--games 40]
                                 [--seconds 0.5] [--new-seconds S] [--old-seconds S]
                                 [--rules base,agora] [--seed 0] [--log games.jsonl]
                                 [--workers 1]
    python bench/ai_vs_commit.py --summarize games.jsonl [--new hard --old hard]

The earlier commit is checked out into a temporary `git worktree` (removed at the end),
and the working tree's `game/` and `data/` are copied aside when the run starts, so edits
made while it runs do not change the player being measured.
Each side is its own process (`bench/ai_child.py`) importing its own checkout's code; the
working tree's engine referees and sends each side the state, from which the side's own
code builds the observation of its seat: no side sees more than its observation.
Game i puts the new player in seat i % 2, and the first player alternates every two games.
Prints per rule set: wins of each side with a 95 % Wilson interval, draws and errors,
victories by kind, and each side's mean / p95 decision time. Games run one at a time,
or --workers at a time (each game's two sides then share the machine with the others:
use at most one worker per free core, or the time budgets stop being comparable).
--log writes one JSON line per game (seed, seats, winner, victory, actions) to replay it.
"""

import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import new_game  # noqa: E402
from game.serialize import encode  # noqa: E402

CHILD = os.path.join(ROOT, "bench", "ai_child.py")
KINDS = ("military", "science", "political", "civilian")


def wilson(wins, n, z=1.96):
    """95 % Wilson score interval of a proportion, as (low, high)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


LIVE = set()          # the players' processes still running (stopped on SIGTERM)
STOPPING = []         # set once the run is terminated: games not started yet are skipped


def terminate(*_):
    """SIGTERM: stop every player's process, so the games in progress end at once, skip the
    rest, and leave through the `finally` that removes the temporary checkout."""
    STOPPING.append(True)
    for proc in list(LIVE):
        proc.kill()
    sys.exit(1)


class Side:
    """A player running in a child process on the code of `root`."""

    def __init__(self, root, level, seed, seconds):
        cmd = [sys.executable, CHILD, "--root", root, "--player", level, "--seed", str(seed)]
        if seconds is not None:
            cmd += ["--think", str(seconds)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, cwd=root)
        LIVE.add(self.proc)

    def choose(self, state, game, actions):
        request = {"state": encode(state), "game": game, "actions": actions}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the player's process ended unexpectedly")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply["action"], reply["seconds"], reply.get("iterations")

    def close(self):
        LIVE.discard(self.proc)
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def play(i, seed, agora, sides):
    """Game i: returns a record (winner 'new'/'old'/None, victory, points, times, actions)."""
    new_seat = i % 2
    first = (i // 2) % 2
    roots, levels, secs = sides
    seats = [None, None]
    seats[new_seat], seats[1 - new_seat] = "new", "old"
    if STOPPING:
        return {"game": i, "seed": seed + i, "agora": agora, "first": first,
                "new_seat": new_seat, "winner": None, "victory": "error", "error": "terminated",
                "times": {"new": [], "old": []}, "iterations": {}, "actions": []}
    players = [Side(roots[seats[q]], levels[seats[q]], seed * 7919 + 31 * i + q, secs[seats[q]])
               for q in (0, 1)]
    times = {"new": [], "old": []}
    searched = {"new": [], "old": []}
    actions = []
    rec = {"game": i, "seed": seed + i, "agora": agora, "first": first, "new_seat": new_seat}
    try:
        s = new_game(seed + i, agora=agora, first_player=first)
        game = {"seed": seed + i, "agora": agora, "first": first}
        while not s.is_terminal:
            p = s.current_player
            text, seconds, iterations = players[p].choose(s, game, actions)
            times[seats[p]].append(seconds)
            if iterations:
                searched[seats[p]].append(iterations)
            action = s.parse_action(text)
            actions.append(str(action))
            s.apply(action)
        r = s.result
        rec.update(winner=None if r.winner is None else seats[r.winner], victory=r.victory,
                   points=[r.scores[0].get("total"), r.scores[1].get("total")])
    except Exception as exc:              # counted and shown, never fatal for the match
        rec.update(winner=None, victory="error", error=f"{type(exc).__name__}: {exc}")
    finally:
        for pl in players:
            pl.close()
    rec["times"] = times
    rec["iterations"] = searched
    rec["actions"] = actions
    return rec


def _ms(values):
    if not values:
        return "-"
    v = sorted(values)
    return f"{1000 * sum(v) / len(v):.0f}/{1000 * v[min(len(v) - 1, int(0.95 * len(v)))]:.0f} ms"


def _iterations(values):
    return f"   search iterations mean {sum(values) / len(values):.0f}" if values else ""


def report(label, records, names):
    errors = [r for r in records if r["victory"] == "error"]
    played = [r for r in records if r["victory"] != "error"]
    n = len(played)
    print(f"{label}: {len(records)} games, {len(errors)} errors")
    for side in ("new", "old"):
        wins = sum(1 for r in played if r["winner"] == side)
        lo, hi = wilson(wins, n)
        by = ", ".join(f"{k} {sum(1 for r in played if r['winner'] == side and r['victory'] == k)}"
                       for k in KINDS)
        times = [t for r in records for t in r["times"][side]]
        print(f"  {names[side]:<24} wins {wins:>3}/{n} = {100 * wins / max(1, n):5.1f}% "
              f"(95% {100 * lo:.0f}-{100 * hi:.0f}%)   by kind: {by}   decision mean/p95 {_ms(times)}"
              + _iterations([x for r in records for x in r.get("iterations", {}).get(side, [])]))
    print(f"  draws {sum(1 for r in played if r['winner'] is None)}")
    for r in errors[:5]:
        print(f"  game {r['game']} (seed {r['seed']}): {r['error']}")
    sys.stdout.flush()


def checkout(commit, where):
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--quiet", where, commit],
                   check=True)


def remove(where):
    subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", where], check=False)


def snapshot(where):
    """Copy the working tree's engine, AI and data: the new side plays this copy."""
    for part in ("game", "data"):
        shutil.copytree(os.path.join(ROOT, part), os.path.join(where, part),
                        ignore=shutil.ignore_patterns("__pycache__"))


def summarize(path, new, old):
    try:
        with open(path) as f:
            records = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as exc:
        sys.exit(f"cannot read {path}: {exc}")
    for agora in (False, True):
        part = [r for r in records if r["agora"] == agora]
        if part:
            report("Agora" if agora else "base game", part,
                   {"new": f"{new} (working tree)", "old": f"{old} (earlier commit)"})


def timed(level, seconds):
    """The level's label: `hard` shows its thinking time; the other levels ignore it."""
    return f"{level}@{seconds}s" if level == "hard" else level


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="", help="the earlier commit (any git revision)")
    parser.add_argument("--new", default="hard", help="level of the working tree (default hard)")
    parser.add_argument("--old", default=None, help="level of the earlier commit (default: --new)")
    parser.add_argument("--games", type=int, default=40, help="games per rule set")
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="time per decision, both sides (only `hard` takes a thinking time)")
    parser.add_argument("--new-seconds", type=float, default=None)
    parser.add_argument("--old-seconds", type=float, default=None)
    parser.add_argument("--rules", default="base,agora", help="base, agora or base,agora")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="games played at the same time")
    parser.add_argument("--log", default=None, help="write one JSON line per game here")
    parser.add_argument("--summarize", default=None, metavar="LOG",
                        help="print the report of a --log file (e.g. of a run cut short) and stop")
    args = parser.parse_args(argv)
    if args.summarize:
        return summarize(args.summarize, args.new, args.old or args.new)
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    if not rules or any(r not in ("base", "agora") for r in rules):
        parser.error("--rules: choose base, agora or base,agora")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if not args.commit:
        parser.error("--commit is required")
    old_level = args.old or args.new
    resolved = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet",
                               args.commit + "^{commit}"], capture_output=True, text=True)
    if resolved.returncode != 0:
        parser.error(f"--commit: {args.commit!r} is not a commit of this repository")
    commit = resolved.stdout.strip()
    secs = {"new": args.new_seconds if args.new_seconds is not None else args.seconds,
            "old": args.old_seconds if args.old_seconds is not None else args.seconds}
    names = {"new": f"{timed(args.new, secs['new'])} (working tree)",
             "old": f"{timed(old_level, secs['old'])} ({commit[:7]})"}
    where = tempfile.mkdtemp(prefix="ai-vs-commit-")
    os.rmdir(where)
    copy = tempfile.mkdtemp(prefix="ai-vs-commit-new-")
    # A terminated run still removes its temporary checkout (via the finally below).
    signal.signal(signal.SIGTERM, terminate)
    checkout(commit, where)
    log = open(args.log, "w") if args.log else None
    try:
        snapshot(copy)
        sides = ({"new": copy, "old": where}, {"new": args.new, "old": old_level}, secs)
        print(f"{names['new']} vs {names['old']}, seats and first player alternating")
        print(f"  {commit[:7]} checked out at {where} (removed at the end)")
        for rule in rules:
            agora = rule == "agora"
            start = time.perf_counter()
            records = []
            # Each game drives its own two child processes: threads only wait on them.
            with ThreadPoolExecutor(max_workers=args.workers) as pool:
                for rec in pool.map(lambda i: play(i, args.seed, agora, sides), range(args.games)):
                    records.append(rec)
                    if log:
                        log.write(json.dumps(rec) + "\n")
                        log.flush()
            report(f"{'Agora' if agora else 'base game'} (seed {args.seed}, "
                   f"{time.perf_counter() - start:.0f} s)", records, names)
    finally:
        if log:
            log.close()
        remove(where)
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
