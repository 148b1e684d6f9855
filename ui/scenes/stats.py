"""The Statistics screen: your results over every finished game in the history.

Win rate per opponent level (and hot-seat), victories by kind, average score per category
against the opponent's, the longest winning streak, the first player's win rate and the
win rate over time (a line per opponent) — as bars and lines drawn in the game's style
(ui/scenes/charts.py). The figures are SQL aggregates of the history database (ui/files/stats.py `load`,
game/history.py), read on a background thread, over a chosen period (last 20 games, last
30 days, all time), opponent and rule set. A history that cannot be read is said plainly,
with what to do about it; numbers are written one way per language (`history.format.*`).
"""
from __future__ import annotations

import threading
import time

import pygame

from game import CATEGORIES
from game.history import Filter
from ui.draw import art as ui_art, text_record
from ui.scenes import charts
from ui.draw import theme
from ui.scenes.filters import ChipRow
from ui.text.i18n import t
from ui.scenes.base import Scene
from ui.files.stats import HOTSEAT, LEVELS, HistoryStats, load
from ui.table.paint import text, text_block
from ui.draw.widgets import Button, ButtonGroup, draw_panel

RATES = (40, 172, 500, 300)
VICTORIES = (560, 172, 500, 300)
STREAK = (1080, 172, 480, 300)
SCORES = (40, 488, 900, 286)
OVER_TIME = (960, 488, 600, 286)
KNOWN_KINDS = ("military", "science", "political", "civilian", "concession")


# --- one number format per language -----------------------------------------------------------

def percent(fraction: float) -> str:
    return t("history.format.percent", n=round(100 * fraction))


def average(value: float) -> str:
    """An average, always with one decimal (the decimal sign of the language)."""
    whole = f"{value:.1f}"
    return whole.replace(".", t("history.format.decimal_sign"))


def day(stamp: float) -> str:
    then = time.localtime(stamp)
    return t("history.format.day", day=then.tm_mday, month=t(f"saves.month.{then.tm_mon}"), year=then.tm_year)


def level_label(group: str) -> str:
    if group == HOTSEAT:
        return t("insight.stats.hotseat")
    from ui.scenes.setup import ai_label
    return ai_label(group)


def kind_label(kind: str) -> str:
    """A victory kind's name; a kind this version does not know is 'Other', never a key."""
    if kind in ("concession", "forfeit", "time"):     # won by the other seat's forfeit
        return t(f"history.kind.{kind}")
    if kind in KNOWN_KINDS:
        return t(f"insight.stats.kind.{kind}")
    return t("history.kind.other")


def problem_text(problem) -> tuple[str, str]:
    """(what is wrong, how to fix it) for a HistoryError, in the player's language."""
    code = getattr(problem, "code", "damaged")
    if code not in ("damaged", "locked", "newer", "unwritable"):
        code = "damaged"
    moved = getattr(problem, "set_aside", None)
    if code == "damaged" and moved is not None:
        return t("history.problem.set_aside", file=moved.name), t("history.fix.set_aside")
    return t(f"history.problem.{code}"), t(f"history.fix.{code}")


