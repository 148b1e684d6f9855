"""Where the events of a move happened on the table: the marks of the opponent's last move
and the glow of Chambers and Wonders while their events are shown (ui/table/anim.py)."""
from __future__ import annotations

import math

import pygame

from ui.draw import theme
from ui.table import geometry as G
from ui.table.view import card_places

CARD_PLACES = ("city", "senate", "discard", "conspiracy", "structure")   # a tucked Wonder card: the Wonder is marked


def _ids(rules) -> tuple[dict, dict]:
    return ({c.name: i for i, c in enumerate(rules.cards)}, {w.name: i for i, w in enumerate(rules.wonders)})


def chamber_rects(view) -> dict:
    return {h.data: h.rect for h in view.hits if h.kind == "chamber"} if view is not None else {}


def pawn_rect(state, viewer: int) -> pygame.Rect:
    """The design rect of the pawn's space (the track's own geometry, ui/cardart/track.py)."""
    capital = state.rules.capital
    rect = G.TRACK
    n = 2 * capital + 1
    margin = max(3.0, rect.h * 0.06)
    width = (rect.w - 2 * margin) / n
    pos = -state.pawn if viewer == 1 else state.pawn
    x = rect.x + margin + (pos + capital) * width
    return pygame.Rect(round(x), rect.y + round(rect.h * 0.12), round(width), round(rect.h * 0.76))


def places_of(events, state, viewer: int, view) -> list[tuple[str, pygame.Rect]]:
    """('design', rect) or ('screen', rect) of every place the events left something."""
    if not events:
        return []
    cards, wonders = _ids(state.rules)
    where = card_places(state, viewer)
    chambers = chamber_rects(view)
    out, seen = [], set()

    def add(kind, rect):
        key = (kind, tuple(rect))
        if key not in seen:
            seen.add(key)
            out.append((kind, rect))

    for e in events:
        if e.kind == "card" and e.get("to") in CARD_PLACES and e.get("frm") != "deck":
            cid = cards.get(e.get("card"))
            rect = where.get(("card", cid)) if cid is not None else None
            if rect is None and e.get("to") == "discard":
                rect = G.DISCARD
            if rect is not None:
                add("design", rect)
        elif e.kind == "wonder" and e.get("action") in ("built", "taken", "drafted"):
            rect = where.get(("wonder", wonders.get(e.get("wonder"))))
            if rect is not None:
                add("design", rect)
        elif e.kind in ("cube", "control", "decree"):
            for ch in (e.get("chamber"), e.get("to")):
                if isinstance(ch, int) and ch in chambers:
                    add("screen", chambers[ch])
        elif e.kind == "pawn":
            add("design", pawn_rect(state, viewer))
    return out


def draw_marks(surface, layout, places, color, time: float) -> None:
    """Outline each place in the acting seat's colour, breathing slowly."""
    width = max(2, layout.px(3))
    glow = 0.75 + 0.25 * math.sin(time * 2.5)
    col = tuple(round(c * glow) for c in color)
    for kind, rect in places:
        r = layout.rect(*rect) if kind == "design" else pygame.Rect(rect)
        r = r.inflate(layout.px(6), layout.px(6))
        pygame.draw.rect(surface, theme.INK, r.inflate(2, 2), width + 2, border_radius=layout.px(7))
        pygame.draw.rect(surface, col, r, width, border_radius=layout.px(7))


def draw_pulses(surface, layout, anim, state, viewer: int, view) -> None:
    chambers = chamber_rects(view)
    where = None
    for pulse in anim.pulses:
        f = anim.pulse_strength(pulse)
        if f <= 0:
            continue
        kind, ident = pulse.place
        if kind == "chamber":
            rect = chambers.get(ident)
        else:
            where = where if where is not None else card_places(state, viewer)
            rect = where.get(pulse.place)
            rect = layout.rect(*rect) if rect is not None else None
        if rect is None:
            continue
        glow = pygame.Surface(rect.inflate(layout.px(16), layout.px(16)).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*theme.BRONZE_LIGHT, round(200 * f)), glow.get_rect(), max(3, layout.px(6)),
                         border_radius=layout.px(10))
        surface.blit(glow, glow.get_rect(center=rect.center))
