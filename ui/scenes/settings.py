"""Settings (in memory for now): animation speed, the opponent's price badges, language."""
from __future__ import annotations

import pygame

from ui.i18n import available_languages, language, set_language, t
from ui.scenes.dialog import DialogScene
from ui.settings import SETTINGS
from ui.widgets import ButtonGroup, Button

ROW_W, ROW_H, STEP = 560, 54, 66


class SettingsScene(DialogScene):
    """A dialog whose buttons show and cycle the current values (Enter/click: next value)."""

    def __init__(self) -> None:
        super().__init__(t("menu.settings"), t("settings.body"), [], default=0)
        self._build()

    def _labels(self) -> list[str]:
        speed = t(f"settings.speed.{SETTINGS.animation_speed}")
        prices = t("settings.on") if SETTINGS.show_opponent_prices else t("settings.off")
        return [t("settings.speed_line", value=speed), t("settings.opponent_prices", value=prices),
                t("settings.language", value=t(f"settings.lang.{language()}")), t("dialog.close")]

    def _build(self) -> None:
        actions = [self._speed, self._prices, self._language, self.close]
        index = self.group.index if self.group.buttons else 0
        self.group = ButtonGroup([Button(label, act, text_size=21) for label, act in zip(self._labels(), actions)],
                                 index=index)

    def _refresh(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _speed(self) -> None:
        SETTINGS.cycle_speed()
        self._refresh()

    def _prices(self) -> None:
        SETTINGS.show_opponent_prices = not SETTINGS.show_opponent_prices
        self._refresh()

    def _language(self) -> None:
        langs = available_languages()
        set_language(langs[(langs.index(language()) + 1) % len(langs)] if language() in langs else langs[0])
        self.title = t("menu.settings")
        self.body = t("settings.body")
        pygame.display.set_caption(t("app.window_title"))
        if self.app is not None:
            for scene in self.app.stack:
                if scene is not self and hasattr(scene, "on_language"):
                    scene.on_language()
        self._refresh()

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
        n = len(self.group.buttons)
        height = 150 + len(self.lines) * 36 + n * STEP + 60
        self._top = 450 - height / 2
        self.panel = layout.centered_rect(800, 450, 700, height)
        y = self._top + 150 + len(self.lines) * 36
        for i, button in enumerate(self.group.buttons):
            button.rect = layout.rect(800 - ROW_W / 2, y + i * STEP, ROW_W, ROW_H)
        self.group.horizontal = False
