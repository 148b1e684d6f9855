"""The game log: newest at the bottom, wrapped, scrollable with the mouse wheel."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.draw.fonts import wrap
from ui.text.i18n import language, t
from ui.table.paint import PLAYER_COLORS, panel, text

SIZE = 14
LINE = 19


class LogPanel:
    def __init__(self) -> None:
        self.scroll = 0              # lines scrolled up from the newest
        self._key = None
        self._surface: pygame.Surface | None = None
        self._lines: list = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_wheel(self, y: int) -> None:
        self.scroll = max(0, min(self.scroll + 3 * y, max(0, len(self._lines) - 3)))

    def draw(self, surface, layout, design_rect, log, viewer=None, title=None) -> None:
        """`viewer`: whose private lines to show (LogEntry.for_viewer)."""
        rect = layout.rect(*design_rect)
        self.rect = rect
        key = (id(log), len(log), self.scroll, rect.size, language(), viewer, title)
        if key != self._key or self._surface is None:
            self._surface = self._render(layout, rect, log, viewer, title)
            self._key = key
        surface.blit(self._surface, rect)

    def invalidate(self) -> None:
        self._key = None

    def _render(self, layout, rect, log, viewer, title) -> pygame.Surface:
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel(surf, layout, surf.get_rect(), 150)
        text(surf, layout, title or t("table.log"), 15, theme.BRONZE_LIGHT, (layout.px(12), layout.px(7)), bold=True)
        font = layout.font(SIZE)
        width = rect.w - layout.px(36)
        lines = []
        for entry in log:
            line = entry.for_viewer(viewer) if hasattr(entry, "for_viewer") else entry.text
            wrapped = wrap(line, font, width)
            for k, piece in enumerate(wrapped):
                lines.append((piece, entry.seat, k == 0))
        self._lines = lines
        visible = max(1, (rect.h - layout.px(36)) // layout.px(LINE))
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        end = len(lines) - self.scroll
        start = max(0, end - visible)
        y = layout.px(30)
        for piece, seat, first in lines[start:end]:
            if seat is None:
                color = theme.BRONZE_LIGHT
            else:
                color = theme.TEXT_ON_DARK
                if first:
                    pygame.draw.circle(surf, PLAYER_COLORS[seat], (layout.px(14), y + layout.px(LINE) // 2), layout.px(4))
            surf.blit(layout.text(piece, SIZE, color, seat is None), (layout.px(24), y))
            y += layout.px(LINE)
        if self.scroll:
            text(surf, layout, t("table.log_more", n=self.scroll), 12, theme.PARCHMENT_DARK,
                 (rect.w - layout.px(12), layout.px(8)), anchor="topright")
        return surf
