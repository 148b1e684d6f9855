"""Settings: language, animation speed, sound, the Hard computer's thinking time, the opponent's
price badges, take-backs, fullscreen and window size. Every change applies at once (a new
language redraws every screen, the game goes on) and is saved to the settings file.

Rows are buttons: click or Enter for the next value, ← → for the next / previous one.
The Sound row is the master volume under ← →; click or Enter opens the sound settings
(ui/scenes/sound_settings.py).
"""
from __future__ import annotations

import pygame

from ui import art as ui_art
from ui import settings as settings_file
from ui import storage, theme
from ui.fonts import wrap_balanced
from ui.i18n import language, set_language, t
from ui.scenes.dialog import DialogScene
from ui.settings import HARD_THINK, SETTINGS, SPEED_ORDER, WINDOW_SIZES
from ui.widgets import Button, ButtonGroup, draw_panel

ROW_W, ROW_H, STEP = 720, 50, 58
PANEL_W = 860
ROWS = ("language", "speed", "sound", "think", "prices", "undo", "display", "size")


class SettingRow(Button):
    """A button showing 'Label ............ ‹ value ›'."""

    def __init__(self, key: str, label: str, value: str, on_click, *, enabled: bool = True):
        super().__init__(label, on_click, enabled=enabled, text_size=20)
        self.key = key
        self.value = value

    def _draw_label(self, surface, layout, rect) -> None:
        from ui.art import mix
        color = theme.TEXT_DISABLED if not self.enabled else mix(theme.TEXT_ON_DARK, theme.INK, self.highlight * 0.92)
        pad = layout.px(26)
        label = layout.text(self.text, 19, color, bold=False)
        surface.blit(label, label.get_rect(midleft=(rect.x + pad, rect.centery)))
        value = layout.text(self.value, 20, color, bold=True)
        spot = self.value_spot(layout, rect)
        surface.blit(value, spot)
        if self.enabled:
            h = layout.px(6)
            for (x, y), d in zip(self.arrow_centers(layout, rect), (-1, 1)):
                pygame.draw.polygon(surface, color, [(x - d * h * 0.7, y - h), (x - d * h * 0.7, y + h),
                                                     (x + d * h * 0.7, y)])

    def value_spot(self, layout, rect=None) -> pygame.Rect:
        rect = rect or self.rect
        value = layout.text(self.value, 20, theme.INK, bold=True)
        return value.get_rect(midright=(rect.right - layout.px(46), rect.centery))

    def arrow_centers(self, layout, rect=None):
        """Centres of the ◀ and ▶ arrows around the value."""
        rect = rect or self.rect
        spot = self.value_spot(layout, rect)
        return (spot.left - layout.px(16), rect.centery), (rect.right - layout.px(26), rect.centery)

    def step_at(self, layout, pos) -> int:
        """-1 for a click on the ◀ arrow (or the left half of the value), else +1."""
        (left, _), _ = self.arrow_centers(layout)
        spot = self.value_spot(layout)
        return -1 if left - layout.px(18) <= pos[0] < spot.centerx else 1


def fitting_sizes(desktops, current=None) -> list[tuple[int, int]]:
    """The window sizes offered: those that fit the display (with room for the title bar and
    task bar), always at least the smallest, plus the current one."""
    room = [(w, h - 80) for w, h in desktops or () if w > 0 and h > 0]
    sizes = [s for s in WINDOW_SIZES if not room or any(s[0] <= w and s[1] <= h for w, h in room)]
    sizes = sizes or [WINDOW_SIZES[0]]
    if current is not None and tuple(current) not in sizes:
        sizes.append(tuple(current))
    return sorted(sizes)


