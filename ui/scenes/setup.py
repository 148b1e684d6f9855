"""New game: against the computer or two people on one screen (hot-seat), Agora on or off,
who starts; the opponent's level, or the two players' names.

The screen opens with the last choices made on it, kept in the settings (`new_game`) so they
survive a restart; a remembered level no longer offered falls back to the default."""
from __future__ import annotations

import pygame

from game.ai import available
from ui.draw import art as ui_art
from ui.files import settings as settings_file
from ui.draw import theme
from ui.text.i18n import load_catalogue, language, t
from ui.scenes.base import Scene
from ui.files.settings import SETTINGS
from ui.table.paint import PLAYER_COLORS, rounded, text
from ui.table.session import NAME_LIMIT, GameConfig, GameSession, SeatSetup, think_seconds
from ui.draw.widgets import Button, ButtonGroup, TextField

LEVEL_ORDER = ("random", "easy", "normal", "hard")
ROW_Y = (212, 328, 444, 560)
OPT_W, OPT_H, OPT_GAP = 230, 56, 18
ROW_OPT_W = {"mode": 320}          # wider options for longer words
FIELD_W = 330


def ai_levels() -> list[str]:
    """The computer players offered: those with a name in the catalogues (ai.<name>), so that
    the screen never shows an untranslated word; a player made for tests stays hidden."""
    names = available()
    named = [n for n in names if f"ai.{n}" in load_catalogue("en")]
    ordered = [n for n in LEVEL_ORDER if n in named] + sorted(n for n in named if n not in LEVEL_ORDER)
    return ordered or ["random"]


def ai_label(name: str) -> str:
    key = f"ai.{name}"
    return t(key) if key in load_catalogue(language()) or key in load_catalogue("en") else name.capitalize()


