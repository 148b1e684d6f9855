"""Agora: Senators, influence cubes, Chamber control, D9, military tokens, the Agora Wonders
and progress tokens, Political Supremacy and the Senate score.

Every test builds an exact position (tests/positions.py) and plays it through the engine.
Rule references: ../shared/rules/agora.md (§A…) and the English rulebook ("RB").
"""

import pytest

from positions import (act, board_tokens, conspiracy, cubes, decree, give, legal, offer,
                       position, tokens, wonders)
from game import IllegalActionError, new_game
from game.scoring import score_sheet

SENATE, CONSPIRATOR, KEEP, RETURN = "senate", "conspirator", "keep", "return"


# ------------------------------------------------------------------ helpers

def agora(player=0, coins=7, age=1):
    """An Agora position with the pawn centred and no Senate decree in the way.

    The seeded Decrees are replaced by six that never react to cube changes or to the
    actions used below (D2, D3, D5, D7, D10 are paid/checked only when something green,
    yellow or traded is built).
    """
    s = position(agora=True, player=player, coins=coins, age=age)
    s.pawn = 0
    for ch, name in enumerate(("Scientific Patronage", "Commercial Patronage",
                               "Commercial Exemption", "Scientific Exemption",
                               "Raw Materials Discount", "Manufactured Goods Discount"), 1):
        decree(s, ch, name, face_up=ch % 2 == 1)
    return s


def counts(s):
    """Cubes per Chamber as (seat 0, seat 1) pairs, CH1..CH6."""
    return [(s.cubes[ch * 2], s.cubes[ch * 2 + 1]) for ch in range(6)]


def did(s, name):
    return s.rules.decree_id[name]


def cid(s, name):
    return s.rules.conspiracy_id[name]


def token(s, name):
    return s.rules.military_token_id[name]


SMALL0, LARGE0 = "Agora Small Token (seat 0 half)", "Agora Large Token (seat 0 half)"
SMALL1, LARGE1 = "Agora Small Token (seat 1 half)", "Agora Large Token (seat 1 half)"


def recruit(s, name):
    offer(s, name)
    act(s, f"recruit {name}")


# ================================================================== Senators: recruiting

@pytest.mark.parametrize("owned, cost", [(0, 0), (1, 1), (3, 3)])
def test_recruit_cost_is_the_number_of_senators_already_owned(owned, cost):
    s = agora()
    give(s, 0, *[f"Conspirator {i}" for i in range(1, owned + 1)])
    recruit(s, "Left Politician 1")
    assert s.coins == [7 - cost, 7]
    assert s.rules.card_id["Left Politician 1"] in s.senators[0]
    assert len(s.senators[0]) == owned + 1
    assert s.rules.card_id["Left Politician 1"] not in s.city[0]     # not a Building


def test_recruit_needs_the_coins_but_the_other_card_actions_stay_open():
    s = agora(coins=1)
    give(s, 0, "Conspirator 1", "Conspirator 2")            # next Senator costs 2
    offer(s, "Left Politician 1")
    acts = legal(s)
    assert "recruit Left Politician 1" not in acts
    assert "discard Left Politician 1" in acts
    conspiracy(s, 0, "Coup")
    assert "prepare Coup with Left Politician 1" in legal(s)


def test_only_senators_in_the_city_count_for_the_cost():
    """A Senator discarded earlier is not in the city: it does not raise the cost (§A6.2)."""
    s = agora()
    give(s, 0, "Conspirator 1")
    offer(s, "Conspirator 2")
    act(s, "discard Conspirator 2")                    # discarded: 2 coins (no yellow)
    assert s.coins[0] == 9
    act(s, "discard " + s.rules.cards[s.accessible_cards()[0]].name)   # seat 1 passes
    recruit(s, "Left Politician 1")
    assert s.coins[0] == 8                              # cost 1: one Senator in the city


def test_recruit_cost_is_not_trading_economy_gets_nothing():
    s = agora()
    tokens(s, 1, "Economy")
    give(s, 0, "Conspirator 1", "Conspirator 2")
    recruit(s, "Left Politician 1")
    assert s.coins == [5, 7]


def test_corruption_makes_every_recruit_free():
    s = agora(coins=0)
    tokens(s, 0, "Corruption")
    give(s, 0, "Conspirator 1", "Conspirator 2", "Conspirator 3")
    offer(s, "Middle Politician 1")
    assert "recruit Middle Politician 1" in legal(s)
    act(s, "recruit Middle Politician 1")
    assert s.coins == [0, 0]
    assert s.payment(0, "Conspirator 4").total == 0
    assert s.payment(0, "Conspirator 4").free_reason == "corruption"


def test_corruption_of_the_opponent_does_not_help():
    s = agora()
    tokens(s, 1, "Corruption")
    give(s, 0, "Conspirator 1", "Conspirator 2")
    recruit(s, "Left Politician 1")
    assert s.coins[0] == 5


