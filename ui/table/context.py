"""What every table painter needs: the layout, the state, the art and where to record hits."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui.draw.layout import Layout


@dataclass
class Hit:
    kind: str                 # 'slot', 'city', 'wonder', 'progress', 'owned_progress', 'conspiracy', ...
    rect: pygame.Rect         # pixels
    name: str | None = None   # component name for the tooltip (None: face down)
    seat: int | None = None
    data: object = None       # slot index, Wonder id, conspiracy index, chamber, ...


@dataclass
class PaintContext:
    layout: Layout
    state: object
    art: object
    viewer: int
    names: list
    hidden: frozenset = frozenset()          # ('card', cid) / ('wonder', wid): drawn by an animation
    show_opponent_prices: bool = False
    hits: list = field(default_factory=list)
    secrets: int | None = -1                 # whose hidden faces may be drawn (-1: the viewer's, None: nobody's)

    @property
    def secret_seat(self) -> int | None:
        return self.viewer if self.secrets == -1 else self.secrets

    def r(self, rect) -> pygame.Rect:
        return self.layout.rect(rect[0], rect[1], rect[2], rect[3])

    def px(self, v: float) -> int:
        return self.layout.px(v)

    def hit(self, kind, rect, name=None, seat=None, data=None) -> None:
        self.hits.append(Hit(kind, rect, name, seat, data))
