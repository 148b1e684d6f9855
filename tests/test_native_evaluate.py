"""The core's position evaluation (native/src/evaluate.rs) against game/ai/evaluate.py.

The same positions — every position of games of tests/native_diff.py's random policies
(uniform, Senate-heavy, Conspiracy-heavy, science- and military-seeking...) and of the
Python `normal` player (fixed iterations: deterministic), base and Agora, every Age, both
seats to move, every decision evaluate.py values owed, games ended by every victory — are
valued by both from both seats: the evaluation, each of its terms and the winning chance
must agree within 1e-6 × max(1, |v|). The core reads no weight of its own: the
bridge hands it evaluate.py's (game/ai/native.py `eval_weights`).
"""

import random
from collections import Counter
from functools import lru_cache

import pytest

from game import new_game
from game.ai import evaluate as ev
from game.ai import native
from game.ai.mcts import QuickSearchPlayer
from native_diff import POLICIES, choose

needs_eval = pytest.mark.skipif(not native.EVALUATE,
                                reason=native.WHY_NOT or "no evaluation in this build")

# Games of tests/native_diff.py's random policies, (agora, policy, seed): chosen so that
# between them they owe every kind of decision the evaluation values and end in every kind
# of victory (base science-seeking 40: science; Agora senate-heavy 217: political; ...).
POLICY_GAMES = [
    (False, "uniform", 0), (False, "uniform", 2), (False, "science-seeking", 40),
    (False, "military-seeking", 1), (False, "wonders first", 3),
    (True, "uniform", 0), (True, "uniform", 2),
    (True, "senate-heavy", 2), (True, "senate-heavy", 3),
    (True, "conspiracy-heavy", 2), (True, "conspiracy-heavy", 3), (True, "science-seeking", 2),
    (True, "military-seeking", 1), (True, "senate-heavy", 217),
]
NORMAL_GAMES = [(False, 0), (False, 3), (True, 0), (True, 1)]   # `normal` against `normal`
NORMAL_ITERATIONS = 8
# The decisions evaluate.py `pending_value` values (the others count nothing).
VALUED_STEPS = ("progress", "library", "keep", "senate", "place", "remove", "conspirator",
                "mausoleum", "trigger_unprepared", "destroy", "extort", "lock", "top_row",
                "treason", "espionage", "foreclose", "coerce", "sabotage")


def _close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a))


def _policy_game(agora, policy, seed):
    weight = dict(POLICIES)[policy]
    s = new_game(seed, agora=agora)
    rng = random.Random(seed)
    out = [s.clone(record=False)]
    while s.result is None:
        s.apply(choose(rng, s, s.legal_actions(), weight))
        out.append(s.clone(record=False))
    return out


def _normal_game(agora, seed):
    s = new_game(100 + seed, agora=agora)
    bots = [QuickSearchPlayer(seed=seed, iterations=NORMAL_ITERATIONS),
            QuickSearchPlayer(seed=seed + 1, iterations=NORMAL_ITERATIONS)]
    out = [s.clone(record=False)]
    while s.result is None:
        p = s.current_player
        s.apply(bots[p].choose(s.observation(p), s.legal_actions()))
        out.append(s.clone(record=False))
    return out


@lru_cache(maxsize=1)
def _positions():
    """(label, game.State) for every position of the games above."""
    out = []
    for agora, policy, seed in POLICY_GAMES:
        rules = "Agora" if agora else "base"
        out += [(f"{rules} {policy} seed {seed} step {i}", s)
                for i, s in enumerate(_policy_game(agora, policy, seed))]
    for agora, seed in NORMAL_GAMES:
        rules = "Agora" if agora else "base"
        out += [(f"{rules} normal seed {seed} step {i}", s)
                for i, s in enumerate(_normal_game(agora, seed))]
    return out


def _compare(label, s, ns, me, **kw):
    """The first difference between the two evaluations of s (ns in the core) for `me`,
    or None."""
    want = ev.evaluate(s, me, **kw)
    got = ns.evaluate(me, **kw)
    if not _close(want, got):
        return f"{label} me={me} {kw}: evaluate {want!r} vs core {got!r}"
    if s.result is None:
        want_terms = ev.terms(s, me, **kw)
        got_terms = ns.evaluate_terms(me, **kw)
        if set(want_terms) != set(got_terms):
            return f"{label} me={me}: terms {sorted(want_terms)} vs core {sorted(got_terms)}"
        for name, v in want_terms.items():
            if not _close(v, got_terms[name]):
                return f"{label} me={me} {kw}: term {name} {v!r} vs core {got_terms[name]!r}"
    return None


