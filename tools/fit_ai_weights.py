"""Fit the evaluation's per-Age term scales from self-play, and write data/ai_weights.json.

    python tools/fit_ai_weights.py [--seed 1] [--games 300] [--rounds 2] [--noise 0.05]
                                   [--l2 20] [--out data/ai_weights.json]
    python tools/fit_ai_weights.py --check      # regenerate with the file's own settings
                                                # and verify the committed file matches

How (docs/ai-fit-notes.md):
1. Self-play: `normal` against `normal` in both rule sets, `--games` games each, seeded;
   with probability `--noise` a decision is a uniformly random legal move instead (more
   varied positions). At the start of every turn the evaluation's terms are recorded
   *before* their per-Age scaling (game/ai/evaluate.py `terms` with unit scales), from both
   seats' views, together with the final outcome (1 win, 0 loss, 0.5 draw).
2. Logistic regression of the outcome on the terms, per rule set and per Age, without an
   intercept (the terms are me-minus-opponent), by Newton's method with an L2 penalty
   pulling the coefficients toward the previous scales (so that a rarely-seen term keeps
   its old weight rather than dropping to zero). Every 5th game is held out.
3. A coefficient divided by the coefficient of `points` is the term's scale (a point on the
   score sheet weighs 1), and 1 / coefficient of `points` is the value scale turning the
   evaluation into a winning chance (game/ai/evaluate.py `win_chance`).
4. With `--rounds 2` the games are played again by the player using the scales just fitted
   and the fit is repeated on the new games (the positions a stronger player reaches).

Everything is seeded and computed in a fixed order: the same arguments give a
byte-identical file. Pure Python (no numpy).
"""

import argparse
import contextlib
import hashlib
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.ai.evaluate import TERM_NAMES, WEIGHTS, terms  # noqa: E402
from game.ai import evaluate, heuristic  # noqa: E402
from game.ai.heuristic import HeuristicPlayer, is_followup  # noqa: E402
from game.ai.weights import DEFAULT_PATH, load_weights  # noqa: E402
from game.setup import new_game  # noqa: E402

RULE_SETS = (("base", False), ("agora", True))
HOLD_OUT = 5                 # every 5th game is held out to measure the fit

# The scales the hand-run fit left in game/ai/evaluate.py before this script existed
# (commit 41d6765): the starting player of round 1 and the prior of the L2 penalty.
PREVIOUS_TERM_SCALE = {
    "points": (1.0, 1.0, 1.0),
    "coins": (1.01, 1.44, 1.28),
    "production": (2.87, 2.66, 4.35),
    "military": (1.03, 1.33, 1.07),
    "science": (1.0, 0.85, 0.7),
    "tokens": (0.54, 0.87, 0.76),
    "chains": (3.16, 1.68, 1.0),
    "wonders": (1.04, 0.83, 0.26),
    "senate": (0.72, 0.54, 0.41),
    "conspiracies": (2.22, 1.79, 1.26),
    "pending": (1.0, 1.0, 1.0),
    "tempo": (1.37, 1.06, 0.98),
}
PREVIOUS_VALUE_SCALE = (18.0, 14.0, 10.0)
UNIT_SCALE = {name: (1.0, 1.0, 1.0) for name in TERM_NAMES}


# ------------------------------------------------------------------------- self-play

class ScaledPlayer(HeuristicPlayer):
    """`normal` with given term scales, and a random legal move with probability `noise`.
    It drafts by the evaluation, as when data/ai_weights.json was written (the measured
    Wonder values of data/ai_choices.json came later)."""

    draft_by_values = False

    def __init__(self, seed, term_scale, noise):
        super().__init__(seed=seed)
        self.weights = dict(WEIGHTS, term_scale=term_scale)
        self.noise = noise

    def choose(self, observation, legal_actions):
        if len(legal_actions) > 1 and self.rng.random() < self.noise:
            return self.rng.choice(legal_actions)
        return super().choose(observation, legal_actions)


@contextlib.contextmanager
def fixed_conditions(value_scale):
    """Make the games depend on the arguments only: `normal`'s deep threat check stops at a
    wall-clock deadline (lifted here, so the machine's load does not matter), and its
    winning chances use evaluate.VALUE_SCALE (the round's, not the file's). Restored after."""
    saved = heuristic.DEEP_SECONDS, evaluate.VALUE_SCALE
    heuristic.DEEP_SECONDS, evaluate.VALUE_SCALE = 1e9, tuple(value_scale)
    try:
        yield
    finally:
        heuristic.DEEP_SECONDS, evaluate.VALUE_SCALE = saved


def features(s, me):
    """The evaluation's terms for seat `me`, before their per-Age scaling."""
    raw = terms(s, me, (), dict(WEIGHTS, term_scale=UNIT_SCALE))
    return [raw.get(name, 0.0) for name in TERM_NAMES]


