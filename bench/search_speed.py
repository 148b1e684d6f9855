"""Search speed of `hard` and evaluate(), and a check that a speed-up changed no result.

    python bench/search_speed.py [--iterations 200] [--repeat 1]
    python bench/search_speed.py --commit REV [--iterations 200] [--repeat 1] [--rounds 3]

A fixed set of positions is reached by seeded random play, in both rule sets and at the
start, middle and end of each Age (`POSITIONS`). On every position:
  - `hard` chooses with a fixed number of iterations and a fixed seed: its action and the
    visit count (and summed value) of every root child are recorded;
  - the one-ply player (`HeuristicPlayer`; `normal` before it searched) chooses (fixed
    seed): its action is recorded;
  - evaluate() is computed for both seats on the position and on the position after each
    legal action (exact float values are recorded).
On every ENDGAME_POSITIONS entry (late Age III) the exact end-of-game search
(game/ai/endgame.py) solves the full state: its values are recorded.
It prints hard's iterations per second (CPU time of the fixed-iteration searches),
evaluate() calls per second and exact endgame solves per second.

--commit REV runs the same in a temporary `git worktree` of REV (removed at the end, also
on Ctrl-C), each side in its own process importing its own checkout's engine and AI, then
prints "identical" or every difference, and both speeds side by side (the sides run
alternately `--rounds` times; each keeps its best figures).
`--worker ROOT` is the child mode: it imports the code of ROOT and prints JSON.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (agora, seed, Age, cards already taken in that Age) -> the first turn decision reached
# by seeded random play from new_game(seed) with that many cards gone in that Age.
POSITIONS = [(agora, seed, age, taken)
             for agora in (False, True)
             for age, taken in ((1, 2), (2, 1), (2, 10), (3, 4), (3, 14), (3, 16))
             for seed in (1, 2)]
# Late Age III positions for the exact end-of-game search alone (game/ai/endgame.py),
# solved on the full state from the mover's seat: as many cards left as it starts at.
ENDGAME_POSITIONS = [(agora, seed, 3, 20 - (4 if agora else 6))
                     for agora in (False, True) for seed in range(1, 7)]
HARD_SEED = 7
NORMAL_SEED = 11


# ------------------------------------------------------------------ worker (child process)

def reach(new_game, agora, seed, age, taken):
    """The position of POSITIONS' entry, or None if random play ended the game before it."""
    import random
    for attempt in range(50):            # a random game may end early: try the next stream
        rng = random.Random(seed * 1000 + attempt)
        s = new_game(seed, agora=agora)
        while not s.is_terminal:
            if (s.phase == "play" and s.age == age and s.decision == "turn"
                    and len(s.layout) - s.remaining >= taken):
                return s
            if s.age > age:
                break
            s.apply(rng.choice(s.legal_actions()))
    return None