@needs_eval
def test_the_positions_cover_what_the_evaluation_reads():
    positions = _positions()
    assert len(positions) >= 400
    states = [s for _, s in positions]
    for agora in (False, True):
        mine = [s for s in states if s.agora == agora and s.result is None]
        assert {s.age for s in mine} == {1, 2, 3}
        assert {s.current_player for s in mine} == {0, 1}
        assert {s.phase for s in mine} == {"draft", "play"}
    finished = [s for s in states if s.result is not None]
    assert len(finished) == len(POLICY_GAMES) + len(NORMAL_GAMES)
    assert {s.result.victory for s in finished} == {"civilian", "military", "science", "political"}
    decisions = Counter(s.decision for s in states if s.result is None)
    for kind in ("turn", "draft", "start") + VALUED_STEPS:
        assert decisions[kind] > 0, (kind, decisions)


@needs_eval
def test_the_core_values_every_position_as_evaluate_py_does():
    n = 0
    for label, s in _positions():
        ns = native.NativeState.from_state(s)
        for me in (0, 1):
            problem = _compare(label, s, ns, me)
            assert problem is None, problem
            n += 1
    assert n >= 800


@needs_eval
def test_without_tempo_and_with_hidden_cards_too():
    """`tempo=False` (the search's quick leaves) and face-down cards counted at their average
    (`hidden`: here every face-down card and the first accessible one)."""
    checked = 0
    for label, s in _positions()[::3]:
        if s.result is not None or s.phase != "play":
            continue
        down = [i for i, c in enumerate(s.structure) if c >= 0 and not s.face_up[i]]
        hidden = tuple(sorted(set(down) | set(sorted(s.accessible)[:1])))
        ns = native.NativeState.from_state(s)
        for me in (0, 1):
            for kw in ({"tempo": False}, {"hidden": hidden}):
                problem = _compare(label, s, ns, me, **kw)
                assert problem is None, problem
                checked += 1
    assert checked >= 200


@needs_eval
def test_win_chance_is_evaluate_pys():
    values = [ev.evaluate(s, 0) for _, s in _positions()[::5]]
    values += [0.0, 499.99, 500.0, -500.0, -499.99, 1e9, -1e9, 37.5, -12.25]
    for v in values:
        for age in (1, 2, 3):
            want, got = ev.win_chance(v, age), native.win_chance(v, age)
            assert abs(want - got) <= 1e-12, (v, age, want, got)
    assert native.win_chance(3.0) == ev.win_chance(3.0)


@needs_eval
def test_the_weights_come_from_evaluate_py_and_no_other_is_accepted():
    """The core holds no weight: a weight evaluate.py gains is refused until the core reads
    it, and one it loses is missed (never silently left out of the sum)."""
    s = new_game(1, agora=True)
    ns = native.NativeState.from_state(s)
    with pytest.raises(native.NativeError, match="new_weight"):
        ns.evaluate(0, w={**ev.WEIGHTS, "new_weight": 1.0})
    fewer = {k: v for k, v in ev.WEIGHTS.items() if k != "tempo"}
    with pytest.raises(native.NativeError, match="tempo"):
        ns.evaluate(0, w=fewer)
    # another value of a weight is another evaluation, as in evaluate.py
    doubled = {**ev.WEIGHTS, "point": 2.0 * ev.WEIGHTS["point"]}
    mid = next(st for _, st in _positions() if st.agora and st.age == 2 and st.result is None)
    nm = native.NativeState.from_state(mid)
    want = ev.terms(mid, 0, w=doubled)["points"]
    assert _close(want, nm.evaluate_terms(0, w=doubled)["points"])


@needs_eval
def test_bad_calls_raise_one_line():
    ns = native.NativeState.from_state(new_game(2, agora=False))
    with pytest.raises(native.NativeError, match="seat"):
        ns.evaluate(2)
    with pytest.raises(native.NativeError, match="hidden slot"):
        ns.evaluate(0, hidden=(30,))
    with pytest.raises(native.NativeError, match="age"):
        native.win_chance(1.0, 4)
    agora_weights = native.eval_weights(True)
    with pytest.raises(native.NativeError, match="other tables"):
        native._guard(ns._c.evaluate, 0, agora_weights, [], True)