def play_game(seed, agora, term_scale, noise):
    """One self-play game; returns (rows, outcome for seat 0), a row = (age, features of
    seat 0) recorded at the start of each turn."""
    s = new_game(seed, agora=agora, first_player=seed % 2)
    players = [ScaledPlayer(seed * 2 + p, term_scale, noise) for p in (0, 1)]
    rows = []
    while not s.is_terminal:
        if s.decision == "turn" and not is_followup(s):
            rows.append((s.age, features(s, 0)))
        p = s.current_player
        s.apply(players[p].choose(s.observation(p), s.legal_actions()))
    winner = s.result.winner
    return rows, (0.5 if winner is None else 1.0 if winner == 0 else 0.0)


def self_play(seed, games, agora, term_scale, value_scale, noise, log=None):
    """`games` games; returns a list of games, each a list of (age, features, outcome)
    from both seats' views."""
    out = []
    start = time.perf_counter()
    for i in range(games):
        with fixed_conditions(value_scale):
            rows, y = play_game(seed * 100003 + i, agora, term_scale, noise)
        both = []
        for age, x in rows:
            both.append((age, x, y))
            both.append((age, [-v for v in x], 1.0 - y))
        out.append(both)
        if log and (i + 1) % 50 == 0:
            log(f"  {i + 1}/{games} games ({time.perf_counter() - start:.0f} s)")
    return out


# ------------------------------------------------------------------------- the fit

