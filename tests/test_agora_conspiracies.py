"""Agora: preparing and triggering Conspiracies (§A9) and the 16 Conspiracies (Table B4).

Every Conspiracy is also triggered with nothing to act on: that is allowed (§A9.4, Part C
row 14, the rulebook forbids nothing) and simply spends it.
"""

import pytest

from positions import (act, board_tokens, conspiracy, cubes, decree, give, legal,
                       offer, position, tokens, wonders)
from game import IllegalActionError
from game.scoring import score_sheet

NEUTRAL = ("Scientific Patronage", "Commercial Patronage", "Commercial Exemption",
           "Scientific Exemption", "Raw Materials Discount", "Manufactured Goods Discount")
UNPREPARED, PREPARED, TRIGGERED = 0, 1, 2


def agora(player=0, coins=7, age=1):
    s = position(agora=True, player=player, coins=coins, age=age)
    s.pawn = 0
    for ch, name in enumerate(NEUTRAL, 1):
        decree(s, ch, name, face_up=ch % 2 == 1)
    return s


def counts(s):
    return [(s.cubes[ch * 2], s.cubes[ch * 2 + 1]) for ch in range(6)]


def cid(s, name):
    return s.rules.conspiracy_id[name]


def status(s, p, name):
    return next(st for c, st, _ in s.conspiracies[p] if c == cid(s, name))


def trigger(s, name, p=0):
    """p owns `name` prepared and triggers it at the start of their turn."""
    conspiracy(s, p, name, "prepared")
    act(s, f"trigger {name}")


def in_card_action(s, p=0):
    """After a start-of-turn trigger: the same player's card action, no second trigger."""
    return s.decision == "turn" and s.pending[-1] == ("turn", p, False)


def names(s, ids, table="cards"):
    return [getattr(s.rules, table)[i].name for i in ids]


def first_card(s):
    return s.rules.cards[s.accessible_cards()[0]].name


# ================================================================== preparing

def test_prepare_with_an_unaffordable_card_costs_nothing_and_ends_the_turn():
    s = agora(coins=0)
    conspiracy(s, 0, "Coup")
    offer(s, "Stone Reserve")                               # 3 coins: unaffordable
    acts = legal(s)
    assert "build Stone Reserve" not in acts
    assert "prepare Coup with Stone Reserve" in acts
    act(s, "prepare Coup with Stone Reserve")
    card = s.rules.card_id["Stone Reserve"]
    assert s.conspiracies[0] == [(cid(s, "Coup"), PREPARED, card)]
    assert card not in s.city[0] and card not in s.discard and card not in s.structure
    assert s.coins == [0, 0]
    assert s.decision == "turn" and s.current_player == 1


def test_prepare_with_a_senator_card():
    s = agora(coins=0)
    give(s, 0, "Conspirator 1", "Conspirator 2")
    conspiracy(s, 0, "Coup")
    offer(s, "Conspirator 3")
    assert "recruit Conspirator 3" not in legal(s)
    act(s, "prepare Coup with Conspirator 3")
    assert status(s, 0, "Coup") == PREPARED
    assert s.rules.card_id["Conspirator 3"] not in s.senators[0]


def test_prepare_uncovers_cards_like_any_card_action():
    s = agora()
    conspiracy(s, 0, "Coup")
    layout = s.layout
    a, b, above = (layout.slots.index(x) for x in ((5, 1), (5, 3), (4, 2)))
    s.structure[a] = -1
    s.accessible.remove(a)
    s.remaining -= 1
    hidden = s.rules.cards[s.structure[above]].name
    act(s, f"prepare Coup with {s.rules.cards[s.structure[b]].name}")
    assert s.face_up[above] and above in s.accessible        # revealed at the end of turn
    assert f"discard {hidden}" in legal(s)


def test_prepare_needs_an_unprepared_conspiracy():
    s = agora()
    conspiracy(s, 0, "Coup", "prepared")
    conspiracy(s, 0, "Blackmail", "triggered")
    assert not [a for a in legal(s) if a.startswith("prepare")]
    conspiracy(s, 0, "Espionage")
    preps = [a for a in legal(s) if a.startswith("prepare")]
    assert preps and all(a.startswith("prepare Espionage with") for a in preps)
    assert len(preps) == len(s.accessible)


def test_conspiracies_of_the_opponent_cannot_be_prepared():
    s = agora()
    conspiracy(s, 1, "Coup")
    assert not [a for a in legal(s) if a.startswith("prepare")]


# ================================================================== triggering

