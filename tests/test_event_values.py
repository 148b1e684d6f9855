"""Cheaper events read exactly as before (game/events.py: the fields are kept as a values
tuple beside a names tuple shared per form, and the commonest card events are built in
place rather than through `Event(**fields)`).

Whatever way the engine built an event, it must read, compare, hash, copy, mask and travel
like the same event written out by hand: the log, the replay, the saves and the wire only
use that public face. Checked over every event of seeded random games in both rule sets.
"""

import json
import pickle
import random

import pytest

from game import new_game
from game.events import Event, mask
from game.setup import _shuffle


def played(seed, agora):
    rng = random.Random(seed)
    s = new_game(seed, agora=agora)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    return s


def by_hand(event):
    """The same event built the slow, obvious way: keywords, in the order to_dict gives."""
    data = event.to_dict()
    return Event(data.pop("kind"), data.pop("player"), **data)


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_engine_events_read_like_events_written_by_hand(agora):
    for seed in range(4):
        for e in played(seed, agora).events:
            twin = by_hand(e)
            assert e == twin and twin == e and hash(e) == hash(twin)
            assert repr(e) == repr(twin)
            assert list(e.fields) == list(twin.fields) == list(e.to_dict())[2:]
            assert e.fields == twin.fields
            for name, value in e.fields.items():
                assert getattr(e, name) == value and e.get(name) == value
            assert e.get("no_such_field", "absent") == "absent"
            with pytest.raises(AttributeError):
                e.no_such_field
            copy = pickle.loads(pickle.dumps(e))
            assert copy == e and repr(copy) == repr(e)
            assert Event.from_dict(json.loads(json.dumps(e.to_dict()))) == by_hand(
                Event.from_dict(json.loads(json.dumps(e.to_dict()))))
            for seat in (0, 1):
                assert mask(e, seat) == mask(twin, seat)


def test_fields_in_another_order_still_compare_equal():
    a = Event("coins", 0, delta=3, reason=("card", "Tavern"))
    b = Event("coins", 0, reason=("card", "Tavern"), delta=3)
    assert a == b and hash(a) == hash(b)
    assert a != Event("coins", 0, delta=3, reason=None)
    assert a != Event("coins", 1, delta=3, reason=("card", "Tavern"))
    # True is not 1 where the account shows it (repr and JSON), even if == says so.
    assert repr(Event("card", None, face_up=True)) != repr(Event("card", None, face_up=1))


def test_a_changed_copy_leaves_the_shared_event_alone():
    s = played(7, True)
    e = next(e for e in s.events if e.kind == "card" and e.get("secret") == "all")
    before = e.to_dict()
    hidden = mask(e, 0)
    assert hidden.card is None and e.card is not None
    e.fields["card"] = "changed"                # a copy: the event itself cannot change
    assert e.to_dict() == before


def test_the_setup_shuffle_keeps_its_order():
    # Saved games replay from their seed: the shuffle must order the items as sorting
    # (random key, item) pairs always did.
    for seed in range(300):
        n = seed % 90 + 1
        rng = random.Random(seed)
        items = [f"item {i}" for i in range(n)]
        _shuffle(rng, items)
        again = random.Random(seed)
        keys = [again.random() for _ in range(n)]
        assert items == [item for _, item in sorted(zip(keys, [f"item {i}" for i in range(n)]))]
