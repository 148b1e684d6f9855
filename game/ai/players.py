"""Players: anything that picks an action from what its seat may see.

Every player has `choose(observation, legal_actions) -> Action`. Players only ever get
`state.observation(seat)` (never the state itself), so none of them can cheat.
Register a player class with `@register("name")`; `make_player(name, seed)` builds one.
The registry lives here, below the AI players that register in it; game/ai/__init__.py
imports them all, so `from game.ai import make_player` knows every player.
"""

import random

PLAYERS = {}


def register(name):
    def add(cls):
        cls.name = name
        PLAYERS[name] = cls
        return cls
    return add


class Player:
    """Base class. `needs_observation = False` lets a player skip building the observation."""

    name = "player"
    needs_observation = True

    def __init__(self, seed: int = 0, think_seconds: float = None):
        self.rng = random.Random(seed)
        self.think_seconds = think_seconds

    def choose(self, observation, legal_actions):
        raise NotImplementedError


@register("random")
class RandomPlayer(Player):
    """Uniformly random legal actions: the baseline every other player must beat."""

    needs_observation = False

    def choose(self, observation, legal_actions):
        return self.rng.choice(legal_actions)


def make_player(name: str, seed: int = 0, think_seconds: float = None) -> Player:
    try:
        cls = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player '{name}' (choose from: {', '.join(sorted(PLAYERS))})") from None
    return cls(seed=seed, think_seconds=think_seconds)


def available() -> list:
    return sorted(PLAYERS)
