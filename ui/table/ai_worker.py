"""Asks an AI player for its move without blocking the window.

The choice is computed in the AI host process (ai_host.py) on a copy of the position;
the scene polls `done` each frame. A failure inside the AI is kept and re-raised by
`result()` on the main thread, where the app's error containment shows the error panel.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import count

_keys = count(1)


@dataclass
class PlayerSpec:
    """Which AI plays a seat: its registered name, seed and thinking budget."""
    name: str
    seed: int = 0
    think_seconds: float | None = None
    key: int = field(default_factory=lambda: next(_keys))   # the host keeps one player per key

    @property
    def module(self) -> str | None:
        """The module that registers this player, when it is not one of game.ai's own."""
        from game.ai import PLAYERS
        cls = PLAYERS.get(self.name)
        module = getattr(cls, "__module__", "") if cls else ""
        return None if not module or module.startswith("game.ai") else module


class AIWorker:
    def __init__(self, spec: PlayerSpec, state, seat: int):
        from ui.table.ai_host import host

        self.spec = spec
        self.seat = seat
        self.version = None                 # set by the owner: which position this answers
        self.started = time.perf_counter()
        self.finished: float | None = None
        self._state = state.clone()
        self._answer = None
        self._host = host()
        self._req = self._host.ask(spec.key, spec.module, spec.name, spec.seed, spec.think_seconds,
                                   state.to_json(), seat)

    @property
    def done(self) -> bool:
        if self.finished is None:
            answer = self._host.answer(self._req)
            if answer is None and not self._host.alive:
                answer = ("error", "the AI process stopped")
            if answer is not None:
                self._answer = answer
                self.finished = time.perf_counter()
        return self.finished is not None

    @property
    def elapsed(self) -> float:
        return (self.finished or time.perf_counter()) - self.started

    def cancel(self) -> None:
        """The answer is not wanted any more (undo): a search still running is stopped."""
        if self.finished is None:
            from ui.table.ai_host import abandon
            abandon(self._req, self._host)
            self.finished = time.perf_counter()
            self._answer = ("error", "cancelled")

    def result(self):
        status, value = self._answer
        if status != "ok":
            raise RuntimeError(f"the AI player failed: {value}")
        return self._state.parse_action(value)
