"""Events: the engine's one account of what happened.

`State.apply(action)` returns the events the action caused, in the order they happened;
`State.events` holds every event of the game so far. The log, the animations, the sounds,
the hand-over news, the replay and the statistics all read these records; nothing in the
window reconstructs a story by comparing two states.

An Event is an immutable record: `kind`, `player` (the seat concerned, or None) and named
fields read as attributes (`event.delta`) or with `event.get(name, default)`. Components
are named by their canonical English names (the same names actions use); a name a seat may
not know is None in that seat's view (`State.events_for(seat)`).

A *reason* says why something happened: a pair `(kind, name)`, kind one of
  'card'        a Building's effect (name: the card)
  'wonder'      a Wonder's effect (name: the Wonder)
  'progress'    a progress token's effect (name: the token)
  'military'    a military token on the track (name: the token's name in data/cards.yaml,
                e.g. 'Base 5-Coin Token (seat 1 half)')
  'decree'      a Decree (name: the Decree)
  'conspiracy'  a Conspiracy's effect (name: the Conspiracy)
  'senator'     a Senator's effect (name: the Senator)
  'payment'     paying for a construction or recruitment (name: the card, Senator or Wonder)
  'trade'       the opponent's trade payment received under Economy (name: what was bought)
  'discard'     discarding a card for coins (name: the card)
  'rule'        a rule of the game itself (name: 'seven_wonders', 'chain', 'game_over')
A reason may be None where nothing but the action itself caused the change.

Event kinds and their fields (see docs/engine.md for the full table):
  coins          player, delta (signed, never 0), reason
  pawn           player (who pushed), start, to, reason
  military_token player (who took it), token, effect ('+'-joined effect kinds, e.g.
                 'opponent_loses_coins'), reason (what pushed the pawn)
  card           player (acting seat), card, frm, to, frm_player, to_player, slot, wonder,
                 face_up and back ('1'-'3', 'guild', 'senator': deals only), reason, secret
                 places: 'deck', 'structure', 'city', 'senate', 'discard', 'wonder'
                 (tucked under `wonder`), 'conspiracy' (tucked under a Conspiracy),
                 'box' (out of the game: removed at setup or by a rule)
  reveal         player None, slot, card (a structure card turned face up)
  wonder         player, wonder, action ('offered', 'drafted', 'built', 'boxed', 'taken',
                 'returned'), from_player, reason
  progress       player, token, action ('gained', 'declined', 'locked', 'drawn',
                 'returned'), frm ('board', 'box', 'opponent', 'library'), reason, secret
  cube           player (whose cube), chamber (0-5), action ('placed', 'removed',
                 'moved'), to (destination for 'moved'), by (acting seat), reason
  control        player (new controller or None), chamber, previous
  decree         player None, decree, chamber, action ('revealed', 'moved'), to, secret
  conspiracy     player, conspiracy, action ('drawn', 'kept', 'returned_top',
                 'returned_bottom', 'prepared', 'triggered'), card, secret
  seen           player, cards, tokens (tuples of names looked at secretly), reason, secret
  science_pair   player, symbol
  extra_turn     player, reason
  age            player (who starts it), age, chooser (who chose, None for Age I)
  turn           player (whose turn begins)
  game_over      player (winner or None), victory ('military', 'science', 'political',
                 'civilian'; 'concession', 'forfeit', 'time': the other seat
                 conceded, was away too long, ran out of time), scores (two
                 score-sheet dicts), tiebreak

Secrets: `secret` is absent/None for a public event, a seat (0/1) when only that seat may
read the hidden names, 'all' when neither may (a face-down card or Decree). `mask(event,
seat)` blanks the names listed in SECRET_FIELDS for a seat that may not read them.

Interning: many events recur from game to game (a turn, a Wonder offered, a cube placed),
and an Event never changes, so the engine builds each distinct one once per rule set and
appends the same object to every game that reports it. The engine reports such an event
as a key, `State.record((form, player, *values))`: FORMS gives the form's kind and its
fields in order; the key finds the Event built the first time (`memo_for`). The commonest
ones (cards dealt, taken and revealed, coins) are built afresh in place, cheaper than a
first-time interned one (see TAKEN_FIELDS); events with a dict among their fields (the
score sheets) or seldom seen are built each time too (`State.emit`).
"""
from __future__ import annotations

