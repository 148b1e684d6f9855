"""Modal dialogs drawn over the current screen: a title, a message and a row of buttons."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from ui.draw import art, fonts, theme
from ui.draw.fonts import wrap_balanced
from ui.text.i18n import t
from ui.draw.layout import Layout
from ui.scenes.base import Scene
from ui.draw.widgets import Button, ButtonGroup, draw_panel

PANEL_WIDTH = 700
BODY_SIZE = 23
LINE_HEIGHT = 36
DETAIL_SIZE = 18
DETAIL_LINE_HEIGHT = 28
BUTTON_SIZE = (220, 56)
FADE_SECONDS = 0.16


class DialogScene(Scene):
    """buttons: (label, action) pairs; an action of None closes the dialog."""

    opaque = False
    close_on_outside_click = True

    def __init__(self, title: str, body: str, buttons: Sequence[tuple[str, Callable[[], None] | None]], *,
                 on_cancel: Callable[[], None] | None = None, badge: str = "", detail: str = "",
                 default: int = 0):
        super().__init__()
        self.title = title
        self.body = body
        self.detail = detail
        self.badge = badge
        self.on_cancel = on_cancel or self.close
        self.group = ButtonGroup(
            [Button(label, action or self.close, text_size=23) for label, action in buttons],
            horizontal=True, index=default)
        self.lines: list[str] = []
        self.detail_lines: list[str] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.fade = 0.0
        self._top = 0.0
        self._head = 0

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def on_resize(self, layout: Layout) -> None:
        text_width = layout.px(PANEL_WIDTH - 120)
        self.lines = wrap_balanced(self.body, layout.font(BODY_SIZE), text_width)
        self.detail_lines = wrap_balanced(self.detail, layout.font(DETAIL_SIZE), text_width)[:4]
        extra = (16 + len(self.detail_lines) * DETAIL_LINE_HEIGHT) if self.detail_lines else 0
        self._head = 28 if self.badge else 0
        height = 150 + self._head + len(self.lines) * LINE_HEIGHT + extra + 40 + BUTTON_SIZE[1] + 50
        self._top = 450 - height / 2
        self.panel = layout.centered_rect(800, 450, PANEL_WIDTH, height)
        buttons = self.group.buttons
        gap = 28
        width = max([BUTTON_SIZE[0]] + [b.natural_width(layout) for b in buttons])
        width = min(width, (PANEL_WIDTH - 60 - gap * (len(buttons) - 1)) / max(1, len(buttons)))
        row = len(buttons) * width + (len(buttons) - 1) * gap
        y = self._top + height - 50 - BUTTON_SIZE[1]
        for i, button in enumerate(buttons):
            button.rect = layout.rect(800 - row / 2 + i * (width + gap), y, width, BUTTON_SIZE[1])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_cancel()
            return
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.close_on_outside_click \
                and not self.panel.collidepoint(event.pos):
            self.on_cancel()

    def update(self, dt: float) -> None:
        self.fade = min(1.0, self.fade + dt / FADE_SECONDS)
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        scrim = pygame.Surface(layout.size, pygame.SRCALPHA)
        scrim.fill((*theme.SCRIM[:3], round(theme.SCRIM[3] * self.fade)))
        surface.blit(scrim, (0, 0))
        draw_panel(surface, self.panel, layout)
        y = self._top + 62 + self._head
        room = layout.px(PANEL_WIDTH - 80)
        if self.badge:
            badge = fonts.render_fit(self.badge.upper(), layout.px(16), theme.BRONZE_DARK, room, True)
            surface.blit(badge, badge.get_rect(center=layout.point(800, y - 36)))
        title = fonts.render_fit(self.title, layout.px(36), theme.INK, room, True, 0.6)
        surface.blit(title, title.get_rect(center=layout.point(800, y + 10)))
        art.draw_divider(surface, layout.point(800, y + 52), layout.px(200), layout.px(2))
        y += 88
        for line in self.lines:
            text = layout.text(line, BODY_SIZE, theme.INK_SOFT)
            surface.blit(text, text.get_rect(center=layout.point(800, y + LINE_HEIGHT / 2)))
            y += LINE_HEIGHT
        y += 16
        for line in self.detail_lines:
            text = layout.text(line, DETAIL_SIZE, theme.DANGER)
            surface.blit(text, text.get_rect(center=layout.point(800, y + DETAIL_LINE_HEIGHT / 2)))
            y += DETAIL_LINE_HEIGHT
        self.group.draw(surface, layout)


def coming_soon(feature: str) -> DialogScene:
    return DialogScene(feature, t("dialog.coming_soon.body"), [(t("dialog.close"), None)],
                       badge=t("dialog.coming_soon.badge"))


def quit_confirmation(on_quit: Callable[[], None], session=None) -> DialogScene:
    """Asks before quitting; says whether the game in progress is saved (it is after each move,
    unless the save folder could not be written)."""
    buttons = [(t("dialog.quit.confirm"), on_quit), (t("dialog.quit.cancel"), None)]
    if session is None:
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
    detail = ""
    if session is None or session.state.is_terminal:
        body = t("dialog.quit.body")
    else:
        from ui.files import saves
        saves.flush(2.0)
        problem = saves.SAVER.error_for(session.path) if session.path is not None else t("quit_note.no_folder")
        body = t("quit_note.not_saved") if problem else t("quit_note.saved")
        detail = problem or ""
    return DialogScene(t("dialog.quit.title"), body, buttons, default=1, detail=detail)


def concede_confirmation(on_concede: Callable[[], None], who: str | None = None,
                         winner: str | None = None) -> DialogScene:
    """Asks before conceding. `who`/`winner`: the seats' names when it must be said who
    concedes (hot-seat); None against the computer ("you"). Cancelling (the default button,
    Esc, a click outside) changes nothing."""
    body = t("concede.body_you") if who is None else t("concede.body_seat", who=who, winner=winner)
    buttons = [(t("concede.confirm"), on_concede), (t("concede.cancel"), None)]
    return DialogScene(t("concede.title"), body, buttons, default=1)
