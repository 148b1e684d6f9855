"""Saved games: the games in progress, then every finished game of the history, newest first.

Games in progress are the files of the save folder: each shows when it was played, against
whom, the Age and the score (from its `summary`, without replaying it). Files that cannot be
used — damaged, cut short, from another program or another version — are listed too, with
the reason, so that nothing disappears silently; they can be deleted from here. Finished
games come from the history database (game/history.py), read a page at a time so the list
costs the same with thousands of games, filtered by mode and result; each opens in the
replay viewer (replay.py) or the analysis (analysis.py), and can be deleted (with a
confirmation). A history that cannot be read is said at the foot of the list.
"""
from __future__ import annotations

import time

import pygame

from game.history import HOTSEAT, ONLINE, HistoryError, your_seat
from game.savegame import SaveError
from ui.draw import art as ui_art
from ui.files import saves
from ui.draw import theme
from ui.scenes.filters import ChipRow
from ui.text.i18n import language, load_catalogue, t
from ui.scenes.base import Scene
from ui.scenes.dialog import DialogScene
from ui.table.paint import PLAYER_COLORS, rounded, text
from ui.draw.widgets import Button, ButtonGroup, draw_panel

LIST = (190, 176, 1220, 596)           # the list's panel (design units)
ROW_H, ROW_GAP = 74, 8
ACTION_W, ANALYSIS_W, DELETE_W, BUTTON_H = 150, 130, 110, 40


# --- words -------------------------------------------------------------------------------

def error_text(code: str | None, params: dict | None, fallback: str) -> str:
    """A SaveError's message in the player's language (the English sentence if unknown)."""
    key = f"saves.error.{code}"
    if code and (key in load_catalogue(language()) or key in load_catalogue("en")):
        return t(key, **(params or {}))
    return fallback