import weakref
from operator import attrgetter


class Event:
    """One change of the game. Immutable (`kind`, `player` and the fields are read-only);
    compare, hash and print like a value."""

    # The engine makes hundreds of these per game: plain slots set once (no __setattr__
    # hook, which made building one several times dearer), read through properties. The
    # fields are two tuples, their names (one tuple shared by every event of a form) and
    # their values: a tuple costs a third of a dict to build, and the garbage collector
    # stops tracking one that holds no containers.
    __slots__ = ("_kind", "_player", "_names", "_values")

    def __init__(self, kind: str, player: int | None = None, **fields) -> None:
        self._kind = kind
        self._player = player
        self._names = tuple(fields)
        self._values = tuple(fields.values())

    kind = property(attrgetter("_kind"))
    player = property(attrgetter("_player"))

    def __getattr__(self, name):
        if name.startswith("_"):             # a slot not set yet: never a field
            raise AttributeError(name)
        names = self._names
        if name in names:
            return self._values[names.index(name)]
        raise AttributeError(f"event '{self._kind}' has no field '{name}'")

    def get(self, name, default=None):
        names = self._names
        return self._values[names.index(name)] if name in names else default

    @property
    def fields(self) -> dict:
        return dict(zip(self._names, self._values))

    def replace(self, **changes) -> "Event":
        """A copy with some fields changed (used to mask secrets for a seat)."""
        fields = self.fields
        player = changes.pop("player", self._player)
        fields.update(changes)
        return new_event(self._kind, player, fields)

    def to_dict(self) -> dict:
        return {"kind": self._kind, "player": self._player, **self.fields}

    @classmethod
    def from_dict(cls, data: dict) -> "Event":
        data = dict(data)
        return cls(data.pop("kind"), data.pop("player", None), **data)

    def __eq__(self, other):
        if not (isinstance(other, Event) and self._kind == other._kind
                and self._player == other._player):
            return False
        if self._names == other._names:
            return self._values == other._values
        return self.fields == other.fields       # the same fields in another order

    def __hash__(self):
        return hash((self._kind, self._player, repr(sorted(self.fields.items()))))

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.fields.items()))
        return f"Event({self._kind!r}, player={self._player!r}{', ' if inner else ''}{inner})"

    def __reduce__(self):
        # Picklable for the AI worker's pipe.
        return (_rebuild, (self._kind, self._player, self.fields))


_new = object.__new__


def new_event(kind: str, player, fields: dict) -> Event:
    """An Event with these fields, without the keyword handling of Event(...)."""
    event = _new(Event)
    event._kind = kind
    event._player = player
    event._names = tuple(fields)
    event._values = tuple(fields.values())
    return event


def _rebuild(kind, player, fields):
    return new_event(kind, player, fields)


# The fields that name a hidden component, per kind; `secret` says who may read them:
# absent/None: both seats; 0 or 1: only that seat; 'all': neither (a face-down card or Decree).
SECRET_FIELDS = {
    "card": ("card",),
    "progress": ("token",),
    "conspiracy": ("conspiracy",),
    "decree": ("decree",),
    "seen": ("cards", "tokens"),
}


def mask(event: Event, seat: int) -> Event:
    """The event as `seat` may know it: hidden names become None (tuples keep their length)."""
    secret = event.get("secret")
    if secret is None or secret == seat:
        return event
    hidden = {}
    for name in SECRET_FIELDS.get(event.kind, ()):
        value = event.get(name)
        hidden[name] = (None,) * len(value) if isinstance(value, tuple) else None
    return event.replace(**hidden)


