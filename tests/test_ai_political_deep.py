"""`hard` looks three of the opponent's turns ahead when the opponent nearly holds the
Senate: a real Agora loss of `hard` against a5ff885's `hard` (issue #15, twelfth round,
seed 941 of `bench/ai_vs_commit.py --seed 920`, both at 2 s).

Move 56: the opponent controls four Chambers and ties the fifth; `hard` (seat 1) holds one
cube in Chamber 5. Building or discarding Brickyard uncovers Conspirator 6 and Middle
Politician 1 in turn: the opponent recruits one, then the other, and closes the Senate on
its third turn. Taking a card from the other side (Shelf Quarry, Courthouse) keeps them
covered. Two turns deep every move looks safe; three turns deep Brickyard loses. `hard`
built Brickyard and lost politically eight moves later.
"""

import pytest

from game import new_game
from game.ai import heuristic, make_player
from game.ai.evaluate import win_chance
from game.ai.heuristic import Lookahead, safe_choice
from game.ai.tactics import forced_win, settle

SEED_941 = [
    "draft The Temple of Artemis", "draft The Great Lighthouse", "draft Circus Maximus",
    "draft The Hanging Gardens", "draft The Sphinx", "draft The Colossus", "build Theater",
    "build Press", "build Clay Pool", "recruit Conspirator 5", "place in Chamber 5",
    "recruit Middle Politician 2", "place in Chamber 3", "build Glassworks",
    "build Pharmacist", "wonder The Hanging Gardens with Stone Reserve", "build Quarry",
    "build Lumber Yard", "recruit Conspirator 4", "place in Chamber 3", "discard Workshop",
    "build Logging Camp", "build Garrison", "build Clay Pit", "recruit Left Politician 2",
    "place in Chamber 2", "wonder The Statue of Zeus with Apothecary", "destroy Clay Pool",
    "discard Wood Reserve", "build Palisade", "build Stable",
    "wonder The Great Lighthouse with Guard Tower", "build Tavern", "discard Scriptorium",
    "wonder The Temple of Artemis with Right Politician 1", "build Altar", "start player 0",
    "build Parade Ground", "build Drying Room", "recruit Middle Politician 3",
    "place in Chamber 3", "place in Chamber 4", "wonder Circus Maximus with Caravansery",
    "build Walls", "place in Chamber 1", "build Glass-Blower", "recruit Conspirator 1",
    "place in Chamber 6", "discard Aqueduct", "build Statue", "build Brewery",
    "discard Forum", "build Laboratory", "build Temple", "discard Customs House",
    "build Sawmill",
]
ME = 1


def position():
    s = new_game(941, agora=True, first_player=0)
    for text in SEED_941:
        s.apply(s.parse_action(text))
    assert s.current_player == ME and s.decision == "turn"
    return s


def after(s, text):
    c = s.clone()
    c.apply(c.parse_action(text))
    return settle(c)


def loses(s, text, turns):
    return forced_win(after(s, text), 1 - ME, turns, [10000], political=True)


def test_brickyard_loses_the_senate_three_turns_later_and_not_sooner():
    s = position()
    assert loses(s, "build Brickyard", 3)
    assert loses(s, "discard Brickyard", 3)
    assert not loses(s, "build Brickyard", 2)
    for safe in ("build Shelf Quarry", "build Courthouse"):
        assert not loses(s, safe, 3), safe


@pytest.mark.parametrize("political_turns, brickyard_kept", [(3, False), (0, True)])
def test_the_check_moves_off_brickyard_only_when_it_looks_three_turns_deep(
        political_turns, brickyard_kept):
    s = position()
    scored = {str(a): (v, a, c) for v, a, c in Lookahead(s, ME, ()).score_all()}
    first = scored["build Brickyard"]
    rest = [t for k, t in scored.items() if k != "build Brickyard"]
    candidates = [(win_chance(v, s.age), a, c) for v, a, c in [first] + rest]
    safe = safe_choice(candidates, 1 - ME, s, True, deadline=float("inf"),
                       political_turns=political_turns)
    if brickyard_kept:
        assert safe is None
    else:
        assert safe is not None and "Brickyard" not in str(safe)


@pytest.mark.parametrize("seed", range(2))
def test_hard_does_not_uncover_the_senators(seed, monkeypatch):
    monkeypatch.setattr(heuristic, "DEEP_SECONDS", 5.0)
    player = make_player("hard", seed)
    player.iterations = 150
    s = position()
    action = player.choose(s.observation(ME), s.legal_actions())
    assert "Brickyard" not in str(action)
