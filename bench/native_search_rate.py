"""The core's search (native/src/search.rs): iterations per CPU-second from the start of
Age I, base and Agora, with the playout options `hard` uses and with each left out. Prints
figures; asserts nothing.

    python bench/native_search_rate.py [--starts 4] [--iterations 40000] [--pool 48] [--threads 4]

For each rule set, `--starts` games are dealt (seeds 0..N-1) and their Wonder drafts played
at random; from each start, `--pool` determinizations of the mover's observation are drawn
(as `hard` does) and one search of `--iterations` iterations runs on them, no priors, one
thread (time.process_time). The median over the starts is printed per option set. With
`--threads K`, `hard`'s options are run again on 1..K threads (`Search.run(threads=k)`, root
parallel: k trees sharing the iterations) and the iterations per wall-clock second printed:
what more cores give, on an otherwise idle machine.
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.core_speed import age_one_start  # noqa: E402
from game.ai import native  # noqa: E402
from game.ai.determinize import Determinizer  # noqa: E402


def rate(agora, starts, iterations, pool_size, options, threads=1, clock=time.process_time):
    rates = []
    for seed in range(starts):
        s = age_one_start(seed, agora)
        me = s.current_player
        det = Determinizer(s.observation(me))
        rng = random.Random(seed)
        pool = [native.NativeState.from_state(det.sample(rng)) for _ in range(pool_size)]
        tree = native.NativeSearch(agora)
        t0 = clock()
        tree.run(pool, me, iterations=iterations, seconds=0.0, seed=seed, priors=[], threads=threads,
                 **options)
        rates.append(iterations / (clock() - t0))
    return statistics.median(rates)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--starts", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=40_000)
    ap.add_argument("--pool", type=int, default=48)
    ap.add_argument("--threads", type=int, default=0, help="also 1..K threads, wall-clock")
    args = ap.parse_args(argv)
    if not native.SEARCH:
        sys.exit(f"the core's search is not built: {native.WHY_NOT}")
    from game.ai.native_search import NativeSearchPlayer
    level = dict(NativeSearchPlayer.search_params)
    variants = [("hard's options " + repr(level), level)]
    variants += [(f"without {k}", {x: v for x, v in level.items() if x != k}) for k in level]
    print(f"{'options':<60} {'base':>10} {'Agora':>10}   (iterations per CPU-second, median)")
    for name, options in variants:
        figures = [rate(agora, args.starts, args.iterations, args.pool, options) for agora in (False, True)]
        print(f"{name:<60} {figures[0]:>10,.0f} {figures[1]:>10,.0f}")
    if args.threads > 0:
        label = "threads (hard's options)"
        print(f"\n{label:<60} {'base':>10} {'Agora':>10}   "
              f"(iterations per wall-clock second, median; {os.cpu_count()} CPUs)")
        for k in range(1, args.threads + 1):
            figures = [rate(agora, args.starts, args.iterations, args.pool, level, k, time.perf_counter)
                       for agora in (False, True)]
            print(f"{k:<60} {figures[0]:>10,.0f} {figures[1]:>10,.0f}")


if __name__ == "__main__":
    main()