# ================================================================== Politicians

@pytest.mark.parametrize("blue, d12, n", [
    (0, False, 1), (1, False, 1), (2, False, 2), (3, False, 2), (4, False, 3), (5, False, 3),
    (0, True, 2), (1, True, 2), (2, True, 3), (3, True, 3), (5, True, 3)])
def test_politician_actions_from_the_blue_count(blue, d12, n):
    s = agora()
    give(s, 0, *["Theater", "Altar", "Baths", "Temple", "Rostrum"][:blue])
    if d12:
        decree(s, 6, "Civic Mandate")
        cubes(s, ch6=(1, 0))
    recruit(s, "Left Politician 1")
    assert s.decision == SENATE and s.pending[-1] == (SENATE, 0, "left", n)
    for _ in range(n):
        act(s, "place in Chamber 1")
    assert counts(s)[0] == (n, 0)
    assert s.decision == "turn" and s.current_player == 1     # all actions used


def test_opponents_d12_does_not_count():
    s = agora()
    decree(s, 6, "Civic Mandate")
    cubes(s, ch6=(0, 1))
    recruit(s, "Left Politician 1")
    assert s.pending[-1] == (SENATE, 0, "left", 1)


def test_politician_action_count_is_fixed_when_recruited():
    """Losing D12 in the middle of the sequence does not take an action away (§A6.3.4)."""
    s = agora()
    give(s, 0, "Theater", "Altar")                      # 2 blue + 2 (D12) = 4 -> 3 actions
    decree(s, 2, "Civic Mandate")
    cubes(s, ch2=(1, 0))
    recruit(s, "Left Politician 1")
    assert s.pending[-1] == (SENATE, 0, "left", 3)
    act(s, "move Chamber 2 to Chamber 3")              # D12 lost
    assert s.control[1] is None
    act(s, "place in Chamber 1")
    act(s, "place in Chamber 2")
    assert counts(s)[:3] == [(1, 0), (1, 0), (1, 0)]
    assert s.current_player == 1


@pytest.mark.parametrize("politician, chambers", [
    ("Left Politician 2", (1, 2)), ("Middle Politician 3", (3, 4)), ("Right Politician 1", (5, 6))])
def test_politician_places_only_in_its_section(politician, chambers):
    s = agora()
    recruit(s, politician)
    assert legal(s) == [f"place in Chamber {n}" for n in chambers] + ["stop"]


def test_politician_place_outside_its_section_is_refused():
    s = agora()
    recruit(s, "Left Politician 1")
    with pytest.raises(IllegalActionError):
        s.apply("place in Chamber 3")
    assert counts(s)[2] == (0, 0) and s.decision == SENATE


def test_politician_moves_anywhere_to_an_adjacent_chamber():
    s = agora()
    give(s, 0, "Theater", "Altar")                      # 2 actions
    cubes(s, ch1=(1, 0), ch4=(1, 0), ch6=(1, 0), ch5=(0, 1))
    recruit(s, "Left Politician 1")
    moves = [a for a in legal(s) if a.startswith("move")]
    assert moves == ["move Chamber 1 to Chamber 2",            # CH1 and CH6: no wrap-around
                     "move Chamber 4 to Chamber 3", "move Chamber 4 to Chamber 5",
                     "move Chamber 6 to Chamber 5"]
    act(s, "move Chamber 4 to Chamber 5")              # section borders do not matter
    assert counts(s)[3:5] == [(0, 0), (1, 1)]
    act(s, "move Chamber 5 to Chamber 6")              # the same cube twice
    assert counts(s)[3:] == [(0, 0), (0, 1), (2, 0)]
    assert s.control[3:] == [None, 1, 0]


def test_politician_may_move_a_cube_just_placed():
    s = agora()
    give(s, 0, "Theater", "Altar")
    recruit(s, "Left Politician 1")
    act(s, "place in Chamber 2")
    act(s, "move Chamber 2 to Chamber 3")
    assert counts(s)[:3] == [(0, 0), (0, 0), (1, 0)]
    assert s.control[:3] == [None, None, 0]


def test_politician_may_stop_early():
    s = agora()
    give(s, 0, "Theater", "Altar", "Baths", "Temple")  # 3 actions
    recruit(s, "Right Politician 2")
    act(s, "place in Chamber 6")
    assert "stop" in legal(s)
    act(s, "stop")
    assert counts(s)[5] == (1, 0)
    assert s.decision == "turn" and s.current_player == 1


def test_politician_with_an_empty_supply_can_only_move():
    s = agora()
    give(s, 0, "Theater", "Altar")
    cubes(s, ch3=(12, 0))
    recruit(s, "Left Politician 1")
    assert legal(s) == ["move Chamber 3 to Chamber 2", "move Chamber 3 to Chamber 4", "stop"]


