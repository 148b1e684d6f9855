"""Rules tests for the base game (7 Wonders Duel), on constructed positions.

Ground truth: ../shared/rules/base-game.md (Part A rules, Part B data, Part C rulings).
Section references (§) point into that document. Every test asserts exact numbers.

Seats: seat 0 = P1 (pushes the pawn toward +9), seat 1 = P2 (toward -9).
"""

import pytest

from game import IllegalActionError
from game.actions import Action
from game.data import RESOURCES
from game.scoring import score_sheet

try:
    from tests.positions import (act, board_tokens, discard, give, legal, offer, position,
                                 tokens, wonders)
except ImportError:                                            # pragma: no cover
    from positions import (act, board_tokens, discard, give, legal, offer, position,  # noqa
                           tokens, wonders)

WOOD, CLAY, STONE, GLASS, PAPYRUS = (RESOURCES.index(r)
                                     for r in ("wood", "clay", "stone", "glass", "papyrus"))


# ---------------------------------------------------------------------------------- helpers

def city(s, p):
    return [s.rules.cards[c].name for c in s.city[p]]


def discard_names(s):
    return [s.rules.cards[c].name for c in s.discard]


def owned_tokens(s, p):
    return [s.rules.progress[t].name for t in s.progress_owned[p]]


def token_ids(s, *names):
    return [s.rules.progress_id[n] for n in names]


def accessible_names(s):
    return [s.rules.cards[s.structure[slot]].name for slot in s.accessible]


def age3(**kw):
    """An Age III position. positions.py takes replacement cards from the Age III deck, which
    in Age III is all in the structure: make the boxed Age III cards and Guilds available as
    spares (the Age III deck is never dealt again, so this changes nothing else)."""
    s = position(age=3, **kw)
    in_deck = set(s.decks[3])
    spares = s.removed[3] + [g for g in s.rules.guilds if g not in in_deck]
    spares += [c for c in s.decks[2] + s.removed[2] if c not in in_deck]
    s.decks[3] = s.decks[3] + spares
    return s


def only_cards(s, *names):
    """Empty the structure except for `names`, all accessible (end-of-Age situations)."""
    if not names:
        names = (accessible_names(s)[0],)
    offer(s, *names)
    keep = [s.slot_of(n) for n in names]
    for slot in range(len(s.structure)):
        if slot not in keep:
            s.structure[slot] = -1
    s.accessible = sorted(keep)
    s.reveal_pending = []
    s.remaining = len(keep)
    s._legal = None


def pass_turn(s, avoid=()):
    """The player to move discards some accessible card not named in `avoid`."""
    name = next(n for n in accessible_names(s) if n not in avoid)
    act(s, f"discard {name}")
    return name


def filler(s, avoid=()):
    return next(n for n in accessible_names(s) if n not in avoid)


def purchases(pay):
    """{resource: units bought} of a Payment."""
    return {r: n for r, n, _, _ in pay.purchases}


def snapshot(s):
    """Everything an action could change."""
    key = repr((s.coins, s.city, s.wonders, s.built, s.wonders_out, s.pawn, s.military_tokens,
                s.structure, s.face_up, s.accessible, s.reveal_pending, s.remaining, s.discard,
                s.pending, s.progress_board, s.progress_box, s.progress_owned, s.history,
                s.extra_turn, s.age, s.phase, s.result, s.last_player, s.deferred_tokens,
                s.decision, s.current_player, [str(a) for a in s.legal_actions()]))
    try:
        blob = s.to_json()
    except Exception:        # serialisation is not part of these rules tests
        blob = None
    return key, blob


def assert_illegal(s, action):
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        if isinstance(action, str):
            act(s, action)
        else:
            s.apply(action)
    assert snapshot(s) == before


# ================================================================ brown / grey production

def test_brown_card_production_coin_cost_and_opponent_price():
    """§7.2, §7.4, B2: Stone Pit costs 1 coin, produces 1 stone, opponent's stone price 2 -> 3."""
    s = position()
    offer(s, "Stone Pit", "Lumber Yard")
    assert s.prices(1)[STONE] == 2
    act(s, "build Stone Pit")
    assert s.coins == [6, 7]
    assert s.info[0].prod[STONE] == 1
    assert s.prices(1)[STONE] == 3
    assert s.prices(0)[STONE] == 2              # own production never changes own price
    # Lumber Yard is completely free
    assert s.payment(1, "Lumber Yard").total == 0
    act(s, "build Lumber Yard")
    assert s.coins == [6, 7]
    assert s.prices(0)[WOOD] == 3


def test_grey_card_production_and_opponent_price():
    """§7.2, B2: Glassworks (1 coin) -> 1 glass; Press -> papyrus; opponent's prices +1."""
    s = position()
    offer(s, "Glassworks", "Press", "Theater")
    act(s, "build Glassworks")
    act(s, "build Press")
    assert s.coins == [6, 6]
    assert s.info[0].prod[GLASS] == 1 and s.info[1].prod[PAPYRUS] == 1
    assert s.prices(1)[GLASS] == 3 and s.prices(1)[PAPYRUS] == 2
    assert s.prices(0)[PAPYRUS] == 3 and s.prices(0)[GLASS] == 2


def test_two_unit_age_ii_brown_cards_raise_opponent_price_by_two():
    """§7.2, §17.4: Sawmill/Brickyard/Shelf Quarry produce 2 and count 2 for the opponent."""
    s = position(age=2)
    offer(s, "Sawmill", "Courthouse")
    act(s, "build Sawmill")                      # 2 coins
    assert s.coins == [5, 7]
    assert s.info[0].prod[WOOD] == 2
    assert s.prices(1)[WOOD] == 4
    pay = s.payment(1, "Courthouse")             # 2 wood at 4 + 1 glass at 2
    assert pay.total == 10 and purchases(pay) == {"wood": 2, "glass": 1}
    give(s, 0, "Brickyard", "Shelf Quarry")
    assert s.prices(1)[CLAY] == 4 and s.prices(1)[STONE] == 4


def test_trade_price_worked_example_sawmill_and_lumber_yard():
    """§7.4 example: opponent owns Sawmill (2 wood) and Lumber Yard (1 wood) -> wood costs 5."""
    s = position()
    give(s, 1, "Sawmill", "Lumber Yard")
    assert s.prices(0)[WOOD] == 5
    pay = s.payment(0, "Stable")                 # 1 wood
    assert pay.total == 5 and purchases(pay) == {"wood": 1}


def test_own_production_is_used_before_buying():
    """§7.7: brown/grey production is applied first; only the missing units are bought."""
    s = position()
    give(s, 0, "Quarry", "Stone Pit")
    give(s, 1, "Shelf Quarry")
    pay = s.payment(0, "Aqueduct")              # 3 stone: 2 produced, 1 bought at 2+2
    assert pay.produced == {"stone": 2}
    assert pay.total == 4 and purchases(pay) == {"stone": 1}


# ======================================================================== blue / green

def test_blue_card_points():
    """§11, B2: Baths costs 1 stone (2 coins here) and is worth 3 VP."""
    s = position()
    offer(s, "Baths")
    act(s, "build Baths")
    assert s.coins == [5, 7]
    assert city(s, 0) == ["Baths"]
    assert score_sheet(s, 0)["blue"] == 3
    give(s, 0, "Palace", "Courthouse")
    assert score_sheet(s, 0)["blue"] == 3 + 7 + 5


def test_green_card_symbol_without_pair_gives_no_token():
    """§9: a single symbol only adds to the collection."""
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    offer(s, "Apothecary")
    act(s, "build Apothecary")                   # 1 glass -> 2 coins
    assert s.coins == [5, 7]
    assert s.info[0].symbols == {"wheel": 1}
    assert s.decision == "turn" and s.current_player == 1
    assert score_sheet(s, 0)["green"] == 1


