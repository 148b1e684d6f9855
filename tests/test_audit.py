"""The deviations an independent rules audit found (issue #12), one group of tests per point.

References: ../shared/rules/base-game.md (§) and ../shared/rules/agora.md (§A).
"""

import json
import random
from pathlib import Path

import pytest

from positions import act, cubes, decree, give, offer, position, wonders
from game import load_state, new_game
from game.ai.determinize import Determinizer
from game.serialize import SaveError

DOCS = Path(__file__).resolve().parent.parent / "docs"


# ------------------------------------------------------------------ 1. military token timing

ZEUS_GAME = ["draft The Pyramids", "draft Piraeus", "draft The Hanging Gardens",
             "draft The Statue of Zeus", "draft Circus Maximus", "draft The Colossus",
             "build Guard Tower", "build Glassworks", "build Palisade", "discard Wood Reserve",
             "discard Clay Reserve", "discard Apothecary", "build Lumber Yard", "build Press",
             "wonder Circus Maximus with Quarry"]


def test_base_military_token_costs_its_coins_before_the_circus_maximus_choice():
    """§8 'immediately', §16 Wonder step 4 (shields and tokens) before step 6 (destroy)."""
    s = new_game(323, agora=False)
    before = None
    for text in ZEUS_GAME:
        if text.startswith("wonder"):
            before = (s.coins[1], s.pawn, list(s.military_tokens))
        act(s, text)
    coins_before, pawn_before, tokens_before = before
    assert s.decision == "destroy" and s.current_player == 0
    assert pawn_before == 2 and s.pawn == 3                    # into seat 1's 3-5 zone
    assert len(s.military_tokens) == len(tokens_before) - 1    # the 2-coin token is gone
    assert s.coins[1] == coins_before - 2 == 7                 # ... and already paid for
    act(s, "destroy Glassworks")
    assert s.coins[1] == 7                                     # not taken a second time


def _agora_neutral(player=0):
    s = position(agora=True, player=player)
    s.pawn = 0
    for ch, name in enumerate(("Scientific Patronage", "Commercial Patronage",
                               "Commercial Exemption", "Scientific Exemption",
                               "Raw Materials Discount", "Manufactured Goods Discount"), 1):
        decree(s, ch, name, face_up=ch % 2 == 1)
    return s


def test_agora_construction_tokens_still_act_after_the_wonders_own_follow_up():
    """§A7.2 payout timing / §A17: shield Wonder -> pawn -> D14 -> destroy -> token effects."""
    s = _agora_neutral()
    s.coins = [30, 7]
    s.pawn = 2
    wonders(s, 0, "Circus Maximus")
    give(s, 1, "Glassworks")
    offer(s, "Baths")
    act(s, "wonder Circus Maximus with Baths")
    assert s.pawn == 3
    assert s.decision == "destroy"                      # the Wonder's follow-up comes first
    act(s, "destroy Glassworks")
    assert s.decision == "place" and s.current_player == 0   # then the small token's Place


# ------------------------------------------------------------------ 2. supremacy after a whole Move

def test_political_supremacy_is_checked_after_the_whole_move():
    """§A5.3, §A17: a Move is one change — origin, then destination, then the check."""
    s = _agora_neutral(player=1)
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(1, 0), ch4=(1, 0), ch5=(1, 0), ch6=(1, 1))
    offer(s, "Right Politician 1")
    act(s, "recruit Right Politician 1")
    act(s, "move Chamber 6 to Chamber 5")
    assert not s.is_terminal
    assert s.control == [0, 0, 0, 0, None, 0]           # seat 0 holds five Chambers
    assert s.current_player == 0 and s.decision == "turn"


# ------------------------------------------------------------------ 3. hidden deck order

def _swap_in_deck(s, age, back_a, back_b):
    """A copy of `s` whose undealt deck `age` has a card of each back exchanged."""
    t = s.clone()
    t.decks = dict(t.decks)
    deck = t.decks[age] = t.decks[age][:]
    rules = t.rules
    i = next(k for k, c in enumerate(deck) if back_a(rules.cards[c]))
    j = next(k for k, c in enumerate(deck) if back_b(rules.cards[c]))
    deck[i], deck[j] = deck[j], deck[i]
    return t


@pytest.mark.parametrize("age, special", [(2, "senator"), (3, "guild")])
def test_undealt_deck_order_is_not_in_the_observation(age, special):
    s = new_game(4, agora=True)
    t = _swap_in_deck(s, age, lambda c: getattr(c, special), lambda c: not (c.senator or c.guild))
    assert s.decks[age] != t.decks[age]
    for p in (0, 1):
        assert s.observation(p) == t.observation(p)
    backs = s.observation(0)["decks"][str(age)]
    assert backs.count(f"?{special}") == sum(bool(getattr(s.rules.cards[c], special))
                                             for c in s.decks[age])


