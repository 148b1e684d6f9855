"""The AI players (game/ai/players.py has the Player base class and the registry).

Importing the package registers every player: random (players.py), normal and easy
(heuristic.py), hard (mcts.py).
"""

from .players import PLAYERS, Player, RandomPlayer, available, make_player, register
from . import heuristic, mcts  # noqa: F401  (they register themselves)

__all__ = ["PLAYERS", "Player", "RandomPlayer", "available", "make_player", "register"]
