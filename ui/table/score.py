"""The live score: each player's points as the score sheet stands now, and how far each is
from an immediate victory (military, science, political).

The total sits in a laurel on each player's plate (the coin row's free right end); hovering
it shows the sheet by category (game.scoring.score_sheet, Senate included). The distances
sit in the info panel under the discard pile's counts, one row per player (opponent above):
shield = spaces to the opponent's capital, sphere = different science symbols missing,
cube = Chambers not yet controlled; 2 or fewer turn red. Hovering a row says it in words. Nothing here
decides anything: all numbers come from the engine.
"""
from __future__ import annotations

import pygame

from game.scoring import CATEGORIES, score_sheet
from ui.draw import theme
from ui.text.i18n import t
from ui.table import geometry as G
from ui.table.artkit import icon
from ui.table.paint import PLAYER_COLORS, panel, text

BADGE = 40                  # design size of the laurel with the total
SUPREMACY_Y = G.SUPREMACY_Y       # design y of the distance rows (under the counts, above the status)
ROW_H = 23


def badge_rect(band) -> pygame.Rect:
    """Design rect of a player's total: the right end of the coin row of the plate."""
    plate = band.plate
    return pygame.Rect(plate.right - BADGE - 8, plate.y + 44, BADGE, BADGE)


def supremacy_rect() -> pygame.Rect:
    return pygame.Rect(G.DISCARD.right + 12, SUPREMACY_Y, G.INFO.right - G.DISCARD.right - 20, 2 * ROW_H + 4)


def sheet(state, seat: int) -> dict:
    """The score sheet as it stands now (category -> points, plus 'total')."""
    return score_sheet(state, seat)


def distances(state, seat: int) -> dict:
    """How far `seat` is from each immediate victory: spaces to the opponent's capital,
    different science symbols still missing, Chambers still to control (None: not in play)."""
    capital = state.rules.capital
    pushed = state.pawn if seat == 0 else -state.pawn
    info = state.info[seat]
    symbols = len(info.symbols) if info is not None else 0
    out = {"military": max(0, capital - pushed), "science": max(0, 6 - symbols), "political": None}
    if state.agora:
        out["political"] = sum(1 for c in state.control if c != seat)
    return out


def draw_scores(surface, layout, state, viewer: int, mouse, art=None) -> dict:
    """Draw both totals and the distance rows; returns {('score', seat) | ('supremacy', seat): rect}
    and, when the mouse is over one of them, draws its breakdown."""
    hits = {}
    for band in G.bands(viewer):
        seat = band.seat
        total = sheet(state, seat)["total"]
        rect = layout.rect(*badge_rect(band))
        img = art.points_label(total, rect.h) if art is not None else None
        if img is not None:
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            text(surface, layout, str(total), 22, theme.BRONZE_LIGHT, rect.center, anchor="center", bold=True)
        hits[("score", seat)] = rect
    area = supremacy_rect()
    for row, seat in enumerate((1 - viewer, viewer)):
        y = area.y + row * ROW_H
        hits[("supremacy", seat)] = _distance_row(surface, layout, art, state, seat, area.x, y, area.w)
    hovered = next((key for key, r in hits.items() if r.collidepoint(mouse)), None)
    if hovered is not None:
        _breakdown(surface, layout, state, hovered, hits[hovered])
    return hits


def _distance_row(surface, layout, art, state, seat, x, y, width) -> pygame.Rect:
    d = distances(state, seat)
    pygame.draw.circle(surface, PLAYER_COLORS[seat], layout.point(x + 6, y + ROW_H / 2), layout.px(5))
    parts = [("shield", d["military"]), ("sphere", d["science"])]
    if d["political"] is not None:
        parts.append((f"cube{seat}", d["political"]))
    cx = x + 18
    step = (width - 18) / 3
    for kind, n in parts:
        size = layout.px(19)
        img = icon(art, kind, size) if art is not None else None
        if img is not None:
            surface.blit(img, img.get_rect(midleft=layout.point(cx, y + ROW_H / 2)))
        color = (250, 150, 120) if n <= 2 else theme.TEXT_ON_DARK
        text(surface, layout, t("score_live.away", n=n), 16, color, layout.point(cx + 23, y + ROW_H / 2),
             anchor="midleft", bold=n <= 2, max_width=step - 24)
        cx += step
    return layout.rect(x, y, width, ROW_H)


def breakdown_lines(state, seat: int, names=None) -> list[str]:
    """The hover text: the score sheet as it stands, category by category."""
    s = sheet(state, seat)
    lines = [f"{t(f'score.{c}')}: {s[c]}" for c in CATEGORIES if c != "senate" or state.agora]
    lines.append(f"{t('score.total')}: {s['total']}")
    return lines


def supremacy_lines(state, seat: int) -> list[str]:
    d = distances(state, seat)
    lines = [t("score_live.military", n=d["military"]), t("score_live.science", n=d["science"])]
    if d["political"] is not None:
        lines.append(t("score_live.political", n=d["political"]))
    return lines


def _breakdown(surface, layout, state, key, anchor) -> None:
    kind, seat = key
    title = t("score_live.sheet_title") if kind == "score" else t("score_live.to_win")
    lines = breakdown_lines(state, seat) if kind == "score" else supremacy_lines(state, seat)
    font_h = layout.px(18)
    width = max(layout.font(14).size(line)[0] for line in lines + [title]) + layout.px(24)
    height = font_h * (len(lines) + 1) + layout.px(16)
    box = pygame.Rect(0, 0, width, height)
    box.topleft = (anchor.right + layout.px(8), anchor.y)
    box.clamp_ip(pygame.Rect((0, 0), layout.size))
    if box.colliderect(anchor):
        box.left = anchor.left - width - layout.px(8)
    tip = pygame.Surface(box.size, pygame.SRCALPHA)
    panel(tip, layout, tip.get_rect(), 235)
    pygame.draw.circle(tip, PLAYER_COLORS[seat], (layout.px(12), layout.px(8) + font_h // 2), layout.px(5))
    tip.blit(layout.text(title, 14, theme.BRONZE_LIGHT, True), (layout.px(22), layout.px(8)))
    for i, line in enumerate(lines):
        bold = i == len(lines) - 1 and kind == "score"
        tip.blit(layout.text(line, 14, theme.TEXT_ON_DARK, bold), (layout.px(12), layout.px(8) + font_h * (i + 1)))
    surface.blit(tip, box)
