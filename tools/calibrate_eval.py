"""Does the evaluation's winning chance match what happens? A calibration table by decile.

    python tools/calibrate_eval.py --records GAMES.jsonl [...]       # recorded games
    python tools/calibrate_eval.py --play 60 --games-out science.jsonl  # vs a science seeker
    python tools/calibrate_eval.py --records a.jsonl --records science.jsonl --markdown

Positions come from two kinds of games, both base game:

* recorded games against indjev99's MCTS (the `*.games.jsonl` of the kit in
  shared/tools/ai-anchor/: seed, first player, the anchor's seat and every move), and
* games this script plays (`--play N`, written to `--games-out` in the same format, so
  that a later run, or another commit's evaluation, reads the very same positions):
  `one-ply` against `ScienceSeeker`, a greedy policy that builds a green card with a symbol
  it lacks whenever it can, then one that makes a pair, takes Law (or another token) when
  it may, and otherwise plays as `one-ply`. The seeker sits in the "anchor" seat.

At every turn of our side (the seat that is not the anchor's), in the play phase, the
position is seen as that seat sees it: its observation, one determinization (seeded per
position), the evaluation with the face-down slots counted as unknown
(game/ai/evaluate.py `evaluate`, `win_chance`), exactly as `one-ply` scores a move. The
winning chances are put into deciles (0-10 %, ..., 90-100 %); per decile the table gives
the positions, the mean predicted chance and the share of those positions' games our side
won (a draw counts one half). A well calibrated evaluation has the two within a few points
in every decile; positions of one game are not independent, so a decile drawn from few
games moves a lot. `--by-age` adds one table per Age.

`--offset` also fits one number to the games: the shift of the log-odds that best predicts
their outcomes, i.e. how much stronger (or weaker) the other player is than a copy of ours,
which no evaluation of the position can know; the table is printed again with it. Against a
much stronger player every decile is optimistic by the same shift in log-odds; what remains
after the shift is the evaluation's own error.

Only what our seat may see is used: the observation and a determinization of it.
"""

import argparse
import json
import math
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import new_game  # noqa: E402
from game.ai import make_player  # noqa: E402
from game.ai.determinize import Determinizer  # noqa: E402
from game.ai.evaluate import evaluate, win_chance  # noqa: E402
from game.ai.players import Player  # noqa: E402


class ScienceSeeker(Player):
    """Greedy for Scientific Supremacy: a new symbol first, then a pair, Law first among
    the progress tokens; anything else as `one-ply` plays it."""

    def __init__(self, seed=0):
        super().__init__(seed)
        self.fallback = make_player("one-ply", seed)

    def choose(self, observation, legal_actions):
        return self.pick(observation, legal_actions) or \
            self.fallback.choose(observation, legal_actions)

    def pick(self, observation, legal_actions):
        s = Determinizer(observation).sample(self.rng)
        me = observation["observer"]
        symbols = s.info[me].symbols
        best, best_rank = None, 0
        for a in legal_actions:
            rank = 0
            if a.kind == "build":
                card = s.rules.cards[s.rules.card_id[a.subject]]
                if card.science:
                    rank = 3 if card.science not in symbols else 2
            elif a.kind in ("progress", "library"):
                name = a.subject
                rank = 4 if name == "Law" else 1
            if rank > best_rank:
                best, best_rank = a, rank
        return best