def test_green_pair_offers_progress_choice_among_board_tokens():
    """§9: the second card of a symbol -> choose one board token (or none, Part C #2)."""
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Workshop")
    offer(s, "Laboratory")
    act(s, "build Laboratory")                   # 1 wood + 2 glass = 6 coins
    assert s.coins == [1, 7]
    assert s.info[0].symbols == {"plumb_line": 2}
    assert s.decision == "progress" and s.current_player == 0
    assert sorted(legal(s)) == sorted(["progress Agriculture", "progress Law", "progress Economy",
                                       "progress Urbanism", "progress Theology", "progress none"])
    act(s, "progress Agriculture")
    assert s.coins == [7, 7]
    assert owned_tokens(s, 0) == ["Agriculture"]
    assert s.rules.progress_id["Agriculture"] not in s.progress_board
    assert len(s.progress_board) == 4
    assert s.decision == "turn" and s.current_player == 1


def test_progress_choice_may_be_declined():
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Scriptorium")
    offer(s, "Library")
    act(s, "build Library")                      # free via the book chain
    assert s.coins == [7, 7]
    assert s.decision == "progress"
    act(s, "progress none")
    assert owned_tokens(s, 0) == [] and len(s.progress_board) == 5
    assert s.current_player == 1 and s.decision == "turn"


def test_pair_with_no_token_left_on_the_board_does_nothing():
    """§17.13."""
    s = position()
    s.progress_board = []
    give(s, 0, "Pharmacist")
    offer(s, "Dispensary")
    act(s, "build Dispensary")                   # free via the gear chain
    assert s.info[0].symbols == {"mortar": 2}
    assert s.decision == "turn" and s.current_player == 1


# =============================================================================== yellow

def test_tavern_and_brewery_coins():
    """B2/B3: Tavern +4 coins, Brewery +6 coins."""
    s = position()
    offer(s, "Tavern", "Brewery")
    act(s, "build Tavern")
    act(s, "build Brewery")
    assert s.coins == [11, 13]


def test_reserve_fixes_price_at_one_coin():
    """§7.5, §17.5: Clay Reserve (3 coins) -> every clay costs 1, whatever the opponent makes."""
    s = position(coins=10)
    give(s, 1, "Clay Pool", "Clay Pit", "Brickyard")
    offer(s, "Clay Reserve", "Statue")
    assert s.prices(0)[CLAY] == 6
    assert s.payment(0, "Statue").total == 12
    act(s, "build Clay Reserve")
    assert s.coins == [7, 10]
    assert s.prices(0)[CLAY] == 1
    assert s.prices(0)[STONE] == 2 and s.prices(0)[WOOD] == 2   # only clay is fixed
    pass_turn(s, avoid=("Statue",))
    pay = s.payment(0, "Statue")
    assert pay.total == 2 and purchases(pay) == {"clay": 2}
    act(s, "build Statue")
    assert s.coins[0] == 5


def test_customs_house_fixes_glass_and_papyrus():
    """§7.5: Customs House (4 coins): glass and papyrus at 1 coin each."""
    s = position(coins=10)
    give(s, 1, "Glassworks", "Glass-Blower", "Press")
    offer(s, "Customs House", "Laboratory")
    assert s.prices(0)[GLASS] == 4 and s.prices(0)[PAPYRUS] == 3
    act(s, "build Customs House")
    assert s.coins == [6, 10]
    assert s.prices(0)[GLASS] == 1 and s.prices(0)[PAPYRUS] == 1
    pass_turn(s, avoid=("Laboratory",))
    assert s.payment(0, "Laboratory").total == 2 + 1 + 1      # wood 2, glass 1 + 1
    act(s, "build Laboratory")
    assert s.coins[0] == 2


def test_forum_and_caravansery_choice_production_chosen_per_construction():
    """§7.2: Forum glass|papyrus, Caravansery wood|clay|stone; chosen anew each construction."""
    s = position(coins=10)
    give(s, 0, "Forum", "Caravansery")
    give(s, 1, "Lumber Yard")
    offer(s, "Courthouse", "Baths", "Theater", "Altar")
    pay = s.payment(0, "Courthouse")             # 2 wood + 1 glass
    assert sorted(pay.choices) == [("Caravansery", "wood"), ("Forum", "glass")]
    assert pay.total == 3 and purchases(pay) == {"wood": 1}
    act(s, "build Courthouse")
    assert s.coins == [7, 10]
    pass_turn(s, avoid=("Baths",))
    pay = s.payment(0, "Baths")                 # the Caravansery now makes stone
    assert pay.total == 0 and pay.choices == [("Caravansery", "stone")]
    act(s, "build Baths")
    assert s.coins == [7, 12]


def test_choice_producers_never_raise_the_opponent_price():
    """§7.2, §17.3: Forum / Caravansery are ignored for the opponent's trading price."""
    s = position()
    give(s, 0, "Forum", "Caravansery")
    assert s.prices(1) == (2, 2, 2, 2, 2)


@pytest.mark.parametrize("card, seat0, seat1_extra, cost, gain", [
    # Arena: 2 coins per Wonder constructed in your own city (2 here; opponent's 3 ignored)
    ("Arena", dict(built=("The Pyramids", "The Sphinx")), dict(built=(
        "The Colossus", "Piraeus", "The Great Lighthouse")), 6, 4),
    # Chamber of Commerce: 3 coins per grey card (Glassworks, Glass-Blower, Press)
    ("Chamber of Commerce", dict(cards=("Glassworks", "Glass-Blower", "Press")),
     dict(cards=("Drying Room",)), 3, 9),
    # Port: 2 coins per brown card (3) - the opponent's Stone Pit does not count
    ("Port", dict(cards=("Lumber Yard", "Quarry", "Clay Pool")), dict(cards=("Stone Pit",)), 4, 6),
    # Armory: 1 coin per red card (2)
    ("Armory", dict(cards=("Stable", "Garrison")), dict(cards=("Guard Tower", "Palisade")), 6, 2),
    # Lighthouse: 1 coin per yellow card, itself included (Wood Reserve, Forum + itself = 3)
    ("Lighthouse", dict(cards=("Wood Reserve", "Forum")), dict(cards=("Clay Reserve",)), 4, 3),
])
def test_age_iii_yellow_coins_counted_in_own_city(card, seat0, seat1_extra, cost, gain):
    """§11: Age III yellow coins once, counted in the builder's city incl. the new card; 3 VP."""
    s = age3(coins=20)
    give(s, 0, *seat0.get("cards", ()))
    wonders(s, 0, built=seat0.get("built", ()))
    give(s, 1, *seat1_extra.get("cards", ()))
    wonders(s, 1, built=seat1_extra.get("built", ()))
    offer(s, card)
    assert s.payment(0, card).total == cost
    act(s, f"build {card}")
    assert s.coins == [20 - cost + gain, 20]
    assert score_sheet(s, 0)["yellow"] == 3


def test_lighthouse_through_the_amphora_chain_counts_itself():
    """Lighthouse free with Tavern (amphora); Tavern + Lighthouse = 2 yellow -> 2 coins."""
    s = age3()
    give(s, 0, "Tavern")
    offer(s, "Lighthouse")
    assert s.payment(0, "Lighthouse").chain == "amphora"
    act(s, "build Lighthouse")
    assert s.coins == [9, 7]


def test_discard_value_is_two_plus_own_yellow_cards():
    """§6.2, §17.8: 2 + yellow cards in the city; the discarded card itself never counts."""
    s = position()
    give(s, 0, "Tavern", "Clay Reserve", "Forum")
    give(s, 1, "Wood Reserve")
    offer(s, "Stone Reserve", "Quarry")
    assert s.discard_value(0) == 5
    assert s.discard_value(1) == 3
    act(s, "discard Stone Reserve")
    assert s.coins == [12, 7]
    assert discard_names(s) == ["Stone Reserve"]
    act(s, "discard Quarry")
    assert s.coins == [12, 10]
    assert discard_names(s) == ["Stone Reserve", "Quarry"]


# ================================================================================== red

def test_red_card_shields_move_pawn():
    """§8: each shield moves the pawn one space toward the opponent's capital."""
    s = position(coins=10)
    offer(s, "Walls", "Guard Tower")
    act(s, "build Walls")                        # 2 stone = 4 coins, 2 shields
    assert s.coins == [6, 10] and s.pawn == 2
    act(s, "build Guard Tower")                  # seat 1 pushes back
    assert s.pawn == 1


