"""Persistence: every room and every action in an embedded SQLite database.

One file, `games.sqlite3`, in the server's data folder. Each accepted action is one
transaction (the action row, the clocks, and the outcome when it ends the game), committed
before any player hears of it; so a server killed at any moment (even SIGKILL) restarts
with every game exactly where its players last saw it. The journal is SQLite's WAL with
synchronous=NORMAL: a killed process loses nothing committed; only a power cut may lose
the last transactions (`--durable` sets synchronous=FULL for that).
"""

import json
import sqlite3
import time
from pathlib import Path

from .rooms import Room

FILE_NAME = "games.sqlite3"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    status TEXT NOT NULL,              -- waiting | playing | over | closed
    created REAL NOT NULL,
    updated REAL NOT NULL,
    agora INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    first_player INTEGER NOT NULL,
    clock INTEGER NOT NULL,            -- minutes per player, 0 = none
    token0 TEXT, token1 TEXT,          -- SHA-256 of the seats' tokens
    name0 TEXT NOT NULL DEFAULT '', name1 TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    remaining TEXT,                    -- JSON [seconds, seconds] at the last action, or NULL
    outcome TEXT                       -- JSON result once over
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(code),
    seq INTEGER NOT NULL,              -- 0 for the first action
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,              -- notation (docs/engine.md)
    at REAL NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE INDEX IF NOT EXISTS rooms_status ON rooms(status);
"""


class StoreError(RuntimeError):
    pass


class Store:
    def __init__(self, data_dir, durable: bool = False):
        folder = Path(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE_NAME
        # Autocommit mode: each write below is its own explicit transaction.
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) != SCHEMA_VERSION:
            raise StoreError(f"{self.path} has database schema {row[0]}; this server reads "
                             f"{SCHEMA_VERSION}")

    def close(self):
        self.db.close()

    def _transaction(self, statements):
        """All the statements or none. Whatever fails (a database error, but also text
        SQLite cannot encode), the transaction is rolled back, so the next write of any
        room starts clean."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                self.db.execute(sql, args)
            self.db.execute("COMMIT")
        except BaseException as exc:
            if self.db.in_transaction:
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            if not isinstance(exc, Exception):
                raise
            raise StoreError(f"{type(exc).__name__}: {exc}") from exc

    # -- writing

    def add_room(self, room: Room):
        self._transaction([(
            "INSERT INTO rooms (code, status, created, updated, agora, seed, first_player, clock,"
            " token0, token1, name0, name1, address, remaining, outcome)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (room.code, _status(room), room.created, room.updated, int(room.agora), room.seed,
             room.first_player, room.clock, room.tokens[0], room.tokens[1], room.names[0],
             room.names[1], room.address, _json(room.remaining), _json(room.outcome)))])

    def save_seats(self, room: Room):
        self._transaction([(
            "UPDATE rooms SET status=?, updated=?, token0=?, token1=?, name0=?, name1=?,"
            " remaining=? WHERE code=?",
            (_status(room), room.updated, room.tokens[0], room.tokens[1], room.names[0],
             room.names[1], _json(room.remaining), room.code))])

    def save_progress(self, room: Room, first_new: int = None):
        """The room's actions from index `first_new` on (none by default), with its status,
        clocks and outcome, in one transaction."""
        first_new = len(room.actions) if first_new is None else first_new
        now = time.time()
        self._transaction(
            [("INSERT INTO actions (room, seq, seat, action, at) VALUES (?,?,?,?,?)",
              (room.code, seq, seat, text, now))
             for seq, (seat, text) in enumerate(room.actions[first_new:], first_new)]
            + [("UPDATE rooms SET status=?, updated=?, remaining=?, outcome=? WHERE code=?",
                (_status(room), room.updated, _json(room.remaining), _json(room.outcome),
                 room.code))])

    def save_undo(self, room: Room):
        """A take-back: the actions beyond the room's (shorter) list go, in one transaction."""
        self._transaction([
            ("DELETE FROM actions WHERE room=? AND seq>=?", (room.code, len(room.actions))),
            ("UPDATE rooms SET status=?, updated=?, remaining=?, outcome=? WHERE code=?",
             (_status(room), room.updated, _json(room.remaining), _json(room.outcome),
              room.code))])

    def purge(self, before: float) -> list:
        """Delete the finished and closed rooms last changed before `before` (Unix time),
        with their actions; returns their codes."""
        codes = [r[0] for r in self.db.execute(
            "SELECT code FROM rooms WHERE status IN ('over', 'closed') AND updated<?", (before,))]
        for start in range(0, len(codes), 500):
            chunk = codes[start:start + 500]
            marks = ",".join("?" * len(chunk))
            self._transaction([(f"DELETE FROM actions WHERE room IN ({marks})", chunk),
                               (f"DELETE FROM rooms WHERE code IN ({marks})", chunk)])
        return codes

    # -- reading

    def load(self, code) -> Room:
        row = self.db.execute(f"SELECT {_COLUMNS} FROM rooms WHERE code=?", (code,)).fetchone()
        return None if row is None else self._room(row)

    def load_served(self) -> list:
        """Rooms to serve after a start: the unfinished ones. (A finished room is read back
        only when one of its players resumes, to fetch the record: `load_finished`.)"""
        rows = self.db.execute(
            f"SELECT {_COLUMNS} FROM rooms WHERE status IN ('waiting', 'playing')"
            " ORDER BY created").fetchall()
        return [self._room(row) for row in rows]

    def load_finished(self, code) -> Room:
        """A finished room still in the database, or None."""
        row = self.db.execute(f"SELECT {_COLUMNS} FROM rooms WHERE code=? AND status='over'",
                              (code,)).fetchone()
        return None if row is None else self._room(row)

    def codes(self) -> set:
        return {r[0] for r in self.db.execute("SELECT code FROM rooms")}

    def _room(self, row) -> Room:
        (code, status, created, updated, agora, seed, first, clock, t0, t1, n0, n1, address,
         remaining, outcome) = row
        actions = [[seat, text] for seat, text in self.db.execute(
            "SELECT seat, action FROM actions WHERE room=? ORDER BY seq", (code,))]
        return Room(code=code, agora=bool(agora), seed=seed, first_player=first, clock=clock,
                    tokens=[t0, t1], names=[n0, n1], address=address, created=created,
                    updated=updated, actions=actions,
                    remaining=json.loads(remaining) if remaining else None,
                    outcome=json.loads(outcome) if outcome else None,
                    closed=status == "closed")


_COLUMNS = ("code, status, created, updated, agora, seed, first_player, clock, token0, token1,"
            " name0, name1, address, remaining, outcome")


def _status(room: Room) -> str:
    if room.closed:
        return "closed"
    if room.over:
        return "over"
    return "playing" if room.started else "waiting"


def _json(value):
    return None if value is None else json.dumps(value, separators=(",", ":"))
