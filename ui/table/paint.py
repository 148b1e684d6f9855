"""Small drawing helpers shared by the table's painters (all sizes in design units)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ui.draw import fonts, text_record, theme
from ui.cardart.names_fit import fit_name, render_line
from ui.draw.layout import Layout

FREE = (46, 140, 64)
AFFORDABLE = (196, 146, 34)
EXPENSIVE = (168, 40, 30)
PLAYER_COLORS = {0: (196, 128, 58), 1: (150, 160, 172)}
PLAYER_DARK = {0: (112, 64, 24), 1: (80, 88, 100)}
CONDENSE = 0.8          # a line may be squeezed to 80 % of its width before it is cut with "…"

# (text, screen rect, pixel size) of every line the table's painters set: the readability
# test collects them to find type below fonts.MIN_PX and lines drawn over each other.
BOX_HOOK = None


def _report(surface, layout: Layout, value: str, rect: pygame.Rect, px: int, picture=None) -> None:
    # Only lines set on the window (or the table's picture of it), not on off-screen panels.
    if BOX_HOOK is not None and value.strip() and surface.get_size() == layout.size:
        BOX_HOOK(value, pygame.Rect(rect), px)
    recorder = text_record.RECORDER
    if (recorder is not None and value.strip() and surface.get_size() == layout.size
            and not isinstance(surface, text_record.RecordingSurface)):     # that one notes its own blits
        recorder.note_line(value, rect, picture)


def type_px(layout: Layout, size: float) -> int:
    """The pixel size of `size` design units of type: never below fonts.MIN_PX."""
    return max(fonts.MIN_PX, layout.px(size))


def text(surface, layout: Layout, value: str, size: float, color, pos, *, anchor="topleft",
         bold=False, shadow=None, max_width: float | None = None, min_ratio: float = 0.72) -> pygame.Rect:
    """Blit a line of text at a *pixel* position with an anchor; returns its rect.

    With max_width (design units) a line too long is set in smaller type (down to min_ratio
    of the size, never below fonts.MIN_PX), then condensed sideways (to CONDENSE of its
    width), and only then cut with "…"."""
    px = type_px(layout, size)
    if max_width is None or fonts.get_font(px, bold).size(value)[0] <= layout.px(max_width):
        img = fonts.render(value, px, color, bold)
        shade = fonts.render(value, px, shadow, bold) if shadow is not None else None
    else:
        limit = layout.px(max_width)
        ratio = max(min_ratio, fonts.MIN_PX / px)
        px = max(fonts.MIN_PX, fonts.fit_px(value, px, limit, bold, ratio))
        if fonts.get_font(px, bold).size(value)[0] * CONDENSE <= limit:
            # a little too wide at the smallest type: condensed sideways, as names are, not cut
            img = render_line(value, px, limit, color, bold)
            shade = render_line(value, px, limit, shadow, bold) if shadow is not None else None
        else:
            img = fonts.render_fit(value, px, color, limit, bold, 1.0)
            shade = fonts.render_fit(value, px, shadow, limit, bold, 1.0) if shadow is not None else None
    rect = img.get_rect(**{anchor: pos})
    if shade is not None:
        surface.blit(shade, rect.move(0, max(1, layout.px(1.5))))
    surface.blit(img, rect)
    _report(surface, layout, value, rect, px, img)
    return rect


def text_block(surface, layout: Layout, value: str, size: float, color, pos, width: float, *,
               anchor="midtop", bold=False, max_lines: int = 2, line_gap: float = 1.25,
               align="center") -> pygame.Rect:
    """Wrapped text, at most max_lines lines of at most `width` design units (smaller type
    when it would need more lines, never below fonts.MIN_PX). pos is the anchor point of the
    whole block, in pixels."""
    from ui.draw.fonts import wrap_balanced
    limit = layout.px(width)
    px = type_px(layout, size)
    low = max(fonts.MIN_PX, round(px * 0.7))
    while True:
        font = fonts.get_font(px, bold)
        lines = wrap_balanced(value, font, limit) if font.size(value)[0] > limit else [value]
        if len(lines) <= max_lines or px <= low:
            break
        px -= 1
    if len(lines) > max_lines:              # still too long at the smallest type: cut the last line
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    step = round(font.get_linesize() * line_gap * 0.85)
    imgs = [fonts.render_fit(line, px, color, limit, bold, 1.0) for line in lines]
    height = step * (len(imgs) - 1) + imgs[-1].get_height()
    block = pygame.Rect(0, 0, max(i.get_width() for i in imgs), height)
    setattr(block, anchor, pos)
    y = block.y
    for line, img in zip(lines, imgs):
        spot = img.get_rect(top=y)
        if align == "center":
            spot.centerx = block.centerx
        elif align == "left":
            spot.left = block.left
        else:
            spot.right = block.right
        surface.blit(img, spot)
        _report(surface, layout, line, spot, px, img)
        y += step
    return block


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
    px = type_px(layout, 13 if small else 17)
    h = max(layout.px(17 if small else 24), px + layout.px(4))
    label = "" if free else str(total)
    tw = fonts.get_font(px, True).size(label)[0] if label else 0
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
        img = fonts.render(label, px, theme.PARCHMENT_LIGHT if not affordable else theme.INK, True)
        spot = img.get_rect(midleft=(ic[0] + icon // 2 + layout.px(4), rect.centery))
        surface.blit(img, spot)
        _report(surface, layout, label, spot, px, img)
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


def name_label(surface, layout: Layout, card: pygame.Rect, name: str, band: tuple[int, int]) -> pygame.Rect:
    """A piece's name on a dark strip over its name band (top, height relative to the card), set
    at fonts.MIN_PX or more on up to three lines, broken only between words (a word too wide is
    condensed, ui/cardart/names_fit.py): for faces too small to carry it."""
    px = type_px(layout, 12)
    room = card.w - 4
    fit = label_fit(name, room, px)
    step = fonts.get_font(fit.px, True).get_linesize()
    h = max(band[1], step * len(fit.lines) + 1)
    strip = pygame.Rect(card.x + 1, 0, card.w - 2, h)
    strip.bottom = min(card.y + band[0] + band[1], card.bottom - 1)
    rounded(surface, strip, (*theme.UMBER, 215), max(2, layout.px(3)))
    draw_fit_lines(surface, layout, fit, theme.PARCHMENT_LIGHT, strip.centerx,
                   strip.centery - step * len(fit.lines) // 2)
    return strip


def draw_fit_lines(surface, layout: Layout, fit, color, centerx: int, top: int) -> None:
    """The lines of a `label_fit` result, bold, each centred on `centerx` from `top` down."""
    step = fonts.get_font(fit.px, True).get_linesize()
    y = top
    for line, width in zip(fit.lines, fit.widths):
        img = render_line(line, fit.px, width, color, True)
        spot = img.get_rect(midtop=(centerx, y))
        surface.blit(img, spot)
        _report(surface, layout, line, spot, fit.px, img)
        y += step


def label_fit(name: str, width: int, px: int):
    """How a table label sets a name in `width` pixels: type of px down to fonts.MIN_PX, up to
    three lines, whole words only."""
    pitch = fonts.get_font(px, True).get_linesize()
    return fit_name(name, width, pitch * 3, px, True, 3, fonts.MIN_PX, line_gap=1.0)
