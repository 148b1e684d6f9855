"""Open files (issue #44, point 6): idle TCP connections from one address are counted as
they are accepted, before any WebSocket handshake, and the excess is closed at once; the
server keeps its sockets under the open-file limit (with headroom), so accepting never
fails for everyone; and it raises its soft open-file limit to the hard one when it starts.
The server runs in a subprocess whose limit is lowered; every socket is on loopback and
every loop bounded."""

import asyncio
import os
import socket
import subprocess
import sys
import time

import pytest

from net import protocol
from net_support import LOOPBACK, ROOT, Raw, python_env, run

resource = pytest.importorskip("resource")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc and lowers RLIMIT_NOFILE (Linux)")

OTHER = "127.0.0.2"        # a legitimate player, from another address


def _server(tmp_path, soft, hard, *extra):
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    proc = subprocess.Popen(
        [sys.executable, "-m", "net.server", "--host", LOOPBACK, "--port", "0",
         "--data-dir", str(tmp_path / "data"), "--quiet", *extra],
        cwd=ROOT, env=python_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=limit)
    line = proc.stdout.readline()
    if "ws://" not in line:
        proc.kill()
        raise AssertionError(f"server did not start: {line!r} {proc.stderr.read()}")
    return proc, int(line.split(":")[-1].split()[0])


def _stop(proc):
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err


def _flood(port, count):
    """`count` idle TCP connections from 127.0.0.1 (nothing sent on them)."""
    socks = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(0.5)
        try:
            s.connect((LOOPBACK, port))
        except OSError:
            s.close()
            continue
        socks.append(s)
    return socks


async def _create(port, source, timeout=3.0):
    c = await asyncio.wait_for(Raw.open(f"ws://{LOOPBACK}:{port}", source), timeout)
    try:
        return await c.ask(protocol.create(agora=False), timeout)
    finally:
        await c.close()


def _open_files(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_the_server_raises_its_soft_open_file_limit_to_the_hard_one(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 512:
        pytest.skip("the hard limit is too low to lower the soft one under it")
    proc, port = _server(tmp_path, 256, 512)
    try:
        with open(f"/proc/{proc.pid}/limits") as f:
            line = next(l for l in f if l.startswith("Max open files"))
    finally:
        _stop(proc)
    assert line.split()[3:5] == ["512", "512"]


def test_idle_sockets_from_one_address_cannot_starve_the_others(tmp_path):
    """400 idle sockets from one address against a server allowed 300 open files: only 20
    are kept (its connection limit), and another player starts a game at once."""
    proc, port = _server(tmp_path, 300, 300, "--connections-per-address", "20")
    socks = []
    try:
        socks = _flood(port, 400)
        time.sleep(0.3)
        held = _open_files(proc.pid)
        joined = run(_create(port, OTHER), 10)
    finally:
        for s in socks:
            s.close()
        err = _stop(proc)
    assert joined["type"] == "joined"
    assert held < 80, held
    assert "Too many open files" not in err and "out of system resource" not in err, err[-2000:]


def test_many_sockets_stay_under_the_open_file_limit_and_a_game_goes_on(tmp_path):
    """Even when one address may hold many sockets, the server keeps its sockets under its
    open-file limit with headroom: accepting never fails, a game already playing goes on,
    and new players connect once the flood has gone."""
    proc, port = _server(tmp_path, 300, 300, "--connections-per-address", "1000")
    socks = []

    async def game_then_flood():
        url = f"ws://{LOOPBACK}:{port}"
        host = await Raw.open(url, OTHER)
        joined = await host.ask(protocol.create(agora=False))
        guest = await Raw.open(url, OTHER)
        await guest.ask(protocol.join(joined["room"]))
        updates = [await host.recv_type("update"), await guest.recv_type("update")]
        socks.extend(await asyncio.to_thread(_flood, port, 400))
        await asyncio.sleep(0.3)
        held = _open_files(proc.pid)
        seat = updates[0]["to_move"]
        mover = (host, guest)[seat]
        reply = await mover.ask(protocol.action(0, updates[seat]["observation"]["legal_actions"][0]))
        for s in socks:
            s.close()
        socks.clear()
        await asyncio.sleep(0.3)
        later = await _create(port, OTHER)
        await host.close()
        await guest.close()
        return held, reply, later

    try:
        held, reply, later = run(game_then_flood(), 30)
    finally:
        for s in socks:
            s.close()
        err = _stop(proc)
    assert held <= 300 - 16, held
    assert reply["type"] == "update" and reply["seq"] == 1
    assert later["type"] == "joined"
    assert "Too many open files" not in err and "out of system resource" not in err, err[-2000:]
