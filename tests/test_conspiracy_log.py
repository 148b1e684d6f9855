"""The log of every Conspiracy, read by both players: who gave and who received.

Each of the 16 Conspiracies is triggered by seat 0 in a constructed position and its
choices are made; the log lines its events make (ui/table/story.py, masked for the
reader as the game does) are read by
  - seat 0, the player who triggered it ("You took the opponent's Baths"),
  - seat 1, the player it was played against ("Opponent took your Baths"),
  - both people of a hot-seat game, who are named ("Ann took Bob's Baths"),
and, in Korean, exist for both readers with no untranslated line.
"""
import re

import pytest

from positions import act, board_tokens, conspiracy, cubes, give, offer, tokens, wonders
from test_agora_conspiracies import _top_row, agora
from ui.text import i18n
from ui.table.story import mask_for, story

HANGUL = re.compile("[\uac00-\ud7a3]")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _sabotage(s):
    wonders(s, 1, built=("Knossos",))
    return {"card": s.rules.cards[s.built[1][s.rules.wonder_id["Knossos"]]].name}


def _turn_of_events(s):
    offer(s, "Scriptorium")


# name -> (set-up, the choices made after the trigger, the lines read by seat 0 / seat 1 /
# a hot-seat game of Ann (seat 0) and Bob (seat 1)); "{card}" is filled from the set-up.
CASES = {
    "Extortion": (lambda s: wonders(s, 1, "The Pyramids"), ["take The Pyramids"], (
        ["You triggered Extortion!", "You took the opponent's The Pyramids (Extortion)."],
        ["Opponent triggered Extortion!", "Opponent took your The Pyramids (Extortion)."],
        ["Ann triggered Extortion!", "Ann took Bob's The Pyramids (Extortion)."])),
    "Blackmail": (None, [], (
        ["You triggered Blackmail!", "You took 4 coins from the opponent (Blackmail)."],
        ["Opponent triggered Blackmail!", "Opponent took 4 coins from you (Blackmail)."],
        ["Ann triggered Blackmail!", "Ann took 4 coins from Bob (Blackmail)."])),
    "Expropriation": (lambda s: give(s, 1, "Altar"), ["destroy Altar"], (
        ["You triggered Expropriation!", "You destroyed the opponent's Altar (Expropriation)."],
        ["Opponent triggered Expropriation!", "Opponent destroyed your Altar (Expropriation)."],
        ["Ann triggered Expropriation!", "Ann destroyed Bob's Altar (Expropriation)."])),
    "Swindle": (lambda s: give(s, 1, "Tavern"), ["destroy Tavern"], (
        ["You triggered Swindle!", "You destroyed the opponent's Tavern (Swindle)."],
        ["Opponent triggered Swindle!", "Opponent destroyed your Tavern (Swindle)."],
        ["Ann triggered Swindle!", "Ann destroyed Bob's Tavern (Swindle)."])),
    "Obscurantism": (lambda s: tokens(s, 1, "Economy"), ["lock Economy from the opponent"], (
        ["You triggered Obscurantism!", "You locked away the opponent's Economy (Obscurantism)."],
        ["Opponent triggered Obscurantism!", "Opponent locked away your Economy (Obscurantism)."],
        ["Ann triggered Obscurantism!", "Ann locked away Bob's Economy (Obscurantism)."])),
    "Coup": (None, [], (
        ["You triggered Coup!", "You pushed the Conflict pawn 2 spaces toward the opponent's capital (Coup)."],
        ["Opponent triggered Coup!", "Opponent pushed the Conflict pawn 2 spaces toward your capital (Coup)."],
        ["Ann triggered Coup!", "Ann pushed the Conflict pawn 2 spaces toward Bob's capital (Coup)."])),
    "Property Fraud": (lambda s: _top_row(s, "Conspirator 4", "Theater", "Stone Reserve"), ["build Theater"], (
        ["You triggered Property Fraud!", "You built Theater for free (Property Fraud)."],
        ["Opponent triggered Property Fraud!", "Opponent built Theater for free (Property Fraud)."],
        ["Ann triggered Property Fraud!", "Ann built Theater for free (Property Fraud)."])),
    "Treason": (lambda s: s.removed.update({1: [s.rules.card_id["Tavern"]]}), ["build Tavern"], (
        ["You triggered Treason!", "You built Tavern from the box (Treason).", "You gained 4 coins (Tavern)."],
        ["Opponent triggered Treason!", "Opponent built Tavern from the box (Treason).",
         "Opponent gained 4 coins (Tavern)."],
        ["Ann triggered Treason!", "Ann built Tavern from the box (Treason).", "Ann gained 4 coins (Tavern)."])),
    "Political Maneuver": (lambda s: cubes(s, ch2=(0, 1)),
                           ["place in Chamber 1", "remove from Chamber 2", "move none"], (
        ["You triggered Political Maneuver!", "You placed a cube in Chamber 1.", "Chamber 1 is now yours.",
         "You removed the opponent's cube from Chamber 2.",
         "Chamber 2 is no longer the opponent's: nobody controls it."],
        ["Opponent triggered Political Maneuver!", "Opponent placed a cube in Chamber 1.",
         "Chamber 1 is now the opponent's.", "Opponent removed your cube from Chamber 2.",
         "Chamber 2 is no longer yours: nobody controls it."],
        ["Ann triggered Political Maneuver!", "Ann placed a cube in Chamber 1.", "Chamber 1 is now Ann's.",
         "Ann removed Bob's cube from Chamber 2.", "Chamber 2 is no longer Bob's: nobody controls it."])),
    "Espionage": (lambda s: board_tokens(s, "Law", "Economy", "Strategy", "Theology", "Urbanism"),
                  ["progress Agriculture"], (
        ["You triggered Espionage!", "You took the progress token Agriculture from the box.",
         "You gained 6 coins (Agriculture)."],
        ["Opponent triggered Espionage!", "Opponent took the progress token Agriculture from the box.",
         "Opponent gained 6 coins (Agriculture)."],
        ["Ann triggered Espionage!", "Ann took the progress token Agriculture from the box.",
         "Ann gained 6 coins (Agriculture)."])),
    "Turn of Events": (_turn_of_events, ["scrap Scriptorium", "scrap none"], (
        ["You triggered Turn of Events!", "You discarded Scriptorium from the structure (Turn of Events)."],
        ["Opponent triggered Turn of Events!",
         "Opponent discarded Scriptorium from the structure (Turn of Events)."],
        ["Ann triggered Turn of Events!", "Ann discarded Scriptorium from the structure (Turn of Events)."])),
    "Embezzlement": (lambda s: cubes(s, ch2=(2, 1)), [], (
        ["You triggered Embezzlement!", "You gained 2 coins (Embezzlement).",
         "Embezzlement: the opponent lost 1 coin."],
        ["Opponent triggered Embezzlement!", "Opponent gained 2 coins (Embezzlement).",
         "Embezzlement: you lost 1 coin."],
        ["Ann triggered Embezzlement!", "Ann gained 2 coins (Embezzlement).", "Embezzlement: Bob lost 1 coin."])),
    "Foreclosure": (lambda s: give(s, 1, "Lumber Yard"), ["take Lumber Yard"], (
        ["You triggered Foreclosure!", "You took the opponent's Lumber Yard (Foreclosure)."],
        ["Opponent triggered Foreclosure!", "Opponent took your Lumber Yard (Foreclosure)."],
        ["Ann triggered Foreclosure!", "Ann took Bob's Lumber Yard (Foreclosure)."])),
    "Coercion": (lambda s: (give(s, 0, "Altar"), give(s, 1, "Baths")), ["take Baths and give Altar"], (
        ["You triggered Coercion!", "You took the opponent's Baths (Coercion).",
         "Opponent now has your Altar (Coercion)."],
        ["Opponent triggered Coercion!", "Opponent took your Baths (Coercion).",
         "You now have the opponent's Altar (Coercion)."],
        ["Ann triggered Coercion!", "Ann took Bob's Baths (Coercion).", "Bob now has Ann's Altar (Coercion)."])),
    "Insider Influence": (None, ["move the Decree of Chamber 2 to Chamber 3"], (
        ["You triggered Insider Influence!", "A hidden Decree moved from Chamber 2 to Chamber 3."],
        ["Opponent triggered Insider Influence!", "A hidden Decree moved from Chamber 2 to Chamber 3."],
        ["Ann triggered Insider Influence!", "A hidden Decree moved from Chamber 2 to Chamber 3."])),
    "Sabotage": (_sabotage, ["sabotage Knossos"], (
        ["You triggered Sabotage!", "You returned the opponent's Knossos to the box; "
         "{card}, which was under it, goes to the discard pile (Sabotage)."],
        ["Opponent triggered Sabotage!", "Opponent returned your Knossos to the box; "
         "{card}, which was under it, goes to the discard pile (Sabotage)."],
        ["Ann triggered Sabotage!", "Ann returned Bob's Knossos to the box; "
         "{card}, which was under it, goes to the discard pile (Sabotage)."])),
}

