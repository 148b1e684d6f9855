"""How the core's playouts end: the victory kinds of the plan policy's games (search.rs
`Policy`) from the start of Age I, for the plan shares `hard` uses and for others. Prints
figures; asserts nothing.

    python bench/playout_ends.py [--games 2000] [--rules base,agora] [--shares 0.2,0.1,0.2 ...]

A playout's value is its winner, so the search's values follow the kind of game its
playouts play: where they end by a supremacy far more often than real games do, a move
toward a supremacy looks better than it is. Each game is dealt (seeds 0..starts-1), its
Wonder draft played at random, then played to the end by the policy with one plan per
player drawn as `Policy::new` draws them (science, military, politics shares; the rest
plain) and `hard`'s playout options for that rule set. `--shares` adds plan shares to the
level's own (science,military,politics).
"""
import argparse
import collections
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.core_speed import age_one_start  # noqa: E402
from game.ai import native  # noqa: E402
from game.ai.native_search import NativeSearchPlayer  # noqa: E402

KINDS = ("civilian", "military", "science", "political")
PLAIN, SCIENCE, MILITARY, POLITICS = 0, 1, 2, 3
POLICY_OPTIONS = ("lookahead", "deny", "senate", "points", "card_first", "finishes", "guard")


def level_options(agora):
    """`hard`'s plan shares and playout parameters for a rule set; a share it leaves out
    is the core's default (search.rs `Params::default`: science 0.4, military 0.2)."""
    params = NativeSearchPlayer().playout_params(agora)
    shares = (params.get("science", 0.4), params.get("military", 0.2),
              params.get("politics", 0.0) if agora else 0.0)
    return shares, params


def draw_plan(rng, shares):
    science, military, politics = shares
    x = rng.random()
    if x < science:
        return SCIENCE
    if x < science + military:
        return MILITARY
    return POLITICS if x < science + military + politics else PLAIN


def ends(agora, shares, params, games, starts=20, seed=1):
    """{victory kind: games} over `games` playouts from `starts` dealt positions."""
    rng = random.Random(seed)
    # the options the policy reads; one the level leaves out keeps the binding's default
    policy = {k: params[k] for k in POLICY_OPTIONS if k in params}
    if "guard" in policy:
        policy["guard"] = bool(policy["guard"])
    kinds = collections.Counter()
    begin = [native.NativeState.from_state(age_one_start(s, agora)) for s in range(starts)]
    for g in range(games):
        s = begin[g % starts].clone()
        plans = (draw_plan(rng, shares), draw_plan(rng, shares))
        while not s.is_terminal:
            s.apply(s.policy_action(plans, rng.getrandbits(63), **policy))
        kinds[s.result[1]] += 1
    return kinds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rules", default="base,agora")
    ap.add_argument("--shares", nargs="*", default=[],
                    help="science,military,politics shares to compare with the level's")
    args = ap.parse_args()
    if not native.SEARCH:
        sys.exit("the native core with its search is not built (make native)")
    for rule in args.rules.split(","):
        agora = rule == "agora"
        own, params = level_options(agora)
        print(f"{rule}: {args.games} playouts from Age I, hard's playout options")
        for shares in [own] + [tuple(float(x) for x in s.split(",")) for s in args.shares]:
            kinds = ends(agora, shares, params, args.games)
            parts = ", ".join(f"{k} {100 * kinds[k] / args.games:.0f} %" for k in KINDS
                              if agora or k != "political")
            tag = " (hard)" if shares == own else ""
            print(f"  shares {','.join(f'{x:g}' for x in shares)}{tag}: {parts}")


if __name__ == "__main__":
    main()
