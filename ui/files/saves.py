"""The window's saved games: autosave in the background, the list, Continue, clean-up,
and the history of finished games.

Every action is saved (game.savegame.write: atomic, so a crash never leaves a broken
file). Writing takes a few milliseconds of disk flushing, so it happens on a small
background thread — the newest version of each file wins, and `flush()` waits for the
disk (the Load screen, the app's exit and the tests call it). A finished game goes into
the history database (game/history.py, one short transaction on the same thread); once it
is safely there its save file is no longer needed and goes, so the saves folder holds the
games in progress. No finished game is ever dropped: when the history cannot be written the
file stays and is brought in the next time the history opens. Games abandoned before
their first move are removed when a new game starts.
"""
from __future__ import annotations

import atexit
import logging
import threading
from pathlib import Path

from game.history import History, HistoryError, open_history
from game.savegame import SaveEntry, SavedGame, new_path, scan, write
from ui.files import storage

log = logging.getLogger(__name__)


class AutoSaver:
    """One writer thread; `submit` never blocks the frame (beyond copying the save)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, SavedGame] = {}
        self._finished: set[Path] = set()            # files to move into the history once written
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: dict[Path, str] = {}          # last failure per file (cleared by a success)

    def submit(self, path: Path, saved: SavedGame, *, finished: bool = False) -> None:
        snapshot = saved.copy()
        with self._cond:
            self._pending[Path(path)] = snapshot
            if finished:
                self._finished.add(Path(path))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="agora-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    if not self._cond.wait(timeout=5.0):
                        self._thread = None       # idle: let the thread end (a new one starts on demand)
                        return
                path, saved = self._pending.popitem()
                finished = path in self._finished
                self._finished.discard(path)
                self._busy = True
            try:
                write(path, saved)
                error = None
            except OSError as exc:
                error = problem(exc)
                log.warning("cannot save the game to %s: %s", path, exc.strerror or exc)
            if finished:
                archive(path, saved)
            with self._cond:
                if error is None:
                    self.errors.pop(path, None)
                else:
                    self.errors[path] = error
                self._busy = False
                self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted save is on disk. Returns False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout=timeout)

    def error_for(self, path) -> str | None:
        return self.errors.get(Path(path)) if path is not None else None


def problem(exc: OSError) -> str:
    """Why a save failed, as a catalogue key (`saves.problem.<kind>`), so the table says it in
    the player's language rather than in the system's words."""
    import errno
    kind = {errno.ENOSPC: "full", errno.EACCES: "denied", errno.EPERM: "denied",
            errno.EROFS: "read_only"}.get(exc.errno, "other")
    return f"saves.problem.{kind}"


SAVER = AutoSaver()
atexit.register(lambda: SAVER.flush(timeout=5.0))     # the last move reaches the disk before the process ends


def flush(timeout: float = 10.0) -> bool:
    return SAVER.flush(timeout)


def create(saved: SavedGame) -> Path | None:
    """The file of a new game, written at once (so two games never pick the same name)."""
    folder = storage.saves_dir()
    if folder is None:
        return None
    path = None
    try:
        path = new_path(folder, saved)
        write(path, saved)
        SAVER.errors.pop(path, None)
    except OSError as exc:
        error = problem(exc)
        log.warning("cannot save the new game in %s: %s", folder, exc.strerror or exc)
        path = path or Path(folder) / "unsaved.json"
        SAVER.errors[path] = error
    return path


def entries() -> list[SaveEntry]:
    """Every file of the save folder, newest first (broken ones with their message)."""
    folder = storage.saves_dir()
    if folder is None:
        return []
    flush()
    return scan(folder)


def latest_unfinished() -> SaveEntry | None:
    return next((e for e in entries() if e.ok and not e.saved.finished), None)


def modified(entry: SaveEntry) -> float:
    """When a file was last written (a damaged save has no readable time of its own)."""
    try:
        return entry.path.stat().st_mtime
    except OSError:
        return 0.0


def continue_choice() -> tuple[SaveEntry | None, list[SaveEntry]]:
    """What Continue finds: the newest readable unfinished game, and the damaged files written
    after it (newest first) — those the player must be told about, never skipped silently."""
    found = entries()
    target = next((e for e in found if e.ok and not e.saved.finished), None)
    since = target.saved.updated if target is not None else float("-inf")
    damaged = sorted((e for e in found if not e.ok and modified(e) > since), key=modified, reverse=True)
    return target, damaged


def has_saves() -> bool:
    """Anything for the Saved games and Statistics screens: a file, or a game in the history."""
    folder = storage.saves_dir()
    try:
        if folder is not None and folder.is_dir() and any(p for p in folder.iterdir()
                                                          if not p.name.startswith(".")):
            return True
    except OSError:
        pass
    db = history()
    if db is None:
        return history_problem() is not None      # the screens say what is wrong with it
    try:
        return db.count() > 0
    except HistoryError:
        return True


def tidy(keep: Path | None = None) -> None:
    """Drop games abandoned before their first move (never `keep`). Finished games are never
    dropped: they live in the history."""
    for entry in entries():
        if not entry.ok:
            continue                     # not ours to judge: the Load screen shows it
        if not entry.saved.finished and not entry.saved.actions and entry.path != keep:
            delete(entry.path)


# --- the history of finished games ------------------------------------------------------------

_history_lock = threading.RLock()
_history: dict = {"path": None, "db": None, "problem": None}


def history() -> History | None:
    """The open history of the current data folder (None without one, or when it cannot be
    used: `history_problem()` says why). Opening it the first time in a run brings in the
    finished games of the saves folder (the files are left in place)."""
    path = storage.history_path()
    with _history_lock:
        if _history["path"] != path:
            close_history()
            _history["path"] = path
            if path is None:
                return None
            try:
                db = open_history(path)
            except HistoryError as exc:
                log.warning("%s", exc)
                _history["problem"] = exc
                return None
            _history["db"], _history["problem"] = db, db.notice
            try:
                db.import_saves(storage.saves_dir())
            except HistoryError as exc:
                log.warning("cannot bring the saved games into the history: %s", exc)
                _history["problem"] = exc
        return _history["db"]


def history_problem() -> HistoryError | None:
    """What went wrong with the history in this run (a damaged file set aside, a lock...)."""
    history()
    return _history["problem"]


def close_history() -> None:
    with _history_lock:
        if _history["db"] is not None:
            _history["db"].close()
        _history.update(path=None, db=None, problem=None)


def game_over(path, saved: SavedGame) -> None:
    """A game just ended: its last save is written and the game goes into the history (both
    on the saving thread, so the frame never waits for the disk)."""
    if path is not None:
        SAVER.submit(path, saved, finished=True)
    else:
        archive(None, saved)


def archive(path, saved: SavedGame) -> bool:
    """Put a finished game into the history (one transaction); then its file may go."""
    db = history()
    if db is None:
        return False
    try:
        db.add(saved)
    except HistoryError as exc:
        log.warning("cannot add the game to the history: %s", exc)
        _history["problem"] = exc
        return False
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        log.warning("a finished game that does not replay was not added to the history: %s", exc)
        return False
    if path is not None and db.contains(saved):
        delete(path)                      # it is in the history now: the folder keeps games in progress
    return True


def delete(path) -> bool:
    try:
        Path(path).unlink()
        return True
    except FileNotFoundError:
        return True
    except OSError as exc:
        log.warning("cannot delete %s: %s", path, exc)
        return False
