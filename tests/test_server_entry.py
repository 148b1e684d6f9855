"""`AgoraDuel --server ...` (main.py) runs the headless game server through net.server's own
command line — the one code path also behind `python -m net.server` and the window's Host —
so a player without Python can run a server from the packaged app."""

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run(*args, timeout=120):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


def test_the_help_names_the_server_option():
    out = run("--help").stdout
    assert "--server" in out and "--data-dir DIR" in out


def test_the_options_after_server_are_the_servers_own():
    proc = run("--server", "--help")
    assert proc.returncode == 0, proc.stderr
    for flag in ("--port", "--data-dir", "--host", "--durable", "--behind-proxy", "--away-claim-seconds"):
        assert flag in proc.stdout
    assert "usage: main.py --server" in proc.stdout
    assert "--fullscreen" not in proc.stdout                   # not the window's options


def test_main_hands_everything_after_server_to_net_server(monkeypatch):
    import main
    import net.server
    seen = []
    monkeypatch.setattr(net.server, "main", lambda argv, prog=None: seen.append((argv, prog)) or 7)
    assert main.main(["--server", "--port", "9", "--data-dir", "games", "--quiet"]) == 7
    assert seen[0][0] == ["--port", "9", "--data-dir", "games", "--quiet"]
    assert seen[0][1].endswith("--server")


@pytest.mark.parametrize("args, says", [
    (["--server", "--port", "0"], "--data-dir"),                           # the server needs a folder
    (["--lang", "ko", "--server", "--port", "0"], "--server must come first"),
    (["--server", "--port", "many", "--data-dir", "x"], "invalid int value"),
])
def test_a_wrong_server_command_line_is_one_clear_error(args, says):
    proc = run(*args)
    assert proc.returncode == 2
    assert says in proc.stderr and "Traceback" not in proc.stderr


def test_damaged_game_data_stops_the_server_with_one_clear_line(tmp_path):
    broken = tmp_path / "cards.yaml"
    text = (ROOT / "data" / "cards.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("name: Tavern,", "name: Tavern, bogus_field: 1,", 1), encoding="utf-8")
    code = ("import sys, game.data as d; d.DEFAULT_PATH = d.Path(sys.argv[1]); import main; "
            "sys.exit(main.main(['--server', '--port', '0', '--data-dir', sys.argv[2]]))")
    proc = subprocess.run([sys.executable, "-c", code, str(broken), str(tmp_path / "games")], cwd=ROOT,
                          env=ENV, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "cards.yaml" in proc.stderr and "bogus_field" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is a POSIX signal")
def test_the_server_serves_a_room_and_stops_cleanly_on_sigterm(tmp_path):
    from net.client import Client
    from net.store import Store
    server = subprocess.Popen([sys.executable, "main.py", "--server", "--host", "127.0.0.1", "--port", "0",
                               "--data-dir", str(tmp_path / "games")],
                              cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()              # "Agora Duel server: ws://127.0.0.1:PORT (...)"
        assert first.startswith("Agora Duel server: ws://127.0.0.1:"), first + server.stderr.read()
        url = first.split()[3]

        async def create_a_room():
            client = Client(url, "Ann", give_up_after=5)
            try:
                return await asyncio.wait_for(client.create(agora=False), 30)
            finally:
                await client.close()

        joined = asyncio.run(create_a_room())
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert "Traceback" not in err and "stopped" in err
    store = Store(str(tmp_path / "games"))
    try:
        assert joined["room"] in store.codes()              # the room was stored before the stop
    finally:
        store.close()


def test_without_a_console_the_server_logs_into_its_data_folder(tmp_path, monkeypatch):
    # The packaged app on Windows is windowed: no standard error to write to.
    import net.server
    monkeypatch.setattr(sys, "stderr", None)
    handler = net.server._log_handler(str(tmp_path / "games"))
    try:
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler.emit(logging.LogRecord("net.server", logging.INFO, __file__, 1, "listening", None, None))
    finally:
        handler.close()
    assert (tmp_path / "games" / "server.log").read_text(encoding="utf-8").strip() == "listening"
