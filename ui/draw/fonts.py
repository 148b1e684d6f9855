"""The bundled font, loaded by path (never a system font lookup), with caches.

Every line of text the window shows is drawn by a `Font` of this module (layout.text,
the table's painters, the card faces...). `RENDER_HOOK`, when set to a function, is
called with each string drawn — the tests use it to read everything a screen shows.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

import pygame

from ui.draw import text_record
from ui.files.paths import font_path

RENDER_HOOK: Callable[[str], None] | None = None
SIZE_HOOK: Callable[[str, int], None] | None = None     # (text, pixel size): the readability test

# The smallest type the window sets (pixels), at any window size: fitting shrinks text down to
# this and then cuts it ("…") or wraps it; text that cannot be this large is not drawn small.
MIN_PX = 11


class Font(pygame.font.Font):
    """pygame's font, reporting what it draws to RENDER_HOOK and SIZE_HOOK (tests only)."""

    px = 0

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        if RENDER_HOOK is not None and text:
            RENDER_HOOK(str(text))
        if SIZE_HOOK is not None and str(text).strip():
            SIZE_HOOK(str(text), self.px)
        if bgcolor is None:
            picture = super().render(text, antialias, color, None, wraplength)
        else:
            picture = super().render(text, antialias, color, bgcolor, wraplength)
        return text_record.tag(picture, str(text)) if text_record.RECORDER is not None else picture


@lru_cache(maxsize=64)
def get_font(px: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    font = Font(str(font_path(bold)), max(6, int(px)))
    font.px = max(6, int(px))
    return font


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


def fit_px(text: str, px: int, width: int, bold: bool = False, min_ratio: float = 0.6) -> int:
    """The largest font size <= px (down to px * min_ratio) at which text is at most width wide."""
    px = max(6, int(px))
    low = max(min(px, MIN_PX), int(px * min_ratio))     # never fitted below MIN_PX
    while px > low and get_font(px, bold).size(text)[0] > width:
        px -= 1
    return px


def render_fit(text: str, px: int, color: tuple, width: int, bold: bool = False,
               min_ratio: float = 0.6) -> pygame.Surface:
    """One line of text at most `width` pixels wide: smaller type first, then cut with "…"."""
    size = fit_px(text, px, width, bold, min_ratio)
    font = get_font(size, bold)
    if font.size(text)[0] > width:
        cut = text
        while cut and font.size(cut + "…")[0] > width:
            cut = cut[:-1]
        text = cut.rstrip() + "…"
        return text_record.tag(render(text, size, color, bold), text, cut=True)
    return render(text, size, color, bold)


def clear_caches() -> None:
    # Font objects die with pygame.font.quit(); drop them so a later App starts clean.
    get_font.cache_clear()
    render.cache_clear()