class SetupScene(Scene):
    forced_seed: int | None = None      # autoplay/testing: a fixed seed
    pilot_wishes: dict = {}             # autoplay: row key -> value its pilot clicks
    remembered: dict | None = None      # tests: choices to start from instead of the saved ones

    def __init__(self) -> None:
        super().__init__()
        levels = ai_levels()
        default = "normal" if "normal" in levels else levels[-1] if len(levels) > 1 else levels[0]
        self.options = {
            "mode": ["ai", "hotseat"],
            "opponent": levels,
            "agora": ["on", "off"],
            "first": ["random", "me", "other"],
        }
        start = {"mode": "ai", "opponent": default, "agora": "on", "first": "random"}
        last = self.remembered if self.remembered is not None else SETTINGS.new_game or {}
        start.update({k: v for k, v in last.items() if k in self.options and v in self.options[k]})
        self.choice = {k: self.options[k].index(start[k]) for k in self.options}
        names = last.get("names", ("", ""))
        self.fields = [TextField(names[i][:NAME_LIMIT], placeholder=t("who.player", n=i + 1), limit=NAME_LIMIT)
                       for i in (0, 1)]
        self.field = 0                  # which name the keys type into
        self.row = 0
        self.rects: dict[str, list[pygame.Rect]] = {}
        self.group = ButtonGroup([Button(t("setup.start"), self.start), Button(t("setup.back"), self.back)],
                                 horizontal=True)
        self.mouse = (0, 0)

    # --- the rows -----------------------------------------------------------------------

    @property
    def hotseat(self) -> bool:
        return self.value("mode") == "hotseat"

    @property
    def rows(self) -> list[str]:
        return ["mode", "names" if self.hotseat else "opponent", "agora", "first"]

    def value(self, key: str) -> str:
        return self.options[key][self.choice[key]]

    def name(self, seat: int) -> str:
        return self.fields[seat].text.strip() or t("who.player", n=seat + 1)

    def label(self, key: str, value: str) -> str:
        if key == "mode":
            return t(f"setup.mode_{value}")
        if key == "opponent":
            return ai_label(value)
        if key == "agora":
            return t(f"setup.agora_{value}")
        if value == "random":
            return t("setup.first_random")
        if self.hotseat:
            return self.name(0 if value == "me" else 1)
        return t("setup.first_me") if value == "me" else t("setup.first_ai")

    def title(self, key: str) -> str:
        return t({"mode": "setup.mode", "opponent": "setup.opponent", "names": "setup.names",
                  "agora": "setup.agora", "first": "setup.first"}[key])

    def config(self) -> GameConfig:
        agora = self.value("agora") == "on"
        first = self.value("first")
        if self.hotseat:
            seats = [SeatSetup("human", name=self.fields[i].text.strip()) for i in (0, 1)]
            first = {"random": "random", "me": "seat0", "other": "seat1"}[first]
        else:
            level = self.value("opponent")
            seats = [SeatSetup("human"), SeatSetup("ai", level, think_seconds(level))]
            first = {"random": "random", "me": "me", "other": "ai"}[first]
        return GameConfig(seed=self.forced_seed, agora=agora, first=first, seats=seats)

    def remember(self) -> None:
        """Keep the choices for the next time this screen opens, in this run and the next."""
        choices = {k: self.value(k) for k in self.options}
        choices["names"] = [self.fields[0].text, self.fields[1].text]
        if self.remembered is not None:
            SetupScene.remembered = choices
        if SETTINGS.new_game != choices:
            SETTINGS.new_game = choices
            settings_file.save()

    def start(self) -> None:
        from ui.scenes.game import GameScene
        self.remember()
        for f in self.fields:
            f.focus(False)
        session = GameSession(self.config())
        self.app.replace(GameScene(session))

    def back(self) -> None:
        self.remember()
        for f in self.fields:
            f.focus(False)
        self.app.pop()

    def on_exit(self) -> None:
        for f in self.fields:
            f.focus(False)

    def on_language(self) -> None:
        self.group = ButtonGroup([Button(t("setup.start"), self.start), Button(t("setup.back"), self.back)],
                                 horizontal=True)
        for i, f in enumerate(self.fields):
            f.placeholder = t("who.player", n=i + 1)
        if self.app is not None:
            self.on_resize(self.layout)

    # --- layout ---------------------------------------------------------------------------

    def on_resize(self, layout) -> None:
        self.rects = {}
        for key, values in self.options.items():
            n = len(values)
            w = ROW_OPT_W.get(key, OPT_W)
            width = n * w + (n - 1) * OPT_GAP
            x0 = 800 - width / 2
            y = ROW_Y[self._row_index(key)] + 34
            self.rects[key] = [layout.rect(x0 + k * (w + OPT_GAP), y, w, OPT_H) for k in range(n)]
        for i, f in enumerate(self.fields):
            x = 800 - FIELD_W - 40 + i * (FIELD_W + 80) + 20
            f.rect = layout.rect(x, ROW_Y[1] + 34, FIELD_W, OPT_H)
        for k, b in enumerate(self.group.buttons):
            b.rect = layout.rect(800 - 260 + k * 280, 768, 240, 56)

    @staticmethod
    def _row_index(key: str) -> int:
        return {"mode": 0, "opponent": 1, "names": 1, "agora": 2, "first": 3}[key]

    # --- input ------------------------------------------------------------------------------

    def _typing(self) -> TextField | None:
        return next((f for f in self.fields if f.focused), None)

    def accepts_text(self) -> bool:
        return self._typing() is not None

    def handle_event(self, event) -> None:
        typing = self._typing()
        if typing is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
                typing.focus(False)              # leave the name; the arrows move between rows
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                typing.focus(False)
                self.field = 1 - self.field
                self.fields[self.field].focus(True)
                return
            elif event.type not in (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
                typing.handle_event(event)
                return
        if event.type == pygame.KEYDOWN:
            rows = self.rows
            key = rows[self.row]
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                if key == "names":
                    self.field = (self.field + step) % 2
                else:
                    n = len(self.options[key])
                    self.choice[key] = (self.choice[key] + step) % n
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if key == "names":
                    self.fields[self.field].focus(True)
                else:
                    self.start()
            return
        if event.type == pygame.TEXTINPUT and self.hotseat and self.rows[self.row] == "names":
            self.fields[self.field].focus(True)  # typing on the names row starts writing
            self.fields[self.field].handle_event(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.hotseat:
                for i, f in enumerate(self.fields):
                    if f.rect.collidepoint(event.pos):
                        for other in self.fields:
                            other.focus(other is f)
                        self.field, self.row = i, 1
                        return
                for f in self.fields:
                    f.focus(False)
            for key in self.rows:
                for k, r in enumerate(self.rects.get(key, [])):
                    if r.collidepoint(event.pos):
                        self.choice[key] = k
                        self.row = self.rows.index(key)
                        return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)
        for f in self.fields:
            f.update(dt)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("setup.title").upper(), L.px(64))
        surface.blit(title, title.get_rect(center=L.point(800, 118)))
        ui_art.draw_divider(surface, L.point(800, 178), L.px(260), L.px(2))
        for i, key in enumerate(self.rows):
            col = theme.INK if i == self.row else theme.INK_SOFT
            text(surface, L, self.title(key), 22, col, L.point(800, ROW_Y[i]), anchor="midtop", bold=True)
            if key == "names":
                self._draw_names(surface, L, i == self.row)
                continue
            for k, r in enumerate(self.rects[key]):
                chosen = self.choice[key] == k
                hot = r.collidepoint(self.mouse)
                fill = theme.BRONZE if chosen else (theme.UMBER_LIGHT if hot else theme.UMBER)
                rounded(surface, r, fill, L.px(10), max(2, L.px(2.5) if chosen else L.px(1.5)),
                        theme.BRONZE_LIGHT if chosen or (i == self.row and hot) else theme.BRONZE_DARK)
                label = self.label(key, self.options[key][k])
                text(surface, L, label, 20, theme.INK if chosen else theme.TEXT_ON_DARK, r.center,
                     anchor="center", bold=True, max_width=r.w / L.scale - 44)
                if chosen:   # a mark besides the colour, for colour-blind players
                    pygame.draw.circle(surface, theme.INK, (r.x + L.px(18), r.centery), L.px(5))
        hint = t(f"setup.hint.{self.value('agora')}")
        text(surface, L, hint, 18, theme.INK_SOFT, L.point(800, 684), anchor="center")
        extra = [t("setup.hint.hotseat")] if self.hotseat else []
        extra.append(t("setup.takebacks_on") if SETTINGS.undo else t("setup.takebacks_off"))
        text(surface, L, "  ·  ".join(extra), 16, theme.INK_SOFT, L.point(800, 714), anchor="center")
        self.group.draw(surface, L)

    def _draw_names(self, surface, L, current: bool) -> None:
        for i, f in enumerate(self.fields):
            dot = (f.rect.x - L.px(22), f.rect.centery)
            pygame.draw.circle(surface, PLAYER_COLORS[i], dot, L.px(9))
            pygame.draw.circle(surface, theme.INK, dot, L.px(9), max(1, L.px(1.5)))
            f.draw(surface, L, active=current and self.field == i)

    # --- autoplay -----------------------------------------------------------------------------------

    def target_for_start(self):
        return self.group.buttons[0].rect.center

    def target_for_wish(self, key: str, value: str):
        """Where to click so that row `key` shows `value` (None when it already does or cannot)."""
        values = self.options.get(key)
        if key not in self.rows or values is None or value not in values or self.value(key) == value:
            return None
        return self.rects[key][values.index(value)].center