# form -> (kind, field names in order). A 'reason' value may be given as an effect source
# (kind, id) and a 'card' value as a card id: the Event holds their names.
FORMS = {
    "wonder": ("wonder", ("wonder", "action", "from_player", "reason")),
    "pawn": ("pawn", ("start", "to", "reason")),
    "military_token": ("military_token", ("token", "effect", "reason")),
    "cube": ("cube", ("chamber", "action", "to", "by", "reason")),
    "control": ("control", ("chamber", "previous")),
    "age": ("age", ("age", "chooser")),
    "extra_turn": ("extra_turn", ("reason",)),
    "science_pair": ("science_pair", ("symbol",)),
    "progress": ("progress", ("token", "action", "frm", "reason")),
    "progress_secret": ("progress", ("token", "action", "frm", "reason", "secret")),
    "decree": ("decree", ("decree", "chamber", "action", "to")),
    "decree_secret": ("decree", ("decree", "chamber", "action", "to", "secret")),
    "conspiracy": ("conspiracy", ("conspiracy", "action", "card")),
    "conspiracy_secret": ("conspiracy", ("conspiracy", "action", "card", "secret")),
}



def _builder(kind, names):
    """A function (state, key) -> the key's Event, compiled once per form: the values in
    one tuple display, the card name and the reason looked up in place, the Event's slots
    set directly. A first-time event is the recorded path's dearest step (a generic loop
    over the names, or a call per field, cost more than the Event itself)."""
    lines = ["def build(s, k):",
             "    e = _new(Event)",
             f"    e._kind = {kind!r}",
             "    e._player = k[1]",
             "    e._names = NAMES"]
    values = []
    for i, name in enumerate(names, 2):
        if name == "reason":
            # s.reason(source), its memo read here: most sources were seen before.
            lines += [f"    r = k[{i}]",
                      "    if r is not None:",
                      "        r = s._reasons.get(r) or s.reason(r)"]
            values.append("r")
        elif name == "card":
            # s.card_name(card): an id becomes its name; names and None pass through.
            lines += [f"    c = k[{i}]",
                      "    if c.__class__ is int:",
                      "        c = s.rules.cards[c].name"]
            values.append("c")
        else:
            values.append(f"k[{i}]")
    lines += [f"    e._values = ({', '.join(values)},)",
              "    return e"]
    scope = {"_new": _new, "Event": Event, "NAMES": tuple(names)}
    exec("\n".join(lines), scope)
    return scope["build"]


BUILDERS = {form: _builder(kind, names) for form, (kind, names) in FORMS.items()}

# The events a game reports most are built afresh each time, in place (State.deal_age,
# card_from_structure, reveal, coins_changed): their keys (a card and its slot, a sum and
# its reason) seldom recur within a process's first hundred games, and a first-time
# interned event costs about twice a fresh one. Their fields:
TAKEN_FIELDS = ("card", "frm", "to", "frm_player", "to_player", "reason", "slot")
TAKEN_WONDER_FIELDS = TAKEN_FIELDS + ("wonder",)     # a card put under a Wonder
DEAL_FIELDS = ("card", "frm", "to", "frm_player", "to_player", "reason", "slot", "face_up", "back",
               "secret")
REVEAL_FIELDS = ("slot", "card")
COINS_FIELDS = ("delta", "reason")

# A turn begins: the same two events in every game of every rule set.
TURN_EVENTS = (Event("turn", 0), Event("turn", 1))


# Interned events and reasons per rule set (the Rules object): component ids mean different
# names in another rule set, so nothing is shared between rule sets.
_MEMOS = weakref.WeakKeyDictionary()
MEMO_LIMIT = 50_000           # distinct events kept per rule set; forgotten all at once beyond


def memo_for(rules) -> tuple:
    """(events by key, reasons by effect source) shared by every game of `rules`."""
    memo = _MEMOS.get(rules)
    if memo is None:
        memo = _MEMOS[rules] = ({}, {})
    return memo

