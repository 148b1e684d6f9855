"""The Sound rows of the settings screen: master volume, effects volume (sliders) and sound
on/off (also the M key anywhere).

A slider is set by a click on its track or by dragging its knob; ← → move it by tens, and it
stops at 0 and 100. The new level is saved and a short sound is played at it when the player
lets go, so the player hears what it means. Without an audio device the rows still work (they
are saved for next time) and the settings screen says why nothing is heard.
"""
from __future__ import annotations

import pygame

from ui.draw import art, theme
from ui.sound.audio import AUDIO
from ui.text.i18n import t
from ui.files.settings import SETTINGS
from ui.draw.widgets import Button

VOLUMES = {"master": "master_volume", "effects": "effects_volume"}
PREVIEW = "coins_gain"
TRACK_W = 200               # design units
SNAP = 5                    # a click or drag lands on a multiple of 5 %


def volume_text(key: str) -> str:
    return t("sound.percent", n=getattr(SETTINGS, VOLUMES[key]))


def mute_text() -> str:
    return t("settings.off") if SETTINGS.muted else t("settings.on")


def preview() -> None:
    AUDIO.request(PREVIEW)


class VolumeRow(Button):
    """'Label ......... ━━━━●━━━  80 %': the value is read when drawn (it can change elsewhere)."""

    def __init__(self, key: str, label: str):
        super().__init__(label, None, text_size=20)
        self.key = key

    @property
    def setting(self) -> str:
        return VOLUMES[self.key]

    @property
    def value(self) -> str:
        return volume_text(self.key)

    # --- geometry (pixels, from the row's rect) -------------------------------------------------

    def track(self, layout, rect=None) -> pygame.Rect:
        rect = rect or self.rect
        room = layout.text("100 %", 20, theme.INK, bold=True).get_width()
        right = rect.right - layout.px(30) - room - layout.px(18)
        return pygame.Rect(right - layout.px(TRACK_W), rect.centery - layout.px(3), layout.px(TRACK_W), layout.px(6))

    def on_track(self, layout, pos) -> bool:
        """Whether a press at pos takes the knob (the track, with a margin a finger can hit)."""
        zone = self.track(layout).inflate(layout.px(28), 0)
        zone.top, zone.height = self.rect.top, self.rect.height
        return zone.collidepoint(pos)

    def percent_at(self, layout, x: int) -> int:
        track = self.track(layout)
        share = (x - track.left) / max(1, track.width)
        return max(0, min(100, round(share * 100 / SNAP) * SNAP))

    def knob_center(self, layout, rect=None) -> tuple[int, int]:
        track = self.track(layout, rect)
        share = getattr(SETTINGS, self.setting) / 100
        return (round(track.left + share * track.width), track.centery)

    # --- drawing ------------------------------------------------------------------------------

    def _draw_label(self, surface, layout, rect) -> None:
        color = art.mix(theme.TEXT_ON_DARK, theme.INK, self.highlight * 0.92)
        label = layout.text(self.text, 19, color)
        surface.blit(label, label.get_rect(midleft=(rect.x + layout.px(26), rect.centery)))
        value = layout.text(self.value, 20, color, bold=True)
        surface.blit(value, value.get_rect(midright=(rect.right - layout.px(30), rect.centery)))
        track = self.track(layout, rect)
        knob = self.knob_center(layout, rect)
        dim = theme.TEXT_DISABLED if SETTINGS.muted else color
        groove = track.inflate(layout.px(2), layout.px(2))
        pygame.draw.rect(surface, theme.PARCHMENT_BURNT, groove, border_radius=layout.px(3))
        pygame.draw.rect(surface, theme.INK, groove, max(1, layout.px(1)), border_radius=layout.px(3))
        filled = pygame.Rect(track.left, track.top, knob[0] - track.left, track.height)
        pygame.draw.rect(surface, art.mix(theme.BRONZE_LIGHT, dim, 0.3), filled, border_radius=layout.px(3))
        pygame.draw.circle(surface, theme.INK, knob, layout.px(11))
        pygame.draw.circle(surface, theme.PARCHMENT_LIGHT if not SETTINGS.muted else theme.TEXT_DISABLED,
                           knob, layout.px(9))


def step_volume(key: str, step: int) -> None:
    SETTINGS.step_volume(VOLUMES[key], step)


def set_volume(key: str, percent: int) -> None:
    SETTINGS.set_volume(VOLUMES[key], percent)


def toggle_mute() -> None:
    AUDIO.toggle_mute()                 # saves the settings