def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def solve(a, b):
    """Solve a x = b (a small symmetric positive definite matrix) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def penalised_loss(xs, ys, beta, prior, l2):
    loss = 0.5 * l2 * sum((b - q) ** 2 for b, q in zip(beta, prior))
    for x, y in zip(xs, ys):
        z = sum(b * v for b, v in zip(beta, x))
        # log(1 + e^z) - y z, computed without overflow
        loss += (z if z > 0 else 0.0) + math.log1p(math.exp(-abs(z))) - y * z
    return loss


def fit_logistic(xs, ys, prior, l2, iterations=30):
    """Coefficients beta minimising the log-loss + l2/2 * |beta - prior|^2 (Newton's
    method with step halving, so that it never increases the loss)."""
    n = len(prior)
    beta = list(prior)
    current = penalised_loss(xs, ys, beta, prior, l2)
    for _ in range(iterations):
        grad = [l2 * (beta[j] - prior[j]) for j in range(n)]
        hess = [[l2 if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            p = sigmoid(sum(b * v for b, v in zip(beta, x)))
            r = p - y
            w = p * (1 - p)
            for i in range(n):
                xi = x[i]
                if xi:
                    grad[i] += r * xi
                    wi = w * xi
                    row = hess[i]
                    for j in range(n):
                        if x[j]:
                            row[j] += wi * x[j]
        step = solve(hess, grad)
        t = 1.0
        while t > 1e-4:
            trial = [b - t * d for b, d in zip(beta, step)]
            loss = penalised_loss(xs, ys, trial, prior, l2)
            if loss <= current:
                break
            t /= 2
        else:
            break
        beta, improvement, current = trial, current - loss, loss
        if improvement < 1e-7 * (1 + abs(current)):
            break
    return beta


def predictions(xs, beta):
    """The predicted chance of each row (kept off 0 and 1)."""
    return [min(1 - 1e-9, max(1e-9, sigmoid(sum(b * v for b, v in zip(beta, x))))) for x in xs]


def mean_log_loss(xs, ys, beta):
    ps = predictions(xs, beta)
    loss = -sum(y * math.log(p) + (1 - y) * math.log(1 - p) for p, y in zip(ps, ys))
    return loss / max(1, len(xs))


def quality(xs, ys, beta):
    """Mean log-loss and accuracy (draws left out of the accuracy) of coefficients beta."""
    right = decided = 0
    for p, y in zip(predictions(xs, beta), ys):
        if y != 0.5:
            decided += 1
            right += (p > 0.5) == (y > 0.5)
    return {"log_loss": round(mean_log_loss(xs, ys, beta), 4),
            "accuracy": round(right / max(1, decided), 4)}


def coefficients(term_scale, value_scale, age):
    """Logistic coefficients of the raw terms (TERM_NAMES order) for given scales."""
    return [term_scale[name][age - 1] / value_scale[age - 1] for name in TERM_NAMES]


def fit(games, term_scale, value_scale, l2, fixed=()):
    """Fit per Age on the training games; returns (term scales, value scales, quality).

    Terms in `fixed` keep their scale relative to points (their column is folded into the
    points column); with every term fixed only the value scale is fitted."""
    free = [n for n in TERM_NAMES if n != "points" and n not in fixed]
    new_scale = {n: list(term_scale[n]) for n in TERM_NAMES}
    new_value = list(value_scale)
    report = {}
    for age in (1, 2, 3):
        k = age - 1
        merged = [(TERM_NAMES.index(n), term_scale[n][k]) for n in TERM_NAMES
                  if n not in free]
        cols = [TERM_NAMES.index(n) for n in free]
        split = {True: ([], [], []), False: ([], [], [])}
        for g, rows in enumerate(games):
            xs, ys, raw = split[g % HOLD_OUT == HOLD_OUT - 1]
            for a, x, y in rows:
                if a == age:
                    xs.append([sum(x[c] * sc for c, sc in merged)] + [x[c] for c in cols])
                    ys.append(y)
                    raw.append(x)
        prior = [1 / value_scale[k]] + [term_scale[n][k] / value_scale[k] for n in free]
        beta = fit_logistic(*split[False][:2], prior, l2)
        point = beta[0]
        if point <= 0:
            raise SystemExit(f"Age {age}: the points coefficient came out {point}: "
                             "not enough games")
        for n, b in zip(free, beta[1:]):
            new_scale[n][k] = round(b / point, 3)
        new_value[k] = round(1 / point, 2)
        held_xs, held_ys, held_raw = split[True]
        report[f"age{age}"] = {
            "train_positions": len(split[False][0]),
            "held_out_positions": len(held_xs),
            "fitted": quality(held_raw, held_ys, coefficients(new_scale, new_value, age)),
            "previous": quality(held_raw, held_ys, coefficients(PREVIOUS_TERM_SCALE,
                                                                PREVIOUS_VALUE_SCALE, age)),
        }
    return new_scale, new_value, report


def cached_self_play(cache, seed, games, agora, term_scale, value_scale, noise, log=None):
    """self_play, kept in the directory `cache` (a development aid: refits without
    replaying); the file name holds every input, the scales by their hash."""
    if not cache:
        return self_play(seed, games, agora, term_scale, value_scale, noise, log)
    key = hashlib.sha1(json.dumps([term_scale, value_scale], sort_keys=True).encode()
                       ).hexdigest()[:10]
    path = os.path.join(cache, f"games-{seed}-{games}-{int(agora)}-{noise}-{key}.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    data = self_play(seed, games, agora, term_scale, value_scale, noise, log)
    os.makedirs(cache, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
    return data


def run(seed, games, rounds, noise, l2, fixed=(), log=None, cache=None):
    """The whole procedure; returns the JSON document (a dict). Both rule sets' games are
    fitted together (one table of scales: more games per coefficient; the Agora-only
    terms are zero in base games)."""
    doc = {
        "about": "Per-Age scales of the evaluation terms (game/ai/evaluate.py), fitted by "
                 "tools/fit_ai_weights.py from self-play; see docs/ai-fit-notes.md.",
        "settings": {"seed": seed, "games": games, "rounds": rounds, "noise": noise,
                     "l2": l2, "fixed": sorted(fixed)},
        "term_scale": {}, "value_scale": {}, "quality": [],
    }
    scale = {n: list(v) for n, v in PREVIOUS_TERM_SCALE.items()}
    value = list(PREVIOUS_VALUE_SCALE)
    for r in range(rounds):
        both = []
        for label, agora in RULE_SETS:
            if log:
                log(f"round {r + 1}: {label}, {games} games")
            both.append(cached_self_play(cache, seed + 7919 * r, games, agora, scale, value,
                                         noise, log))
        interleaved = [g for pair in zip(*both) for g in pair]
        scale, value, report = fit(interleaved, scale, value, l2, fixed)
        doc["quality"].append(report)
    for label, _ in RULE_SETS:
        doc["term_scale"][label] = {n: scale[n] for n in TERM_NAMES}
        doc["value_scale"][label] = value
    return doc


def dumps(doc):
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def keep_tuned(doc, path):
    """The file's "tuned" object (tools/tune_term_scales.py) carried over into `doc`: the
    fit does not redo the tuning, and the tuning starts from the fit's scales."""
    try:
        with open(path, encoding="utf-8") as f:
            tuned = json.load(f).get("tuned")
    except (OSError, ValueError, AttributeError):
        tuned = None
    if tuned:
        doc["tuned"] = tuned
    return doc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=300, help="games per rule set and round")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--noise", type=float, default=0.05)
    ap.add_argument("--l2", type=float, default=20000.0)
    ap.add_argument("--fixed", default="",
                    help="comma-separated terms whose scale is kept (not fitted); 'all' "
                         "fits the value scale only")
    ap.add_argument("--out", default=str(DEFAULT_PATH))
    ap.add_argument("--cache", help="directory keeping the self-play games (to refit quickly)")
    ap.add_argument("--check", action="store_true",
                    help="regenerate with the settings recorded in --out and compare")
    args = ap.parse_args(argv)
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    if args.check:
        committed = load_weights(args.out)
        st = committed.settings
        doc = run(st["seed"], st["games"], st["rounds"], st["noise"], st["l2"],
                  tuple(st.get("fixed", ())), log)
        keep_tuned(doc, args.out)
        with open(args.out, encoding="utf-8") as f:
            same = f.read() == dumps(doc)
        print(f"{args.out}: {'matches' if same else 'DIFFERS from'} a fresh run")
        return 0 if same else 1
    fixed = TERM_NAMES if args.fixed == "all" else tuple(t for t in args.fixed.split(",") if t)
    unknown = [t for t in fixed if t not in TERM_NAMES]
    if unknown:
        ap.error(f"unknown term {unknown[0]!r} (terms: {', '.join(TERM_NAMES)})")
    doc = keep_tuned(run(args.seed, args.games, args.rounds, args.noise, args.l2, fixed, log,
                         args.cache), args.out)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(dumps(doc))
    print(json.dumps(doc["quality"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
