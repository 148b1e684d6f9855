"""Hints and post-game analysis (game/analysis.py) and `python -m game analyse`."""

import json

import pytest

from game import new_game
from game.__main__ import main
from game.ai import heuristic, make_player
from game.ai.mcts import SearchPlayer
from game.analysis import analyse, think
from game.savegame import SavedGame, write

ITERATIONS = 20


def science_throw_game(seed):
    """A base game where seat 0 collects science and, with a science victory one build
    away, discards a card instead; both seats then play the `one-ply` AI to the end.
    Returns the save and the index of the thrown-away decision."""
    s = new_game(seed, agora=False, first_player=0)
    normal = [make_player("one-ply", seed), make_player("one-ply", seed + 1)]
    saved = SavedGame(seed=seed, agora=False, first_player=0,
                      players=[{"name": "", "kind": "human"}, {"name": "", "kind": "ai", "ai": "normal"}])
    thrown = None
    while not s.is_terminal:
        p = s.current_player
        legal = s.legal_actions()
        action = None
        if p == 0 and thrown is None:
            if any(_wins_science(s, a) for a in legal):
                action = next(a for a in legal if a.kind == "discard")
                thrown = len(saved.actions)
            else:
                green = [a for a in legal if a.kind == "build"
                         and s.rules.cards[s.rules.card_id[a.subject]].color == "green"]
                action = green[0] if green else None
        if action is None:
            action = normal[p].choose(s.observation(p), legal)
        s.apply(action)
        saved.record(s, action)
    return saved, thrown


def _wins_science(s, action):
    c = s.clone()
    c.apply(action)
    return c.result is not None and c.result.winner == 0 and c.result.victory == "science"


@pytest.fixture(scope="module", autouse=True)
def untimed_threat_checks():
    """`one-ply`'s threat check stops sampling at a time limit; without one, the games this
    module plays are the same on a busy machine as on an idle one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(heuristic, "DEEP_SECONDS", 5.0)
        yield


@pytest.fixture(scope="module")
def thrown_game():
    """The first seed whose game has the science win thrown away and lost at once (the
    opponent wins within four decisions, so the throw is what lost it). Since `one-ply`
    denies green cards to a player near a science win (issue #37), few games let seat 0 get
    that far: the search starts at 80 (seeds 0-79 give none)."""
    for seed in range(80, 280):
        try:
            saved, thrown = science_throw_game(seed)
        except StopIteration:           # no card to discard at that moment
            continue
        if thrown is not None and saved.summary.get("winner") == 1 and len(saved.actions) - thrown <= 4:
            return saved, thrown
    pytest.fail("no seed gives a game where seat 0 throws away a science win and loses at once")


@pytest.fixture(scope="module")
def analysis(thrown_game):
    saved, _ = thrown_game
    return analyse(saved, iterations=ITERATIONS)


def test_hint_names_the_move_the_search_plays():
    s = new_game(5, agora=True, first_player=0)
    normal = make_player("one-ply", 9)
    checked = 0
    for turn in range(40):
        legal = s.legal_actions()
        if len(legal) > 1 and turn % 4 == 0:
            seat = s.current_player
            expected = SearchPlayer(seed=turn, iterations=ITERATIONS).choose(s.observation(seat), legal)
            hint = think(s, iterations=ITERATIONS, seed=turn)
            assert hint.seat == seat
            assert hint.best == str(expected)
            assert 1 <= len(hint.candidates) <= 3
            assert len({c.action for c in hint.candidates}) == len(hint.candidates)
            assert all(0.0 <= c.chance <= 1.0 for c in hint.candidates)
            checked += 1
        s.apply(normal.choose(s.observation(s.current_player), legal))
    assert checked >= 5


def test_hint_gives_runners_up_with_reasons():
    s = new_game(7, agora=True, first_player=0)
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    hint = think(s, iterations=40, seed=1)
    assert len(hint.candidates) == 3
    assert any(c.reasons for c in hint.candidates)
    for c in hint.candidates:
        for code, params in c.reasons:
            assert isinstance(code, str) and isinstance(params, dict)


def test_hint_takes_an_immediate_science_win(thrown_game):
    saved, thrown = thrown_game
    s = saved.replay(thrown)
    hint = think(s, iterations=ITERATIONS)
    assert hint.chance == 1.0
    assert hint.candidates[0].reasons[0][0] == "wins"


def test_series_has_one_value_per_decision_in_0_1(thrown_game, analysis):
    saved, _ = thrown_game
    assert len(analysis.series) == len(saved.actions)
    assert all(0.0 <= v <= 1.0 for v in analysis.series)
    assert 0.0 <= analysis.start <= 1.0
    assert analysis.seat == 0                       # the human seat
    # the game is over: the last value is the result itself
    assert analysis.series[-1] == (1.0 if analysis.winner == 0 else 0.0)


def test_thrown_science_win_is_the_largest_turning_point(thrown_game, analysis):
    _, thrown = thrown_game
    top = analysis.turning_points[0]
    assert top.decision == thrown
    assert top.seat == 0
    assert top.drop > 0.5
    assert top.best != top.played                  # the search would have taken the win
    assert top.best_chance == 1.0
    drops = [analysis.start - analysis.series[0]] + [
        a - b for a, b in zip(analysis.series, analysis.series[1:])]
    assert max(drops) == pytest.approx(top.drop)


def test_cli_prints_series_and_turning_points(thrown_game, tmp_path, capsys):
    saved, thrown = thrown_game
    path = write(tmp_path / "game.json", saved)
    assert main(["analyse", str(path), "--iterations", str(ITERATIONS), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decisions"] == len(saved.actions) == len(out["series"])
    assert all(0 <= v <= 1 for v in out["series"])
    assert out["turning_points"][0]["decision"] == thrown


def test_cli_reports_a_broken_save(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["analyse", str(bad), "--json"]) == 2
    assert "not a saved game" in capsys.readouterr().err


def test_analysis_can_be_cancelled_and_reports_progress(thrown_game):
    saved, _ = thrown_game
    seen = []
    assert analyse(saved, iterations=2, progress=lambda d, t: seen.append((d, t)),
                   cancelled=lambda: len(seen) >= 3) is None
    assert seen[-1][0] == 3 and seen[-1][1] == len(saved.actions) + 1
