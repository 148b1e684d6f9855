"""The history of every finished game: an embedded SQLite database (pure Python, no pygame).

`history.sqlite3` lives in the player's data folder beside `saves/` (game/userdata.py). Each
finished game is one row of `games` (who, when, rules, result, counts and the whole saved
game as JSON, so it can be replayed and analysed) and its score sheet, by category for both
seats, in `sheets`. A game goes in with one transaction, so a crash at any moment leaves the
whole game or nothing (WAL journal, synchronous FULL). Nothing is ever removed except by the
player (`delete`). The schema is versioned (`PRAGMA user_version`) and upgraded by
`MIGRATIONS`; docs/save-format.md describes it and the export format.

Problems never escape as sqlite3 errors: opening or using the history raises `HistoryError`
with a `code` (`damaged`, `locked`, `newer`, `unwritable`). A file that is not a database is
set aside (renamed, never overwritten) and a fresh history started; `History.notice` says so.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .savegame import SaveError, SavedGame, scan
from .scoring import CATEGORIES, score_sheet

SCHEMA_VERSION = 1
HOTSEAT = "hotseat"
ONLINE = "online"
MODES = ("ai", HOTSEAT, ONLINE)        # how a game was played: the `mode` column's values
HEADER = b"SQLite format 3\x00"
KNOWN_VICTORIES = ("military", "science", "political", "civilian", "concession")
# The score sheet's columns (one row per game and seat): the engine's categories and the total.
SHEET = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military", "senate", "total")
assert set(CATEGORIES) <= set(SHEET), "a new score category needs a column (a migration) in the history"

MIGRATIONS = {
    # version -> the statements that bring the previous version up to it
    1: [
        """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            played_at REAL NOT NULL,
            started_at REAL NOT NULL,
            mode TEXT NOT NULL,
            opponent TEXT NOT NULL,
            rules TEXT NOT NULL,
            you INTEGER NOT NULL,
            name0 TEXT NOT NULL,
            name1 TEXT NOT NULL,
            first_player INTEGER NOT NULL,
            winner INTEGER,
            victory TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('W', 'L', 'D')),
            conceded INTEGER,
            decisions INTEGER NOT NULL,
            hints INTEGER NOT NULL)""",
        """CREATE INDEX games_by_time ON games (played_at, id)""",
        """CREATE INDEX games_by_opponent ON games (opponent, played_at)""",
        """CREATE TABLE sheets (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            blue INTEGER NOT NULL, green INTEGER NOT NULL, yellow INTEGER NOT NULL,
            purple INTEGER NOT NULL, wonders INTEGER NOT NULL, progress INTEGER NOT NULL,
            coins INTEGER NOT NULL, military INTEGER NOT NULL, senate INTEGER NOT NULL,
            total INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat))""",
        """CREATE TABLE records (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            record TEXT NOT NULL)""",
        """CREATE TABLE removed (uid TEXT PRIMARY KEY, removed_at REAL NOT NULL)""",
    ],
}


class HistoryError(Exception):
    """The history cannot be used (or was repaired); `code` names why for translated messages.

    `damaged`: the file is not a readable database (`set_aside` is where it was moved);
    `locked`: another program holds it; `newer`: written by a newer version of the game;
    `unwritable`: the folder or disk refuses (full, read-only...)."""

    def __init__(self, message: str, code: str, path=None, set_aside=None):
        super().__init__(message)
        self.code = code
        self.path = Path(path) if path is not None else None
        self.set_aside = Path(set_aside) if set_aside is not None else None


# --- one game ---------------------------------------------------------------------------------

def game_uid(saved: SavedGame) -> str:
    """The identity of a game for duplicates: its rules, its start and every move."""
    key = json.dumps([saved.seed, saved.agora, saved.first_player, saved.mode, round(saved.created, 3),
                      saved.actions], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def your_seat(saved) -> int:
    """The seat statistics are told from: the person against the computer, seat 0 in hot-seat,
    in an online game the seat this window played (kept in the record's options)."""
    if saved.mode == ONLINE:
        seat = (saved.options.get("online") or {}).get("seat", 0)
        return seat if seat in (0, 1) else 0
    if saved.mode != HOTSEAT:
        for seat, p in enumerate(saved.players):
            if p.get("kind") == "human":
                return seat
    return 0


def opponent_of(saved) -> str:
    """The opponent's AI level ('easy', ...) or the mode when two people played ('hotseat')."""
    if saved.mode != "ai":
        return str(saved.mode)
    ai = next((p for p in saved.players if p.get("kind") == "ai"), {})
    return str(ai.get("ai") or "normal")


@dataclass
class GameFacts:
    """What the history keeps of a finished game beside its move record."""
    winner: int | None
    victory: str
    sheets: tuple                       # two dicts: category -> points, with 'total'
    conceded: int | None = None         # the seat that conceded, if the game ended so
    decisions: int = 0


def facts_of(saved: SavedGame) -> GameFacts:
    """Replay a finished save to its end (raises SaveError when it does not end there).

    A game ended by a concession may stop before the rules end it: then the saved summary
    says who won, and the sheet is the position where the game stopped."""
    state = saved.replay()
    result = state.result
    if result is not None:
        winner, victory, sheets = result.winner, str(result.victory), tuple(dict(s) for s in result.scores)
    else:
        summary = saved.summary or {}
        if not summary.get("finished") or summary.get("winner") not in (0, 1):
            raise SaveError("the game in this file is not finished", "damaged", detail="not finished")
        winner, victory = summary["winner"], str(summary.get("victory") or "concession")
        sheets = (score_sheet(state, 0), score_sheet(state, 1))
    conceded = 1 - winner if victory == "concession" and winner in (0, 1) else None
    return GameFacts(winner, victory, sheets, conceded, len(saved.actions))


def outcome(winner, you: int) -> str:
    return "D" if winner is None else "W" if winner == you else "L"


# --- filters ----------------------------------------------------------------------------------

PERIODS = ("last20", "days30", "all")


@dataclass(frozen=True)
class Filter:
    """Which games statistics cover: a period and optionally one opponent and one rule set."""
    period: str = "all"                 # 'last20', 'days30' or 'all'
    opponent: str | None = None         # an AI level, 'hotseat', or None for every opponent
    rules: str | None = None            # 'agora', 'base' or None
    now: float | None = None            # the clock for 'days30' (tests); None: time.time()

    def where(self) -> tuple[str, dict]:
        since = None
        if self.period == "days30":
            since = (time.time() if self.now is None else self.now) - 30 * 86400
        limit = 20 if self.period == "last20" else -1
        sql = ("SELECT id, played_at, mode, opponent, you, first_player, winner, victory, outcome, hints"
               " FROM games WHERE (:opponent IS NULL OR opponent = :opponent)"
               " AND (:rules IS NULL OR rules = :rules) AND (:since IS NULL OR played_at >= :since)"
               " ORDER BY played_at DESC, id DESC LIMIT :limit")
        return sql, {"opponent": self.opponent, "rules": self.rules, "since": since, "limit": limit}


@dataclass
class Summary:
    """The aggregates of the Statistics screen, read with SQL over the filtered games."""
    games: int = 0
    hinted: int = 0
    groups: dict = field(default_factory=dict)       # opponent -> (games, your wins)
    victories: dict = field(default_factory=dict)    # kind -> [yours, theirs]
    averages: dict = field(default_factory=dict)     # category -> (your average, theirs), with 'total'
    recent: list = field(default_factory=list)       # 'W' / 'L' / 'D' of the newest games, oldest first
    streak: int = 0                                  # longest run of your wins
    first: tuple = (0, 0)                            # (games won by who began, decided games)
    trend: list = field(default_factory=list)        # your win rate after each game (sampled)
    over_time: dict = field(default_factory=dict)    # opponent -> [(time, win rate, games)] by period
    span: tuple = (0.0, 0.0)                         # first and last game's time
    has_hotseat: bool = False


@dataclass
class Row:
    """One game of the history, for the Saved games list (the record is read on demand)."""
    id: int
    played_at: float
    mode: str
    opponent: str
    rules: str
    you: int
    names: tuple
    winner: int | None
    victory: str
    outcome: str
    totals: tuple
    decisions: int
    hints: int


RECENT = 60            # results shown as tiles
TREND_POINTS = 120     # points of the running win-rate line


# --- the database -----------------------------------------------------------------------------

def _is_sqlite_file(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(len(HEADER))
    except OSError:
        return True                     # unreadable: let sqlite say why
    return head == b"" or head == HEADER


def set_aside(path: Path) -> Path:
    """Move a damaged database (and its journal files) out of the way; never overwrite it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            try:
                os.replace(extra, target.with_name(target.name + suffix))
            except OSError:
                pass
    return target


def _problem(exc: Exception, path) -> HistoryError:
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return HistoryError(f"the game history {path} is in use by another program", "locked", path)
    if isinstance(exc, sqlite3.OperationalError) and ("readonly" in text or "disk" in text
                                                       or "unable to open" in text or "full" in text):
        return HistoryError(f"the game history {path} cannot be written ({exc})", "unwritable", path)
    if isinstance(exc, OSError):
        return HistoryError(f"the game history {path} cannot be opened ({exc.strerror or exc})",
                            "unwritable", path)
    return HistoryError(f"the game history {path} is damaged ({exc})", "damaged", path)


class History:
    """An open history database. Use `open_history(path)`."""

    def __init__(self, path: Path, db: sqlite3.Connection, notice: HistoryError | None = None):
        self.path = path
        self.db = db
        self.notice = notice            # a problem already dealt with (a damaged file set aside)
        self._lock = threading.RLock()  # one connection, shared by the window's threads in turn

    # -- opening

    @classmethod
    def open(cls, path, *, timeout: float = 2.0) -> "History":
        path = Path(path)
        notice = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _problem(exc, path) from None
        if path.exists() and not _is_sqlite_file(path):
            notice = cls._set_aside(path, "not a database")
        try:
            return cls(path, cls._connect(path, timeout), notice)
        except HistoryError as exc:
            if exc.code != "damaged" or notice is not None:
                raise
            notice = cls._set_aside(path, str(exc))
            return cls(path, cls._connect(path, timeout), notice)

    @staticmethod
    def _set_aside(path: Path, why: str) -> HistoryError:
        try:
            moved = set_aside(path)
        except OSError as exc:
            raise HistoryError(f"the game history {path} is damaged ({why}) and cannot be moved aside "
                               f"({exc.strerror or exc})", "damaged", path) from None
        return HistoryError(f"the game history {path} was damaged ({why}); it was moved to {moved.name} "
                            "and a new history was started", "damaged", path, moved)

    @staticmethod
    def _connect(path: Path, timeout: float) -> sqlite3.Connection:
        db = None
        try:
            db = sqlite3.connect(str(path), timeout=timeout, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                db.close()
                raise HistoryError(f"the game history {path} was written by a newer version of the game "
                                   f"(schema {version}, this game reads {SCHEMA_VERSION})", "newer", path)
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise sqlite3.OperationalError("database is locked (cannot switch to WAL)")
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA temp_store = MEMORY")
            _migrate(db, version)
            return db
        except HistoryError:
            raise
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            raise _problem(exc, path) from None

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _run(self, fn):
        """Run a database call; sqlite's errors become HistoryError."""
        with self._lock:
            try:
                return fn()
            except sqlite3.Error as exc:
                raise _problem(exc, self.path) from None

    # -- writing

    def add(self, saved: SavedGame, facts: GameFacts | None = None, *, revive: bool = True) -> int | None:
        """Store a finished game in one transaction; returns its id, or None if already there
        (or, with `revive=False`, deleted earlier by the player). Raises SaveError for a save
        that does not replay to an end, HistoryError for a database problem."""
        facts = facts or facts_of(saved)
        uid = game_uid(saved)
        you = your_seat(saved)
        names = [str(p.get("name") or "") for p in saved.players]
        record = json.dumps(saved.to_dict(), ensure_ascii=False, separators=(",", ":"))

        def write():
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM games WHERE uid = ?", (uid,)).fetchone():
                    db.execute("ROLLBACK")
                    return None
                if db.execute("SELECT 1 FROM removed WHERE uid = ?", (uid,)).fetchone():
                    if not revive:
                        db.execute("ROLLBACK")
                        return None
                    db.execute("DELETE FROM removed WHERE uid = ?", (uid,))
                cur = db.execute(
                    "INSERT INTO games (uid, played_at, started_at, mode, opponent, rules, you, name0, name1,"
                    " first_player, winner, victory, outcome, conceded, decisions, hints)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (uid, saved.updated, saved.created, saved.mode, opponent_of(saved),
                     "agora" if saved.agora else "base", you, names[0], names[1], saved.first_player,
                     facts.winner, facts.victory, outcome(facts.winner, you), facts.conceded,
                     facts.decisions, int(saved.hints or 0)))
                game_id = cur.lastrowid
                db.execute("INSERT INTO records (game_id, record) VALUES (?, ?)", (game_id, record))
                db.executemany(f"INSERT INTO sheets (game_id, seat, {', '.join(SHEET)})"
                               f" VALUES (?, ?{', ?' * len(SHEET)})",
                               [(game_id, seat, *(int(facts.sheets[seat].get(c, 0)) for c in SHEET))
                                for seat in (0, 1)])
                db.execute("COMMIT")
                return game_id
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        return self._run(write)

    def delete(self, game_id: int) -> bool:
        """Remove one game (the player asked); the saves-folder import will not bring it back."""
        def remove():
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT uid FROM games WHERE id = ?", (game_id,)).fetchone()
                if row:
                    db.execute("INSERT OR REPLACE INTO removed (uid, removed_at) VALUES (?, ?)", (row[0], time.time()))
                    db.execute("DELETE FROM games WHERE id = ?", (game_id,))
                db.execute("COMMIT")
                return row is not None
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        return self._run(remove)

    def import_saves(self, folder) -> tuple[int, int]:
        """Bring the finished games of a saves folder in (files left in place); returns
        (games added, files skipped: damaged, foreign or not replayable). Games already in
        the history, or deleted from it by the player, are passed over."""
        added = skipped = 0
        if folder is None:
            return 0, 0
        for entry in scan(Path(folder)):
            if not entry.ok:
                skipped += 1
                continue
            if not entry.saved.finished:
                continue
            if self.contains(entry.saved):
                continue
            try:
                if self.add(entry.saved, revive=False) is not None:
                    added += 1
            except (SaveError, ValueError, KeyError, IndexError, TypeError, AttributeError):
                skipped += 1
        self._run(lambda: self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('saves_skipped', ?)",
                                          (str(skipped),)))
        return added, skipped

    def contains(self, saved: SavedGame) -> bool:
        uid = game_uid(saved)
        return self._run(lambda: self.db.execute(
            "SELECT EXISTS (SELECT 1 FROM games WHERE uid = ?) OR EXISTS (SELECT 1 FROM removed WHERE uid = ?)",
            (uid, uid)).fetchone()[0]) == 1

    def skipped_files(self) -> int:
        row = self._run(lambda: self.db.execute("SELECT value FROM meta WHERE key = 'saves_skipped'").fetchone())
        return int(row[0]) if row else 0

    # -- export and import (JSON lines: one saved-game record per line)

    def export(self, out) -> int:
        """Write every game, oldest first, one saved-game JSON object per line; returns the count."""
        n = 0
        cursor = self._run(lambda: self.db.execute(
            "SELECT r.record FROM games g JOIN records r ON r.game_id = g.id ORDER BY g.played_at, g.id"))
        for (record,) in self._run(cursor.fetchall):
            out.write(record + "\n")
            n += 1
        return n

    def import_lines(self, lines) -> tuple[int, int, int]:
        """Read an export back; returns (added, duplicates, unusable lines)."""
        added = duplicates = bad = 0
        for line in lines:
            if not line.strip():
                continue
            try:
                saved = SavedGame.from_dict(json.loads(line))
                game_id = self.add(saved)
            except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
                bad += 1            # SaveError and json's errors are ValueErrors
                continue
            if game_id is None:
                duplicates += 1
            else:
                added += 1
        return added, duplicates, bad

    # -- reading

    def count(self, mode: str | None = None, result: str | None = None) -> int:
        where, params = _list_filter(mode, result)
        return self._run(lambda: self.db.execute(f"SELECT COUNT(*) FROM games {where}", params).fetchone()[0])

    def page(self, offset: int, limit: int, mode: str | None = None, result: str | None = None) -> list[Row]:
        """Games newest first, `limit` of them from `offset` (filters: mode, result W/L/D)."""
        where, params = _list_filter(mode, result)
        sql = ("SELECT g.id, g.played_at, g.mode, g.opponent, g.rules, g.you, g.name0, g.name1, g.winner,"
               " g.victory, g.outcome, g.decisions, g.hints,"
               " (SELECT total FROM sheets WHERE game_id = g.id AND seat = 0),"
               " (SELECT total FROM sheets WHERE game_id = g.id AND seat = 1)"
               f" FROM games g {where} ORDER BY g.played_at DESC, g.id DESC LIMIT ? OFFSET ?")
        rows = self._run(lambda: self.db.execute(sql, params + [int(limit), int(offset)]).fetchall())
        return [Row(r[0], r[1], r[2], r[3], r[4], r[5], (r[6], r[7]), r[8], r[9], r[10], (r[13] or 0, r[14] or 0),
                    r[11], r[12]) for r in rows]

    def saved_game(self, game_id: int) -> SavedGame:
        """The full record of one game (raises SaveError if it cannot be read back)."""
        row = self._run(lambda: self.db.execute("SELECT record FROM records WHERE game_id = ?", (game_id,)).fetchone())
        if row is None:
            raise SaveError("this game is no longer in the history", "damaged", detail="missing")
        try:
            return SavedGame.from_dict(json.loads(row[0]))
        except json.JSONDecodeError:
            raise SaveError("the game's record in the history is damaged", "damaged", detail="record") from None

    def summary(self, flt: Filter = Filter()) -> Summary:
        return self._run(lambda: _summary(self.db, flt))

    def opponents(self) -> list[str]:
        return [r[0] for r in self._run(lambda: self.db.execute(
            "SELECT DISTINCT opponent FROM games ORDER BY opponent").fetchall())]

    def check(self) -> str:
        return self._run(lambda: self.db.execute("PRAGMA integrity_check").fetchone()[0])


