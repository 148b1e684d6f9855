"""The record a server sends at the end of an online game is a saved game of mode 'online':
it loads, replays to its end, and goes into the history told from the seat this window played."""
from game import new_game
from game.history import History, your_seat
from game.savegame import SavedGame, SaveError

import pytest
import random


def online_record(seed=5, seat=1):
    state = new_game(seed, agora=False, first_player=0)
    rng = random.Random(seed)
    saved = SavedGame(seed=seed, agora=False, first_player=0, mode="online",
                      players=[{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
                      options={"online": {"room": "K7QF3M", "clock": 0, "seat": seat}})
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        saved.record(state, action)
    return saved, state


def test_an_online_record_loads_and_replays_to_its_end():
    saved, state = online_record()
    loaded = SavedGame.from_dict(saved.to_dict())
    assert loaded.mode == "online"
    assert loaded.replay().result == state.result


def test_an_unknown_mode_is_still_refused():
    saved, _ = online_record()
    data = saved.to_dict()
    data["mode"] = "carrier-pigeon"
    with pytest.raises(SaveError):
        SavedGame.from_dict(data)


def test_the_history_tells_an_online_game_from_the_seat_played(tmp_path):
    saved, state = online_record(seat=1)
    assert your_seat(saved) == 1
    db = History.open(tmp_path / "history.sqlite3")
    try:
        db.add(saved)
        row = db.page(0, 5)[0]
        assert row.mode == "online" and row.you == 1
        assert row.outcome == ("D" if state.result.winner is None else "W" if state.result.winner == 1 else "L")
    finally:
        db.close()