def test_strategy_adds_a_shield_to_red_buildings_but_not_to_wonders():
    """§8, §13, §17.15: Strategy +1 on red Buildings; Wonders' shields get no bonus."""
    s = position(coins=20)
    tokens(s, 0, "Strategy")
    wonders(s, 0, "The Colossus")
    offer(s, "Guard Tower", "Theater", "Altar", "Baths")
    act(s, "build Guard Tower")                  # 1 + 1
    assert s.pawn == 2
    pass_turn(s, avoid=("Theater",))
    act(s, "wonder The Colossus with Theater")   # 2 shields, no bonus -> +4 (enters 3..5)
    assert s.pawn == 4
    assert s.coins == [12, 20 + 2 - 2]           # Colossus 8 coins; seat 1 discarded (+2), lost 2


def test_strategy_of_the_opponent_does_not_help():
    s = position()
    tokens(s, 1, "Strategy")
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.pawn == 1


def test_military_worked_example_of_section_8():
    """§8 worked example: +2, Walls -> +4 (P2 loses 2); Arsenal -> +1; Circus Maximus with
    Strategy -> +2 only."""
    s = position(coins=20)
    s.pawn = 2
    wonders(s, 0, "Circus Maximus")
    offer(s, "Walls", "Arsenal", "Theater", "Altar")
    act(s, "build Walls")
    assert s.pawn == 4
    assert s.coins == [16, 18]
    act(s, "build Arsenal")                      # 3 clay + 2 wood = 10 coins, 3 shields
    assert s.pawn == 1
    assert s.coins == [16, 8]
    tokens(s, 0, "Strategy")
    act(s, "wonder Circus Maximus with Theater")  # 2 stone, wood, glass = 8 coins
    assert s.pawn == 2
    assert s.coins == [8, 8]                     # no token lost on the way back


# =============================================================================== guilds

def _guild_game(card, seat0_cards=(), seat1_cards=(), seat0_built=(), seat1_built=(),
                coins=(20, 20)):
    s = age3()
    give(s, 0, *seat0_cards)
    give(s, 1, *seat1_cards)
    wonders(s, 0, built=seat0_built)
    wonders(s, 1, built=seat1_built)
    s.coins = list(coins)
    only_cards(s, *([card] if isinstance(card, str) else card))
    return s


@pytest.mark.parametrize("guild, setup, cost, coins_gained, points", [
    # Merchants: yellow; seat 1 has 3 (Reserves) > seat 0's 1 -> 3 coins, 3 VP
    ("Merchants Guild", dict(seat0_cards=("Tavern",),
                             seat1_cards=("Stone Reserve", "Clay Reserve", "Wood Reserve")),
     8, 3, 3),
    # Shipowners: brown+grey of ONE city: seat 0 3+0, seat 1 1+2 -> 3 (not 3 brown + 2 grey)
    # prices: clay 3, stone 2, glass 3, papyrus 3
    ("Shipowners Guild", dict(seat0_cards=("Lumber Yard", "Logging Camp", "Sawmill"),
                              seat1_cards=("Clay Pool", "Glassworks", "Press")),
     11, 3, 3),
    # Builders: no coins; 2 VP per Wonder of the city with the most (seat 1: 3)
    ("Builders Guild", dict(seat0_built=("The Pyramids",),
                            seat1_built=("The Colossus", "The Sphinx", "Piraeus")),
     10, 0, 6),
    # Magistrates: blue; seat 1 has 2
    ("Magistrates Guild", dict(seat0_cards=("Altar",), seat1_cards=("Theater", "Baths")),
     8, 2, 2),
    # Scientists: green; seat 0 has 2
    ("Scientists Guild", dict(seat0_cards=("Workshop", "Apothecary"),
                              seat1_cards=("Scriptorium",)),
     8, 2, 2),
    # Moneylenders: no coins; 1 VP per 3 coins of the richest (seat 1: 25 -> 8)
    ("Moneylenders Guild", dict(coins=(20, 25)), 8, 0, 8),
    # Tacticians: red; seat 1 has 2
    ("Tacticians Guild", dict(seat0_cards=("Stable",), seat1_cards=("Garrison", "Guard Tower")),
     8, 2, 2),
])
def test_guild_coins_when_built_and_points_at_game_end(guild, setup, cost, coins_gained, points):
    """§12, B5: colour Guilds pay 1 coin per card in the city with the most, once; all Guilds
    score at game end from the city with the most (Builders 2/Wonder, Moneylenders per 3 coins)."""
    s = _guild_game(guild, **setup)
    start = s.coins[0]
    assert s.payment(0, guild).total == cost
    act(s, f"build {guild}")                     # last card of Age III -> game over
    assert s.coins[0] == start - cost + coins_gained
    assert s.result is not None and s.result.victory == "civilian"
    assert s.result.scores[0]["purple"] == points


def test_guild_points_use_the_final_state_not_the_build_time_count():
    """§12: coins at construction from the city with the most then; VP from the final state."""
    s = _guild_game(("Magistrates Guild", "Palace"), seat0_cards=("Altar",),
                    seat1_cards=("Theater", "Baths"))
    act(s, "build Magistrates Guild")            # seat 1 has 2 blue -> 2 coins
    assert s.coins == [20 - 8 + 2, 20]
    act(s, "build Palace")                       # seat 1: 3 blue now; 10 coins
    assert s.coins == [14, 10]
    assert s.result.scores[0]["purple"] == 3
    assert s.result.scores[1]["blue"] == 3 + 3 + 7


def test_guild_does_not_count_itself_or_other_guilds():
    """§12: Guilds are purple and never count toward the colours."""
    s = _guild_game("Scientists Guild", seat0_cards=("Tacticians Guild", "Workshop"))
    act(s, "build Scientists Guild")
    assert s.coins[0] == 20 - 8 + 1
    assert s.result.scores[0]["purple"] == 1 + 0   # Scientists 1; Tacticians: 0 red


# ============================================================================== wonders

WONDERS = [
    # name, cost, VP, coins gained, shields, play again
    ("The Pyramids", {"stone": 3, "papyrus": 1}, 9, 0, 0, False),
    ("The Colossus", {"clay": 3, "glass": 1}, 3, 0, 2, False),
    ("The Great Lighthouse", {"wood": 1, "stone": 1, "papyrus": 2}, 4, 0, 0, False),
    ("The Temple of Artemis", {"wood": 1, "stone": 1, "glass": 1, "papyrus": 1}, 0, 12, 0, True),
    ("The Mausoleum", {"clay": 2, "glass": 2, "papyrus": 1}, 2, 0, 0, False),
    ("The Great Library", {"wood": 3, "glass": 1, "papyrus": 1}, 4, 0, 0, False),
    ("Piraeus", {"wood": 2, "stone": 1, "clay": 1}, 2, 0, 0, True),
    ("The Hanging Gardens", {"wood": 2, "glass": 1, "papyrus": 1}, 3, 6, 0, True),
    ("The Statue of Zeus", {"wood": 1, "clay": 1, "stone": 1, "papyrus": 2}, 3, 0, 1, False),
    ("The Sphinx", {"clay": 1, "stone": 1, "glass": 2}, 6, 0, 0, True),
    ("The Appian Way", {"clay": 2, "stone": 2, "papyrus": 1}, 3, 3, 0, True),
    ("Circus Maximus", {"stone": 2, "wood": 1, "glass": 1}, 3, 0, 1, False),
]


@pytest.mark.parametrize("name, cost, points, gain, shields, again", WONDERS,
                         ids=[w[0] for w in WONDERS])
def test_wonder_cost_points_coins_shields_and_play_again(name, cost, points, gain, shields, again):
    """§6.3, §10, B6 for each of the 12 Wonders (opponent city empty: every unit costs 2)."""
    s = position(coins=20)
    wonders(s, 0, name)
    s.progress_box = token_ids(s, "Philosophy", "Mathematics", "Masonry")
    card = filler(s)
    pay = s.payment(0, name)
    assert purchases(pay) == cost
    assert pay.total == 2 * sum(cost.values()) and pay.coin_cost == 0
    act(s, f"wonder {name} with {card}")
    wid = s.rules.wonder_id[name]
    assert wid in s.built[0]
    tucked = s.built[0][wid]
    assert s.rules.cards[tucked].name == card
    assert card not in city(s, 0) and card not in discard_names(s)   # §6.3: tucked, no effect
    assert s.coins[0] == 20 - pay.total + gain
    assert s.coins[1] == (17 if name == "The Appian Way" else 20)
    assert s.pawn == shields
    assert score_sheet(s, 0)["wonders"] == points
    if name == "The Great Library":
        assert s.decision == "library" and s.current_player == 0
        act(s, "library Philosophy")
    # Mausoleum with an empty discard pile / Zeus & Circus with nothing to destroy: skipped.
    assert s.decision == "turn"
    assert s.current_player == (0 if again else 1)


