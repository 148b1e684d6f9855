"""Settings, on one screen in three parts: the game (language, animation speed, the Hard
computer's thinking time, the opponent's price badges, take-backs, hints), the display
(fullscreen, window size) and the sound (master and effects volume, sound on/off). Every change
applies at once (a new language redraws every screen, the game goes on) and is saved to the
settings file.

Rows are buttons: click or Enter for the next value, ← → (or a click on an arrow) for the next /
previous one. The volumes are sliders (ui/scenes/sound_settings.py): click or drag. Every row
shows the value of the moment, so F11 or M pressed here shows at once.
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.files import settings as settings_file
from ui.files import storage
from ui.draw import theme
from ui.draw.fonts import wrap_balanced
from ui.text.i18n import language, set_language, t
from ui.scenes import sound_settings as sound
from ui.scenes.dialog import DialogScene
from ui.files.settings import HARD_THINK, SETTINGS, SPEED_ORDER, WINDOW_SIZES
from ui.draw.widgets import Button, ButtonGroup, draw_panel
from ui.draw.window_fit import fits, room_on

ROW_W, ROW_H, STEP = 620, 50, 58
COL_GAP, HEAD_H, SECTION_GAP = 60, 40, 16
PANEL_W = 2 * ROW_W + COL_GAP + 100
# Two columns of sections; the keyboard goes down the first column, then the second.
COLUMNS = ((("game", ("language", "speed", "think", "prices", "undo", "hints")),),
           (("display", ("display", "size")), ("sound", ("master", "effects", "mute"))))
ROWS = tuple(key for column in COLUMNS for _, keys in column for key in keys)
SOUND_ROWS = ("master", "effects", "mute")


class SettingRow(Button):
    """A button showing 'Label ............ ‹ value ›'. The value (and whether the row can be
    changed) is read when drawn: it can change from elsewhere (F11, the M key)."""

    def __init__(self, key: str, label: str, read, on_click, *, enabled=lambda: True):
        self.read = read
        self.is_enabled = enabled
        super().__init__(label, on_click, text_size=20)
        self.key = key

    @property
    def value(self) -> str:
        return self.read()

    @property
    def enabled(self) -> bool:
        return self.is_enabled()

    @enabled.setter
    def enabled(self, _ignored) -> None:
        pass

    def _draw_label(self, surface, layout, rect) -> None:
        from ui.draw.art import mix
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
    """The window sizes offered: those that fit a display (with room for the title bar and
    task bar, ui/draw/window_fit.py), always at least the smallest, plus the current one."""
    rooms = [room_on((w, h)) for w, h in desktops or () if w > 0 and h > 0]
    sizes = [s for s in WINDOW_SIZES if not rooms or any(fits(s, room) for room in rooms)]
    sizes = sizes or [WINDOW_SIZES[0]]
    if current is not None and tuple(current) not in sizes:
        sizes.append(tuple(current))
    return sorted(sizes)


def desktop_sizes() -> list[tuple[int, int]]:
    try:
        return [tuple(s) for s in pygame.display.get_desktop_sizes()]
    except pygame.error:
        return []


def speed_label(name: str) -> str:
    return t(f"settings.speed.{name}")


class SettingsScene(DialogScene):
    """A dialog (title "Settings") whose rows show and change the current values."""

    def __init__(self) -> None:
        super().__init__(t("menu.settings"), t("settings.body"), [], default=0)
        self.problem = ""
        self.dragging: sound.VolumeRow | None = None     # the slider held by the mouse
        self.headings: list[tuple[str, tuple[float, float]]] = []
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
        if key == "hints":
            return on if SETTINGS.hints else off
        if key == "undo":
            if not SETTINGS.undo:
                return t("settings.undo_off")
            return t("takeback.setting.across") if SETTINGS.undo_reveals else t("settings.undo_on")
        if key == "display":
            return t("settings.fullscreen") if self._fullscreen() else t("settings.window")
        if key == "size":
            w, h = self._window_size()
            return f"{w} × {h}"
        if key == "mute":
            return sound.mute_text()
        if key in sound.VOLUMES:
            return sound.volume_text(key)
        return ""

    def _fullscreen(self) -> bool:
        return self.app.fullscreen if self.app is not None else SETTINGS.fullscreen

    def _window_size(self) -> tuple[int, int]:
        if self.app is not None:
            return tuple(self.app.windowed_size)
        return tuple(SETTINGS.window_size or WINDOW_SIZES[1])

    def _label(self, key: str) -> str:
        if key == "hints":
            return t("insight.settings.row")         # the table's hint (ui/table/hint.py)
        if key in SOUND_ROWS:
            return t(f"sound.row.{key}")
        return t(f"settings.row.{key}")

    def _make_row(self, key: str) -> Button:
        if key in sound.VOLUMES:
            return sound.VolumeRow(key, self._label(key))
        enabled = (lambda: not self._fullscreen()) if key == "size" else (lambda: True)
        return SettingRow(key, self._label(key), lambda: self._value(key), lambda: self.change(key, 1),
                          enabled=enabled)

    def _build(self) -> None:
        index = self.group.index if self.group.buttons else 0
        rows = [self._make_row(key) for key in ROWS]
        rows.append(Button(t("dialog.close"), self.close, text_size=21))
        self.group = ButtonGroup(rows, index=min(index, len(rows) - 1))

    def _refresh(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def row(self, key: str) -> Button:
        return next(b for b in self.group.buttons if getattr(b, "key", None) == key)

    # --- changes ----------------------------------------------------------------------------

    def change(self, key: str, step: int = 1) -> None:
        if key == "language":
            self._language(step)
        elif key == "speed":
            SETTINGS.cycle_speed(step)
        elif key in sound.VOLUMES:
            sound.step_volume(key, step)
            sound.preview()
        elif key == "mute":
            sound.toggle_mute()
        elif key == "think":
            SETTINGS.cycle_think(step)
            self._think_changed()
        elif key == "prices":
            SETTINGS.show_opponent_prices = not SETTINGS.show_opponent_prices
        elif key == "undo":                         # allowed -> none -> also across what was shown
            states = [(True, False), (False, False), (True, True)]
            now = (SETTINGS.undo, SETTINGS.undo_reveals and SETTINGS.undo)
            SETTINGS.undo, SETTINGS.undo_reveals = states[(states.index(now) + step) % len(states)]
        elif key == "hints":
            SETTINGS.hints = not SETTINGS.hints
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
            SETTINGS.window_size = size             # chosen: kept as it is from now on
            if self.app is not None:
                self.app.set_window_size(size)
        self._save()
        if key == "language":
            self._refresh()                         # the labels; values are read when drawn

    def _save(self) -> None:
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

    # --- the sliders --------------------------------------------------------------------------

    def _slider_at(self, pos) -> sound.VolumeRow | None:
        return next((b for b in self.group.buttons if isinstance(b, sound.VolumeRow)
                     and b.on_track(self.layout, pos)), None)

    def _slide(self, row: sound.VolumeRow, pos) -> None:
        sound.set_volume(row.key, row.percent_at(self.layout, pos[0]))

    # --- layout and input ----------------------------------------------------------------------

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
        self.lines = wrap_balanced(self.body, layout.font(19), layout.px(PANEL_W - 160))
        columns = [sum(HEAD_H + len(keys) * STEP for _, keys in column) + SECTION_GAP * (len(column) - 1)
                   for column in COLUMNS]
        rows_top = 150 + len(self.lines) * 36 + 12
        height = rows_top + max(columns) + 30 + ROW_H + 64
        self._top = 450 - height / 2
        self.panel = layout.centered_rect(800, 450, PANEL_W, height)
        buttons = {getattr(b, "key", None): b for b in self.group.buttons}
        self.headings = []
        for c, column in enumerate(COLUMNS):
            x = 800 - ROW_W - COL_GAP / 2 + c * (ROW_W + COL_GAP)
            y = self._top + rows_top
            for section, keys in column:
                self.headings.append((t(f"settings.section.{section}"), (x + 6, y + HEAD_H - 10)))
                y += HEAD_H
                for key in keys:
                    buttons[key].rect = layout.rect(x, y, ROW_W, ROW_H)
                    y += STEP
                y += SECTION_GAP
        close = self.group.buttons[-1]
        close.rect = layout.rect(800 - 150, self._top + height - 40 - ROW_H, 300, ROW_H)
        self._note_y = self._top + height - 40 - ROW_H - 20
        self.group.horizontal = False

    def handle_event(self, event) -> None:
        if self.dragging is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self._slide(self.dragging, event.pos)
            if event.type == pygame.MOUSEBUTTONUP:
                self.dragging = None
                self._save()
                sound.preview()                     # hear the level let go at
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            slider = self._slider_at(event.pos)
            if slider is not None:
                self.dragging = slider
                self.group.index = self.group.buttons.index(slider)
                self.group._sync()
                self._slide(slider, event.pos)
                return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            selected = self.group.selected
            key = getattr(selected, "key", None)
            if key is not None and selected.enabled:
                self.change(key, 1 if event.key == pygame.K_RIGHT else -1)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = next((b for b in self.group.buttons if isinstance(b, SettingRow) and b.enabled
                        and b.contains(event.pos)), None)
            if row is not None:                     # each arrow steps its own way
                self.group.index = self.group.buttons.index(row)
                self.change(row.key, row.step_at(self.layout, event.pos))
                return
        super().handle_event(event)

    def _note(self) -> str:
        if self.problem:
            return self.problem
        key = getattr(self.group.selected, "key", None)
        if key in SOUND_ROWS and not sound.AUDIO.available:
            return t("sound.no_device")
        if key == "think":
            from game.ai import native        # without the core, say the slower search plays
            return t("settings.think_note" if native.SEARCH else "settings.think_note_python")
        if key == "undo":
            return t("takeback.setting.note") if SETTINGS.undo else t("settings.undo_note")
        return ""

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
        for heading, (x, bottom) in self.headings:
            img = layout.text(heading.upper(), 18, theme.BRONZE_DARK, bold=True)
            surface.blit(img, img.get_rect(bottomleft=layout.point(x, bottom)))
        self.group.draw(surface, layout)
        note = self._note()
        if note:
            img = layout.text(note, 16, theme.DANGER if self.problem else theme.INK_SOFT)
            surface.blit(img, img.get_rect(center=layout.point(800, self._note_y)))


__all__ = ["SettingsScene", "SPEED_ORDER", "HARD_THINK"]