def test_determinizer_does_not_place_senators_by_the_observations_order():
    s = new_game(4, agora=True)
    obs = s.observation(s.current_player)
    det = Determinizer(obs)
    layouts = set()
    for k in range(12):
        d = det.sample(random.Random(k))
        deck = d.decks[2]
        assert sorted(d.rules.cards[c].senator is not None and bool(d.rules.cards[c].senator)
                      for c in deck) == sorted(bool(s.rules.cards[c].senator) for c in s.decks[2])
        layouts.add(tuple(i for i, c in enumerate(deck) if d.rules.cards[c].senator))
    assert len(layouts) > 6                             # Senators land anywhere in the deck


# ------------------------------------------------------------------ 4. strict load_state

def _mid_game(agora, seed=11, moves=30):
    s = new_game(seed, agora=agora)
    rng = random.Random(seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    assert not s.is_terminal and s.phase == "play"
    return s


def _covered_face_down_slot(s, d):
    layout = s.rules.layouts[s.age]
    return next(i for i, c in enumerate(s.structure) if c != -1 and not s.face_up[i]
                and any(s.structure[b] != -1 for b in layout.covered_by[i]))


def _covered_slot(s, d):
    layout = s.rules.layouts[s.age]
    return next(i for i, c in enumerate(s.structure)
                if c != -1 and any(s.structure[b] != -1 for b in layout.covered_by[i]))


def _card_twice(s, d):
    d["discard"].append(d["city"][0][0] if d["city"][0] else d["city"][1][0])


def _negative_coins(s, d):
    d["coins"][1] = -3


def _pawn_off_track(s, d):
    d["pawn"] = 12


def _thirteen_cubes(s, d):
    d["cubes"] = [[13, 0]] + [[0, b] for _, b in d["cubes"][1:]]


def _face_up_covered(s, d):
    d["face_up"][_covered_face_down_slot(s, d)] = True


def _accessible_covered(s, d):
    d["accessible"] = sorted(d["accessible"] + [_covered_slot(s, d)])


def _accessible_missing(s, d):
    d["accessible"] = d["accessible"][1:]


def _structure_too_short(s, d):
    d["structure"] = d["structure"][:-1]


@pytest.mark.parametrize("agora, damage, message", [
    (False, _card_twice, "in several places"),
    (False, _negative_coins, "negative coins"),
    (True, _pawn_off_track, "pawn at 12"),
    (True, _thirteen_cubes, "13 cubes"),
    (False, _face_up_covered, r"covered slot \d+ .* is face up"),
    (True, _accessible_covered, "is still covered"),
    (False, _accessible_missing, "is not accessible"),
    (True, _structure_too_short, "slots"),
], ids=["card-twice", "negative-coins", "pawn-12", "13-cubes", "face-up-covered",
        "accessible-covered", "accessible-missing", "structure-size"])
def test_load_state_refuses_impossible_positions(agora, damage, message):
    s = _mid_game(agora)
    d = json.loads(s.to_json())
    damage(s, d)
    with pytest.raises(SaveError, match=message) as err:
        load_state(json.dumps(d))
    assert str(err.value).startswith("impossible game state")


@pytest.mark.parametrize("agora", [False, True])
def test_load_state_still_accepts_real_positions(agora):
    s = _mid_game(agora)
    t = load_state(s.to_json())
    assert t.to_json() == s.to_json()


# ------------------------------------------------------------------ 5. clear errors, honest docs

def test_payment_for_an_unknown_name_says_which_name():
    s = new_game(1)
    with pytest.raises(ValueError, match="Colossus of Nowhere"):
        s.payment(0, "Colossus of Nowhere")
    assert s.payment(0, "Baths").total >= 0


def test_engine_docs_describe_what_the_engine_does():
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    s = new_game(2, agora=True)
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    d = json.loads(s.to_json())
    # the turn step's third field, as documented
    assert d["pending"][-1] == ["turn", s.current_player, True]
    assert '["turn", p, may_trigger]' in text
    # cubes: one [seat 0, seat 1] pair per Chamber
    assert len(d["cubes"]) == 6 and all(len(pair) == 2 for pair in d["cubes"])
    assert "`[seat 0, seat 1]` pair" in text
    # where each format is described
    assert "docs/save-format.md" in text.split("## Save format (`to_json`)")[1][:600]
    # `progress none` is of kind decline, and the decision table says so
    s = position(agora=False)
    give(s, 0, "Laboratory")
    offer(s, "Workshop")
    act(s, "build Workshop")
    assert s.decision == "progress"
    none = s.parse_action("progress none")
    assert none.kind == "decline"
    row = next(line for line in text.splitlines() if line.startswith("| `progress` |"))
    assert "decline" in row