def test_trigger_only_at_the_start_of_a_later_turn():
    s = agora()
    conspiracy(s, 0, "Coup")
    act(s, f"prepare Coup with {first_card(s)}")
    assert s.current_player == 1
    assert "trigger Coup" not in legal(s)                    # not the opponent's
    act(s, f"discard {first_card(s)}")
    assert s.current_player == 0 and "trigger Coup" in legal(s)
    act(s, "trigger Coup")
    assert s.pawn == 2 and status(s, 0, "Coup") == TRIGGERED
    assert in_card_action(s)
    assert "trigger Coup" not in legal(s)


def test_an_unprepared_conspiracy_cannot_be_triggered():
    s = agora()
    conspiracy(s, 0, "Coup")
    assert not [a for a in legal(s) if a.startswith("trigger")]
    with pytest.raises(IllegalActionError):
        s.apply("trigger Coup")
    assert status(s, 0, "Coup") == UNPREPARED and s.pawn == 0


def test_trigger_is_optional():
    s = agora()
    conspiracy(s, 0, "Coup", "prepared")
    act(s, f"discard {first_card(s)}")
    assert status(s, 0, "Coup") == PREPARED and s.current_player == 1


def test_only_one_trigger_per_turn():
    s = agora()
    conspiracy(s, 0, "Coup", "prepared")
    conspiracy(s, 0, "Blackmail", "prepared")
    assert {"trigger Coup", "trigger Blackmail"} <= set(legal(s))
    act(s, "trigger Coup")
    assert in_card_action(s)
    assert not [a for a in legal(s) if a.startswith("trigger")]
    act(s, f"discard {first_card(s)}")
    act(s, f"discard {first_card(s)}")
    assert "trigger Blackmail" in legal(s)                   # next turn: the other one


def test_no_trigger_after_the_card_action():
    """An extra-turn-free card action ends the turn: no window after it."""
    s = agora()
    conspiracy(s, 0, "Coup", "prepared")
    offer(s, "Conspirator 1")
    act(s, "recruit Conspirator 1")
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)] + ["conspire"]


def test_an_extra_turn_has_its_own_trigger_window():
    s = agora()
    conspiracy(s, 0, "Coup", "prepared")
    conspiracy(s, 0, "Blackmail", "prepared")
    act(s, "trigger Coup")
    decree(s, 3, "Conspirators' Reward")
    cubes(s, ch3=(1, 0))
    offer(s, "Conspirator 1")
    act(s, "recruit Conspirator 1")
    act(s, "place in Chamber 1")
    assert s.pending[-1] == ("turn", 0, True)
    assert "trigger Blackmail" in legal(s)


def test_a_triggered_conspiracy_keeps_its_card():
    s = agora()
    card = s.rules.card_id["Altar"]
    conspiracy(s, 0, "Coup", "prepared", card="Altar")
    act(s, "trigger Coup")
    assert s.conspiracies[0] == [(cid(s, "Coup"), TRIGGERED, card)]


# ================================================================== C1 Extortion

def test_extortion_takes_an_unbuilt_wonder_then_may_move():
    s = agora()
    wonders(s, 1, "The Pyramids", built=("The Colossus",))
    wonders(s, 0, "The Sphinx", "Piraeus", "The Appian Way", "The Great Library")
    cubes(s, ch1=(1, 0))
    trigger(s, "Extortion")
    assert s.decision == "extort" and legal(s) == ["take The Pyramids"]
    act(s, "take The Pyramids")
    ids = s.rules.wonder_id
    assert ids["The Pyramids"] in s.wonders[0] and ids["The Pyramids"] not in s.wonders[1]
    assert len(s.wonders[0]) == 5                            # a fifth Wonder is fine
    assert s.decision == "may_move" and legal(s) == ["move Chamber 1 to Chamber 2", "move none"]
    act(s, "move Chamber 1 to Chamber 2")
    assert counts(s)[:2] == [(0, 0), (1, 0)]
    assert in_card_action(s)


def test_extortion_of_curia_julia_does_not_repeat_its_draft_effect():
    s = agora()
    wonders(s, 1, "Curia Julia")
    trigger(s, "Extortion")
    act(s, "take Curia Julia")
    assert in_card_action(s) and len(s.conspiracies[0]) == 1


def test_extortion_with_nothing_to_take():
    s = agora()
    wonders(s, 1, built=("The Colossus",))
    trigger(s, "Extortion")
    assert in_card_action(s) and status(s, 0, "Extortion") == TRIGGERED
    assert s.wonders[0] == []


# ================================================================== C2 Blackmail

@pytest.mark.parametrize("theirs, taken", [(7, 4), (6, 3), (1, 1), (0, 0)])
def test_blackmail_takes_half_rounded_up(theirs, taken):
    s = agora()
    s.coins[1] = theirs
    tokens(s, 1, "Economy")                                  # not trading: no effect
    trigger(s, "Blackmail")
    assert s.coins == [7 + taken, theirs - taken]
    assert in_card_action(s)                                 # no cube: the move is skipped


