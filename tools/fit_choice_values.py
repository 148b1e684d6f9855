"""Measure what drafting each Wonder and taking each progress token is worth, and write
data/ai_choices.json.

    python tools/fit_choice_values.py [--seed 1] [--games 8000,4000]
                                      [--choice-games 6000,4000] [--workers 2]
                                      [--cache DIR] [--out data/ai_choices.json]

How (docs/ai.md, "The Wonder draft by measured values"):
1. Two self-play experiments; the one-ply player (`game.ai.heuristic.HeuristicPlayer`)
   makes every decision for both seats that the experiment does not make by chance, and
   the first player alternates with the game's number.
   - "draft" (`--seed`, `--games`): the Wonders are drafted at random; nothing else is.
     The Wonders' values and moving first's come from here, measured under the way the
     AI plays on (its own progress tokens, its own Age starts: a random token instead
     makes The Great Library, or a Wonder that needs a certain token, worth something else).
   - "choices" (the next seed, `--choice-games`): the draft, every progress token taken
     (for a pair of symbols or with The Great Library) and who starts Ages II and III are
     random. The tokens' values and starting an Age's come from here.
   Because these choices are made by chance, a difference in winning that goes with one
   of them is its doing (under this player's way of playing on), not the chooser's skill.
2. Logistic regression, per experiment and rule set, of the outcome from both seats'
   views (no intercept, a small L2 penalty) on: Wonder ownership (+1 the player's, -1 the
   opponent's); for each token choice, the chosen token minus the average of those offered
   (+ for the player's choices, - for the opponent's), so that how often a player gets to
   choose does not count, only what it chose; moving first in the game and starting Ages
   II and III. Each player owns four Wonders, and a choice's terms sum to zero, so only
   differences are identified: the values are given relative to their mean. Every 5th
   game is held out to check that the values predict better than moving first alone.
3. A coefficient times the evaluation's Age I value scale (data/ai_weights.json) is the
   value in victory-point equivalents; game/ai/draft.py drafts by the Wonders' values (the
   tokens' are measured for the record: taking them by these values played worse).

The one-ply player's deep threat check stops at a wall-clock limit; here it is lifted, so
the same arguments give the same games and a byte-identical file on any machine.
`--cache DIR` keeps the games (one JSON line each) to refit without playing them again.
"""

import argparse
import json
import math
import os
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from fit_ai_weights import dumps, fit_logistic, quality, solve  # noqa: E402
from game.ai import heuristic  # noqa: E402
from game.ai.weights import CHOICES_PATH, DEFAULT_PATH, load_weights  # noqa: E402
from game.setup import new_game  # noqa: E402
import random  # noqa: E402

RULE_SETS = (("base", False), ("agora", True))
EXPERIMENTS = ("draft", "choices")
HOLD_OUT = 5
L2 = 1.0
FIRST = "(moving first)"
START = "(starting Age "


def game_seed(seed, i):
    return seed * 1_000_003 + i


class Chooser(heuristic.HeuristicPlayer):
    """The one-ply player drafting by its evaluation (not by data/ai_choices.json), so that
    the games do not depend on the values they measure."""

    draft_by_values = False


def play_game(args):
    """One game of experiment `kind` ("draft": random draft; "choices": random draft, token
    and Age-start choices); returns its record."""
    kind, seed, i, agora = args
    heuristic.DEEP_SECONDS = 1e9          # the games depend on the arguments only
    g = game_seed(seed, i)
    chance = random.Random(g)
    s = new_game(g, agora=agora, first_player=i % 2)
    players = [Chooser(seed=g * 2 + p) for p in (0, 1)]
    owned = None
    picks, starts = [], []
    random_choices = kind == "choices"
    while not s.is_terminal:
        if owned is None and s.phase != "draft":
            owned = [[s.rules.wonders[w].name for w in s.wonders[p]] for p in (0, 1)]
        legal = s.legal_actions()
        decision = s.decision
        p = s.current_player
        if legal[0].kind == "draft":
            action = chance.choice(legal)
        elif random_choices and decision in ("progress", "library"):
            offered = [a for a in legal if a.kind != "decline"]
            action = chance.choice(offered)
            picks.append([p, s.age, [a.subject for a in offered], action.subject, decision])
        elif random_choices and decision == "start":
            action = chance.choice(legal)
            starts.append([p, s.age, int(action.subject)])
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = players[p].choose(s.observation(p), legal)
        s.apply(action)
    record = {"i": i, "first": s.first_player, "wonders": owned}
    if random_choices:
        record.update(picks=picks, starts=starts)
    record["winner"] = s.result.winner
    return record


