"""`python -m game analyse` takes a finished game of the history as the Saved-games screen
does (issue #47 point 10): 'latest' or an ID that `python -m game history list` prints; a wrong
ID or an empty history is said in one line."""
import json

from game.__main__ import main
from game.history import open_history
from game.savegame import write
from game.userdata import HISTORY_FILE
from tests.test_history_db import finished


def _folder(tmp_path):
    folder = tmp_path / "data"
    with open_history(folder / HISTORY_FILE) as db:
        for n in range(3):
            db.add(finished(400 + n, level=("easy", "hard", "normal")[n], when=3_000_000.0 + n * 3600))
    write(folder / "saves" / "only-a-save.json", finished(410, when=4_000_000.0))     # the newest, not yet in it
    return folder


def test_history_list_prints_the_newest_games_with_their_ids(tmp_path, capsys):
    folder = _folder(tmp_path)
    assert main(["history", "list", "--data-dir", str(folder)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split()[0] == "ID" and len(lines) == 1 + 4
    ids = [int(line.split()[0]) for line in lines[1:]]
    with open_history(folder / HISTORY_FILE) as db:
        assert ids == [r.id for r in db.page(0, 10)]       # newest first, as the Saved-games list
        newest = db.saved_game(ids[0])
    assert newest.seed == 410


def test_analyse_takes_the_latest_game_or_an_id_of_the_list(tmp_path, capsys):
    folder = _folder(tmp_path)
    main(["history", "list", "--data-dir", str(folder)])
    ids = [int(line.split()[0]) for line in capsys.readouterr().out.strip().splitlines()[1:]]
    with open_history(folder / HISTORY_FILE) as db:
        games = {i: db.saved_game(i) for i in ids}
    assert main(["analyse", "latest", "--data-dir", str(folder), "--iterations", "2", "--json"]) == 0
    latest = json.loads(capsys.readouterr().out)
    assert len(latest["series"]) == len(games[ids[0]].actions)
    assert main(["analyse", str(ids[2]), "--data-dir", str(folder), "--iterations", "2", "--json"]) == 0
    third = json.loads(capsys.readouterr().out)
    assert len(third["series"]) == len(games[ids[2]].actions)


def test_a_wrong_id_or_an_empty_history_is_said_in_one_line(tmp_path, capsys):
    folder = _folder(tmp_path)
    assert main(["analyse", "999", "--data-dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "no game 999 in the history" in err and "history list" in err and "Traceback" not in err
    assert main(["analyse", "latest", "--data-dir", str(tmp_path / "empty")]) == 2
    assert "no finished game in the history" in capsys.readouterr().err
    assert main(["analyse", "nothing-here.json", "--data-dir", str(folder)]) == 2
    assert "no such file" in capsys.readouterr().err