def test_play_again_gives_the_same_player_a_full_turn():
    """§10.2: the extra turn is a normal turn; afterwards play alternates again."""
    s = position(coins=20)
    wonders(s, 0, "The Hanging Gardens", "The Sphinx")
    a, b, c, d = accessible_names(s)[:4]
    act(s, f"wonder The Hanging Gardens with {a}")
    assert s.current_player == 0 and s.coins[0] == 20 - 8 + 6
    act(s, f"wonder The Sphinx with {b}")        # a second replay chains
    assert s.current_player == 0 and s.coins[0] == 10
    act(s, f"discard {c}")
    assert s.current_player == 1
    act(s, f"discard {d}")
    assert s.current_player == 0


def test_play_again_with_the_last_card_of_an_age_is_lost():
    """§10.2, §17.21: the extra turn is lost; the weaker player (pawn +2 -> seat 1) chooses."""
    s = position(coins=20)
    s.pawn = 2
    wonders(s, 0, "The Temple of Artemis")
    only_cards(s, "Theater")
    act(s, "wonder The Temple of Artemis with Theater")
    assert s.coins[0] == 20 - 8 + 12
    assert s.age == 2
    assert s.decision == "start" and s.current_player == 1
    act(s, "start player 1")
    assert s.decision == "turn" and s.current_player == 1


def test_play_again_with_the_last_card_of_age_iii_ends_the_game():
    s = age3(coins=20)
    wonders(s, 0, "The Sphinx")
    only_cards(s, filler(s))
    act(s, f"wonder The Sphinx with {accessible_names(s)[0]}")
    assert s.result is not None and s.result.victory == "civilian"
    assert s.current_player is None and legal(s) == []


def test_appian_way_opponent_loses_all_when_fewer_than_three():
    """§10.6: +3 coins, the opponent loses 3 or all they have."""
    s = position(coins=20)
    s.coins[1] = 2
    wonders(s, 0, "The Appian Way")
    act(s, f"wonder The Appian Way with {filler(s)}")
    assert s.coins == [20 - 10 + 3, 0]


def test_statue_of_zeus_destroys_an_opponent_brown_card_and_lowers_prices():
    """§10.5: choose one brown card of the opponent's city; it goes to the discard pile and
    stops producing at once (prices fall)."""
    s = position(coins=20)
    give(s, 0, "Quarry")
    give(s, 1, "Lumber Yard", "Glassworks", "Sawmill")
    wonders(s, 0, "The Statue of Zeus")
    assert s.prices(0)[WOOD] == 5
    pay = s.payment(0, "The Statue of Zeus")     # wood 5 + clay 2 + (stone own) + 2 papyrus 2
    assert pay.total == 11 and pay.produced == {"stone": 1}
    act(s, f"wonder The Statue of Zeus with {filler(s)}")
    assert s.coins[0] == 9 and s.pawn == 1
    assert s.decision == "destroy" and s.current_player == 0
    assert legal(s) == ["destroy Lumber Yard", "destroy Sawmill"]    # not grey, not own
    act(s, "destroy Sawmill")
    assert city(s, 1) == ["Lumber Yard", "Glassworks"]
    assert discard_names(s) == ["Sawmill"]
    assert s.prices(0)[WOOD] == 3
    assert s.current_player == 1 and s.decision == "turn"


def test_circus_maximus_destroys_an_opponent_grey_card():
    s = position(coins=20)
    give(s, 0, "Glass-Blower")
    give(s, 1, "Glassworks", "Clay Pool", "Press")
    wonders(s, 0, "Circus Maximus")
    act(s, f"wonder Circus Maximus with {filler(s)}")   # 2 stone, wood, glass(own) = 6
    assert s.coins[0] == 14 and s.pawn == 1
    assert s.decision == "destroy"
    assert legal(s) == ["destroy Glassworks", "destroy Press"]
    act(s, "destroy Press")
    assert city(s, 1) == ["Glassworks", "Clay Pool"]
    assert discard_names(s) == ["Press"]
    assert s.prices(0)[PAPYRUS] == 2
    assert s.current_player == 1


def test_destroy_is_skipped_when_the_opponent_has_no_card_of_that_colour():
    """§10.5: nothing to destroy -> only the shield and VP apply."""
    s = position(coins=20)
    give(s, 0, "Lumber Yard")                    # own brown cards are never targets
    give(s, 1, "Glassworks")
    wonders(s, 0, "The Statue of Zeus")
    act(s, f"wonder The Statue of Zeus with {filler(s)}")
    assert s.pawn == 1 and city(s, 1) == ["Glassworks"] and s.discard == []
    assert s.decision == "turn" and s.current_player == 1


def test_mausoleum_builds_a_discarded_card_for_free():
    """§10.3: any card of the discard pile, free, with all its effects."""
    s = position(coins=20)
    discard(s, "Baths", "Tavern")
    wonders(s, 0, "The Mausoleum")
    act(s, f"wonder The Mausoleum with {filler(s)}")  # 10 coins
    assert s.decision == "mausoleum" and s.current_player == 0
    assert legal(s) == ["mausoleum Baths", "mausoleum Tavern"]
    act(s, "mausoleum Tavern")
    assert s.coins == [20 - 10 + 4, 20]
    assert city(s, 0) == ["Tavern"] and discard_names(s) == ["Baths"]
    assert s.current_player == 1
    assert score_sheet(s, 0)["wonders"] == 2


def test_mausoleum_with_an_empty_discard_pile_does_nothing_else():
    s = position(coins=20)
    wonders(s, 0, "The Mausoleum")
    act(s, f"wonder The Mausoleum with {filler(s)}")
    assert s.decision == "turn" and s.current_player == 1
    assert city(s, 0) == [] and score_sheet(s, 0)["wonders"] == 2


def test_mausoleum_can_take_a_card_destroyed_by_zeus():
    """§10.3, §17.10, Part C #8: destroyed cards are in the discard pile."""
    s = position(coins=30)
    give(s, 1, "Sawmill")
    wonders(s, 0, "The Statue of Zeus", "The Mausoleum")
    act(s, f"wonder The Statue of Zeus with {filler(s)}")   # wood 4 + 2+2+2+2 = 12
    act(s, "destroy Sawmill")
    pass_turn(s)
    act(s, f"wonder The Mausoleum with {filler(s)}")        # 10
    assert legal(s) == ["mausoleum Sawmill", f"mausoleum {s.rules.cards[s.discard[1]].name}"]
    act(s, "mausoleum Sawmill")
    assert city(s, 0) == ["Sawmill"] and s.info[0].prod[WOOD] == 2
    assert s.coins[0] == 30 - 12 - 10            # the coin cost of Sawmill is not paid
    assert s.prices(1)[WOOD] == 4


def test_mausoleum_is_not_a_chain_no_urbanism_but_strategy_applies():
    """§10.3, §13, Part C #9/#10: Barracks from the discard with Garrison owned: no +4,
    but +1 shield from Strategy."""
    s = position(coins=20)
    tokens(s, 0, "Urbanism", "Strategy")
    give(s, 0, "Garrison")
    discard(s, "Barracks")
    wonders(s, 0, "The Mausoleum")
    act(s, f"wonder The Mausoleum with {filler(s)}")
    act(s, "mausoleum Barracks")
    assert s.coins == [10, 20]
    assert s.pawn == 2


def test_mausoleum_green_card_can_complete_a_pair():
    """§9: cards from The Mausoleum count for pairs exactly like constructed ones."""
    s = position(coins=20)
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Workshop")
    discard(s, "Laboratory")
    wonders(s, 0, "The Mausoleum")
    act(s, f"wonder The Mausoleum with {filler(s)}")
    act(s, "mausoleum Laboratory")
    assert s.decision == "progress" and s.current_player == 0
    act(s, "progress Urbanism")
    assert s.coins == [20 - 10 + 6, 20]
    assert s.current_player == 1