# ================================================================== Conspirators

def test_conspirator_places_in_any_chamber_or_conspires():
    s = agora()
    recruit(s, "Conspirator 1")
    assert s.decision == CONSPIRATOR
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)] + ["conspire"]
    act(s, "place in Chamber 4")
    assert counts(s)[3] == (1, 0) and s.control[3] == 0
    assert s.decision == "turn" and s.current_player == 1


def test_conspirator_with_an_empty_supply_must_conspire():
    s = agora()
    cubes(s, ch1=(12, 0))
    recruit(s, "Conspirator 1")
    assert legal(s) == ["conspire"]


def test_d16_gives_an_extra_turn_for_a_conspirator():
    s = agora()
    decree(s, 2, "Conspirators' Reward")
    cubes(s, ch2=(1, 0))
    recruit(s, "Conspirator 2")
    act(s, "place in Chamber 5")
    assert s.decision == "turn" and s.current_player == 0
    assert s.pending[-1] == ("turn", 0, True)          # a full turn, trigger window included


def test_d16_does_nothing_for_a_politician():
    s = agora()
    decree(s, 2, "Conspirators' Reward")
    cubes(s, ch2=(1, 0))
    recruit(s, "Left Politician 1")
    act(s, "place in Chamber 1")
    assert s.decision == "turn" and s.current_player == 1


def test_d16_of_the_opponent_does_nothing():
    s = agora()
    decree(s, 2, "Conspirators' Reward")
    cubes(s, ch2=(0, 1))
    recruit(s, "Conspirator 2")
    act(s, "place in Chamber 5")
    assert s.current_player == 1


def test_d16_extra_turn_is_lost_at_the_end_of_the_age():
    s = agora()
    decree(s, 2, "Conspirators' Reward")
    cubes(s, ch2=(1, 0))
    _only_card_left(s, "Conspirator 3")
    act(s, "recruit Conspirator 3")
    act(s, "place in Chamber 1")
    assert s.age == 2 and s.decision == "start"


def _only_card_left(s, name):
    """Empty the structure but for `name`, accessible in the bottom row."""
    card = s.rules.card_id[name]
    slot = s.accessible[0]
    s.structure = [-1] * len(s.structure)
    s.structure[slot] = card
    for age in s.removed:
        s.removed[age] = [c for c in s.removed[age] if c != card]
    s.accessible = [slot]
    s.remaining = 1
    s._legal = None


# ================================================================== Conspire

def _deck(s, *names):
    first = [cid(s, n) for n in names]
    s.conspiracy_deck = first + [c for c in s.conspiracy_deck if c not in first]
    s._legal = None


def test_conspire_keeps_one_and_returns_the_other_to_the_top():
    s = agora()
    _deck(s, "Coup", "Blackmail", "Espionage")
    recruit(s, "Conspirator 1")
    act(s, "conspire")
    assert s.decision == KEEP and legal(s) == ["keep Coup", "keep Blackmail"]
    act(s, "keep Coup")
    assert s.decision == RETURN
    assert legal(s) == ["return Blackmail to the top", "return Blackmail to the bottom"]
    act(s, "return Blackmail to the top")
    assert s.conspiracies[0] == [(cid(s, "Coup"), 0, -1)]
    assert s.conspiracy_deck[:2] == [cid(s, "Blackmail"), cid(s, "Espionage")]
    assert len(s.conspiracy_deck) == 15
    assert s.deck_knowledge[0] == [(cid(s, "Blackmail"), "top")]
    assert s.current_player == 1


def test_conspire_returns_the_other_to_the_bottom():
    s = agora()
    _deck(s, "Coup", "Blackmail", "Espionage")
    recruit(s, "Conspirator 1")
    act(s, "conspire")
    act(s, "keep Blackmail")
    act(s, "return Coup to the bottom")
    assert s.conspiracies[0] == [(cid(s, "Blackmail"), 0, -1)]
    assert s.conspiracy_deck[0] == cid(s, "Espionage")
    assert s.conspiracy_deck[-1] == cid(s, "Coup")


def test_organized_crime_keeps_both():
    s = agora()
    tokens(s, 0, "Organized Crime")
    _deck(s, "Coup", "Blackmail", "Espionage")
    recruit(s, "Conspirator 1")
    act(s, "conspire")
    assert [c for c, _, _ in s.conspiracies[0]] == [cid(s, "Coup"), cid(s, "Blackmail")]
    assert all(st == 0 for _, st, _ in s.conspiracies[0])
    assert s.conspiracy_deck[0] == cid(s, "Espionage") and len(s.conspiracy_deck) == 14
    assert s.decision == "turn" and s.current_player == 1


