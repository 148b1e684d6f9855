"""A decision about the Senate: the board in the dialog, with the target chambers
highlighted and clickable (a move is two clicks: from, then to), plus the buttons."""
from __future__ import annotations

import pygame

from ui import theme
from ui.i18n import t
from ui.scenes.options import OptionDialog
from ui.table.middle import paint_senate
from ui.table.paint import text

BOARD_H = 250
BOARD_W = 640


class SenateDialog(OptionDialog):
    def __init__(self, game, title, body, options, **kw):
        super().__init__(game, title, body, options, extra_height=BOARD_H + 16, **kw)
        self.source: str | None = None          # chamber chosen as the origin of a move
        self.board = pygame.Rect(0, 0, 0, 0)
        self.chamber_rects: dict[int, pygame.Rect] = {}

    def _chamber_name(self, index: int) -> str:
        return self.game.session.state.rules.chambers[index].name

    def targets(self) -> set[str]:
        """Chamber names a click may pick now."""
        out = set()
        for o in self.options:
            a = o.action
            if a is None:
                continue
            if a.kind == "move":
                if self.source is None:
                    out.add(a.subject)
                elif a.subject == self.source:
                    out.add(a.target)
            elif a.kind in ("place", "remove") and self.source is None:
                out.add(a.subject)
        return out

    def _board_rect(self, layout) -> pygame.Rect:
        y = self.top_y + 96 + len(self.body_lines) * 28
        return layout.rect(800 - BOARD_W / 2, y, BOARD_W, BOARD_H)

    def draw_extra(self, surface, layout) -> None:
        self.board = self._board_rect(layout)
        state = self.game.session.state
        ctx = self.game.view.context(layout, self.game.session)
        rules = state.rules
        names = self.targets()
        highlight = {rules.chamber_id[n] for n in names if n in rules.chamber_id}
        paint_senate(ctx, surface, highlight=highlight, rect=self.board)
        self.chamber_rects = {h.data: h.rect for h in ctx.hits if h.kind == "chamber" and isinstance(h.data, int)}
        if self.source is not None:
            r = self.chamber_rects.get(rules.chamber_id.get(self.source, -1))
            if r is not None:
                pygame.draw.rect(surface, (240, 200, 90), r, max(2, layout.px(4)), border_radius=layout.px(8))
            text(surface, layout, t("senate.pick_destination", chamber=_dn(self.source)), 16, theme.DANGER,
                 (self.board.centerx, self.board.bottom + layout.px(2)), anchor="midtop", bold=True)

    def handle_event(self, event) -> None:
        if not self.peeking and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, r in self.chamber_rects.items():
                if r.collidepoint(event.pos):
                    self._click_chamber(self._chamber_name(index))
                    return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.source is not None:
            self.source = None
            return
        super().handle_event(event)

    def _click_chamber(self, name: str) -> None:
        if name not in self.targets():
            return
        if self.source is not None:
            self._pick_action("move", self.source, name)
            return
        moves = [o for o in self.options if o.action is not None and o.action.kind == "move" and o.action.subject == name]
        direct = [o for o in self.options if o.action is not None and o.action.kind in ("place", "remove")
                  and o.action.subject == name]
        if direct and not moves:
            self.pick(direct[0])
        elif moves and not direct:
            self.source = name
        elif direct:
            self.pick(direct[0])        # both possible: a click places; moves stay on the buttons

    def _pick_action(self, kind, subject, target) -> None:
        for o in self.options:
            a = o.action
            if a is not None and a.kind == kind and a.subject == subject and a.target == target:
                self.source = None
                self.pick(o)
                return


def _dn(name):
    from ui.names import display_name
    return display_name(name)
