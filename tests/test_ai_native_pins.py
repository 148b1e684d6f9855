"""Positions that pin the core's `hard` (data/ai_pins.json, found and labelled by
bench/ai_pins.py).

Each is an Age III turn of a real game (our `hard` or `normal` against indjev99's MCTS
through the anchor kit, our `hard` against 9c5c6fa's in Agora, or two `normal` players on
the core; seed, first player and moves recorded) where one move wins against best play and
the move 9c5c6fa's `hard` chose (mcts.SearchPlayer, seed 0, 300 iterations: its exact
endgame starts at eight cards base, four Agora; these positions have more) loses. The
truth is the core's exact search on the real state; the winning move also wins in at least
six of eight determinizations of the mover's view, so it can be found without seeing the
face-down cards. `hard` (seed 0; 2000 iterations in the base game, 10,000 in Agora, where an
iteration of its guided search costs a quarter of a playout's) must play it. Each pin's `kind` says what
the exact lines after the two moves end in: a science denial or a military defence (the
losing move lets the opponent win so), a military or science finish, a political one
(either line ends in the Senate), or civilian points. Checked failing on 9c5c6fa's `hard`:
`test_the_old_search_missed_it` (run it with PINS_OLD=1; it is the Python search, unchanged
since 9c5c6fa, and slow; the same was run in a worktree of 9c5c6fa itself).

Pin 4607 was lost when Agora's `hard` became the guided search (native/src/search/guided.rs,
docs/ai.md) and found again with its `senate_edges`: the opponent closes the Senate over
two turns whose cubes must go to exact Chambers, follow-ups that search played greedily;
it now searches the Senate's decisions as nodes while a Senate is near. A pin the level
misses goes in MISSED, a strict expected failure with its reason: the day the search finds
it again, the test says so.
"""

import json
import os

import pytest

from game import new_game
from game.ai import native

PINS = json.load(open(os.path.join(os.path.dirname(__file__), "..", "data", "ai_pins.json")))
ITERATIONS = {False: 2000, True: 10_000}     # by `agora`
# pins the level misses today, and why (the module's docstring)
MISSED: dict = {}
needs_search = pytest.mark.skipif(not native.SEARCH, reason=native.WHY_NOT or "no search in this build")


def replay(pin):
    s = new_game(pin["seed"], agora=pin["agora"], first_player=pin.get("first_player"))
    for text in pin["history"]:
        s.apply(s.parse_action(text))
    return s


def ids(pin):
    return f"{'agora' if pin['agora'] else 'base'}-{pin['seed']}-{pin['plies']}-{pin['kind'].replace(' ', '-')}"


def _marked(pin):
    why = MISSED.get((pin["agora"], pin["seed"]))
    return pytest.param(pin, marks=pytest.mark.xfail(strict=True, reason=why)) if why else pin


@needs_search
@pytest.mark.parametrize("pin", [_marked(p) for p in PINS], ids=ids)
def test_hard_finds_the_winning_move(pin):
    from game.ai.native_search import NativeSearchPlayer
    s = replay(pin)
    me = s.current_player
    assert me == pin["seat"]
    truth = native.NativeSearch(s.agora).solve([native.NativeState.from_state(s)], me, 10 ** 8)
    assert truth[pin["new"]] > 50 and truth[pin["old"]] < 50        # won / not won
    choice = NativeSearchPlayer(seed=0, iterations=ITERATIONS[pin["agora"]]).choose(s.observation(me), s.legal_actions())
    assert truth[str(choice)] > 50


@pytest.mark.skipif(not os.environ.get("PINS_OLD"), reason="slow: set PINS_OLD=1")
@pytest.mark.parametrize("pin", PINS, ids=ids)
def test_the_old_search_missed_it(pin):
    from game.ai.mcts import SearchPlayer
    s = replay(pin)
    me = s.current_player
    choice = SearchPlayer(seed=0, iterations=300).choose(s.observation(me), s.legal_actions())
    assert str(choice) == pin["old"]
