"""The Wonder draft by measured values: data/ai_choices.json, its loader, the exact pick
(game/ai/draft.py), the players that use it, and the script that measures the values
(tools/fit_choice_values.py)."""

import json
import os
import sys

import pytest

from game import DataError, new_game
from game.ai import draft, weights
from game.ai.heuristic import HeuristicPlayer
from game.ai.mcts import QuickSearchPlayer, SearchPlayer
from game.ai.weights import CHOICES_PATH, RULE_SETS, load_choice_values

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import fit_choice_values as fit  # noqa: E402


def first_draft(agora, seed=3, first=0):
    s = new_game(seed, agora=agora, first_player=first)
    assert s.decision == "draft"
    return s


def names(s, wids):
    return [s.rules.wonders[w].name for w in wids]


# ------------------------------------------------------------------ the committed file

def test_committed_values_cover_every_wonder_and_token():
    values = load_choice_values()
    assert CHOICES_PATH.name == "ai_choices.json" and CHOICES_PATH.parent.name == "data"
    for rules, agora in (("base", False), ("agora", True)):
        s = first_draft(agora)
        assert set(values[rules]["wonders"]) == {w.name for w in s.rules.wonders}
        assert set(values[rules]["tokens"]) == {t.name for t in s.rules.progress}


def test_committed_file_tells_the_choices_apart_and_predicts_held_out_games():
    with open(CHOICES_PATH, encoding="utf-8") as f:
        text = f.read()
    doc = json.loads(text)
    assert text == fit.dumps(doc)                 # written by the script, untouched
    for rules in RULE_SETS:
        part = doc[rules]
        assert part["games"]["draft"] >= 4000 and part["games"]["choices"] >= 2000
        assert part["token_choices"] >= 1000
        # each experiment's values predict its held-out games better than who moves first
        for held in part["held_out"].values():
            assert held["log_loss"] < held["log_loss_moving_first_only"]
        for kind in ("wonders", "tokens"):
            values, errors = part[kind]["value"], part[kind]["standard_error"]
            assert set(errors) == set(values)
            # the measurement tells them apart: the spread of the values is several times
            # their typical standard error
            typical = sorted(errors.values())[len(errors) // 2]
            assert max(values.values()) - min(values.values()) > 4 * typical


@pytest.mark.parametrize("problem, text", [
    ("missing", None),
    ("not json", "{ nope"),
    ("no agora", json.dumps({"base": {"wonders": {"value": {"Piraeus": 1.0}},
                                      "tokens": {"value": {"Law": 1.0}}}})),
    ("no tokens", json.dumps({r: {"wonders": {"value": {"Piraeus": 1.0}}}
                              for r in ("base", "agora")})),
    ("bad number", json.dumps({r: {"wonders": {"value": {"Piraeus": "high"}},
                                   "tokens": {"value": {"Law": 1.0}}}
                               for r in ("base", "agora")})),
])
def test_a_broken_values_file_raises_a_clear_data_error(tmp_path, problem, text):
    path = tmp_path / "ai_choices.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_choice_values(path)
    assert "ai_choices.json" in str(err.value)


def with_values(monkeypatch, wonders=None, tokens=None):
    """Replace the measured values the players read."""
    real = load_choice_values()
    table = {r: {"wonders": wonders or real[r]["wonders"], "tokens": tokens or real[r]["tokens"]}
             for r in RULE_SETS}
    monkeypatch.setattr(draft, "choice_values", lambda: table)


# ------------------------------------------------------------------ the pick

def test_the_first_picker_takes_the_best_wonder_and_the_round_is_searched_exactly():
    s = first_draft(agora=False, first=0)
    pool = list(s.draft_pool)
    worth = {n: float(i) for i, n in enumerate(names(s, pool))}      # 0, 1, 2, 3
    values = draft.pick_values(s, 0, worth)
    # seat 0 picks one, seat 1 the best two of the rest, seat 0 keeps the last:
    # taking the 3 leaves 0 to seat 0 and 1 + 2 to seat 1
    assert values[pool[3]] == pytest.approx(3 + 0 - (1 + 2))
    assert values[pool[0]] == pytest.approx(0 + 1 - (2 + 3))
    assert max(values, key=values.get) == pool[3]
    # seen from the other seat, the same round is worth the opposite
    assert draft.pick_values(s, 1, worth)[pool[3]] == pytest.approx(-values[pool[3]])


def test_the_second_picker_takes_its_two_best():
    s = first_draft(agora=False, first=0)
    pool = list(s.draft_pool)
    s.apply(next(a for a in s.legal_actions() if a.subject == names(s, [pool[0]])[0]))
    assert s.current_player == 1 and len(s.draft_pool) == 3
    worth = {n: float(i) for i, n in enumerate(names(s, pool))}
    values = draft.pick_values(s, 1, worth)
    # whichever of its two best it takes first, seat 1 ends with 2 + 3 against 0 + 1
    assert values[pool[3]] == pytest.approx(values[pool[2]]) == pytest.approx(2 + 3 - 0 - 1)
    assert values[pool[1]] < values[pool[2]]


@pytest.mark.parametrize("agora", [False, True])
@pytest.mark.parametrize("make", [
    lambda: HeuristicPlayer(seed=1),
    lambda: QuickSearchPlayer(seed=1, iterations=20),
    lambda: SearchPlayer(seed=1, iterations=20),
])
def test_players_draft_the_wonder_the_measured_values_rank_first(monkeypatch, agora, make):
    s = first_draft(agora, first=1)
    offered = names(s, s.draft_pool)
    bot = make()
    assert bot.draft_by_values
    # whichever Wonder is made the most valuable is the one drafted
    for favourite in (offered[0], offered[-1]):
        with_values(monkeypatch, wonders={n: (5.0 if n == favourite else 0.0) for n in offered})
        action = bot.choose(s.observation(1), s.legal_actions())
        assert action.kind == "draft" and action.subject == favourite


def test_the_file_values_decide_a_real_draft():
    s = first_draft(agora=False, first=0)
    values = load_choice_values()["base"]["wonders"]
    best = max(names(s, s.draft_pool), key=values.get)
    action = SearchPlayer(seed=2, iterations=20).choose(s.observation(0), s.legal_actions())
    assert action.subject == best


# ------------------------------------------------------------------ the script

def test_the_script_is_deterministic_and_writes_a_loadable_file(tmp_path):
    # Agora's games are the slow ones (about 2 s each, some seeds far more): five of them
    # still hold one out (HOLD_OUT) for the held-out check.
    seeds = {"draft": 1, "choices": 2}
    games = {"draft": (12, 5), "choices": (12, 5)}
    one = fit.run(seeds, games, workers=1, log=lambda m: None)
    two = fit.run(seeds, games, workers=2, log=lambda m: None)     # games finish out of order
    assert fit.dumps(one) == fit.dumps(two)
    path = tmp_path / "ai_choices.json"
    path.write_text(fit.dumps(one), encoding="utf-8")
    values = load_choice_values(path)
    for k, rules in enumerate(RULE_SETS):
        assert one[rules]["games"] == {"draft": games["draft"][k], "choices": games["choices"][k]}
        assert one[rules]["held_out"]["draft"]["games"] >= 1
        assert len(values[rules]["wonders"]) >= 8


def test_only_the_experiments_choices_are_random():
    # a game's Wonders: four each, all different
    rec = fit.play_game(("choices", 5, 0, True))
    assert len(rec["wonders"][0]) == len(rec["wonders"][1]) == 4
    assert not set(rec["wonders"][0]) & set(rec["wonders"][1])
    assert [age for _, age, _ in rec["starts"]] == [2, 3]
    for _, _, offered, chosen, kind in rec["picks"]:
        assert chosen in offered and kind in ("progress", "library")
    # the same seed drafts the same Wonders in both experiments; the draft experiment
    # leaves the tokens and the Age starts to the player, so it records none
    draft_only = fit.play_game(("draft", 5, 0, True))
    assert draft_only["wonders"] == rec["wonders"]
    assert "picks" not in draft_only and "starts" not in draft_only


def test_the_counts_argument():
    assert fit.counts("8000,4000", "--games") == (8000, 4000)
    assert fit.counts("50", "--games") == (50, 50)
    for bad in ("5", "1,2,3", "x"):
        with pytest.raises(ValueError):
            fit.counts(bad, "--games")


def test_weights_module_reads_the_values_once():
    weights.choice_values.cache_clear()
    assert weights.choice_values() is weights.choice_values()


# ------------------------------------------------------------------ hints and analysis

def test_a_hint_at_the_draft_reads_the_measured_values():
    from game.analysis import think
    from ui.text.i18n import set_language, language
    from ui.text.insight_text import reason_text
    s = first_draft(agora=False, first=0)
    values = draft.pick_values(s, 0)                   # the round played out exactly
    offered = sorted(s.draft_pool, key=lambda w: -values[w])
    assert names(s, offered[:1]) == [max(names(s, s.draft_pool),
                                         key=load_choice_values()["base"]["wonders"].get)]
    hint = think(s, iterations=20, seed=1)
    assert [c.action for c in hint.candidates] == [
        str(next(a for a in s.legal_actions() if a.subject == n)) for n in names(s, offered[:3])]
    chances = [c.chance for c in hint.candidates]
    assert chances == sorted(chances, reverse=True) and 0 < chances[-1] < chances[0] < 1
    # moving first counts in the chances: before any Wonder is drafted, the player moving
    # first reads ahead and the other behind
    assert draft.drafted_value(s, 1) < 0 < draft.drafted_value(s, 0)
    previous = language()
    try:
        for lang in ("en", "ko"):
            set_language(lang)
            text = reason_text(*hint.candidates[0].reasons[0])
            assert text and "insight." not in text
    finally:
        set_language(previous)