# (the seat addressed as "you", the two seats' names) as the game window makes them:
# against the computer the human is "you"; in a hot-seat game both people are named.
READERS = {"seat 0": (0, None), "seat 1": (1, None), "hot-seat": (None, ["Ann", "Bob"])}


def names_for(you, names):
    if names is not None:
        return names
    me, other = i18n.t("who.you"), i18n.t("who.opponent")
    return [me, other] if you == 0 else [other, me]


def play(name):
    """Seat 0 triggers `name` and makes its choices: (the events, the rules, the set-up's facts)."""
    setup, choices, _ = CASES[name]
    s = agora()
    facts = setup(s) if setup else None
    facts = facts if isinstance(facts, dict) else {}
    start = len(s.events)
    conspiracy(s, 0, name, "prepared")
    act(s, f"trigger {name}")
    for choice in choices:
        act(s, choice)
    assert s.decision == "turn" and s.current_player == 0       # back to the card action
    return s.events[start:], s.rules, facts


def read(events, rules, reader):
    you, names = READERS[reader]
    seat = you if you is not None else None
    return [line for _, line in story(mask_for(events, seat), rules, you, names_for(you, names))]


def test_every_conspiracy_has_a_case():
    rules = agora().rules
    assert sorted(CASES) == sorted(c.name for c in rules.conspiracies)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("reader", list(READERS))
