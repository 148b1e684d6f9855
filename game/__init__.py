"""Agora Duel rules engine: 7 Wonders Duel and its Agora expansion, pure Python.

    from game import new_game
    state = new_game(seed=1)            # Agora; new_game(seed, agora=False) for the base game
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    print(state.result)

See docs/engine.md.
"""

from .actions import Action, IllegalActionError
from .data import DataError, load_database
from .events import Event
from .setup import new_game
from .state import State
from .scoring import Result, CATEGORIES


def load_state(text: str) -> State:
    """Rebuild a state saved with `State.to_json()`."""
    from .serialize import loads
    return loads(text)


__all__ = ["Action", "IllegalActionError", "DataError", "load_database", "new_game", "State",
           "Event", "Result", "CATEGORIES", "load_state"]
