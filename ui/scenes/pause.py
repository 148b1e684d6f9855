"""The pause menu (Esc during a game): resume, settings, main menu, quit."""
from __future__ import annotations

import pygame

from ui import art as ui_art
from ui import theme
from ui.i18n import t
from ui.scenes.dialog import quit_confirmation
from ui.scenes.overlay import TableOverlay
from ui.table.paint import text
from ui.widgets import Button, ButtonGroup, draw_panel


class PauseScene(TableOverlay):
    pauses_game = True

    def __init__(self, game) -> None:
        super().__init__(game)
        self._build()

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _build(self) -> None:
        self.group = ButtonGroup([
            Button(t("pause.resume"), self.close, text_size=22),
            Button(t("menu.rules"), self._rules, text_size=22),
            Button(t("menu.settings"), self._settings, text_size=22),
            Button(t("pause.menu"), self._menu, text_size=22),
            Button(t("menu.quit"), self._quit, text_size=22),
        ])

    def _rules(self) -> None:
        from ui.scenes.rules import RulesScene
        self.app.push(RulesScene())

    def _settings(self) -> None:
        from ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene())

    def _menu(self) -> None:
        self.app.go_home()

    def _quit(self) -> None:
        self.app.push(quit_confirmation(self.app.quit, self.game.session))

    def on_resize(self, layout) -> None:
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.centered_rect(800, 366 + i * 62, 340, 50)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        self.draw_scrim(surface, 160)
        draw_panel(surface, L.centered_rect(800, 462, 460, 470), L)
        text(surface, L, t("pause.title"), 34, theme.INK, L.point(800, 264), anchor="center", bold=True,
             max_width=400)
        ui_art.draw_divider(surface, L.point(800, 296), L.px(150), L.px(2))
        self.group.draw(surface, L)
        text(surface, L, t("pause.hint"), 15, theme.INK_SOFT, L.point(800, 668), anchor="center", max_width=420)
