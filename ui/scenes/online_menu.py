"""Play online: the player's name, then Host a game, Join a game, or Return to a game left
(the seat's token is kept on disk, so a closed or crashed window comes back to its seat).
The online screens share their frame, `OnlineScreen` (ui/scenes/online_screen.py).
"""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.base import registered
from ui.scenes.online_screen import OnlineScreen
from ui.table.paint import text
from ui.draw.widgets import Button, TextField

NAME_LIMIT = 16


@registered
class OnlineMenuScene(OnlineScreen):
    last_name: str | None = None          # the name typed last (this run)

    def __init__(self) -> None:
        super().__init__()
        from ui.table.online_session import load_ticket
        self.ticket = load_ticket()
        self.field = TextField(self._start_name(), placeholder=t("online.name_placeholder"), limit=NAME_LIMIT)

    def _start_name(self) -> str:
        if OnlineMenuScene.last_name is not None:
            return OnlineMenuScene.last_name
        if self.ticket is not None and self.ticket.name:
            return self.ticket.name
        from ui.files.settings import SETTINGS
        names = (SETTINGS.new_game or {}).get("names") or [""]
        return str(names[0] or "")[:NAME_LIMIT]

    @property
    def name(self) -> str:
        return self.field.text.strip()

    def buttons(self) -> list[Button]:
        out = [Button(t("online.host"), self.host, description=t("online.host_hint")),
               Button(t("online.join"), self.join, description=t("online.join_hint"))]
        if self.ticket is not None:
            out.append(Button(t("online.rejoin", room=self.ticket.room), self.rejoin))
        out.append(Button(t("setup.back"), self.back))
        return out

    def _remember(self) -> None:
        OnlineMenuScene.last_name = self.field.text
        self.field.focus(False)

    def host(self) -> None:
        from ui.scenes.online_host import OnlineHostScene
        self._remember()
        self.app.push(OnlineHostScene(self.name))

    def join(self) -> None:
        from ui.scenes.online_join import OnlineJoinScene
        self._remember()
        self.app.push(OnlineJoinScene(self.name))

    def rejoin(self) -> None:
        from ui.scenes.online_wait import rejoin
        self._remember()
        rejoin(self.app, self.ticket, self.name)

    def back(self) -> None:
        self._remember()
        super().back()

    def on_exit(self) -> None:
        self.field.focus(False)

    def on_enter(self) -> None:
        from ui.table.online_session import load_ticket
        self.ticket = load_ticket()
        super().on_enter()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.field.update(dt)
        if self.app is not None and self.app.top is self:
            from ui.table.online_session import load_ticket
            ticket = load_ticket()
            if (ticket is None) != (self.ticket is None):     # a game ended: no seat to return to
                self.ticket = ticket
                self.on_language()

    def accepts_text(self) -> bool:
        return self.field.focused

    def on_resize(self, layout) -> None:
        self.field.rect = layout.rect(800 - 200, 290, 400, 56)
        n = len(self.group.buttons)
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.centered_rect(800, 420 + i * 72, 440, 56)

    def handle_event(self, event) -> None:
        if self.field.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.TEXTINPUT and not self.field.focused:
            self.field.focus(True)
            self.field.handle_event(event)
            return
        self.group.handle_event(event)

    def draw_content(self, surface, L) -> None:
        text(surface, L, t("online.your_name"), 20, theme.INK, L.point(800, 258), anchor="center", bold=True)
        self.field.draw(surface, L)
        focus = self.group.hovered or self.group.selected
        if focus is not None and focus.description:
            bottom = max(b.rect.bottom for b in self.group.buttons)
            text(surface, L, focus.description, 18, theme.INK_SOFT,
                 (L.size[0] // 2, bottom + L.px(26)), anchor="center", max_width=1100)
