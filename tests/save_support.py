"""Saved games for the tests: a record played to its end."""

import random


def play_out(saved, seed):
    """Plays `saved`'s game at random (seeded) to its end, recording every move; returns the
    final state."""
    state = saved.new_state()
    rng = random.Random(seed)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    return state
