"""Sound settings: master volume, effects volume and sound on/off (also the M key anywhere).

Opened from the Sound row of the settings. A change applies and is saved at once, and a
volume change plays a short sound at the new level so the player hears what it means.
Without an audio device the rows still work (they are saved for next time) and the dialog
says why nothing is heard.
"""
from __future__ import annotations

from ui.audio import AUDIO
from ui.i18n import t
from ui.scenes.dialog import DialogScene
from ui.scenes.settings import LiveSettingRow, SettingsScene
from ui.settings import SETTINGS
from ui.widgets import Button, ButtonGroup

ROWS = ("master", "effects", "mute")
VOLUMES = {"master": "master_volume", "effects": "effects_volume"}
PREVIEW = "coins_gain"


class SoundSettingsScene(SettingsScene):
    def __init__(self) -> None:
        DialogScene.__init__(self, t("sound.title"), t("sound.body"), [], default=0)
        self.problem = ""
        self._build()

    def _value(self, key: str) -> str:
        if key in VOLUMES:
            return t("sound.percent", n=getattr(SETTINGS, VOLUMES[key]))
        if key == "mute":
            return t("settings.off") if SETTINGS.muted else t("settings.on")
        return ""

    def _build(self) -> None:
        index = self.group.index if self.group.buttons else 0
        rows = [LiveSettingRow(key, t(f"sound.row.{key}"), lambda k=key: self._value(k),
                               lambda k=key: self.change(k, 1, wrap=True)) for key in ROWS]
        rows.append(Button(t("dialog.back"), self.close, text_size=21))
        self.group = ButtonGroup(rows, index=min(index, len(rows) - 1))

    def change(self, key: str, step: int = 1, wrap: bool = False) -> None:
        if key in VOLUMES:
            SETTINGS.step_volume(VOLUMES[key], step, wrap=wrap)
            self._save()
            AUDIO.request(PREVIEW)             # hear the new level
        elif key == "mute":
            AUDIO.toggle_mute()                # saves the settings
        self._refresh()

    def _save(self) -> None:
        super()._save()
        if not self.problem and not AUDIO.available:
            self.problem = t("sound.no_device")

    def on_enter(self) -> None:
        super().on_enter()
        if not AUDIO.available:
            self.problem = t("sound.no_device")