def work(iterations, repeat):
    """Measure and record on the positions with the `game` package on sys.path."""
    from game import new_game
    from game.ai.evaluate import evaluate
    from game.ai.heuristic import HeuristicPlayer
    from game.ai.mcts import SearchPlayer

    positions = []
    for key in POSITIONS:
        s = reach(new_game, *key)
        if s is not None:
            positions.append((key, s))
    records = []
    search_seconds = {False: 0.0, True: 0.0}
    search_iterations = {False: 0, True: 0}
    for key, s in positions:
        agora = key[0]
        me = s.current_player
        obs = s.observation(me)
        legal = s.legal_actions()
        rec = {"position": list(key), "decision": s.decision}
        for _ in range(repeat):
            hard = SearchPlayer(seed=HARD_SEED, iterations=iterations)
            t0 = time.process_time()
            action = hard.choose(obs, legal)
            if hard.last_iterations:     # not decided by a tactic or the exact endgame
                search_seconds[agora] += time.process_time() - t0
                search_iterations[agora] += hard.last_iterations
        rec["hard"] = str(action)
        # Set when the exact end-of-game search (game/ai/endgame.py) decided.
        exact = hard.last_exact
        rec["exact"] = sorted([str(a), repr(v)] for a, v in exact.items()) if exact else None
        root = hard.last_root
        rec["visits"] = sorted([str(a), c.n, repr(c.w)] for a, c in root.children.items()) if root else []
        rec["normal"] = str(HeuristicPlayer(seed=NORMAL_SEED).choose(obs, legal))
        after = [s]
        for a in legal:
            c = s.clone(record=False)
            c.apply(a)
            after.append(c)
        rec["evaluate"] = [[repr(evaluate(c, 0)), repr(evaluate(c, 1))] for c in after]
        rec["_states"] = after
        records.append(rec)
    endgame_seconds, endgame_solves = solve_endgames(new_game, records, repeat)
    # evaluate() speed: every recorded state, both seats, several rounds.
    states = [c for rec in records for c in rec.pop("_states")]
    calls = 0
    t0 = time.process_time()
    while True:
        for c in states:
            evaluate(c, 0)
            evaluate(c, 1)
        calls += 2 * len(states)
        spent = time.process_time() - t0
        if spent > 2.0 * repeat:
            break
    speed = {"evaluate_per_second": calls / spent,
             "endgame_solves": endgame_solves, "endgame_seconds": endgame_seconds}
    for agora in (False, True):
        label = "agora" if agora else "base"
        speed[label + "_iterations"] = search_iterations[agora]
        speed[label + "_seconds"] = search_seconds[agora]
    return {"records": records, "speed": speed}


def solve_endgames(new_game, records, repeat):
    """Solve ENDGAME_POSITIONS exactly and record the values; return (CPU seconds, solves)."""
    from game.ai import endgame
    seconds, solves = 0.0, 0
    for key in ENDGAME_POSITIONS:
        s = reach(new_game, *key)
        if s is None:
            continue
        for _ in range(repeat):
            t0 = time.process_time()
            values = endgame.solve([s], s.current_player)
            seconds += time.process_time() - t0
            solves += 1
        exact = sorted([str(a), repr(v)] for a, v in values.items()) if values else None
        records.append({"position": list(key) + ["endgame"], "exact": exact, "hard": "",
                        "visits": [], "normal": "", "evaluate": [], "_states": []})
    return seconds, solves


def worker_main(root, iterations, repeat):
    sys.path.insert(0, root)
    out = work(iterations, repeat)
    sys.stdout.write(json.dumps(out) + "\n")


# ------------------------------------------------------------------ parent

def run_side(root, iterations, repeat):
    """Run the worker on the code at `root` in its own process; return its JSON."""
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", root,
           "--iterations", str(iterations), "--repeat", str(repeat)]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=root, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"the worker on {root} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def speed_lines(speed):
    out = []
    for label in ("base", "agora"):
        n, sec = speed[label + "_iterations"], speed[label + "_seconds"]
        out.append((f"hard iterations/s ({label})", n / sec if sec else 0.0))
    out.append(("evaluate() calls/s", speed["evaluate_per_second"]))
    if speed.get("endgame_seconds"):
        out.append(("exact endgame solves/s", speed["endgame_solves"] / speed["endgame_seconds"]))
    return out


def differences(new, old):
    """Every way the new records differ from the old ones (empty: identical)."""
    diffs = []
    old_by = {tuple(r["position"]): r for r in old["records"]}
    new_by = {tuple(r["position"]): r for r in new["records"]}
    if set(old_by) != set(new_by):
        diffs.append(f"positions reached differ: {sorted(set(old_by) ^ set(new_by))}")
    for key in sorted(set(old_by) & set(new_by)):
        a, b = new_by[key], old_by[key]
        where = f"position {key}"
        if a["hard"] != b["hard"]:
            diffs.append(f"{where}: hard chose {a['hard']!r} (was {b['hard']!r})")
        visits_new = [(x[0], x[1]) for x in a["visits"]]
        visits_old = [(x[0], x[1]) for x in b["visits"]]
        if visits_new != visits_old:
            diffs.append(f"{where}: root visit counts differ")
        elif a["visits"] != b["visits"]:
            diffs.append(f"{where}: root visit counts equal, summed values differ in the last bits")
        if a.get("exact") != b.get("exact"):
            diffs.append(f"{where}: the exact end-of-game values differ")
        if a["normal"] != b["normal"]:
            diffs.append(f"{where}: one-ply chose {a['normal']!r} (was {b['normal']!r})")
        if a["evaluate"] != b["evaluate"]:
            n = sum(1 for x, y in zip(a["evaluate"], b["evaluate"]) if x != y)
            worst = max((abs(float(u) - float(v)) for x, y in zip(a["evaluate"], b["evaluate"])
                         for u, v in zip(x, y)), default=0.0)
            diffs.append(f"{where}: evaluate() differs on {n} states (largest difference {worst:.3g})")
    return diffs


