"""`python -m game history export|import FILE --data-dir PATH`: the whole history as JSON
lines and back, duplicates skipped, clear messages for a bad file or a locked history."""
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from game.history import open_history  # noqa: E402
from game.savegame import SavedGame, write  # noqa: E402
from game.userdata import HISTORY_FILE  # noqa: E402
from tests.test_history_db import finished  # noqa: E402


def history(*args):
    return subprocess.run([sys.executable, "-m", "game", "history", *map(str, args)], capture_output=True,
                          text=True, timeout=240, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_export_then_import_round_trip(tmp_path):
    games = [finished(300 + n, level=("easy", "hard")[n % 2]) for n in range(4)]
    first = tmp_path / "one"
    with open_history(first / HISTORY_FILE) as db:
        for saved in games[:3]:
            db.add(saved)
    write(first / "saves" / "old-finished.json", games[3])       # still only in the saves folder
    out = tmp_path / "history.jsonl"
    done = history("export", out, "--data-dir", first)
    assert done.returncode == 0, done.stderr
    assert "exported 4 games" in done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for line in lines:                                          # one saved-game record per line
        assert SavedGame.from_dict(json.loads(line)).finished
    second = tmp_path / "two"
    done = history("import", out, "--data-dir", second)
    assert done.returncode == 0 and "imported 4 games" in done.stderr, done.stderr
    again = history("import", out, "--data-dir", second)
    assert again.returncode == 0 and "imported 0 games" in again.stderr and "4 already there" in again.stderr
    back = tmp_path / "back.jsonl"
    assert history("export", back, "--data-dir", second).returncode == 0
    assert back.read_bytes() == out.read_bytes()


def test_a_bad_file_or_a_locked_history_says_so(tmp_path):
    missing = history("import", tmp_path / "nothing.jsonl", "--data-dir", tmp_path / "d")
    assert missing.returncode == 2 and "nothing.jsonl" in missing.stderr and "Traceback" not in missing.stderr
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n{\"format\": \"agora-duel-save\"}\n", encoding="utf-8")
    bad = history("import", junk, "--data-dir", tmp_path / "d")
    assert bad.returncode == 1 and "2 unusable lines" in bad.stderr
    path = tmp_path / "d" / HISTORY_FILE
    holder = sqlite3.connect(str(path), isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        locked = history("export", tmp_path / "x.jsonl", "--data-dir", tmp_path / "d")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert locked.returncode == 2 and "in use" in locked.stderr and "Traceback" not in locked.stderr


def test_a_damaged_history_is_set_aside_by_the_command_too(tmp_path):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / HISTORY_FILE).write_bytes(b"garbage" * 50)
    done = history("export", tmp_path / "x.jsonl", "--data-dir", folder)
    assert done.returncode == 0 and "moved to" in done.stderr
    assert [p.read_bytes() for p in folder.glob(HISTORY_FILE + ".damaged-*")] == [b"garbage" * 50]
