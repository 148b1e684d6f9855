"""Names set in a small box — on a card face or on the table's label over a small card.

A name breaks only between words (at spaces, in both languages): never inside a word, never
with an added hyphen, never cut short with "…". It is set as large as the box allows, down to
fonts.MIN_PX; a word still wider than the box at that size is condensed sideways to fit (its
height, and so its readability, stays that of MIN_PX type) instead of being split.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import pygame

from ui.cardart.pen import stamp_outline
from ui.draw import text_record
from ui.draw.fonts import MIN_PX, get_font

LINE_GAP = 0.92            # line pitch as a share of the font's line size (as the card text)


@dataclass(frozen=True)
class NameFit:
    px: int                        # type size
    lines: tuple[str, ...]         # whole words per line
    widths: tuple[int, ...]        # each line's width once set (condensed when wider than the box)


def word_breaks(name: str, max_lines: int) -> list[tuple[str, ...]]:
    """Every way to set the words of `name` on 1..max_lines lines, breaking only at spaces."""
    words = name.split()
    if not words:
        return [("",)]
    out = []
    for count in range(1, min(max_lines, len(words)) + 1):
        for cuts in combinations(range(1, len(words)), count - 1):
            edges = (0, *cuts, len(words))
            out.append(tuple(" ".join(words[a:b]) for a, b in zip(edges, edges[1:])))
    return out


def _widest(lines, font) -> int:
    return max(font.size(line)[0] for line in lines)


def fit_name(name: str, max_w: int, max_h: float, max_px: int, bold: bool = True, max_lines: int = 2,
             min_px: int = MIN_PX, line_gap: float = LINE_GAP) -> NameFit:
    """The largest type (max_px down to min_px) at which the name's words fit the box on at most
    max_lines lines (fewest lines first, then the most even); at min_px, the break that needs
    the least condensing when nothing fits."""
    name = " ".join(name.split())
    max_w = max(1, int(max_w))
    top = max(int(min_px), int(max_px))
    breaks = word_breaks(name, max(1, max_lines))
    for px in range(top, int(min_px) - 1, -1):
        font = get_font(px, bold)
        pitch = font.get_linesize() * line_gap
        fitting = [b for b in breaks if pitch * len(b) <= max_h + 2 and _widest(b, font) <= max_w]
        if fitting:
            best = min(fitting, key=lambda b: (len(b), _widest(b, font)))
            return NameFit(px, best, tuple(font.size(line)[0] for line in best))
    px = int(min_px)
    font = get_font(px, bold)
    pitch = font.get_linesize() * line_gap
    room = max(1, int((max_h + 2) // pitch)) if pitch else 1
    allowed = [b for b in breaks if len(b) <= room] or [b for b in breaks if len(b) == 1]
    best = min(allowed, key=lambda b: (_widest(b, font), len(b)))
    return NameFit(px, best, tuple(min(max_w, font.size(line)[0]) for line in best))


def render_line(line: str, px: int, width: int, color, bold: bool = True) -> pygame.Surface:
    """One line of a name, condensed sideways to `width` when it is wider."""
    img = get_font(px, bold).render(line, True, color)
    if img.get_width() > width > 0:
        img = text_record.tag(pygame.transform.smoothscale(img, (width, img.get_height())), line)
    return img


def render_name(fit: NameFit, color, bold: bool = True, outline=None, outline_w: int = 0,
                line_gap: float = LINE_GAP) -> pygame.Surface:
    """The fitted name, lines centred, optionally outlined."""
    font = get_font(fit.px, bold)
    surfs = [render_line(line, fit.px, w, color, bold) for line, w in zip(fit.lines, fit.widths)]
    pitch = round(font.get_linesize() * line_gap)
    w = max(s.get_width() for s in surfs)
    h = pitch * (len(surfs) - 1) + surfs[-1].get_height()
    pad = outline_w if outline is not None else 0
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i, s in enumerate(surfs):
        out.blit(s, ((w - s.get_width()) // 2 + pad, i * pitch + pad))
    if outline is not None and outline_w:
        out = stamp_outline(out, outline, outline_w)
    return out


def fitted_name(name: str, max_w: int, max_h: int, max_px: int, color, bold: bool = True, max_lines: int = 2,
                outline=None, outline_w: int = 0, min_px: int = MIN_PX) -> pygame.Surface:
    """A name fitted in a box on a card face (see the module's rules). Where MIN_PX type
    cannot be set at all (a face too small for its name) nothing is drawn: the table
    labels the piece instead."""
    min_px = max(MIN_PX, min_px)
    box_w, box_h = max_w - 2 * outline_w, max_h - 2 * outline_w
    pitch = get_font(min_px, bold).get_linesize() * LINE_GAP
    if max_px < min_px or not name.strip() or pitch > box_h + 2 or box_w < min_px:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    fit = fit_name(name, box_w, box_h, max_px, bold, max_lines, min_px)
    return render_name(fit, color, bold, outline, outline_w)
