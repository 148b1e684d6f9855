"""The exact end search's choice passes the threat check too.

The position comes from a real game at 2 s a decision (base game, seed 829, seat 0
first; the working tree's `hard` in seat 1 against a5ff885's): eight cards are left in
Age III, the pawn stands seven spaces toward seat 1's capital (two from a military
supremacy), and one of the cards still face down is Siege Workshop (two shields).
Building Port uncovers it for the opponent; Fortifications is safe whatever lies face
down. The exact search, averaging over three determinizations, found none that held the
danger and built Port by a point of margin; the opponent took Siege Workshop and won.
"""

import pytest

from game.ai import endgame
from game.ai.mcts import SearchPlayer
from game.ai.tactics import forced_win
from positions import after_turn, replayed

ACTIONS = ["draft The Appian Way", "draft The Colossus", "draft The Pyramids", "draft Piraeus", "draft The Great Library", "draft The Sphinx", "build Logging Camp", "build Press", "build Garrison", "build Theater", "build Stable", "build Pharmacist", "build Lumber Yard", "build Clay Pool", "build Quarry", "discard Workshop", "build Altar", "build Wood Reserve", "build Clay Pit", "build Stone Pit", "build Tavern", "build Glassworks", "discard Palisade", "discard Stone Reserve", "wonder The Appian Way with Clay Reserve", "build Baths", "start player 1", "discard Forum", "build Glass-Blower", "build Drying Room", "build Parade Ground", "build Brewery", "build Temple", "build Statue", "discard Library", "wonder The Great Lighthouse with Horse Breeders", "wonder The Sphinx with Caravansery", "discard Dispensary", "wonder Piraeus with Customs House", "wonder The Colossus with Barracks", "build Rostrum", "build Courthouse", "discard Brickyard", "build Shelf Quarry", "wonder The Great Library with Sawmill", "library Philosophy", "wonder The Pyramids with Laboratory", "discard Archery Range", "start player 1", "build Pantheon", "build Lighthouse", "build Chamber of Commerce", "discard Moneylenders Guild", "build Arena", "build Magistrates Guild", "build Observatory", "build Circus", "build Town Hall", "build Pretorium", "build Palace", "discard Senate"]
LOSING = "build Port"
SAFE = "build Fortifications"


def position():
    return replayed(829, ACTIONS, agora=False, first_player=0)


def test_port_hands_the_opponent_a_military_supremacy_and_fortifications_does_not():
    s = position()
    assert s.current_player == 1 and s.age == 3
    assert endgame.cards_left(s) <= endgame.exact_cards(s, SearchPlayer.default_seconds)
    assert forced_win(after_turn(s, LOSING), 0, turns=2, left=[10 ** 6])
    assert not forced_win(after_turn(s, SAFE), 0, turns=2, left=[10 ** 6])


@pytest.mark.parametrize("seed", range(3))
def test_hard_builds_fortifications(seed):
    # A fixed number of iterations: the decision, exact search and check included, is
    # deterministic.
    s = position()
    bot = SearchPlayer(seed=seed, iterations=150)
    action = bot.choose(s.observation(1), s.legal_actions())
    assert bot.last_exact is not None            # decided by the exact search
    assert str(action) == SAFE


def test_the_exact_values_alone_prefer_port():
    # What seed 0's three determinizations say: Port a point better than Fortifications,
    # because none of them holds Siege Workshop under it.
    s = position()
    bot = SearchPlayer(seed=0, iterations=150)
    bot.choose(s.observation(1), s.legal_actions())
    values = {str(a): v for a, v in bot.last_exact.items()}
    assert values[LOSING] > values[SAFE]
