"""observation(player): each player sees exactly what the rules let them know."""

import json
import random

from game import new_game
from positions import act, conspiracy, cubes, decree, position, tokens, wonders, offer


def names_in(obs):
    return json.dumps(obs, ensure_ascii=False)


def test_face_down_cards_show_only_their_back():
    s = new_game(3, agora=True)
    for p in (0, 1):
        obs = s.observation(p)
        for slot, cid in enumerate(s.structure):
            shown = obs["structure"][slot]
            name = s.rules.cards[cid].name
            if s.face_up[slot]:
                assert shown == name
            else:
                assert shown in ("?1", "?guild", "?senator") and shown != name


def test_decks_removed_cards_boxed_tokens_and_undrafted_wonders_are_hidden():
    s = new_game(9, agora=False)
    obs = s.observation(0)
    for age in ("1", "2", "3"):
        assert all(x.startswith("?") for x in obs["decks"][age])
        assert all(x.startswith("?") for x in obs["removed"][age])
    assert obs["progress_box"] == ["?progress"] * 5
    assert obs["draft_deck"] == ["?wonder"] * len(s.draft_deck)
    assert obs["rng"] is None
    boxed = [s.rules.progress[t].name for t in s.progress_box]
    removed = [s.rules.cards[c].name for a in (1, 2, 3) for c in s.removed[a]]
    text = names_in(obs)
    assert not any(f'"{n}"' in text for n in boxed)
    assert not any(f'"{n}"' in text for n in removed if n not in obs["structure"])


def test_own_conspiracies_are_visible_the_opponents_only_by_number_and_state():
    s = position(agora=True)
    conspiracy(s, 0, "Coup", "prepared", card="Baths")
    conspiracy(s, 0, "Sabotage")
    conspiracy(s, 1, "Espionage", "prepared")
    conspiracy(s, 1, "Treason", "triggered")
    mine = s.observation(0)["conspiracies"]
    assert [c["name"] for c in mine[0]] == ["Coup", "Sabotage"]
    assert [(c["name"], c["status"]) for c in mine[1]] == [("?conspiracy", 1), ("Treason", 2)]
    assert mine[0][0]["card"] == "Baths"               # the tucked card was taken face up
    theirs = s.observation(1)["conspiracies"]
    assert [c["name"] for c in theirs[0]] == ["?conspiracy", "?conspiracy"]
    assert "Espionage" in [c["name"] for c in theirs[1]]


def test_face_down_decrees_are_hidden_until_a_chamber_is_controlled():
    s = position(agora=True)
    decree(s, 2, "Standing Army", face_up=False)
    obs = s.observation(0)
    assert obs["chamber_decrees"][1] == ["?decree"]
    assert "Standing Army" not in names_in(obs)
    cubes(s, ch2=(1, 0))
    assert s.observation(1)["chamber_decrees"][1] == ["Standing Army"]


def test_conspiracy_deck_order_is_hidden_and_drawn_cards_are_secret():
    s = position(agora=True)
    offer(s, "Conspirator 1")
    act(s, "recruit Conspirator 1")
    act(s, "conspire")
    drawn = [s.rules.conspiracies[c].name for c in s.pending[-1][2]]
    mine, theirs = s.observation(0), s.observation(1)
    assert all(x == "?conspiracy" for x in mine["conspiracy_deck"] + theirs["conspiracy_deck"])
    assert set(mine["legal_actions"]) == {f"keep {n}" for n in drawn}
    assert not any(n in names_in(theirs) for n in drawn)
    act(s, f"keep {drawn[0]}")
    act(s, f"return {drawn[1]} to the bottom")
    theirs = s.observation(1)
    history = theirs["history"]
    assert [0, "keep", "?", None] in history and [0, "return", "?", "bottom"] in history
    assert not any(n in names_in(theirs) for n in drawn)
    assert s.observation(0)["deck_knowledge"][0] == [[drawn[1], "bottom"]]
    assert theirs["deck_knowledge"][0] == [["?conspiracy", "bottom"]]


def test_cards_looked_at_secretly_stay_with_the_looker():
    s = position(agora=True, age=2)
    conspiracy(s, 0, "Treason", "prepared")
    conspiracy(s, 1, "Espionage", "prepared")
    act(s, "trigger Treason")
    removed = [s.rules.cards[c].name for a in (1, 2) for c in s.removed[a]]
    seen = s.observation(0)
    assert set(removed) <= set(seen["secret_seen"][0])
    assert all(n in seen["removed"]["1"] + seen["removed"]["2"] for n in removed)
    other = s.observation(1)
    assert other["secret_seen"][0] == []
    assert all(x.startswith("?") for x in other["removed"]["1"] + other["removed"]["2"])


def test_obscurantism_box_choice_is_secret_to_the_opponent():
    s = position(agora=True)
    conspiracy(s, 0, "Obscurantism", "prepared")
    act(s, "trigger Obscurantism")
    boxed = s.rules.progress[s.progress_box[0]].name
    act(s, f"lock {boxed} from the box")
    assert boxed in s.observation(0)["progress_locked"]
    theirs = s.observation(1)
    assert theirs["progress_locked"] == ["?progress"]
    assert boxed not in names_in(theirs)


def test_great_library_draw_is_seen_only_by_its_builder():
    s = position(agora=False, coins=30)
    wonders(s, 0, "The Great Library")
    card = s.rules.cards[s.structure[s.accessible[0]]].name
    act(s, f"wonder The Great Library with {card}")
    drawn = [s.rules.progress[t].name for t in s.pending[-1][2]]
    builder = s.observation(0)
    assert set(builder["legal_actions"]) == {f"library {n}" for n in drawn}
    assert s.observation(1)["pending"][-1] == ["library", 0, ["?progress"] * 3]


def test_observations_never_leak_across_whole_random_games():
    for seed in range(20):
        s = new_game(seed, agora=True)
        rng = random.Random(seed)
        while not s.is_terminal:
            for p in (0, 1):
                obs = s.observation(p)
                opp_hidden = [s.rules.conspiracies[c].name
                              for c, status, _ in s.conspiracies[1 - p] if status != 2]
                mine = {s.rules.conspiracies[c].name for c, _, _ in s.conspiracies[p]}
                text = names_in({k: v for k, v in obs.items() if k != "legal_actions"})
                for name in opp_hidden:
                    if name not in mine and f'"trigger {name}"' not in text:
                        assert f'"{name}"' not in text, (seed, p, name)
            s.apply(rng.choice(s.legal_actions()))
