"""The window's saved games: autosave in the background, the list, Continue, clean-up.

Every action is saved (game.savegame.write: atomic, so a crash never leaves a broken
file). Writing takes a few milliseconds of disk flushing, so it happens on a small
background thread — the newest version of each file wins, and `flush()` waits for the
disk (the Load screen, the app's exit and the tests call it). Finished games are kept as
replays: the KEEP_FINISHED most recent ones; games abandoned before their first move are
removed when a new game starts.
"""
from __future__ import annotations

import atexit
import logging
import threading
from pathlib import Path

from game.savegame import SaveEntry, SavedGame, new_path, scan, write
from ui import storage

log = logging.getLogger(__name__)

KEEP_FINISHED = 20


class AutoSaver:
    """One writer thread; `submit` never blocks the frame (beyond copying the save)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, SavedGame] = {}
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: dict[Path, str] = {}          # last failure per file (cleared by a success)

    def submit(self, path: Path, saved: SavedGame) -> None:
        snapshot = saved.copy()
        with self._cond:
            self._pending[Path(path)] = snapshot
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
                self._busy = True
            try:
                write(path, saved)
                error = None
            except OSError as exc:
                error = problem(exc)
                log.warning("cannot save the game to %s: %s", path, exc.strerror or exc)
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
    folder = storage.saves_dir()
    try:
        return folder is not None and folder.is_dir() and any(p for p in folder.iterdir()
                                                                if not p.name.startswith("."))
    except OSError:
        return False


def tidy(keep: Path | None = None) -> None:
    """Keep the KEEP_FINISHED newest finished games and drop empty abandoned ones (never `keep`)."""
    finished = 0
    for entry in entries():
        if not entry.ok:
            continue                     # not ours to judge: the Load screen shows it
        saved = entry.saved
        drop = False
        if saved.finished:
            finished += 1
            drop = finished > KEEP_FINISHED
        elif not saved.actions:
            drop = True
        if drop and entry.path != keep:
            delete(entry.path)


def delete(path) -> bool:
    try:
        Path(path).unlink()
        return True
    except FileNotFoundError:
        return True
    except OSError as exc:
        log.warning("cannot delete %s: %s", path, exc)
        return False
