"""Cheaper events, same account (game/events.py: interning).

The engine builds each distinct event once per rule set and hands the same immutable object
to every game that reports it. That is only sound if no two different events share a memo
key: each seeded random game below is recorded twice, once through the shared memo (warm
from the games before it) and once with a memo that remembers nothing, and the two
accounts must read the same, field by field and type by type (True is not 1).
Recording must not change the game either: the search path (no events) reaches the same
state after the same actions.
"""

import json
import random

import pytest

from game import new_game
from game.events import memo_for

SEEDS = range(12)


class Forgetful(dict):
    """A memo that keeps nothing: every event is built afresh."""

    def __setitem__(self, key, value):
        pass


def random_actions(seed, agora):
    rng = random.Random(seed)
    s = new_game(seed, agora=agora)
    actions = []
    while not s.is_terminal:
        actions.append(rng.choice(s.legal_actions()))
        s.apply(actions[-1])
    return actions


def account(events):
    """The events as the log, the replay and the wire read them (repr tells True from 1)."""
    return [(repr(e), json.dumps(e.to_dict(), sort_keys=True)) for e in events]


def fresh_game(seed, agora):
    """A new game whose events (setup included) are all built afresh, none shared."""
    rules_memo = memo_for(new_game(seed, agora=agora).rules)[0]
    saved = dict(rules_memo)
    rules_memo.clear()
    try:
        s = new_game(seed, agora=agora)
    finally:
        rules_memo.update(saved)
    s._interned = Forgetful()
    return s


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_shared_events_read_as_freshly_built_ones(agora):
    for seed in SEEDS:
        actions = random_actions(seed, agora)
        shared = new_game(seed, agora=agora)
        fresh = fresh_game(seed, agora)
        assert account(shared.events) == account(fresh.events), f"seed {seed}: setup"
        for action in actions:
            got, want = shared.apply(action), fresh.apply(action)
            assert account(got) == account(want), f"seed {seed}: {action}"
        assert account(shared.events) == account(fresh.events)


def test_a_recurring_event_is_built_once_per_rule_set():
    turns = []
    for seed in (3, 4):
        s = new_game(seed)
        while not s.is_terminal:
            s.apply(s.legal_actions()[0])
        turns.append(next(e for e in s.events if e.kind == "turn" and e.player == 0))
    assert turns[0] is turns[1]
    base = new_game(3, agora=False)
    assert memo_for(base.rules)[0] is not memo_for(s.rules)[0]


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_the_search_path_reaches_the_same_states(agora):
    for seed in SEEDS:
        recorded = new_game(seed, agora=agora)
        search = recorded.clone(record=False)
        rng = random.Random(seed)
        while not recorded.is_terminal:
            action = rng.choice(recorded.legal_actions())
            assert search.legal_actions() == recorded.legal_actions()
            assert search.apply(action) == []
            recorded.apply(action)
            assert search.to_json() == recorded.to_json()
        assert search.result == recorded.result