def test_organized_crime_of_the_opponent_does_not_help():
    s = agora()
    tokens(s, 1, "Organized Crime")
    _deck(s, "Coup", "Blackmail")
    recruit(s, "Conspirator 1")
    act(s, "conspire")
    assert s.decision == KEEP


# ================================================================== Chamber control

def test_control_needs_a_strict_majority_reevaluated_after_each_action():
    s = agora()
    give(s, 0, "Theater", "Altar")                      # 2 actions
    cubes(s, ch1=(0, 1))
    assert s.control[0] == 1
    recruit(s, "Left Politician 1")
    act(s, "place in Chamber 1")
    assert counts(s)[0] == (1, 1) and s.control[0] is None      # a tie: nobody
    assert s.pending[-1] == (SENATE, 0, "left", 1)
    act(s, "place in Chamber 1")
    assert s.control[0] == 0


def test_move_reevaluates_the_origin_then_the_destination():
    s = agora()
    cubes(s, ch2=(1, 0), ch3=(0, 0))
    recruit(s, "Left Politician 1")
    act(s, "move Chamber 2 to Chamber 3")
    assert s.control[1:3] == [None, 0]


def test_empty_chambers_are_not_controlled():
    s = agora()
    assert s.control == [None] * 6
    assert s.controlled_decrees(0) == [] and s.controlled_decrees(1) == []


def test_face_down_decree_is_revealed_when_control_is_gained():
    s = agora()
    decree(s, 2, "Salvage Rights", face_up=False)
    recruit(s, "Left Politician 1")
    assert not s.decree_up[did(s, "Salvage Rights")]
    act(s, "place in Chamber 2")
    assert s.decree_up[did(s, "Salvage Rights")]
    assert s.discard_value(0) == 4


def test_face_down_decree_is_revealed_by_a_cube_moved_in():
    s = agora()
    decree(s, 4, "Salvage Rights", face_up=False)
    cubes(s, ch3=(1, 0))
    recruit(s, "Middle Politician 1")
    act(s, "move Chamber 3 to Chamber 4")
    assert s.decree_up[did(s, "Salvage Rights")] and s.control[3] == 0


def test_decree_benefit_follows_control():
    s = agora()
    decree(s, 1, "Salvage Rights")
    cubes(s, ch1=(1, 0))
    assert s.discard_value(0) == 4 and s.discard_value(1) == 2
    cubes(s, ch1=(1, 1))
    assert s.discard_value(0) == 2 and s.discard_value(1) == 2


# ================================================================== D9 Standing Army

def test_d9_gain_pushes_the_pawn_toward_the_opponent():
    s = agora()
    decree(s, 3, "Standing Army")
    recruit(s, "Middle Politician 1")
    act(s, "place in Chamber 3")
    assert s.pawn == 1


def test_d9_gain_by_seat_1():
    s = agora(player=1)
    decree(s, 4, "Standing Army", face_up=False)
    recruit(s, "Middle Politician 1")
    act(s, "place in Chamber 4")
    assert s.pawn == -1 and s.decree_up[did(s, "Standing Army")]


def test_d9_loss_moves_the_pawn_back():
    s = agora()
    decree(s, 3, "Standing Army")
    cubes(s, ch3=(1, 0))
    s.pawn = 1
    recruit(s, "Middle Politician 1")
    act(s, "move Chamber 3 to Chamber 4")
    assert s.pawn == 0 and s.control[2] is None


def test_d9_steal_moves_the_pawn_two_spaces():
    s = agora(player=1)
    give(s, 1, "Theater", "Altar")
    decree(s, 3, "Standing Army")
    cubes(s, ch3=(1, 0))
    s.pawn = 1
    recruit(s, "Middle Politician 2")
    act(s, "place in Chamber 3")                        # loss: pawn 1 toward seat 0
    assert s.pawn == 0 and s.control[2] is None
    act(s, "place in Chamber 3")                        # gain by seat 1
    assert s.pawn == -1 and s.control[2] == 1


def test_d9_example_of_section_a8_token_for_the_non_active_player():
    """§A8: pawn on -2, P1 controls CH4 (D9) 2-1 and moves a cube out: the pawn goes to -3
    pushed by P2, who takes the small token, places a cube, then P1 continues."""
    s = agora()
    give(s, 0, "Theater", "Altar")                      # 2 Senate actions
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(2, 1))
    s.pawn = -2
    recruit(s, "Middle Politician 1")
    act(s, "move Chamber 4 to Chamber 3")
    assert s.pawn == -3
    assert token(s, SMALL0) not in s.military_tokens
    assert s.decision == "place" and s.current_player == 1
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)]
    act(s, "place in Chamber 6")
    assert counts(s)[5] == (0, 1) and s.control[5] == 1
    assert s.coins == [7, 7]                            # Agora tokens cost no coins
    assert s.pending[-1] == (SENATE, 0, "middle", 1)    # P1 continues their actions
    assert s.current_player == 0
    act(s, "stop")
    assert s.current_player == 1 and s.decision == "turn"