def open_history(path, *, timeout: float = 2.0) -> History:
    return History.open(path, timeout=timeout)


def _migrate(db: sqlite3.Connection, version: int) -> None:
    for target in sorted(v for v in MIGRATIONS if v > version):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[target]:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {int(target)}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def _list_filter(mode, result) -> tuple[str, list]:
    clauses, params = [], []
    if mode:
        clauses.append("mode = ?")
        params.append(mode)
    if result:
        clauses.append("outcome = ?")
        params.append(result)
    return ("WHERE " + " AND ".join(clauses)) if clauses else "", params


def _summary(db: sqlite3.Connection, flt: Filter) -> Summary:
    """Every aggregate of the Statistics screen. The filtered games are copied once into a
    temporary table in play order (its rowid counts the games), which every query reads."""
    select, params = flt.where()
    db.execute("DROP TABLE IF EXISTS temp.sel")
    db.execute(f"CREATE TEMP TABLE sel AS SELECT * FROM ({select}) ORDER BY played_at, id", params)
    try:
        return _aggregates(db)
    finally:
        db.execute("DROP TABLE IF EXISTS temp.sel")


def _aggregates(db: sqlite3.Connection) -> Summary:
    s = Summary()
    row = db.execute("SELECT COUNT(*), COALESCE(SUM(hints > 0), 0), MIN(played_at), MAX(played_at),"
                     " COALESCE(SUM(mode = 'hotseat'), 0), COALESCE(SUM(winner = first_player), 0),"
                     " COALESCE(SUM(winner IS NOT NULL), 0) FROM sel").fetchone()
    s.games, s.hinted = row[0], row[1]
    s.span = (row[2] or 0.0, row[3] or 0.0)
    s.has_hotseat = bool(row[4])
    s.first = (row[5], row[6])
    if not s.games:
        return s
    for opponent, games, wins in db.execute("SELECT opponent, COUNT(*), SUM(outcome = 'W') FROM sel"
                                            " GROUP BY opponent"):
        s.groups[opponent] = (games, wins)
    for kind, yours, theirs in db.execute("SELECT victory, SUM(outcome = 'W'), SUM(outcome = 'L') FROM sel"
                                          " WHERE winner IS NOT NULL GROUP BY victory"):
        s.victories[kind] = [yours, theirs]
    mine = ", ".join(f"SUM(CASE WHEN sh.seat = sel.you THEN sh.{c} ELSE 0 END)" for c in SHEET)
    theirs = ", ".join(f"SUM(CASE WHEN sh.seat != sel.you THEN sh.{c} ELSE 0 END)" for c in SHEET)
    row = db.execute(f"SELECT {mine}, {theirs} FROM sel JOIN sheets sh ON sh.game_id = sel.id").fetchone()
    s.averages = {c: ((row[i] or 0) / s.games, (row[len(SHEET) + i] or 0) / s.games) for i, c in enumerate(SHEET)}
    s.recent = [r[0] for r in db.execute("SELECT outcome FROM sel ORDER BY rowid DESC LIMIT ?", (RECENT,))][::-1]
    # Runs of wins: among the won games, rowid minus their rank is the same along one run.
    s.streak = db.execute("SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM ("
                          " SELECT rowid - ROW_NUMBER() OVER (ORDER BY rowid) AS run FROM sel WHERE outcome = 'W')"
                          " GROUP BY run)").fetchone()[0]
    step = max(1, -(-s.games // TREND_POINTS))
    s.trend = [r[0] for r in db.execute(
        "SELECT rate FROM (SELECT rowid AS n, AVG(outcome = 'W') OVER (ORDER BY rowid) AS rate FROM sel)"
        " WHERE n % ? = 0 OR n = ? ORDER BY n", (step, s.games))]
    s.over_time = _over_time(db, s.span, s.games)
    return s


def _over_time(db, span, games) -> dict:
    """Your win rate per opponent in equal slices of the period (a line per opponent)."""
    start, end = span
    buckets = max(1, min(12, games // 8))
    width = max(1.0, (end - start) / buckets)
    out: dict = {}
    for opponent, bucket, n, wins in db.execute(
            "SELECT opponent, MIN(:buckets - 1, CAST((played_at - :start) / :width AS INTEGER)) AS b,"
            " COUNT(*), SUM(outcome = 'W') FROM sel GROUP BY opponent, b ORDER BY opponent, b",
            {"buckets": buckets, "start": start, "width": width}):
        out.setdefault(opponent, []).append((start + (bucket + 0.5) * width, wins / n, n))
    return out
