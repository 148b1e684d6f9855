"""The AI players (game/ai/players.py has the Player base class and the registry).

Importing the package registers every player: random (players.py), normal and easy
(heuristic.py), hard (mcts.py); with the native core
built, hard and normal on its search (native_search.py).
"""

from .players import PLAYERS, Player, RandomPlayer, available, make_player, register
from . import heuristic, mcts  # noqa: F401  (they register themselves)
from . import native_search  # noqa: F401  (hard and normal on the core, when it is built)

__all__ = ["PLAYERS", "Player", "RandomPlayer", "available", "make_player", "register"]
