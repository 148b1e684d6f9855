"""The term scales tuned by play: tools/tune_term_scales.py, the "tuned" object of
data/ai_weights.json and how game/ai/weights.py reads it."""

import json
import os
import sys

import pytest

from game import DataError
from game.ai import evaluate as ev
from game.ai.weights import DEFAULT_PATH, TERM_NAMES, load_weights

TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
sys.path.insert(0, TOOLS)
import fit_ai_weights as fit  # noqa: E402
import tune_term_scales as tune  # noqa: E402


def test_tuned_scales_replace_the_fitted_ones_in_the_evaluation():
    weights = load_weights()
    with open(DEFAULT_PATH, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc.get("tuned"), "the committed file has tuned scales"
    for rules, agora in (("base", False), ("agora", True)):
        fitted = {n: tuple(v) for n, v in doc["term_scale"][rules].items()}
        assert weights.fit_term_scale[rules] == fitted
        if rules in doc["tuned"]:
            part = doc["tuned"][rules]
            settings = part["settings"]
            if not agora:
                # the base game's Ages II-III were refitted on games against indjev99's MCTS
                # (tools/fit_on_records.py); the settings keep how the rest was tuned
                assert "fit_on_records" in settings["ages_2_3_refit_on_records"]
                settings = settings["tuned_by_play"]
            assert set(settings) == {"seed", "pairs", "batch", "a", "c"}
            assert settings["pairs"] >= 1000
            used = ev.TERM_SCALE_BY_RULES[agora]
            assert used == {n: tuple(v) for n, v in part["term_scale"].items()}
            assert used != fitted
            # the unit and the terms the tuning leaves alone are the fit's
            for name in tune.FIXED_TERMS + (() if agora else tune.BASE_ONLY_SKIP):
                assert used[name] == fitted[name]


def test_a_pair_of_games_is_scored_from_plus_side_and_is_reproducible():
    start = load_weights().fit_term_scale["base"]
    plus = dict(start, production=(6.0, 6.0, 6.0))
    job = (12345, 0, plus, start, False)
    r = tune.play_pair(job)
    assert r in (-1.0, -0.5, 0.0, 0.5, 1.0)
    assert tune.play_pair(job) == r
    # the evaluation's own table is untouched after the games
    assert ev.TERM_SCALE_BY_RULES[False] == load_weights().term_scale["base"]


def test_scaled_player_evaluates_with_its_own_scales_only_while_choosing(monkeypatch):
    from game import new_game
    seen = []
    real_terms = ev.terms

    def spy(s, me, *args, **kwargs):
        seen.append(ev.TERM_SCALE_BY_RULES[False]["production"])
        return real_terms(s, me, *args, **kwargs)
    monkeypatch.setattr(ev, "terms", spy)
    mine = dict(load_weights().fit_term_scale["base"], production=(9.0, 9.0, 9.0))
    player = tune.Scaled(1, mine, False)
    s = new_game(4, agora=False)
    while s.decision == "draft":
        s.apply(s.legal_actions()[0])
    before = ev.TERM_SCALE_BY_RULES[False]
    player.choose(s.observation(s.current_player), s.legal_actions())
    assert seen and set(seen) == {(9.0, 9.0, 9.0)}
    assert ev.TERM_SCALE_BY_RULES[False] is before


def test_small_tuning_is_reproducible_moves_only_tuned_terms_and_is_written(tmp_path):
    start = load_weights().fit_term_scale["base"]

    def small(seed):
        return tune.tune("base", pairs=4, batch=2, seed=seed, a=0.05, c=0.2, workers=1,
                         start=start, log=lambda text: None)
    first = small(3)
    assert small(3) == first
    for name in TERM_NAMES:
        if name in tune.FIXED_TERMS + tune.BASE_ONLY_SKIP:
            assert first[name] == start[name]
    path = tmp_path / "ai_weights.json"
    path.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    settings = {"seed": 3, "pairs": 4, "batch": 2, "a": 0.05, "c": 0.2}
    tune.write_tuned(path, "base", settings, first)
    loaded = load_weights(path)
    assert loaded.term_scale["base"] == first
    assert loaded.tuning["base"] == settings
    assert loaded.fit_term_scale == load_weights().fit_term_scale
    # re-fitting keeps the tuning it does not redo
    doc = fit.keep_tuned({"term_scale": {}}, path)
    assert doc["tuned"]["base"]["settings"] == settings


@pytest.mark.parametrize("tuned, message", [
    ([], "tuned: expected an object"),
    ({"base": 3}, "tuned.base: expected an object"),
    ({"base": {"settings": {}}}, "tuned.base.term_scale: expected an object"),
    ({"agora": {"term_scale": {"points": [1, 1, 1]}}}, "tuned.agora.term_scale: missing the term"),
    ("negative", "tuned.base.term_scale: the scales must be positive"),
])
def test_broken_tuned_object_gives_a_clear_message(tmp_path, tuned, message):
    with open(DEFAULT_PATH, encoding="utf-8") as f:
        doc = json.load(f)
    if tuned == "negative":
        scales = dict(doc["term_scale"]["base"], tempo=[1.0, -1.0, 1.0])
        tuned = {"base": {"term_scale": scales}}
    doc["tuned"] = tuned
    path = tmp_path / "ai_weights.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_weights(path)
    text = str(info.value)
    assert str(path) in text and message in text and "\n" not in text

