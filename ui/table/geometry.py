"""Where everything sits on the table, in the 1600x900 design space.

Two player bands (the opponent on top, the viewer at the bottom) frame the middle:
military track and progress tokens on the left, the Age structure in the centre, the
Senate and the log on the right. All numbers here are design units; Layout scales them.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

CARD_H_PER_W = 1.55        # ui.cardart.CARD_RATIO (height / width)
WONDER_W_PER_H = 1 / 0.65  # 1 / ui.cardart.WONDER_RATIO

BAND_H = 206
TOP_Y = 8
BOTTOM_Y = 900 - 8 - BAND_H
MID_Y = TOP_Y + BAND_H + 8
MID_H = BOTTOM_Y - 8 - MID_Y

# Columns of a player band.
PLATE = (8, 206)                 # x, width: name, coins, shields, progress owned
ECONOMY = (222, 190)             # production, prices, chains
CITY = (420, 596)                # city grouped by colour
WONDERS = (1024, 568)            # Wonders (top) and Conspiracies (below)

CITY_GROUPS = ("brown", "grey", "yellow", "red", "blue", "green", "purple", "senator")
CITY_CARD_W = 68
CONSPIRACY_W = 48                # a Conspiracy in a band, and the step to the next (room for its status tag)
CONSPIRACY_STEP = 88

# Middle area.
LEFT = pygame.Rect(8, MID_Y, 400, MID_H)
CENTRE = pygame.Rect(416, MID_Y, 600, MID_H)
RIGHT = pygame.Rect(1024, MID_Y, 568, MID_H)

STRUCT_CARD_W = 74
STRUCT_GAP = 6


def card_h(w: float) -> float:
    return w * CARD_H_PER_W


@dataclass
class Band:
    seat: int
    top: bool
    rect: pygame.Rect

    def column(self, span: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(span[0], self.rect.y, span[1], self.rect.h)

    @property
    def plate(self) -> pygame.Rect:
        return self.column(PLATE)

    @property
    def economy(self) -> pygame.Rect:
        return self.column(ECONOMY)

    @property
    def city(self) -> pygame.Rect:
        return self.column(CITY)

    @property
    def wonders(self) -> pygame.Rect:
        r = self.column(WONDERS)
        return pygame.Rect(r.x, r.y + (0 if not self.top else 0), r.w, 112)

    @property
    def conspiracies(self) -> pygame.Rect:
        r = self.column(WONDERS)
        return pygame.Rect(r.x, r.y + 118, r.w, r.h - 118)

    def wonder_slot(self, i: int, count: int = 4) -> pygame.Rect:
        area = self.wonders
        n = max(4, count)
        w = min(134, (area.w - (n - 1) * 6) / n)
        h = w / WONDER_W_PER_H
        return pygame.Rect(round(area.x + i * (w + 6)), area.y + 4, round(w), round(h))

    def city_column(self, i: int) -> pygame.Rect:
        area = self.city
        step = area.w / len(CITY_GROUPS)
        return pygame.Rect(round(area.x + i * step + (step - CITY_CARD_W) / 2), area.y + 22,
                           CITY_CARD_W, area.h - 24)


def bands(viewer: int) -> list[Band]:
    """Band of each seat: index = seat."""
    out = [None, None]
    out[viewer] = Band(viewer, False, pygame.Rect(8, BOTTOM_Y, 1584, BAND_H))
    out[1 - viewer] = Band(1 - viewer, True, pygame.Rect(8, TOP_Y, 1584, BAND_H))
    return out


def structure_slots(layout, age: int) -> list[pygame.Rect]:
    """Design rect of each slot of an Age layout (row 1 on top), centred in CENTRE."""
    rows = max(r for r, _ in layout.slots)
    cols = [c for _, c in layout.slots]
    cmin, cmax = min(cols), max(cols)
    half = (STRUCT_CARD_W + STRUCT_GAP) / 2
    width = (cmax - cmin) * half + STRUCT_CARD_W
    ch = card_h(STRUCT_CARD_W)
    avail = CENTRE.h - 34
    step = min(ch * 0.62, (avail - ch) / max(1, rows - 1))
    height = ch + (rows - 1) * step
    x0 = CENTRE.centerx - width / 2
    y0 = CENTRE.y + 26 + (avail - height) / 2
    return [pygame.Rect(round(x0 + (c - cmin) * half), round(y0 + (r - 1) * step),
                        STRUCT_CARD_W, round(ch)) for r, c in layout.slots]


# Left column of the middle.
TRACK = pygame.Rect(LEFT.x, LEFT.y + 4, LEFT.w, 104)
TRACK_BOARD = pygame.Rect(TRACK.x, TRACK.y, TRACK.w, TRACK.h - 18)   # under it: whose capital is where
PROGRESS_ROW = pygame.Rect(LEFT.x, TRACK.bottom + 10, LEFT.w, 74)
INFO = pygame.Rect(LEFT.x, PROGRESS_ROW.bottom + 10, LEFT.w, LEFT.bottom - PROGRESS_ROW.bottom - 10)
DISCARD = pygame.Rect(INFO.x + 8, INFO.y + 44, 70, round(card_h(70)))


def senate_rect(agora: bool) -> pygame.Rect:
    return pygame.Rect(RIGHT.x, RIGHT.y, RIGHT.w, 236) if agora else pygame.Rect(RIGHT.x, RIGHT.y, RIGHT.w, 0)


def log_rect(agora: bool) -> pygame.Rect:
    top = senate_rect(agora).bottom + (8 if agora else 0)
    return pygame.Rect(RIGHT.x, top, RIGHT.w, RIGHT.bottom - top)


# The info block under the progress board, top down: the discard pile's heading and picture with
# its counts beside it, the distance rows (ui/table/score.py), the status lines.
SUPREMACY_Y = 538               # design y of the distance rows (under the counts, above the status)
SUPREMACY_H = 2 * 23 + 4


def prompt_stops() -> tuple[int, ...]:
    """Where a prompt's plate may begin, highest last: under the distance rows, under the counts
    (over the distance rows), under the Discard heading (over the pile and its counts). A plate
    hides lines whole, never half of one, and never the Discard heading."""
    return (SUPREMACY_Y + SUPREMACY_H + 2, SUPREMACY_Y - 4, DISCARD.y - 2)


def prompt_area() -> pygame.Rect:
    """Where the pending decision's prompt sits: the left column's status block (it says what the
    player is to do, as the status line there does), bottom-aligned, growing upwards when it needs
    more room. The Senate, the log and everything a decision may target stay in view."""
    return INFO.copy()