def test_blackmail_then_optional_move():
    s = agora()
    cubes(s, ch6=(1, 0))
    trigger(s, "Blackmail")
    assert legal(s) == ["move Chamber 6 to Chamber 5", "move none"]
    act(s, "move none")
    assert in_card_action(s)


# ================================================================== C3 Expropriation, C4 Swindle

def test_expropriation_discards_an_opponent_blue_card():
    s = agora()
    give(s, 1, "Altar", "Baths", "Tavern")
    trigger(s, "Expropriation")
    assert s.decision == "destroy"
    assert legal(s) == ["destroy Altar", "destroy Baths"]
    act(s, "destroy Altar")
    assert s.rules.card_id["Altar"] in s.discard
    assert names(s, s.city[1]) == ["Baths", "Tavern"]
    assert s.info[1].count("blue") == 1 and score_sheet(s, 1)["blue"] == 3
    assert "moon" not in s.info[1].chains
    assert in_card_action(s)


def test_expropriation_with_no_blue_card():
    s = agora()
    give(s, 1, "Tavern")
    give(s, 0, "Altar")                                     # own cards are never targets
    trigger(s, "Expropriation")
    assert in_card_action(s) and status(s, 0, "Expropriation") == TRIGGERED
    assert s.discard == []


def test_swindle_discards_an_opponent_yellow_card():
    s = agora()
    give(s, 1, "Wood Reserve", "Tavern", "Altar")
    cubes(s, ch3=(1, 0))
    assert s.prices(1)[0] == 1
    trigger(s, "Swindle")
    assert legal(s) == ["destroy Wood Reserve", "destroy Tavern"]
    act(s, "destroy Wood Reserve")
    assert s.prices(1)[0] == 2                               # fixed price lost
    assert s.rules.card_id["Wood Reserve"] in s.discard
    act(s, "move none")
    assert in_card_action(s)


def test_swindle_with_no_yellow_card():
    s = agora()
    give(s, 1, "Altar")
    trigger(s, "Swindle")
    assert in_card_action(s) and s.discard == []


# ================================================================== C5 Obscurantism

def test_obscurantism_locks_a_token_of_the_board_the_opponent_or_the_box():
    s = agora()
    board_tokens(s, "Law", "Agriculture")
    tokens(s, 1, "Philosophy")
    tokens(s, 0, "Strategy")
    trigger(s, "Obscurantism")
    assert s.decision == "lock"
    box = names(s, s.progress_box, "progress")
    assert legal(s) == (["lock Law from the board", "lock Agriculture from the board",
                         "lock Philosophy from the opponent"]
                        + [f"lock {n} from the box" for n in box])
    assert "lock Strategy from the opponent" not in legal(s)
    assert set(box) <= set(s.secret_seen[0])
    assert score_sheet(s, 1)["progress"] == 7
    act(s, "lock Philosophy from the opponent")
    assert s.progress_owned[1] == [] and score_sheet(s, 1)["progress"] == 0
    assert s.progress_locked == [s.rules.progress_id["Philosophy"]]
    assert in_card_action(s)                                 # no trailing move


def test_obscurantism_from_the_box_and_board():
    s = agora()
    board_tokens(s, "Law", "Agriculture")
    trigger(s, "Obscurantism")
    act(s, "lock Economy from the box")
    assert s.rules.progress_id["Economy"] not in s.progress_box
    assert s.progress_locked == [s.rules.progress_id["Economy"]]


def test_obscurantism_of_an_opponent_token_loses_its_effect():
    s = agora()
    tokens(s, 1, "Economy")
    board_tokens(s)
    trigger(s, "Obscurantism")
    act(s, "lock Economy from the opponent")
    assert not s.info[1].passive.get("trade_income")
    offer(s, "Stable")
    act(s, "build Stable")                                    # 2 coins of trade: to the bank
    assert s.coins == [5, 7]


def test_obscurantism_from_the_board():
    s = agora()
    board_tokens(s, "Law", "Agriculture")
    trigger(s, "Obscurantism")
    act(s, "lock Law from the board")
    assert s.progress_board == [s.rules.progress_id["Agriculture"]]
    assert s.progress_locked == [s.rules.progress_id["Law"]]
    assert in_card_action(s)


def test_obscurantism_with_nothing_to_lock():
    s = agora()
    s.progress_board, s.progress_box = [], []
    tokens(s, 0, *[t.name for t in s.rules.progress])
    trigger(s, "Obscurantism")
    assert in_card_action(s) and status(s, 0, "Obscurantism") == TRIGGERED
    assert s.progress_locked == []


# ================================================================== C6 Coup

def test_coup_two_shields():
    s = agora()
    trigger(s, "Coup")
    assert s.pawn == 2 and in_card_action(s)


