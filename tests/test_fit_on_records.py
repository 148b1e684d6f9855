"""tools/fit_on_records.py: the evaluation's base-game scales fitted on recorded games
against another player (the anchor kit's games.jsonl)."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import calibrate_eval as cal  # noqa: E402
import fit_on_records as for_  # noqa: E402


def test_positions_are_taken_from_both_seats_with_their_own_outcome_and_side():
    # a base game of `one-ply` against a science seeker, in the anchor kit's format; game 0
    # of a match puts the other player in seat 0
    r = cal.play(1, 31)[0]
    rows = for_.positions(r)
    assert rows and len(rows) % 2 == 0
    for mine, theirs in zip(rows[::2], rows[1::2]):
        assert mine[0] == theirs[0] in (1, 2, 3)               # the same position, its Age
        assert (mine[2], theirs[2]) == (1.0, -1.0)              # seat 0 the other's, seat 1 ours
        assert mine[3] + theirs[3] == 1.0                       # one seat's win is the other's loss
        assert len(mine[1]) == len(for_.BASE_TERMS)
    assert rows[0][3] == (1.0 if r["winner"] == 0 else 0.0 if r["winner"] == 1 else 0.5)
    # the points term is what the score sheet says, seen from each side
    assert any(m[1][0] != 0 for m in rows[::2]) and all(
        abs(m[1][0] + t[1][0]) < 1e-9 for m, t in zip(rows[::2], rows[1::2]))


def test_fit_writes_only_the_free_base_terms_and_only_when_held_out_games_agree(tmp_path,
                                                                                 monkeypatch, capsys):
    path = tmp_path / "games.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for r in cal.play(10, 40):             # seats and first players balanced
            f.write(json.dumps(r) + "\n")
    weights = tmp_path / "ai_weights.json"
    original = (for_.DEFAULT_PATH).read_text(encoding="utf-8")
    weights.write_text(original, encoding="utf-8")
    monkeypatch.setattr(for_, "DEFAULT_PATH", weights)
    assert for_.main(["--records", str(path), "--free", "production,wonders",
                      "--l2", "1000", "--write"]) == 0
    out = capsys.readouterr().out
    # every Age is reported: fitted, or left alone where points do not predict the outcome
    assert "10 games" in out
    assert out.count("held-out log-loss") + out.count("the Age is left as it is") == 3
    before, after = json.loads(original), json.loads(weights.read_text(encoding="utf-8"))
    assert after["tuned"]["agora"] == before["tuned"]["agora"]          # Agora untouched
    assert after["term_scale"] == before["term_scale"]                  # the fit's table too
    old, new = before["tuned"]["base"]["term_scale"], after["tuned"]["base"]["term_scale"]
    assert {n for n in old if old[n] != new[n]} <= {"production", "wonders"}
    assert after["tuned"]["base"]["settings"]["games"] == 10


def test_unknown_term_is_refused_with_the_list_of_terms(capsys):
    try:
        for_.main(["--records", os.devnull, "--free", "luck"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "unknown term 'luck'" in capsys.readouterr().err


def test_a_missing_or_broken_records_file_is_named_in_one_line(tmp_path):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"seed": 1}\nnot json\n', encoding="utf-8")
    for path, message in ((tmp_path / "none.jsonl", "cannot read the records"),
                          (broken, "line 2: not a game record")):
        try:
            for_.load_records([str(path)])
        except SystemExit as exc:
            assert str(path) in str(exc) and message in str(exc)
        else:
            raise AssertionError("no error")