class StatsScene(Scene):
    def __init__(self, stats: HistoryStats | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.filter = stats.filter if stats is not None else Filter()
        self._thread: threading.Thread | None = None
        self._build()

    def on_enter(self) -> None:
        if self.stats is None:
            self.reload()

    def reload(self) -> None:
        flt = self.filter
        self._thread = threading.Thread(target=self._load, args=(flt,), name="agora-stats", daemon=True)
        self._thread.start()

    def _load(self, flt: Filter) -> None:
        try:
            stats = load(flt)
        except Exception:                  # nothing on disk may break the screen: show it empty
            stats = HistoryStats(filter=flt)
        if flt == self.filter:
            self.stats = stats
            self._build_filters()

    def set_filter(self, **change) -> None:
        self.filter = Filter(**{**self.filter.__dict__, **change})
        self._build_filters()
        self.reload()

    def _build(self) -> None:
        self.group = ButtonGroup([Button(t("insight.stats.back"), self.close, text_size=20)])
        self._build_filters()

    def _build_filters(self) -> None:
        f = self.filter
        opponents = list(self.stats.opponents) if self.stats is not None else []
        if f.opponent and f.opponent not in opponents:
            opponents.append(f.opponent)
        order = [o for o in LEVELS + (HOTSEAT,) if o in opponents] + sorted(o for o in opponents
                                                                          if o not in LEVELS + (HOTSEAT,))
        self.chips = [
            ChipRow("", [(p, t(f"history.period.{p}")) for p in ("last20", "days30", "all")], f.period,
                    lambda v: self.set_filter(period=v)),
            ChipRow(t("history.filter.opponent"), [(None, t("history.filter.all"))]
                    + [(o, level_label(o)) for o in order], f.opponent, lambda v: self.set_filter(opponent=v)),
            ChipRow(t("history.filter.rules"), [(None, t("history.filter.all")), ("agora", t("saves.agora")),
                                                ("base", t("saves.base"))], f.rules,
                    lambda v: self.set_filter(rules=v)),
        ]

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def on_resize(self, layout) -> None:
        self.group.buttons[0].rect = layout.centered_rect(800, 814, 240, 44)

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            self.app.remove(self)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        for row in self.chips:
            if row.handle_event(event):
                return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("insight.stats.title").upper(), L.px(40))
        surface.blit(title, title.get_rect(midtop=L.point(800, 44)))     # under the top band, not on it
        self._draw_filters(surface, L)
        stats = self.stats
        if stats is None:
            text(surface, L, "…", 40, theme.INK_SOFT, L.point(800, 450), anchor="center", bold=True)
        elif stats.problem is not None and (stats.games == 0 or stats.problem.code != "damaged"):
            self._draw_problem(surface, L, (800, 420))
        elif stats.games == 0:
            panel = L.rect(300, 300, 1000, 260)
            draw_panel(surface, panel, L)
            empty = t("history.empty_filtered") if self._filtered() else t("insight.stats.empty")
            text_block(surface, L, empty, 22, theme.INK_SOFT, L.point(800, 380), 900)
            self._draw_skipped(surface, L, (800, 480))
        else:
            self._draw_summary(surface, L)
            for area, draw in ((RATES, self._draw_rates), (VICTORIES, self._draw_victories),
                               (STREAK, self._draw_streak), (SCORES, self._draw_scores),
                               (OVER_TIME, self._draw_over_time)):
                with text_record.box(L.rect(*area), "panel"):
                    draw(surface, L)
        self.group.draw(surface, L)

    def _filtered(self) -> bool:
        f = self.filter
        return f.period != "all" or f.opponent is not None or f.rules is not None

    def _draw_filters(self, surface, L) -> None:
        widths = [row.width(L) for row in self.chips]
        gap = 34
        x = 800 - (sum(widths) + gap * (len(widths) - 1)) / 2
        for row, w in zip(self.chips, widths):
            row.draw(surface, L, x, 112)
            x += w + gap

    def _draw_problem(self, surface, L, center) -> None:
        what, fix = problem_text(self.stats.problem)
        panel = L.rect(center[0] - 560, center[1] - 150, 1120, 300)
        draw_panel(surface, panel, L)
        text(surface, L, t("history.problem.title"), 24, theme.DANGER, L.point(center[0], center[1] - 110),
             anchor="center", bold=True, max_width=1040)
        text_block(surface, L, what, 19, theme.INK, L.point(center[0], center[1] - 75), 1040, max_lines=3)
        text_block(surface, L, fix, 17, theme.INK_SOFT, L.point(center[0], center[1] + 10), 1040, max_lines=4)
        if self.stats.problem.path is not None:
            text(surface, L, str(self.stats.problem.path), 14, theme.INK_SOFT, L.point(center[0], center[1] + 118),
                 anchor="center", max_width=1040)

    def _panel(self, surface, L, area, title) -> tuple:
        x, y, w, h = area
        draw_panel(surface, L.rect(*area), L)
        text(surface, L, title, 19, theme.INK, L.point(x + 24, y + 28), anchor="midleft", bold=True, max_width=w - 48)
        return (x + 24, y + 52, w - 48, h - 70)

    def _draw_summary(self, surface, L) -> None:
        s = self.stats
        parts = [t("insight.stats.games", n=s.games)]
        if s.hinted():
            parts.append(t("insight.stats.hinted", n=s.hinted()))
        span = s.summary.span
        if s.games and span[0]:
            parts.append(t("history.span", first=day(span[0]), last=day(span[1])))
        text(surface, L, "  ·  ".join(parts), 16, theme.INK_SOFT, L.point(800, 148), anchor="center", max_width=1500)
        self._draw_skipped(surface, L)

    def _draw_skipped(self, surface, L, pos=None) -> None:
        """Files that could not be used, and a history set aside: counted, never hidden."""
        notes = []
        if self.stats and self.stats.skipped:
            notes.append(t("insight.stats.skipped", n=self.stats.skipped))
        problem = self.stats.problem if self.stats else None
        if problem is not None:
            notes.append(problem_text(problem)[0])
        if not notes:
            return
        note = "  ".join(notes)
        if pos is not None:
            text_block(surface, L, note, 17, theme.DANGER, L.point(*pos), 900)
        else:
            text(surface, L, note, 14, theme.DANGER, L.point(800, 164), anchor="center", bold=True, max_width=1500)

    def _draw_rates(self, surface, L) -> None:
        inner = self._panel(surface, L, RATES, t("insight.stats.by_level"))
        rows = []
        for group, (games, wins) in self.stats.by_group().items():
            fraction = wins / games if games else 0.0
            rows.append((level_label(group), fraction,
                         f"{percent(fraction)} · " + t("insight.stats.level_games", n=games)))
        charts.rate_bars(surface, L, inner, rows[:6])

    def _draw_victories(self, surface, L) -> None:
        inner = self._panel(surface, L, VICTORIES, t("insight.stats.victories"))
        kinds = self.stats.victories()
        other = [0, 0]
        groups = []
        for kind, (a, b) in kinds.items():
            if kind in KNOWN_KINDS:
                groups.append((kind_label(kind), a, b))
            else:
                other[0] += a
                other[1] += b
        if any(other):
            groups.append((kind_label("other"), *other))
        charts.column_pairs(surface, L, inner, groups, legend=(t("insight.stats.yours"), t("insight.stats.theirs")),
                            shown=str)

    def _draw_scores(self, surface, L) -> None:
        inner = self._panel(surface, L, SCORES, t("insight.stats.scores"))
        averages = self.stats.average_scores()
        groups = [(t(f"score.{cat}").split(" (")[0], averages.get(cat, (0, 0))[0], averages.get(cat, (0, 0))[1])
                  for cat in CATEGORIES]
        charts.column_pairs(surface, L, inner, groups, legend=(t("insight.stats.yours"), t("insight.stats.theirs")),
                            shown=average)
        mine, theirs = averages.get("total", (0.0, 0.0))
        text(surface, L, f"{t('score.total')}: {average(mine)} – {average(theirs)}", 16, theme.INK,
             L.point(SCORES[0] + SCORES[2] / 2, SCORES[1] + 28), anchor="center", bold=True, max_width=260)

    def _draw_streak(self, surface, L) -> None:
        x, y, w, h = self._panel(surface, L, STREAK, t("insight.stats.streak"))
        s = self.stats
        best = s.longest_streak()
        text(surface, L, t("insight.stats.streak_value", n=best), 24, theme.BRONZE_DARK, L.point(x, y + 14),
             anchor="midleft", bold=True, max_width=w)
        text(surface, L, t("insight.stats.trend"), 12, theme.INK_SOFT, L.point(x, y + 30), anchor="topleft",
             max_width=w - 40)          # above the line, never under it
        charts.running_line(surface, L, (x, y + 48, w - 34, 38), s.summary.trend)
        results = s.results()
        charts.result_strip(surface, L, (x, y + 92, w - 34, 15), results, _run(results))
        text(surface, L, t("history.recent", n=len(results)), 12, theme.INK_SOFT, L.point(x, y + 127),
             anchor="midleft", max_width=w)
        wins, decided = s.first_player()
        text(surface, L, t("insight.stats.first"), 16, theme.INK, L.point(x, y + 148), anchor="midleft", bold=True,
             max_width=w)
        fraction = wins / decided if decided else 0.0
        charts.split_bar(surface, L, (x, y + 164, w, 26), fraction,
                         (percent(fraction), t("history.format.percent", n=100 - round(100 * fraction))) if decided else ("", ""))
        line = t("insight.stats.first_value", pct=round(100 * fraction), n=decided)
        if s.summary.has_hotseat:
            line += " " + t("insight.stats.seat_note")
        text_block(surface, L, line, 13, theme.INK_SOFT, L.point(x, y + 196), w, anchor="topleft", align="left",
                   max_lines=2, line_gap=1.1)

    def _draw_over_time(self, surface, L) -> None:
        inner = self._panel(surface, L, OVER_TIME, t("history.over_time"))
        s = self.stats
        series = [(level_label(g), s.summary.over_time[g]) for g in s.by_group() if g in s.summary.over_time]
        first, last = s.summary.span
        charts.rate_lines(surface, L, inner, series[:6], span=(first, last), start_label=day(first),
                          end_label=day(last), percent=percent)


def _run(results) -> int:
    """The longest run of wins among the results shown (the strip outlines it)."""
    best = run = 0
    for r in results:
        run = run + 1 if r == "W" else 0
        best = max(best, run)
    return best
