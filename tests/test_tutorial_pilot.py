"""`python main.py --tutorial LESSON --autoplay --exit-when-done` (issue #38): the pilot goes
through every lesson of data/lessons/ by clicking what each step asks, through the real
scenes, and ends with the lesson's end panel (exit 0); a lesson it cannot finish exits 1."""
import json

import pytest

import main
from game.lesson import lesson_ids


def run_pilot(capsys, *args):
    """The command line's pilot, with the animations instant (the test needs no pictures in motion)."""
    from ui.testing.lesson_pilot import run_lesson_pilot
    parsed = main.parse_args(["--autoplay", "--exit-when-done", "--size", "960x540", *args])
    parsed.anim_speed = "instant"
    code = run_lesson_pilot(parsed)
    out = capsys.readouterr().out.strip().splitlines()
    return code, (json.loads(out[-1]) if out else None)


def test_the_command_line_sends_tutorial_autoplay_to_the_lesson_pilot(monkeypatch):
    import ui.testing.lesson_pilot as pilot
    seen = []
    monkeypatch.setattr(pilot, "run_lesson_pilot", lambda args: seen.append(args.tutorial) or 0)
    assert main.main(["--tutorial", "base", "--autoplay", "--exit-when-done"]) == 0
    assert seen == ["base"]


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_the_pilot_completes_the_lesson(capsys, lesson_id, settings_kept):
    code, result = run_pilot(capsys, "--tutorial", lesson_id)
    assert code == 0
    assert result["finished"] and result["lesson"] == lesson_id
    assert result["clicks"] >= result["steps"] // 2           # it clicked its way through


def test_an_unknown_lesson_fails_with_a_message(capsys, settings_kept):
    code, _ = run_pilot(capsys, "--tutorial", "no-such-lesson")
    assert code == 1
