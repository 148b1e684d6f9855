"""The Age transition: a banner over the table, gone after a moment or on a click/key."""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.overlay import TableOverlay
from ui.files.settings import SETTINGS
from ui.table.paint import rounded, text

SHOW = 1.6


BANNER = (0, 360, 1600, 180)        # the banner's design rect (x, y, w, h)


class AgeScene(TableOverlay):
    pauses_game = True

    def __init__(self, game, age: int) -> None:
        super().__init__(game)
        self.age = age
        self.time = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = SETTINGS.speed_factor
        self.time += dt * (speed if speed > 0 else 8.0)
        if self.time >= SHOW:
            self.close()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key in
                                                  (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)):
            self.close()

    def target_for(self, action):
        return self.layout.point(800, 450)

    @property
    def panel_rect(self):
        """The Age's banner across the table (what a panel drawn above must leave clear)."""
        return self.layout.rect(*BANNER)

    def draw(self, surface) -> None:
        L = self.layout
        self.draw_scrim(surface, 110)
        band = self.panel_rect
        rounded(surface, band, (*theme.UMBER, 235), 0)
        ui_art.draw_meander_band(surface, band.y, L.px(20), L.size[0])
        ui_art.draw_meander_band(surface, band.bottom - L.px(20), L.px(20), L.size[0])
        title = ui_art.title_lettering(t("table.age", age=t(f"age.roman.{self.age}")).upper(), L.px(64))
        surface.blit(title, title.get_rect(center=L.point(800, 438)))
        s = self.game.session.state
        who = self.game.session.name(s.current_player) if s.current_player is not None else ""
        text(surface, L, t("age.starts", who=who), 20, theme.TEXT_ON_DARK, L.point(800, 500), anchor="center")
