"""The Wonder draft: the Wonders on offer, large, over the table (the bands behind show
who already has which). The human clicks one; the AI's picks animate into its band."""
from __future__ import annotations

import pygame

from game import Action
from ui.draw import art as ui_art
from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.overlay import TableOverlay
from ui.table.paint import rounded, text
from ui.table.tooltip import lines_for, render as render_tip
from ui.draw.widgets import option_index

WONDER_W = 250
PANEL = (150, 250, 1300, 400)       # the panel's design rect (x, y, w, h)


class DraftScene(TableOverlay):
    allows_prompts = True           # the hot-seat hand-over may cover it
    watches_keys = True

    def __init__(self, game) -> None:
        super().__init__(game)
        self.rects: list[tuple[pygame.Rect, str]] = []
        self.hover: str | None = None
        self.focus = 0
        self.peeking = False
        self.gate = None                # keys for the pick now shown (ui/table/keys.py)
        self._gate_version = None

    @property
    def state(self):
        return self.game.session.state

    @property
    def panel_rect(self):
        """The draft's panel (what a panel drawn above must leave clear)."""
        return self.layout.rect(*PANEL)

    def _mine(self) -> bool:
        s = self.state
        return s.decision == "draft" and self.game.session.human_to_act

    def update(self, dt: float) -> None:
        # The panel is there only while a Wonder is being picked: whatever comes next (Knossos's
        # cube, Curia Julia's Conspiracies, the first turn) is shown on the bare table, and the
        # game opens the panel again for the next pick (GameScene.tick).
        self._close_when_done()
        super().update(dt)
        self._close_when_done()
        self._sync_gate()
        if self.gate is not None:
            self.gate.update()

    def _close_when_done(self) -> None:
        state = self.state
        if state.decision != "draft" and self.app is not None and self in self.app.stack:
            if state.phase != "draft":
                # The first turn follows the draft straight away, without an Age banner (as always).
                self.game.age_seen, self.game.phase_seen = state.age, state.phase
            self.close()

    def _sync_gate(self) -> None:
        """A new pick (the position changed): only keys pressed from now on may make it."""
        from ui.table.keys import KeyGate
        version = self.game.session.version
        if version != self._gate_version:
            self._gate_version = version
            self.gate = KeyGate(self.game.keys)

    def message(self) -> str:
        """The panel's line under its title: whose pick it is (or, online, why this seat's own
        pick must wait: the table's `panel_note`)."""
        s = self.state
        note = self._table_hook("panel_note")
        if s.decision == "draft" and not self._mine() and note is not None:
            return note()
        if s.decision == "draft":
            who = self.game.session.name(s.current_player)
            return t("draft.your_pick") if self._mine() else t("draft.their_pick", who=who)
        return t("draft.wait") if s.phase != "draft" else ""

    def _table_hook(self, name):
        """What a table may add to the panel (the online table: its connection line, the
        opponent-away banner and its Claim button, a word on this seat's pick), or None."""
        return getattr(self.game, name, None)

    def _layout(self):
        L = self.layout
        pool = [self.state.rules.wonders[w].name for w in self.state.draft_pool]
        n = max(1, len(pool))
        gap = 26
        width = n * WONDER_W + (n - 1) * gap
        h = WONDER_W / 1.545
        x0 = 800 - width / 2
        self.rects = [(L.rect(x0 + i * (WONDER_W + gap), 390, WONDER_W, h), name) for i, name in enumerate(pool)]

    def _peek_rect(self):
        return self.layout.rect(800 - 110, 596, 220, 40)

    def _undo_rect(self):
        return self.layout.rect(800 - 110 - 20 - 170, 596, 170, 40)

    def _undo_shown(self) -> bool:
        return self.game.undo_visible() and self.game.session.can_undo

    def handle_event(self, event) -> None:
        self._layout()
        self._sync_gate()
        self.game.keys.see(event)
        if not self.gate.admits(event):
            return                      # a key already down when this pick was shown
        click_over = self._table_hook("click_over_panel")
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and click_over is not None \
                and click_over(event.pos):
            return                      # the table's own button drawn over the panel (Claim)
        if self.peeking:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.game.open_pause()
            elif event.type == pygame.MOUSEBUTTONUP or event.type == pygame.KEYDOWN:
                self.peeking = False
            elif event.type == pygame.MOUSEMOTION:
                self.game.hover_at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._peek_rect().collidepoint(event.pos):
            self.peeking = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._undo_shown() \
                and self._undo_rect().collidepoint(event.pos):
            self.game.request_undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.peeking = True
            return
        if event.type == pygame.KEYDOWN:
            from ui.table.keys import is_undo_key
            if event.key == pygame.K_ESCAPE:
                self.game.open_pause()
                return
            if is_undo_key(event):
                self.game.request_undo()
                return
            n = option_index(event.key)
            if n is not None and n < len(self.rects):
                self._pick(self.rects[n][1])
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.rects:
                self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.rects)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.rects:
                self._pick(self.rects[min(self.focus, len(self.rects) - 1)][1])
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((name for r, name in self.rects if r.collidepoint(event.pos)), None)
            if self.hover is None:
                self.game.hover_at(event.pos)
            else:
                self.game.hover_at(None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((name for r, name in self.rects if r.collidepoint(event.pos)), None)
            if hit is not None:
                self._pick(hit)

    def _pick(self, name: str) -> None:
        if not self._mine() or self.game.anim.busy:
            return
        seat = self.state.current_player
        action = Action(seat, "draft", name)
        if action in self.state.legal_actions():
            self.game.choose(action)

    def target_for(self, action):
        if self.peeking:
            return self.layout.point(800, 450)
        if action.kind != "draft":
            return None
        self._layout()
        return next((r.center for r, name in self.rects if name == action.subject), None)

    def draw(self, surface) -> None:
        L = self.layout
        self._layout()
        if self.peeking:
            bar = L.rect(500, 846, 600, 44)
            rounded(surface, bar, (*theme.UMBER, 235), L.px(12), max(1, L.px(2)), theme.BRONZE_LIGHT)
            text(surface, L, t("draft.peek_hint"), 18, theme.TEXT_ON_DARK, bar.center, anchor="center", bold=True)
            return
        self.draw_scrim(surface, 120)
        box = L.rect(*PANEL)
        rounded(surface, box, (*theme.UMBER, 225), L.px(16), max(2, L.px(3)), theme.BRONZE)
        s = self.state
        rnd = 1 if s.draft_pick < 4 else 2
        text(surface, L, t("draft.title", round=rnd), 32, theme.BRONZE_LIGHT, L.point(800, 268), anchor="midtop", bold=True)
        ui_art.draw_divider(surface, L.point(800, 318), L.px(220), L.px(2))
        text(surface, L, self.message(), 20, theme.TEXT_ON_DARK, L.point(800, 336), anchor="midtop")
        for i, (r, name) in enumerate(self.rects):
            lifted = (self.hover == name or (self.focus == i and self._mine()))
            spot = r.move(0, -L.px(8)) if lifted and self._mine() else r
            img = self.game.art.wonder(name, spot.w)
            surface.blit(img, spot)
            if lifted and self._mine():
                pygame.draw.rect(surface, theme.BRONZE_LIGHT, spot.inflate(L.px(8), L.px(8)), max(2, L.px(3)),
                                 border_radius=L.px(8))
            cap = pygame.Rect(0, 0, L.px(28), L.px(28))
            cap.midtop = (spot.centerx, spot.bottom + L.px(10))
            rounded(surface, cap, theme.INK, L.px(6), max(1, L.px(1.5)), theme.BRONZE)
            text(surface, L, str(i + 1), 16, theme.PARCHMENT_LIGHT, cap.center, anchor="center", bold=True)
        peek = self._peek_rect()
        hot = peek.collidepoint(pygame.mouse.get_pos())
        rounded(surface, peek, theme.BRONZE if hot else theme.UMBER_LIGHT, L.px(10), max(1, L.px(1.5)), theme.BRONZE_LIGHT)
        text(surface, L, t("draft.view_table"), 16, theme.TEXT_ON_DARK, peek.center, anchor="center", bold=True,
             max_width=210)
        if self._undo_shown():
            undo = self._undo_rect()
            hot = undo.collidepoint(pygame.mouse.get_pos())
            rounded(surface, undo, theme.BRONZE if hot else theme.UMBER_LIGHT, L.px(10), max(1, L.px(1.5)),
                    theme.BRONZE_LIGHT)
            text(surface, L, t("table.undo"), 16, theme.TEXT_ON_DARK, undo.center, anchor="center", bold=True,
                 max_width=160)
        draw_over = self._table_hook("draw_over_panel")
        if draw_over is not None:
            draw_over(surface)
        names = [name for _, name in self.rects]
        if self.hover and self.hover in names and self.app is not None and self.app.top is self:
            lines = lines_for(_Hit(self.hover), s, self.game.session)
            tip = render_tip(L, lines)
            pos = pygame.mouse.get_pos()
            rect = tip.get_rect(topleft=(pos[0] + L.px(18), pos[1] + L.px(18)))
            rect.clamp_ip(pygame.Rect((0, 0), L.size))
            surface.blit(tip, rect)


class _Hit:
    kind = "wonder"
    seat = None
    data = None

    def __init__(self, name):
        self.name = name
