"""The post-game analysis: your estimated chance to win after each decision, as a chart.

The analysis (game/analysis.py) runs in a child process (ui/table/jobs.py) with a progress bar;
its result is kept for the session, so reopening the screen is instant. The largest drops
are turning points, marked on the line and listed beside it. Clicking a point (or a turning
point) selects it and shows what the search preferred there and by how much; Enter, a
double-click or "Show on the table" opens the replay at that position with the same note.
Every figure is the focal seat's chance and each move has one: its point on the chart
(labelled there), the "after" of its header, "the move played" of its detail line, the
turning points list and the replay's note all say the same number (`before`/`after`).
Reached from the game-over screen and from the replay viewer (finished games).
"""
from __future__ import annotations

import pygame

from game.actions import FORFEIT_VICTORIES, is_forfeit
from ui.draw import art as ui_art
from ui.scenes import charts
from ui.draw import theme
from ui.text.i18n import t
from ui.text.insight_text import move_label, percent, reasons_text, seat_label
from ui.scenes.base import Scene, registered
from ui.scenes.replay import ReplayScene
from ui.table.paint import rounded, text, text_block
from ui.draw.widgets import Button, ButtonGroup, draw_panel

SECONDS_PER_DECISION = 0.15        # the search's budget per position (about 15 s for a game)
PANEL = (60, 140, 1480, 700)
CHART = (90, 190, 1010, 420)
LIST_X, LIST_W = 1130, 380
DETAILS_Y = 640

_results: dict = {}                # save key -> the analysis as a dict (Analysis.to_dict)


def save_key(saved) -> tuple:
    return (saved.seed, saved.created, len(saved.actions))


