"""The engine's events are a complete account of the game (game/events.py, docs/engine.md).

Seeded random games in both rule sets. After every action a model of the table is rebuilt
from the state *before* the action plus the events the action returned, and must equal the
state *after* it: coins, the pawn, every card's place (structure slot and face, cities,
Senate, discard, under a Wonder or a Conspiracy, box), Wonders, progress tokens, cubes,
Chamber control, Decrees and the Conspiracy deck. A cause of change left unreported (or an
event that claims a change that did not happen) makes the model differ, and the test fail.

Masking: the other seat never reads a secret name in `events_for`, the seat itself does.
"""

import random

import pytest
from hypothesis import given, settings, strategies as st

from game import load_state, new_game
from game.events import Event, mask

SEEDS = range(40)             # per rule set, plus the hypothesis examples below


# ------------------------------------------------------------------ the table as data

def snapshot(s) -> dict:
    """Everything on the table that events must account for, by component name."""
    r = s.rules
    name = lambda cid: r.cards[cid].name  # noqa: E731
    cards = {}
    for slot, cid in enumerate(s.structure):
        if cid != -1:
            cards[name(cid)] = ("structure", slot)
    for p in (0, 1):
        for cid in s.city[p]:
            cards[name(cid)] = ("city", p)
        for cid in s.senators[p]:
            cards[name(cid)] = ("senate", p)
        for wid, cid in s.built[p].items():
            cards[name(cid)] = ("wonder", p, r.wonders[wid].name)
    for cid in s.discard:
        cards[name(cid)] = ("discard",)
    for age in (1, 2, 3):
        for cid in s.removed[age]:
            cards[name(cid)] = ("box",)
    wonders = {r.wonders[w].name: ("pool",) for w in s.draft_pool}
    wonders.update({r.wonders[w].name: ("out",) for w in s.wonders_out})
    progress = {r.progress[t].name: ("board",) for t in s.progress_board}
    progress.update({r.progress[t].name: ("box",) for t in s.progress_box})
    progress.update({r.progress[t].name: ("locked",) for t in s.progress_locked})
    for p in (0, 1):
        for w in s.wonders[p]:
            wonders[r.wonders[w].name] = ("built" if w in s.built[p] else "owned", p)
        for t in s.progress_owned[p]:
            progress[r.progress[t].name] = ("owned", p)
    snap = {
        "coins": list(s.coins), "pawn": s.pawn, "cards": cards,
        "face_up": {slot for slot, cid in enumerate(s.structure) if cid != -1 and s.face_up[slot]},
        "wonders": wonders, "progress": progress,
    }
    if s.agora:
        for p in (0, 1):
            for c, status, card in s.conspiracies[p]:
                if card != -1:
                    cards[name(card)] = ("conspiracy", p)
        snap["cubes"] = list(s.cubes)
        snap["control"] = list(s.control)
        snap["decrees"] = {r.decrees[d].name: [ch, s.decree_up[d]]
                           for ch in range(6) for d in s.chamber_decrees[ch]}
        snap["conspiracy_deck"] = [r.conspiracies[c].name for c in s.conspiracy_deck]
        snap["conspiracies"] = {r.conspiracies[c].name: (p, status)
                                for p in (0, 1) for c, status, _ in s.conspiracies[p]}
    return snap


def _place(event, side):
    where = event.get(side)
    who = event.get(side + "_player")
    if where == "deck":
        return None
    if where == "structure":
        return ("structure", event.slot)
    if where in ("city", "senate", "conspiracy"):
        return (where, who)
    if where == "wonder":
        return ("wonder", who, event.wonder)
    assert where in ("discard", "box"), event
    return (where,)


# The vocabulary of game/events.py: kind -> (fields always present, fields that may be).
VOCABULARY = {
    "coins": ({"delta", "reason"}, set()),
    "pawn": ({"start", "to", "reason"}, set()),
    "military_token": ({"token", "effect", "reason"}, set()),
    "card": ({"card", "frm", "to", "frm_player", "to_player", "reason"},
             {"slot", "wonder", "face_up", "back", "secret"}),
    "reveal": ({"slot", "card"}, set()),
    "wonder": ({"wonder", "action", "from_player", "reason"}, set()),
    "progress": ({"token", "action", "frm", "reason"}, {"secret"}),
    "cube": ({"chamber", "action", "to", "by", "reason"}, set()),
    "control": ({"chamber", "previous"}, set()),
    "decree": ({"decree", "chamber", "action", "to"}, {"secret"}),
    "conspiracy": ({"conspiracy", "action", "card"}, {"secret"}),
    "seen": ({"cards", "tokens", "reason", "secret"}, set()),
    "science_pair": ({"symbol"}, set()),
    "extra_turn": ({"reason"}, set()),
    "age": ({"age", "chooser"}, set()),
    "turn": (set(), set()),
    "game_over": ({"victory", "scores", "tiebreak"}, set()),
}
REASON_KINDS = {"card", "wonder", "progress", "military", "decree", "conspiracy", "senator",
                "payment", "trade", "discard", "rule"}


