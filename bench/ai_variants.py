"""One AI level against itself with one change: is the change worth keeping?

    python bench/ai_variants.py --level normal --iterations 48 --change "tempo=0.75" \
        --games 100 --rules base,agora --seed 3000

The side "with" plays with the change, the side "without" with the code as it is; both
run in the same process, so a change needs no commit of its own. A change is a list of
`name=value` items separated by ';' (values are Python literals):
  tempo=0.75                       a key of evaluate.WEIGHTS
  @DRAFT_UNIT_PRICE=(1.2,1.2,...)  a module attribute of game/ai/evaluate.py
  @mcts.CLOSE_SHARE=0.2            a module attribute of another game/ai module
  .c_puct=0.5                      an attribute of the player (the search's constants)
`--both` takes the same kind of list and sets it on both sides (the common ground of the
two: `--both ".native_agora=True"` lets the core's search play Agora on both sides).
Evaluation changes are set only while the side "with" chooses (the evaluation's caches
are emptied around it). `--iterations` fixes the search's work (`normal`, `hard`), so the
result does not depend on the machine's load; `--seconds` gives `hard` a time instead.
Game i puts "with" in seat i % 2 and the first player alternates every two games; the
same --seed gives the same games. Prints wins with a 95 % Wilson interval and victories
by kind.
"""

import argparse
import ast
import math
import os
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402
from game.ai import evaluate, make_player, native  # noqa: E402
import game.ai.mcts  # noqa: E402,F401  (the modules an "@module.NAME" change may name)
import game.ai.tactics  # noqa: E402,F401
import game.ai.heuristic  # noqa: E402,F401


def parse_change(text):
    """[(name, value)] of a change; raises ValueError with a readable message."""
    items = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"{part!r}: expected name=value")
        try:
            items.append((name.strip(), ast.literal_eval(value.strip())))
        except (ValueError, SyntaxError):
            raise ValueError(f"{part!r}: the value is not a Python literal") from None
        key = items[-1][0]
        if key.startswith("@"):
            module, name = module_of(key)
            if module is None or not hasattr(module, name):
                raise ValueError(f"{key[1:]!r} is not an attribute of a game/ai module")
        elif not key.startswith(".") and key not in evaluate.WEIGHTS:
            raise ValueError(f"{key!r} is not a key of evaluate.WEIGHTS")
    return items


def module_of(key):
    """("@NAME" or "@module.NAME") -> (the game/ai module, NAME); (None, NAME) if unknown."""
    path, _, name = key[1:].rpartition(".")
    if not path:
        return evaluate, name
    return sys.modules.get("game.ai." + path), name


def _clear_caches():
    evaluate._PRODUCTION_MEMO.clear()
    evaluate._SENATE_MEMO.clear()
    if native.EVALUATE:
        native.forget_eval_weights()     # the core's search reads the tables built from them


class Changed:
    """A player that chooses with the evaluation changes set, and only then."""

    needs_observation = True

    def __init__(self, player, changes):
        self.player = player
        self.changes = changes

    def choose(self, observation, legal_actions):
        if not self.changes:
            return self.player.choose(observation, legal_actions)
        saved = []
        for name, value in self.changes:
            if name.startswith("@"):
                module, attr = module_of(name)
                saved.append((name, getattr(module, attr)))
                setattr(module, attr, value)
            else:
                saved.append((name, evaluate.WEIGHTS[name]))
                evaluate.WEIGHTS[name] = value
        _clear_caches()
        try:
            return self.player.choose(observation, legal_actions)
        finally:
            for name, value in saved:
                if name.startswith("@"):
                    module, attr = module_of(name)
                    setattr(module, attr, value)
                else:
                    evaluate.WEIGHTS[name] = value
            _clear_caches()


def build(level, seed, seconds, iterations, changes):
    player = make_player(level, seed, seconds)
    if iterations is not None:
        player.iterations = iterations
    for name, value in changes:
        if name.startswith("."):
            setattr(player, name[1:], value)
    return Changed(player, [(n, v) for n, v in changes if not n.startswith(".")])


def play(job):
    i, level, seconds, iterations, changes, seed, agora, both = job
    with_seat = i % 2
    first = (i // 2) % 2
    players = [None, None]
    players[with_seat] = build(level, seed * 7919 + 31 * i + with_seat, seconds, iterations, both + changes)
    players[1 - with_seat] = build(level, seed * 7919 + 31 * i + 1 - with_seat, seconds, iterations, both)
    s = new_game(seed + i, agora=agora, first_player=first)
    while not s.is_terminal:
        p = s.current_player
        s.apply(players[p].choose(s.observation(p), s.legal_actions()))
    r = s.result
    side = None if r.winner is None else ("with" if r.winner == with_seat else "without")
    return side, r.victory


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", help="the AI level (default normal)")
    parser.add_argument("--change", required=True, help="name=value items separated by ';'")
    parser.add_argument("--both", default="", help="name=value items set on both sides")
    parser.add_argument("--iterations", type=int, default=None,
                        help="fixed search iterations per decision (normal, hard)")
    parser.add_argument("--seconds", type=float, default=None, help="hard's time per decision")
    parser.add_argument("--games", type=int, default=100, help="games per rule set")
    parser.add_argument("--rules", default="base,agora", help="base, agora or base,agora")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        changes = parse_change(args.change)
        both = parse_change(args.both)
        make_player(args.level)
    except ValueError as exc:
        parser.error(str(exc))
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    if not rules or any(r not in ("base", "agora") for r in rules):
        parser.error("--rules: choose base, agora or base,agora")
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    print(f"{args.level} with [{args.change}] against {args.level} without it"
          f"{' (both: ' + args.both + ')' if args.both else ''}, "
          f"{'%d iterations' % args.iterations if args.iterations else 'its own budget'}")
    for rule in rules:
        began = time.time()
        jobs = [(i, args.level, args.seconds, args.iterations, changes, args.seed, rule == "agora", both)
                for i in range(args.games)]
        with Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=1)
        won = sum(1 for side, _ in results if side == "with")
        lost = sum(1 for side, _ in results if side == "without")
        draws = args.games - won - lost
        low, high = wilson(won + draws / 2, args.games)
        kinds = {}
        for side, victory in results:
            if side:
                kinds.setdefault(side, {}).setdefault(victory, 0)
                kinds[side][victory] += 1
        name = "Agora" if rule == "agora" else "base game"
        print(f"{name} (seed {args.seed}, {time.time() - began:.0f} s): with the change "
              f"{won}/{args.games} = {(won + draws / 2) / args.games:.1%} "
              f"(95% {low:.0%}-{high:.0%}), without {lost}, draws {draws}; by kind {kinds}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
