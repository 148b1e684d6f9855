"""The fitted evaluation scales: data/ai_weights.json, its loader (game/ai/weights.py) and
the script that writes it (tools/fit_ai_weights.py).

The full fit plays hundreds of games (`python tools/fit_ai_weights.py --check` verifies the
committed file in a few minutes); here a small-scale run shows that the procedure is
deterministic, and the committed file is checked against its own recorded settings.
"""

import json
import os
import sys

import pytest

from positions import give, offer, position
from game import DataError
from game.ai import evaluate as ev
from game.ai.weights import DEFAULT_PATH, RULE_SETS, TERM_NAMES, load_weights

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import fit_ai_weights as fit  # noqa: E402


# ------------------------------------------------------------------ the committed file

def test_committed_weights_load_and_are_used_by_the_evaluation():
    weights = load_weights()
    assert DEFAULT_PATH.name == "ai_weights.json" and DEFAULT_PATH.parent.name == "data"
    for rules in RULE_SETS:
        scales = weights.term_scale[rules]
        assert set(scales) == set(TERM_NAMES)
        assert scales["points"] == (1.0, 1.0, 1.0)        # the unit of the evaluation
        assert all(v > 0 for v in weights.value_scale[rules])
    assert ev.TERM_SCALE_BY_RULES[False] == weights.term_scale["base"]
    assert ev.TERM_SCALE_BY_RULES[True] == weights.term_scale["agora"]
    assert tuple(ev.VALUE_SCALE) == weights.value_scale["agora"]


def test_committed_file_records_how_it_was_made_and_predicts_as_well_as_before():
    weights = load_weights()
    st = weights.settings
    assert set(st) == {"seed", "games", "rounds", "noise", "l2", "fixed"} and st["games"] >= 100
    with open(DEFAULT_PATH, encoding="utf-8") as f:
        text = f.read()
    assert text == fit.dumps(json.loads(text))        # written by the script, untouched
    last_round = weights.quality[-1]
    fitted = previous = 0.0
    for age in ("age1", "age2", "age3"):
        q = last_round[age]
        assert q["held_out_positions"] > 500
        fitted += q["fitted"]["log_loss"]
        previous += q["previous"]["log_loss"]
    # on held-out games the committed scales predict the outcome at least as well as the
    # previous hand-fitted ones
    assert fitted <= previous + 1e-9


# ------------------------------------------------------------------ the script

def test_small_fit_is_reproducible_and_well_formed(tmp_path):
    # few games: a strong pull toward the previous scales keeps the fit sensible
    def small(seed):
        return fit.dumps(fit.run(seed=seed, games=2, rounds=1, noise=0.1, l2=1e6,
                                 fixed=("military", "science")))
    before = ev.VALUE_SCALE
    first = small(5)
    assert ev.VALUE_SCALE == before         # self-play's temporary settings are restored
    assert small(5) == first
    assert small(6) != first
    path = tmp_path / "ai_weights.json"
    path.write_text(first, encoding="utf-8")
    weights = load_weights(path)                    # the loader accepts what the script writes
    assert weights.settings["seed"] == 5 and weights.settings["games"] == 2


def test_logistic_fit_recovers_known_coefficients():
    import random
    rng = random.Random(3)
    true = [0.8, -0.5]
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.uniform(-3, 3), rng.uniform(-3, 3)]
        p = fit.sigmoid(sum(b * v for b, v in zip(true, x)))
        xs.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    beta = fit.fit_logistic(xs, ys, prior=[0.0, 0.0], l2=1.0)
    assert abs(beta[0] - 0.8) < 0.1 and abs(beta[1] + 0.5) < 0.1
    # a strong penalty pulls the coefficients to the prior
    pulled = fit.fit_logistic(xs, ys, prior=[0.0, 0.0], l2=1e7)
    assert max(abs(b) for b in pulled) < 0.01


# ------------------------------------------------------------------ broken files

def good_document():
    with open(DEFAULT_PATH, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("breakage, message", [
    (None, "no such file"),
    ("{not json", "not valid JSON"),
    ([], "expected a JSON object"),
    ({"value_scale": {}}, "missing the 'term_scale' object"),
    ("drop-term", "term_scale.base: missing the term 'coins'"),
    ("bad-number", "term_scale.agora.tempo: expected a list of 3 numbers"),
    ("zero-value", "value_scale.base: the scales must be positive"),
    ("unknown-term", "unknown term 'luck'"),
])
def test_broken_weights_file_gives_a_clear_message(tmp_path, breakage, message):
    path = tmp_path / "ai_weights.json"
    if breakage is not None:
        doc = good_document()
        if breakage == "drop-term":
            del doc["term_scale"]["base"]["coins"]
        elif breakage == "bad-number":
            doc["term_scale"]["agora"]["tempo"] = [1.0, "x", 1.0]
        elif breakage == "zero-value":
            doc["value_scale"]["base"] = [10.0, 0, 5.0]
        elif breakage == "unknown-term":
            doc["term_scale"]["base"]["luck"] = [1, 1, 1]
        else:
            doc = breakage
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_weights(path)
    text = str(info.value)
    assert str(path) in text and message in text and "\n" not in text


# ------------------------------------------------------------------ the fitted evaluation

@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_fitted_evaluation_still_prefers_the_obvious(agora):
    # more points on the sheet is better
    s = position(agora=agora, age=2)
    before = ev.evaluate(s, 0, tempo=False)
    give(s, 0, "Courthouse")
    assert ev.evaluate(s, 0, tempo=False) > before
    # more coins is better, and the opponent's coins are bad for me
    s = position(agora=agora, age=3)
    richer = position(agora=agora, age=3)
    richer.coins = [12, 7]
    assert ev.evaluate(richer, 0, tempo=False) > ev.evaluate(s, 0, tempo=False)
    assert ev.evaluate(richer, 1, tempo=False) < ev.evaluate(s, 1, tempo=False)
    # the Conflict pawn on the opponent's side is good
    pushed = position(agora=agora, age=2)
    pushed.pawn = 3
    assert ev.evaluate(pushed, 0, tempo=False) > ev.evaluate(position(agora=agora, age=2), 0,
                                                             tempo=False)


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_one_ply_builds_the_card_worth_more_points(agora):
    from game.ai import make_player
    s = position(agora=agora, age=3)
    give(s, 0, "Sawmill", "Brickyard", "Quarry", "Glassworks", "Glass-Blower")
    offer(s, "Palace", "Gardens")           # 7 points against 6, both free to build
    p = s.current_player
    action = make_player("one-ply", 1).choose(s.observation(p), s.legal_actions())
    assert str(action) == "build Palace"
