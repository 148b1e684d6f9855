"""Host a game: the rule set, who starts, an optional clock; then the waiting screen with
the room code and the addresses to tell the other player.

Hosting starts the game server inside this window (ui/table/online_link.host); the host
plays through it like any client, over the loopback address."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.online_screen import OnlineScreen
from ui.table.paint import rounded, text
from ui.draw.widgets import Button

ROWS = ("agora", "first", "clock")
OPTIONS = {"agora": ["on", "off"], "first": ["random", "me", "other"], "clock": [0, 10, 20, 30]}
ROW_Y = {"agora": 222, "first": 358, "clock": 494}
OPT_W, OPT_H, OPT_GAP = 230, 56, 18


class OnlineHostScene(OnlineScreen):
    title_key = "online.host_title"
    remembered: dict = {}                 # the last choices (this run)

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.name = name
        self.choice = self._last_choices()
        self.row = 0
        self.rects: dict = {}
        self.problem = ""

    @classmethod
    def _last_choices(cls) -> dict:
        """The choices made last: in this run, else kept in the settings from an earlier one."""
        if cls.remembered:
            return {k: cls.remembered.get(k, 0) for k in ROWS}
        from ui.files.settings import SETTINGS
        kept = SETTINGS.online_host or {}
        return {k: OPTIONS[k].index(kept[k]) if kept.get(k) in OPTIONS[k] else 0 for k in ROWS}

    def remember(self) -> None:
        """Keep the choices for the next time, in this run and the next (the settings file)."""
        from ui.files import settings as settings_file
        from ui.files.settings import SETTINGS
        OnlineHostScene.remembered = dict(self.choice)
        kept = {k: self.value(k) for k in ROWS}
        if SETTINGS.online_host != kept:
            SETTINGS.online_host = kept
            settings_file.save()

    def value(self, key):
        return OPTIONS[key][self.choice[key]]

    def label(self, key, value) -> str:
        if key == "agora":
            return t(f"setup.agora_{value}")
        if key == "first":
            return t({"random": "setup.first_random", "me": "online.first_me", "other": "online.first_other"}[value])
        return t("online.clock_off") if value == 0 else t("online.clock_minutes", n=value)

    def buttons(self) -> list[Button]:
        return [Button(t("online.host_start"), self.start), Button(t("setup.back"), self.back)]

    def create_options(self) -> dict:
        """The `create` message's choices (docs/protocol.md): the host sits in seat 0."""
        first = {"random": None, "me": 0, "other": 1}[self.value("first")]
        return {"agora": self.value("agora") == "on", "clock": self.value("clock"), "seat": 0, "first": first}

    def start(self) -> None:
        from ui.scenes.online_wait import host_game
        self.remember()
        self.problem = host_game(self.app, self.name, self.create_options()) or ""

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
        self.rects = {}
        for key in ROWS:
            n = len(OPTIONS[key])
            width = n * OPT_W + (n - 1) * OPT_GAP
            x0 = 800 - width / 2
            self.rects[key] = [layout.rect(x0 + k * (OPT_W + OPT_GAP), ROW_Y[key] + 34, OPT_W, OPT_H)
                               for k in range(n)]

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            key = ROWS[self.row]
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(ROWS)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.choice[key] = (self.choice[key] + step) % len(OPTIONS[key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for key in ROWS:
                for k, r in enumerate(self.rects.get(key, [])):
                    if r.collidepoint(event.pos):
                        self.choice[key] = k
                        self.row = ROWS.index(key)
                        return
        self.group.handle_event(event)

    def draw_content(self, surface, L) -> None:
        for i, key in enumerate(ROWS):
            col = theme.INK if i == self.row else theme.INK_SOFT
            text(surface, L, t(f"online.row.{key}"), 22, col, L.point(800, ROW_Y[key]), anchor="midtop", bold=True)
            for k, r in enumerate(self.rects.get(key, [])):
                chosen = self.choice[key] == k
                hot = r.collidepoint(self.mouse)
                fill = theme.BRONZE if chosen else (theme.UMBER_LIGHT if hot else theme.UMBER)
                rounded(surface, r, fill, L.px(10), max(2, L.px(2.5) if chosen else L.px(1.5)),
                        theme.BRONZE_LIGHT if chosen or (i == self.row and hot) else theme.BRONZE_DARK)
                text(surface, L, self.label(key, OPTIONS[key][k]), 20, theme.INK if chosen else theme.TEXT_ON_DARK,
                     r.center, anchor="center", bold=True, max_width=OPT_W - 44)
                if chosen:
                    pygame.draw.circle(surface, theme.INK, (r.x + L.px(18), r.centery), L.px(5))
        text(surface, L, t("online.host_note"), 17, theme.INK_SOFT, L.point(800, 660), anchor="center",
             max_width=1200)
        if self.problem:
            text(surface, L, self.problem, 18, theme.DANGER, L.point(800, 712), anchor="center", max_width=1200)

    # --- tests and autoplay ---------------------------------------------------------------------

    def target_for(self, key: str, value):
        return self.rects[key][OPTIONS[key].index(value)].center
