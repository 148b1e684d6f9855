"""The error panel: what the loop shows instead of crashing when a scene raises."""
from __future__ import annotations

import pygame

from ui import art, theme
from ui.i18n import t
from ui.scenes.dialog import DialogScene

MAX_DETAIL = 240


def describe(exc: BaseException) -> str:
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(message) > MAX_DETAIL:
        message = message[: MAX_DETAIL - 1] + "…"
    return t("error.detail", kind=type(exc).__name__, message=message) if message else type(exc).__name__


class ErrorScene(DialogScene):
    opaque = True
    close_on_outside_click = False

    def __init__(self, error: BaseException):
        super().__init__(t("error.title"), t("error.body"), [(t("error.back_to_menu"), self._home)],
                         on_cancel=self._home, detail=describe(error))
        self.error = error

    def _home(self) -> None:
        if self.app is not None:
            self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        try:
            surface.blit(art.parchment(self.layout.size), (0, 0))
        except pygame.error:
            surface.fill(theme.PARCHMENT_DARK)
        super().draw(surface)