def play(games, seed):
    """`one-ply` against ScienceSeeker: records in the kit's format (seats, starts balanced)."""
    out = []
    for i in range(games):
        game_seed = seed + i
        seeker_seat, first = i % 2, (i // 2) % 2
        s = new_game(game_seed, agora=False, first_player=first)
        players = {seeker_seat: ScienceSeeker(game_seed), 1 - seeker_seat: make_player("one-ply", game_seed)}
        moves = []
        while s.result is None:
            p = s.current_player
            action = players[p].choose(s.observation(p), s.legal_actions())
            moves.append([p, "anchor" if p == seeker_seat else "one-ply", str(action), 0])
            s.apply(action)
        r = s.result
        out.append({"seed": game_seed, "level": "one-ply", "anchor_seat": seeker_seat,
                    "first_player": first, "winner": r.winner, "victory": r.victory,
                    "moves": moves})
        print(f"game {game_seed}: seeker seat {seeker_seat}, winner {r.winner} by {r.victory}",
              file=sys.stderr)
    return out


def positions(record):
    """(Age, our winning chance, our outcome, the opponent's distinct symbols) at each of
    our turns in a recorded game."""
    anchor = record["anchor_seat"]
    me = 1 - anchor
    winner = record.get("winner")
    outcome = 0.5 if winner is None else float(winner == me)
    s = new_game(record["seed"], agora=False, first_player=record["first_player"])
    rng = random.Random(record["seed"])
    out = []
    for seat, _who, text, _ms in record["moves"]:
        if seat == me and s.phase == "play" and s.decision == "turn":
            det = Determinizer(s.observation(me))
            sample = det.sample(rng)
            v = evaluate(sample, me, frozenset(det.hidden_slots))
            out.append((s.age, win_chance(v, s.age), outcome, len(s.info[anchor].symbols)))
        s.apply(s.parse_action(text))
    return out


def logit(p):
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def best_offset(rows):
    """The one logit offset c for which sigmoid(logit(p) + c) best predicts these outcomes
    (maximum likelihood, Newton's method): the gap in strength between the two players,
    which no evaluation of the position alone can see."""
    c = 0.0
    for _ in range(50):
        grad = hess = 0.0
        for _a, p, w, _s in rows:
            q = 1 / (1 + math.exp(-(logit(p) + c)))
            grad += q - w
            hess += q * (1 - q)
        if hess <= 0:
            break
        c -= grad / hess
        if abs(grad / hess) < 1e-9:
            break
    return c


def shifted(rows, c):
    return [(a, 1 / (1 + math.exp(-(logit(p) + c))), w, s) for a, p, w, s in rows]


def table(rows, markdown):
    bins = [[] for _ in range(10)]
    for _age, p, won, _sym in rows:
        bins[min(9, int(p * 10))].append((p, won))
    lines = []
    if markdown:
        lines += ["| Predicted | Positions | Mean predicted | Won | Gap |", "|---|---|---|---|---|"]
    worst = 0.0
    for k, b in enumerate(bins):
        if not b:
            continue
        pred = sum(p for p, _ in b) / len(b)
        won = sum(w for _, w in b) / len(b)
        gap = won - pred
        if len(b) >= 30:
            worst = max(worst, abs(gap))
        if markdown:
            lines.append(f"| {k * 10}-{k * 10 + 10} % | {len(b)} | {pred:.0%} | {won:.0%} | {gap:+.0%} |")
        else:
            lines.append(f"{k * 10:3d}-{k * 10 + 10:3d} %  n={len(b):5d}  predicted {pred:5.1%}  won {won:5.1%}  gap {gap:+6.1%}")
    brier = sum((p - w) ** 2 for _a, p, w, _s in rows) / max(1, len(rows))
    lines.append(f"{len(rows)} positions; largest gap in a decile of 30+ positions "
                 f"{worst:.0%}; Brier score {brier:.3f}")
    return "\n".join(lines)


def science_rows(rows, markdown):
    """Age II positions by the opponent's distinct symbols: predicted against won."""
    lines = (["| Opponent's symbols (Age II) | Positions | Mean predicted | Won |",
              "|---|---|---|---|"] if markdown else [])
    for label, lo, hi in (("0-2", 0, 2), ("3", 3, 3), ("4", 4, 4), ("5+", 5, 6)):
        b = [(p, w) for age, p, w, sym in rows if age == 2 and lo <= sym <= hi]
        if not b:
            continue
        pred = sum(p for p, _ in b) / len(b)
        won = sum(w for _, w in b) / len(b)
        lines.append(f"| {label} | {len(b)} | {pred:.0%} | {won:.0%} |" if markdown else
                     f"opponent on {label:>3} symbols  n={len(b):4d}  predicted {pred:5.1%}  won {won:5.1%}")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--records", action="append", default=[],
                    help="a games.jsonl (the anchor kit's, or --games-out's); repeatable")
    ap.add_argument("--play", type=int, default=0, help="games of one-ply vs ScienceSeeker")
    ap.add_argument("--seed", type=int, default=5100)
    ap.add_argument("--games-out", help="where --play writes its games (jsonl)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--by-age", action="store_true")
    ap.add_argument("--offset", action="store_true",
                    help="also fit one logit offset (the players' difference in strength) "
                         "and print the table with it")
    args = ap.parse_args(argv)
    records = []
    for path in args.records:
        with open(path, encoding="utf-8") as f:
            records += [json.loads(line) for line in f if line.strip()]
    if args.play:
        played = play(args.play, args.seed)
        if args.games_out:
            with open(args.games_out, "w", encoding="utf-8") as f:
                for r in played:
                    f.write(json.dumps(r) + "\n")
        records += played
    rows = []
    for r in records:
        if r.get("winner", "missing") == "missing" or not r.get("moves"):
            continue
        rows += positions(r)
    wins = sum(1 for r in records if r.get("winner") == 1 - r["anchor_seat"])
    print(f"{len(records)} games, our side won {wins}")
    print(table(rows, args.markdown))
    print()
    print(science_rows(rows, args.markdown))
    if args.offset:
        c = best_offset(rows)
        print(f"\nWith the best single offset of the log-odds, {c:+.2f} "
              f"(our odds x {math.exp(c):.2f}: the gap in strength):")
        print(table(shifted(rows, c), args.markdown))
    if args.by_age:
        for age in (1, 2, 3):
            print(f"\nAge {age}")
            print(table([x for x in rows if x[0] == age], args.markdown))


if __name__ == "__main__":
    main()
