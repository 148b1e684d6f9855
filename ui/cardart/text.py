"""Text helpers for the art: fitted names, outlined numbers, short effect descriptions."""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import stamp_outline
from ui.fonts import get_font, wrap_balanced


def fit_lines(text: str, max_w: int, max_h: int, max_px: int, bold: bool = True,
              max_lines: int = 2, min_px: int = 6):
    """(px, lines): the largest font size <= max_px at which text fits in the box."""
    px = max(min_px, int(max_px))
    whole = " ".join(text.split())

    def intact(lines):  # no word cut in two
        return " ".join(" ".join(lines).split()) == whole
    while True:
        font = get_font(px, bold)
        line_h = font.get_linesize() * 0.92
        if font.size(text)[0] <= max_w and line_h <= max_h + 2:
            return px, [text]
        if max_lines > 1 and " " in text.strip():
            lines = wrap_balanced(text, font, max_w)
            if (len(lines) <= max_lines and all(font.size(l)[0] <= max_w for l in lines)
                    and line_h * len(lines) <= max_h + 2 and intact(lines)):
                return px, lines
        if px <= min_px:
            font = get_font(px, bold)
            lines = wrap_balanced(text, font, max_w) if max_lines > 1 else [text]
            return px, lines[:max_lines]
        px -= 1


def render_lines(lines, px: int, color, bold: bool = True, outline=None, outline_w: int = 0,
                 line_gap: float = 0.92) -> pygame.Surface:
    font = get_font(px, bold)
    surfs = [font.render(l, True, color) for l in lines]
    lh = round(font.get_linesize() * line_gap)
    w = max(s.get_width() for s in surfs)
    h = lh * (len(surfs) - 1) + surfs[-1].get_height()
    pad = outline_w if outline is not None else 0
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i, s in enumerate(surfs):
        out.blit(s, ((w - s.get_width()) // 2 + pad, i * lh + pad))
    if outline is not None and outline_w:
        out = stamp_outline(out, outline, outline_w)
    return out


def fitted(text, max_w, max_h, max_px, color=P.INK, bold=True, max_lines=2, outline=None,
           outline_w=0, min_px=6) -> pygame.Surface:
    px, lines = fit_lines(text, max_w - 2 * outline_w, max_h - 2 * outline_w, max_px, bold,
                          max_lines, min_px)
    return render_lines(lines, px, color, bold, outline, outline_w)


def crop_to_ink(surf: pygame.Surface) -> pygame.Surface:
    rect = surf.get_bounding_rect()
    if rect.width == 0:
        return surf
    return surf.subsurface(rect).copy()


# --- effect text on the faces -----------------------------------------------------------

def describe(kind: str, arg) -> str:
    """One sentence for one effect, in the current language (ui.table.describe.effect_line)."""
    from ui.table.describe import effect_line
    return effect_line(kind, arg)


def sentence(kind: str, arg) -> str:
    return describe(kind, arg)


def describe_all(effects) -> str:
    """All effects as one short paragraph, in the current language."""
    return " ".join(sentence(k, a) for k, a in effects)