def play_games(kind, seed, games, agora, workers, cache=None, log=print):
    """Records of experiment `kind`'s games 0..games-1 (from the cache when it has them),
    in order."""
    path = None
    have = {}
    if cache:
        os.makedirs(cache, exist_ok=True)
        path = os.path.join(cache, f"{kind}-{'agora' if agora else 'base'}-seed{seed}.jsonl")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    try:
                        rec = json.loads(line)
                    except ValueError:
                        continue                  # a line cut by an interrupted run
                    have[rec["i"]] = rec
    todo = [(kind, seed, i, agora) for i in range(games) if i not in have]
    start = time.perf_counter()
    if todo:
        out = open(path, "a", encoding="utf-8") if path else None
        try:
            with Pool(workers) as pool:
                for n, rec in enumerate(pool.imap_unordered(play_game, todo, chunksize=8), 1):
                    have[rec["i"]] = rec
                    if out:
                        out.write(json.dumps(rec) + "\n")
                        out.flush()
                    if n % 500 == 0:
                        log(f"  {kind}, {'Agora' if agora else 'base'}: {n}/{len(todo)} games "
                            f"({time.perf_counter() - start:.0f} s)")
        finally:
            if out:
                out.close()
    return [have[i] for i in range(games)]


def layout(records):
    """Names of the columns: Wonders, tokens, then moving first and starting Ages II, III."""
    wonders = sorted({n for rec in records for side in rec["wonders"] for n in side})
    tokens = sorted({t for rec in records for pick in rec.get("picks", ()) for t in pick[2]})
    return wonders, tokens, [FIRST, START + "II", START + "III"]


def rows(records, wonders, tokens):
    """(x, y, held_out) from both seats' views; draws count half."""
    index = {n: k for k, n in enumerate(wonders + tokens)}
    width = len(wonders) + len(tokens) + 3
    out = []
    for rec in records:
        w = rec["winner"]
        for me in (0, 1):
            x = [0.0] * width
            for name in rec["wonders"][me]:
                x[index[name]] += 1.0
            for name in rec["wonders"][1 - me]:
                x[index[name]] -= 1.0
            for p, _age, offered, chosen, _kind in rec.get("picks", ()):
                sign = 1.0 if p == me else -1.0
                for t in offered:
                    x[index[t]] += sign * ((t == chosen) - 1.0 / len(offered))
            x[-3] = 1.0 if rec["first"] == me else -1.0
            for _chooser, age, starter in rec.get("starts", ()):
                x[-1 if age == 3 else -2] = 1.0 if starter == me else -1.0
            y = 0.5 if w is None else 1.0 if w == me else 0.0
            out.append((x, y, rec["i"] % HOLD_OUT == HOLD_OUT - 1))
    return out


def inverse_hessian(xs, beta, l2):
    n = len(beta)
    hess = [[l2 if i == j else 0.0 for j in range(n)] for i in range(n)]
    for x in xs:
        z = sum(b * v for b, v in zip(beta, x))
        p = 1.0 / (1.0 + math.exp(-z))
        w = p * (1 - p)
        nonzero = [i for i in range(n) if x[i]]
        for i in nonzero:
            row = hess[i]
            for j in nonzero:
                row[j] += w * x[i] * x[j]
    return [solve(hess, [1.0 if j == i else 0.0 for j in range(n)]) for i in range(n)]


def centred(beta, inverse, group):
    """Each coefficient of `group` (column indices) less the group's mean, with its
    standard error; each game appears from both seats' views, so the variance counts it
    twice (x2)."""
    n = len(beta)
    out = []
    for k in group:
        e = [0.0] * n
        e[k] = 1.0
        for j in group:
            e[j] -= 1.0 / len(group)
        var = sum(e[i] * inverse[i][j] * e[j] for i in range(n) if e[i] for j in range(n) if e[j])
        out.append((sum(e[i] * beta[i] for i in range(n)), math.sqrt(2 * max(0.0, var))))
    return out