def test_great_library_draws_three_from_the_box_only():
    """§10.4, §17.12: 3 of the boxed tokens, never board tokens; keep 1, return 2."""
    s = position(coins=20)
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    box = {"Architecture", "Masonry", "Mathematics", "Philosophy", "Strategy"}
    assert {s.rules.progress[t].name for t in s.progress_box} == box
    wonders(s, 0, "The Great Library")
    act(s, f"wonder The Great Library with {filler(s)}")   # 3 wood + glass + papyrus = 10
    assert s.decision == "library" and s.current_player == 0
    options = legal(s)
    assert len(options) == 3 and len(set(options)) == 3
    drawn = {o[len("library "):] for o in options}
    assert drawn <= box
    pick = sorted(drawn)[0]
    act(s, f"library {pick}")
    assert owned_tokens(s, 0) == [pick]
    assert {s.rules.progress[t].name for t in s.progress_box} == box - {pick}
    assert len(s.progress_board) == 5
    assert s.current_player == 1
    assert score_sheet(s, 0)["wonders"] == 4


def test_great_library_legal_list_is_exactly_the_drawn_tokens():
    s = position(coins=20)
    s.progress_box = token_ids(s, "Agriculture", "Philosophy", "Strategy")
    wonders(s, 0, "The Great Library")
    act(s, f"wonder The Great Library with {filler(s)}")
    assert sorted(legal(s)) == ["library Agriculture", "library Philosophy", "library Strategy"]
    act(s, "library Agriculture")               # immediate effect: +6 coins
    assert s.coins[0] == 20 - 10 + 6
    assert owned_tokens(s, 0) == ["Agriculture"]


def test_great_library_law_completes_scientific_supremacy():
    """§9, §10.4: Law via The Great Library counts toward the 6 symbols."""
    s = position(coins=20)
    give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy")
    s.progress_box = token_ids(s, "Law", "Philosophy", "Strategy")
    wonders(s, 0, "The Great Library")
    act(s, f"wonder The Great Library with {filler(s)}")
    act(s, "library Law")
    assert s.result is not None
    assert s.result.winner == 0 and s.result.victory == "science"


def test_lighthouse_and_piraeus_choice_production_does_not_raise_opponent_prices():
    """§7.2, §17.3: constructed Great Lighthouse (wood|clay|stone) and Piraeus (glass|papyrus)."""
    s = position()
    wonders(s, 0, built=("The Great Lighthouse", "Piraeus"))
    assert s.prices(1) == (2, 2, 2, 2, 2)
    pay = s.payment(0, "Courthouse")            # 2 wood + glass
    assert sorted(pay.choices) == [("Piraeus", "glass"), ("The Great Lighthouse", "wood")]
    assert pay.total == 2


def test_unbuilt_wonder_produces_nothing():
    """§2.6: owned but unconstructed Wonders have no effect."""
    s = position()
    wonders(s, 0, "The Great Lighthouse", "Piraeus")
    assert s.payment(0, "Courthouse").total == 6


def test_seventh_wonder_boxes_the_eighth():
    """§10.1, §17.20: the last unbuilt Wonder (the opponent's here) is boxed at once."""
    s = position(coins=20)
    wonders(s, 0, "The Sphinx", built=("The Colossus", "The Great Lighthouse",
                                       "The Temple of Artemis"))
    wonders(s, 1, "The Pyramids", built=("The Mausoleum", "The Great Library", "Piraeus"))
    a, b = accessible_names(s)[:2]
    assert f"wonder The Pyramids with {a}" not in legal(s)           # not seat 0's
    act(s, f"wonder The Sphinx with {a}")
    pyramids = s.rules.wonder_id["The Pyramids"]
    assert pyramids in s.wonders_out and pyramids not in s.wonders[1]
    assert s.standing_wonders() == 7
    assert s.current_player == 0                 # The Sphinx: play again
    act(s, f"discard {b}")
    assert s.current_player == 1
    assert not any(x.startswith("wonder ") for x in legal(s))
    assert score_sheet(s, 1)["wonders"] == 2 + 4 + 2


# ======================================================================= progress tokens

def test_agriculture_six_coins_and_four_points():
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Pharmacist")
    offer(s, "Dispensary")
    act(s, "build Dispensary")
    act(s, "progress Agriculture")
    assert s.coins == [13, 7]
    assert score_sheet(s, 0)["progress"] == 4


def test_architecture_waives_two_units_optimally():
    """§7.6/§7.7: Forum covers one glass; Architecture waives the dearest rest (glass 4, clay 3);
    only the stone (2) is paid. Without Architecture: 3 + 2 + 4 = 9."""
    s = position()
    give(s, 0, "Forum")
    give(s, 1, "Glassworks", "Glass-Blower", "Clay Pool")
    wonders(s, 0, "The Sphinx")
    assert s.payment(0, "The Sphinx").total == 9
    tokens(s, 0, "Architecture")
    pay = s.payment(0, "The Sphinx")
    assert pay.total == 2 and purchases(pay) == {"stone": 1}
    assert s.payment(0, "Palace").total == 3 + 2 + 2 + 4   # Buildings: no discount (Forum glass)
    act(s, f"wonder The Sphinx with {filler(s)}")
    assert s.coins == [5, 7]


def test_architecture_waives_all_when_fewer_than_two_units_remain():
    s = position()
    give(s, 0, "Quarry", "Stone Pit", "Shelf Quarry")
    tokens(s, 0, "Architecture")
    wonders(s, 0, "The Pyramids")               # 3 stone produced, 1 papyrus missing
    assert s.payment(0, "The Pyramids").total == 0


def test_economy_trade_coins_go_to_the_owner_not_the_coin_cost():
    """§7.8, §17.6: Forum = 3 coins (bank) + 1 clay bought at 3 (to the Economy owner)."""
    s = position()
    tokens(s, 1, "Economy")
    give(s, 1, "Clay Pool")
    offer(s, "Forum")
    pay = s.payment(0, "Forum")
    assert pay.total == 6 and pay.trade == 3 and pay.trade_to_opponent
    act(s, "build Forum")
    assert s.coins == [1, 10]


def test_economy_collects_one_coin_reserve_purchases():
    s = position()
    tokens(s, 1, "Economy")
    give(s, 0, "Clay Reserve")
    give(s, 1, "Clay Pool")
    offer(s, "Forum")
    act(s, "build Forum")                        # 3 + 1
    assert s.coins == [3, 8]


def test_economy_applies_to_wonders_and_never_to_the_owners_own_purchases():
    s = position(coins=20)
    tokens(s, 1, "Economy")
    wonders(s, 0, "The Pyramids")
    wonders(s, 1, "The Sphinx")
    a = filler(s)
    act(s, f"wonder The Pyramids with {a}")      # 8 coins of trade -> seat 1
    assert s.coins == [12, 28]
    act(s, f"wonder The Sphinx with {filler(s)}")   # seat 1 buys 4 units: to the bank
    assert s.coins == [12, 20]


def test_economy_coins_arrive_before_a_military_token_is_applied():
    """§16 steps 3 and 6: seat 1 (0 coins, Economy) receives 4 trade coins for Walls, then the
    pawn enters +3 and seat 1 loses 2 -> 2 coins."""
    s = position()
    s.pawn = 1
    s.coins[1] = 0
    tokens(s, 1, "Economy")
    offer(s, "Walls")
    act(s, "build Walls")
    assert s.pawn == 3
    assert s.coins == [3, 2]


