"""Agora: the 16 Decrees (agora.md B3, §A7.2; English rulebook "Decrees").

Each Decree is put alone in a Chamber and its controller set with cube counts; the
opponent (or nobody) controlling it must not benefit.
"""

import pytest

from positions import (act, cubes, decree, discard, give, legal, offer, position, tokens,
                       wonders)

# ------------------------------------------------------------------ helpers

NEUTRAL = ("Scientific Patronage", "Commercial Patronage", "Commercial Exemption",
           "Scientific Exemption", "Raw Materials Discount", "Manufactured Goods Discount")


def agora(player=0, coins=7, age=1):
    """Agora position; the six Senate Decrees are replaced by `blank` ones (no Chamber is
    controlled, so none acts) so that each test can put the one it checks in Chamber 3."""
    s = position(agora=True, player=player, coins=coins, age=age)
    s.pawn = 0
    for ch, name in enumerate(NEUTRAL, 1):
        decree(s, ch, name, face_up=ch % 2 == 1)
    return s


def with_decree(name, owner, player=0, coins=7, age=1, chamber=3):
    """`name` in `chamber`, controlled by seat `owner` (None: tied 1-1)."""
    s = agora(player=player, coins=coins, age=age)
    decree(s, chamber, name)
    pair = {0: (1, 0), 1: (0, 1), None: (1, 1)}[owner]
    cubes(s, **{f"ch{chamber}": pair})
    return s


def build(s, name):
    offer(s, name)
    act(s, f"build {name}")


# ================================================================== D1-D4 Patronage

PATRONAGE = [
    ("Civic Patronage", "Theater", (), 0),            # blue, free
    ("Scientific Patronage", "Workshop", ("Press",), 0),   # green, papyrus produced
    ("Commercial Patronage", "Tavern", (), 4),         # yellow, free, +4 coins
    ("Military Patronage", "Guard Tower", (), 0),      # red, free
]


@pytest.mark.parametrize("name, card, city, gain", PATRONAGE)
@pytest.mark.parametrize("age", [1, 2, 3])
def test_patronage_pays_the_controller_when_the_opponent_constructs(name, card, city, gain, age):
    s = with_decree(name, owner=1, age=age)
    give(s, 0, *city)
    build(s, card)
    assert s.coins == [7 + gain, 7 + age]


@pytest.mark.parametrize("name, card, city, gain", PATRONAGE)
def test_patronage_pays_the_controller_for_their_own_construction(name, card, city, gain):
    s = with_decree(name, owner=0, age=2)
    give(s, 0, *city)
    build(s, card)
    assert s.coins == [7 + gain + 2, 7]


@pytest.mark.parametrize("name, card, city, gain", PATRONAGE)
def test_patronage_in_a_tied_chamber_pays_nobody(name, card, city, gain):
    s = with_decree(name, owner=None)
    give(s, 0, *city)
    build(s, card)
    assert s.coins == [7 + gain, 7]


def test_patronage_only_for_its_colour():
    s = with_decree("Civic Patronage", owner=1)
    build(s, "Tavern")
    assert s.coins == [11, 7]


def test_patronage_pays_for_a_chain_construction():
    s = with_decree("Civic Patronage", owner=1, age=2)
    give(s, 0, "Altar")                                 # moon -> Temple
    build(s, "Temple")
    assert s.coins == [7, 9]


def test_patronage_pays_nothing_for_a_senator():
    s = with_decree("Civic Patronage", owner=1)
    offer(s, "Left Politician 1")
    act(s, "recruit Left Politician 1")
    assert s.coins == [7, 7]


def test_patronage_for_a_wonder_is_d14_only():
    s = with_decree("Civic Patronage", owner=1, coins=20)
    wonders(s, 0, "The Pyramids")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder The Pyramids with {card}")
    assert s.coins == [12, 20]


def test_patronage_pays_for_the_mausoleum_free_construction():
    s = with_decree("Civic Patronage", owner=1, coins=20)
    wonders(s, 0, "The Mausoleum")
    discard(s, "Baths")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder The Mausoleum with {card}")        # 2 clay 2 glass 1 papyrus = 10
    act(s, "mausoleum Baths")
    assert s.coins == [10, 21]


# ================================================================== D5-D7 Exemptions

