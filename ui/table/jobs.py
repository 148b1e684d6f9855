"""Long computations (a game's analysis, a hint) in a child process, polled by the window.

Like the AI host (ui/table/ai_host.py) the work runs in another process, so the search never
competes with the render loop for the GIL: the window stays smooth and shows a progress bar.
A job is started with a task name and plain data (a save's dict, a position's JSON); the
scene polls `poll()` each frame and reads `progress`, `result` or `error`. `cancel()` stops it
at once (closing the screen). This module imports no pygame, so the child starts quickly.
"""
from __future__ import annotations

import multiprocessing as mp


def _analyse(report, save: dict, seconds: float):
    from game.analysis import analyse
    from game.savegame import SavedGame
    saved = SavedGame.from_dict(save)
    return analyse(saved, seconds=seconds, progress=lambda done, total: report((done, total))).to_dict()


def _hint(report, position: str, seconds: float, seed: int):
    from game import load_state
    from game.analysis import think
    return think(load_state(position), seconds=seconds, seed=seed).to_dict()


TASKS = {"analyse": _analyse, "hint": _hint}


def _run(conn, task: str, args: tuple) -> None:
    try:
        result = TASKS[task](lambda p: conn.send(("progress", p)), *args)
        conn.send(("ok", result))
    except BaseException as exc:  # reported to the window, which shows it in the screen
        try:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        except (OSError, ValueError):
            pass
    finally:
        conn.close()


class Job:
    """One task in its own process. `done` once `result` or `error` is set."""

    def __init__(self, task: str, *args) -> None:
        if task not in TASKS:
            raise ValueError(f"unknown task {task!r}")
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_run, args=(child, task, args), name=f"agora-{task}", daemon=True)
        self.proc.start()
        child.close()
        self.progress = (0, 1)
        self.result = None
        self.error: str | None = None

    @property
    def done(self) -> bool:
        return self.result is not None or self.error is not None

    @property
    def fraction(self) -> float:
        done, total = self.progress
        return 1.0 if self.done else max(0.0, min(1.0, done / max(1, total)))

    def poll(self) -> bool:
        """Read what the child sent; returns `done`."""
        if self.done:
            return True
        try:
            while self.conn.poll():
                kind, value = self.conn.recv()
                if kind == "progress":
                    self.progress = tuple(value)
                elif kind == "ok":
                    self.result = value
                else:
                    self.error = value
        except (EOFError, OSError):
            if not self.done:
                self.error = "the analysis process stopped"
        if not self.done and not self.proc.is_alive():
            try:
                left = self.conn.poll()
            except (EOFError, OSError):
                left = False
            if not left:
                self.error = "the analysis process stopped"
        if self.done:
            self._close()
        return self.done

    def cancel(self) -> None:
        if not self.done:
            try:
                self.proc.kill()
            except (OSError, ValueError, AttributeError):
                pass
            self.error = "cancelled"
        self._close()

    def _close(self) -> None:
        try:
            self.conn.close()
        except OSError:
            pass
        try:
            self.proc.join(timeout=0.5)
        except (OSError, ValueError, AssertionError):
            pass