def conforms(e):
    """The event uses the documented vocabulary: kind, fields, seat and reason."""
    required, optional = VOCABULARY[e.kind]
    names = set(e.fields)
    assert required <= names <= required | optional, e
    assert e.player in (0, 1, None), e
    reason = e.get("reason")
    assert reason is None or (len(reason) == 2 and reason[0] in REASON_KINDS
                              and isinstance(reason[1], str)), e


WONDER_PLACE = {"offered": "pool", "drafted": "owned", "built": "built", "taken": "owned",
                "boxed": "out", "returned": "out"}


def replay_events(snap, events) -> dict:
    """The table after `events`, starting from `snap`; asserts each event fits the table."""
    m = {k: (dict(v) if isinstance(v, dict) else set(v) if isinstance(v, set)
             else list(v) if isinstance(v, list) else v) for k, v in snap.items()}
    if "decrees" in m:
        m["decrees"] = {k: list(v) for k, v in m["decrees"].items()}
    for e in events:
        assert isinstance(e, Event)
        conforms(e)
        k = e.kind
        if k == "coins":
            assert e.delta != 0 and e.reason is not None, e
            m["coins"][e.player] += e.delta
        elif k == "pawn":
            assert e.start == m["pawn"], (e, m["pawn"])
            m["pawn"] = e.to
        elif k == "card":
            assert m["cards"].get(e.card) == _place(e, "frm"), (e, m["cards"].get(e.card))
            if e.frm == "structure":
                m["face_up"].discard(e.slot)
            new = _place(e, "to")
            m["cards"][e.card] = new
            if e.to == "structure" and e.face_up:
                m["face_up"].add(e.slot)
        elif k == "reveal":
            assert m["cards"].get(e.card) == ("structure", e.slot), e
            m["face_up"].add(e.slot)
        elif k == "wonder":
            if e.action == "offered":
                assert e.wonder not in m["wonders"], e
            elif e.action in ("taken", "returned"):
                assert m["wonders"][e.wonder][1] == e.from_player, e
            place = WONDER_PLACE[e.action]
            m["wonders"][e.wonder] = (place,) if place in ("pool", "out") else (place, e.player)
        elif k == "progress":
            if e.action == "gained":
                assert m["progress"][e.token] == (e.frm,), e
                m["progress"][e.token] = ("owned", e.player)
            elif e.action == "locked":
                expected = ("owned", 1 - e.player) if e.frm == "opponent" else (e.frm,)
                assert m["progress"][e.token] == expected, e
                m["progress"][e.token] = ("locked",)
            elif e.action == "drawn":
                assert m["progress"][e.token] == ("box",), e
        elif k == "cube":
            i = e.chamber * 2 + e.player
            if e.action == "placed":
                m["cubes"][i] += 1
            elif e.action == "removed":
                m["cubes"][i] -= 1
            else:
                m["cubes"][i] -= 1
                m["cubes"][e.to * 2 + e.player] += 1
            assert min(m["cubes"]) >= 0, e
        elif k == "control":
            assert m["control"][e.chamber] == e.previous, e
            m["control"][e.chamber] = e.player
        elif k == "decree":
            entry = m["decrees"][e.decree]
            assert entry[0] == e.chamber, e
            if e.action == "revealed":
                assert not entry[1], e
                entry[1] = True
            else:
                entry[0] = e.to
        elif k == "conspiracy":
            c = e.conspiracy
            if e.action == "drawn":
                assert m["conspiracy_deck"] and m["conspiracy_deck"][0] == c, e
                m["conspiracy_deck"].pop(0)
            elif e.action == "kept":
                m["conspiracies"][c] = (e.player, 0)
            elif e.action == "returned_top":
                m["conspiracy_deck"].insert(0, c)
            elif e.action == "returned_bottom":
                m["conspiracy_deck"].append(c)
            elif e.action == "prepared":
                assert m["conspiracies"][c] == (e.player, 0), e
                m["conspiracies"][c] = (e.player, 1)
            elif e.action == "triggered":
                assert m["conspiracies"][c][0] == e.player and m["conspiracies"][c][1] != 2, e
                m["conspiracies"][c] = (e.player, 2)
    return m


