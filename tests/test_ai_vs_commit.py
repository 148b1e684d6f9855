"""bench/ai_vs_commit.py: wrong arguments get a clear message; one short game is played."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import ai_vs_commit  # noqa: E402


def test_unknown_commit_is_refused(capsys):
    with pytest.raises(SystemExit):
        ai_vs_commit.main(["--commit", "no-such-revision-xyz"])
    assert "is not a commit" in capsys.readouterr().err


def test_unknown_rules_are_refused(capsys):
    with pytest.raises(SystemExit):
        ai_vs_commit.main(["--commit", "HEAD", "--rules", "chess"])
    assert "--rules" in capsys.readouterr().err


def test_wilson_interval_brackets_the_rate():
    lo, hi = ai_vs_commit.wilson(15, 20)
    assert lo < 0.75 < hi and 0.5 < lo and hi < 0.95
    assert ai_vs_commit.wilson(0, 0) == (0.0, 1.0)


def test_two_games_against_head_count_winners_and_clean_up(tmp_path):
    log = tmp_path / "games.jsonl"
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "ai_vs_commit.py"),
                          "--commit", "HEAD", "--new", "normal", "--old", "random", "--games", "2",
                          "--workers", "2", "--rules", "base", "--log", str(log)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "2 games, 0 errors" in out.stdout
    assert "95%" in out.stdout
    after = subprocess.run(["git", "-C", ROOT, "worktree", "list"], capture_output=True, text=True).stdout
    where = out.stdout.split("checked out at ")[1].split()[0]
    assert where not in after and not os.path.exists(where)   # the temporary checkout is gone
    import json
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["game"] for r in records] == [0, 1]          # in game order, two at a time
    assert [r["new_seat"] for r in records] == [0, 1]
    assert all(r["winner"] in ("new", "old", None) and r["actions"] for r in records)


def test_a_terminated_run_with_workers_stops_at_once_and_cleans_up():
    import signal
    import time
    proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "bench", "ai_vs_commit.py"),
                             "--commit", "HEAD", "--new", "hard", "--seconds", "1", "--games", "8",
                             "--workers", "2", "--rules", "base"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline() + proc.stdout.readline()
    where = first.split("checked out at ")[1].split()[0]
    time.sleep(3)                                   # games under way
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)                    # does not wait for the games to finish
    assert proc.returncode != 0
    after = subprocess.run(["git", "-C", ROOT, "worktree", "list"], capture_output=True, text=True).stdout
    assert where not in after and not os.path.exists(where)
