"""`hard` looks four of the opponent's turns deep for a forced supremacy in Age III.

The position comes from a real game at 2 s a decision (base game, seed 755, seat 1
first; the working tree's `hard` in seat 1 against a5ff885's): Age II is over and seat 1,
behind on the Conflict track (the pawn four spaces toward its capital, 4 coins against
10), chooses who starts Age III. It chose to start, the search reading the game at +18
points; the opponent then forced a military supremacy over its next four turns whatever
seat 1 did, in every determinization of what seat 1 could not see. Letting the opponent
start avoids it. Two turns deep nothing shows, so the ordinary check cannot see this.
"""

import pytest

from game.ai.mcts import SearchPlayer
from game.ai.tactics import forced_win
from positions import after_turn, replayed

ACTIONS = ["draft The Great Lighthouse", "draft Circus Maximus", "draft The Pyramids", "draft The Temple of Artemis", "draft The Appian Way", "draft The Sphinx", "build Stone Pit", "build Press", "build Logging Camp", "discard Baths", "discard Stone Reserve", "wonder The Temple of Artemis with Guard Tower", "build Quarry", "build Glassworks", "wonder Circus Maximus with Palisade", "destroy Glassworks", "build Clay Reserve", "build Tavern", "build Theater", "build Garrison", "discard Apothecary", "discard Scriptorium", "discard Pharmacist", "build Lumber Yard", "build Clay Pit", "build Clay Pool", "wonder The Statue of Zeus with Wood Reserve", "destroy Quarry", "start player 1", "build Brickyard", "build Sawmill", "build Glass-Blower", "build Drying Room", "discard Walls", "discard Horse Breeders", "build Statue", "discard Dispensary", "discard Library", "discard Laboratory", "build Brewery", "discard Aqueduct", "wonder The Sphinx with Temple", "build Shelf Quarry", "build Caravansery", "build Customs House", "build Archery Range", "wonder The Appian Way with Parade Ground", "build Rostrum", "build Barracks"]
LOSING = "start player 1"
SAFE = "start player 0"


def position():
    return replayed(755, ACTIONS, agora=False, first_player=1)


def test_starting_age_three_is_a_forced_military_loss_four_turns_deep():
    s = position()
    assert s.current_player == 1 and s.age == 3 and s.decision == "start"
    assert forced_win(after_turn(s, LOSING), 0, turns=4, left=[10 ** 6])
    assert not forced_win(after_turn(s, SAFE), 0, turns=4, left=[10 ** 6])
    # Two turns deep both choices look safe: the two-turn check has nothing to go on.
    assert not forced_win(after_turn(s, LOSING), 0, turns=2, left=[10 ** 6])


@pytest.mark.parametrize("seed", range(3))
def test_hard_lets_the_opponent_start_age_three(seed):
    # A fixed number of iterations: the decision, check included, is deterministic.
    s = position()
    action = SearchPlayer(seed=seed, iterations=150).choose(s.observation(1), s.legal_actions())
    assert str(action) == SAFE


def test_with_the_two_turn_check_alone_hard_starts_and_loses():
    s = position()
    bot = SearchPlayer(seed=0, iterations=150)
    bot.late_threat_turns = 2
    assert str(bot.choose(s.observation(1), s.legal_actions())) == LOSING
