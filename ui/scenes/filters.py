"""A row of filter chips (one chosen), for the Statistics and Saved games screens.

A caption, then small rounded labels; clicking one chooses it and calls `on_change(value)`.
Positions are in design units; `draw` returns the row's right edge so rows can follow.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ui.draw import theme
from ui.table.paint import rounded, text

CHIP_H = 30
TEXT = 15


class ChipRow:
    def __init__(self, caption: str, options: list[tuple[object, str]], value, on_change: Callable) -> None:
        self.caption = caption
        self.options = options                      # (value, label)
        self.value = value
        self.on_change = on_change
        self.rects: list[tuple[pygame.Rect, object]] = []
        self.mouse = (-1, -1)

    def width(self, L) -> float:
        """Design width of the whole row (caption and chips)."""
        font = L.font(TEXT, bold=True)
        w = (font.size(self.caption)[0] / L.scale + 10) if self.caption else 0
        return w + sum(font.size(label)[0] / L.scale + 26 + 6 for _, label in self.options)

    def draw(self, surface, L, x: float, cy: float) -> float:
        self.rects = []
        if self.caption:
            spot = text(surface, L, self.caption, TEXT, theme.INK_SOFT, L.point(x, cy), anchor="midleft", bold=True)
            x += spot.w / L.scale + 10
        font = L.font(TEXT, bold=True)
        for value, label in self.options:
            w = font.size(label)[0] / L.scale + 26
            r = L.rect(x, cy - CHIP_H / 2, w, CHIP_H)
            chosen = value == self.value
            over = r.collidepoint(self.mouse)
            fill = theme.UMBER if chosen else ((*theme.PARCHMENT_LIGHT, 255) if over else (*theme.PARCHMENT, 230))
            rounded(surface, r, fill, L.px(14), max(1, L.px(1.5)), theme.BRONZE if chosen or over else theme.BRONZE_DARK)
            text(surface, L, label, TEXT, theme.TEXT_ON_DARK if chosen else theme.INK, r.center, anchor="center",
                 bold=True)
            self.rects.append((r, value))
            x += w + 6
        return x

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            for rect, value in self.rects:
                if rect.collidepoint(event.pos):
                    if value != self.value:
                        self.value = value
                        self.on_change(value)
                    return True
        return False

    def target(self, value):
        """Screen point of a chip (tests)."""
        return next((r.center for r, v in self.rects if v == value), None)