def desktop_sizes() -> list[tuple[int, int]]:
    try:
        return [tuple(s) for s in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []


class LiveSettingRow(SettingRow):
    """A row whose value is read when drawn: it can change from elsewhere (the M key mutes)."""

    def __init__(self, key: str, label: str, read, on_click):
        self.read = read
        super().__init__(key, label, "", on_click)

    @property
    def value(self) -> str:
        return self.read()

    @value.setter
    def value(self, _ignored) -> None:
        pass


def sound_summary() -> str:
    """The Sound row's value: 'Off' when muted, else the master volume."""
    return t("settings.off") if SETTINGS.muted else t("sound.percent", n=SETTINGS.master_volume)


def speed_label(name: str) -> str:
    return t(f"settings.speed.{name}")


class SettingsScene(DialogScene):
    """A dialog (title "Settings") whose rows show and change the current values."""

    def __init__(self) -> None:
        super().__init__(t("menu.settings"), t("settings.body"), [], default=0)
        self.problem = ""
        self._build()

    # --- rows -----------------------------------------------------------------------------

    def _value(self, key: str) -> str:
        on, off = t("settings.on"), t("settings.off")
        if key == "language":
            return t(f"settings.lang.{language()}")
        if key == "speed":
            return speed_label(SETTINGS.animation_speed)
        if key == "think":
            return t("settings.seconds", n=f"{SETTINGS.hard_think_seconds:g}")
        if key == "prices":
            return on if SETTINGS.show_opponent_prices else off
        if key == "undo":
            return t("settings.undo_on") if SETTINGS.undo else t("settings.undo_off")
        if key == "display":
            return t("settings.fullscreen") if self._fullscreen() else t("settings.window")
        if key == "size":
            w, h = self._window_size()
            return f"{w} × {h}"
        return ""

    def _fullscreen(self) -> bool:
        return self.app.fullscreen if self.app is not None else SETTINGS.fullscreen

    def _window_size(self) -> tuple[int, int]:
        if self.app is not None:
            return tuple(self.app.windowed_size)
        return tuple(SETTINGS.window_size)

    def _build(self) -> None:
        index = self.group.index if self.group.buttons else 0
        rows = [LiveSettingRow(key, t(f"settings.row.{key}"), sound_summary, self.open_sound) if key == "sound" else
                SettingRow(key, t(f"settings.row.{key}"), self._value(key), lambda k=key: self.change(k, 1),
                           enabled=not (key == "size" and self._fullscreen())) for key in ROWS]
        rows.append(Button(t("dialog.close"), self.close, text_size=21))
        self.group = ButtonGroup(rows, index=min(index, len(rows) - 1))

    def _refresh(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def row(self, key: str) -> SettingRow:
        return next(b for b in self.group.buttons if getattr(b, "key", None) == key)

    # --- changes ----------------------------------------------------------------------------

    def change(self, key: str, step: int = 1) -> None:
        if key == "language":
            self._language(step)
        elif key == "speed":
            SETTINGS.cycle_speed(step)
        elif key == "sound":
            SETTINGS.step_volume("master_volume", step)
        elif key == "think":
            SETTINGS.cycle_think(step)
            self._think_changed()
        elif key == "prices":
            SETTINGS.show_opponent_prices = not SETTINGS.show_opponent_prices
        elif key == "undo":
            SETTINGS.undo = not SETTINGS.undo
        elif key == "display":
            if self.app is not None:
                self.app.set_fullscreen(not self.app.fullscreen, remember=False)
            SETTINGS.fullscreen = self._fullscreen() if self.app is not None else not SETTINGS.fullscreen
        elif key == "size":
            if self._fullscreen():
                return
            current = self._window_size()
            sizes = fitting_sizes(desktop_sizes(), current)
            size = sizes[(sizes.index(current) + step) % len(sizes)]
            SETTINGS.window_size = size
            if self.app is not None:
                self.app.set_window_size(size)
        self._save()
        self._refresh()

    def open_sound(self) -> None:
        from ui.scenes.sound_settings import SoundSettingsScene   # a sub-dialog of this one
        if self.app is not None:
            self.app.push(SoundSettingsScene())

    def _save(self) -> None:
        if self.app is not None and not self.app.fullscreen:
            SETTINGS.window_size = tuple(self.app.windowed_size)
        ok = settings_file.save()
        self.problem = "" if ok or storage.settings_path() is None else t("settings.not_saved")

    def _think_changed(self) -> None:
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
        if session is not None:
            session.refresh_ai()

    def _language(self, step: int = 1) -> None:
        langs = settings_file.LANGUAGES
        code = langs[(langs.index(language()) + step) % len(langs)] if language() in langs else langs[0]
        set_language(code)
        SETTINGS.language = code
        ui_art.title_lettering.cache_clear()
        self.title = t("menu.settings")
        self.body = t("settings.body")
        pygame.display.set_caption(t("app.window_title"))
        if self.app is not None:
            for scene in list(self.app.stack):
                if scene is not self and hasattr(scene, "on_language"):
                    scene.on_language()

    # --- layout and input ----------------------------------------------------------------------

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
        self.lines = wrap_balanced(self.body, layout.font(19), layout.px(PANEL_W - 120))
        n = len(self.group.buttons)
        height = 162 + len(self.lines) * 36 + n * STEP + 64
        self._top = 450 - height / 2
        self.panel = layout.centered_rect(800, 450, PANEL_W, height)
        y = self._top + 162 + len(self.lines) * 36
        for i, button in enumerate(self.group.buttons):
            last = i == n - 1
            w = 300 if last else ROW_W
            button.rect = layout.rect(800 - w / 2, y + i * STEP + (8 if last else 0), w, ROW_H)
        self.group.horizontal = False

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            selected = self.group.selected
            key = getattr(selected, "key", None)
            if key is not None and selected.enabled:
                self.change(key, 1 if event.key == pygame.K_RIGHT else -1)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = next((b for b in self.group.buttons if getattr(b, "key", None) and b.enabled
                        and b.contains(event.pos)), None)
            if row is not None:                     # each arrow steps its own way
                self.group.index = self.group.buttons.index(row)
                self.change(row.key, row.step_at(self.layout, event.pos))
                return
        super().handle_event(event)

    def draw(self, surface) -> None:
        layout = self.layout
        scrim = pygame.Surface(layout.size, pygame.SRCALPHA)
        scrim.fill((*theme.SCRIM[:3], round(theme.SCRIM[3] * self.fade)))
        surface.blit(scrim, (0, 0))
        draw_panel(surface, self.panel, layout)
        y = self._top + 62
        title = layout.text(self.title, 36, theme.INK, bold=True)
        surface.blit(title, title.get_rect(center=layout.point(800, y + 10)))
        ui_art.draw_divider(surface, layout.point(800, y + 52), layout.px(200), layout.px(2))
        y += 88
        for line in self.lines:
            img = layout.text(line, 19, theme.INK_SOFT)
            surface.blit(img, img.get_rect(center=layout.point(800, y + 18)))
            y += 36
        self.group.draw(surface, layout)
        note = self.problem or (t("settings.think_note") if self.group.selected is not None and
                                getattr(self.group.selected, "key", None) == "think" else
                                t("settings.undo_note") if getattr(self.group.selected, "key", None) == "undo" else "")
        if note:
            img = layout.text(note, 16, theme.DANGER if self.problem else theme.INK_SOFT)
            bottom = self.panel.bottom - layout.px(22)
            surface.blit(img, img.get_rect(midbottom=(self.panel.centerx, bottom)))


__all__ = ["SettingsScene", "SPEED_ORDER", "HARD_THINK"]
