"""New game: the opponent's level, Agora on or off, who starts."""
from __future__ import annotations

import pygame

from game.ai import available
from ui import art as ui_art
from ui import theme
from ui.i18n import load_catalogue, language, t
from ui.scene import Scene
from ui.table.paint import rounded, text
from ui.table.session import THINK_SECONDS, GameConfig, GameSession, SeatSetup
from ui.widgets import Button, ButtonGroup

LEVEL_ORDER = ("random", "easy", "normal", "hard")
ROW_Y = (300, 430, 560)
OPT_W, OPT_H, OPT_GAP = 230, 56, 18


def ai_levels() -> list[str]:
    names = available()
    ordered = [n for n in LEVEL_ORDER if n in names] + sorted(n for n in names if n not in LEVEL_ORDER)
    return ordered or ["random"]


def ai_label(name: str) -> str:
    key = f"ai.{name}"
    return t(key) if key in load_catalogue(language()) or key in load_catalogue("en") else name.capitalize()


class SetupScene(Scene):
    forced_seed: int | None = None      # autoplay/testing: a fixed seed
    pilot_wishes: list = []             # autoplay: the choices its pilot clicks

    def __init__(self) -> None:
        super().__init__()
        levels = ai_levels()
        default = "normal" if "normal" in levels else levels[-1] if len(levels) > 1 else levels[0]
        self.rows = [
            ("setup.opponent", levels, levels.index(default), ai_label),
            ("setup.agora", ["on", "off"], 0, lambda v: t(f"setup.agora_{v}")),
            ("setup.first", ["random", "me", "ai"], 0, lambda v: t(f"setup.first_{v}")),
        ]
        self.choice = [r[2] for r in self.rows]
        self.row = 0
        self.rects: list[list[pygame.Rect]] = []
        self.group = ButtonGroup([Button(t("setup.start"), self.start), Button(t("setup.back"), self.back)],
                                 horizontal=True)
        self.mouse = (0, 0)

    def value(self, i: int) -> str:
        return self.rows[i][1][self.choice[i]]

    def config(self) -> GameConfig:
        level = self.value(0)
        return GameConfig(seed=self.forced_seed, agora=self.value(1) == "on", first=self.value(2),
                          seats=[SeatSetup("human"), SeatSetup("ai", level, THINK_SECONDS.get(level))])

    def start(self) -> None:
        from ui.scenes.game import GameScene
        session = GameSession(self.config())
        self.app.replace(GameScene(session))

    def back(self) -> None:
        self.app.pop()

    def on_resize(self, layout) -> None:
        self.rects = []
        for i, (_, values, _, _) in enumerate(self.rows):
            n = len(values)
            width = n * OPT_W + (n - 1) * OPT_GAP
            x0 = 800 - width / 2
            self.rects.append([layout.rect(x0 + k * (OPT_W + OPT_GAP), ROW_Y[i] + 34, OPT_W, OPT_H) for k in range(n)])
        for k, b in enumerate(self.group.buttons):
            b.rect = layout.rect(800 - 260 + k * 280, 740, 240, 56)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                n = len(self.rows[self.row][1])
                self.choice[self.row] = (self.choice[self.row] + (1 if event.key == pygame.K_RIGHT else -1)) % n
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, row in enumerate(self.rects):
                for k, r in enumerate(row):
                    if r.collidepoint(event.pos):
                        self.choice[i] = k
                        self.row = i
                        return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.parchment(L.size), (0, 0))
        band = L.px(44)
        ui_art.draw_meander_band(surface, 0, band, L.size[0])
        ui_art.draw_meander_band(surface, L.size[1] - band, band, L.size[0])
        title = ui_art.title_lettering(t("setup.title").upper(), L.px(64))
        surface.blit(title, title.get_rect(center=L.point(800, 150)))
        ui_art.draw_divider(surface, L.point(800, 215), L.px(260), L.px(2))
        for i, (key, values, _, label) in enumerate(self.rows):
            col = theme.INK if i == self.row else theme.INK_SOFT
            text(surface, L, t(key), 22, col, L.point(800, ROW_Y[i]), anchor="midtop", bold=True)
            for k, r in enumerate(self.rects[i]):
                chosen = self.choice[i] == k
                hot = r.collidepoint(self.mouse)
                fill = theme.BRONZE if chosen else (theme.UMBER_LIGHT if hot else theme.UMBER)
                rounded(surface, r, fill, L.px(10), max(2, L.px(2.5) if chosen else L.px(1.5)),
                        theme.BRONZE_LIGHT if chosen or (i == self.row and hot) else theme.BRONZE_DARK)
                text(surface, L, label(values[k]), 20, theme.INK if chosen else theme.TEXT_ON_DARK, r.center,
                     anchor="center", bold=True)
                if chosen:   # a mark besides the colour, for colour-blind players
                    pygame.draw.circle(surface, theme.INK, (r.x + L.px(18), r.centery), L.px(5))
        hint = t(f"setup.hint.{self.value(1)}")
        text(surface, L, hint, 18, theme.INK_SOFT, L.point(800, 680), anchor="center")
        self.group.draw(surface, L)

    def target_for_start(self):
        return self.group.buttons[0].rect.center
