"""bench/ai_variants.py: one level against itself with one change."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import ai_variants  # noqa: E402
from game.ai import evaluate  # noqa: E402


class Recorder:
    """A player that notes the tempo weight it sees while it chooses."""

    def __init__(self):
        self.seen = []

    def choose(self, observation, legal_actions):
        self.seen.append(evaluate.WEIGHTS["tempo"])
        return legal_actions[0]


def test_the_change_holds_only_while_the_changed_side_chooses():
    before = evaluate.WEIGHTS["tempo"]
    inner = Recorder()
    changed = ai_variants.Changed(inner, ai_variants.parse_change("tempo=0.9"))
    assert changed.choose(None, ["a"]) == "a"
    assert inner.seen == [0.9]
    assert evaluate.WEIGHTS["tempo"] == before


def test_a_search_constant_of_another_module_is_changed_only_for_the_changed_side():
    from game.ai import mcts

    class Seer:
        seen = []

        def choose(self, observation, legal_actions):
            self.seen.append(mcts.CLOSE_SHARE)
            return legal_actions[0]

    before = mcts.CLOSE_SHARE
    changed = ai_variants.Changed(Seer(), ai_variants.parse_change("@mcts.CLOSE_SHARE=0.9"))
    changed.choose(None, ["a"])
    assert Seer.seen == [0.9] and mcts.CLOSE_SHARE == before


def test_an_evaluation_change_reaches_the_cores_search_and_only_while_the_side_chooses():
    from game.ai import native
    if not native.EVALUATE:
        pytest.skip("the native core is not built")

    class Seer:
        seen = []

        def choose(self, observation, legal_actions):
            self.seen.append(native.eval_weights(True).win_chance(0.0, 2))
            self.seen.append(native.eval_weights(True).win_chance(3.0, 2))
            return legal_actions[0]

    plain = native.eval_weights(True).win_chance(3.0, 2)
    scale = evaluate.VALUE_SCALE
    changed = ai_variants.Changed(Seer(), [("@VALUE_SCALE", tuple(2 * x for x in scale))])
    changed.choose(None, ["a"])
    assert Seer.seen[0] == 0.5
    # twice the value scale: the same evaluation is a less sure win, in the core as well
    assert 0.5 < Seer.seen[1] < plain
    assert native.eval_weights(True).win_chance(3.0, 2) == plain


@pytest.mark.parametrize("text", ["tempo", "tempo=(0.1", "no_such_weight=1", "@NO_SUCH=1",
                                  "@mcts.NO_SUCH=1", "@no_such_module.X=1"])
def test_a_bad_change_is_refused_with_a_clear_message(text):
    with pytest.raises(ValueError):
        ai_variants.parse_change(text)


def test_it_plays_and_prints_the_result():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "ai_variants.py"),
                          "--level", "one-ply", "--change", "tempo=0.75;.mistakes=0.0",
                          "--games", "2", "--rules", "base", "--workers", "1"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "base game (seed 0" in run.stdout and "/2 = " in run.stdout


def test_a_wrong_flag_value_is_a_usage_error():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "ai_variants.py"),
                          "--change", "tempo=", "--games", "1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "not a Python literal" in run.stderr
