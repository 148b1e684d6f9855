"""Tests for data/cards.yaml and game/data.py.

Counts and invariants come from base-game.md B1-B10 and agora.md §A3 / B1-B7.
"""

import copy
import dataclasses
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.data import (COLORS, EFFECT_KINDS, RESOURCES, CardDef, DataError, Database, Effect,
                       load_database)

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "data" / "cards.yaml"


@pytest.fixture(scope="module")
def db() -> Database:
    return load_database()


def age_cards(db, age):
    return [c for c in db.cards if c.age == age and not c.guild]


def effects_of(defn, kind):
    return [e.arg for e in getattr(defn, "effects", getattr(defn, "steps", ())) if e.kind == kind]


def units(resources):
    return sum(resources)


# ---------------------------------------------------------------------------
# Loading basics
# ---------------------------------------------------------------------------

def test_default_load_is_cached_and_path_variants_work(db):
    assert load_database() is db
    other = load_database(DATA_FILE)
    assert other is not db and other == db
    assert load_database(str(DATA_FILE)) == db


def test_constants():
    assert RESOURCES == ("wood", "clay", "stone", "glass", "papyrus")
    assert COLORS == ("brown", "grey", "blue", "green", "yellow", "red", "purple")


def test_objects_are_frozen(db):
    card = db.cards[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "x"
    guild = db.by_name("Merchants Guild")
    arg = guild.effects[0].arg
    with pytest.raises(TypeError):
        arg["coins_each"] = 5
    assert isinstance(arg["count"], tuple)
    with pytest.raises(TypeError):
        db.layouts["base"][1] = ()
    assert isinstance(db.layouts["base"][1], tuple)
    assert all(isinstance(row, tuple) for row in db.layouts["base"][1])
    # definitions can be used in sets / as dict keys
    assert len(set(db.cards) | set(db.wonders) | set(db.conspiracies)) == 73 + 14 + 16


def test_by_name(db):
    assert db.by_name("Lumber Yard").ref == "1"
    assert db.by_name("Traders Guild") is db.by_name("Merchants Guild")
    assert db.by_name("Knossos").ref == "W14"
    assert db.by_name("Law").ref == "P4"
    assert db.by_name("Chamber 3").index == 2
    assert db.by_name("Coup").ref == "C6"
    assert db.by_name("Conspirator 6").ref == "SEN13"
    with pytest.raises(KeyError):
        db.by_name("Colossus of Rhodes")


def test_data_module_does_not_import_pygame():
    code = "import sys, game.data; game.data.load_database(); assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_effect_vocabulary_matches_doc():
    doc = (ROOT / "docs" / "data-format.md").read_text(encoding="utf-8")
    vocab = doc[doc.index("## Effect vocabulary"):]
    kinds = set(re.findall(r"^\| `([a-z_]+)` \|", vocab, flags=re.M))
    assert len(kinds) > 40
    assert kinds == set(EFFECT_KINDS)
    assert all(callable(v) for v in EFFECT_KINDS.values())


def test_every_effect_uses_the_vocabulary(db):
    groups = [db.cards, db.wonders, db.progress_tokens, db.military_tokens, db.decrees]
    for group in groups:
        for d in group:
            for e in d.effects:
                assert isinstance(e, Effect) and e.kind in EFFECT_KINDS
    for w in db.wonders:
        assert all(e.kind in EFFECT_KINDS for e in w.draft_effects)
    for c in db.conspiracies:
        assert all(e.kind in EFFECT_KINDS for e in c.steps)


def test_names_unique_across_file(db):
    names = [d.name for group in (db.cards, db.senators, db.wonders, db.progress_tokens,
                                  db.military_tokens, db.chambers, db.decrees, db.conspiracies)
             for d in group]
    names += [c.alias for c in db.cards if c.alias]
    assert len(names) == len(set(names))


# ---------------------------------------------------------------------------
# Age cards (base-game.md B2-B5, B10)
# ---------------------------------------------------------------------------

def test_card_counts(db):
    assert len(db.cards) == 73
    assert len(age_cards(db, 1)) == 23
    assert len(age_cards(db, 2)) == 23
    assert len(age_cards(db, 3)) == 20
    guilds = [c for c in db.cards if c.guild]
    assert len(guilds) == 7
    assert all(c.age == 3 and c.color == "purple" for c in guilds)
    assert [c.ref for c in db.cards] == [str(i) for i in range(1, 74)]


@pytest.mark.parametrize("age, expected", [
    (1, {"brown": 6, "grey": 2, "red": 4, "green": 4, "yellow": 4, "blue": 3}),
    (2, {"brown": 3, "grey": 2, "red": 5, "green": 4, "yellow": 4, "blue": 5}),
    (3, {"red": 5, "green": 4, "yellow": 5, "blue": 6}),
])
def test_colour_counts_per_age(db, age, expected):
    assert Counter(c.color for c in age_cards(db, age)) == expected


def test_science_symbols(db):
    assert db.science_symbols == ("sphere", "scales", "sundial", "mortar", "plumb_line",
                                  "quill", "wheel")
    greens = [c for c in db.cards if c.color == "green"]
    assert len(greens) == 12
    for age in (1, 2, 3):
        assert sum(1 for c in greens if c.age == age) == 4
    symbols = Counter()
    for c in greens:
        (sym,) = effects_of(c, "science")
        symbols[sym] += 1
    assert symbols == {s: 2 for s in ("sphere", "sundial", "mortar", "plumb_line", "quill", "wheel")}
    # no non-green card carries a science symbol; scales is only on Law
    assert all(not effects_of(c, "science") for c in db.cards if c.color != "green")
    carriers = [p.name for p in db.progress_tokens if effects_of(p, "science")]
    assert carriers == ["Law"] and effects_of(db.by_name("Law"), "science") == ["scales"]


@pytest.mark.parametrize("card, symbol, points", [
    ("Scriptorium", "quill", 0), ("Workshop", "plumb_line", 1), ("Pharmacist", "mortar", 0),
    ("Apothecary", "wheel", 1), ("School", "wheel", 1), ("Laboratory", "plumb_line", 1),
    ("Dispensary", "mortar", 2), ("Library", "quill", 2), ("Academy", "sundial", 3),
    ("University", "sphere", 2), ("Study", "sundial", 3), ("Observatory", "sphere", 2),
])
def test_green_cards(db, card, symbol, points):
    c = db.by_name(card)
    assert effects_of(c, "science") == [symbol]
    assert sum(effects_of(c, "points")) == points


CHAINS = {  # B1.3: symbol -> (giver, receiver)
    "horseshoe": ("Stable", "Horse Breeders"), "sword": ("Garrison", "Barracks"),
    "tower": ("Palisade", "Fortifications"), "target": ("Archery Range", "Siege Workshop"),
    "helmet": ("Parade Ground", "Circus"), "book": ("Scriptorium", "Library"),
    "gear": ("Pharmacist", "Dispensary"), "lyre": ("School", "University"),
    "lamp": ("Laboratory", "Observatory"), "mask": ("Theater", "Statue"),
    "pillar": ("Statue", "Gardens"), "moon": ("Altar", "Temple"), "sun": ("Temple", "Pantheon"),
    "drop": ("Baths", "Aqueduct"), "facade": ("Rostrum", "Senate"),
    "amphora": ("Tavern", "Lighthouse"), "barrel": ("Brewery", "Arena"),
}


def test_chains(db):
    assert set(db.chain_symbols) == set(CHAINS) and len(db.chain_symbols) == 17
    givers = {c.chain_out: c for c in db.cards if c.chain_out}
    receivers = {c.chain_in: c for c in db.cards if c.chain_in}
    assert len(givers) == sum(1 for c in db.cards if c.chain_out) == 17
    assert len(receivers) == sum(1 for c in db.cards if c.chain_in) == 17
    for symbol, (giver, receiver) in CHAINS.items():
        assert givers[symbol].name == giver
        assert receivers[symbol].name == receiver
        assert givers[symbol].age < receivers[symbol].age
    assert all(c.chain_in is None and c.chain_out is None for c in db.cards if c.guild)


COIN_COSTS = {
    "Stone Pit": 1, "Logging Camp": 1, "Clay Pit": 1, "Glassworks": 1, "Press": 1,
    "Palisade": 2, "Scriptorium": 2, "Pharmacist": 2, "Stone Reserve": 3, "Clay Reserve": 3,
    "Wood Reserve": 3, "Sawmill": 2, "Shelf Quarry": 2, "Brickyard": 2, "Barracks": 3,
    "Forum": 3, "Caravansery": 2, "Customs House": 4, "Pretorium": 8,
}

FREE_CARDS = {"Lumber Yard", "Clay Pool", "Quarry", "Guard Tower", "Tavern", "Theater", "Altar",
              "Glass-Blower", "Drying Room", "Brewery"}


def test_coin_costs(db):
    assert {c.name: c.coin_cost for c in db.cards if c.coin_cost} == COIN_COSTS
    assert db.by_name("Forum").resources == (0, 1, 0, 0, 0)
    assert db.by_name("Caravansery").resources == (0, 0, 0, 1, 1)
    coin_only = {n for n in COIN_COSTS if n not in ("Forum", "Caravansery")}
    assert all(units(db.by_name(n).resources) == 0 for n in coin_only)


def test_free_cards(db):
    assert {c.name for c in db.cards if c.coin_cost == 0 and units(c.resources) == 0} == FREE_CARDS


@pytest.mark.parametrize("card, resources", [
    ("Stable", (1, 0, 0, 0, 0)), ("Garrison", (0, 1, 0, 0, 0)), ("Baths", (0, 0, 1, 0, 0)),
    ("Workshop", (0, 0, 0, 0, 1)), ("Apothecary", (0, 0, 0, 1, 0)),
    ("Horse Breeders", (1, 1, 0, 0, 0)), ("Walls", (0, 0, 2, 0, 0)),
    ("Archery Range", (1, 0, 1, 0, 1)), ("Parade Ground", (0, 2, 0, 1, 0)),
    ("School", (1, 0, 0, 0, 2)), ("Laboratory", (1, 0, 0, 2, 0)), ("Dispensary", (0, 2, 1, 0, 0)),
    ("Library", (1, 0, 1, 1, 0)), ("Temple", (1, 0, 0, 0, 1)), ("Statue", (0, 2, 0, 0, 0)),
    ("Courthouse", (2, 0, 0, 1, 0)), ("Aqueduct", (0, 0, 3, 0, 0)), ("Rostrum", (1, 0, 1, 0, 0)),
    ("Circus", (0, 2, 2, 0, 0)), ("Arsenal", (2, 3, 0, 0, 0)), ("Siege Workshop", (3, 0, 0, 1, 0)),
    ("Fortifications", (0, 1, 2, 0, 1)), ("Academy", (1, 0, 1, 2, 0)),
    ("University", (0, 1, 0, 1, 1)), ("Study", (2, 0, 0, 1, 1)), ("Observatory", (0, 0, 1, 0, 2)),
    ("Arena", (1, 1, 1, 0, 0)), ("Chamber of Commerce", (0, 0, 0, 0, 2)),
    ("Port", (1, 0, 0, 1, 1)), ("Lighthouse", (0, 2, 0, 1, 0)), ("Armory", (0, 0, 2, 1, 0)),
    ("Palace", (1, 1, 1, 2, 0)), ("Gardens", (2, 2, 0, 0, 0)), ("Pantheon", (1, 1, 0, 0, 2)),
    ("Town Hall", (2, 0, 3, 0, 0)), ("Senate", (0, 2, 1, 0, 1)), ("Obelisk", (0, 0, 2, 1, 0)),
    ("Merchants Guild", (1, 1, 0, 1, 1)), ("Shipowners Guild", (0, 1, 1, 1, 1)),
    ("Builders Guild", (1, 1, 2, 1, 0)), ("Magistrates Guild", (2, 1, 0, 0, 1)),
    ("Scientists Guild", (2, 2, 0, 0, 0)), ("Moneylenders Guild", (2, 0, 2, 0, 0)),
    ("Tacticians Guild", (0, 1, 2, 0, 1)),
])
def test_resource_costs(db, card, resources):
    assert db.by_name(card).resources == resources


def test_production(db):
    prod = {c.name: dict(effects_of(c, "produce")[0]) for c in db.cards if effects_of(c, "produce")}
    assert prod == {
        "Lumber Yard": {"wood": 1}, "Stone Pit": {"stone": 1}, "Clay Pool": {"clay": 1},
        "Logging Camp": {"wood": 1}, "Quarry": {"stone": 1}, "Clay Pit": {"clay": 1},
        "Glassworks": {"glass": 1}, "Press": {"papyrus": 1}, "Sawmill": {"wood": 2},
        "Shelf Quarry": {"stone": 2}, "Brickyard": {"clay": 2}, "Glass-Blower": {"glass": 1},
        "Drying Room": {"papyrus": 1},
    }
    assert all(effects_of(c, "produce") for c in db.cards if c.color in ("brown", "grey"))
    choice = {d.name: d for d in (*db.cards, *db.wonders) if effects_of(d, "produce_choice")}
    assert {n: effects_of(d, "produce_choice")[0] for n, d in choice.items()} == {
        "Forum": ("glass", "papyrus"), "Caravansery": ("wood", "clay", "stone"),
        "The Great Lighthouse": ("wood", "clay", "stone"), "Piraeus": ("glass", "papyrus"),
    }
    fixed = {c.name: effects_of(c, "trade_fixed")[0] for c in db.cards if effects_of(c, "trade_fixed")}
    assert fixed == {"Stone Reserve": ("stone",), "Clay Reserve": ("clay",),
                     "Wood Reserve": ("wood",), "Customs House": ("glass", "papyrus")}


def test_shield_totals(db):
    for age, total in ((1, 4), (2, 8), (3, 12)):
        assert sum(sum(effects_of(c, "shields")) for c in age_cards(db, age)) == total
    assert all(effects_of(c, "shields") for c in db.cards if c.color == "red")
    assert all(not effects_of(c, "shields") for c in db.cards if c.color != "red")
    assert sum(sum(effects_of(w, "shields")) for w in db.wonders) == 4


def test_blue_points(db):
    points = {c.name: sum(effects_of(c, "points")) for c in db.cards if c.color == "blue"}
    assert points == {"Theater": 3, "Altar": 3, "Baths": 3, "Temple": 4, "Statue": 4,
                      "Courthouse": 5, "Aqueduct": 5, "Rostrum": 4, "Palace": 7, "Gardens": 6,
                      "Pantheon": 6, "Town Hall": 7, "Senate": 5, "Obelisk": 5}


def test_yellow_cards(db):
    assert effects_of(db.by_name("Tavern"), "coins") == [4]
    assert effects_of(db.by_name("Brewery"), "coins") == [6]
    expected = {"Arena": ("wonders", 2), "Chamber of Commerce": (("grey",), 3),
                "Port": (("brown",), 2), "Lighthouse": (("yellow",), 1), "Armory": (("red",), 1)}
    for c in age_cards(db, 3):
        if c.color == "yellow":
            (cp,) = effects_of(c, "coins_per")
            assert (cp["count"], cp["each"]) == expected[c.name]
            assert effects_of(c, "points") == [3]


def test_guilds(db):
    expected = {
        "Merchants Guild": (("yellow",), 1, 1, 1), "Shipowners Guild": (("brown", "grey"), 1, 1, 1),
        "Builders Guild": ("wonders", 0, 2, 1), "Magistrates Guild": (("blue",), 1, 1, 1),
        "Scientists Guild": (("green",), 1, 1, 1), "Moneylenders Guild": ("coins", 0, 1, 3),
        "Tacticians Guild": (("red",), 1, 1, 1),
    }
    got = {}
    for c in db.cards:
        if c.guild:
            (g,) = effects_of(c, "guild")
            got[c.name] = (g["count"], g["coins_each"], g["points_each"], g.get("per", 1))
            assert c.coin_cost == 0
    assert got == expected
    assert db.by_name("Merchants Guild").alias == "Traders Guild"


# ---------------------------------------------------------------------------
# Wonders and progress tokens
# ---------------------------------------------------------------------------

def test_wonders(db):
    assert [w.ref for w in db.wonders] == [f"W{i}" for i in range(1, 15)]
    base = [w for w in db.wonders if w.expansion == "base"]
    assert len(base) == 12
    assert all(units(w.resources) in (4, 5) for w in base)
    again = {w.ref for w in db.wonders if effects_of(w, "play_again")}
    assert again == {"W4", "W7", "W8", "W10", "W11", "W13"}
    assert {w.ref for w in base if effects_of(w, "play_again")} == {"W4", "W7", "W8", "W10", "W11"}
    shields = {w.ref: sum(effects_of(w, "shields")) for w in db.wonders if effects_of(w, "shields")}
    assert shields == {"W2": 2, "W9": 1, "W12": 1}
    vp = [sum(effects_of(w, "points")) for w in base]
    assert vp == [9, 3, 4, 0, 2, 4, 2, 3, 3, 6, 3, 3]
    coins = {w.ref: effects_of(w, "coins") for w in db.wonders if effects_of(w, "coins")}
    assert coins == {"W4": [12], "W8": [6], "W11": [3], "W13": [6]}
    assert effects_of(db.by_name("The Appian Way"), "opponent_loses_coins") == [3]
    assert effects_of(db.by_name("The Statue of Zeus"), "destroy_opponent_card") == ["brown"]
    assert effects_of(db.by_name("Circus Maximus"), "destroy_opponent_card") == ["grey"]
    assert effects_of(db.by_name("The Mausoleum"), "build_from_discard") == [True]
    assert effects_of(db.by_name("The Great Library"), "draw_progress") == [3]
    assert all(not w.draft_effects for w in base)


def test_wonder_costs(db):
    expected = [(0, 0, 3, 0, 1), (0, 3, 0, 1, 0), (1, 0, 1, 0, 2), (1, 0, 1, 1, 1),
                (0, 2, 0, 2, 1), (3, 0, 0, 1, 1), (2, 1, 1, 0, 0), (2, 0, 0, 1, 1),
                (1, 1, 1, 0, 2), (0, 1, 1, 2, 0), (0, 2, 2, 0, 1), (1, 0, 2, 1, 0),
                (1, 1, 1, 1, 1), (1, 1, 1, 2, 0)]
    assert [w.resources for w in db.wonders] == expected


def test_wonder_effect_order_follows_resolution_order(db):
    order = ["points", "coins", "shields", "play_again", "opponent_loses_coins",
             "produce_choice", "destroy_opponent_card", "build_from_discard", "draw_progress"]
    for w in db.wonders:
        if w.expansion == "base":
            kinds = [e.kind for e in w.effects]
            assert kinds == sorted(kinds, key=order.index), w.name


def test_agora_wonders(db):
    curia = db.by_name("Curia Julia")
    assert curia.expansion == "agora"
    assert [(e.kind, e.arg) for e in curia.draft_effects] == [("conspire", True)]
    assert [(e.kind, e.arg) for e in curia.effects] == [
        ("trigger_unprepared_conspiracy", True), ("coins", 6), ("play_again", True)]
    knossos = db.by_name("Knossos")
    assert [(e.kind, e.arg) for e in knossos.draft_effects] == [("place_cube", "any")]
    assert [(e.kind, e.arg) for e in knossos.effects] == [
        ("place_cube", "any"), ("may_move_cube", 1), ("points", 3)]


def test_progress_tokens(db):
    tokens = {p.name: [(e.kind, e.arg) for e in p.effects] for p in db.progress_tokens}
    assert [p.ref for p in db.progress_tokens] == [f"P{i}" for i in range(1, 13)]
    assert sum(1 for p in db.progress_tokens if p.expansion == "base") == 10
    assert {p.name for p in db.progress_tokens if p.expansion == "agora"} == {
        "Corruption", "Organized Crime"}
    assert tokens["Agriculture"] == [("coins", 6), ("points", 4)]
    assert tokens["Architecture"][0][0] == "discount"
    assert dict(tokens["Architecture"][0][1]) == {"target": "wonder", "units": 2}
    assert dict(tokens["Masonry"][0][1]) == {"target": "blue", "units": 2}
    assert tokens["Economy"] == [("trade_income", True)]
    assert tokens["Law"] == [("science", "scales")]
    assert tokens["Mathematics"] == [("points_per_progress", 3)]
    assert tokens["Philosophy"] == [("points", 7)]
    assert dict(tokens["Strategy"][0][1]) == {"color": "red", "shields": 1}
    assert tokens["Theology"] == [("wonders_play_again", True)]
    assert tokens["Urbanism"] == [("coins", 6), ("chain_coins", 4)]
    assert tokens["Corruption"] == [("free_recruit", True)]
    assert tokens["Organized Crime"] == [("keep_both_conspiracies", True)]


# ---------------------------------------------------------------------------
# Military
# ---------------------------------------------------------------------------

def test_military_track(db):
    assert db.capital == 9
    assert [(z.start, z.end, z.points) for z in db.military_zones] == [
        (1, 2, 2), (3, 5, 5), (6, 8, 10)]


def test_military_tokens(db):
    base = {t.zone: [(e.kind, e.arg) for e in t.effects]
            for t in db.military_tokens if t.set == "base"}
    assert base == {(-8, -6): [("opponent_loses_coins", 5)], (-5, -3): [("opponent_loses_coins", 2)],
                    (3, 5): [("opponent_loses_coins", 2)], (6, 8): [("opponent_loses_coins", 5)]}
    agora = {t.zone: [(e.kind, e.arg) for e in t.effects]
             for t in db.military_tokens if t.set == "agora"}
    large = [("remove_opponent_cube", 1), ("may_move_cube", 1)]
    small = [("place_cube", "any")]
    assert agora == {(-8, -6): large, (-5, -3): small, (3, 5): small, (6, 8): large}
    assert len(db.military_tokens) == 8


# ---------------------------------------------------------------------------
# Layouts (base-game.md B9, agora.md §A3)
# ---------------------------------------------------------------------------

def layout_stats(rows):
    positions = {(r, c) for r, row in enumerate(rows, start=1) for c in row}
    up = sum(1 for r, _ in positions if r % 2 == 1)
    accessible = sum(1 for r, c in positions
                     if (r + 1, c - 1) not in positions and (r + 1, c + 1) not in positions)
    return len(positions), up, len(positions) - up, accessible


@pytest.mark.parametrize("layout, age, total, up, down, accessible", [
    ("base", 1, 20, 12, 8, 6), ("base", 2, 20, 12, 8, 2), ("base", 3, 20, 12, 8, 2),
    ("agora", 1, 25, 15, 10, 7), ("agora", 2, 25, 15, 10, 3), ("agora", 3, 23, 12, 11, 2),
])
def test_layout_counts(db, layout, age, total, up, down, accessible):
    assert layout_stats(db.layouts[layout][age]) == (total, up, down, accessible)


def test_layout_rows(db):
    assert db.layouts["base"] == {
        1: ((5, 7), (4, 6, 8), (3, 5, 7, 9), (2, 4, 6, 8, 10), (1, 3, 5, 7, 9, 11)),
        2: ((1, 3, 5, 7, 9, 11), (2, 4, 6, 8, 10), (3, 5, 7, 9), (4, 6, 8), (5, 7)),
        3: ((5, 7), (4, 6, 8), (3, 5, 7, 9), (4, 8), (3, 5, 7, 9), (4, 6, 8), (5, 7)),
    }
    assert [len(r) for r in db.layouts["agora"][1]] == [3, 4, 5, 6, 7]
    assert [len(r) for r in db.layouts["agora"][2]] == [7, 6, 5, 4, 3]
    assert db.layouts["agora"][3] == (
        (6, 8), (5, 7, 9), (4, 6, 8, 10), (3, 5, 7, 9, 11), (4, 6, 8, 10), (5, 7, 9), (6, 8))


def test_layout_sizes_match_decks(db):
    # base: Age deck minus 3 removed cards (+3 Guilds in Age III); Agora adds 5/5/3 Senators
    for age, senators in ((1, 5), (2, 5), (3, 3)):
        deck = len(age_cards(db, age)) - 3 + (3 if age == 3 else 0)
        assert sum(map(len, db.layouts["base"][age])) == deck
        assert sum(map(len, db.layouts["agora"][age])) == deck + senators
    assert len(db.senators) == 5 + 5 + 3


# ---------------------------------------------------------------------------
# Agora Senate (agora.md B1-B4)
# ---------------------------------------------------------------------------

def test_senators(db):
    assert len(db.senators) == 13
    assert [s.ref for s in db.senators] == [f"SEN{i}" for i in range(1, 14)]
    politicians = [s for s in db.senators if s.kind == "politician"]
    conspirators = [s for s in db.senators if s.kind == "conspirator"]
    assert len(politicians) == 7 and len(conspirators) == 6
    assert Counter(s.section for s in politicians) == {"left": 2, "middle": 3, "right": 2}
    assert all(s.section is None for s in conspirators)
    assert [s.name for s in db.senators] == [
        "Left Politician 1", "Left Politician 2", "Middle Politician 1", "Middle Politician 2",
        "Middle Politician 3", "Right Politician 1", "Right Politician 2",
        *(f"Conspirator {i}" for i in range(1, 7))]


def test_chambers(db):
    assert len(db.chambers) == 6
    assert [c.index for c in db.chambers] == list(range(6))
    assert [c.ref for c in db.chambers] == [f"CH{i}" for i in range(1, 7)]
    assert [c.points for c in db.chambers] == [1, 2, 3, 3, 2, 1]
    assert [c.section for c in db.chambers] == ["left", "left", "middle", "middle", "right", "right"]
    # face up on the odd Chambers CH1, CH3, CH5
    assert [c.decree_face_up for c in db.chambers] == [True, False, True, False, True, False]


def test_decrees(db):
    assert len(db.decrees) == 16
    assert [d.ref for d in db.decrees] == [f"D{i}" for i in range(1, 17)]
    eff = {d.ref: [(e.kind, e.arg) for e in d.effects] for d in db.decrees}
    assert eff["D1"] == [("construction_coins", "blue")]
    assert eff["D2"] == [("construction_coins", "green")]
    assert eff["D3"] == [("construction_coins", "yellow")]
    assert eff["D4"] == [("construction_coins", "red")]
    assert eff["D5"] == [("ignore_cost_symbol", "yellow")]
    assert eff["D6"] == [("ignore_cost_symbol", "red")]
    assert eff["D7"] == [("ignore_cost_symbol", "green")]
    assert eff["D8"] == [("wonder_discount", 1)]
    assert eff["D9"] == [("shields", 1)]
    assert eff["D10"][0][0] == "trade_discount"
    assert dict(eff["D10"][0][1]) == {"resources": ("wood", "clay", "stone"), "coins": 1}
    assert dict(eff["D11"][0][1]) == {"resources": ("glass", "papyrus"), "coins": 1}
    assert eff["D12"] == [("senate_blue_bonus", 2)]
    assert eff["D13"] == [("discard_bonus", 2)]
    assert eff["D14"] == [("construction_coins", "wonder")]
    assert eff["D15"] == [("opponent_chains", True)]
    assert eff["D16"] == [("conspirator_extra_turn", True)]


def test_conspiracies(db):
    assert len(db.conspiracies) == 16
    assert [c.ref for c in db.conspiracies] == [f"C{i}" for i in range(1, 17)]
    assert [c.name for c in db.conspiracies] == [
        "Extortion", "Blackmail", "Expropriation", "Swindle", "Obscurantism", "Coup",
        "Property Fraud", "Treason", "Political Maneuver", "Espionage", "Turn of Events",
        "Embezzlement", "Foreclosure", "Coercion", "Insider Influence", "Sabotage"]
    trailing = {c.ref for c in db.conspiracies
                if c.steps[-1] == Effect("may_move_cube", 1) and len(c.steps) > 1
                and c.ref != "C9"}
    assert trailing == {"C1", "C2", "C3", "C4", "C11", "C14", "C15"}
    steps = {c.ref: [(e.kind, e.arg) for e in c.steps] for c in db.conspiracies}
    assert steps["C9"] == [("place_cube", "any"), ("remove_opponent_cube", 1), ("may_move_cube", 1)]
    assert steps["C6"] == [("shields", 2)]
    assert steps["C2"][0] == ("take_opponent_coins", "half_up")
    assert steps["C3"][0] == ("discard_opponent_card", "blue")
    assert steps["C4"][0] == ("discard_opponent_card", "yellow")
    assert dict(steps["C11"][0][1]) == {"count": 1, "optional_more": 1}
    assert steps["C12"] == [("coins_per_own_cube", 1), ("opponent_loses_per_cube", 1)]
    assert steps["C13"] == [("take_opponent_card", ("brown", "grey"))]
    assert steps["C14"][0] == ("swap_card", ("blue", "green"))
    assert steps["C15"][0] == ("move_decree", True)
    # only the eight listed Conspiracies contain a Move
    with_move = {c.ref for c in db.conspiracies if effects_of(c, "may_move_cube")}
    assert with_move == {"C1", "C2", "C3", "C4", "C9", "C11", "C14", "C15"}


# ---------------------------------------------------------------------------
# Malformed files
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def raw_data():
    with open(DATA_FILE, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture
def data(raw_data):
    return copy.deepcopy(raw_data)


def write(tmp_path, data, name="bad.yaml"):
    path = tmp_path / name
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    path.write_text(yaml.dump(data, Dumper=dumper, sort_keys=False), encoding="utf-8")
    return path


def find(items, name):
    return next(e for e in items if e["name"] == name)


def load_error(path) -> str:
    with pytest.raises(DataError) as info:
        load_database(path)
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message
    return message


def test_roundtrip_of_unchanged_data_loads(tmp_path, data, db):
    assert load_database(write(tmp_path, data)) == db


def test_missing_field(tmp_path, data):
    del find(data["cards"], "Lumber Yard")["color"]
    msg = load_error(write(tmp_path, data))
    assert "cards[0]" in msg and "'Lumber Yard'" in msg and "field 'color'" in msg
    assert "missing" in msg


def test_unknown_field(tmp_path, data):
    find(data["wonders"], "The Sphinx")["colour"] = "blue"
    msg = load_error(write(tmp_path, data))
    assert "'The Sphinx'" in msg and "field 'colour'" in msg and "unknown field" in msg


def test_unknown_effect_kind(tmp_path, data):
    find(data["cards"], "Tavern")["effects"] = [{"gold": 4}]
    msg = load_error(write(tmp_path, data))
    assert "'Tavern'" in msg and "field 'effects[0]'" in msg and "unknown effect kind 'gold'" in msg


@pytest.mark.parametrize("section, name, field, effects, fragment", [
    ("cards", "Workshop", "effects[0].science", [{"science": "atom"}], "science symbol"),
    ("cards", "Sawmill", "effects[0].produce.wood", [{"produce": {"wood": 0}}], "positive"),
    ("cards", "Sawmill", "effects[0].produce.marble", [{"produce": {"marble": 1}}], "resource"),
    ("cards", "Forum", "effects[0].produce_choice[1]",
     [{"produce_choice": ["glass", "silk"]}], "resource"),
    ("wonders", "The Sphinx", "effects[1].play_again", [{"points": 6}, {"play_again": "yes"}],
     "expected true"),
    ("cards", "Arena", "effects[0].coins_per.count",
     [{"coins_per": {"count": "senators", "each": 2}}], "counter"),
    ("cards", "Port", "effects[0].coins_per", [{"coins_per": {"count": ["brown"]}}], "missing key"),
    ("cards", "Guard Tower", "effects[0]", [{"shields": 1, "points": 1}], "one-key"),
    ("cards", "Guard Tower", "effects[0].shields", [{"shields": "1"}], "integer"),
    ("decrees", "Standing Army", "effects[0].shields", [{"shields": True}], "integer"),
    ("progress_tokens", "Strategy", "effects[0].extra_shields.color",
     [{"extra_shields": {"color": "pink", "shields": 1}}], "colour"),
])
def test_bad_effect_argument(tmp_path, data, section, name, field, effects, fragment):
    find(data[section], name)["effects"] = effects
    msg = load_error(write(tmp_path, data))
    assert f"'{name}'" in msg and f"field '{field}'" in msg and fragment in msg


def test_bad_conspiracy_step(tmp_path, data):
    find(data["conspiracies"], "Coup")["steps"] = [{"take_opponent_coins": "half_down"}]
    msg = load_error(write(tmp_path, data))
    assert "conspiracies[5]" in msg and "'Coup'" in msg
    assert "field 'steps[0].take_opponent_coins'" in msg


def test_unknown_resource_in_cost(tmp_path, data):
    find(data["cards"], "Stable")["cost"] = {"marble": 1}
    msg = load_error(write(tmp_path, data))
    assert "'Stable'" in msg and "field 'cost.marble'" in msg and "unknown resource" in msg


def test_coins_in_wonder_cost_rejected(tmp_path, data):
    find(data["wonders"], "The Pyramids")["cost"]["coins"] = 2
    msg = load_error(write(tmp_path, data))
    assert "'The Pyramids'" in msg and "field 'cost.coins'" in msg


def test_unknown_colour(tmp_path, data):
    find(data["cards"], "Altar")["color"] = "gold"
    msg = load_error(write(tmp_path, data))
    assert "'Altar'" in msg and "field 'color'" in msg and "unknown colour 'gold'" in msg


def test_wrong_type(tmp_path, data):
    find(data["chambers"], "Chamber 2")["points"] = "two"
    msg = load_error(write(tmp_path, data))
    assert "chambers[1]" in msg and "'Chamber 2'" in msg and "field 'points'" in msg


def test_duplicate_name_across_sections(tmp_path, data):
    find(data["decrees"], "Standing Army")["name"] = "Senate"
    msg = load_error(write(tmp_path, data))
    assert "decrees[8]" in msg and "'Senate'" in msg and "field 'name'" in msg
    assert "duplicate name" in msg and "cards[64]" in msg


def test_duplicate_alias(tmp_path, data):
    find(data["cards"], "Builders Guild")["alias"] = "The Pyramids"
    data["cards"].append(data["cards"].pop(data["cards"].index(find(data["cards"], "Builders Guild"))))
    # alias clashes with a Wonder name that is loaded later
    msg = load_error(write(tmp_path, data))
    assert "'The Pyramids'" in msg and "duplicate name" in msg


def test_age_out_of_range(tmp_path, data):
    find(data["cards"], "Obelisk")["age"] = 4
    msg = load_error(write(tmp_path, data))
    assert "'Obelisk'" in msg and "field 'age'" in msg and "out of range" in msg


def test_guild_must_be_purple(tmp_path, data):
    find(data["cards"], "Scientists Guild")["color"] = "green"
    msg = load_error(write(tmp_path, data))
    assert "'Scientists Guild'" in msg and "field 'color'" in msg


def test_unknown_chain_symbol(tmp_path, data):
    find(data["cards"], "Altar")["chain_out"] = "crown"
    msg = load_error(write(tmp_path, data))
    assert "'Altar'" in msg and "field 'chain_out'" in msg and "unknown chain symbol" in msg


def test_chain_in_without_giver(tmp_path, data):
    del find(data["cards"], "Tavern")["chain_out"]
    msg = load_error(write(tmp_path, data))
    assert "'Lighthouse'" in msg and "field 'chain_in'" in msg and "amphora" in msg


def test_politician_needs_section(tmp_path, data):
    del find(data["senators"], "Left Politician 2")["section"]
    msg = load_error(write(tmp_path, data))
    assert "senators[1]" in msg and "'Left Politician 2'" in msg and "field 'section'" in msg


def test_senator_has_no_cost(tmp_path, data):
    find(data["senators"], "Conspirator 1")["cost"] = {"coins": 1}
    msg = load_error(write(tmp_path, data))
    assert "'Conspirator 1'" in msg and "field 'cost'" in msg and "unknown field" in msg


def test_chamber_count(tmp_path, data):
    data["chambers"].pop()
    msg = load_error(write(tmp_path, data))
    assert "chambers" in msg and "expected 6 chambers, got 5" in msg


def test_military_token_zone(tmp_path, data):
    find(data["military"]["tokens"], "Agora Small Token (seat 1 half)")["zone"] = [2, 5]
    msg = load_error(write(tmp_path, data))
    assert "military.tokens[6]" in msg and "'Agora Small Token (seat 1 half)'" in msg
    assert "field 'zone'" in msg


@pytest.mark.parametrize("layout, age, rows, field, fragment", [
    ("base", 1, [[5, 7], [4, 6, 8], [3, 5, 5, 9], [2, 4, 6, 8, 10], [1, 3, 5, 7, 9, 11]],
     "1[row 3]", "duplicate column"),
    ("base", 2, [[1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10], [3, 5, 7, 9], [4, 6, 8]],
     "2", "18 card positions"),
    ("agora", 3, [[6, 8], [5, 7, 9], [4, 6, 8, 10], [3, 4, 7, 9, 11], [4, 6, 8, 10], [5, 7, 9],
                  [6, 8]], "3[row 4]", "not 2 apart"),
    ("agora", 1, [[5, 7, 9], [4, 6, 8, 10], [3, 5, 7, 9, 11], [2, 4, 6, 8, 10, 12], "1 3 5"],
     "1[row 5]", "non-empty list"),
    ("agora", 2, [[1, 3, 5, 7, 9, 11, 13], [2, 4, 6, 8, 10, 12], [3, 5, 7, 9, 11], [4, 6, 8, 10],
                  [5, "seven", 9]], "2[row 5]", "positive integers"),
])
def test_bad_layout(tmp_path, data, layout, age, rows, field, fragment):
    data["layouts"][layout][age] = rows
    msg = load_error(write(tmp_path, data))
    assert f"layouts[{layout}]" in msg and f"field '{field}'" in msg and fragment in msg


@pytest.mark.parametrize("section, fragment", [
    ("senators", "needs at least 13 Senators"), ("decrees", "needs at least 6 Decrees"),
    ("conspiracies", "needs at least 2"), ("wonders", "needs at least 8 base Wonders"),
])
def test_too_few_components(tmp_path, data, section, fragment):
    data[section] = data[section][:1]
    msg = load_error(write(tmp_path, data))
    assert f"{section}: only 1 entries" in msg and fragment in msg


def test_too_few_age_cards(tmp_path, data):
    dropped = ("Walls", "Courthouse", "Customs House", "Sawmill")
    data["cards"] = [c for c in data["cards"] if c["name"] not in dropped]
    msg = load_error(write(tmp_path, data))
    assert "cards: only 19 Age 2 card(s); the Age 2 structure needs 20" in msg


def test_missing_layout_age(tmp_path, data):
    del data["layouts"]["agora"][2]
    msg = load_error(write(tmp_path, data))
    assert "layouts[agora]" in msg and "field '2'" in msg and "missing" in msg


def test_missing_section(tmp_path, data):
    del data["decrees"]
    msg = load_error(write(tmp_path, data))
    assert "field 'decrees'" in msg and "missing" in msg


def test_invalid_yaml(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("version: 1\ncards:\n  - {name: Lumber Yard, age: 1\n  - {name: X}\n",
                    encoding="utf-8")
    msg = load_error(path)
    assert "not valid YAML" in msg and re.search(r"line \d+", msg)


def test_yaml_duplicate_key(tmp_path):
    path = tmp_path / "dupkey.yaml"
    path.write_text("version: 1\nversion: 2\n", encoding="utf-8")
    msg = load_error(path)
    assert "line 2" in msg and "duplicate key 'version'" in msg


def test_not_a_mapping(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- 1\n- 2\n", encoding="utf-8")
    assert "mapping" in load_error(path)


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere" / "cards.yaml"
    msg = load_error(path)
    assert "no such file" in msg


def test_weird_values_never_crash(tmp_path, raw_data, monkeypatch):
    """Replace each field of one entry per section with odd values: always DataError.

    The YAML layer is covered above; here the parsed document is fed straight to the
    validator (monkeypatched reader) to keep the test fast.
    """
    import game.data as data_module

    odd_values = [None, [], {}, "x", -1, True, 2.5, [[1]], {"a": {"b": []}}]
    targets = [("cards", 56), ("cards", 71), ("senators", 0), ("wonders", 12),
               ("progress_tokens", 7), ("chambers", 0), ("decrees", 9), ("conspiracies", 10)]
    path = tmp_path / "odd.yaml"
    current = {}
    monkeypatch.setattr(data_module, "_read_yaml", lambda p: current["data"])
    checked = 0
    for section, index in targets:
        for field in list(raw_data[section][index]) + ["effects", "steps", "extra"]:
            for value in odd_values:
                doc = copy.deepcopy(raw_data)
                doc[section][index][field] = value
                current["data"] = doc
                try:
                    load_database(path)
                except DataError as exc:
                    assert "\n" not in str(exc) and str(path) in str(exc)
                    checked += 1
    # top-level sections replaced wholesale
    for key in raw_data:
        for value in odd_values:
            doc = copy.deepcopy(raw_data)
            doc[key] = value
            current["data"] = doc
            with pytest.raises(DataError):
                load_database(path)
    assert checked > 200