# ------------------------------------------------------------------ the games

def play(seed, agora, check=True):
    s = new_game(seed, agora=agora)
    rng = random.Random(seed * 7 + agora)
    assert s.events, "setup is reported (the Wonders offered, the first structure)"
    for e in s.events:
        conforms(e)
    while not s.is_terminal:
        before = snapshot(s) if check else None
        count = len(s.events)
        action = rng.choice(s.legal_actions())
        events = s.apply(action)
        assert s.events[count:] == events, "apply returns exactly what it added to state.events"
        if check:
            after = snapshot(s)
            model = replay_events(before, events)
            for key in after:
                assert model[key] == after[key], (
                    f"seed {seed} {'Agora' if agora else 'base'}: after '{action}' the events "
                    f"do not account for '{key}'\nevents: {events}")
    overs = [e for e in s.events if e.kind == "game_over"]
    assert len(overs) == 1 and overs[0] == s.events[-1]
    assert overs[0].player == s.result.winner and overs[0].victory == s.result.victory
    return s


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_events_account_for_every_change(agora):
    for seed in SEEDS:
        play(seed, agora)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=1000, max_value=10**9), agora=st.booleans())
def test_events_account_for_every_change_hypothesis(seed, agora):
    play(seed, agora)


def test_every_kind_of_cause_is_exercised():
    """The seeds above really meet the rarer causes (else the property would prove little)."""
    reasons, kinds, actions = set(), set(), set()
    for agora in (False, True):
        for seed in SEEDS:
            s = play(seed, agora, check=False)
            for e in s.events:
                kinds.add(e.kind)
                if e.kind == "coins":
                    reasons.add(e.reason[0])
                if e.kind in ("wonder", "conspiracy", "cube", "decree", "progress"):
                    actions.add((e.kind, e.action))
    assert {"coins", "pawn", "military_token", "card", "reveal", "wonder", "progress", "cube",
            "control", "decree", "conspiracy", "science_pair", "extra_turn", "age", "turn",
            "game_over"} <= kinds
    assert {"card", "wonder", "military", "decree", "payment", "discard"} <= reasons
    assert {("wonder", "boxed"), ("conspiracy", "kept"), ("conspiracy", "triggered"),
            ("decree", "revealed"), ("cube", "moved")} <= actions


def test_a_missing_report_is_caught():
    """The model check fails when one cause of change goes unreported."""
    s = new_game(5, agora=True)
    rng = random.Random(5)
    while True:
        before = snapshot(s)
        events = s.apply(rng.choice(s.legal_actions()))
        if any(e.kind == "coins" for e in events):
            break
    dropped = [e for e in events if e.kind != "coins"]
    with pytest.raises(AssertionError):
        assert replay_events(before, dropped) == snapshot(s) or \
            replay_events(before, dropped)["coins"] == snapshot(s)["coins"]


# ------------------------------------------------------------------ masking

def _names_in(event):
    out = set()
    for value in event.fields.values():
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(v for v in value if isinstance(v, str))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_secrets_stay_with_their_seat(seed):
    s = play(seed, True, check=False)
    r = s.rules
    for seat in (0, 1):
        mine, theirs = s.events_for(seat), s.events_for(1 - seat)
        assert len(mine) == len(s.events)
        for raw, own, other in zip(s.events, mine, theirs):
            secret = raw.get("secret")
            if secret == seat:
                assert own == raw, "a seat reads its own secrets"
                assert other != raw, f"the other seat must not read {raw}"
            if secret == "all":
                assert own != raw and other != raw
        # Names the seat never saw appear nowhere in its account.
        seen = set(s.secret_seen[seat])
        drawn = {e.token for e in s.events if e.kind == "progress" and e.action == "drawn"
                 and e.player == seat}
        hidden = {r.cards[c].name for a in (1, 2, 3) for c in s.removed[a]} - seen
        hidden |= {r.progress[t].name for t in s.progress_box} - seen - drawn
        hidden |= {r.conspiracies[c].name for c, status, _ in s.conspiracies[1 - seat]
                   if status != 2}
        hidden |= {r.decrees[d].name for d, up in enumerate(s.decree_up) if not up}
        hidden |= {a.subject for a in s.history if a.kind == "lock" and a.target == "box"
                   and a.player != seat} - seen
        told = set().union(*(_names_in(e) for e in mine))
        assert not (hidden & told), f"seat {seat} reads secrets: {hidden & told}"


