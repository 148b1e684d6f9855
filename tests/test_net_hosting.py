"""Hosting from the window uses the same server on its own thread (BackgroundServer): a game
plays through it, a taken port is reported rather than crashing, and stopping keeps the
games. The layers hold: `net` imports only `game`, the standard library and websockets, and
`game` never imports `net`."""

import ast
import asyncio
import socket
import sys

import pytest

from net.bot import Bot
from net.server import BackgroundServer, Config
from net.store import Store
from net_support import LOOPBACK, ROOT, connect_pair, run


def test_a_game_plays_through_the_background_server_and_survives_its_stop(tmp_path):
    host = BackgroundServer(Config(data_dir=str(tmp_path), host=LOOPBACK, port=0))
    port = host.start()
    try:
        async def body():
            a, b = await connect_pair(f"ws://{LOOPBACK}:{port}", agora=False)
            summaries = await asyncio.gather(Bot(a, "random", seed=1).play(),
                                             Bot(b, "random", seed=2).play())
            await a.close()
            await b.close()
            return summaries

        first, second = run(body(), timeout=30)
    finally:
        host.stop()
    assert first["winner"] == second["winner"] and first["actions"] > 40
    store = Store(tmp_path)
    stored = store.load(first["room"])
    store.close()
    assert stored.outcome["winner"] == first["winner"] and len(stored.actions) == first["actions"]


def test_a_taken_port_is_reported(tmp_path):
    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        host = BackgroundServer(Config(data_dir=str(tmp_path), host=LOOPBACK,
                                       port=busy.getsockname()[1]))
        with pytest.raises(OSError):
            host.start()
        host.stop()


def _imports(folder):
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module.split(".")[0]


def test_net_sits_between_game_and_the_window():
    allowed = {"game", "websockets", "zeroconf", "ifaddr"} | set(sys.stdlib_module_names)
    wrong = [(p.name, m) for p, m in _imports("net") if m not in allowed]
    assert not wrong, f"net imports outside game/websockets/zeroconf/stdlib: {wrong}"
    assert not [p.name for p, m in _imports("game") if m == "net"]
