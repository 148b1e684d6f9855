"""Scaling from the 1600x900 design space to the real window.

Screens place things in design units; a Layout turns them into pixels with one
uniform scale, centred in the window, so 1280x720 and 4K show the same picture.
"""
from __future__ import annotations

import pygame

from ui.draw import fonts

DESIGN_SIZE = (1600, 900)


class Layout:
    def __init__(self, window_size: tuple[int, int]):
        self.size = (max(1, int(window_size[0])), max(1, int(window_size[1])))
        dw, dh = DESIGN_SIZE
        self.scale = min(self.size[0] / dw, self.size[1] / dh)
        self.offset = ((self.size[0] - dw * self.scale) / 2, (self.size[1] - dh * self.scale) / 2)

    def px(self, value: float) -> int:
        """A length in pixels, at least 1 for any positive length."""
        n = round(value * self.scale)
        return max(1, n) if value > 0 else n

    def point(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.offset[0] + x * self.scale), round(self.offset[1] + y * self.scale))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = self.point(x, y)
        right, bottom = self.point(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def centered_rect(self, cx: float, cy: float, w: float, h: float) -> pygame.Rect:
        return self.rect(cx - w / 2, cy - h / 2, w, h)

    def to_design(self, pos: tuple[int, int]) -> tuple[float, float]:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        return fonts.get_font(self.px(size), bold)

    def text(self, text: str, size: float, color, bold: bool = False) -> pygame.Surface:
        return fonts.render(text, self.px(size), color, bold)

    @property
    def window_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)