def test_masonry_blue_only_worked_example():
    """§7.7 worked example: Clay Pool, Quarry, Masonry vs Glassworks, Glass-Blower, Shelf Quarry:
    Palace costs 2 coins; with Forum 0; with the opponent's Economy the 2 coins go to P2."""
    s = position()
    give(s, 0, "Clay Pool", "Quarry")
    tokens(s, 0, "Masonry")
    give(s, 1, "Glassworks", "Glass-Blower", "Shelf Quarry")
    assert s.prices(0)[WOOD] == 2 and s.prices(0)[GLASS] == 4
    pay = s.payment(0, "Palace")
    assert pay.total == 2 and purchases(pay) == {"wood": 1}
    assert sorted(r for _, r in pay.waived) == ["glass", "glass"]
    # Masonry applies to blue cards only: Academy (stone, wood, 2 glass) is not reduced
    assert s.payment(0, "Academy").total == 2 + 4 + 4
    tokens(s, 1, "Economy")
    offer(s, "Palace")
    act(s, "build Palace")
    assert s.coins == [5, 9]
    # Town Hall (3 stone, 2 wood): Quarry makes 1 stone; the 2 stone at 4 are waived, 2 wood at 2
    assert s.payment(0, "Town Hall").total == 4
    s2 = position()
    give(s2, 0, "Clay Pool", "Quarry", "Forum")
    tokens(s2, 0, "Masonry")
    give(s2, 1, "Glassworks", "Glass-Blower", "Shelf Quarry")
    assert s2.payment(0, "Palace").total == 0


def test_mathematics_three_points_per_token_including_itself():
    s = position()
    tokens(s, 0, "Mathematics", "Law", "Economy")
    assert score_sheet(s, 0)["progress"] == 9
    tokens(s, 1, "Mathematics")
    assert score_sheet(s, 1)["progress"] == 3


def test_philosophy_seven_points():
    s = position()
    tokens(s, 0, "Philosophy")
    assert score_sheet(s, 0)["progress"] == 7


def test_law_gives_the_scales_symbol_which_never_pairs():
    """§9, §17.14."""
    s = position()
    tokens(s, 0, "Law")
    assert s.info[0].symbols == {"scales": 1}


def test_theology_later_wonders_play_again():
    """§13: with Theology every later Wonder has play again; never a second extra turn."""
    s = position(coins=20)
    tokens(s, 1, "Theology")                     # the opponent's Theology does not help
    wonders(s, 0, "The Pyramids")
    act(s, f"wonder The Pyramids with {filler(s)}")
    assert s.current_player == 1
    s = position(coins=30)
    tokens(s, 0, "Theology")
    wonders(s, 0, "The Pyramids", "The Sphinx")
    a, b, c = accessible_names(s)[:3]
    act(s, f"wonder The Pyramids with {a}")
    assert s.current_player == 0
    act(s, f"wonder The Sphinx with {b}")        # own play again + Theology: one extra turn
    assert s.current_player == 0
    act(s, f"discard {c}")
    assert s.current_player == 1


def test_theology_from_the_great_library_does_not_replay_that_wonder():
    """§17.16."""
    s = position(coins=20)
    s.progress_box = token_ids(s, "Theology", "Philosophy", "Strategy")
    wonders(s, 0, "The Great Library", "The Pyramids")
    a = filler(s)
    act(s, f"wonder The Great Library with {a}")
    act(s, "library Theology")
    assert s.decision == "turn" and s.current_player == 1
    pass_turn(s)
    act(s, f"wonder The Pyramids with {filler(s)}")
    assert s.current_player == 0


def test_urbanism_six_coins_then_four_per_chain_construction():
    """§13, §17.17: +6 on gain; +4 for a chain construction; not for a card with no cost."""
    s = position(coins=20)
    board_tokens(s, "Urbanism", "Law", "Economy", "Agriculture", "Theology")
    give(s, 0, "Workshop", "Garrison")
    offer(s, "Laboratory", "Barracks", "Tavern", "Theater", "Altar", "Baths")
    act(s, "build Laboratory")                   # 6
    act(s, "progress Urbanism")
    assert s.coins[0] == 20 - 6 + 6
    pass_turn(s, avoid=("Barracks", "Tavern"))
    act(s, "build Barracks")                     # free via the sword chain
    assert s.coins[0] == 24 and s.pawn == 1
    pass_turn(s, avoid=("Tavern",))
    act(s, "build Tavern")                       # no cost, no chain: Tavern's own 4 only
    assert s.coins[0] == 28


# ============================================================================== trading

def test_chain_makes_card_free_including_its_coin_cost():
    """§7.3, §17.2: Barracks (3 coins) free with Garrison (sword)."""
    s = position()
    give(s, 0, "Garrison")
    offer(s, "Barracks")
    pay = s.payment(0, "Barracks")
    assert pay.total == 0 and pay.chain == "sword"
    act(s, "build Barracks")
    assert s.coins == [7, 7] and s.pawn == 1


def test_chain_makes_card_free_of_resources():
    s = position()
    give(s, 0, "Baths")
    give(s, 1, "Shelf Quarry")
    assert s.payment(0, "Aqueduct").total == 0


def test_opponent_chain_symbols_do_not_help():
    """§7.3: Barracks with only the opponent's Garrison costs 3 coins."""
    s = position()
    give(s, 1, "Garrison")
    offer(s, "Barracks")
    pay = s.payment(0, "Barracks")
    assert pay.total == 3 and pay.chain is None
    act(s, "build Barracks")
    assert s.coins == [4, 7]


def test_card_tucked_under_a_wonder_gives_no_chain():
    """§7.3, §6.3: a card used for a Wonder gives no chain symbol."""
    s = position(coins=20)
    wonders(s, 0, "The Pyramids")
    offer(s, "Garrison", "Barracks")
    act(s, "wonder The Pyramids with Garrison")
    pass_turn(s, avoid=("Barracks",))
    assert s.payment(0, "Barracks").total == 3


def test_unaffordable_card_cannot_be_built_but_can_be_discarded():
    """§6.1, §7.9."""
    s = position(coins=2)
    offer(s, "Stone Reserve")
    assert "build Stone Reserve" not in legal(s)
    assert "discard Stone Reserve" in legal(s)


# ===================================================================== military tokens

def test_military_token_two_coins():
    s = position()
    s.pawn = 2
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.pawn == 3 and s.coins == [7, 5]
    assert s.military_tokens == [0, 1, 3]


def test_military_token_five_coins():
    s = position()
    s.pawn = 5
    s.military_tokens = [0, 1, 3]
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.pawn == 6 and s.coins == [7, 2]
    assert s.military_tokens == [0, 1]


def test_military_token_for_seat_1_pushing():
    s = position(player=1)
    s.pawn = -5
    s.military_tokens = [0, 2, 3]
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.pawn == -6 and s.coins == [2, 7]


def test_military_token_works_once_only():
    """§8, §17.19: re-entering an emptied zone does nothing."""
    s = position()
    s.pawn = 2
    offer(s, "Guard Tower", "Palisade", "Stable")
    act(s, "build Guard Tower")                  # +3: seat 1 loses 2
    assert s.coins == [7, 5]
    act(s, "build Palisade")                     # seat 1: back to +2 (2 coins)
    assert s.pawn == 2 and s.coins == [7, 3]
    act(s, "build Stable")                       # +3 again: no token
    assert s.pawn == 3 and s.coins == [5, 3]


def test_military_token_loss_capped_at_the_victims_coins():
    s = position()
    s.pawn = 2
    s.coins[1] = 1
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.coins == [7, 0]


def test_one_move_crossing_two_zones_applies_both_tokens():
    """§8: +2 -> +6 with Pretorium (3) + Strategy (1): T3 (2) then T4 (5)."""
    s = position(coins=20)
    s.pawn = 2
    s.coins[1] = 10
    tokens(s, 0, "Strategy")
    offer(s, "Pretorium")
    act(s, "build Pretorium")
    assert s.pawn == 6
    assert s.coins == [12, 3]
    assert s.military_tokens == [0, 1]


def test_crossing_two_zones_capped_in_order():
    s = position(player=1, coins=20)
    s.pawn = -2
    s.coins[0] = 4
    tokens(s, 1, "Strategy")
    offer(s, "Pretorium")
    act(s, "build Pretorium")
    assert s.pawn == -6 and s.coins == [0, 12]


# ============================================================================ victories

def test_military_supremacy_ends_the_game_immediately():
    """§8, §15.1: the pawn never passes the capital; the pusher wins."""
    s = position(age=1, coins=20)
    s.pawn = 7
    offer(s, "Pretorium")
    act(s, "build Pretorium")
    assert s.pawn == 9
    assert s.result is not None
    assert s.result.winner == 0 and s.result.victory == "military"
    assert s.is_terminal and s.current_player is None and legal(s) == []