def test_coup_by_seat_1():
    s = agora(player=1)
    trigger(s, "Coup", p=1)
    assert s.pawn == -2 and in_card_action(s, 1)


def test_coup_collects_a_token_at_once():
    s = agora()
    s.pawn = 2
    trigger(s, "Coup")
    assert s.pawn == 4 and s.decision == "place" and s.current_player == 0
    act(s, "place in Chamber 4")
    assert counts(s)[3] == (1, 0) and s.coins == [7, 7]
    assert in_card_action(s)


def test_coup_ignores_strategy():
    s = agora()
    tokens(s, 0, "Strategy")
    trigger(s, "Coup")
    assert s.pawn == 2


def test_coup_reaching_the_capital_wins():
    s = agora()
    s.pawn = 7
    s.military_tokens = []
    trigger(s, "Coup")
    assert s.result.winner == 0 and s.result.victory == "military"


# ================================================================== C7 Property Fraud

def _top_row(s, *cards):
    for slot, name in zip(s.layout.top_row, cards):
        if name is None:
            if s.structure[slot] != -1:
                s.structure[slot] = -1
                s.remaining -= 1
        else:
            offer_slot(s, slot, name)


def offer_slot(s, slot, name):
    card = s.rules.card_id[name]
    for pile in (s.city[0], s.city[1], s.discard):
        assert card not in pile
    for age in s.removed:
        s.removed[age] = [c for c in s.removed[age] if c != card]
    if card in s.structure:
        s.structure[s.structure.index(card)] = s.structure[slot]
    s.structure[slot] = card
    s._legal = None


def test_property_fraud_builds_a_top_row_building_for_free():
    s = agora()
    _top_row(s, "Conspirator 4", "Theater", "Stone Reserve")
    decree(s, 3, "Civic Patronage")
    cubes(s, ch3=(0, 1))
    before = s.remaining
    trigger(s, "Property Fraud")
    assert s.decision == "top_row"
    assert legal(s) == ["build Theater", "build Stone Reserve"]     # no Senator
    act(s, "build Stone Reserve")
    assert s.rules.card_id["Stone Reserve"] in s.city[0]
    assert s.coins == [7, 7]
    assert s.structure[s.layout.top_row[2]] == -1 and s.remaining == before - 1
    assert in_card_action(s)
    # the slot below it is still covered, nothing was revealed
    assert not s.reveal_pending
    # D1 pays for the free construction
    s2 = agora()
    _top_row(s2, "Conspirator 4", "Theater", "Stone Reserve")
    decree(s2, 3, "Civic Patronage")
    cubes(s2, ch3=(0, 1))
    trigger(s2, "Property Fraud")
    act(s2, "build Theater")
    assert s2.coins == [7, 8]


def test_property_fraud_with_only_senators_in_the_top_row():
    s = agora()
    _top_row(s, "Conspirator 4", None, "Left Politician 1")
    trigger(s, "Property Fraud")
    assert in_card_action(s) and status(s, 0, "Property Fraud") == TRIGGERED
    assert s.city[0] == []


def _last_card_in_top_row(s, name):
    card = s.rules.card_id[name]
    slot = s.layout.top_row[1]
    offer_slot(s, slot, name)
    s.structure = [-1] * len(s.structure)
    s.structure[slot] = card
    s.accessible = [slot]
    s.remaining = 1
    return card


@pytest.mark.parametrize("player", [0, 1])
def test_property_fraud_taking_the_last_card_ends_the_turn_and_the_age(player):
    s = agora(player=player)
    card = _last_card_in_top_row(s, "Theater")
    trigger(s, "Property Fraud", p=player)
    act(s, "build Theater")
    assert card in s.city[player]
    # no card action: Age II is dealt and, the pawn being centred, the player who took
    # the last turn chooses who starts
    assert s.age == 2 and s.decision == "start" and s.current_player == player
    assert s.remaining == len(s.layout)


def test_property_fraud_taking_the_last_card_of_age_iii_ends_the_game():
    s = agora(age=3)
    card = _last_card_in_top_row(s, "Palace")
    trigger(s, "Property Fraud")
    act(s, "build Palace")
    assert card in s.city[0]
    assert s.result.victory == "civilian" and s.result.scores[0]["blue"] == 7


def test_property_fraud_through_curia_julia_taking_the_last_card_loses_the_extra_turn():
    s = agora()
    give(s, 0, "Lumber Yard", "Clay Pool", "Quarry", "Glassworks", "Press")
    wonders(s, 0, "Curia Julia")
    conspiracy(s, 0, "Property Fraud")
    top = s.layout.top_row[0]
    offer_slot(s, top, "Theater")
    bottom = s.accessible[0]
    keep = {top: s.structure[top], bottom: s.structure[bottom]}
    s.structure = [-1] * len(s.structure)
    for slot, c in keep.items():
        s.structure[slot] = c
    s.accessible = [top, bottom] if top in s.accessible else [bottom]
    s.remaining = 2
    act(s, f"wonder Curia Julia with {s.rules.cards[keep[bottom]].name}")
    act(s, "trigger Property Fraud")
    act(s, "build Theater")
    assert s.coins[0] == 13
    assert s.age == 2 and s.decision == "start"               # the extra turn is lost


