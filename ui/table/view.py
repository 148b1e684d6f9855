"""The table's static layer: everything the state shows, drawn once per position.

Drawing the whole table costs a few milliseconds, so it is cached as one surface and
redrawn only when the position, the window size, the language, a setting or the set of
animated (hidden) pieces changes. The scene draws live things (hover, coins, animations,
tooltips, the log) on top each frame.
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.text.i18n import language
from ui.table import geometry as G
from ui.table.band import city_card_rects, paint_band
from ui.table.context import Hit, PaintContext
from ui.table.middle import paint_info, paint_progress_board, paint_senate, paint_structure, paint_track, slot_rect

SENATE_DECISIONS = {"senate", "place", "remove", "conspirator", "may_move", "move_decree"}


class TableView:
    def __init__(self, art):
        self.art = art
        self._key = None
        self._surface: pygame.Surface | None = None
        self.hits: list[Hit] = []
        self.rebuilds = 0
        self._senate_key = None
        self._senate_cache = None           # (picture of the board's area, its hits)

    def invalidate(self) -> None:
        self._key = None

    def context(self, layout, session, hidden=frozenset(), show_opp=False) -> PaintContext:
        names = [session.name(0), session.name(1)]
        return PaintContext(layout, session.state, self.art, session.viewer, names, hidden, show_opp,
                            secrets=getattr(session, "secret_seat", session.viewer))

    def static(self, layout, session, *, hidden=frozenset(), show_opp=False, highlight=None) -> pygame.Surface:
        key = (session.version, session.viewer, getattr(session, "secret_seat", None), layout.size, language(),
               show_opp, hidden, highlight)
        if key == self._key and self._surface is not None:
            return self._surface
        ctx = self.context(layout, session, hidden, show_opp)
        surface = pygame.Surface(layout.size).convert() if pygame.display.get_surface() else pygame.Surface(layout.size)
        surface.blit(ui_art.parchment(layout.size), (0, 0))
        self._paint(ctx, surface, highlight)
        self._surface, self._key, self.hits = surface, key, ctx.hits
        self.rebuilds += 1
        return surface

    def _paint(self, ctx: PaintContext, surface, highlight) -> None:
        s = ctx.state
        for band in G.bands(ctx.viewer):
            paint_band(ctx, surface, band)
        paint_track(ctx, surface)
        paint_progress_board(ctx, surface)
        paint_info(ctx, surface)
        if s.agora:
            self._paint_senate(ctx, surface, highlight)
        paint_structure(ctx, surface)

    def _paint_senate(self, ctx: PaintContext, surface, highlight) -> None:
        """The Senate changes rarely: reuse its picture while cubes, control and Decrees stay."""
        s = ctx.state
        key = (tuple(s.cubes), tuple(s.control), tuple(map(tuple, s.chamber_decrees)), tuple(s.decree_up),
               highlight, ctx.layout.size, language())
        rect = ctx.r(G.senate_rect(True))
        if key == self._senate_key and self._senate_cache is not None:
            picture, hits = self._senate_cache
            surface.blit(picture, rect)
            ctx.hits.extend(hits)
            return
        first = len(ctx.hits)
        paint_senate(ctx, surface, highlight)
        self._senate_cache = (surface.subsurface(rect.clip(surface.get_rect())).copy(), ctx.hits[first:])
        self._senate_key = key

    def hit_at(self, pos) -> Hit | None:
        for hit in reversed(self.hits):      # last drawn is on top
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def hits_of(self, kind: str) -> list[Hit]:
        return [h for h in self.hits if h.kind == kind]


def card_places(state, viewer: int) -> dict:
    """Design rect where each visible card is: ('card', cid) / ('wonder', wid) -> rect.

    Used to animate pieces between two positions."""
    places = {}
    if state.structure:
        rects = G.structure_slots(state.layout, state.age)
        for slot, cid in enumerate(state.structure):
            if cid != -1:
                r = rects[slot]
                places[("card", cid)] = r.move(0, -7) if slot in state.accessible else r
    bands = G.bands(viewer)
    for band in bands:
        for cid, r in city_card_rects(state, band).items():
            places[("card", cid)] = r
        for i, wid in enumerate(state.wonders[band.seat]):
            slot = band.wonder_slot(i, len(state.wonders[band.seat]))
            places[("wonder", wid)] = slot
            tucked = state.built[band.seat].get(wid)
            if tucked is not None:
                places[("card", tucked)] = pygame.Rect(slot.centerx - 20, slot.bottom - 40, 40, 62)
        if state.agora:
            area = band.conspiracies
            for i, (cid, status, tucked) in enumerate(state.conspiracies[band.seat]):
                if tucked != -1:
                    places[("card", tucked)] = pygame.Rect(area.x + 4 + i * G.CONSPIRACY_STEP + 14, area.y - 2, 48, 74)
    if state.discard:
        places[("card", state.discard[-1])] = G.DISCARD.copy()
    for cid in state.discard[:-1]:
        places.setdefault(("card", cid), G.DISCARD.copy())
    return places


__all__ = ["TableView", "card_places", "slot_rect", "SENATE_DECISIONS"]