@pytest.mark.parametrize("name, card, city, base, reduced", [
    ("Commercial Exemption", "Stone Reserve", (), 3, 0),        # coin cost = one symbol
    ("Commercial Exemption", "Forum", (), 5, 2),                # ignore the 3 coins
    ("Commercial Exemption", "Forum", ("Clay Pool",), 3, 0),
    ("Commercial Exemption", "Caravansery", (), 6, 4),          # either symbol: 4
    ("Military Exemption", "Palisade", (), 2, 0),
    ("Military Exemption", "Stable", (), 2, 0),                 # one wood unit
    ("Military Exemption", "Walls", (), 4, 2),                  # only one of 2 stones
    ("Scientific Exemption", "Scriptorium", (), 2, 0),
    ("Scientific Exemption", "Apothecary", (), 2, 0),
    ("Scientific Exemption", "Library", (), 6, 4),
    ("Scientific Exemption", "Library", ("Glassworks",), 4, 2),
])
def test_exemption_ignores_one_cost_symbol(name, card, city, base, reduced):
    s = with_decree(name, owner=0, coins=10)
    give(s, 0, *city)
    cid = s.rules.card_id[card]
    cubes(s, ch3=(1, 1))                                # nobody controls it: full price
    assert s.building_price(0, cid)[0] == base
    cubes(s, ch3=(1, 0))
    assert s.building_price(0, cid)[0] == reduced
    assert s.payment(0, card).total == reduced
    build(s, card)
    assert s.coins[0] == 10 - reduced
    assert cid in s.city[0]


def test_exemption_is_not_for_other_colours():
    s = with_decree("Commercial Exemption", owner=0)
    assert s.building_price(0, s.rules.card_id["Palisade"])[0] == 2


def test_exemption_of_the_opponent_does_not_help():
    s = with_decree("Military Exemption", owner=1)
    build(s, "Palisade")
    assert s.coins == [5, 7]


def test_exemption_makes_an_unaffordable_card_buildable():
    s = with_decree("Commercial Exemption", owner=0, coins=0)
    offer(s, "Stone Reserve")
    assert "build Stone Reserve" in legal(s)


def test_exemption_does_not_touch_senators():
    s = with_decree("Commercial Exemption", owner=0)
    give(s, 0, "Conspirator 1", "Conspirator 2")
    assert s.recruit_cost(0) == 2


def test_exemption_payment_explains_the_waived_coins():
    s = with_decree("Commercial Exemption", owner=0)
    pay = s.payment(0, "Stone Reserve")
    assert pay.total == 0 and pay.coin_cost == 0
    assert ("Commercial Exemption", "coins") in pay.waived


# ================================================================== D8 Wonder Subsidy

def test_wonder_subsidy_one_resource_fewer():
    s = with_decree("Wonder Subsidy", owner=0, coins=20)
    pyramids = s.rules.wonder_id["The Pyramids"]
    assert s.wonder_price(0, pyramids)[0] == 6          # 3 stone + 1 papyrus at 2: 8 - 2
    assert s.wonder_price(1, pyramids)[0] == 8
    wonders(s, 0, "The Pyramids")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder The Pyramids with {card}")
    assert s.coins[0] == 14


def test_wonder_subsidy_drops_the_most_expensive_unit():
    s = with_decree("Wonder Subsidy", owner=0)
    give(s, 1, "Quarry")                                # stone costs 3
    assert s.wonder_price(0, s.rules.wonder_id["The Pyramids"])[0] == 3 + 3 + 2


def test_wonder_subsidy_and_architecture_add_up():
    s = with_decree("Wonder Subsidy", owner=0)
    give(s, 1, "Quarry")
    tokens(s, 0, "Architecture")
    assert s.wonder_price(0, s.rules.wonder_id["The Pyramids"])[0] == 2


def test_wonder_subsidy_does_not_apply_to_buildings():
    s = with_decree("Wonder Subsidy", owner=0)
    assert s.building_price(0, s.rules.card_id["Stable"])[0] == 2


# ================================================================== D9 Standing Army

def test_standing_army_is_pawn_movement_only():
    s = agora()
    decree(s, 3, "Standing Army")
    offer(s, "Conspirator 1")
    act(s, "recruit Conspirator 1")
    act(s, "place in Chamber 3")
    assert s.pawn == 1
    assert s.info[0].passive == {}                       # never stored as a shield
    # Strategy does not add to the Decree's shield
    s2 = agora()
    tokens(s2, 0, "Strategy")
    decree(s2, 3, "Standing Army")
    offer(s2, "Conspirator 1")
    act(s2, "recruit Conspirator 1")
    act(s2, "place in Chamber 3")
    assert s2.pawn == 1


# ================================================================== D10-D11 trade discounts

def test_raw_materials_discount():
    s = with_decree("Raw Materials Discount", owner=0)
    give(s, 1, "Lumber Yard")                           # wood 2 + 1
    assert s.prices(0) == (2, 1, 1, 2, 2)
    assert s.prices(1) == (2, 2, 2, 2, 2)


def test_manufactured_goods_discount():
    s = with_decree("Manufactured Goods Discount", owner=0)
    give(s, 1, "Glassworks")
    assert s.prices(0) == (2, 2, 2, 2, 1)
    assert s.prices(1) == (2, 2, 2, 2, 2)


def test_trade_discount_never_below_one_nor_below_a_fixed_price():
    s = with_decree("Raw Materials Discount", owner=0)
    give(s, 0, "Wood Reserve")                           # wood fixed at 1
    assert s.prices(0)[0] == 1