def test_military_supremacy_of_seat_1():
    s = position(player=1)
    s.pawn = -8
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.pawn == -9
    assert s.result.winner == 1 and s.result.victory == "military"


def test_military_supremacy_through_a_wonder():
    s = position(coins=20)
    s.pawn = 8
    wonders(s, 0, "The Colossus")
    act(s, f"wonder The Colossus with {filler(s)}")
    assert s.pawn == 9 and s.result.victory == "military" and s.result.winner == 0


def test_scientific_supremacy_with_six_card_symbols():
    """§9, §15.1."""
    s = position(coins=20)
    give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy")
    offer(s, "University")
    act(s, "build University")
    assert s.result.winner == 0 and s.result.victory == "science"


def test_scientific_supremacy_counting_law():
    s = position(coins=20)
    tokens(s, 0, "Law")
    give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist")
    offer(s, "Academy")
    act(s, "build Academy")
    assert s.result.winner == 0 and s.result.victory == "science"


def test_duplicate_symbols_do_not_count_twice():
    s = position(coins=20)
    s.progress_board = []
    give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist")
    offer(s, "Laboratory")
    act(s, "build Laboratory")                   # 4 different symbols only
    assert s.result is None and s.current_player == 1


def test_scientific_supremacy_with_the_last_card_of_age_iii():
    """§15.1: a supremacy on the very last card wins before civilian scoring."""
    s = age3(coins=20)
    give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy")
    only_cards(s, "Observatory")
    act(s, "build Observatory")
    assert s.result.winner == 0 and s.result.victory == "science"


def test_civilian_victory_full_score_sheet():
    """§15.2 score sheet for both players."""
    s = age3()
    give(s, 0, "Palace", "Baths", "Academy", "Workshop", "Port", "Tavern", "Magistrates Guild")
    wonders(s, 0, built=("The Pyramids", "The Sphinx"))
    tokens(s, 0, "Mathematics", "Philosophy")
    give(s, 1, "Theater", "Altar", "Senate", "Study", "Lighthouse", "Builders Guild")
    wonders(s, 1, built=("The Colossus", "The Great Lighthouse", "The Appian Way"))
    tokens(s, 1, "Agriculture")
    s.coins = [13, 8]
    s.pawn = 4
    only_cards(s, "Town Hall")
    act(s, "discard Town Hall")                  # +2 +2 yellow -> 17 coins
    r = s.result
    assert r is not None and r.victory == "civilian"
    assert r.scores[0] == {"blue": 10, "green": 4, "yellow": 3, "purple": 3, "wonders": 15,
                           "progress": 13, "coins": 5, "military": 5, "senate": 0, "total": 58}
    assert r.scores[1] == {"blue": 11, "green": 3, "yellow": 3, "purple": 6, "wonders": 10,
                           "progress": 4, "coins": 2, "military": 0, "senate": 0, "total": 39}
    assert r.winner == 0 and r.tiebreak is False


@pytest.mark.parametrize("pawn, points0, points1", [
    (0, 0, 0), (1, 2, 0), (2, 2, 0), (3, 5, 0), (5, 5, 0), (6, 10, 0), (8, 10, 0),
    (-1, 0, 2), (-3, 0, 5), (-8, 0, 10),
])
def test_military_points_by_zone(pawn, points0, points1):
    """§8: 2 / 5 / 10 VP for the player on whose opponent's half the pawn stands."""
    s = age3()
    s.pawn = pawn
    only_cards(s)
    pass_turn(s)
    assert s.result.scores[0]["military"] == points0
    assert s.result.scores[1]["military"] == points1


def test_civilian_tie_broken_by_blue_points():
    """§15.3: equal totals -> more blue VP wins (here seat 1)."""
    s = age3()
    give(s, 1, "Altar")
    s.coins = [7, 0]
    only_cards(s)
    pass_turn(s)                                 # seat 0: 9 coins -> 3 VP
    r = s.result
    assert r.scores[0]["total"] == r.scores[1]["total"] == 3
    assert r.scores[0]["blue"] == 0 and r.scores[1]["blue"] == 3
    assert r.winner == 1 and r.tiebreak is True and r.victory == "civilian"


def test_full_tie_is_a_draw():
    s = age3()
    give(s, 0, "Altar")
    give(s, 1, "Theater")
    s.coins = [0, 2]
    only_cards(s)
    pass_turn(s)                                 # seat 0: 2 coins -> 0 VP
    r = s.result
    assert r.scores[0]["total"] == r.scores[1]["total"] == 3
    assert r.scores[0]["blue"] == r.scores[1]["blue"] == 3
    assert r.winner is None and r.victory == "civilian"


def test_unbuilt_wonders_and_boxed_wonder_score_nothing():
    s = age3()
    wonders(s, 0, "The Pyramids", built=("Piraeus",))
    only_cards(s)
    pass_turn(s)
    assert s.result.scores[0]["wonders"] == 2


# ======================================================== start player of the next Age

def test_pawn_at_centre_last_player_chooses():
    """§14, Part C #1: at 0, the player who took the last card chooses (not starts)."""
    s = position(player=1)
    only_cards(s)
    pass_turn(s)
    assert s.age == 2 and len(s.accessible) == 2 and s.remaining == 20
    assert s.decision == "start" and s.current_player == 1
    assert sorted(legal(s)) == ["start player 0", "start player 1"]
    act(s, "start player 0")
    assert s.decision == "turn" and s.current_player == 0


def test_weaker_player_chooses_when_pawn_on_their_side():
    """§14: pawn at +2 (seat 1's half): seat 1 chooses, although seat 0 took the last card."""
    s = position(player=0)
    s.pawn = 2
    only_cards(s)
    pass_turn(s)
    assert s.decision == "start" and s.current_player == 1
    assert sorted(legal(s)) == ["start player 0", "start player 1"]
    act(s, "start player 0")                     # may give the start to the opponent
    assert s.current_player == 0 and s.decision == "turn"


def test_weaker_seat_0_chooses_and_may_pick_itself():
    s = position(player=1, age=2)
    s.pawn = -1
    only_cards(s)
    pass_turn(s)
    assert s.age == 3 and s.remaining == 20
    assert s.decision == "start" and s.current_player == 0
    act(s, "start player 0")
    assert s.current_player == 0 and s.decision == "turn"


def test_follow_up_of_the_last_card_resolves_before_the_age_ends():
    """§17.26: the progress token choice of the last card comes before the Age change."""
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Pharmacist")
    only_cards(s, "Dispensary")
    act(s, "build Dispensary")
    assert s.age == 1 and s.decision == "progress"
    act(s, "progress Agriculture")
    assert s.age == 2 and s.decision == "start" and s.current_player == 0
    assert s.coins[0] == 13


# ========================================================= illegal actions change nothing

def test_illegal_unaffordable_build():
    s = position(coins=7)
    offer(s, "Pretorium")
    assert_illegal(s, "build Pretorium")
    assert_illegal(s, Action(0, "build", "Pretorium"))


def test_illegal_inaccessible_card():
    s = position()
    covered = s.rules.cards[s.structure[0]].name      # top row: covered at the start
    assert_illegal(s, f"discard {covered}")
    assert_illegal(s, Action(0, "discard", covered))


def test_illegal_action_of_the_wrong_player():
    s = position()
    name = accessible_names(s)[0]
    assert_illegal(s, Action(1, "discard", name))


def test_illegal_action_of_another_decision_kind():
    s = position()
    assert_illegal(s, "progress Law")
    assert_illegal(s, "start player 1")
    assert_illegal(s, Action(0, "progress", "Law"))


def test_illegal_wonder_not_owned_or_already_built():
    s = position(coins=20)
    wonders(s, 0, built=("The Pyramids",))
    wonders(s, 1, "The Sphinx")
    card = filler(s)
    assert_illegal(s, f"wonder The Pyramids with {card}")
    assert_illegal(s, f"wonder The Sphinx with {card}")
    assert_illegal(s, Action(0, "wonder", "The Sphinx", card))


