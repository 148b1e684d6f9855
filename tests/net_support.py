"""Shared pieces of the online-play tests: a server on loopback, clients, local replays.

Everything runs on 127.0.0.1 with port 0 (a free port), and every test bounds its time
with `run(coro, timeout)`.
"""

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import websockets

from game import new_game
from net import protocol
from net.protocol import Limits
from net.referee import build_state
from net.rooms import Room
from net.server import Config, Server

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


def run(coro, timeout=30.0):
    """Run an async test body, failing (not hanging) after `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def serving(data_dir, seed_source=None, minute_seconds=60.0, ping_seconds=20.0, **limits):
    server = Server(Config(data_dir=str(data_dir), host=LOOPBACK, port=0,
                           limits=replace(Limits(), **limits), seed_source=seed_source,
                           minute_seconds=minute_seconds, ping_seconds=ping_seconds))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def url_of(server_or_port) -> str:
    port = server_or_port if isinstance(server_or_port, int) else server_or_port.port
    return f"ws://{LOOPBACK}:{port}"


class Raw:
    """A hand-driven connection for sending exactly the bytes a test wants."""

    def __init__(self, ws):
        self.ws = ws

    @classmethod
    async def open(cls, url, source=None):
        """`source`: another loopback address to connect from (127.0.0.2, ...), as a second
        player's machine would."""
        extra = {"local_addr": (source, 0)} if source else {}
        return cls(await websockets.connect(url, max_size=None, **extra))

    async def send(self, msg):
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout=5.0) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def recv_type(self, kind, timeout=5.0) -> dict:
        """The next message of type `kind`, skipping others."""
        deadline = time.monotonic() + timeout
        while True:
            msg = await self.recv(max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind:
                return msg

    async def ask(self, msg, timeout=5.0) -> dict:
        await self.send(msg)
        return await self.recv(timeout)

    async def close(self):
        await self.ws.close()


def replay_record(record):
    """The game of a finished record, rebuilt locally from its seed and actions."""
    room = Room(code="LOCAL", agora=record["agora"], seed=record["seed"],
                first_player=record["first_player"], actions=record["actions"])
    return build_state(room)


def local_views(record, seat):
    """Per position k (actions applied): (observation, events count) of `seat`, as JSON data."""
    state = new_game(record["seed"], agora=record["agora"], first_player=record["first_player"])
    views = []
    for player, text in record["actions"]:
        views.append((json_data(state.observation(seat)), len(state.events)))
        state.apply(state.parse_action(text))
    views.append((json_data(state.observation(seat)), len(state.events)))
    return state, views


def json_data(value):
    return json.loads(json.dumps(value))


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def python_env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def start_server_process(data_dir, port, *extra):
    """`python -m net.server` on loopback; returns once it listens (its first line)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "net.server", "--host", LOOPBACK, "--port", str(port),
         "--data-dir", str(data_dir), "--quiet", *extra],
        cwd=ROOT, env=python_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "ws://" not in line:
        proc.kill()
        raise RuntimeError(f"server did not start: {line!r} {proc.stderr.read()}")
    return proc, int(line.split(":")[-1].split()[0])


async def connect_pair(url, agora=True, clock=0, names=("A", "B")):
    """Two clients in one new room: the creator (seat 0) and the joiner (seat 1)."""
    from net.client import Client
    a = Client(url, names[0], give_up_after=20)
    b = Client(url, names[1], give_up_after=20)
    joined = await a.create(agora=agora, clock=clock)
    await b.join(joined["room"])
    return a, b


async def seated_pair(server, clock=0, agora=False):
    """A base game (by default) created by one raw client and joined by another; returns
    (host, guest, the host's first update, the joined answer)."""
    host = await Raw.open(url_of(server))
    joined = await host.ask(protocol.create(agora=agora, clock=clock))
    guest = await Raw.open(url_of(server))
    await guest.ask(protocol.join(joined["room"]))
    update = await host.recv_type("update")
    await guest.recv_type("update")
    return host, guest, update, joined
