"""One game in the window: the engine state, who plays each seat, the log.

The scenes send Actions through `apply`; AI seats are asked through an AIWorker.
Nothing here knows the rules: legality is always the engine's.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game import new_game
from game.ai import make_player
from ui.i18n import t
from ui.table.ai_worker import AIWorker, PlayerSpec
from ui.table.text import log_line, seat_name

# The AI levels offered in the setup screen, best first when present.
AI_LEVELS = ("easy", "normal", "hard")
THINK_SECONDS: dict = {}          # level -> seconds per decision; None: the player's own default


@dataclass
class SeatSetup:
    kind: str = "human"            # 'human' or 'ai'
    ai: str = "random"
    think_seconds: float | None = None


@dataclass
class LogEntry:
    text: str
    seat: int | None = None        # None for a game event (new Age, victory)


@dataclass
class GameConfig:
    seed: int | None = None
    agora: bool = True
    first: str = "random"          # 'random', 'me' or 'ai'
    seats: list = field(default_factory=lambda: [SeatSetup("human"), SeatSetup("ai", "random")])


class GameSession:
    def __init__(self, config: GameConfig):
        self.config = config
        seed = config.seed if config.seed is not None else random.randrange(1 << 30)
        self.seed = seed
        humans = [i for i, s in enumerate(config.seats) if s.kind == "human"]
        self.viewer = humans[0] if humans else 0          # the seat drawn at the bottom
        first = None
        if config.first == "me":
            first = self.viewer
        elif config.first == "ai":
            first = 1 - self.viewer
        self.first_player_arg = first
        self.state = new_game(seed, agora=config.agora, first_player=first)
        for s in config.seats:
            if s.kind == "ai":
                make_player(s.ai)             # an unknown name fails here, not in the AI process
        self.players = [PlayerSpec(s.ai, seed * 2 + i + 1, s.think_seconds) if s.kind == "ai" else None
                        for i, s in enumerate(config.seats)]
        self.log: list[LogEntry] = [LogEntry(t("log.game_start", seed=seed))]
        self.version = 0
        self.worker: AIWorker | None = None
        self.last_change = None
        self._age = self.state.age
        self._phase = self.state.phase

    # --- whose move ----------------------------------------------------------

    @property
    def actor(self) -> int | None:
        return self.state.current_player

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and self.players[seat] is not None

    @property
    def human_to_act(self) -> bool:
        return self.actor is not None and not self.is_ai(self.actor)

    def name(self, seat: int) -> str:
        both_ai = all(self.is_ai(s) for s in (0, 1))
        return seat_name(seat, None if both_ai else self.viewer)

    # --- moves -----------------------------------------------------------------

    def apply(self, action):
        """Apply a legal action (an IllegalActionError leaves everything unchanged).

        Returns (before, after) states for animation."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        before = self.state.clone()
        self.state.apply(action)
        self.version += 1
        self.cancel_ai()
        both_ai = all(self.is_ai(s) for s in (0, 1))
        viewer = None if both_ai else self.viewer
        self.log.append(LogEntry(log_line(action, before, self.state, viewer), action.player))
        self._events(before)
        self.last_change = (before, self.state)
        return before, self.state

    def _events(self, before) -> None:
        s = self.state
        if s.phase == "play" and self._phase == "draft":
            self.log.append(LogEntry(t("log.age", age=t(f"age.roman.{s.age}"))))
        elif s.age != self._age and s.phase == "play":
            self.log.append(LogEntry(t("log.age", age=t(f"age.roman.{s.age}"))))
        self._age, self._phase = s.age, s.phase
        if s.is_terminal:
            r = s.result
            if r.winner is None:
                self.log.append(LogEntry(t("log.draw")))
            else:
                self.log.append(LogEntry(t("log.victory", who=self.name(r.winner),
                                           kind=t(f"victory.kind.{r.victory}")), r.winner))

    # --- the AI -------------------------------------------------------------------

    def poll_ai(self):
        """Start the AI's thinking if it is on move; returns its action once ready, else None."""
        seat = self.actor
        if not self.is_ai(seat) or self.state.is_terminal:
            return None
        if self.worker is None or self.worker.version != self.version:
            self.worker = AIWorker(self.players[seat], self.state, seat)
            self.worker.version = self.version
            return None
        if not self.worker.done:
            return None
        action = self.worker.result()
        legal = self.state.legal_actions()
        if action not in legal:
            # A broken player must not stall the game: its move is refused loudly.
            raise RuntimeError(f"the AI chose an illegal action: {action!r}")
        return action

    @property
    def thinking(self) -> float | None:
        """Seconds the AI has been thinking, or None."""
        if self.worker is not None and self.worker.version == self.version and not self.worker.done:
            return self.worker.elapsed
        return None

    def cancel_ai(self) -> None:
        self.worker = None          # a running thread finishes on its copy; its answer is dropped


# The unfinished game the title menu's "Continue" returns to (kept in memory).
CURRENT: dict = {"session": None}