def test_masked_conspiracy_events():
    """Drawing, keeping, returning and preparing are the drawer's secret; triggering is public."""
    found = set()
    for seed in range(40):
        s = play(seed, True, check=False)
        for raw in s.events:
            if raw.kind != "conspiracy":
                continue
            p = raw.player
            assert mask(raw, p).conspiracy == raw.conspiracy
            if raw.action == "triggered":
                assert mask(raw, 1 - p).conspiracy == raw.conspiracy
            else:
                assert mask(raw, 1 - p).conspiracy is None
                assert mask(raw, 1 - p).action == raw.action, "what happened stays visible"
            found.add(raw.action)
    assert {"drawn", "kept", "triggered"} <= found


def test_events_rebuilt_by_replay_and_empty_after_json_load():
    from game.savegame import SavedGame
    s = new_game(3, agora=True, first_player=1)
    rng = random.Random(3)
    saved = SavedGame(seed=3, agora=True, first_player=1)
    for _ in range(30):
        a = rng.choice(s.legal_actions())
        s.apply(a)
        saved.record(s, a)
    assert saved.replay().events == s.events
    loaded = load_state(s.to_json())
    assert loaded.events == [] and loaded.recording
    a = loaded.legal_actions()[0]
    assert loaded.apply(a) == s.clone().apply(a)


def test_search_clones_record_nothing():
    s = new_game(1, agora=True)
    quiet = s.clone(record=False)
    assert quiet.apply(quiet.legal_actions()[0]) == [] and quiet.events == []
    loud = s.clone()
    assert loud.apply(loud.legal_actions()[0]) and loud.events[:len(s.events)] == s.events


# ------------------------------------------------------------------ every Conspiracy

def _conspiracy_table(name, seed):
    """Seat 0 about to trigger `name`, with something for every Conspiracy to act on."""
    from positions import conspiracy, cubes, give, position, tokens, wonders
    s = position(agora=True, seed=seed)
    rules = s.rules
    def first(color, skip=()):
        return next(c.name for c in rules.cards if c.color == color and not c.senator
                    and c.name not in skip and rules.card_id[c.name] not in s.accessible_cards())
    mine = [first("blue"), first("green")]
    give(s, 0, *mine)
    give(s, 1, *[first(color, mine) for color in ("brown", "grey", "blue", "green", "yellow", "red")])
    wonders(s, 1, "The Pyramids", built=("The Colossus",))
    tokens(s, 1, "Law")
    cubes(s, ch1=(2, 1), ch3=(1, 2), ch4=(1, 0))
    conspiracy(s, 0, name, "prepared")
    return s


@pytest.mark.parametrize("seed", range(3))
def test_every_conspiracy_is_accounted_for(seed):
    names = [c.name for c in new_game(0).rules.conspiracies]
    for name in names:
        s = _conspiracy_table(name, seed)
        rng = random.Random(seed)
        first = True
        for _ in range(12):
            if s.is_terminal:
                break
            before = snapshot(s)
            action = s.parse_action(f"trigger {name}") if first else rng.choice(s.legal_actions())
            first = False
            events = s.apply(action)
            model, after = replay_events(before, events), snapshot(s)
            for key in after:
                assert model[key] == after[key], (name, str(action), key, events)


# ------------------------------------------------------------------ stories a player reads

def _events_of(s, text):
    return s.apply(s.parse_action(text))


def test_the_appian_way_tells_who_loses_what_and_why():
    from positions import give, offer, position, wonders
    s = position(agora=False, coins=20)
    give(s, 0, "Clay Pool", "Clay Pit", "Quarry", "Stone Pit", "Press")
    wonders(s, 0, "The Appian Way")
    offer(s, "Baths")
    events = _events_of(s, "wonder The Appian Way with Baths")
    assert [e.kind for e in events[:2]] == ["card", "wonder"]
    assert events[0].to == "wonder" and events[0].wonder == "The Appian Way"
    coins = [(e.player, e.delta, e.reason) for e in events if e.kind == "coins"]
    assert (0, 3, ("wonder", "The Appian Way")) in coins
    assert (1, -3, ("wonder", "The Appian Way")) in coins
    assert any(e.kind == "extra_turn" and e.reason == ("wonder", "The Appian Way") for e in events)


