"""Tune the evaluation's per-Age term scales by play (SPSA), for one rule set.

    python tools/tune_term_scales.py --rules base --pairs 8000 --seed 1 [--log tune.jsonl]

`tools/fit_ai_weights.py` fits the scales that best *predict* who wins from a position;
that did not make the AI *choose* better (docs/ai-fit-notes.md). This tool tunes them for
the choices instead, by simultaneous-perturbation stochastic approximation: for every pair
of games it draws a random sign (+1 / -1) for each scale, plays `one-ply` with all scales
multiplied by exp(+c * sign) against `one-ply` with them divided by it (the same deal
twice, seats swapped), and moves the log-scales by `a` x the pair's result x sign / 2c.
Over thousands of pairs the noise of the other scales averages out and each scale drifts
the way that wins more games. `points` stays 1 (the unit) and `pending` stays as it is.

Both players draft by data/ai_choices.json, which the scales do not touch. The one-ply
player's wall-clock limit is lifted and everything is seeded and done in a fixed order:
the same arguments give the same games and the same result. Prints the scales every
`--batch` pairs and at the end the mean of the second half's scales (the tuned scales),
and with `--write` puts them into data/ai_weights.json's "tuned" object for the rule set,
where they replace the fitted scales (game/ai/weights.py). Tuning always starts from the
fitted scales (the file's "term_scale"), so the same arguments give the same file.
Validate by play before keeping them (`bench/ai_variants.py --change
"@TERM_SCALE_BY_RULES=..."`).
"""

import argparse
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import new_game  # noqa: E402
from game.ai import evaluate, heuristic  # noqa: E402
from game.ai.weights import DEFAULT_PATH, TERM_NAMES, load_weights  # noqa: E402

FIXED_TERMS = ("points", "pending")
BASE_ONLY_SKIP = ("senate", "conspiracies")     # terms that are always 0 in the base game


class Scaled(heuristic.HeuristicPlayer):
    """`one-ply` evaluating with its own term scales (set only while it chooses)."""

    def __init__(self, seed, scales, agora):
        super().__init__(seed=seed)
        self.scales = scales
        self.agora = agora

    def choose(self, observation, legal_actions):
        table = evaluate.TERM_SCALE_BY_RULES
        saved = table[self.agora]
        table[self.agora] = self.scales
        try:
            return super().choose(observation, legal_actions)
        finally:
            table[self.agora] = saved


def play_pair(job):
    """Two games of one deal, `plus` in seat 0 then seat 1; returns plus's score - 1
    (from -1: both lost, to +1: both won)."""
    game_seed, first, plus, minus, agora = job
    heuristic.DEEP_SECONDS = 1e9          # the games depend on the arguments only
    score = 0.0
    for plus_seat in (0, 1):
        players = [None, None]
        players[plus_seat] = Scaled(game_seed * 2 + plus_seat, plus, agora)
        players[1 - plus_seat] = Scaled(game_seed * 2 + 1 - plus_seat, minus, agora)
        s = new_game(game_seed, agora=agora, first_player=first)
        while not s.is_terminal:
            p = s.current_player
            legal = s.legal_actions()
            action = legal[0] if len(legal) == 1 else players[p].choose(s.observation(p), legal)
            s.apply(action)
        w = s.result.winner
        score += 0.5 if w is None else (1.0 if w == plus_seat else 0.0)
    return score - 1.0


def scales_from(theta, keys, start):
    out = {name: list(values) for name, values in start.items()}
    for (name, age), value in zip(keys, theta):
        out[name][age] = round(math.exp(value), 4)
    return {name: tuple(values) for name, values in out.items()}


def tune(rules, pairs, batch, seed, a, c, workers, start, log=None, log_file=None):
    """SPSA from the scales `start` ({term: 3 scales}); returns the tuned scales."""
    agora = rules == "agora"
    log = log or (lambda text: print(text, flush=True))
    start = {name: tuple(v) for name, v in start.items()}
    skip = FIXED_TERMS + (() if agora else BASE_ONLY_SKIP)
    keys = [(name, age) for name in TERM_NAMES if name not in skip for age in range(3)]
    theta = [math.log(start[name][age]) for name, age in keys]
    chance = random.Random(seed)
    averaged, counted, done, total = [0.0] * len(keys), 0, 0, 0.0
    began = time.time()
    with Pool(workers) as pool:
        while done < pairs:
            n = min(batch, pairs - done)
            signs = [[chance.choice((-1, 1)) for _ in keys] for _ in range(n)]
            jobs = []
            for j, sign in enumerate(signs):
                plus = [t + c * d for t, d in zip(theta, sign)]
                minus = [t - c * d for t, d in zip(theta, sign)]
                jobs.append((seed * 1_000_003 + done + j, (done + j) % 2,
                             scales_from(plus, keys, start), scales_from(minus, keys, start), agora))
            results = pool.map(play_pair, jobs, chunksize=1)
            for sign, r in zip(signs, results):
                for k, d in enumerate(sign):
                    theta[k] += a * r * d / (2 * c)
                total += r
            done += n
            if done > pairs / 2:
                averaged = [m + t for m, t in zip(averaged, theta)]
                counted += 1
            now = scales_from(theta, keys, start)
            log(f"{done}/{pairs} pairs, {time.time() - began:.0f} s: "
                + " ".join(f"{name}={'/'.join(f'{v:.2f}' for v in now[name])}"
                           for name in dict.fromkeys(n for n, _ in keys)))
            if log_file:
                log_file.write(json.dumps({"pairs": done, "scales": now}) + "\n")
                log_file.flush()
    return scales_from([m / max(1, counted) for m in averaged], keys, start)


def write_tuned(path, rules, settings, tuned):
    """Put the tuned scales of `rules` into the weights file (the rest kept as it is)."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    doc.setdefault("tuned", {})[rules] = {
        "settings": settings, "term_scale": {name: list(tuned[name]) for name in TERM_NAMES}}
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=1) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=("base", "agora"), default="base")
    parser.add_argument("--pairs", type=int, default=8000, help="pairs of games (default 8000)")
    parser.add_argument("--batch", type=int, default=64, help="pairs per update of the scales")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", type=float, default=0.0005, help="step (log-scale per unit)")
    parser.add_argument("--c", type=float, default=0.2, help="perturbation (log-scale)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", default=None, help="JSON lines file of the scales per batch")
    parser.add_argument("--write", action="store_true",
                        help="put the tuned scales into --out (its \"tuned\" object)")
    parser.add_argument("--out", default=str(DEFAULT_PATH), help="the weights file")
    args = parser.parse_args(argv)
    if args.pairs < 2 or args.batch < 1 or args.workers < 1 or args.a <= 0 or args.c <= 0:
        parser.error("--pairs must be at least 2, --batch, --workers, --a and --c positive")
    start = load_weights(args.out).fit_term_scale[args.rules]
    log_file = open(args.log, "w", encoding="utf-8") if args.log else None
    try:
        tuned = tune(args.rules, args.pairs, args.batch, args.seed, args.a, args.c,
                     args.workers, start, log_file=log_file)
    finally:
        if log_file:
            log_file.close()
    print("start:", json.dumps({k: list(v) for k, v in start.items()}))
    print("tuned:", json.dumps({k: list(v) for k, v in tuned.items()}))
    if args.write:
        settings = {"seed": args.seed, "pairs": args.pairs, "batch": args.batch,
                    "a": args.a, "c": args.c}
        write_tuned(args.out, args.rules, settings, tuned)
        print(f"wrote tuned.{args.rules} into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
