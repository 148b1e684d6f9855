"""The core's guided search (native/src/search/guided.rs) is the Python `hard`'s tree search.

Given the same determinizations, root scores and number of iterations, `mcts.SearchPlayer`
(9c5c6fa's `hard`, pure Python) and `NativeSearch.run(guided=True)` grow the same tree:
the same follow-ups played greedily, the same priors (quick gains, then one-ply scores), the
same PUCT and leaf values. Positions come from games of the Python `normal` (fixed
iterations: deterministic), base and Agora, every Age. The two agree on the move and on
nearly every child's visits; the few that differ are near-ties the two sides break
differently (an action order, a last bit of a floating-point sum).
"""

import random
from functools import lru_cache

import pytest

from game import new_game
from game.ai import native
from game.ai.determinize import Determinizer
from game.ai.evaluate import win_chance
from game.ai.heuristic import Lookahead
from game.ai.mcts import QuickSearchPlayer, SearchPlayer, softmax

needs_search = pytest.mark.skipif(not (native.SEARCH and native.EVALUATE),
                                  reason=native.WHY_NOT or "no search in this build")

ITERATIONS = 60
POOL = 24


class _Pool:
    """A Determinizer's `sample` handing out fixed states in order (the Python search draws
    its pool as iterations need it)."""

    def __init__(self, states):
        self.states = states
        self.i = 0

    def sample(self, rng):
        s = self.states[self.i % len(self.states)]
        self.i += 1
        return s.clone()


@lru_cache(maxsize=None)
def _positions(agora):
    """Every seventh turn decision with three or more actions of two `normal` games."""
    out = []
    for seed in (300, 301):
        s = new_game(seed, agora=agora)
        bots = [QuickSearchPlayer(seed=1, iterations=8), QuickSearchPlayer(seed=2, iterations=8)]
        k = 0
        while s.result is None:
            legal = s.legal_actions()
            if k % 7 == 3 and len(legal) > 2 and s.decision == "turn":
                out.append(s.clone(record=False))
            p = s.current_player
            s.apply(bots[p].choose(s.observation(p), legal))
            k += 1
    return out


def _both(s, seed=0):
    """Root visits by action notation: (Python's, the core's)."""
    me = s.current_player
    det = Determinizer(s.observation(me))
    rng = random.Random(seed)
    states = [det.sample(rng) for _ in range(POOL)]
    s0 = states[0]
    scores = sorted(Lookahead(s0, me, frozenset(det.hidden_slots)).score_all(), key=lambda t: -t[0])
    python = SearchPlayer(seed=seed, iterations=ITERATIONS)
    python.search(_Pool(states[1:]), s0, me, scores, None)
    py_visits = {str(a): c.n for a, c in python.last_root.children.items()}
    priors = softmax([v for v, _, _ in scores], python.prior_temperature)
    prior_list = [(a, p, win_chance(v, s0.age)) for (v, a, _), p in zip(scores, priors)]
    tree = native.NativeSearch(s0.agora)
    stats = tree.run([native.NativeState.from_state(x) for x in states], me, iterations=ITERATIONS,
                     seconds=0.0, seed=seed, priors=prior_list, virtual_n=1, c_root=0.0,
                     c=python.c_puct, guided=True)
    return py_visits, {text: n for text, n, _ in stats}


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_the_guided_search_grows_the_python_hards_tree(agora):
    positions = _positions(agora)
    assert len(positions) >= 10 and {s.age for s in positions} == {1, 2, 3}
    same_move = same_counts = children = 0
    for s in positions:
        py_visits, core_visits = _both(s)
        assert set(core_visits) == set(py_visits)          # every root action, no other
        assert sum(core_visits.values()) == sum(py_visits.values())
        same_move += max(py_visits, key=py_visits.get) == max(core_visits, key=core_visits.get)
        same_counts += sum(py_visits[a] == core_visits[a] for a in py_visits)
        children += len(py_visits)
    assert same_move == len(positions)
    assert same_counts >= 0.8 * children


@needs_search
def test_the_guided_search_needs_the_evaluation_and_a_sane_temperature():
    s = new_game(5, agora=True)
    pool = [native.NativeState.from_state(s)]
    tree = native.NativeSearch(True)
    with pytest.raises(ValueError, match="weights"):
        tree._s.run([x._c for x in pool], s.current_player, 10, 0.0, 0, [], guided=True)
    with pytest.raises(native.NativeError):
        tree.run(pool, s.current_player, iterations=10, guided=True, prior_temperature=0.0)
    got = tree.run(pool, s.current_player, iterations=200, guided=True)
    assert sum(n for _, n, _ in got) == 200 and len(got) == len(s.legal_actions())