def test_d9_loss_large_token_for_the_non_active_player():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(1, 0), ch1=(1, 0), ch6=(0, 1))
    s.pawn = -5
    s.military_tokens.remove(token(s, SMALL0))
    recruit(s, "Middle Politician 1")
    act(s, "move Chamber 4 to Chamber 5")               # seat 0 loses D9: pawn to -6
    assert s.pawn == -6 and token(s, LARGE0) not in s.military_tokens
    assert s.decision == "remove" and s.current_player == 1
    assert legal(s) == ["remove from Chamber 1", "remove from Chamber 5"]
    act(s, "remove from Chamber 1")
    assert s.decision == "may_move" and s.current_player == 1
    act(s, "move Chamber 6 to Chamber 5")
    assert counts(s)[:6] == [(0, 0), (0, 0), (0, 0), (0, 0), (1, 1), (0, 0)]
    assert s.coins == [7, 7]
    assert s.decision == "turn" and s.current_player == 1     # seat 0's turn is over


def test_d9_loss_can_hand_military_supremacy_to_the_non_active_player():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(1, 0))
    s.pawn = -8
    s.military_tokens = []
    recruit(s, "Middle Politician 1")
    act(s, "move Chamber 4 to Chamber 5")
    assert s.is_terminal
    assert s.result.winner == 1 and s.result.victory == "military"
    assert s.pawn == -9


def test_d9_gain_at_the_capital_wins_and_skips_the_rest():
    s = agora()
    give(s, 0, "Theater", "Altar")
    decree(s, 3, "Standing Army")
    s.pawn = 8
    s.military_tokens = []
    recruit(s, "Middle Politician 1")
    act(s, "place in Chamber 3")
    assert s.result.winner == 0 and s.result.victory == "military"
    assert s.legal_actions() == []


def test_d9_gain_collects_a_token_for_the_gainer():
    s = agora()
    decree(s, 5, "Standing Army")
    s.pawn = 2
    recruit(s, "Right Politician 1")
    act(s, "place in Chamber 5")
    assert s.pawn == 3 and token(s, SMALL1) not in s.military_tokens
    assert s.decision == "place" and s.current_player == 0
    act(s, "place in Chamber 1")
    assert counts(s)[0] == (1, 0)
    assert s.current_player == 1


# ================================================================== Agora military tokens

def _build_shield(s, p=0, name="Guard Tower"):
    """p builds a free 1-shield card (Guard Tower costs nothing)."""
    offer(s, name)
    act(s, f"build {name}")


def test_small_token_seat_1_half_is_taken_by_seat_0_and_places_a_cube():
    s = agora()
    s.pawn = 2
    _build_shield(s)
    assert s.pawn == 3
    assert s.military_tokens == [token(s, LARGE0), token(s, SMALL0), token(s, LARGE1)]
    assert s.decision == "place" and s.current_player == 0
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)]     # any Chamber
    act(s, "place in Chamber 3")
    assert counts(s)[2] == (1, 0)
    assert s.coins == [7, 7]                    # nobody loses coins
    assert s.current_player == 1


def test_small_token_seat_0_half_is_taken_by_seat_1():
    s = agora(player=1)
    s.pawn = -2
    _build_shield(s, 1)
    assert s.pawn == -3 and token(s, SMALL0) not in s.military_tokens
    assert s.current_player == 1 and s.decision == "place"
    act(s, "place in Chamber 2")
    assert counts(s)[1] == (0, 1) and s.coins == [7, 7]


def test_small_token_with_an_empty_supply_is_skipped():
    s = agora()
    cubes(s, ch1=(12, 0))
    s.pawn = 2
    _build_shield(s)
    assert token(s, SMALL1) not in s.military_tokens
    assert s.decision == "turn" and s.current_player == 1


def test_large_token_removes_an_opponent_cube_then_may_move():
    s = agora()
    cubes(s, ch2=(1, 1), ch4=(0, 2), ch6=(1, 0))
    s.pawn = 5
    s.military_tokens.remove(token(s, SMALL1))
    _build_shield(s)
    assert s.pawn == 6 and token(s, LARGE1) not in s.military_tokens
    assert s.decision == "remove" and s.current_player == 0
    assert legal(s) == ["remove from Chamber 2", "remove from Chamber 4"]
    act(s, "remove from Chamber 2")
    assert counts(s)[1] == (1, 0) and s.control[1] == 0
    assert s.decision == "may_move"
    assert legal(s) == ["move Chamber 2 to Chamber 1", "move Chamber 2 to Chamber 3",
                        "move Chamber 6 to Chamber 5", "move none"]
    act(s, "move Chamber 6 to Chamber 5")
    assert counts(s)[4:] == [(1, 0), (0, 0)]
    assert s.coins == [7, 7]
    assert s.current_player == 1


