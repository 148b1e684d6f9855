"""Fit the evaluation's base-game term scales on recorded games against another player.

    python tools/fit_on_records.py --records A.games.jsonl [--records ...] [--l2 300,1000,3000]
                                   [--write]

Self-play (tools/fit_ai_weights.py, tools/tune_term_scales.py) tells what wins between
two copies of our own player; games against a stronger, different player (indjev99's
MCTS, recorded by the kit in shared/tools/ai-anchor/) tell what wins against play that
does not share our evaluation's blind spots. This script reads such records (seed, first
player, the other player's seat, every move), replays them, and at the start of every turn
of the play phase takes the evaluation's terms before their per-Age scaling
(game/ai/evaluate.py `terms`, unit scales) from *both* seats' views, with that seat's
outcome. Per Age it fits a logistic regression of the outcome on the terms plus a *side*
column (+1 from the other player's seat, -1 from ours), which absorbs the difference in
strength between the two players, so that the terms' coefficients come from what varies
within the games, not from who is stronger. The L2 penalty pulls each coefficient toward
the current scales (data/ai_weights.json, the tuned ones), so a term the games barely move
keeps its weight; `--l2` takes several values and keeps the one with the lowest log-loss on
held-out games (every 5th game).

It prints, per Age, the current and fitted scales (a term's coefficient over the points
coefficient) and the held-out log-loss of both; `--free` names the terms fitted (the others
keep their scales, folded into the points column). `--write` puts the fitted base-game
scales of the Ages where the held-out games are predicted better into data/ai_weights.json's
"tuned" object (the value scales stay: they turn an evaluation
into a winning chance for the search, whose backups are averaged and so depend on them).

The positions are the true states (as the self-play fit uses): fitting weights is not
playing, no seat's choice is made from them. Pure Python, deterministic.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from fit_ai_weights import features, fit_logistic, mean_log_loss, sigmoid  # noqa: E402
from game.ai.evaluate import TERM_NAMES  # noqa: E402
from game.ai.heuristic import is_followup  # noqa: E402
from game.ai.weights import DEFAULT_PATH, fitted  # noqa: E402
from game.setup import new_game  # noqa: E402

HOLD_OUT = 5
# Terms that are zero in the base game (Agora only) are not fitted here.
BASE_TERMS = tuple(n for n in TERM_NAMES if n not in ("senate", "conspiracies"))


def load_records(paths):
    records = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if line.strip():
                        r = json.loads(line)
                        if r.get("moves") and "winner" in r and r.get("victory") != "aborted":
                            records.append(r)
        except OSError as exc:
            raise SystemExit(f"{path}: cannot read the records: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise SystemExit(f"{path}: not a records file (not UTF-8 text)") from None
        except (ValueError, AttributeError):
            raise SystemExit(f"{path}, line {number}: not a game record (one JSON object "
                             "a line, as the anchor kit writes)") from None
    records.sort(key=lambda r: (r["seed"], r.get("level", ""), r.get("anchor_secs", 0)))
    return records


def positions(record):
    """[(age, raw terms of BASE_TERMS, side, outcome)] for both seats at each turn start."""
    other = record["anchor_seat"]
    winner = record["winner"]
    s = new_game(record["seed"], agora=False, first_player=record["first_player"])
    out = []
    index = [TERM_NAMES.index(n) for n in BASE_TERMS]
    for _seat, _who, text, _ms in record["moves"]:
        if s.phase == "play" and s.decision == "turn" and not is_followup(s):
            for seat in (0, 1):
                raw = features(s, seat)
                y = 0.5 if winner is None else float(winner == seat)
                out.append((s.age, [raw[i] for i in index], 1.0 if seat == other else -1.0, y))
        s.apply(s.parse_action(text))
    return out


def log_loss(rows, beta):
    """Mean log-loss of coefficients beta over rows of (features, outcome)."""
    return mean_log_loss([x for x, _ in rows], [y for _, y in rows], beta)


def fit_age(games, age, scale, value, l2s, free):
    """Fit one Age: the `free` terms' coefficients, the points column and every other term
    kept together at their current scales (one column), and the side column. Returns (l2,
    {term: fitted scale}, value scale, side, held-out loss before and after, positions)."""
    k = age - 1
    fixed = [BASE_TERMS.index(n) for n in BASE_TERMS if n not in free]
    cols = [BASE_TERMS.index(n) for n in free]
    train, held = [], []
    for g, rows in enumerate(games):
        for a, x, side, y in rows:
            if a == age:
                row = ([sum(x[c] * scale[BASE_TERMS[c]][k] for c in fixed)]
                       + [x[c] for c in cols] + [side])
                (held if g % HOLD_OUT == HOLD_OUT - 1 else train).append((row, y))
    prior = [1 / value[k]] + [scale[n][k] / value[k] for n in free] + [0.0]
    current = prior[:-1] + [fit_side(train, prior)]
    best = None
    for l2 in l2s:
        beta = fit_logistic([x for x, _ in train], [y for _, y in train], prior, l2)
        loss = log_loss(held, beta)
        if best is None or loss < best[2]:
            best = (l2, beta, loss)
    l2, beta, after = best
    point = beta[0]
    fitted_scale = {n: b / point for n, b in zip(free, beta[1:-1])}
    return (l2, fitted_scale, 1 / point, beta[-1], log_loss(held, current), after,
            len(train), len(held))


def fit_side(train, prior):
    """The side coefficient alone, the terms kept at the current scales."""
    base = [sum(b * v for b, v in zip(prior[:-1], x[:-1])) for x, _ in train]
    side = 0.0
    for _ in range(30):
        grad = hess = 0.0
        for z0, (x, y) in zip(base, train):
            p = sigmoid(z0 + side * x[-1])
            grad += (p - y) * x[-1]
            hess += p * (1 - p) * x[-1] * x[-1]
        if hess <= 0:
            break
        step = grad / hess
        side -= step
        if abs(step) < 1e-9:
            break
    return side


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--records", action="append", required=True)
    ap.add_argument("--l2", default="100,300,1000,3000,10000")
    ap.add_argument("--free", default=",".join(BASE_TERMS[1:]),
                    help="comma-separated terms to fit (the others keep their scales)")
    ap.add_argument("--write", action="store_true",
                    help="write the fitted base-game scales into data/ai_weights.json's 'tuned'")
    args = ap.parse_args(argv)
    l2s = [float(v) for v in args.l2.split(",")]
    free = [n for n in args.free.split(",") if n]
    unknown = [n for n in free if n not in BASE_TERMS or n == "points"]
    if unknown:
        ap.error(f"unknown term {unknown[0]!r} (terms: {', '.join(BASE_TERMS[1:])})")
    records = load_records(args.records)
    games = [positions(r) for r in records]
    print(f"{len(records)} games, {sum(len(g) for g in games)} positions (both seats)")
    w = fitted()
    scale = {n: list(v) for n, v in w.term_scale["base"].items()}
    value = w.value_scale["base"]
    new_scale = {n: list(v) for n, v in scale.items()}
    for age in (1, 2, 3):
        l2, fitted_scale, value_scale, side, before, after, n_train, n_held = fit_age(
            games, age, scale, value, l2s, free)
        if value_scale <= 0:
            print(f"\nAge {age}: points do not predict the outcome in these games (their "
                  f"coefficient came out {1 / value_scale:.4f}); the Age is left as it is")
            continue
        print(f"\nAge {age}: {n_train} training, {n_held} held-out positions; l2 {l2:g}; "
              f"held-out log-loss {before:.4f} (current) -> {after:.4f} (fitted); "
              f"side {side:+.3f}; value scale {value_scale:.1f} (file {value[age - 1]})")
        for n, v in fitted_scale.items():
            if after < before:
                new_scale[n][age - 1] = round(max(0.02, v), 4)
            print(f"  {n:12s} {scale[n][age - 1]:7.3f} -> {v:7.3f}")
    if args.write:
        with open(DEFAULT_PATH, encoding="utf-8") as f:
            doc = json.load(f)
        doc["tuned"]["base"]["term_scale"] = new_scale
        doc["tuned"]["base"]["settings"] = {
            "fitted_on_records": [os.path.basename(p) for p in args.records],
            "games": len(records), "l2": args.l2,
            "previous": doc["tuned"]["base"].get("settings")}
        with open(DEFAULT_PATH, "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, indent=1, sort_keys=False) + "\n")
        print(f"\nwrote {DEFAULT_PATH.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
