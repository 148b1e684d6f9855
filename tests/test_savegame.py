"""Saved games: replay, undo, atomic writes that survive a kill, and bad files reported."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.savegame import SaveError, SavedGame, new_path, read, scan, write

ROOT = Path(__file__).resolve().parent.parent


def play(saved, moves, seed=0):
    state = saved.new_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    return state


@pytest.mark.parametrize("agora", [True, False])
def test_save_then_load_continues_the_same_game(tmp_path, agora):
    saved = SavedGame(seed=42, agora=agora, first_player=1)
    state = play(saved, 60)
    path = write(tmp_path / "a.json", saved)
    loaded = read(path)
    again = loaded.replay()
    assert again.to_json() == state.to_json()
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert loaded.summary["age"] == state.age


def test_finished_game_replays_to_its_result(tmp_path):
    saved = SavedGame(seed=3)
    state = play(saved, 10_000)
    assert state.is_terminal and saved.finished
    loaded = read(write(tmp_path / "done.json", saved))
    assert loaded.replay().result == state.result
    assert loaded.summary["winner"] == state.result.winner


def test_undo_restores_exactly_the_earlier_state():
    saved = SavedGame(seed=11)
    state = saved.new_state()
    rng = random.Random(5)
    snapshots = []
    for _ in range(40):
        snapshots.append(state.to_json())
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    saved.truncate(25)
    assert saved.replay().to_json() == snapshots[25]
    assert len(saved.actions) == 25


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (os.urandom(300), "not a saved game"),
    (b'{"format": "agora-duel-save", "version": 1, "seed": 1, "agora": tr', "not a saved game"),
    (json.dumps({"format": "something-else"}).encode(), "not an Agora Duel saved game"),
    (json.dumps({"format": "agora-duel-save", "version": 99}).encode(), "newer version"),
    (json.dumps({"format": "agora-duel-save", "version": 1, "seed": 1}).encode(), "damaged"),
])
def test_bad_files_give_a_clear_message(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        read(path)
    assert words in str(err.value)


def test_a_save_whose_moves_are_illegal_is_refused():
    saved = SavedGame(seed=1)
    play(saved, 5)
    saved.actions[3][1] = "build Palace"
    with pytest.raises(SaveError, match="move 4"):
        saved.replay()


def test_scan_lists_good_saves_newest_first_and_reports_the_rest(tmp_path):
    older, newer = SavedGame(seed=1), SavedGame(seed=2)
    play(older, 3)
    play(newer, 3)
    older.updated, newer.updated = 1000.0, 2000.0
    write(tmp_path / "old.json", older)
    write(tmp_path / "new.json", newer)
    (tmp_path / "junk.json").write_bytes(os.urandom(50))
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / ".saving-x.tmp").write_text("half")
    entries = scan(tmp_path)
    good = [e for e in entries if e.ok]
    bad = [e for e in entries if not e.ok]
    assert [e.saved.seed for e in good] == [2, 1]
    assert sorted(e.path.name for e in bad) == ["junk.json", "notes.txt"]
    assert all(e.error for e in bad)


def test_new_path_never_overwrites(tmp_path):
    saved = SavedGame(seed=1)
    first = write(new_path(tmp_path, saved), saved)
    second = new_path(tmp_path, saved)
    assert first != second and not second.exists()


WRITER = """
import random, sys
sys.path.insert(0, {root!r})
from game.savegame import SavedGame, write
saved = SavedGame(seed=7)
state = saved.new_state()
rng = random.Random(1)
print("ready", flush=True)
while True:
    if state.is_terminal:
        saved = SavedGame(seed=rng.randrange(1000)); state = saved.new_state()
    action = rng.choice(state.legal_actions()); state.apply(action); saved.record(state, action)
    write({path!r}, saved)
"""


def test_killing_the_process_during_saves_never_leaves_an_unreadable_save(tmp_path):
    path = tmp_path / "live.json"
    rng = random.Random(0)
    for _ in range(8):
        proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(ROOT), path=str(path))],
                                stdout=subprocess.PIPE)
        proc.stdout.readline()
        time.sleep(rng.uniform(0.05, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if path.exists():
            read(path).replay()        # complete and consistent, whatever moment it died
    assert path.exists()
