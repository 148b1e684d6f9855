"""`OnlineScreen`: the frame the online screens share (the banded backdrop, a title, a
column of content and a row of buttons at the bottom).

Below the online menu and the screens it opens (host, join, wait), which all build on it.
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.text.i18n import t
from ui.scenes.base import Scene
from ui.draw.widgets import Button, ButtonGroup


class OnlineScreen(Scene):
    title_key = "online.title"

    def __init__(self) -> None:
        super().__init__()
        self.group = ButtonGroup([])
        self.mouse = (0, 0)

    def buttons(self) -> list[Button]:
        return []

    def on_enter(self) -> None:
        self.group = ButtonGroup(self.buttons(), horizontal=True)

    def on_language(self) -> None:
        self.group = ButtonGroup(self.buttons(), horizontal=True)
        if self.app is not None:
            self.on_resize(self.layout)

    def on_resize(self, layout) -> None:
        n = len(self.group.buttons)
        w, gap = 240, 30
        x0 = 800 - (n * w + (n - 1) * gap) / 2
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.rect(x0 + i * (w + gap), 770, w, 56)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t(self.title_key).upper(), L.px(60))
        if title.get_width() > L.px(1200):
            title = pygame.transform.smoothscale(title, (L.px(1200), title.get_height()))
        surface.blit(title, title.get_rect(center=L.point(800, 118)))
        ui_art.draw_divider(surface, L.point(800, 176), L.px(260), L.px(2))
        self.draw_content(surface, L)
        self.group.draw(surface, L)

    def draw_content(self, surface, L) -> None:
        pass

    def back(self) -> None:
        self.app.pop()