# ================================================================== C8 Treason

@pytest.mark.parametrize("age", [1, 2, 3])
def test_treason_offers_the_cards_removed_so_far(age):
    s = agora(age=age)
    removed = [c for a in range(1, age + 1) for c in s.removed[a]]
    assert len(removed) == 3 * age
    trigger(s, "Treason")
    assert s.decision == "treason"
    assert legal(s) == [f"build {n}" for n in names(s, removed)]
    assert set(names(s, removed)) <= set(s.secret_seen[0])


def test_treason_builds_for_free_with_every_effect():
    s = agora(age=2)
    s.removed = {1: [s.rules.card_id["Tavern"]], 2: [s.rules.card_id["Courthouse"]], 3: []}
    decree(s, 3, "Civic Patronage")
    cubes(s, ch3=(0, 1))
    trigger(s, "Treason")
    act(s, "build Courthouse")
    assert s.rules.card_id["Courthouse"] in s.city[0]
    assert s.removed[2] == [] and s.removed[1] == [s.rules.card_id["Tavern"]]
    assert s.coins == [7, 9]                                 # free; D1 pays 2 (Age II)
    assert in_card_action(s)


def test_treason_with_nothing_removed():
    s = agora()
    s.removed = {1: [], 2: [], 3: []}
    trigger(s, "Treason")
    assert in_card_action(s) and s.city[0] == []


# ================================================================== C9 Political Maneuver

def test_political_maneuver_place_remove_move():
    s = agora()
    cubes(s, ch2=(0, 1), ch5=(0, 2))
    trigger(s, "Political Maneuver")
    assert s.decision == "place"
    assert legal(s) == [f"place in Chamber {n}" for n in range(1, 7)]
    act(s, "place in Chamber 2")
    assert s.control[1] is None                               # re-evaluated at once
    assert s.decision == "remove"
    assert legal(s) == ["remove from Chamber 2", "remove from Chamber 5"]
    act(s, "remove from Chamber 2")
    assert counts(s)[1] == (1, 0) and s.control[1] == 0
    assert s.decision == "may_move"
    act(s, "move Chamber 2 to Chamber 3")
    assert s.control[1:3] == [None, 0]
    assert in_card_action(s)


def test_political_maneuver_steals_d9_two_spaces():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(0, 1))
    s.pawn = -1
    trigger(s, "Political Maneuver")
    act(s, "place in Chamber 4")
    assert s.pawn == 0
    act(s, "remove from Chamber 4")
    assert s.pawn == 1 and s.control[3] == 0
    act(s, "move none")
    assert in_card_action(s)


def test_political_maneuver_with_little_to_do():
    s = agora()
    cubes(s, ch1=(12, 0))                                   # empty supply, no opponent cube
    trigger(s, "Political Maneuver")
    assert s.decision == "may_move"                          # place and remove skipped
    act(s, "move none")
    assert in_card_action(s)


def test_political_maneuver_with_nothing_at_all():
    """No cube can move without a cube on the board; with 12 cubes placing is always
    possible, so only the removal is impossible here."""
    s = agora()
    trigger(s, "Political Maneuver")
    act(s, "place in Chamber 1")
    assert s.decision == "may_move"
    act(s, "move none")
    assert counts(s)[0] == (1, 0) and in_card_action(s)


def test_political_maneuver_can_win_political_supremacy():
    s = agora()
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 0), ch6=(1, 2))
    trigger(s, "Political Maneuver")
    act(s, "place in Chamber 6")
    assert not s.is_terminal
    act(s, "remove from Chamber 6")
    assert s.result.victory == "political" and s.result.winner == 0


# ================================================================== C10 Espionage

def test_espionage_takes_a_box_token_with_its_effect():
    s = agora()
    board_tokens(s, "Law", "Economy", "Strategy", "Theology", "Urbanism")
    trigger(s, "Espionage")
    assert s.decision == "espionage"
    box = names(s, s.progress_box, "progress")
    assert legal(s) == [f"progress {n}" for n in box]
    assert set(box) <= set(s.secret_seen[0])
    act(s, "progress Agriculture")
    assert s.coins[0] == 13 and score_sheet(s, 0)["progress"] == 4
    assert s.rules.progress_id["Agriculture"] not in s.progress_box
    assert in_card_action(s)


