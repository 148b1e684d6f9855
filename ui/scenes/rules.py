"""A one-page summary of how to play (the full rules tutorial comes later)."""
from __future__ import annotations

from ui.i18n import t
from ui.scenes.dialog import DialogScene


class RulesScene(DialogScene):
    def __init__(self) -> None:
        super().__init__(t("menu.rules"), t("rules.summary"), [(t("dialog.close"), None)],
                         badge=t("rules.badge"))

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