def best_speed(a, b):
    """The faster of two measurements of the same side, figure by figure."""
    out = dict(a)
    if b["evaluate_per_second"] > a["evaluate_per_second"]:
        out["evaluate_per_second"] = b["evaluate_per_second"]
    for label in ("base", "agora", "endgame"):
        n, sec = label + ("_solves" if label == "endgame" else "_iterations"), label + "_seconds"
        if b.get(sec) and (not a.get(sec) or b[n] / b[sec] > a[n] / a[sec]):
            out[n], out[sec] = b[n], b[sec]
    return out


def compare(commit, iterations, repeat, rounds):
    resolved = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet",
                               commit + "^{commit}"], capture_output=True, text=True)
    if resolved.returncode != 0:
        sys.exit(f"--commit: {commit!r} is not a commit of this repository")
    rev = resolved.stdout.strip()
    where = tempfile.mkdtemp(prefix="search-speed-")
    os.rmdir(where)
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))     # cleaned up by the finally
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "--quiet", where, rev],
                   check=True)
    try:
        print(f"{rev[:7]} checked out at {where} (removed at the end)")
        sys.stdout.flush()
        # The sides alternate, `rounds` times each, and each keeps its best speed: the
        # machine's other work slows whichever side it meets, not one side always.
        old = run_side(where, iterations, repeat)
        new = run_side(ROOT, iterations, repeat)
        for _ in range(rounds - 1):
            old["speed"] = best_speed(old["speed"], run_side(where, iterations, repeat)["speed"])
            new["speed"] = best_speed(new["speed"], run_side(ROOT, iterations, repeat)["speed"])
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", where], check=False)
    diffs = differences(new, old)
    n = len(new["records"])
    if diffs:
        print(f"DIFFERENT on {n} positions:")
        for d in diffs:
            print("  " + d)
    else:
        print(f"identical: hard's actions and root visits ({iterations} iterations), one-ply's "
              f"actions and evaluate() values on {n} positions")
    print(f"best of {rounds} alternating run(s) per side, CPU time")
    print(f"{'':28}{'working tree':>14}{rev[:7]:>14}{'ratio':>8}")
    for (label, a), (_, b) in zip(speed_lines(new["speed"]), speed_lines(old["speed"])):
        print(f"{label:28}{a:14.1f}{b:14.1f}{a / b if b else 0.0:8.2f}")
    return 1 if diffs else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="", help="compare with this earlier commit")
    parser.add_argument("--iterations", type=int, default=200, help="hard's iterations per search")
    parser.add_argument("--repeat", type=int, default=1, help="searches per position (timing)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="--commit: alternating runs per side (best speed kept)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.repeat < 1 or args.rounds < 1:
        parser.error("--iterations, --repeat and --rounds must be at least 1")
    if args.worker:
        return worker_main(args.worker, args.iterations, args.repeat)
    if args.commit:
        return compare(args.commit, args.iterations, args.repeat, args.rounds)
    out = run_side(ROOT, args.iterations, args.repeat)
    print(f"{len(out['records'])} positions, hard with {args.iterations} iterations, "
          f"{args.repeat} search(es) each (CPU time)")
    for label, value in speed_lines(out["speed"]):
        print(f"{label:28}{value:12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