def test_illegal_destroy_and_mausoleum_choices():
    s = position(coins=30)
    give(s, 0, "Quarry")
    give(s, 1, "Lumber Yard", "Glassworks")
    discard(s, "Baths")
    wonders(s, 0, "The Statue of Zeus", "The Mausoleum")
    act(s, f"wonder The Statue of Zeus with {filler(s)}")
    assert legal(s) == ["destroy Lumber Yard"]
    assert_illegal(s, "destroy Glassworks")      # grey
    assert_illegal(s, "destroy Quarry")          # own card
    assert_illegal(s, Action(0, "destroy", "Quarry"))
    assert_illegal(s, f"discard {filler(s)}")    # the follow-up must be resolved first
    act(s, "destroy Lumber Yard")
    pass_turn(s)
    act(s, f"wonder The Mausoleum with {filler(s)}")
    assert sorted(legal(s)) == sorted(f"mausoleum {n}" for n in discard_names(s))
    assert "mausoleum Lumber Yard" in legal(s) and "mausoleum Baths" in legal(s)
    assert_illegal(s, "mausoleum Glassworks")
    assert_illegal(s, "mausoleum none")


def test_illegal_after_the_game_is_over():
    s = position(coins=20)
    s.pawn = 8
    offer(s, "Guard Tower")
    act(s, "build Guard Tower")
    assert s.result is not None
    assert_illegal(s, Action(1, "discard", "Theater"))


def test_state_is_usable_after_an_illegal_action():
    s = position()
    offer(s, "Tavern")
    assert_illegal(s, "build Pretorium")
    act(s, "build Tavern")
    assert s.coins == [11, 7] and s.current_player == 1


# ============================================================ timing of supremacy / reveal

def test_zeus_reaching_the_capital_wins_before_the_destroy_choice():
    """§15.1, §16 (Wonder step 5 before step 6)."""
    s = position(coins=20)
    s.pawn = 8
    give(s, 1, "Lumber Yard")
    wonders(s, 0, "The Statue of Zeus")
    act(s, f"wonder The Statue of Zeus with {filler(s)}")
    assert s.pawn == 9
    assert s.result.winner == 0 and s.result.victory == "military"
    assert s.decision is None and legal(s) == []
    assert city(s, 1) == ["Lumber Yard"]


def test_military_supremacy_with_the_last_card_of_age_iii():
    s = age3(player=1)
    s.pawn = -7
    only_cards(s, "Walls")
    act(s, "build Walls")
    assert s.pawn == -9
    assert s.result.winner == 1 and s.result.victory == "military"


def test_seventh_wonder_boxes_the_builders_own_eighth():
    """§17.20: whichever player owns the 8th Wonder."""
    s = position(coins=20)
    wonders(s, 0, "The Pyramids", "The Sphinx", built=("The Colossus", "Piraeus"))
    wonders(s, 1, built=("The Mausoleum", "The Great Library", "The Great Lighthouse",
                         "The Appian Way"))
    act(s, f"wonder The Pyramids with {filler(s)}")
    sphinx = s.rules.wonder_id["The Sphinx"]
    assert sphinx in s.wonders_out and sphinx not in s.wonders[0]
    assert s.unbuilt_wonders(0) == [] and s.unbuilt_wonders(1) == []
    assert s.current_player == 1


def _cover_partner(s, name):
    """The accessible slot that, with `name`'s slot, is all that covers one face-down card."""
    slot = s.slot_of(name)
    for above in s.layout.covers[slot]:
        below = [b for b in s.layout.covered_by[above] if b != slot]
        if len(below) == 1 and below[0] in s.accessible:
            return above, below[0]
    raise AssertionError("no partner slot")


def test_uncovered_card_is_revealed_only_after_the_follow_up_choices():
    """§4, §5, Part C #16: during the progress choice the uncovered card is still face down."""
    s = position()
    board_tokens(s, "Agriculture", "Law", "Economy", "Urbanism", "Theology")
    give(s, 0, "Workshop")
    offer(s, "Laboratory")
    above, partner = _cover_partner(s, "Laboratory")
    act(s, f"discard {s.rules.cards[s.structure[partner]].name}")
    pass_turn(s, avoid=("Laboratory",))
    assert above not in s.accessible and not s.face_up[above]
    act(s, "build Laboratory")
    assert s.decision == "progress"
    assert above not in s.accessible and not s.face_up[above]
    hidden = s.rules.cards[s.structure[above]].name
    assert f"discard {hidden}" not in legal(s)
    act(s, "progress none")
    assert above in s.accessible and s.face_up[above]
    assert f"discard {hidden}" in legal(s) and s.current_player == 1


def test_uncovered_card_is_revealed_before_the_extra_turn():
    """§4: revealed at the end of the turn, before the play-again turn starts."""
    s = position(coins=20)
    wonders(s, 0, "The Sphinx")
    offer(s, "Theater")
    above, partner = _cover_partner(s, "Theater")
    act(s, f"discard {s.rules.cards[s.structure[partner]].name}")
    pass_turn(s, avoid=("Theater",))
    act(s, "wonder The Sphinx with Theater")
    assert s.current_player == 0 and s.decision == "turn"
    assert above in s.accessible and s.face_up[above]
    hidden = s.rules.cards[s.structure[above]].name
    assert f"discard {hidden}" in legal(s)


def test_urbanism_taken_for_a_chain_pair_pays_no_bonus_for_that_construction():
    """§16 steps 8 and 11: the +4 is checked before the progress token of the same construction
    is resolved: Library via the book chain completes the quill pair; Urbanism gives 6 only."""
    s = position()
    board_tokens(s, "Urbanism", "Law", "Economy", "Agriculture", "Theology")
    give(s, 0, "Scriptorium")
    offer(s, "Library")
    act(s, "build Library")
    act(s, "progress Urbanism")
    assert s.coins == [13, 7]


# ================================================================= setup and Wonder draft

@pytest.mark.parametrize("first", [0, 1])
def test_setup_and_wonder_draft_order(first):
    """§2: 7 coins, 5 board + 5 boxed tokens, 3 cards boxed per Age, 3 Guilds in Age III;
    draft order P1, P2, P2, P1 | P2, P1, P1, P2 (the last Wonder of a round is not a choice);
    P1 starts Age I with the 6 bottom cards accessible."""
    from game import new_game
    s = new_game(7, agora=False, first_player=first)
    assert s.coins == [7, 7]
    assert len(s.progress_board) == 5 and len(s.progress_box) == 5
    assert not set(s.progress_board) & set(s.progress_box)
    assert all(len(s.removed[a]) == 3 for a in (1, 2, 3))
    assert [len(s.decks[a]) for a in (1, 2, 3)] == [20, 20, 20]
    assert sum(s.rules.cards[c].guild for c in s.decks[3]) == 3
    p1, p2 = first, 1 - first
    seen = []
    while s.phase == "draft":
        assert s.decision == "draft"
        seen.append((s.current_player, len(legal(s))))
        act(s, legal(s)[0])
    assert seen == [(p1, 4), (p2, 3), (p2, 2), (p2, 4), (p1, 3), (p1, 2)]
    assert len(s.wonders[0]) == len(s.wonders[1]) == 4
    assert len(set(s.wonders[0] + s.wonders[1])) == 8
    assert s.built == [{}, {}]
    assert s.age == 1 and s.decision == "turn" and s.current_player == p1
    assert len(s.accessible) == 6 and s.remaining == 20 and s.pawn == 0
    assert sum(s.face_up) == 12


def test_appian_way_loss_comes_after_the_economy_transfer():
    """§16 Wonder step 4: Economy transfer, then the opponent loses 3: 0 + 10 - 3 = 7."""
    s = position(coins=20)
    s.coins[1] = 0
    tokens(s, 1, "Economy")
    wonders(s, 0, "The Appian Way")
    act(s, f"wonder The Appian Way with {filler(s)}")
    assert s.coins == [20 - 10 + 3, 7]


def test_illegal_unaffordable_wonder():
    """§6.3: a Wonder the player cannot pay for is not a legal action."""
    s = position(coins=7)
    wonders(s, 0, "The Pyramids")               # 8 coins
    card = filler(s)
    assert not any(a.startswith("wonder ") for a in legal(s))
    assert_illegal(s, f"wonder The Pyramids with {card}")
    s.coins[0] = 8
    s._legal = None
    assert f"wonder The Pyramids with {card}" in legal(s)