def test_the_seventh_wonder_boxes_the_last_one_with_an_event():
    from positions import give, offer, position, wonders
    s = position(agora=False, coins=30)
    give(s, 0, "Clay Pool", "Clay Pit", "Quarry", "Stone Pit", "Press", "Glassworks",
         "Lumber Yard", "Logging Camp")
    wonders(s, 0, "The Sphinx", built=("The Pyramids", "The Colossus", "The Great Library"))
    wonders(s, 1, "The Mausoleum", built=("Piraeus", "The Temple of Artemis", "The Hanging Gardens"))
    offer(s, "Baths")
    events = _events_of(s, "wonder The Sphinx with Baths")
    boxed = [e for e in events if e.kind == "wonder" and e.action == "boxed"]
    assert [(e.player, e.wonder, e.reason) for e in boxed] == [
        (1, "The Mausoleum", ("rule", "seven_wonders"))]


def test_statue_of_zeus_names_the_victim_and_the_cause():
    from positions import give, offer, position, wonders
    s = position(agora=False, coins=30)
    give(s, 0, "Lumber Yard", "Clay Pool", "Quarry", "Press", "Glassworks")
    give(s, 1, "Stone Pit")
    wonders(s, 0, "The Statue of Zeus")
    offer(s, "Baths")
    _events_of(s, "wonder The Statue of Zeus with Baths")
    (event,) = _events_of(s, "destroy Stone Pit")[:1]
    assert (event.kind, event.player, event.card, event.frm, event.frm_player, event.to,
            event.reason) == ("card", 0, "Stone Pit", "city", 1, "discard",
                              ("wonder", "The Statue of Zeus"))


def test_patronage_coins_name_the_decree():
    from positions import cubes, decree, offer, position
    s = position(agora=True, seed=0)
    decree(s, 3, "Commercial Patronage")
    cubes(s, ch3=(0, 1))
    offer(s, "Tavern")
    events = _events_of(s, "build Tavern")
    assert (1, 1, ("decree", "Commercial Patronage")) in [
        (e.player, e.delta, e.reason) for e in events if e.kind == "coins"]


def test_control_change_reveals_the_decree_in_order():
    from positions import cubes, decree, position
    from game.senate import place
    s = position(agora=True, seed=0)
    decree(s, 4, "Civic Patronage", face_up=False)
    cubes(s, ch4=(1, 1))
    start = len(s.events)
    place(s, 0, 3)
    kinds = [(e.kind, e.get("action")) for e in s.events[start:]]
    assert kinds == [("cube", "placed"), ("control", None), ("decree", "revealed")]
    control, reveal = s.events[start + 1:start + 3]
    assert (control.player, control.chamber, control.previous) == (0, 3, None)
    assert (reveal.decree, reveal.chamber) == ("Civic Patronage", 3)


def test_events_pickle_and_round_trip_as_data():
    import pickle
    s = play(2, True, check=False)
    assert pickle.loads(pickle.dumps(s.events)) == s.events
    assert [Event.from_dict(e.to_dict()) for e in s.events] == s.events
    with pytest.raises(AttributeError):
        s.events[0].kind = "x"


def test_a_move_that_ends_the_game_is_accounted_for():
    """Leaving a Chamber can end the game before the cube arrives; the account still adds up."""
    from positions import cubes, position
    s = position(agora=True, seed=0)
    cubes(s, ch1=(0, 1), ch2=(0, 1), ch3=(0, 1), ch4=(0, 1), ch5=(0, 2), ch6=(1, 1))
    s.pending.append(("may_move", 0))
    s._legal = None
    before = snapshot(s)
    events = _events_of(s, "move Chamber 6 to Chamber 5")
    after = snapshot(s)
    model = replay_events(before, events)
    assert {k: model[k] for k in after} == after
    if s.is_terminal:
        assert events[-1].kind == "game_over"


def test_a_face_down_deal_shows_only_its_back():
    s = new_game(4, agora=True)
    deals = [e for e in s.events if e.kind == "card" and e.frm == "deck"]
    assert len(deals) == len(s.structure)
    for e in deals:
        c = s.rules.cards[s.rules.card_id[e.card]]
        expected = "senator" if c.senator else "guild" if c.guild else "1"
        assert e.back == expected
        for seat in (0, 1):
            seen = mask(e, seat)
            assert (seen.card == e.card) == e.face_up and seen.back == expected
