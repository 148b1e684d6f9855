"""The title screen: emblem, lettering and the main menu."""
from __future__ import annotations

import math
import random

import pygame

from ui.draw import art, theme
from ui.text.i18n import t
from ui.draw.layout import Layout
from ui.scenes.base import Scene
from ui.scenes.dialog import DialogScene, coming_soon, quit_confirmation
from ui.draw.widgets import Button, ButtonGroup, draw_key_hint, measure_key_hint

BAND_HEIGHT = 44
BUTTON_WIDTH, BUTTON_HEIGHT, BUTTON_STEP = 400, 40, 46
BUTTONS_TOP = 380
MOTES = 36
# Buttons are listed New, Continue, Rules, Settings, Load, Quit, Statistics, Play online, Learn
# to play; shown (and walked by the keys) as:
VISUAL_ORDER = (0, 1, 8, 7, 4, 6, 2, 3, 5)


class MenuScene(Scene):
    settings_notice = None          # set at start-up when the settings file was damaged (shown once)

    def __init__(self) -> None:
        super().__init__()
        self.time = 0.0
        self.group = ButtonGroup([])
        self._resume = None
        self._shown = False
        self._frame = None                # the app's frame count at this scene's last update
        self._backdrop: pygame.Surface | None = None
        rng = random.Random(3)
        # Drifting dust in the light: (x, y, speed, phase, radius) in design units.
        self.motes = [(rng.uniform(0, 1600), rng.uniform(0, 900), rng.uniform(6, 18),
                       rng.uniform(0, math.tau), rng.uniform(1.2, 3.2)) for _ in range(MOTES)]

    def on_enter(self) -> None:
        self._build()
        self._shown = True
        notice, MenuScene.settings_notice = MenuScene.settings_notice, None
        if notice is not None:
            self.app.push(settings_notice_dialog(notice))

    def _build(self) -> None:
        from ui.files import saves
        self._resume = self._resumable()
        self._ticket = self._online_ticket()
        resumable = self._resume is not None or self._ticket is not None or self._damaged_newest()
        stored = saves.has_saves()
        index = self.group.index if self.group.buttons else None
        glow = [b.highlight for b in self.group.buttons]
        self.group = ButtonGroup([
            Button(t("menu.new_game"), self._new_game, description=t("menu.hint.new_game")),
            Button(t("menu.continue"), self._continue, enabled=resumable,
                   description=self._continue_hint(resumable)),
            Button(t("menu.rules"), self._rules, description=t("menu.hint.rules")),
            Button(t("menu.settings"), self._settings, description=t("menu.hint.settings")),
            Button(t("menu.load"), self._load, enabled=stored,
                   description=t("menu.hint.load") if stored else t("menu.hint.load_none")),
            Button(t("menu.quit"), self._quit, description=t("menu.hint.quit")),
            Button(t("insight.stats.button"), self._statistics, enabled=stored,
                   description=t("insight.stats.describe") if stored else t("menu.hint.load_none")),
            Button(t("menu.online"), self._online, description=t("menu.hint.online")),
            Button(t("tutorial.menu.button"), self._learn, description=t("tutorial.menu.hint")),
        ], order=VISUAL_ORDER)
        if index is not None and self.group.buttons[index].enabled:
            self.group.index = index
            self.group._sync()
        for button, value in zip(self.group.buttons, glow):
            button.highlight = value

    def on_language(self) -> None:
        """The language changed in the settings: rebuild the labels."""
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _continue_hint(self, resumable: bool) -> str:
        if self._ticket is not None:
            return t("online.continue", room=self._ticket.room)
        return t("menu.hint.continue_game") if resumable else t("menu.hint.continue")

    @staticmethod
    def _online_ticket():
        """The online game this window left (closed, crashed, or back to this menu) and may
        return to, unless a game on this machine is in memory: Continue returns to the one
        played last in this run, else to the online game, whose clock and opponent wait."""
        from ui.table.online_session import load_ticket
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
        if session is not None and not session.state.is_terminal:
            return None
        return load_ticket()

    @staticmethod
    def _resumable():
        """The game Continue returns to: the one in memory, else the newest unfinished save."""
        from ui.files import saves
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
        if session is not None and not session.state.is_terminal:
            return session
        return saves.latest_unfinished()

    @staticmethod
    def _damaged_newest() -> bool:
        """A damaged file is the newest save: Continue stays on, to say so."""
        from ui.files import saves
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
        if session is not None and not session.state.is_terminal:
            return False
        return bool(saves.continue_choice()[1])

    def _new_game(self) -> None:
        from ui.scenes.setup import SetupScene
        self.app.push(SetupScene())

    def _continue(self) -> None:
        from ui.files import saves
        from ui.scenes.load import damaged_save_dialog, open_saved
        from ui.scenes.game import GameScene
        from ui.table.session import CURRENT
        session = CURRENT.get("session")
        if session is not None and not session.state.is_terminal:
            self.app.push(GameScene(session))
            return
        ticket = self._online_ticket()
        if ticket is not None:
            from ui.scenes.online_wait import rejoin
            rejoin(self.app, ticket)
            return
        target, damaged = saves.continue_choice()
        if damaged:                     # never open an older game in its place without saying so
            self.app.push(damaged_save_dialog(self.app, damaged[0], target))
        elif target is not None:
            open_saved(self.app, target)
        else:
            self._build()

    def _learn(self) -> None:
        from ui.scenes.tutorial_menu import LearnScene
        self.app.push(LearnScene())

    def _load(self) -> None:
        from ui.scenes.load import LoadScene
        self.app.push(LoadScene())

    def _online(self) -> None:
        from ui.scenes.online_menu import OnlineMenuScene
        self.app.push(OnlineMenuScene())

    def _statistics(self) -> None:
        from ui.scenes.stats import StatsScene
        self.app.push(StatsScene())

    def _rules(self) -> None:
        from ui.scenes.rules import RulesScene
        self.app.push(RulesScene())

    def _settings(self) -> None:
        from ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene())

    def on_resize(self, layout: Layout) -> None:
        self._backdrop = None
        for row, i in enumerate(VISUAL_ORDER):
            self.group.buttons[i].rect = layout.centered_rect(800, BUTTONS_TOP + BUTTON_HEIGHT / 2 + row * BUTTON_STEP,
                                                              BUTTON_WIDTH, BUTTON_HEIGHT)

    def _soon(self, feature_key: str) -> None:
        self.app.push(coming_soon(t(feature_key)))

    def _quit(self) -> None:
        self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(quit_confirmation(self.app.quit))
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        on_top = self.app is not None and self.app.top is self
        # Back from another screen (only the top scene is updated: a gap in the frames says
        # this one was covered): saves, or an online game to return to, may have changed.
        covered = self.app is not None and self._frame is not None and self.app.frames > self._frame + 1
        if on_top and (not self._shown or covered):
            self._build()
            self.on_resize(self.layout)
        self._shown = on_top
        self._frame = self.app.frames if self.app is not None else None
        self.group.update(dt)

    # --- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(self._background(layout), (0, 0))
        self._draw_motes(surface, layout)
        self._draw_heading(surface, layout)
        self.group.draw(surface, layout)
        self._draw_description(surface, layout)
        self._draw_footer(surface, layout)

    def _background(self, layout: Layout) -> pygame.Surface:
        if self._backdrop is None or self._backdrop.get_size() != layout.size:
            backdrop = art.parchment(layout.size).copy()
            band = layout.px(BAND_HEIGHT)
            art.draw_meander_band(backdrop, 0, band, layout.size[0])
            art.draw_meander_band(backdrop, layout.size[1] - band, band, layout.size[0])
            self._backdrop = backdrop
        return self._backdrop

    def _draw_motes(self, surface: pygame.Surface, layout: Layout) -> None:
        sprite = art.soft_dot(layout.px(10))
        for x, y, speed, phase, radius in self.motes:
            yy = (y - self.time * speed) % 900
            xx = x + math.sin(self.time * 0.4 + phase) * 14
            glow = 0.5 + 0.5 * math.sin(self.time * 0.9 + phase * 3)
            sprite.set_alpha(round((60 + 120 * glow) * radius / 3.2))
            surface.blit(sprite, sprite.get_rect(center=layout.point(xx, yy)))

    def _draw_heading(self, surface: pygame.Surface, layout: Layout) -> None:
        emblem = art.temple_emblem(layout.scale)
        surface.blit(emblem, emblem.get_rect(center=layout.point(800, 128)))
        title = art.title_lettering(t("app.title").upper(), layout.px(100))
        spot = title.get_rect(center=layout.point(800, 250))
        surface.blit(title, spot)
        for mirrored, side in ((False, -1), (True, 1)):
            branch = art.laurel_branch(layout.scale, mirrored)
            edge = spot.left + layout.px(30) if side < 0 else spot.right - layout.px(30)
            place = branch.get_rect(center=(edge + side * layout.px(70), spot.centery))
            surface.blit(branch, place)
        # Stop the rule short of the laurels, whose span follows the title's width.
        half = min(layout.px(330), spot.width // 2 - layout.px(60))
        art.draw_divider(surface, layout.point(800, 320), half, layout.px(2.5))
        tagline = layout.text(t("app.tagline"), 24, theme.INK_SOFT)
        surface.blit(tagline, tagline.get_rect(center=layout.point(800, 356)))

    def _draw_description(self, surface: pygame.Surface, layout: Layout) -> None:
        focus = self.group.hovered or self.group.selected
        if focus is None or not focus.description:
            return
        text = layout.text(focus.description, 21, theme.INK_SOFT)
        # Midway between the last button and the footer's key caps, clear of both (#47).
        above = max(b.rect.bottom for b in self.group.buttons)
        below = layout.size[1] - layout.px(BAND_HEIGHT) - layout.px(30) - layout.px(17) // 2 - layout.px(4)
        surface.blit(text, text.get_rect(center=(layout.size[0] // 2, (above + below) // 2)))

    def _draw_footer(self, surface: pygame.Surface, layout: Layout) -> None:
        hints = [(t("menu.keys.arrows"), t("menu.keys.choose")), (t("keys.enter"), t("menu.keys.confirm")),
                 (t("keys.esc"), t("menu.keys.quit"))]
        gap = layout.px(34)
        total = sum(measure_key_hint(layout, k, label) for k, label in hints) + gap * (len(hints) - 1)
        x = layout.size[0] // 2 - total // 2
        y = layout.size[1] - layout.px(BAND_HEIGHT) - layout.px(30)
        for keys, label in hints:
            x += draw_key_hint(surface, layout, (x, y), keys, label) + gap


def settings_notice_dialog(notice) -> DialogScene:
    """The settings file could not be used: say so once, with what happens now."""
    body = t(f"settings.broken.{notice.code}")
    detail = t("settings.broken.backup", path=notice.backup.name) if notice.backup else ""
    return DialogScene(t("settings.broken.title"), body, [(t("dialog.close"), None)],
                       badge=t("settings.broken.badge"), detail=detail)
