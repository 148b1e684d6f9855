"""Small drawing helpers shared by the table's painters (all sizes in design units)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui import theme
from ui.layout import Layout

FREE = (46, 140, 64)
AFFORDABLE = (196, 146, 34)
EXPENSIVE = (168, 40, 30)
PLAYER_COLORS = {0: (196, 128, 58), 1: (150, 160, 172)}
PLAYER_DARK = {0: (112, 64, 24), 1: (80, 88, 100)}


def text(surface, layout: Layout, value: str, size: float, color, pos, *, anchor="topleft",
         bold=False, shadow=None, max_width: float | None = None) -> pygame.Rect:
    """Blit a line of text at a *pixel* position with an anchor; returns its rect."""
    img = layout.text(value, size, color, bold)
    if max_width is not None and img.get_width() > layout.px(max_width):
        limit = layout.px(max_width)
        font = layout.font(size, bold)
        cut = value
        while cut and font.size(cut + "…")[0] > limit:
            cut = cut[:-1]
        img = layout.text(cut + "…", size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow is not None:
        shade = layout.text(value, size, shadow, bold) if max_width is None else None
        if shade is not None:
            surface.blit(shade, rect.move(0, max(1, layout.px(1.5))))
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=256)
def _rounded(size, color, radius, border, border_color):
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(surf, border_color, surf.get_rect(), border, border_radius=radius)
    return surf


def rounded(surface, rect: pygame.Rect, color, radius: int, border: int = 0, border_color=(0, 0, 0)):
    if rect.w <= 0 or rect.h <= 0:
        return
    surface.blit(_rounded(rect.size, tuple(color), radius, border, tuple(border_color)), rect)


def panel(surface, layout: Layout, rect: pygame.Rect, alpha: int = 120, color=theme.UMBER):
    """A translucent dark plate under a group of items."""
    rounded(surface, rect, (*color[:3], alpha), layout.px(10), max(1, layout.px(1.5)),
            (*theme.BRONZE_DARK, 200))


def check_mark(surface, center, size: int, color, width: int):
    cx, cy = center
    pts = [(cx - size * 0.5, cy), (cx - size * 0.15, cy + size * 0.38), (cx + size * 0.5, cy - size * 0.4)]
    pygame.draw.lines(surface, color, False, [(round(x), round(y)) for x, y in pts], width)


def cross_mark(surface, center, size: int, color, width: int):
    cx, cy = center
    h = size * 0.4
    pygame.draw.line(surface, color, (cx - h, cy - h), (cx + h, cy + h), width)
    pygame.draw.line(surface, color, (cx - h, cy + h), (cx + h, cy - h), width)


def price_badge(surface, layout: Layout, center, total: int, affordable: bool, *, free: bool = False,
                small: bool = False, ring=None) -> pygame.Rect:
    """Price badge: colour AND symbol (✓ free, coin + N affordable, ✗ + N too expensive)."""
    h = layout.px(17 if small else 24)
    size = 13 if small else 17
    label = "" if free else str(total)
    tw = layout.font(size, True).size(label)[0] if label else 0
    icon = h - layout.px(6)
    w = max(h, icon + (tw + layout.px(8) if label else 0) + layout.px(8))
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center
    color = FREE if free else AFFORDABLE if affordable else EXPENSIVE
    rounded(surface, rect.inflate(layout.px(3), layout.px(3)), ring or theme.INK, (h + layout.px(3)) // 2)
    rounded(surface, rect, color, h // 2, max(1, layout.px(1.2)), theme.PARCHMENT_LIGHT)
    ic = (rect.x + layout.px(4) + icon // 2, rect.centery)
    line = max(2, layout.px(2.6 if not small else 2))
    if free:
        check_mark(surface, rect.center, icon, theme.PARCHMENT_LIGHT, line)
    elif affordable:
        pygame.draw.circle(surface, (255, 222, 120), ic, icon // 2)
        pygame.draw.circle(surface, (120, 80, 10), ic, icon // 2, max(1, layout.px(1.2)))
    else:
        cross_mark(surface, ic, icon, theme.PARCHMENT_LIGHT, line)
    if label:
        img = layout.text(label, size, theme.PARCHMENT_LIGHT if not affordable else theme.INK, True)
        surface.blit(img, img.get_rect(midleft=(ic[0] + icon // 2 + layout.px(4), rect.centery)))
    return rect


def glow_rect(surface, rect: pygame.Rect, color, width: int, radius: int, alpha: int = 255):
    if alpha >= 255:
        pygame.draw.rect(surface, color, rect, width, border_radius=radius)
        return
    over = pygame.Surface(rect.inflate(2, 2).size, pygame.SRCALPHA)
    pygame.draw.rect(over, (*color[:3], alpha), over.get_rect(), width, border_radius=radius)
    surface.blit(over, rect.inflate(2, 2).topleft)


def clear_caches():
    _rounded.cache_clear()
