"""The bundled font, loaded by path (never a system font lookup), with caches."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui.paths import font_path


@lru_cache(maxsize=64)
def get_font(px: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(bold)), max(6, int(px)))


@lru_cache(maxsize=512)
def render(text: str, px: int, color: tuple, bold: bool = False) -> pygame.Surface:
    return get_font(px, bold).render(text, True, color)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break text into lines no wider than width, at spaces (and anywhere in over-long words)."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while font.size(line)[0] > width and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and font.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def wrap_balanced(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Like wrap, but with lines of similar length (no lone last word)."""
    lines = wrap(text, font, width)
    if len(lines) < 2:
        return lines
    lo, hi = width // len(lines), width
    while lo < hi:  # the narrowest width that still needs no extra line
        mid = (lo + hi) // 2
        if len(wrap(text, font, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap(text, font, hi)


def clear_caches() -> None:
    # Font objects die with pygame.font.quit(); drop them so a later App starts clean.
    get_font.cache_clear()
    render.cache_clear()