def test_large_token_seat_0_half_for_seat_1():
    s = agora(player=1)
    cubes(s, ch3=(1, 0))
    s.pawn = -5
    s.military_tokens.remove(token(s, SMALL0))
    _build_shield(s, 1)
    assert s.pawn == -6 and token(s, LARGE0) not in s.military_tokens
    assert s.current_player == 1 and legal(s) == ["remove from Chamber 3"]
    act(s, "remove from Chamber 3")
    assert counts(s)[2] == (0, 0) and s.control[2] is None
    # seat 1 has no cube on the board: the optional move is skipped
    assert s.decision == "turn" and s.current_player == 0


def test_large_token_without_opponent_cubes_goes_to_the_move():
    s = agora()
    cubes(s, ch1=(1, 0))
    s.pawn = 5
    s.military_tokens.remove(token(s, SMALL1))
    _build_shield(s)
    assert s.decision == "may_move"
    act(s, "move none")
    assert counts(s)[0] == (1, 0) and s.current_player == 1


def _swap_in(s, name):
    """Make `name` accessible even when it already lies in the structure (Age III decks
    are dealt whole, so positions.offer has no spare card to put in its place)."""
    card = s.rules.card_id[name]
    if card not in s.structure:
        offer(s, name)
        return
    here, there = s.structure.index(card), s.accessible[0]
    if here not in s.accessible:
        s.structure[here], s.structure[there] = s.structure[there], card
    s._legal = None


def test_one_push_through_two_zones_applies_both_tokens_in_order():
    s = agora(age=3, coins=20)
    tokens(s, 0, "Strategy")                            # Arsenal: 3 + 1 shields, 2 -> 6
    cubes(s, ch1=(0, 1))
    s.pawn = 2
    _swap_in(s, "Arsenal")
    act(s, "build Arsenal")
    assert s.pawn == 6
    assert s.military_tokens == [token(s, LARGE0), token(s, SMALL0)]
    assert s.decision == "place"                        # small token (entered first)
    act(s, "place in Chamber 2")
    assert s.decision == "remove"                       # then the large one
    act(s, "remove from Chamber 1")
    assert s.decision == "may_move"
    act(s, "move none")
    assert counts(s)[:2] == [(0, 0), (1, 0)] and s.current_player == 1


def test_token_reentering_an_empty_zone_does_nothing():
    s = agora()
    s.pawn = 2
    s.military_tokens.remove(token(s, SMALL1))
    _build_shield(s)
    assert s.pawn == 3 and s.decision == "turn" and s.current_player == 1


def test_construction_decree_payout_comes_before_the_token_effect():
    """§A7.2: D4 pays its controller (seat 1) before seat 0's large token removes the
    cube that gave seat 1 that control."""
    s = agora()
    decree(s, 3, "Military Patronage")
    cubes(s, ch3=(0, 1))
    s.pawn = 5
    s.military_tokens.remove(token(s, SMALL1))
    _build_shield(s)
    assert s.coins == [7, 8]                            # Age I: 1 coin to seat 1
    act(s, "remove from Chamber 3")
    assert s.control[2] is None


# ================================================================== Political Supremacy

def test_controlling_all_six_chambers_wins_at_once():
    s = agora()
    give(s, 0, "Theater", "Altar")
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 0))
    recruit(s, "Right Politician 1")
    act(s, "place in Chamber 6")
    assert s.is_terminal
    assert s.result.winner == 0 and s.result.victory == "political"
    assert s.legal_actions() == []                     # the second action is abandoned


def test_chambers_without_decree_still_count_for_supremacy():
    s = agora()
    s.chamber_decrees[5] = []
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 0))
    recruit(s, "Conspirator 1")
    act(s, "place in Chamber 6")
    assert s.result.victory == "political" and s.result.winner == 0


def test_opponent_vacating_a_chamber_hands_over_political_supremacy():
    s = agora(player=1)
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(2, 0), ch6=(1, 1))
    recruit(s, "Right Politician 1")
    act(s, "move Chamber 6 to Chamber 5")
    assert s.result.winner == 0 and s.result.victory == "political"


def test_seat_1_political_supremacy():
    s = agora(player=1)
    cubes(s, ch1=(0, 1), ch2=(0, 1), ch3=(0, 1), ch4=(0, 1), ch6=(0, 1))
    recruit(s, "Conspirator 1")
    act(s, "place in Chamber 5")
    assert s.result.winner == 1 and s.result.victory == "political"


