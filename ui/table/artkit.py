"""Thin, forgiving access to ui.cardart: an unknown icon kind draws a neutral dot instead
of failing, so a missing picture never takes the table down."""
from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from ui.draw import theme

log = logging.getLogger(__name__)
_warned: set = set()


def back_of(card) -> str:
    """Which back a face-down card shows: '1'..'3', 'guild' or 'senator'."""
    if card.senator:
        return "senator"
    if card.guild:
        return "guild"
    return str(card.age)


@lru_cache(maxsize=64)
def _dot(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, theme.BRONZE, (size // 2, size // 2), size // 2)
    pygame.draw.circle(surf, theme.INK, (size // 2, size // 2), size // 2, max(1, size // 10))
    return surf


def icon(art, kind: str, size: int) -> pygame.Surface:
    size = max(4, int(size))
    try:
        return art.icon(kind, size)
    except Exception as exc:  # an icon the art does not know
        if kind not in _warned:
            _warned.add(kind)
            log.warning("no icon for %r: %s", kind, exc)
        return _dot(size)


def clear_caches() -> None:
    _dot.cache_clear()