def test_the_log_names_giver_and_receiver_for_each_reader(name, reader):
    events, rules, facts = play(name)
    expected = [line.format(**facts) for line in CASES[name][2][list(READERS).index(reader)]]
    assert read(events, rules, reader) == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_korean_lines_exist_for_both_readers(name):
    events, rules, _ = play(name)
    english = {reader: read(events, rules, reader) for reader in READERS}
    i18n.set_language("ko")
    for reader in READERS:
        lines = read(events, rules, reader)
        assert len(lines) == len(english[reader])
        for line, en in zip(lines, english[reader]):
            assert HANGUL.search(line) and line != en, line
            assert "events." not in line and "{" not in line, line


def test_coercion_read_in_korean_names_the_receiver():
    events, rules, _ = play("Coercion")
    i18n.set_language("ko")
    assert read(events, rules, "seat 0")[2] == "상대: 이제 나의 제단을 가지게 되었습니다 (강압)."
    assert read(events, rules, "seat 1")[2] == "나: 이제 상대의 제단을 가지게 되었습니다 (강압)."


def test_blackmail_read_in_korean_names_who_paid():
    events, rules, _ = play("Blackmail")
    i18n.set_language("ko")
    assert read(events, rules, "seat 0")[1] == "나: 상대에게서 주화 4개를 가져왔습니다 (협박)."
    assert read(events, rules, "seat 1")[1] == "상대: 나에게서 주화 4개를 가져왔습니다 (협박)."


def test_a_token_locked_from_the_box_stays_secret_from_the_opponent():
    s = agora()
    conspiracy(s, 0, "Obscurantism", "prepared")
    start = len(s.events)
    act(s, "trigger Obscurantism")
    act(s, "lock Strategy from the box")
    events = s.events[start:]
    assert read(events, s.rules, "seat 0")[1] == "You locked away Strategy from the box (Obscurantism)."
    assert read(events, s.rules, "seat 1")[1] == "Opponent locked away a progress token from the box (Obscurantism)."


def test_a_named_decree_moved_by_insider_influence():
    s = agora()
    conspiracy(s, 0, "Insider Influence", "prepared")
    start = len(s.events)
    act(s, "trigger Insider Influence")
    act(s, "move the Decree of Chamber 1 to Chamber 2")
    lines = read(s.events[start:], s.rules, "seat 1")
    assert lines[1] == "The Decree Scientific Patronage moved from Chamber 1 to Chamber 2."
