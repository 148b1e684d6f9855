"""The window's connection to a game server: net/client.py on its own thread.

The render loop never waits on the network: `NetLink` runs the client in an asyncio loop
on a daemon thread and puts every message it receives into a thread-safe queue that the
online session drains once per frame (`drain`); what the player sends goes the other way
through `run_coroutine_threadsafe`. Besides the server's messages the queue carries the
link's own news: `{"type": "entered", ...}` (the seat is taken, with its token), and
`{"type": "failed", "code", "message"}` when the server refuses or cannot be reached.

Hosting starts the same server a headless host runs (net.server.BackgroundServer) on a
thread of this process; it serves for as long as the window is open.
"""
from __future__ import annotations

import asyncio
import logging
import os
import queue
import threading

log = logging.getLogger(__name__)

# Set (to anything) to keep everything on this machine: the hosted server listens on
# 127.0.0.1 only and nothing is announced on the local network (tests, offline machines).
LOCAL_ONLY_ENV = "AGORA_DUEL_LOCAL_ONLY"
DEFAULT_PORT = 8765
# For tests and the curious (docs/server.md): the hosted server's away limit (seconds an absent
# player to move may be away before the win can be claimed) and the length of a clock minute.
AWAY_CLAIM_ENV = "AGORA_DUEL_AWAY_CLAIM_SECONDS"
MINUTE_ENV = "AGORA_DUEL_MINUTE_SECONDS"


def local_only() -> bool:
    return bool(os.environ.get(LOCAL_ONLY_ENV))


class NetLink:
    """One seat's connection: `how` is ('create', kwargs), ('join', code) or ('resume', code, token)."""

    def __init__(self, url: str, name: str, how: tuple, *, retry_first: bool = False) -> None:
        self.url = url
        self.name = name
        self.how = how
        self.retry_first = retry_first      # a resume after a restart: the server may be starting too
        self.inbox: queue.Queue = queue.Queue()
        self.client = None
        self._loop = None
        self._task = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="agora-duel-link", daemon=True)
        self._thread.start()

    # --- the network thread -------------------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:            # never let the thread die silently
            self.inbox.put({"type": "failed", "code": "internal", "message": str(exc)})

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        self._ready.set()
        try:
            await self._play()
        except asyncio.CancelledError:
            pass
        finally:
            if self.client is not None:
                await self.client.close()

    async def _play(self) -> None:
        from websockets.exceptions import WebSocketException

        from net.client import PERMANENT, Client, ClientError
        self.client = client = Client(self.url, self.name)
        delay = 0.2
        while True:
            try:
                joined = await self._enter(client)
                break
            except ClientError as err:
                if err.code in PERMANENT or not self.retry_first:
                    self.inbox.put({"type": "failed", "code": err.code, "message": str(err)})
                    return
            except (OSError, asyncio.TimeoutError, WebSocketException) as exc:
                if not self.retry_first:
                    self.inbox.put({"type": "failed", "code": "unreachable", "message": str(exc)})
                    return
                self.inbox.put({"type": "connection", "status": "lost"})
            await asyncio.sleep(delay)
            delay = min(8.0, delay * 2)
        self.inbox.put({**joined, "type": "entered", "token": client.token})
        try:
            async for msg in client.messages():
                self.inbox.put(msg)
        except ClientError as err:
            self.inbox.put({"type": "failed", "code": err.code, "message": str(err)})

    async def _enter(self, client) -> dict:
        kind = self.how[0]
        if kind == "create":
            return await client.create(**self.how[1])
        if kind == "join":
            return await client.join(self.how[1])
        return await client.resume(self.how[1], self.how[2], 0)

    # --- the window's side ------------------------------------------------------------------------

    def drain(self) -> list:
        """Every message received since the last call (never blocks)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def call(self, method: str, *args) -> bool:
        """Ask the client to send something (client.act, concede, claim, ask_undo, answer_undo)."""
        if self.client is None or self._loop is None or not self._thread.is_alive():
            return False
        coro = getattr(self.client, method)(*args)
        try:
            asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:                # the loop has just ended
            coro.close()
            return False
        return True

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests): the client reconnects."""
        if self._loop is not None and self.client is not None:
            self._loop.call_soon_threadsafe(self.client.drop)

    def close(self) -> None:
        """Leave: the connection closes (the server keeps the seat for a resume)."""
        self._ready.wait(2.0)
        if self._loop is not None and self._task is not None:
            try:
                self._loop.call_soon_threadsafe(self._task.cancel)
            except RuntimeError:
                pass

    def join_thread(self, timeout: float = 5.0) -> None:
        self._thread.join(timeout)


# --- hosting -----------------------------------------------------------------------------------

HOSTED: dict = {"server": None, "port": None}


def host(data_dir, port: int = DEFAULT_PORT) -> int:
    """Start (once per run) the game server this window hosts; returns its port. The wanted
    port may be taken: then any free one. Raises OSError when no server can start."""
    if HOSTED["server"] is not None:
        return HOSTED["port"]
    from net.server import BackgroundServer
    address = "127.0.0.1" if local_only() else "0.0.0.0"
    for attempt in ([port, 0] if port else [0]):
        server = BackgroundServer(server_config(data_dir, address, attempt))
        try:
            HOSTED["port"] = server.start()
        except OSError:
            server.stop()
            if attempt == 0:
                raise
            continue
        HOSTED["server"] = server
        return HOSTED["port"]
    raise OSError("no port")


def _seconds_from_env(name: str, default: float) -> float:
    """A positive number of seconds from the environment; anything else: a warning and the default."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        log.warning("%s=%r is not a positive number of seconds; using %g", name, raw, default)
        return default
    return value


def server_config(data_dir, address: str, port: int):
    """The hosted server's Config: the defaults, with the away limit and the clock's minute
    taken from AGORA_DUEL_AWAY_CLAIM_SECONDS and AGORA_DUEL_MINUTE_SECONDS when set."""
    from dataclasses import replace

    from net.protocol import Limits
    from net.server import Config
    limits = Limits()
    limits = replace(limits, away_claim_seconds=_seconds_from_env(AWAY_CLAIM_ENV, limits.away_claim_seconds))
    config = Config(data_dir=str(data_dir), host=address, port=port, limits=limits)
    config.minute_seconds = _seconds_from_env(MINUTE_ENV, config.minute_seconds)
    return config


def stop_hosting() -> None:
    server = HOSTED["server"]
    HOSTED["server"] = HOSTED["port"] = None
    if server is not None:
        server.stop()
