"""Player settings kept in memory for now (persistence comes later).

`SETTINGS` is the one shared instance; scenes read it every frame, so a change in the
settings dialog applies at once.
"""
from __future__ import annotations

from dataclasses import dataclass

# Animation speed: name -> multiplier of the animation clock (instant skips animations).
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0, "turbo": 5.0}  # turbo: autoplay only
SPEED_ORDER = ("slow", "normal", "fast", "instant")


@dataclass
class Settings:
    animation_speed: str = "normal"
    show_opponent_prices: bool = False
    ai_delay: float = 0.35          # seconds the AI's move is held before it is shown (at normal speed)

    @property
    def speed_factor(self) -> float:
        return SPEEDS.get(self.animation_speed, 1.0)

    def cycle_speed(self, step: int = 1) -> None:
        i = SPEED_ORDER.index(self.animation_speed) if self.animation_speed in SPEED_ORDER else 1
        self.animation_speed = SPEED_ORDER[(i + step) % len(SPEED_ORDER)]


SETTINGS = Settings()