def fit_rule_set(records, value_scale):
    """Values (relative to the mean of their kind, times `value_scale`) of the columns the
    records vary, with standard errors and the held-out check."""
    wonders, tokens, others = layout(records)
    data = rows(records, wonders, tokens)
    width = len(wonders) + len(tokens) + len(others)
    train = [(x, y) for x, y, held in data if not held]
    test = [(x, y) for x, y, held in data if held]
    zero = [0.0] * width
    beta = fit_logistic([x for x, _ in train], [y for _, y in train], zero, L2)
    full = fit_logistic([x for x, _, _ in data], [y for _, y, _ in data], zero, L2)
    inverse = inverse_hessian([x for x, _, _ in data], full, L2)
    first_only = [0.0] * (width - 3) + [beta[-3], 0.0, 0.0]
    fitted = quality([x for x, _ in test], [y for _, y in test], beta)
    alone = quality([x for x, _ in test], [y for _, y in test], first_only)

    def section(names, offset):
        got = centred(full, inverse, list(range(offset, offset + len(names))))
        return {"value": {n: round(v * value_scale, 2) for n, (v, _) in zip(names, got)},
                "standard_error": {n: round(e * value_scale, 2) for n, (_, e) in zip(names, got)}}

    plain = [{"value": round(full[k] * value_scale, 2),
              "standard_error": round(math.sqrt(2 * inverse[k][k]) * value_scale, 2)}
             for k in range(width - 3, width)]
    return {
        "wonders": section(wonders, 0),
        "tokens": section(tokens, len(wonders)),
        "moving_first": plain[0],
        "starting_age": {"II": plain[1], "III": plain[2]},
        "held_out": {"games": len(test) // 2,
                     "log_loss": fitted["log_loss"], "accuracy": fitted["accuracy"],
                     "log_loss_moving_first_only": alone["log_loss"],
                     "accuracy_moving_first_only": alone["accuracy"]},
    }


def run(seeds, games, workers, cache=None, log=print):
    """`seeds` and `games`: {experiment: seed} and {experiment: (base games, Agora games)}."""
    scales = load_weights(DEFAULT_PATH).value_scale
    doc = {
        "about": "What drafting each Wonder and taking each progress token is worth "
                 "(victory-point equivalents, relative to the mean of their kind), measured by "
                 "tools/fit_choice_values.py from self-play with random choices; "
                 "game/ai/draft.py drafts by the Wonders' values.",
        "settings": {"seed": dict(seeds),
                     "games": {kind: dict(zip(("base", "agora"), n)) for kind, n in games.items()},
                     "l2": L2, "player": "one-ply", "value_scale_age_1": {}},
    }
    for k, (rules, agora) in enumerate(RULE_SETS):
        scale = scales[rules][0]
        doc["settings"]["value_scale_age_1"][rules] = scale
        fits = {}
        for kind in EXPERIMENTS:
            records = play_games(kind, seeds[kind], games[kind][k], agora, workers, cache, log)
            fits[kind] = fit_rule_set(records, scale)
            fits[kind]["games"] = len(records)
            fits[kind]["token_choices"] = sum(len(rec.get("picks", ())) for rec in records)
        draft, choices = fits["draft"], fits["choices"]
        doc[rules] = {
            "wonders": draft["wonders"],
            "moving_first": draft["moving_first"],
            "tokens": choices["tokens"],
            "starting_age": choices["starting_age"],
            "games": {"draft": draft["games"], "choices": choices["games"]},
            "token_choices": choices["token_choices"],
            "held_out": {"draft": draft["held_out"], "choices": choices["held_out"]},
        }
    return doc


def counts(text, what):
    """'8000,4000' -> (8000, 4000); one number is both rule sets'."""
    games = [int(x) for x in text.split(",")]
    if len(games) == 1:
        games *= 2
    if len(games) != 2 or min(games) < 10:
        raise ValueError(what)
    return tuple(games)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the draft experiment; the choices experiment uses the next")
    ap.add_argument("--games", default="8000,4000",
                    help="draft experiment: games of the base game and of Agora (one number: both)")
    ap.add_argument("--choice-games", default="6000,4000",
                    help="choices experiment: games of the base game and of Agora")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cache", help="directory keeping the games (to refit quickly)")
    ap.add_argument("--out", default=str(CHOICES_PATH))
    args = ap.parse_args(argv)
    try:
        games = {"draft": counts(args.games, "--games"),
                 "choices": counts(args.choice_games, "--choice-games")}
    except ValueError as err:
        ap.error(f"{err}: one or two numbers of at least 10 (base,agora)")
    seeds = {"draft": args.seed, "choices": args.seed + 1}
    doc = run(seeds, games, max(1, args.workers), args.cache,
              log=lambda m: print(m, file=sys.stderr, flush=True))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(dumps(doc))
    for rules, _ in RULE_SETS:
        part = doc[rules]
        held = part["held_out"]["draft"]
        print(f"{rules}: {part['games']['draft']} games with a random draft, "
              f"{part['games']['choices']} with random choices ({part['token_choices']} token "
              f"choices); held-out log-loss {held['log_loss']} (moving first only "
              f"{held['log_loss_moving_first_only']}); moving first "
              f"{part['moving_first']['value']:+.1f}, starting Age II "
              f"{part['starting_age']['II']['value']:+.1f}, Age III "
              f"{part['starting_age']['III']['value']:+.1f}")
        for kind in ("wonders", "tokens"):
            values = part[kind]
            for name, v in sorted(values["value"].items(), key=lambda t: -t[1]):
                print(f"  {name:24s} {v:+6.2f} ± {values['standard_error'][name]:.2f}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
