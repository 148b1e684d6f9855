"""Fit the core's learned evaluation (native/src/evaluate.rs) for the search's playout cutoff.

For each Age boundary (the start of Age II, of Age III) the core plays playouts from many
starts to that boundary and, from each position reached, `k` playouts to the end
(`NativeState.cutoff_samples`); a logistic model over the position's features is fitted to
the mean results by Newton's method (cross-entropy on soft labels, no intercept: the
features are antisymmetric between the seats). Prints the held-out fit, writes the weights.

    python tools/fit_cutoff_eval.py --rules base --starts 400 --per-start 100 --k 8 \
        --out data/ai_cutoff_eval.json
"""

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench.core_speed import age_one_start  # noqa: E402
from game.ai import native  # noqa: E402
from game.ai.native_search import NativeSearchPlayer  # noqa: E402


def samples(agora, starts, per_start, k, stop_age, seed):
    params = NativeSearchPlayer().playout_params(agora)
    keep = ("science", "military", "politics", "senate", "lookahead", "deny", "card_first",
            "finishes", "redeal")
    opts = {key: params[key] for key in keep if key in params}
    rows = []
    for i in range(starts):
        core = native.NativeState.from_state(age_one_start(seed + i, agora))
        rows += core._c.cutoff_samples(per_start, k, stop_age, seed * 7919 + i, **opts)
    return rows


def sigmoid(z):
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def solve(a, b):
    """Solve a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][j] * x[j] for j in range(c + 1, n))) / m[c][c]
    return x


def fit(rows, ridge=1.0, steps=8):
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(steps):
        g = [0.0] * n
        h = [[0.0] * n for _ in range(n)]
        for x, y in rows:
            nz = [(i, a) for i, a in enumerate(x) if a]
            p = sigmoid(sum(a * w[i] for i, a in nz))
            e, v = p - y, p * (1 - p)
            for i, a in nz:
                g[i] += e * a
                va = v * a
                hi = h[i]
                for j, b in nz:
                    hi[j] += va * b
        for i in range(n):
            g[i] += ridge * w[i]
            h[i][i] += ridge
        step = solve(h, g)
        w = [a - b for a, b in zip(w, step)]
    return w


def report(rows, w):
    """Mean cross-entropy and Brier score of the model, and of a constant one half."""
    ce = br = ce0 = br0 = 0.0
    for x, y in rows:
        p = min(1 - 1e-9, max(1e-9, sigmoid(sum(a * b for a, b in zip(x, w)))))
        ce -= y * math.log(p) + (1 - y) * math.log(1 - p)
        br += (p - y) ** 2
        ce0 += math.log(2)
        br0 += (0.5 - y) ** 2
    n = len(rows)
    return ce / n, br / n, ce0 / n, br0 / n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", choices=("base", "agora"), default="base")
    ap.add_argument("--starts", type=int, default=400)
    ap.add_argument("--per-start", type=int, default=100)
    ap.add_argument("--k", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="write {rules: [[Age II weights], [Age III weights]]} here")
    args = ap.parse_args(argv)
    agora = args.rules == "agora"
    weights = []
    for stop_age in (2, 3):
        t0 = time.perf_counter()
        rows = samples(agora, args.starts, args.per_start, args.k, stop_age, args.seed)
        random.Random(stop_age).shuffle(rows)
        cut = len(rows) * 4 // 5
        w = fit(rows[:cut])
        ce, br, ce0, br0 = report(rows[cut:], w)
        print(f"Age {stop_age} start: {len(rows)} positions ({time.perf_counter() - t0:.0f} s); "
              f"held out: cross-entropy {ce:.4f} (constant {ce0:.4f}), Brier {br:.4f} (constant {br0:.4f})")
        print("  weights:", " ".join(f"{x:+.3f}" for x in w))
        weights.append([round(x, 5) for x in w])
    if args.out:
        data = {}
        if os.path.exists(args.out):
            with open(args.out, encoding="utf-8") as f:
                data = json.load(f)
        data[args.rules] = weights
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