def test_sixth_chamber_with_d9_reaching_the_capital_is_a_military_victory():
    """§A11: one event giving both; military is checked before political."""
    s = agora()
    decree(s, 6, "Standing Army")
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 0))
    s.pawn = 8
    s.military_tokens = []
    recruit(s, "Conspirator 1")
    act(s, "place in Chamber 6")
    assert s.result.winner == 0 and s.result.victory == "military"


def test_five_chambers_is_not_supremacy():
    s = agora()
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 1))
    recruit(s, "Conspirator 1")
    act(s, "place in Chamber 6")
    assert not s.is_terminal


# ================================================================== Senate score

def test_senate_points_in_the_score_sheet():
    s = agora()
    cubes(s, ch1=(1, 0), ch3=(2, 1), ch4=(1, 0), ch5=(0, 1), ch6=(1, 1))
    assert score_sheet(s, 0)["senate"] == 1 + 3 + 3
    assert score_sheet(s, 1)["senate"] == 2
    assert score_sheet(s, 0)["total"] == 7 + 7 // 3


def _last_turn_of_age_3(s, name="Palace"):
    s.coins = [0, 0]
    give(s, 0, "Altar")                                  # 3 blue points for seat 0
    _only_card_left(s, name)


def test_civilian_end_counts_senate_points_but_not_in_the_tiebreak():
    s = agora(age=3)
    _last_turn_of_age_3(s)
    cubes(s, ch3=(0, 1))                                # seat 1: 3 Senate points
    act(s, "discard Palace")                            # seat 0: +2 coins (0 VP)
    r = s.result
    assert r.victory == "civilian"
    assert r.scores[0]["blue"] == 3 and r.scores[0]["total"] == 3
    assert r.scores[1]["senate"] == 3 and r.scores[1]["total"] == 3
    assert r.tiebreak and r.winner == 0                 # blue 3 vs 0; Senate VP not counted


def test_civilian_end_senate_points_decide():
    s = agora(age=3)
    _last_turn_of_age_3(s)
    cubes(s, ch3=(0, 1), ch5=(0, 1))                    # seat 1: 3 + 2
    act(s, "discard Palace")
    assert s.result.winner == 1 and not s.result.tiebreak
    assert s.result.scores[1]["total"] == 5


# ================================================================== Curia Julia and Knossos

def _draft_game(first=("Curia Julia",)):
    """A new Agora game at its first draft pick, seat 0 to pick, the named Wonders first."""
    s = new_game(3, agora=True, first_player=0)
    ids = [s.rules.wonder_id[n] for n in first]
    rest = [w for w in s.draft_pool + s.draft_deck if w not in ids]
    allw = ids + rest
    s.draft_pool, s.draft_deck = allw[:4], allw[4:]
    s.pawn = 0
    s._legal = None
    return s


def test_curia_julia_draft_must_conspire():
    s = _draft_game(("Curia Julia",))
    _deck(s, "Coup", "Blackmail")
    assert s.decision == "draft" and s.current_player == 0
    act(s, "draft Curia Julia")
    assert s.decision == KEEP and s.current_player == 0
    assert legal(s) == ["keep Coup", "keep Blackmail"]          # no way to decline
    act(s, "keep Blackmail")
    act(s, "return Coup to the bottom")
    assert s.conspiracies[0] == [(cid(s, "Blackmail"), 0, -1)]
    assert s.conspiracy_deck[-1] == cid(s, "Coup")
    assert s.decision == "draft" and s.current_player == 1      # the draft goes on


def test_knossos_draft_places_a_cube_anywhere_revealing_the_decree():
    s = _draft_game(("Knossos",))
    decree(s, 2, "Standing Army", face_up=False)
    act(s, "draft Knossos")
    assert s.decision == "place" and s.current_player == 0
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)]   # mandatory
    act(s, "place in Chamber 2")
    assert s.decree_up[did(s, "Standing Army")] and s.control[1] == 0
    assert s.pawn == 1                                           # D9 gained in the draft
    assert s.decision == "draft" and s.current_player == 1


def test_knossos_handed_over_as_the_last_wonder_of_a_round_still_places():
    s = _draft_game(("The Pyramids", "The Colossus", "The Sphinx", "Knossos"))
    act(s, "draft The Pyramids")                     # seat 0
    act(s, "draft The Colossus")                     # seat 1
    act(s, "draft The Sphinx")                       # seat 1; Knossos goes to seat 0
    assert s.rules.wonder_id["Knossos"] in s.wonders[0]
    assert s.decision == "place" and s.current_player == 0
    act(s, "place in Chamber 3")
    assert counts(s)[2] == (1, 0)


def _curia_julia_ready(s, p=0):
    give(s, p, "Lumber Yard", "Clay Pool", "Quarry", "Glassworks", "Press")
    wonders(s, p, "Curia Julia")


