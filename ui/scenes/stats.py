"""The Statistics screen: your results over the finished games in the saves folder.

Win rate per opponent level (and hot-seat), victories by kind, average score per category
against the opponent's, the longest winning streak and the first player's win rate — as
bars and lines drawn in the game's style (ui/charts.py). The games are read and replayed
on a background thread (ui/stats.py); damaged or foreign files are skipped and counted.
"""
from __future__ import annotations

import threading

import pygame

from game import CATEGORIES
from ui import art as ui_art
from ui import charts, storage, theme
from ui.i18n import t
from ui.scene import Scene
from ui.stats import HOTSEAT, Stats, collect
from ui.table.paint import rounded, text, text_block
from ui.widgets import Button, ButtonGroup, draw_panel

RATES = (60, 156, 730, 296)
VICTORIES = (810, 156, 730, 296)
SCORES = (60, 472, 1000, 296)
STREAK = (1080, 472, 460, 296)


def level_label(group: str) -> str:
    if group == HOTSEAT:
        return t("insight.stats.hotseat")
    from ui.scenes.setup import ai_label
    return ai_label(group)


class StatsScene(Scene):
    def __init__(self, stats: Stats | None = None) -> None:
        super().__init__()
        self.stats = stats
        self._thread: threading.Thread | None = None
        self._build()

    def on_enter(self) -> None:
        if self.stats is None:
            self._thread = threading.Thread(target=self._load, name="agora-stats", daemon=True)
            self._thread.start()

    def _load(self) -> None:
        try:
            self.stats = collect(storage.saves_dir())
        except Exception:                  # nothing on disk may break the screen: show it empty
            self.stats = Stats()

    def _build(self) -> None:
        self.group = ButtonGroup([Button(t("insight.stats.back"), self.close, text_size=20)])

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def on_resize(self, layout) -> None:
        self.group.buttons[0].rect = layout.centered_rect(800, 812, 240, 46)

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            self.app.remove(self)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("insight.stats.title").upper(), L.px(52))
        surface.blit(title, title.get_rect(center=L.point(800, 78)))
        stats = self.stats
        if stats is None:
            text(surface, L, "…", 40, theme.INK_SOFT, L.point(800, 450), anchor="center", bold=True)
        elif stats.games == 0:
            panel = L.rect(300, 300, 1000, 260)
            draw_panel(surface, panel, L)
            text_block(surface, L, t("insight.stats.empty"), 22, theme.INK_SOFT, L.point(800, 400), 900)
            self._draw_skipped(surface, L, (800, 500))
        else:
            self._draw_summary(surface, L)
            self._draw_rates(surface, L)
            self._draw_victories(surface, L)
            self._draw_scores(surface, L)
            self._draw_streak(surface, L)
        self.group.draw(surface, L)

    def _panel(self, surface, L, area, title) -> tuple:
        x, y, w, h = area
        draw_panel(surface, L.rect(*area), L)
        text(surface, L, title, 19, theme.INK, L.point(x + 26, y + 30), anchor="midleft", bold=True, max_width=w - 52)
        return (x + 26, y + 54, w - 52, h - 74)

    def _draw_summary(self, surface, L) -> None:
        s = self.stats
        parts = [t("insight.stats.games", n=s.games)]
        if s.hinted():
            parts.append(t("insight.stats.hinted", n=s.hinted()))
        text(surface, L, "  ·  ".join(parts), 17, theme.INK_SOFT, L.point(800, 116), anchor="center", max_width=1400)
        self._draw_skipped(surface, L)

    def _draw_skipped(self, surface, L, pos=None) -> None:
        """Files that could not be used: counted, never hidden (below the charts, or centred)."""
        if not (self.stats and self.stats.skipped):
            return
        note = t("insight.stats.skipped", n=self.stats.skipped)
        if pos is not None:
            text_block(surface, L, note, 17, theme.DANGER, L.point(*pos), 900)
        else:
            text(surface, L, note, 16, theme.DANGER, L.point(800, 138), anchor="center", bold=True, max_width=1400)

    def _draw_rates(self, surface, L) -> None:
        inner = self._panel(surface, L, RATES, t("insight.stats.by_level"))
        rows = []
        for group, (games, wins) in self.stats.by_group().items():
            rows.append((level_label(group), wins / games if games else 0.0,
                         f"{round(100 * wins / games)}% · " + t("insight.stats.level_games", n=games)))
        charts.rate_bars(surface, L, inner, rows[:5])

    def _draw_victories(self, surface, L) -> None:
        inner = self._panel(surface, L, VICTORIES, t("insight.stats.victories"))
        groups = [(t(f"insight.stats.kind.{k}"), a, b) for k, (a, b) in self.stats.victories().items()]
        charts.paired_columns(surface, L, inner, groups,
                              legend=(t("insight.stats.yours"), t("insight.stats.theirs")))

    def _draw_scores(self, surface, L) -> None:
        inner = self._panel(surface, L, SCORES, t("insight.stats.scores"))
        averages = self.stats.average_scores()
        groups = [(t(f"score.{cat}").split(" (")[0], round(averages[cat][0], 1), round(averages[cat][1], 1))
                  for cat in CATEGORIES]
        charts.paired_columns(surface, L, inner, groups,
                              legend=(t("insight.stats.yours"), t("insight.stats.theirs")))
        mine, theirs = averages["total"]
        text(surface, L, f"{t('score.total')}: {mine:.1f} – {theirs:.1f}", 17, theme.INK,
             L.point(SCORES[0] + SCORES[2] / 2, SCORES[1] + 30), anchor="center", bold=True, max_width=300)

    def _draw_streak(self, surface, L) -> None:
        x, y, w, h = self._panel(surface, L, STREAK, t("insight.stats.streak"))
        s = self.stats
        best = s.longest_streak()
        text(surface, L, t("insight.stats.streak_value", n=best), 26, theme.BRONZE_DARK, L.point(x, y + 18),
             anchor="midleft", bold=True, max_width=w)
        results = s.results()
        running, wins = [], 0
        for i, r in enumerate(results, 1):
            wins += r == "W"
            running.append(wins / i)
        charts.running_line(surface, L, (x, y + 36, w - 34, 52), running)
        text(surface, L, t("insight.stats.trend"), 12, theme.INK_SOFT, L.point(x + 6, y + 40), anchor="topleft",
             max_width=w - 60)
        charts.result_strip(surface, L, (x, y + 96, w - 34, 16), results, best)
        wins, decided = s.first_player()
        text(surface, L, t("insight.stats.first"), 17, theme.INK, L.point(x, y + 130), anchor="midleft", bold=True,
             max_width=w)
        fraction = wins / decided if decided else 0.0
        charts.split_bar(surface, L, (x, y + 150, w, 28), fraction,
                         (f"{round(100 * fraction)}%", f"{100 - round(100 * fraction)}%") if decided else ("", ""))
        text(surface, L, t("insight.stats.first_value", pct=round(100 * fraction), n=decided), 15, theme.INK_SOFT,
             L.point(x, y + 196), anchor="midleft", max_width=w)
        if any(r.group == HOTSEAT for r in s.records):
            text(surface, L, t("insight.stats.seat_note"), 13, theme.INK_SOFT, L.point(x, y + 218), anchor="midleft",
                 max_width=w)