def test_espionage_law_can_give_scientific_supremacy():
    s = agora()
    board_tokens(s, "Agriculture")
    give(s, 0, "Scriptorium", "Workshop", "Pharmacist", "Apothecary", "Academy")
    trigger(s, "Espionage")
    act(s, "progress Law")
    assert s.result.victory == "science" and s.result.winner == 0


def test_espionage_with_an_empty_box():
    s = agora()
    s.progress_box = []
    trigger(s, "Espionage")
    assert in_card_action(s) and s.progress_owned[0] == []


# ================================================================== C11 Turn of Events

def _bottom_slots(s):
    layout = s.layout
    return [layout.slots.index(x) for x in ((5, 1), (5, 3), (4, 2))]


def test_turn_of_events_discards_and_reveals_at_once():
    s = agora()
    decree(s, 3, "Salvage Rights")
    cubes(s, ch3=(1, 0), ch1=(1, 0))
    a, b, above = _bottom_slots(s)
    s.structure[a] = -1                                      # R5C1 already taken
    s.accessible.remove(a)
    s.remaining -= 1
    hidden = s.rules.cards[s.structure[above]].name
    first = s.rules.cards[s.structure[b]].name
    remaining = s.remaining
    trigger(s, "Turn of Events")
    assert s.decision == "scrap"
    assert "scrap none" not in legal(s)                       # the first one is mandatory
    act(s, f"scrap {first}")
    assert s.face_up[above] and above in s.accessible         # revealed immediately
    assert f"scrap {hidden}" in legal(s) and "scrap none" in legal(s)
    act(s, f"scrap {hidden}")
    assert s.remaining == remaining - 2
    assert names(s, s.discard) == [first, hidden]
    assert s.coins == [7, 7]                                  # no coins, D13 neither
    assert s.decision == "may_move"
    act(s, "move none")
    assert in_card_action(s)


def test_turn_of_events_second_discard_is_optional():
    s = agora()
    trigger(s, "Turn of Events")
    act(s, f"scrap {first_card(s)}")
    act(s, "scrap none")
    assert len(s.discard) == 1 and in_card_action(s)


def test_turn_of_events_can_discard_a_senator():
    s = agora()
    offer(s, "Conspirator 1")
    trigger(s, "Turn of Events")
    act(s, "scrap Conspirator 1")
    assert s.rules.card_id["Conspirator 1"] in s.discard


def test_turn_of_events_emptying_the_structure_ends_the_turn_and_the_age():
    s = agora()
    name = first_card(s)
    slot = s.accessible[0]
    card = s.structure[slot]
    s.structure = [-1] * len(s.structure)
    s.structure[slot] = card
    s.accessible = [slot]
    s.remaining = 1
    cubes(s, ch2=(1, 0))
    trigger(s, "Turn of Events")
    act(s, f"scrap {name}")
    assert s.decision == "may_move"                           # the second discard is skipped
    act(s, "move none")
    assert s.age == 2 and s.decision == "start"
    assert s.discard == [card]


# ================================================================== C12 Embezzlement

def test_embezzlement_coins_per_cube():
    s = agora()
    cubes(s, ch1=(2, 1), ch4=(1, 0), ch6=(0, 1))
    trigger(s, "Embezzlement")
    assert s.coins == [10, 5]
    assert in_card_action(s)


def test_embezzlement_never_below_zero():
    s = agora()
    s.coins[1] = 1
    cubes(s, ch1=(0, 4))
    trigger(s, "Embezzlement")
    assert s.coins == [7, 0]


def test_embezzlement_with_no_cubes():
    s = agora()
    trigger(s, "Embezzlement")
    assert s.coins == [7, 7] and in_card_action(s)


# ================================================================== C13 Foreclosure

def test_foreclosure_takes_a_brown_or_grey_card():
    s = agora()
    give(s, 1, "Lumber Yard", "Glassworks", "Altar")
    tokens(s, 1, "Economy")
    trigger(s, "Foreclosure")
    assert s.decision == "foreclose"
    assert legal(s) == ["take Lumber Yard", "take Glassworks"]
    act(s, "take Glassworks")
    assert names(s, s.city[0]) == ["Glassworks"]
    assert names(s, s.city[1]) == ["Lumber Yard", "Altar"]
    assert s.info[0].prod[3] == 1 and s.info[1].prod[3] == 0
    assert s.prices(1)[3] == 3                                 # seat 0 now produces glass
    assert s.coins == [7, 7]                                   # not a construction
    assert in_card_action(s)                                   # no trailing move


def test_foreclosure_with_nothing_to_take():
    s = agora()
    give(s, 1, "Altar")
    give(s, 0, "Quarry")
    trigger(s, "Foreclosure")
    assert in_card_action(s) and names(s, s.city[0]) == ["Quarry"]


# ================================================================== C14 Coercion