class AnalysisScene(Scene):
    def __init__(self, saved, replay=None, result: dict | None = None) -> None:
        super().__init__()
        self.saved = saved.copy()
        self.replay = replay               # the replay viewer this was opened from, if any
        self.key = save_key(self.saved)
        self.result = result if result is not None else _results.get(self.key)
        self.job = None
        self.error: str | None = None
        self.points: list = []
        self.rows: list = []               # (rect, decision index) of the turning points list
        self.selected: int | None = None
        self.hovered: int | None = None
        self.mouse = (-1, -1)
        self.time = 0.0
        self._last_click = (-1.0, None)
        self._build()
        if self.result is not None:
            self._select_default()

    # --- lifecycle ---------------------------------------------------------------------

    def on_enter(self) -> None:
        if self.result is None and self.job is None:
            from ui.table.jobs import Job
            try:
                self.job = Job("analyse", self.saved.to_dict(), SECONDS_PER_DECISION)
            except (OSError, ValueError, RuntimeError) as exc:
                self.error = str(exc)

    def on_exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _build(self) -> None:
        self.group = ButtonGroup([
            Button(t("insight.analysis.show"), self.show_selected, text_size=19,
                   enabled=self.result is not None and self.selected is not None),
            Button(t("insight.analysis.back"), self.close, text_size=19),
        ], horizontal=True, index=1)

    def on_resize(self, layout) -> None:
        self.group.buttons[0].rect = layout.rect(1130, 762, 220, 48)
        self.group.buttons[1].rect = layout.rect(1362, 762, 150, 48)

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            self.app.remove(self)

    # --- data ----------------------------------------------------------------------------

    @property
    def series(self) -> list:
        return list(self.result.get("series", [])) if self.result else []

    @property
    def turning(self) -> list:
        return list(self.result.get("turning_points", [])) if self.result else []

    def _select_default(self) -> None:
        points = self.turning
        self.select(points[0]["decision"] if points else None)

    def select(self, index: int | None) -> None:
        self.selected = index
        if self.group.buttons:
            self.group.buttons[0].enabled = index is not None
            if index is not None:
                self.group.index = 0
                self.group._sync()

    def update(self, dt: float) -> None:
        self.time += dt
        self.group.update(dt)
        if self.job is not None and self.job.poll():
            if self.job.result is not None:
                self.result = self.job.result
                _results[self.key] = self.result
                self._select_default()
            else:
                self.error = self.job.error
            self.job = None

    # One figure per point of the chart, whatever says it: the chart, the selected move's
    # header, its detail line, the turning points list and the replay's note. Every figure
    # is the focal seat's chance (the chart's axis). The chance after a move is the chart's
    # point for it; the chance after the move the search preferred there is the chance
    # before the move (the chart's previous point): the search's estimate of that position
    # is the value of its best move.

    def before(self, index: int) -> float:
        """The chance before decision `index`: the chart's previous point (or its start)."""
        if index <= 0:
            return float(self.result.get("start", 0.5)) if self.result else 0.5
        return self.after(index - 1)

    def after(self, index: int) -> float:
        """The chance after decision `index`: its point on the chart."""
        return self.series[index] if 0 <= index < len(self.series) else 0.5

    def preference(self, index: int):
        """What the search preferred at decision `index` (its first candidate), or None when
        the move was forced."""
        pref = (self.result.get("preferred") or []) if self.result else []
        entry = pref[index] if 0 <= index < len(pref) else None
        return entry["candidates"][0] if entry and entry.get("candidates") else None

    def agreed(self, index: int) -> bool:
        best = self.preference(index)
        return best is None or best["action"] == self.result["played"][index]

    def note(self, index: int) -> str:
        """One line on what happened at decision `index` and what the search preferred."""
        r = self.result
        if _is_concession(r, index):
            kind = r["moves"][index][0]
            key = "concede.analysis.note" if kind == "concede" else f"forfeits.analysis.note.{kind}"
            return t(key, n=index + 1, who=self._who(r["movers"][index]))
        played = move_label(r["moves"][index], r["played"][index], self._names())
        if self.agreed(index):
            return t("insight.analysis.replay_agreed", n=index + 1, move=played, pct=_pct(self.after(index)))
        best = self.preference(index)
        return t("insight.analysis.replay_note", n=index + 1, move=played, played=_pct(self.after(index)),
                 best=move_label(best.get("move"), best["action"], self._names()), pct=_pct(self.before(index)))

    def detail_lines(self, index: int) -> tuple:
        """The selected move's header, its change, and the line on what the search preferred."""
        r = self.result
        head = t("insight.analysis.point", n=index + 1, who=self._who(r["movers"][index]))
        change = t("insight.analysis.change", before=_pct(self.before(index)), after=_pct(self.after(index)))
        if self.preference(index) is None:
            line = ""
        elif self.agreed(index):
            # "the drop comes from the opponent's chances" only where the chart does drop
            dropped = _pct(self.after(index)) < _pct(self.before(index))
            line = t("insight.analysis.agreed" if dropped else "insight.analysis.agreed_same")
        else:
            best = self.preference(index)
            line = t("insight.analysis.preferred", move=move_label(best.get("move"), best["action"], self._names()),
                     pct=_pct(self.before(index)))
            line += "  ·  " + t("insight.analysis.played_chance", pct=_pct(self.after(index)))
        return head, change, line

    def _names(self):
        return [str(p.get("name") or "") for p in self.saved.players]

    def _who(self, seat: int) -> str:
        human = self.result.get("seat") if self.saved.mode != "hotseat" else None
        names = self._names() if self.saved.mode == "hotseat" else None
        return seat_label(seat, human, names)

    # --- going to the table -----------------------------------------------------------------

    def show_selected(self) -> None:
        if self.selected is not None and self.result is not None:
            self.show(self.selected)

    def show(self, index: int) -> None:
        """The replay at the position before decision `index`, with the search's note."""
        note = self.note(index)
        app, replay = self.app, self.replay
        self.close()
        if isinstance(replay, AnalysedReplayScene) and replay in app.stack:
            replay.seek(index)
            replay.set_note(note)
            return
        scene = AnalysedReplayScene(self.saved, step=index, note=note, analysis=self.result)
        if replay is not None and replay in app.stack:
            app.remove(replay)
        app.push(scene)

    # --- input -------------------------------------------------------------------------------

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if self.result is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                n = len(self.series)
                if n:
                    step = -1 if event.key == pygame.K_LEFT else 1
                    self.select(max(0, min(n - 1, (self.selected if self.selected is not None else -step) + step)))
                return
            if self.result is not None and event.key in (pygame.K_UP, pygame.K_DOWN) and self.turning:
                order = [p["decision"] for p in self.turning]
                at = order.index(self.selected) if self.selected in order else -1
                at = max(0, min(len(order) - 1, at + (1 if event.key == pygame.K_DOWN else -1)))
                self.select(order[at])
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hovered = charts.nearest(self.points, event.pos, self.layout.px(18)) if self.points else None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.result is not None:
            hit = next((i for r, i in self.rows if r.collidepoint(event.pos)), None)
            if hit is None and self.points:
                hit = charts.nearest(self.points, event.pos, self.layout.px(18))
            if hit is not None:
                again = self._last_click[1] == hit and self.time - self._last_click[0] < 0.4
                self._last_click = (self.time, hit)
                self.select(hit)
                if again:
                    self.show(hit)
                return
        self.group.handle_event(event)

    def target_for_point(self, index: int):
        """Screen position of a point of the chart (tests)."""
        return self.points[index] if 0 <= index < len(self.points) else None

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("insight.analysis.title").upper(), L.px(52))
        surface.blit(title, title.get_rect(center=L.point(800, 92)))
        draw_panel(surface, L.rect(*PANEL), L)
        if self.result is None:
            self._draw_progress(surface, L)
        else:
            self._draw_result(surface, L)
        self.group.draw(surface, L)

    def _draw_progress(self, surface, L) -> None:
        if self.error:
            text_block(surface, L, t("insight.analysis.failed", error=self.error), 20, theme.DANGER,
                       L.point(800, 420), 1100, max_lines=3)
            return
        fraction = self.job.fraction if self.job is not None else 0.0
        text(surface, L, t("insight.analysis.computing", pct=round(100 * fraction)), 24, theme.INK,
             L.point(800, 400), anchor="center", bold=True, max_width=1200)
        bar = L.rect(400, 440, 800, 22)
        rounded(surface, bar, (*theme.PARCHMENT_DARK, 180), L.px(8), max(1, L.px(1.5)), theme.BRONZE_DARK)
        done = bar.copy()
        done.w = max(0, round(bar.w * fraction))
        if done.w > 0:
            rounded(surface, done, theme.BRONZE, L.px(8))
        text_block(surface, L, t("insight.analysis.computing_note"), 17, theme.INK_SOFT, L.point(800, 486), 1000)

    def _draw_result(self, surface, L) -> None:
        r = self.result
        seat = r.get("seat", 0)
        whose = t("insight.analysis.whose_you") if self.saved.mode != "hotseat" else \
            t("insight.analysis.whose", who=self._who(seat))
        text(surface, L, whose, 19, theme.INK,
             L.point(CHART[0] + 64, CHART[1] - 24), anchor="midleft", bold=True, max_width=700)
        notes = [t("insight.analysis.hinted")] if self.saved.hints else []
        if r.get("victory") in FORFEIT_VICTORIES and r.get("movers"):
            key = "concede.analysis.ended" if r["victory"] == "concession" else f"forfeits.analysis.ended.{r['victory']}"
            notes.append(t(key, who=self._who(r["movers"][-1]), n=len(r["movers"])))
        if notes:
            text(surface, L, " · ".join(notes), 15, theme.BRONZE_DARK,
                 L.point(CHART[0] + CHART[2] - 16, CHART[1] - 24), anchor="midright", max_width=400)
        marks = [p["decision"] for p in self.turning]
        shown = self.selected if self.selected is not None else self.hovered
        label = percent(self.after(shown)) if shown is not None and 0 <= shown < len(self.series) else ""
        self.points = charts.chance_chart(surface, L, CHART, self.series, start=r.get("start"), marks=marks,
                                          selected=self.selected, hovered=self.hovered,
                                          axis_label=t("insight.analysis.axis"),
                                          x_label=t("insight.analysis.axis_decision"),
                                          label=label, labelled=shown)
        self._draw_turning_list(surface, L, marks)
        self._draw_details(surface, L)
        text(surface, L, t("insight.analysis.hint"), 15, theme.INK_SOFT, L.point(CHART[0] + 64, 800),
             anchor="midleft", max_width=960)

    def _draw_turning_list(self, surface, L, marks) -> None:
        x, y = LIST_X, CHART[1] - 24
        text(surface, L, t("insight.analysis.turning"), 20, theme.INK, L.point(x, y), anchor="midleft", bold=True)
        self.rows = []
        if not marks:
            text_block(surface, L, t("insight.analysis.none"), 16, theme.INK_SOFT, L.point(x, y + 30), LIST_W,
                       anchor="topleft", max_lines=3)
            return
        y += 24
        for number, p in enumerate(self.turning, 1):
            rect = L.rect(x, y, LIST_W, 112)
            chosen = p["decision"] == self.selected
            hot = rect.collidepoint(self.mouse)
            fill = (*theme.PARCHMENT_LIGHT, 255) if chosen else (*theme.PARCHMENT, 255) if hot else (*theme.PARCHMENT_DARK, 90)
            rounded(surface, rect, fill, L.px(8), max(1, L.px(2.5 if chosen else 1.2)),
                    theme.BRONZE if chosen else theme.BRONZE_DARK)
            self.rows.append((rect, p["decision"]))
            badge = L.point(x + 22, y + 24)
            ui_art.diamond(surface, badge, L.px(14), theme.INK)
            ui_art.diamond(surface, badge, L.px(12), charts.MARK)
            text(surface, L, str(number), 15, theme.PARCHMENT_LIGHT, badge, anchor="center", bold=True)
            text(surface, L, t("insight.analysis.point", n=p["decision"] + 1, who=self._who(p["seat"])), 16,
                 theme.INK, L.point(x + 44, y + 24), anchor="midleft", bold=True, max_width=LIST_W - 150)
            k = p["decision"]
            text(surface, L, t("insight.analysis.change", before=_pct(self.before(k)), after=_pct(self.after(k))),
                 16, charts.MARK, L.point(x + LIST_W - 12, y + 24), anchor="midright", bold=True)
            played = move_label(self.result["moves"][p["decision"]], p["played"], self._names())
            text(surface, L, t("insight.analysis.played", move=played), 15, theme.INK, L.point(x + 14, y + 56),
                 anchor="midleft", max_width=LIST_W - 24)
            best = self.preference(k)
            line = t("insight.analysis.agreed") if self.agreed(k) else \
                t("insight.analysis.preferred", move=move_label(best.get("move"), best["action"], self._names()),
                  pct=_pct(self.before(k)))
            text_block(surface, L, line, 14, theme.INK_SOFT, L.point(x + 14, y + 72), LIST_W - 24,
                       anchor="topleft", max_lines=2, align="left")
            y += 122

    def _draw_details(self, surface, L) -> None:
        i = self.selected
        x, y, w = CHART[0] + 20, DETAILS_Y, CHART[2] - 20
        box = L.rect(x, y, w, 140)
        rounded(surface, box, (*theme.PARCHMENT_LIGHT, 160), L.px(8), max(1, L.px(1.2)), theme.BRONZE_DARK)
        if i is None or not (0 <= i < len(self.series)):
            return
        r = self.result
        head, change, line = self.detail_lines(i)
        text(surface, L, head, 18, theme.INK, L.point(x + 16, y + 22), anchor="midleft", bold=True, max_width=w - 200)
        text(surface, L, change, 18, charts.MARK if self.after(i) < self.before(i) else (46, 110, 52),
             L.point(x + w - 16, y + 22), anchor="midright", bold=True)
        played = move_label(r["moves"][i], r["played"][i], self._names())
        text(surface, L, t("insight.analysis.played", move=played), 16, theme.INK, L.point(x + 16, y + 52),
             anchor="midleft", max_width=w - 32)
        best = self.preference(i)
        if best is None:
            return
        text(surface, L, line, 16, theme.INK, L.point(x + 16, y + 82), anchor="midleft", max_width=w - 32)
        why = reasons_text(best.get("reasons"))
        if why:
            text(surface, L, why, 15, theme.INK_SOFT, L.point(x + 16, y + 112), anchor="midleft", max_width=w - 32)