def when(stamp: float, now: float | None = None) -> str:
    """'Today, 14:05', 'Yesterday, 09:12' or '3 Mar 2026, 18:40' (in the player's language)."""
    now = time.time() if now is None else now
    then, today = time.localtime(stamp), time.localtime(now)
    clock = f"{then.tm_hour:02d}:{then.tm_min:02d}"
    days = (time.mktime((today.tm_year, today.tm_mon, today.tm_mday, 0, 0, 0, 0, 0, -1))
            - time.mktime((then.tm_year, then.tm_mon, then.tm_mday, 0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return t("saves.today", time=clock)
    if round(days) == 1:
        return t("saves.yesterday", time=clock)
    return t("saves.date", day=then.tm_mday, month=t(f"saves.month.{then.tm_mon}"), year=then.tm_year, time=clock)


def player_name(saved, seat: int) -> str:
    name = str(saved.players[seat].get("name") or "").strip() if seat < len(saved.players) else ""
    return name or t("who.player", n=seat + 1)


def title_of(saved) -> str:
    rules = t("saves.agora") if saved.agora else t("saves.base")
    if saved.mode == "hotseat":
        who = t("saves.hotseat", a=player_name(saved, 0), b=player_name(saved, 1))
    elif saved.mode == ONLINE:
        who = t("history.list.online", name=player_name(saved, 1 - your_seat(saved)))
    else:
        from ui.scenes.setup import ai_label
        level = next((p.get("ai") for p in saved.players if p.get("kind") == "ai"), "random")
        who = t("saves.vs_ai", level=ai_label(str(level)))
    return f"{who} · {rules}"


def details_of(saved) -> str:
    s = saved.summary or {}
    scores = s.get("scores") or [0, 0]
    first = your_seat(saved) if saved.mode == ONLINE else 0       # the viewer's score first
    try:
        score = t("saves.score", a=int(scores[first]), b=int(scores[1 - first]))
    except (TypeError, ValueError, IndexError):
        score = "–"
    moves = t("saves.moves", n=len(saved.actions))
    if s.get("finished"):
        winner = s.get("winner")
        victory = t(f"victory.kind.{s.get('victory')}") if s.get("victory") in (
            "military", "science", "political", "civilian", "concession", "forfeit", "time") else ""
        if winner not in (0, 1):
            head = t("saves.draw")
        elif saved.mode == "hotseat":
            head = t("saves.won", who=player_name(saved, winner))
        elif saved.mode == ONLINE:
            you = your_seat(saved)
            head = t("saves.you_won") if winner == you else t("saves.won", who=player_name(saved, winner))
        else:
            human = next((i for i, p in enumerate(saved.players) if p.get("kind") == "human"), None)
            head = t("saves.you_won") if winner == human else t("saves.ai_won")
        hinted = t("insight.saves.hinted") if getattr(saved, "hints", 0) else ""
        return " · ".join(x for x in (head, victory, score, moves, hinted) if x)
    if s.get("phase") == "draft" or not saved.actions:
        where = t("table.draft")
    else:
        age = s.get("age") if s.get("age") in (1, 2, 3) else 1
        where = t("table.age", age=t(f"age.roman.{age}"))
    hinted = t("insight.saves.hinted") if getattr(saved, "hints", 0) else ""
    return " · ".join(x for x in (where, score, moves, hinted) if x)


# --- opening a save ------------------------------------------------------------------------

def open_saved(app, entry, *, replace: bool = False) -> bool:
    """Resume an unfinished save in the game table (or say clearly why it cannot be)."""
    from ui.scenes.game import GameScene
    from ui.table.session import CURRENT, GameSession
    current = CURRENT.get("session")
    if current is not None and current.path == entry.path and not current.state.is_terminal:
        session = current                   # the very game in memory: keep who is looking, the worker...
    else:
        try:
            session = GameSession.resume(entry.saved, entry.path)
        except SaveError as exc:
            app.push(cannot_open(error_text(exc.code, exc.params, str(exc))))
            return False
    if replace:
        app.replace(GameScene(session))
    else:
        app.push(GameScene(session))
    return True


def open_replay(app, entry) -> bool:
    from ui.scenes.replay import ReplayScene
    try:
        scene = ReplayScene(entry.saved)
    except SaveError as exc:
        app.push(cannot_open(error_text(exc.code, exc.params, str(exc))))
        return False
    app.push(scene)
    return True


def cannot_open(message: str) -> DialogScene:
    return DialogScene(t("saves.cannot_open"), message, [(t("dialog.close"), None)], badge=t("saves.title"))


def damaged_save_dialog(app, damaged, target) -> DialogScene:
    """Continue found a damaged newest save: say so, and offer the next readable game."""
    problem = error_text(damaged.code, damaged.params, damaged.error or "")
    body = t("continue_note.body", file=damaged.path.name, when=when(saves.modified(damaged)))

    def show_saves() -> None:
        app.pop()
        app.push(LoadScene())

    def open_next() -> None:
        app.pop()
        open_saved(app, target)

    if target is not None:
        body += " " + t("continue_note.next", game=title_of(target.saved), when=when(target.saved.updated))
        buttons = [(t("continue_note.open_next"), open_next), (t("continue_note.show_saves"), show_saves),
                   (t("continue_note.cancel"), None)]
    else:
        body += " " + t("continue_note.none")
        buttons = [(t("continue_note.show_saves"), show_saves), (t("dialog.close"), None)]
    return DialogScene(t("continue_note.title"), body, buttons, detail=problem, badge=t("saves.title"))


# --- the screen ----------------------------------------------------------------------------

class HistoryGame:
    """A finished game of the history, as a row of the list (its record read on demand)."""
    ok = True

    def __init__(self, row) -> None:
        self.row = row
        self.path = None

    def saved(self):
        db = saves.history()
        if db is None:
            raise SaveError("the game history cannot be read", "damaged")
        return db.saved_game(self.row.id)


def row_names(row) -> tuple[str, str]:
    return tuple((row.names[s] or "").strip() or t("who.player", n=s + 1) for s in (0, 1))


def row_title(row) -> str:
    rules = t("saves.agora") if row.rules == "agora" else t("saves.base")
    if row.mode == "hotseat":
        a, b = row_names(row)
        who = t("saves.hotseat", a=a, b=b)
    elif row.mode == ONLINE:
        who = t("history.list.online", name=row_names(row)[1 - row.you])
    else:
        from ui.scenes.setup import ai_label
        who = t("saves.vs_ai", level=ai_label(row.opponent))
    return f"{who} · {rules}"


def row_details(row) -> str:
    from ui.scenes.stats import kind_label
    if row.winner not in (0, 1):
        head = t("saves.draw")
    elif row.mode == "hotseat":
        head = t("saves.won", who=row_names(row)[row.winner])
    elif row.mode == ONLINE and row.outcome != "W":
        head = t("saves.won", who=row_names(row)[row.winner])
    else:
        head = t("saves.you_won") if row.outcome == "W" else t("saves.ai_won")
    victory = kind_label(row.victory) if row.winner in (0, 1) else ""
    first = row.you if row.mode == ONLINE and row.you in (0, 1) else 0     # the viewer's score first
    score = t("saves.score", a=int(row.totals[first]), b=int(row.totals[1 - first]))
    moves = t("saves.moves", n=row.decisions)
    hinted = t("insight.saves.hinted") if row.hints else ""
    return " · ".join(x for x in (head, victory, score, moves, hinted) if x)


class LoadScene(Scene):
    """Games in progress (the saves folder's files, broken ones too) first, then the history of
    finished games, newest first, a page at a time (filters: mode and result)."""

    def __init__(self) -> None:
        super().__init__()
        self.entries = []               # the files shown: games in progress and broken files
        self.total = 0                  # history games matching the filters
        self.mode = None                # filter: None or a mode (game.history.MODES)
        self.result = None              # filter: None, 'W', 'L' or 'D'
        self.problem = None             # the history's problem (HistoryError), if any
        self._page: tuple = ((), -1, [])     # (filters, offset, rows) last read
        self.selected = 0
        self.scroll = 0                 # first row shown
        self.mouse = (-1, -1)
        self.rows: list[tuple[pygame.Rect, int]] = []       # (rect, index) of the rows on screen
        self.buttons: list[tuple[pygame.Rect, str, int]] = []  # (rect, 'open'/'analysis'/'delete', index)
        self.group = self._back_button()
        self._build_filters()

    def _back_button(self) -> ButtonGroup:
        # No glow on Back until it is pointed at: the keys move through the list instead.
        return ButtonGroup([Button(t("saves.back"), self.back, text_size=21)], horizontal=True, index=1)

    def _build_filters(self) -> None:
        self.chips = [
            ChipRow(t("history.filter.mode"), [(None, t("history.filter.all")), ("ai", t("history.filter.ai")),
                                               (HOTSEAT, t("history.filter.hotseat")),
                                               (ONLINE, t("history.filter.online"))], self.mode,
                    lambda v: self.set_filter(mode=v)),
            ChipRow(t("history.filter.result"), [(None, t("history.filter.all")), ("W", t("history.filter.won")),
                                                 ("L", t("history.filter.lost")), ("D", t("history.filter.drawn"))],
                    self.result, lambda v: self.set_filter(result=v)),
        ]

    def set_filter(self, **change) -> None:
        self.mode = change.get("mode", self.mode)
        self.result = change.get("result", self.result)
        self.selected = self.scroll = 0
        self._build_filters()
        self.reload()

    # --- data ------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        db = saves.history()
        self.problem = saves.history_problem()
        files = saves.entries()

        def shown(entry) -> bool:
            if not entry.ok:
                return self.mode is None and self.result is None
            if entry.saved.finished:           # finished: listed from the history once it is there
                try:
                    if db is not None and db.contains(entry.saved):
                        return False
                except HistoryError:
                    pass
                return self.mode in (None, entry.saved.mode)
            return self.result is None and self.mode in (None, entry.saved.mode)

        self.entries = [e for e in files if shown(e)]
        self.total = 0
        if db is not None:
            try:
                self.total = db.count(self.mode, self.result)
            except HistoryError as exc:
                self.problem = exc
        self._page = ((), -1, [])
        self.selected = min(self.selected, max(0, self.count - 1))
        self._clamp()

    @property
    def count(self) -> int:
        return len(self.entries) + self.total

    def item(self, index: int):
        """The file entry or HistoryGame at a list position (None when it cannot be read)."""
        if index < len(self.entries):
            return self.entries[index]
        k = index - len(self.entries)
        first = max(0, self.scroll - len(self.entries))
        if not first <= k < first + self.visible_rows:
            first = k
        key = (self.mode, self.result)
        if self._page[0] != key or self._page[1] != first:
            rows = []
            db = saves.history()
            if db is not None:
                try:
                    rows = db.page(first, self.visible_rows, self.mode, self.result)
                except HistoryError as exc:
                    self.problem = exc
            self._page = (key, first, rows)
        rows = self._page[2]
        return HistoryGame(rows[k - first]) if 0 <= k - first < len(rows) else None

    def on_language(self) -> None:
        self.group = self._back_button()
        self._build_filters()
        if self.app is not None:
            self.on_resize(self.layout)

    @property
    def visible_rows(self) -> int:
        return max(1, int((LIST[3] - 96 + ROW_GAP) // (ROW_H + ROW_GAP)))

    def _clamp(self) -> None:
        n = self.count
        vis = self.visible_rows
        self.scroll = max(0, min(self.scroll, n - vis))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + vis:
            self.scroll = self.selected - vis + 1

    # --- actions -----------------------------------------------------------------------

    def back(self) -> None:
        if self.app is not None:
            self.app.pop()

    def _saved_of(self, entry):
        if isinstance(entry, HistoryGame):
            try:
                return entry.saved()
            except (SaveError, HistoryError) as exc:
                message = error_text(getattr(exc, "code", None), getattr(exc, "params", None), str(exc))
                self.app.push(cannot_open(message))
                return None
        return entry.saved

    def open(self, index: int) -> None:
        if not 0 <= index < self.count:
            return
        entry = self.item(index)
        if entry is None or not entry.ok:
            return
        if isinstance(entry, HistoryGame):
            saved = self._saved_of(entry)
            if saved is not None:
                open_replay(self.app, _Loaded(saved))
        elif entry.saved.finished:
            open_replay(self.app, entry)
        else:
            open_saved(self.app, entry, replace=True)

    def analyse(self, index: int) -> None:
        entry = self.item(index) if 0 <= index < self.count else None
        if entry is None or not entry.ok:
            return
        saved = self._saved_of(entry)
        if saved is not None:
            from ui.scenes.analysis import open_analysis
            open_analysis(self.app, saved)

    def ask_delete(self, index: int) -> None:
        if not 0 <= index < self.count:
            return
        entry = self.item(index)
        if entry is None:
            return
        if isinstance(entry, HistoryGame):
            def forget() -> None:
                self.app.pop()
                db = saves.history()
                try:
                    if db is not None:
                        db.delete(entry.row.id)
                except HistoryError as exc:
                    self.problem = exc
                self.reload()

            self.app.push(DialogScene(t("saves.delete_title"),
                                      t("history.list.delete_body", what=row_title(entry.row)),
                                      [(t("saves.delete_confirm"), forget), (t("dialog.quit.cancel"), None)],
                                      default=1))
            return

        def really() -> None:
            self.app.pop()
            saves.delete(entry.path)
            from ui.table.session import CURRENT
            current = CURRENT.get("session")
            if current is not None and current.path == entry.path:
                CURRENT["session"] = None
                current.path = None            # a game in memory stops saving into the deleted file
            self.reload()

        what = title_of(entry.saved) if entry.ok else entry.path.name
        self.app.push(DialogScene(t("saves.delete_title"), t("saves.delete_body", what=what),
                                  [(t("saves.delete_confirm"), really), (t("dialog.quit.cancel"), None)], default=1))

    # --- input -------------------------------------------------------------------------

    def on_resize(self, layout) -> None:
        self.group.buttons[0].rect = layout.rect(800 - 130, 790, 260, 52)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            n = self.count
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and n:
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % n
                self._clamp()
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and n:
                step = self.visible_rows * (1 if event.key == pygame.K_PAGEDOWN else -1)
                self.selected = max(0, min(n - 1, self.selected + step))
                self._clamp()
            elif event.key in (pygame.K_HOME, pygame.K_END) and n:
                self.selected = 0 if event.key == pygame.K_HOME else n - 1
                self._clamp()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
            elif event.key == pygame.K_DELETE:
                self.ask_delete(self.selected)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y
            self.scroll = max(0, min(self.scroll, self.count - self.visible_rows))
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        for row in self.chips:
            if row.handle_event(event):
                return
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, what, index in self.buttons:
                if rect.collidepoint(event.pos):
                    self.selected = index
                    {"open": self.open, "analysis": self.analyse, "delete": self.ask_delete}[what](index)
                    return
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.selected = index
                    return

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def target_for_entry(self, index: int, what: str = "open"):
        """Screen point of a row's button (tests)."""
        return next((r.center for r, w, i in self.buttons if i == index and w == what), None)

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("saves.title").upper(), L.px(56))
        surface.blit(title, title.get_rect(center=L.point(800, 78)))
        ui_art.draw_divider(surface, L.point(800, 120), L.px(240), L.px(2))
        widths = [row.width(L) for row in self.chips]
        x = 800 - (sum(widths) + 40 * (len(widths) - 1)) / 2
        for row, w in zip(self.chips, widths):
            row.draw(surface, L, x, 152)
            x += w + 40
        panel = L.rect(*LIST)
        draw_panel(surface, panel, L)
        self.rows, self.buttons = [], []
        x, y, w = LIST[0] + 40, LIST[1] + 30, LIST[2] - 80
        if not self.count:
            empty = t("history.empty_filtered") if (self.mode or self.result) else t("saves.empty")
            text(surface, L, empty, 22, theme.INK_SOFT, L.point(800, LIST[1] + LIST[3] / 2), anchor="center")
        for index in range(self.scroll, min(self.count, self.scroll + self.visible_rows)):
            entry = self.item(index)
            if entry is not None:
                self._draw_row(surface, L, index, entry, L.rect(x, y, w, ROW_H))
            y += ROW_H + ROW_GAP
        n = self.count
        foot = LIST[1] + LIST[3] - 30
        if n > self.visible_rows:
            first, last = self.scroll + 1, min(n, self.scroll + self.visible_rows)
            text(surface, L, t("saves.showing", first=first, last=last, total=n), 15, theme.INK_SOFT,
                 L.point(LIST[0] + LIST[2] - 40, foot), anchor="midright")
        if self.problem is not None:
            from ui.scenes.stats import problem_text
            what, fix = problem_text(self.problem)
            text(surface, L, f"{what} {fix}", 14, theme.DANGER, L.point(LIST[0] + 40, foot), anchor="midleft",
                 max_width=LIST[2] - 300, min_ratio=0.6)
        else:
            note = t("saves.note") + "  " + t("history.list.history", n=self.total)
            text(surface, L, note, 15, theme.INK_SOFT, L.point(LIST[0] + 40, foot), anchor="midleft",
                 max_width=LIST[2] - 300)
        self.group.draw(surface, L)

    def _draw_row(self, surface, L, index: int, entry, r: pygame.Rect) -> None:
        chosen = index == self.selected
        hot = r.collidepoint(self.mouse)
        fill = (*theme.PARCHMENT_LIGHT, 255) if chosen else (*theme.PARCHMENT, 255) if hot else (*theme.PARCHMENT_DARK, 90)
        rounded(surface, r, fill, L.px(10), max(1, L.px(2.5 if chosen else 1.2)),
                theme.BRONZE if chosen else theme.BRONZE_DARK)
        self.rows.append((r, index))
        pad = L.px(18)
        archived = isinstance(entry, HistoryGame)
        # The status chip on the left.
        if not entry.ok:
            chip, chip_col = t("saves.status.broken"), theme.DANGER
        elif archived or entry.saved.finished:
            chip, chip_col = t("saves.status.finished"), (46, 110, 52)
        else:
            chip, chip_col = t("saves.status.playing"), theme.BRONZE_DARK
        tag = pygame.Rect(r.x + pad, 0, L.px(128), L.px(26))
        tag.centery = r.centery
        rounded(surface, tag, chip_col, L.px(12))
        text(surface, L, chip, 14, theme.PARCHMENT_LIGHT, tag.center, anchor="center", bold=True, max_width=124)
        tx = tag.right + pad
        # Buttons on the right.
        right = r.right - pad
        kinds = [("delete", t("saves.delete"), DELETE_W)]
        if entry.ok:
            finished = archived or entry.saved.finished
            if finished:
                kinds.insert(0, ("analysis", t("history.list.analysis"), ANALYSIS_W))
            kinds.insert(0, ("open", t("saves.replay") if finished else t("saves.resume"), ACTION_W))
        for what, label, bw in reversed(kinds):
            b = pygame.Rect(0, 0, L.px(bw), L.px(BUTTON_H))
            b.midright = (right, r.centery)
            over = b.collidepoint(self.mouse)
            primary = what == "open"
            col = (theme.BRONZE if over else theme.UMBER) if primary else ((150, 70, 50) if over else (112, 86, 64))
            if what == "analysis":
                col = theme.BRONZE if over else (84, 70, 52)
            rounded(surface, b, col, L.px(8), max(1, L.px(1.5)), theme.BRONZE_LIGHT if over else theme.BRONZE_DARK)
            text(surface, L, label, 16, theme.TEXT_ON_DARK, b.center, anchor="center", bold=True,
                 max_width=bw - 10)
            self.buttons.append((b, what, index))
            right = b.left - L.px(12)
        width = (right - tx) / L.scale - 10
        if archived:
            row = entry.row
            text(surface, L, row_title(row), 19, theme.INK, (tx, r.y + L.px(12)), bold=True, max_width=width - 190)
            text(surface, L, when(row.played_at), 15, theme.INK_SOFT, (right - L.px(6), r.y + L.px(14)),
                 anchor="topright")
            x, y = tx, r.y + L.px(42)
            if row.mode == "hotseat":
                x = self._seat_dots(surface, L, x, y)
            text(surface, L, row_details(row), 16, theme.INK_SOFT, (x, y), max_width=width - (x - tx) / L.scale)
        elif entry.ok:
            saved = entry.saved
            text(surface, L, title_of(saved), 19, theme.INK, (tx, r.y + L.px(12)), bold=True, max_width=width - 190)
            stamp = when(saved.updated)
            text(surface, L, stamp, 15, theme.INK_SOFT, (right - L.px(6), r.y + L.px(14)), anchor="topright")
            self._draw_details(surface, L, saved, (tx, r.y + L.px(42)), width)
        else:
            text(surface, L, entry.path.name, 19, theme.INK, (tx, r.y + L.px(12)), bold=True, max_width=width)
            message = error_text(entry.code, entry.params, entry.error or "")
            text(surface, L, message, 15, theme.DANGER, (tx, r.y + L.px(43)), max_width=width)

    @staticmethod
    def _seat_dots(surface, L, x, y) -> int:
        for seat in (0, 1):                   # who is who: the table's colours
            pygame.draw.circle(surface, PLAYER_COLORS[seat], (x + L.px(5), y + L.px(9)), L.px(5))
            pygame.draw.circle(surface, theme.INK, (x + L.px(5), y + L.px(9)), L.px(5), max(1, L.px(1)))
            x += L.px(14)
        return x + L.px(4)

    def _draw_details(self, surface, L, saved, pos, width) -> None:
        x, y = pos
        if saved.mode == "hotseat":
            x = self._seat_dots(surface, L, x, y)
        text(surface, L, details_of(saved), 16, theme.INK_SOFT, (x, y), max_width=width - (x - pos[0]) / L.scale)


class _Loaded:
    """A history game's record in the shape open_replay expects (an entry with .saved)."""

    def __init__(self, saved) -> None:
        self.saved = saved
        self.path = None
