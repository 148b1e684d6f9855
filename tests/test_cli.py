"""Command lines: help, wrong flags, broken data, the self-test and the simulator."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run(*args, code=None):
    proc = subprocess.run([sys.executable, *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=300)
    if code is not None:
        assert proc.returncode == code, proc.stdout + proc.stderr
    return proc


def test_help_documents_the_options():
    out = run("main.py", "--help", code=0).stdout
    for flag in ("--data-dir", "--selftest", "--autoplay", "--size", "--lang"):
        assert flag in out


def test_a_wrong_flag_is_a_clear_error():
    err = run("main.py", "--frobnicate", code=2).stderr
    assert "unrecognized arguments: --frobnicate" in err and "Traceback" not in err


def test_broken_game_data_stops_with_one_clear_line(tmp_path):
    broken = tmp_path / "cards.yaml"
    text = (ROOT / "data" / "cards.yaml").read_text(encoding="utf-8")
    assert "name: Tavern," in text
    broken.write_text(text.replace("name: Tavern,", "name: Tavern, bogus_field: 1,", 1),
                      encoding="utf-8")
    code = ("import sys, game.data as d; d.DEFAULT_PATH = d.Path(sys.argv[1]); "
            "import main; sys.exit(main.main([]))")
    proc = run("-c", code, str(broken), code=2)
    assert "Traceback" not in proc.stderr
    assert "cards.yaml" in proc.stderr and "Tavern" in proc.stderr and "bogus_field" in proc.stderr


@pytest.mark.parametrize("name, attribute, old, new, named", [
    ("ai_weights.json", "DEFAULT_PATH", '"term_scale"', '"term_scales"', "term_scale"),
    ("ai_choices.json", "CHOICES_PATH", '"Piraeus": 6.14', '"Piraeus": "best"', "Piraeus"),
])
def test_broken_ai_data_stops_with_one_clear_line(tmp_path, name, attribute, old, new, named):
    broken = tmp_path / name
    text = (ROOT / "data" / name).read_text(encoding="utf-8")
    assert old in text
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    code = (f"import sys, game.ai.weights as w; w.{attribute} = w.Path(sys.argv[1]); "
            "import main; sys.exit(main.main([]))")
    proc = run("-c", code, str(broken), code=2)
    assert "Traceback" not in proc.stderr
    assert name in proc.stderr and named in proc.stderr


def test_selftest_passes_from_source():
    out = run("main.py", "--selftest", code=0).stdout
    assert "self-test passed" in out
    for check in ("data", "faces", "strings", "game"):
        assert f"ok   {check}" in out


def test_simulate_reports_json_and_rejects_unknown_players():
    stats = json.loads(run("-m", "game", "simulate", "--games", "6", "--seed", "2", "--json",
                           code=0).stdout)
    assert stats["games"] == 6 and stats["errors"] == 0
    assert sum(stats["wins"]) + stats["draws"] == 6
    for key in ("victories", "actions_per_game", "seconds", "games_per_second", "decision_ms"):
        assert key in stats
    err = run("-m", "game", "simulate", "--p0", "nobody", code=2).stderr
    assert "invalid choice: 'nobody'" in err


def test_simulate_plays_the_ai_levels_and_times_each_seat():
    stats = json.loads(run("-m", "game", "simulate", "--games", "2", "--seed", "5", "--p0", "normal",
                           "--p1", "hard", "--think", "0.02", "--json", code=0).stdout)
    assert stats["players"] == ["normal", "hard"] and stats["errors"] == 0
    assert sum(stats["wins"]) + stats["draws"] == 2
    normal, hard = stats["decision_ms"]
    assert 0 < normal["mean"] <= normal["p95"] and 0 < hard["mean"] <= hard["p95"]
    assert hard["mean"] < 200                        # 20 ms budget, not the 2 s default


def test_ai_ladder_prints_win_rates_with_game_counts():
    out = run("bench/ai_ladder.py", "--only", "normal-random", "--random-games", "4",
              "--workers", "1", "--seed", "3", code=0).stdout
    line = next(l for l in out.splitlines() if l.startswith("  normal "))
    assert "/4 =" in line and "by kind: military" in line and "decision mean/p95" in line
    assert "errors 0" in out


def test_ai_ladder_rejects_an_unknown_match():
    err = run("bench/ai_ladder.py", "--only", "hard-random", code=2).stderr
    assert "unknown match hard-random" in err and "Traceback" not in err