def test_coercion_swaps_blue_cards():
    s = agora()
    give(s, 0, "Altar")
    give(s, 1, "Baths", "Scriptorium")
    decree(s, 3, "Civic Patronage")
    cubes(s, ch3=(1, 0))
    trigger(s, "Coercion")
    assert s.decision == "coerce"
    assert legal(s) == ["take Baths and give Altar"]           # green: seat 0 has none
    act(s, "take Baths and give Altar")
    assert names(s, s.city[0]) == ["Baths"]
    assert names(s, s.city[1]) == ["Scriptorium", "Altar"]
    assert s.coins == [7, 7]                                   # no D1: not constructed
    assert "drop" in s.info[0].chains and "moon" in s.info[1].chains
    assert s.decision == "may_move"
    act(s, "move none")
    assert in_card_action(s)


def test_coercion_science_pairs_for_both_players_active_first():
    s = agora()
    board_tokens(s, "Agriculture", "Philosophy", "Law")
    give(s, 0, "Scriptorium", "Apothecary")                     # quill, wheel
    give(s, 1, "Library", "School")                             # quill, wheel
    trigger(s, "Coercion")
    act(s, "take Library and give Apothecary")
    assert s.decision == "progress" and s.current_player == 0
    act(s, "progress Philosophy")
    assert s.decision == "progress" and s.current_player == 1
    act(s, "progress Agriculture")
    assert s.coins == [7, 13]
    assert in_card_action(s)


def test_coercion_six_symbols_for_both_is_a_draw():
    s = agora()
    give(s, 0, "Scriptorium", "Workshop", "Pharmacist", "Apothecary", "Academy", "Study")
    give(s, 1, "University", "Library", "Laboratory", "Dispensary", "School", "Observatory")
    trigger(s, "Coercion")
    act(s, "take Observatory and give Study")
    assert s.result.victory == "science" and s.result.winner is None


def test_coercion_six_symbols_for_the_opponent():
    s = agora()
    give(s, 0, "Scriptorium", "Study")
    give(s, 1, "University", "Observatory", "Library", "Laboratory", "Dispensary", "School")
    trigger(s, "Coercion")
    act(s, "take Observatory and give Study")
    assert s.result.victory == "science" and s.result.winner == 1


def test_coercion_without_a_shared_colour():
    s = agora()
    give(s, 0, "Altar")
    give(s, 1, "Scriptorium")
    trigger(s, "Coercion")
    assert in_card_action(s) and names(s, s.city[0]) == ["Altar"]


# ================================================================== C15 Insider Influence

def _did(s, name):
    return s.rules.decree_id[name]


def test_insider_influence_both_decrees_benefit_the_controller():
    s = agora()
    decree(s, 1, "Salvage Rights")
    decree(s, 3, "Civic Patronage")
    cubes(s, ch1=(0, 1), ch3=(1, 0))
    trigger(s, "Insider Influence")
    assert s.decision == "move_decree"
    assert len(legal(s)) == 30                                 # 6 Decrees x 5 Chambers
    act(s, "move the Decree of Chamber 1 to Chamber 3")
    assert s.chamber_decrees[0] == []
    assert s.chamber_decrees[2] == [_did(s, "Civic Patronage"), _did(s, "Salvage Rights")]
    assert s.discard_value(0) == 4 and s.discard_value(1) == 2
    act(s, "move none")
    assert in_card_action(s)
    offer(s, "Theater")
    act(s, "discard Theater")
    assert s.coins == [11, 7]
    # losing the Chamber loses both Decrees
    cubes(s, ch3=(1, 1))
    assert s.discard_value(0) == 2
    assert s.controlled_decrees(0) == []


def test_insider_influence_into_an_uncontrolled_chamber_keeps_it_face_down():
    s = agora()
    decree(s, 2, "Standing Army", face_up=False)
    decree(s, 5, "Wonder Subsidy")
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 2 to Chamber 5")
    assert not s.decree_up[_did(s, "Standing Army")] and s.pawn == 0
    assert s.chamber_decrees[4] == [_did(s, "Wonder Subsidy"), _did(s, "Standing Army")]
    assert in_card_action(s)
    offer(s, "Right Politician 1")
    act(s, "recruit Right Politician 1")
    act(s, "place in Chamber 5")                               # gaining reveals both
    assert s.decree_up[_did(s, "Standing Army")] and s.pawn == 1


def test_insider_influence_face_down_into_a_controlled_chamber_is_revealed():
    s = agora()
    decree(s, 2, "Standing Army", face_up=False)
    cubes(s, ch5=(1, 0))
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 2 to Chamber 5")
    assert s.decree_up[_did(s, "Standing Army")] and s.pawn == 1


def test_insider_influence_moves_d9_from_the_opponent_to_you():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(0, 1), ch3=(1, 0))
    s.pawn = -1
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 4 to Chamber 3")
    assert s.pawn == 1                                         # loss + gain = 2 spaces
    assert s.chamber_decrees[3] == []


