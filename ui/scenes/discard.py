"""The discard pile, face up, over the table (Esc or a click closes it)."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.overlay import TableOverlay
from ui.table.paint import rounded, text
from ui.table.tooltip import lines_for, render as render_tip

CARD_W = 96


class DiscardScene(TableOverlay):
    def __init__(self, game) -> None:
        super().__init__(game)
        self.rects = []
        self.hover = None
        self.mouse = (0, 0)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
            self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.close()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = next((name for r, name in self.rects if r.collidepoint(event.pos)), None)

    def draw(self, surface) -> None:
        L = self.layout
        self.draw_scrim(surface, 170)
        state = self.game.session.state
        box = L.rect(120, 120, 1360, 660)
        rounded(surface, box, (*theme.UMBER, 235), L.px(14), max(2, L.px(3)), theme.BRONZE)
        text(surface, L, t("discard.title", n=len(state.discard)), 28, theme.BRONZE_LIGHT, L.point(800, 140),
             anchor="midtop", bold=True)
        per_row = 12
        gap = 14
        self.rects = []
        for i, cid in enumerate(state.discard):
            name = state.rules.cards[cid].name
            x = 160 + (i % per_row) * (CARD_W + gap)
            y = 200 + (i // per_row) * (CARD_W * 1.545 + 34)
            r = L.rect(x, y, CARD_W, CARD_W * 1.545)
            surface.blit(self.game.art.card(name, r.w), r)
            text(surface, L, dn(name), 12, theme.TEXT_ON_DARK, (r.centerx, r.bottom + L.px(4)), anchor="midtop",
                 max_width=CARD_W + 10)
            self.rects.append((r, name))
        if not state.discard:
            text(surface, L, t("discard.empty"), 20, theme.TEXT_ON_DARK, L.point(800, 440), anchor="center")
        text(surface, L, t("discard.close"), 15, theme.PARCHMENT_DARK, L.point(800, 760), anchor="midbottom")
        if self.hover:
            class _H:
                kind, seat, data, name = "city", None, None, self.hover
            lines = lines_for(_H, state, self.game.session)
            tip = render_tip(L, lines)
            rect = tip.get_rect(topleft=(self.mouse[0] + L.px(16), self.mouse[1] + L.px(16)))
            rect.clamp_ip(pygame.Rect((0, 0), L.size))
            surface.blit(tip, rect)