def test_trade_discount_lowers_the_build_cost_and_what_economy_receives():
    s = with_decree("Raw Materials Discount", owner=0)
    tokens(s, 1, "Economy")
    build(s, "Stable")                                   # 1 wood at 1 coin
    assert s.coins == [6, 8]


def test_trade_discount_of_the_opponent_does_not_help():
    s = with_decree("Raw Materials Discount", owner=1)
    build(s, "Stable")
    assert s.coins == [5, 7]


def test_trade_discount_is_forgotten_when_control_is_lost():
    s = with_decree("Raw Materials Discount", owner=0)
    assert s.prices(0)[0] == 1
    offer(s, "Middle Politician 1")
    act(s, "recruit Middle Politician 1")
    act(s, "move Chamber 3 to Chamber 4")
    assert s.prices(0)[0] == 2                           # price cache dropped


# ================================================================== D12 Civic Mandate

@pytest.mark.parametrize("blue, n", [(0, 2), (2, 3), (4, 3)])
def test_civic_mandate_adds_two_blue_cards(blue, n):
    s = with_decree("Civic Mandate", owner=0)
    give(s, 0, *["Theater", "Altar", "Baths", "Temple"][:blue])
    offer(s, "Left Politician 1")
    act(s, "recruit Left Politician 1")
    assert s.pending[-1] == ("senate", 0, "left", n)


def test_civic_mandate_is_not_a_blue_card():
    s = with_decree("Civic Mandate", owner=0)
    assert s.info[0].count("blue") == 0


# ================================================================== D13 Salvage Rights

def test_salvage_rights_two_more_coins_on_discard():
    s = with_decree("Salvage Rights", owner=0)
    give(s, 0, "Tavern")
    offer(s, "Baths")
    act(s, "discard Baths")
    assert s.coins == [7 + 2 + 1 + 2, 7]


def test_salvage_rights_for_a_discarded_senator():
    s = with_decree("Salvage Rights", owner=0)
    offer(s, "Conspirator 1")
    act(s, "discard Conspirator 1")
    assert s.coins == [11, 7]


def test_salvage_rights_of_the_opponent():
    s = with_decree("Salvage Rights", owner=1)
    offer(s, "Baths")
    act(s, "discard Baths")
    assert s.coins == [9, 7]


# ================================================================== D14 Wonder Patronage

@pytest.mark.parametrize("owner, expect", [(1, [12, 21]), (0, [13, 20]), (None, [12, 20])])
def test_wonder_patronage(owner, expect):
    s = with_decree("Wonder Patronage", owner=owner, coins=20)
    wonders(s, 0, "The Pyramids")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder The Pyramids with {card}")            # costs 8
    assert s.coins == expect


def test_wonder_patronage_pays_the_current_age():
    s = with_decree("Wonder Patronage", owner=1, coins=20, age=3)
    wonders(s, 0, "The Pyramids")
    card = s.rules.cards[s.accessible_cards()[0]].name
    act(s, f"wonder The Pyramids with {card}")
    assert s.coins == [12, 23]


# ================================================================== D15 Shared Chains

def test_shared_chains_use_the_opponents_chain_symbol():
    s = with_decree("Shared Chains", owner=0, age=2)
    give(s, 1, "Stable")                                  # horseshoe
    cid = s.rules.card_id["Horse Breeders"]
    assert s.building_price(0, cid)[0] == 0
    assert s.building_price(1, cid)[0] == 0             # own chain anyway
    pay = s.payment(0, "Horse Breeders")
    assert pay.chain == "horseshoe" and pay.chain_from_opponent
    build(s, "Horse Breeders")
    assert s.coins == [7, 7]


def test_shared_chains_count_for_urbanism():
    s = with_decree("Shared Chains", owner=0, age=2)
    give(s, 1, "Stable")
    tokens(s, 0, "Urbanism")
    build(s, "Horse Breeders")
    assert s.coins == [11, 7]


def test_shared_chains_of_the_opponent_do_not_help():
    s = with_decree("Shared Chains", owner=1, age=2)
    give(s, 1, "Stable")
    assert s.building_price(0, s.rules.card_id["Horse Breeders"])[0] == 4


# ================================================================== D16 Conspirators' Reward

def test_conspirators_reward_extra_turn():
    s = with_decree("Conspirators' Reward", owner=0)
    offer(s, "Conspirator 1")
    act(s, "recruit Conspirator 1")
    act(s, "conspire")
    act(s, legal(s)[0])
    act(s, legal(s)[0])
    assert s.decision == "turn" and s.current_player == 0


def test_conspirators_reward_not_for_politicians():
    s = with_decree("Conspirators' Reward", owner=0)
    offer(s, "Right Politician 1")
    act(s, "recruit Right Politician 1")
    act(s, "stop")
    assert s.current_player == 1


# ================================================================== face-down Decrees

def test_face_down_decree_in_an_uncontrolled_chamber_does_nothing():
    s = agora()
    decree(s, 2, "Salvage Rights", face_up=False)
    assert s.discard_value(0) == 2 and s.discard_value(1) == 2
