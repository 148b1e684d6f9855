"""A child process that hosts the AI players, so their search never competes with the
window's render loop for the GIL (a thread would steal milliseconds from every frame).

One host serves the whole app; requests carry the position as JSON and come back as the
action's notation. A player keeps its own state (its random generator) across requests.
"""
from __future__ import annotations

import importlib
import itertools
import multiprocessing as mp
import threading

_lock = threading.Lock()
_host = None
_ids = itertools.count(1)


def _serve(conn) -> None:
    from game import load_state
    from game.ai import make_player

    players = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        req, key, module, name, seed, think, text, seat = msg
        try:
            if module:
                importlib.import_module(module)        # registers players defined outside game.ai
            player = players.get(key)
            if player is None:
                player = players[key] = make_player(name, seed, think)
            state = load_state(text)
            legal = state.legal_actions()
            obs = state.observation(seat) if getattr(player, "needs_observation", True) else None
            conn.send((req, "ok", str(player.choose(obs, legal))))
        except BaseException as exc:  # reported to the window, which shows the error panel
            try:
                conn.send((req, "error", f"{type(exc).__name__}: {exc}"))
            except (OSError, ValueError):
                return


class Host:
    def __init__(self) -> None:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), name="agora-ai", daemon=True)
        self.proc.start()
        child.close()
        self.answers: dict = {}
        self.waiting: set = set()          # requests asked and not answered yet
        self.dropped: set = set()          # requests whose answer nobody wants any more

    @property
    def alive(self) -> bool:
        return self.proc.is_alive()

    def ask(self, key, module, name, seed, think, text, seat) -> int:
        req = next(_ids)
        self.conn.send((req, key, module, name, seed, think, text, seat))
        self.waiting.add(req)
        return req

    def answer(self, req):
        """(status, value) once the answer to `req` arrived, else None."""
        try:
            while self.conn.poll():
                got, status, value = self.conn.recv()
                self.waiting.discard(got)
                if got in self.dropped:
                    self.dropped.discard(got)
                else:
                    self.answers[got] = (status, value)
        except (EOFError, OSError) as exc:
            return ("error", f"the AI process stopped ({exc})")
        return self.answers.pop(req, None)

    def drop(self, req) -> bool:
        """Nobody wants the answer to `req`. Returns True when the host is then idle for sure."""
        self.answers.pop(req, None)
        if req in self.waiting:
            self.dropped.add(req)
        return self.waiting <= self.dropped

    def kill(self) -> None:
        """Stop at once (a search may run for seconds; the next request starts a fresh host)."""
        try:
            self.proc.kill()
            self.proc.join(timeout=2)
        except (OSError, ValueError, AttributeError):
            pass
        try:
            self.conn.close()
        except OSError:
            pass

    def close(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.proc.join(timeout=1)
        if self.proc.is_alive():
            self.proc.terminate()


def host() -> Host:
    """The shared host process (started on first use, restarted if it died)."""
    global _host
    with _lock:
        if _host is None or not _host.alive:
            _host = Host()
        return _host


def abandon(req, owner: "Host | None" = None) -> None:
    """Drop the answer to `req`; when only abandoned searches keep the host busy, restart it
    rather than make the next question wait behind them (an undo while the AI thinks)."""
    global _host
    with _lock:
        h = owner or _host
        if h is None or not h.alive:
            return
        if h.drop(req) and h.waiting:
            h.kill()
            if h is _host:
                _host = None


def shutdown() -> None:
    global _host
    with _lock:
        if _host is not None:
            _host.close()
            _host = None
