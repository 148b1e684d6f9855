"""Rules engine speed: random complete games per second on one core, and the median time of
one `legal_actions()` + `apply()` step. Prints figures; asserts nothing.

    python bench/engine_speed.py [--games N] [--seed S]

Goals (issue #2/#3): base game >= 1,000 games/s, Agora >= 700 games/s on one core.
CPU time (process_time) is used so other work on the machine disturbs the figures less.
"""

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402


def run(games, seed, agora):
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for i in range(games):
        s = new_game(seed + i, agora=agora)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
            actions += 1
    seconds = time.process_time() - start
    return games / seconds, actions / games


def step_times(games, seed, agora):
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    new_game(0), new_game(0, agora=False)          # load data and warm caches
    for agora, goal in ((False, 1000), (True, 700)):
        label = "Agora" if agora else "base "
        rate, length = run(args.games, args.seed, agora)
        median_us = step_times(max(1, args.games // 5), args.seed, agora)
        print(f"{label}: {rate:8.1f} random games/s (goal {goal}), {length:.1f} actions/game, "
              f"median legal_actions+apply {median_us:.1f} us")


if __name__ == "__main__":
    main()
