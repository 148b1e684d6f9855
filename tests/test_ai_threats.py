"""`normal` sees supremacy threats two turns deep (extra turns included).

The position comes from a real game (base game, seed 3003, seat 1 first, the earlier
`normal` in seat 0 against the new one): at its 28th decision, in Age III, with the
Conflict pawn one space from seat 0's capital, Arsenal (three shields) is on offer and
the opponent, with 5 coins, cannot pay for it yet. The earlier `normal` built The
Statue of Zeus with Tacticians Guild: no immediate win for the opponent, but a forced
one over two of its turns (it gathers the coins, and Arsenal is still there). Tucking
Arsenal under the Wonder instead keeps the capital. The one-turn check cannot see this;
the two-turn search must.
"""

import pytest

from game.ai import heuristic, make_player
from game.ai.tactics import forced_win, settle
from positions import after_turn, replayed

ACTIONS = ["draft The Appian Way", "draft The Colossus", "draft Piraeus", "draft The Temple of Artemis", "draft The Hanging Gardens", "draft Circus Maximus", "build Tavern", "build Palisade", "build Garrison", "discard Stable", "build Stone Pit", "build Glassworks", "build Clay Pit", "discard Clay Reserve", "build Quarry", "wonder The Temple of Artemis with Apothecary", "build Baths", "wonder The Appian Way with Guard Tower", "build Theater", "build Logging Camp", "build Altar", "build Scriptorium", "build Lumber Yard", "build Pharmacist", "build Press", "discard Workshop", "start player 0", "discard Barracks", "build Archery Range", "build Glass-Blower", "wonder Circus Maximus with Dispensary", "destroy Glassworks", "discard Rostrum", "discard Aqueduct", "discard Temple", "build Walls", "build Drying Room", "build Brewery", "discard Caravansery", "wonder The Hanging Gardens with Sawmill", "build Parade Ground", "discard Courthouse", "discard Forum", "discard Statue", "build Brickyard", "discard School", "wonder The Mausoleum with Library", "mausoleum Stable", "discard Customs House", "start player 0", "build Fortifications", "build Circus", "discard Arena", "discard Scientists Guild"]
GREEDY = "wonder The Statue of Zeus with Tacticians Guild"


def position():
    return replayed(3003, ACTIONS, agora=False, first_player=1)


def test_the_position_is_a_forced_military_loss_after_the_greedy_move():
    s = position()
    assert s.current_player == 0 and s.age == 3 and s.pawn == -8
    assert forced_win(after_turn(s, GREEDY), 1, turns=2)
    assert not forced_win(after_turn(s, "wonder The Statue of Zeus with Arsenal"), 1, turns=2)
    # One turn deep nothing shows: the opponent has no immediate win.
    assert not forced_win(after_turn(s, GREEDY), 1, turns=1)


@pytest.mark.parametrize("seed", range(4))
def test_normal_avoids_the_move_that_allows_a_forced_military_loss(seed):
    # A fixed number of iterations: the whole decision (threat check included) is then
    # deterministic, and a loaded test machine cannot decide the outcome of the test.
    from game.ai.mcts import QuickSearchPlayer
    s = position()
    action = QuickSearchPlayer(seed=seed, iterations=40).choose(s.observation(0), s.legal_actions())
    assert str(action) != GREEDY
    assert not forced_win(after_turn(s, str(action)), 1, turns=2), f"normal played {action}"


@pytest.mark.parametrize("seed", range(2))
def test_one_ply_avoids_it_too(seed, monkeypatch):
    # The check's time limit protects the game's pace; on a loaded test machine it must
    # not decide the outcome of the test.
    monkeypatch.setattr(heuristic, "DEEP_SECONDS", 5.0)
    s = position()
    action = make_player("one-ply", seed).choose(s.observation(0), s.legal_actions())
    assert not forced_win(after_turn(s, str(action)), 1, turns=2), f"one-ply played {action}"


def test_one_turn_deep_checks_miss_it():
    """The test can fail: with the two-turn search off, one-ply plays into the loss."""
    s = position()
    shallow = make_player("one-ply", 0)
    shallow.deep_threats = False
    assert str(shallow.choose(s.observation(0), s.legal_actions())) == GREEDY


def test_forced_win_sees_extra_turns_and_needs_every_reply_to_fail():
    """Where the opponent's win needs two turns, one spoiling reply is enough to refute it."""
    s = position()
    c = after_turn(s, GREEDY)
    # Seat 0 to move after one opponent turn: some opponent move leaves seat 0 no reply.
    assert any(forced_win(d, 1, turns=1) for d in _turns_of(c))
    assert not all(forced_win(d, 1, turns=1) for d in _turns_of(c))


def _turns_of(s):
    for a in s.legal_actions():
        d = s.clone()
        d.apply(a)
        settle(d)
        if d.result is None:
            yield d


def test_hard_avoids_it_too():
    from game.ai.mcts import SearchPlayer
    s = position()
    action = SearchPlayer(seed=1, iterations=24).choose(s.observation(0), s.legal_actions())
    assert str(action) != GREEDY
    assert not forced_win(after_turn(s, str(action)), 1, turns=2), f"hard played {action}"


def _science_position():
    """Age III; seat 1 has four symbols (quill, plumb line, mortar, wheel) and coins to
    spare; on offer: Academy (sundial), University (sphere), Palace and Arena; Palace
    alone covers Observatory (sphere). Taking Palace uncovers a second sphere: seat 1
    takes Academy, and of the two spheres seat 0 can block only one."""
    from positions import board_tokens, give, position as constructed
    s = constructed(agora=False, player=0, age=3)
    s.coins = [10, 45]
    give(s, 1, "Scriptorium", "Workshop", "Pharmacist", "Apothecary")
    give(s, 0, "Clay Pit", "Logging Camp", "Stone Pit", "Glassworks", "Press", "Shelf Quarry",
         "Sawmill", "Brickyard", "Glass-Blower", "Temple", "Statue")
    board_tokens(s, "Agriculture", "Economy", "Masonry", "Urbanism", "Strategy")   # no Law
    cards = {11: "Observatory", 13: "Academy", 14: "University", 15: "Palace", 16: "Arena"}
    ids = s.rules.card_id
    s.structure = [ids[cards[slot]] if slot in cards else -1 for slot in range(len(s.structure))]
    s.face_up[15] = s.face_up[16] = True          # uncovered earlier
    s.accessible = [13, 14, 15, 16]
    s.remaining = len(cards)
    s._legal = None
    return s


def test_forced_science_win_two_turns_deep():
    s = _science_position()
    assert forced_win(after_turn(s, "build Palace"), 1, turns=2)
    assert not forced_win(after_turn(s, "build Palace"), 1, turns=1)
    for safe in ("build Academy", "build University", "build Arena", "discard Arena"):
        assert not forced_win(after_turn(s, safe), 1, turns=2), safe


@pytest.mark.parametrize("name", ["normal", "hard"])
def test_ai_does_not_uncover_the_second_sphere(name):
    from game.ai.mcts import SearchPlayer
    s = _science_position()
    from game.ai.mcts import QuickSearchPlayer
    player = (SearchPlayer(seed=2, iterations=24) if name == "hard"
              else QuickSearchPlayer(seed=2, iterations=40))
    action = player.choose(s.observation(0), s.legal_actions())
    assert action.subject != "Palace", f"{name} played {action}"
