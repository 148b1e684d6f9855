"""Hot-seat hand-over: the table is covered until the next person takes the screen.

Shown whenever the seat to act changes between the two people (a new turn, or a
decision that falls to the other player in the middle of a turn). It is opaque: nothing
of either player's table is drawn under it. What it shows is public — whose move it is,
which kind of decision waits, and the public log lines since that person last looked.
The person who just played may still take back their last move from here (undo stops at
the hand-over).
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.draw import theme
from ui.draw.fonts import wrap
from ui.text.i18n import t
from ui.scenes.base import Scene
from ui.table.paint import PLAYER_COLORS, text
from ui.draw.widgets import Button, ButtonGroup, draw_panel

ARM_SECONDS = 0.35          # clicks this soon after it appears belong to the previous person
NEWS_LINES = 7


class HandOverScene(Scene):
    opaque = True

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.time = 0.0
        self.pressed = False
        self.group = ButtonGroup([])
        self.news_box = pygame.Rect(0, 0, 0, 0)

    @property
    def session(self):
        return self.game.session

    @property
    def receiver(self) -> int:
        return self.session.state.current_player

    # --- buttons ----------------------------------------------------------------------

    def on_enter(self) -> None:
        self._build()

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _build(self) -> None:
        s = self.session
        buttons = [Button(t("handover.take", who=s.name(self.receiver)), self.accept, text_size=22)]
        if s.looking is not None and s.can_undo:
            buttons.append(Button(t("handover.undo", who=s.name(s.looking)), self.undo, text_size=18))
        buttons.append(Button(t("handover.menu"), self.game.open_pause, text_size=18))
        self.group = ButtonGroup(buttons, horizontal=True, index=0)

    def on_resize(self, layout) -> None:
        buttons = self.group.buttons
        main = buttons[0]
        width = max(420, main.natural_width(layout))
        main.rect = layout.rect(800 - width / 2, 676, width, 60)
        rest = buttons[1:]
        widths = [max(200, b.natural_width(layout)) for b in rest]
        total = sum(widths) + 24 * (len(rest) - 1)
        x = 800 - total / 2
        for b, w in zip(rest, widths):
            b.rect = layout.rect(x, 752, w, 46)
            x += w + 24

    # --- actions -----------------------------------------------------------------------

    def accept(self) -> None:
        if self.time < ARM_SECONDS or self.app is None:
            return
        self.session.hand_over()
        self.game.viewer_changed()
        if self in self.app.stack:
            self.app.remove(self)

    def undo(self) -> None:
        if self.time >= ARM_SECONDS:
            self.game.request_undo()

    def handle_event(self, event) -> None:
        from ui.table.keys import is_undo_key
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.game.open_pause()
            elif is_undo_key(event):
                self.game.request_undo()          # a deliberate key: no need to wait for the arming
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.group.index == 0:
                self.accept()
            else:
                self.group.handle_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.time >= ARM_SECONDS
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            self.accept()                      # a click anywhere else takes the screen too

    def update(self, dt: float) -> None:
        self.time += dt
        self.group.update(dt)
        if not self.session.needs_handover and self.app is not None and self in self.app.stack:
            self.app.remove(self)              # e.g. the move was taken back

    def target_for(self, action):
        return self.group.buttons[0].rect.center if self.time >= ARM_SECONDS else None

    # --- drawing -----------------------------------------------------------------------

    def _what(self) -> str:
        s = self.session.state
        who = self.session.name(self.receiver)
        if s.decision in ("turn", None):
            return t("handover.turn", who=who)
        if s.decision == "draft":
            return t("handover.draft", who=who)
        from ui.table.cause import title_for
        return t("handover.decision", who=who, what=title_for(s))      # with why it arose

    def draw(self, surface) -> None:
        L = self.layout
        s = self.session
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        state = s.state
        where = t("table.draft") if state.phase == "draft" else t("table.age", age=t(f"age.roman.{state.age}"))
        text(surface, L, (t("handover.badge") + " · " + where).upper(), 17, theme.BRONZE_DARK, L.point(800, 96),
             anchor="center", bold=True)
        receiver = self.receiver
        title = ui_art.title_lettering(t("handover.title", who=s.name(receiver)).upper(), L.px(70))
        spot = title.get_rect(center=L.point(800, 170))
        if spot.width > L.px(1400):
            title = pygame.transform.smoothscale(title, (L.px(1400), round(title.get_height() * L.px(1400) / spot.width)))
            spot = title.get_rect(center=L.point(800, 170))
        surface.blit(title, spot)
        y = spot.bottom + L.px(26)
        ui_art.draw_divider(surface, (L.point(800, 0)[0], y), L.px(300), L.px(2))
        pygame.draw.circle(surface, PLAYER_COLORS[receiver], (L.point(800, 0)[0], y), L.px(13))
        pygame.draw.circle(surface, theme.INK, (L.point(800, 0)[0], y), L.px(13), max(1, L.px(2)))
        text(surface, L, self._what(), 24, theme.INK, (L.point(800, 0)[0], y + L.px(30)), anchor="midtop", bold=True)
        if s.looking is not None and s.looking != receiver:
            text(surface, L, t("handover.privacy", other=s.name(s.looking), who=s.name(receiver)), 18,
                 theme.INK_SOFT, (L.point(800, 0)[0], y + L.px(68)), anchor="midtop")
        self._draw_news(surface, L, receiver)
        self.group.draw(surface, L)
        hint = t("handover.hint")
        text(surface, L, hint, 15, theme.INK_SOFT, L.point(800, 824), anchor="center")

    def _draw_news(self, surface, L, receiver: int) -> None:
        session = self.session
        news = session.news_for(receiver, limit=NEWS_LINES)
        font = L.font(17)
        lines = []
        for entry_seat, line in news:
            for k, piece in enumerate(wrap(line, font, L.px(840 - 90))):
                lines.append((entry_seat, piece, k == 0))
        lines = lines[-NEWS_LINES:] or [(None, t("handover.no_news"), True)]
        height = 54 + len(lines) * 27 + 22
        top = 388 + (262 - height) / 2               # the block sits centred between the words and the buttons
        box = L.rect(380, top, 840, height)
        self.news_box = box
        draw_panel(surface, box, L)
        heading = t("handover.news", who=session.name(receiver)) if session.has_looked[receiver] else \
            t("handover.news_first")
        text(surface, L, heading, 17, theme.BRONZE_DARK, (box.x + L.px(28), box.y + L.px(20)), bold=True)
        y = box.y + L.px(54)
        for seat, piece, first in lines:
            if first and seat is not None:
                pygame.draw.circle(surface, PLAYER_COLORS[seat], (box.x + L.px(38), y + L.px(11)), L.px(5))
                pygame.draw.circle(surface, theme.INK, (box.x + L.px(38), y + L.px(11)), L.px(5), max(1, L.px(1)))
            color = theme.BRONZE_DARK if seat is None else theme.INK
            text(surface, L, piece, 17, color, (box.x + L.px(52), y), bold=seat is None)
            y += L.px(27)
