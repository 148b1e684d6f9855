"""The Rust rules core against game/: random playouts per CPU-second from the start of Age I,
base and Agora, side by side, in one run (issue #45). Prints figures; asserts nothing.

    python bench/core_speed.py [--starts N] [--seconds S] [--rounds R]

For each rule set, N games are dealt by game/ (seeds 0..N-1) and their Wonder drafts played
at random: those positions, the start of Age I, are the starting points of both engines.
game/   `clone(record=False)` of a start, then uniformly random actions to the end (the
        AI's search path: no events).
core    `agora_native.Core.playouts`: copies of a start played to the end at random inside
        the core (the GIL released), the same starts in turn.
Each side runs for about S CPU-seconds (time.process_time, one thread), R rounds that
alternate the two sides so a busy machine's load falls on both alike; the table gives each
side's median and the median of the rounds' ratios. Also: one state
copy plus one apply in nanoseconds (copy a start position, apply one of its legal actions:
the search's inner step, averaged over a million), and the bytes of one core state.
The anchor (indjev99's C++ MCTS) plays about 40,000 base playouts per CPU-second from
Age I, quoted beside the figures. Targets: the core >= 100x game/, >= 80,000 base playouts
per CPU-second on one core, a state <= 512 bytes.
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.setup import new_game  # noqa: E402
from game.ai import native  # noqa: E402

ANCHOR_BASE = 40_000


def age_one_start(seed, agora):
    state = new_game(seed, agora=agora)
    rng = random.Random(seed)
    while state.phase == "draft":
        state.apply(rng.choice(state.legal_actions()))
    return state.clone(record=False)


def python_rate(starts, seconds):
    rng = random.Random(1)
    games = 0
    t0 = time.process_time()
    while True:
        s = starts[games % len(starts)].clone(record=False)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        games += 1
        spent = time.process_time() - t0
        if spent >= seconds:
            return games / spent


def core_rate(cores, seconds):
    games = 0
    batch = 200
    t0 = time.process_time()
    while True:
        for i, c in enumerate(cores):
            c.playouts(batch, games + i)
            games += batch
        spent = time.process_time() - t0
        if spent >= seconds:
            return games / spent


def copy_apply_ns(core, n=1_000_000):
    t0 = time.process_time()
    core.copy_apply_loop(n)
    return (time.process_time() - t0) / n * 1e9


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--starts", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    if not native.AVAILABLE:
        print(native.WHY_NOT)
        return 1
    print(f"CPU time per side and round ~{args.seconds:g} s, {args.rounds} rounds, "
          f"{args.starts} Age I starts per rule set, one thread\n")
    rows = []
    for label, agora in (("base", False), ("Agora", True)):
        starts = [age_one_start(seed, agora) for seed in range(args.starts)]
        cores = [native.NativeState.from_state(s)._c for s in starts]
        pys, nats = [], []
        for _ in range(args.rounds):
            pys.append(python_rate(starts, args.seconds))
            nats.append(core_rate(cores, args.seconds))
            print(f"  {label}: game/ {pys[-1]:,.0f}/s, core {nats[-1]:,.0f}/s, x{nats[-1] / pys[-1]:,.0f}",
                  flush=True)
        ratio = statistics.median(n / p for n, p in zip(nats, pys))
        ns = copy_apply_ns(cores[0])
        rows.append((label, statistics.median(pys), statistics.median(nats), ratio, ns))
    print()
    print("| playouts per CPU-second from Age I (median) | game/ | core | core / game/ (median of rounds) | anchor (C++) |")
    print("|---|---:|---:|---:|---:|")
    for label, py, nat, ratio, _ in rows:
        anchor = f"~{ANCHOR_BASE:,}" if label == "base" else "-"
        print(f"| {label} | {py:,.0f} | {nat:,.0f} | x{ratio:,.0f} | {anchor} |")
    print()
    for label, _, _, _, ns in rows:
        print(f"{label}: one state copy + one apply: {ns:,.0f} ns")
    print(f"bytes per state: {native.state_bytes()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