def test_curia_julia_built_trigger_then_six_coins_then_extra_turn():
    s = agora()
    _curia_julia_ready(s)
    cubes(s, ch1=(2, 0), ch2=(0, 1))
    conspiracy(s, 0, "Blackmail", "prepared")
    conspiracy(s, 0, "Embezzlement")
    act(s, "trigger Blackmail")                      # the start-of-turn trigger
    assert s.coins == [11, 3]
    act(s, "move none")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Curia Julia with {card}")
    assert s.decision == "trigger_unprepared" and s.current_player == 0
    assert legal(s) == ["trigger Embezzlement", "trigger none"]
    assert s.coins == [11, 3]                        # the rulebook order: trigger first
    act(s, "trigger Embezzlement")                   # +2 (own cubes), opponent -1
    assert s.coins == [11 + 2 + 6, 2]
    assert s.conspiracies[0][1] == (cid(s, "Embezzlement"), 2, -1)
    assert s.decision == "turn" and s.pending[-1] == ("turn", 0, True)   # extra turn


def test_curia_julia_trigger_is_optional():
    s = agora()
    _curia_julia_ready(s)
    conspiracy(s, 0, "Coup")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Curia Julia with {card}")
    act(s, "trigger none")
    assert s.conspiracies[0] == [(cid(s, "Coup"), 0, -1)]
    assert s.coins[0] == 13 and s.current_player == 0


def test_curia_julia_cannot_trigger_a_prepared_conspiracy():
    s = agora()
    _curia_julia_ready(s)
    conspiracy(s, 0, "Coup", "prepared")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Curia Julia with {card}")
    assert s.decision == "turn" and s.coins[0] == 13
    assert s.pending[-1] == ("turn", 0, True)
    assert "trigger Coup" in legal(s)                # in the extra turn's own window


def test_curia_julia_pays_d14_before_its_trigger():
    s = agora()
    _curia_julia_ready(s)
    decree(s, 2, "Wonder Patronage")
    cubes(s, ch2=(0, 1))
    conspiracy(s, 0, "Political Maneuver")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Curia Julia with {card}")
    assert s.coins == [7, 8]                         # D14 paid to seat 1 first
    act(s, "trigger Political Maneuver")
    act(s, "place in Chamber 2")                     # tie: seat 1 loses D14
    act(s, "remove from Chamber 2")                  # seat 0 gains it
    act(s, "move none")
    assert s.control[1] == 0 and s.coins == [13, 8]


def _knossos_ready(s, p=0):
    give(s, p, "Glassworks", "Glass-Blower", "Clay Pool", "Lumber Yard", "Quarry")
    wonders(s, p, "Knossos")


def test_knossos_built_places_then_may_move_and_scores_3_as_wonder_points():
    s = agora()
    _knossos_ready(s)
    decree(s, 6, "Standing Army", face_up=False)
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Knossos with {card}")
    assert s.decision == "place" and s.current_player == 0
    act(s, "place in Chamber 5")
    assert s.decision == "may_move"
    assert legal(s) == ["move Chamber 5 to Chamber 4", "move Chamber 5 to Chamber 6",
                        "move none"]
    act(s, "move Chamber 5 to Chamber 6")
    assert counts(s)[4:] == [(0, 0), (1, 0)]
    assert s.decree_up[did(s, "Standing Army")] and s.pawn == 1
    assert s.decision == "turn" and s.current_player == 1     # no extra turn
    assert score_sheet(s, 0)["wonders"] == 3


def test_knossos_with_theology_gives_an_extra_turn():
    s = agora()
    _knossos_ready(s)
    tokens(s, 0, "Theology")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Knossos with {card}")
    act(s, "place in Chamber 1")
    act(s, "move none")
    assert s.decision == "turn" and s.current_player == 0


def test_knossos_pays_d14_before_its_cube():
    s = agora()
    _knossos_ready(s)
    decree(s, 3, "Wonder Patronage")
    cubes(s, ch3=(0, 1))
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder Knossos with {card}")
    assert s.coins == [7, 8]
    act(s, "place in Chamber 3")
    assert s.control[2] is None
    act(s, "move none")
    assert s.coins == [7, 8]


# ================================================================== Agora progress tokens

def test_corruption_gained_from_a_science_pair_applies_from_then_on():
    s = agora()
    board_tokens(s, "Corruption", "Law", "Agriculture", "Economy", "Strategy")
    give(s, 0, "Scriptorium", "Conspirator 1", "Conspirator 2")
    s.coins[0] = 10
    offer(s, "Library")                                 # quill pair: Scriptorium chains to it
    act(s, "build Library")
    assert s.decision == "progress"
    act(s, "progress Corruption")
    assert s.recruit_cost(0) == 0 and s.recruit_cost(1) == 0
    give(s, 1, "Conspirator 3")
    assert s.recruit_cost(1) == 1
