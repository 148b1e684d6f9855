"""The history database of finished games (game/history.py): what a game leaves in it, the
one-time import of a saves folder, crashes during a write, damaged and locked files, and the
statistics read with SQL against the same figures computed by replaying the games."""
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from game.history import (Filter, HistoryError, SCHEMA_VERSION, facts_of, game_uid,
                          open_history)
from game.savegame import SavedGame, write  # noqa: E402
from ui.files.stats import HistoryStats, collect  # noqa: E402
from save_support import play_out  # noqa: E402


def finished(seed, mode="ai", level="normal", human=0, first=0, agora=True, when=None, hints=0):
    """A finished game with random moves, saved as `mode` against `level`."""
    if mode == "hotseat":
        players = [{"name": "Ana", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    else:
        players = [None, None]
        players[human] = {"name": "", "kind": "human"}
        players[1 - human] = {"name": "", "kind": "ai", "ai": level}
    saved = SavedGame(seed=seed, agora=agora, first_player=first, mode=mode, players=players,
                      created=1_000_000.0 + seed, hints=hints)
    play_out(saved, seed)
    saved.updated = when if when is not None else 2_000_000.0 + seed * 3600
    return saved


SPECS = [(1, "ai", "easy", 0, 0, True), (2, "ai", "normal", 1, 1, True), (3, "ai", "normal", 0, 1, False),
         (4, "hotseat", None, 0, 0, True), (5, "ai", "hard", 0, 0, True), (6, "ai", "hard", 1, 0, False),
         (7, "ai", "easy", 1, 1, True), (8, "ai", "random", 0, 0, True), (9, "hotseat", None, 0, 1, False),
         (10, "ai", "normal", 0, 0, True), (11, "ai", "normal", 1, 0, True), (12, "ai", "hard", 0, 1, True)]


@pytest.fixture(scope="module")
def games():
    return [finished(seed, mode, level, human, first, agora, hints=int(seed == 5))
            for seed, mode, level, human, first, agora in SPECS]


@pytest.fixture
def folder(tmp_path, games):
    saves = tmp_path / "saves"
    for i, saved in enumerate(games):
        write(saves / f"game-{i:02d}.json", saved)
    write(saves / "playing.json", SavedGame(seed=99, created=5.0, updated=5.0))       # in progress
    (saves / "damaged.json").write_text('{"format": "agora-duel-save", "version": 1, "seed": ', encoding="utf-8")
    (saves / "photo.json").write_text('{"hello": "world"}', encoding="utf-8")
    (saves / "notes.txt").write_text("my notes", encoding="utf-8")
    return saves


def test_a_finished_game_is_stored_whole(tmp_path, games):
    saved = games[1]                            # the person sits in seat 1 against 'normal'
    result = saved.replay().result
    with open_history(tmp_path / "history.sqlite3") as db:
        game_id = db.add(saved)
        assert game_id is not None and db.add(saved) is None        # the same game twice: once
        row = db.db.execute("SELECT played_at, mode, opponent, rules, you, first_player, winner, victory,"
                            " outcome, decisions, hints, conceded FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row == (saved.updated, "ai", "normal", "agora", 1, 1, result.winner, result.victory,
                       "W" if result.winner == 1 else "L" if result.winner == 0 else "D", len(saved.actions), 0, None)
        for seat in (0, 1):
            sheet = db.db.execute("SELECT blue, green, yellow, purple, wonders, progress, coins, military, senate,"
                                  " total FROM sheets WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone()
            assert sheet == tuple(result.scores[seat][c] for c in ("blue", "green", "yellow", "purple", "wonders",
                                                                   "progress", "coins", "military", "senate",
                                                                   "total"))
        back = db.saved_game(game_id)                 # the full move record: it replays
        assert back.to_dict() == saved.to_dict()
        assert back.replay().to_json() == saved.replay().to_json()
        assert db.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_saves_folder_is_imported_once_and_left_in_place(tmp_path, folder, games):
    before = sorted(p.name for p in folder.iterdir())
    with open_history(tmp_path / "history.sqlite3") as db:
        added, skipped = db.import_saves(folder)
        assert (added, skipped) == (len(games), 3)   # damaged, foreign and not-a-save: counted, never fatal
        assert db.count() == len(games)
        assert db.import_saves(folder) == (0, 3)     # again: nothing twice
        assert db.count() == len(games)
        assert db.skipped_files() == 3
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_game_deleted_by_the_player_does_not_come_back_from_the_folder(tmp_path, folder, games):
    with open_history(tmp_path / "history.sqlite3") as db:
        db.import_saves(folder)
        newest = db.page(0, 1)[0]
        assert db.delete(newest.id)
        db.import_saves(folder)
        assert db.count() == len(games) - 1
        assert db.import_lines([json.dumps(games[-1].to_dict())]) == (1, 0, 0)   # an explicit import may


def test_sql_statistics_equal_those_of_replaying_the_games(tmp_path, folder, games):
    replayed = collect(folder)                       # the reference: every file replayed
    with open_history(tmp_path / "history.sqlite3") as db:
        db.import_saves(folder)
        sql = HistoryStats(summary=db.summary(Filter()), skipped=db.skipped_files())
    assert sql.games == replayed.games == len(games)
    assert sql.skipped == replayed.skipped == 3
    assert sql.by_group() == replayed.by_group()
    assert list(sql.by_group()) == list(replayed.by_group())       # levels in order, then hot-seat
    assert sql.victories() == replayed.victories()
    for cat, (mine, theirs) in replayed.average_scores().items():
        assert sql.average_scores()[cat] == pytest.approx((mine, theirs))
    assert sql.results() == replayed.results()
    assert sql.longest_streak() == replayed.longest_streak()
    assert sql.first_player() == replayed.first_player()
    assert sql.hinted() == replayed.hinted() == 1
    assert sql.summary.trend[-1] == pytest.approx(replayed.results().count("W") / len(games))


def test_statistics_filters(tmp_path, games):
    day = 86400.0
    now = 2_000_000.0 + 400 * day
    with open_history(tmp_path / "history.sqlite3") as db:
        for k, saved in enumerate(games):
            copy = saved.copy()
            copy.updated = now - (len(games) - k) * 5 * day          # one game every five days
            db.add(copy)
        for n in range(25):                                           # and 25 newer, all 'easy'
            db.add(finished(100 + n, level="easy", when=now - 1000 + n))
        assert db.summary(Filter("all")).games == 37
        last20 = db.summary(Filter("last20"))
        assert last20.games == 20 and set(last20.groups) == {"easy"}
        assert db.summary(Filter("days30", now=now)).games == 25 + 6    # 5, 10 ... 30 days ago
        hard = db.summary(Filter("all", opponent="hard"))
        assert hard.games == 3 and set(hard.groups) == {"hard"}
        base = db.summary(Filter("all", rules="base"))
        assert base.games == sum(not g.agora for g in games)
        assert db.summary(Filter("all", opponent="nobody")).games == 0


def test_a_concession_and_an_unknown_victory_kind_are_counted(tmp_path, games):
    conceded = games[0].copy()
    conceded.actions = conceded.actions[:30]            # stopped early, the winner in the summary
    conceded.summary = dict(conceded.summary, finished=True, winner=1, victory="concession")
    facts = facts_of(conceded)
    assert (facts.winner, facts.victory, facts.conceded) == (1, "concession", 0)
    with open_history(tmp_path / "history.sqlite3") as db:
        db.add(conceded)
        odd = games[2].copy()
        facts = facts_of(odd)
        facts.victory = "from-the-future"
        db.add(odd, facts)
        kinds = HistoryStats(summary=db.summary()).victories()
    assert kinds["concession"] == [0, 1]                 # seat 0 (you) conceded
    assert sum(kinds["from-the-future"]) == 1
    for kind in ("military", "science", "political", "civilian"):
        assert kind in kinds


def test_25_games_give_25_rows(tmp_path):
    with open_history(tmp_path / "history.sqlite3") as db:
        for n in range(25):
            db.add(finished(200 + n))
        assert db.count() == 25
        assert [r.played_at for r in db.page(0, 30)] == sorted((r.played_at for r in db.page(0, 30)), reverse=True)
        assert len(db.page(20, 10)) == 5


def test_export_then_import_is_identical(tmp_path, games):
    import io
    with open_history(tmp_path / "a.sqlite3") as a:
        for saved in games:
            a.add(saved)
        first = io.StringIO()
        assert a.export(first) == len(games)
    lines = first.getvalue().splitlines()
    assert [SavedGame.from_dict(json.loads(line)).to_dict() for line in lines] == \
        [g.to_dict() for g in sorted(games, key=lambda g: g.updated)]         # the saved-game record
    with open_history(tmp_path / "b.sqlite3") as b:
        assert b.import_lines(lines) == (len(games), 0, 0)
        assert b.import_lines(lines + ["not json", '{"format": "x"}', ""]) == (0, len(games), 2)
        second = io.StringIO()
        b.export(second)
        assert second.getvalue() == first.getvalue()
        assert b.summary() == open_history(tmp_path / "a.sqlite3").summary()


def test_a_damaged_file_is_set_aside_not_overwritten(tmp_path, games):
    path = tmp_path / "history.sqlite3"
    junk = b"this is not a database at all" * 100
    path.write_bytes(junk)
    with open_history(path) as db:
        assert db.notice is not None and db.notice.code == "damaged"
        moved = db.notice.set_aside
        assert moved.exists() and moved.read_bytes() == junk
        assert db.add(games[0]) is not None and db.count() == 1        # a fresh history works


def test_a_database_with_a_damaged_header_is_set_aside(tmp_path, games):
    path = tmp_path / "history.sqlite3"
    with open_history(path) as db:
        db.add(games[0])
    data = bytearray(path.read_bytes())
    data[16:100] = b"\xff" * 84                           # page size and the rest of the header: garbage
    path.write_bytes(bytes(data))
    with open_history(path) as db:
        assert db.notice is not None and db.notice.set_aside.read_bytes() == bytes(data)
        assert db.count() == 0


def test_a_locked_database_gives_a_clear_error(tmp_path, games):
    path = tmp_path / "history.sqlite3"
    open_history(path).close()
    holder = sqlite3.connect(str(path), isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryError) as err:
            db = open_history(path, timeout=0.2)
            db.add(games[0])
        assert err.value.code == "locked"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.exists() and not list(tmp_path.glob("*.damaged-*"))


def test_a_newer_schema_is_refused_untouched(tmp_path):
    path = tmp_path / "history.sqlite3"
    open_history(path).close()
    con = sqlite3.connect(str(path))
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    with pytest.raises(HistoryError) as err:
        open_history(path)
    assert err.value.code == "newer"


WRITER = r"""
import sys
sys.path.insert(0, {root!r})
from game.history import open_history, facts_of
from game.savegame import SavedGame
import json
saved = SavedGame.from_dict(json.loads({record!r}))
facts = facts_of(saved)
db = open_history({path!r})
print("ready", flush=True)
n = 0
while True:
    n += 1
    saved.created = 10.0 + n            # a new game each time
    db.add(saved, facts)
"""


def test_kill_9_during_writes_leaves_a_consistent_history(tmp_path, games):
    path = tmp_path / "history.sqlite3"
    record = json.dumps(games[0].to_dict())
    rng = random.Random(3)
    counts = []
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(ROOT), record=record, path=str(path))],
                                stdout=subprocess.PIPE)
        proc.stdout.readline()
        time.sleep(rng.uniform(0.2, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with open_history(path) as db:
            assert db.notice is None
            assert db.check() == "ok"
            games_n = db.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            assert db.db.execute("SELECT COUNT(*) FROM sheets").fetchone()[0] == 2 * games_n
            assert db.db.execute("SELECT COUNT(*) FROM records").fetchone()[0] == games_n
            assert db.db.execute("SELECT COUNT(*) FROM games g WHERE NOT EXISTS"
                                 " (SELECT 1 FROM records r WHERE r.game_id = g.id)").fetchone()[0] == 0
            counts.append(games_n)
    assert counts[0] > 0 and counts == sorted(counts)           # never a game lost once committed


def test_game_identity_ignores_the_time_it_was_last_written(games):
    copy = games[0].copy()
    copy.updated += 100
    assert game_uid(copy) == game_uid(games[0])
    copy.created += 1
    assert game_uid(copy) != game_uid(games[0])