def test_insider_influence_can_hand_d9_to_the_opponent_who_takes_a_token():
    """A face-down D9 moved into the opponent's Chamber is revealed and gained by them: the
    pawn moves toward the triggering player, pushed by the opponent, who applies the token
    at once; then the optional move of the Conspiracy, then the card action."""
    s = agora()
    decree(s, 2, "Standing Army", face_up=False)
    cubes(s, ch4=(0, 1), ch1=(1, 0))
    s.pawn = -2
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 2 to Chamber 4")
    assert s.decree_up[_did(s, "Standing Army")] and s.pawn == -3
    assert s.decision == "place" and s.current_player == 1
    act(s, "place in Chamber 6")
    assert s.decision == "may_move" and s.current_player == 0
    act(s, "move none")
    assert in_card_action(s)


def test_insider_influence_out_of_your_chamber_into_a_tied_one():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(1, 0))
    s.pawn = 1
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 4 to Chamber 6")
    assert s.pawn == 0 and s.decree_up[_did(s, "Standing Army")]


def test_insider_influence_within_one_controller_changes_nothing():
    s = agora()
    decree(s, 4, "Standing Army")
    cubes(s, ch4=(1, 0), ch1=(1, 0))
    s.pawn = 1
    trigger(s, "Insider Influence")
    act(s, "move the Decree of Chamber 4 to Chamber 1")
    assert s.pawn == 1


def test_insider_influence_into_a_chamber_without_decree():
    s = agora()
    s.chamber_decrees[5] = []
    decree(s, 1, "Salvage Rights")
    cubes(s, ch6=(1, 0))
    trigger(s, "Insider Influence")
    assert "move the Decree of Chamber 6 to Chamber 1" not in legal(s)
    act(s, "move the Decree of Chamber 1 to Chamber 6")
    assert s.discard_value(0) == 4


# ================================================================== C16 Sabotage

def test_sabotage_returns_a_built_wonder_and_discards_its_card():
    s = agora()
    wonders(s, 1, "The Sphinx", built=("Knossos", "The Great Lighthouse"))
    tucked = s.built[1][s.rules.wonder_id["Knossos"]]
    assert score_sheet(s, 1)["wonders"] == 7
    trigger(s, "Sabotage")
    assert legal(s) == ["sabotage Knossos", "sabotage The Great Lighthouse"]
    act(s, "sabotage Knossos")
    assert s.rules.wonder_id["Knossos"] in s.wonders_out
    assert s.rules.wonder_id["Knossos"] not in s.wonders[1]
    assert tucked in s.discard
    assert score_sheet(s, 1)["wonders"] == 4
    assert in_card_action(s)


def test_sabotage_removes_production():
    s = agora()
    wonders(s, 1, built=("The Great Lighthouse",))
    assert s.info[1].choices
    trigger(s, "Sabotage")
    act(s, "sabotage The Great Lighthouse")
    assert s.info[1].choices == ()


def test_sabotage_keeps_instant_effects():
    s = agora()
    wonders(s, 1, built=("The Colossus",))
    s.pawn = -2
    trigger(s, "Sabotage")
    act(s, "sabotage The Colossus")
    assert s.pawn == -2


def test_sabotage_with_no_built_wonder():
    s = agora()
    wonders(s, 1, "The Pyramids")
    trigger(s, "Sabotage")
    assert in_card_action(s) and s.wonders_out == []


def test_sabotage_and_the_seven_wonder_limit():
    s = agora(coins=30)
    wonders(s, 1, built=("The Colossus", "The Sphinx", "Piraeus", "The Appian Way"))
    wonders(s, 0, "The Pyramids", built=("The Great Library", "The Hanging Gardens"))
    trigger(s, "Sabotage")
    act(s, "sabotage The Colossus")
    act(s, f"wonder The Pyramids with {first_card(s)}")       # 6 standing: no limit yet
    assert len(s.built[0]) == 3


# ================================================================== nothing-to-target sweep

@pytest.mark.parametrize("name", [
    "Extortion", "Blackmail", "Expropriation", "Swindle", "Obscurantism", "Property Fraud",
    "Treason", "Espionage", "Embezzlement", "Foreclosure", "Coercion", "Sabotage"])
def test_triggering_with_nothing_to_target_just_spends_it(name):
    s = agora()
    s.coins[1] = 0
    s.progress_board, s.progress_box = [], []
    s.removed = {1: [], 2: [], 3: []}
    _top_row(s, None, None, None)
    trigger(s, name)
    assert in_card_action(s)
    assert s.conspiracies[0][0][1] == TRIGGERED
    assert s.coins == [7, 0] and s.city == [[], []] and s.discard == []