def _is_concession(result: dict, index: int) -> bool:
    """Is decision `index` of an analysis a concession (its last step, not a choice searched)?"""
    moves = result.get("moves") or []
    return 0 <= index < len(moves) and bool(moves[index]) and is_forfeit(moves[index][0])


def _pct(chance: float) -> int:
    """A chance as the whole percentage every line shows (the chart's label: ui.text.insight_text.percent)."""
    return round(100 * max(0.0, min(1.0, float(chance))))


# --- the replay with the analysis' note ------------------------------------------------------------

class AnalysedReplayScene(ReplayScene):
    """The replay viewer at a chosen decision, with what the search preferred there on top."""

    def __init__(self, saved, step: int | None = None, note: str = "", analysis: dict | None = None) -> None:
        super().__init__(saved, step=step)
        self.set_note(note)
        if analysis is not None:
            _results.setdefault(save_key(saved), analysis)

    def set_note(self, note: str) -> None:
        """The note belongs to the current position: it hides when the replay moves on."""
        self.insight_note = note
        self._note_step = self.k

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.insight_note and self.k == self._note_step:
            L = self.layout
            bar = L.rect(360, 8, 880, 40)
            rounded(surface, bar, (*theme.UMBER, 235), L.px(10), max(1, L.px(2)), theme.BRONZE_LIGHT)
            text(surface, L, self.insight_note, 16, theme.TEXT_ON_DARK, bar.center, anchor="center", bold=True,
                 max_width=860, min_ratio=0.6)


# --- the entries in other screens ----------------------------------------------------------------

@registered
def open_analysis(app, saved, replay=None) -> None:
    app.push(AnalysisScene(saved, replay=replay))
