"""Text helpers for the art: fitted names, outlined numbers, short effect descriptions."""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import stamp_outline
from ui.draw.fonts import MIN_PX, get_font, wrap_balanced


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


def fit_paragraph(text: str, max_w: int, max_h: int, max_px: int, bold: bool = True, min_px: int = MIN_PX):
    """(px, lines) of rules text set whole in the box — as many lines as its height holds,
    the largest size <= max_px — or None when it cannot be set whole at min_px or more.
    Rules text is never cut: a sentence that stops half-way says something else."""
    whole = " ".join(text.split())
    for px in range(max(min_px, int(max_px)), min_px - 1, -1):
        font = get_font(px, bold)
        line_h = font.get_linesize() * 0.92
        room = int((max_h + 2 - font.get_linesize()) // line_h) + 1 if font.get_linesize() <= max_h + 2 else 0
        if room < 1:
            continue
        lines = wrap_balanced(whole, font, max_w)
        if (len(lines) <= room and all(font.size(line)[0] <= max_w for line in lines)
                and " ".join(" ".join(lines).split()) == whole):
            return px, lines
    return None


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
           outline_w=0, min_px=MIN_PX, whole=None) -> pygame.Surface:
    """Text fitted in a box, never set below MIN_PX: where it cannot be that large (a small
    card face) nothing is drawn — the table and the tooltip name the piece instead.

    `whole`: the text is a rule (by default, any text given more than two lines): it is
    wrapped onto as many lines as the box holds and drawn whole or not at all — never cut
    mid-sentence ("…"); the tooltip beside the picture always has the full text. A name
    (one or two lines) may still end in "…" where it cannot fit."""
    min_px = max(MIN_PX, min_px)
    box_w, box_h = max_w - 2 * outline_w, max_h - 2 * outline_w
    if not readable(text, box_w, box_h, max_px, bold, min_px):
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    if whole if whole is not None else max_lines > 2:
        fit = fit_paragraph(text, box_w, box_h, max_px, bold, min_px)
        if fit is None:
            return pygame.Surface((1, 1), pygame.SRCALPHA)
        return render_lines(fit[1], fit[0], color, bold, outline, outline_w)
    px, lines = fit_lines(text, box_w, box_h, max_px, bold, max_lines, min_px)
    if any(get_font(px, bold).size(line)[0] > box_w for line in lines):
        lines = [cut(line, box_w, px, bold) for line in lines]
    return render_lines(lines, px, color, bold, outline, outline_w)


def readable(text, max_w, max_h, max_px, bold=True, min_px=MIN_PX) -> bool:
    """Can `text` be set in this box at min_px or more? (a line of it, cut if need be)"""
    if max_px < min_px or not text.strip():
        return False
    font = get_font(min_px, bold)
    return font.get_linesize() * 0.92 <= max_h + 2 and font.size(text[:1] + "…")[0] <= max_w


def cut(line, width, px, bold=True) -> str:
    font = get_font(px, bold)
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def crop_to_ink(surf: pygame.Surface) -> pygame.Surface:
    rect = surf.get_bounding_rect()
    if rect.width == 0:
        return surf
    return surf.subsurface(rect).copy()


# --- effect text on the faces -----------------------------------------------------------

def describe(kind: str, arg) -> str:
    """One sentence for one effect, in the current language (ui.text.describe.effect_line)."""
    from ui.text.describe import effect_line
    return effect_line(kind, arg)


def sentence(kind: str, arg) -> str:
    return describe(kind, arg)


def describe_all(effects) -> str:
    """All effects as one short paragraph, in the current language."""
    return " ".join(sentence(k, a) for k, a in effects)
