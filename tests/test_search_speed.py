"""The speed caches of the engine and the evaluation never go stale.

The search clones states and plays hypothetical lines on the clones; clones share price
caches with their original (state.py), the turn's actions are listed only when asked for,
and evaluate.py memoises production and Senate values. Here, over seeded games in both rule sets
played the way the search plays them (clones of clones, several lines from one position),
every state's legal actions, prices and evaluation must equal those of the same position
rebuilt from its saved form, whose caches are empty; and the search's priors, which share
card gains between a position's actions (mcts.CardGains), must equal the gains computed
action by action. bench/search_speed.py --commit checks
the other half (the same choices and visit counts as before the speed-ups); its comparison
is tested here on made-up records.
"""

import random

import pytest

from game import new_game
from game.ai import evaluate as ev
from game.serialize import decode, encode


def rebuilt(s):
    """The same position decoded afresh: no cache carried over, evaluation memos emptied."""
    ev._PRODUCTION_MEMO.clear()
    ev._SENATE_MEMO.clear()
    return decode(encode(s), record=False)


def prices(s):
    """Every price a rule or the evaluation may ask for, for both seats."""
    out = []
    for p in (0, 1):
        out.append(s.prices(p))
        for cid in s.structure:
            if cid >= 0 and not s.rules.cards[cid].senator:
                out.append(s.building_price(p, cid))
        for wid in s.wonders[p]:
            out.append(s.wonder_price(p, wid))
    return out


def facts(s):
    """What the search reads from a state, computed through its caches."""
    values = [ev.evaluate(s, 0), ev.evaluate(s, 1), ev.evaluate(s, 0, (), tempo=False)]
    return [str(a) for a in s.legal_actions()], prices(s), values


def check(s, where):
    assert facts(s) == facts(rebuilt(s)), f"stale cache {where}"


@pytest.mark.parametrize("agora", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_caches_match_a_fresh_rebuild_along_search_lines(agora, seed):
    rng = random.Random(seed)
    s = new_game(seed, agora=agora).clone(record=False)
    steps = 0
    while not s.is_terminal:
        if s.phase == "play":
            # Like the search: several hypothetical lines from this position, each on a
            # clone (of a clone), with prices and evaluations asked for along the way.
            for line in range(2):
                c = s.clone(record=False)
                for depth in range(3):
                    if c.is_terminal:
                        break
                    c.apply(rng.choice(c.legal_actions()))
                    ev.evaluate(c, depth % 2)
                    prices(c)
                check(c, f"on a line from step {steps} (seed {seed})")
            # The original must not see what its clones did to the shared caches.
            check(s, f"after its clones played (step {steps}, seed {seed})")
        s = s.clone(record=False)
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    assert steps > 20


def test_a_stale_price_would_be_caught():
    """The check above can fail: prices cached before a city change that bypasses
    refresh() differ from the rebuilt position's."""
    rng = random.Random(5)
    s = new_game(5, agora=False).clone(record=False)
    while s.phase != "play" or s.info[0].prod == s.info[1].prod:
        s.apply(rng.choice(s.legal_actions()))
    before = prices(s)
    s.city[0], s.city[1] = s.city[1], s.city[0]     # swapped behind the engine's back
    assert prices(s) == before                     # the caches still answer the old prices
    assert prices(s) != prices(rebuilt(s))


def test_the_commit_check_reports_each_kind_of_difference():
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                    "bench"))
    import search_speed

    record = {"position": [False, 1, 2, 1], "hard": "build Baths", "normal": "discard Baths",
              "visits": [["build Baths", 30, "17.5"], ["discard Baths", 10, "4.25"]],
              "evaluate": [["1.5", "-1.5"]]}
    old = {"records": [record]}
    assert search_speed.differences({"records": [dict(record)]}, old) == []
    changed = dict(record, hard="discard Baths", normal="build Baths",
                   visits=[["build Baths", 29, "17.5"], ["discard Baths", 11, "4.25"]],
                   evaluate=[["1.5000000000000002", "-1.5"]])
    found = " | ".join(search_speed.differences({"records": [changed]}, old))
    assert "hard chose" in found and "one-ply chose" in found
    assert "root visit counts differ" in found and "evaluate() differs on 1 states" in found
    last_bits = dict(record, visits=[["build Baths", 30, "17.500000000000004"],
                                     ["discard Baths", 10, "4.25"]])
    assert "last bits" in search_speed.differences({"records": [last_bits]}, old)[0]


@pytest.mark.parametrize("agora", [False, True])
def test_priors_sharing_card_gains_equal_the_gains_computed_per_action(agora):
    from game.ai.mcts import CardGains, quick_score
    rng = random.Random(5)
    checked = set()
    for seed in (3, 4):
        s = new_game(seed, agora=agora)
        while not s.is_terminal:
            if s.decision == "turn":
                T = ev.tables(s.agora)
                legal = s.legal_actions()
                shared = CardGains(s, T)
                for a in legal:
                    alone = quick_score(s, a, T)
                    assert quick_score(s, a, T, shared) == alone
                    p = a.player
                    if a.kind == "build":
                        cid = s.rules.card_id[a.subject]
                        assert alone == (ev.card_gain(s, p, cid, T)
                                         + 0.3 * min(ev.card_gain(s, 1 - p, cid, T), 10.0))
                    checked.add(a.kind)
            s.apply(rng.choice(s.legal_actions()))
    assert {"build", "discard", "wonder"} <= checked


def test_the_commit_check_reports_different_exact_endgame_values():
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                    "bench"))
    import search_speed

    record = {"position": [False, 1, 3, 14, "endgame"], "hard": "", "normal": "", "visits": [],
              "evaluate": [], "exact": [["build Senate", "102.0"], ["discard Senate", "-5.0"]]}
    old = {"records": [record]}
    assert search_speed.differences({"records": [dict(record)]}, old) == []
    changed = dict(record, exact=[["build Senate", "102.0"], ["discard Senate", "-4.0"]])
    assert search_speed.differences({"records": [changed]}, old) == [
        "position (False, 1, 3, 14, 'endgame'): the exact end-of-game values differ"]
