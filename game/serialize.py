"""State <-> JSON (format `agora-duel-state`, version 1; see docs/engine.md).

Components are written by name, so a save stays readable and survives reordering of
`data/cards.yaml`. Pending steps are written as lists whose arguments are typed by the
table STEP_ARGS below. `encode` is also the basis of `observation()`, which masks what a
player may not know.
"""

import json
from types import MappingProxyType

from .actions import Action
from .rng import Rng
from .rules import rules_for
from .state import State

FORMAT = "agora-duel-state"
VERSION = 1


class SaveError(ValueError):
    """A state text that cannot be loaded (wrong format, version, or content)."""


# How each pending step's arguments (after kind and player) are written.
# 'card', 'wonder', 'progress', 'conspiracy': one id written by name; '...s': a list of them;
# 'value': a plain JSON value (int, str, bool, list of str); 'fx': effect kind, argument, source.
STEP_ARGS = {
    "turn": ("value",), "draft": (), "start": (), "progress": (), "library": ("progresses",),
    "destroy": ("value",), "mausoleum": (), "end_turn": (), "draft_next": (),
    "construction_done": (), "fx": ("value", "arg", "source"), "recruit": ("card", "value"),
    "senate": ("value", "value"), "conspirator": (), "keep": ("conspiracies",),
    "return": ("conspiracy",), "place": (), "remove": (), "may_move": (),
    "trigger_unprepared": (), "after_trigger": (), "extort": (),
    "lock": (), "top_row": (), "treason": (), "espionage": (), "scrap": ("value", "value"),
    "foreclose": ("values",), "coerce": ("values",), "move_decree": (), "sabotage": (),
}

SOURCE_SPACES = {"card": "cards", "wonder": "wonders", "draft": "wonders",
                 "progress": "progress", "military": "military_tokens",
                 "conspiracy": "conspiracies", "decree": "decrees"}


def _thaw(value):
    if isinstance(value, (MappingProxyType, dict)):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_thaw(v) for v in value]
    return value


def _freeze(value):
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class _Names:
    """id <-> name for every kind of component of one rule set."""

    def __init__(self, rules):
        self.rules = rules
        self.lists = {
            "cards": [c.name for c in rules.cards],
            "wonders": [w.name for w in rules.wonders],
            "progress": [t.name for t in rules.progress],
            "military_tokens": [t.name for t in rules.military_tokens],
            "decrees": [d.name for d in rules.decrees],
            "conspiracies": [c.name for c in rules.conspiracies],
        }
        self.ids = {space: {n: i for i, n in enumerate(names)} for space, names in self.lists.items()}

    _made: dict = {}            # id(rules) -> _Names: a rule set's names never change

    @classmethod
    def of(cls, rules) -> "_Names":
        """The names of a rule set, built once (an online server encodes two observations a move)."""
        made = cls._made.get(id(rules))
        if made is None or made.rules is not rules:
            if len(cls._made) > 16:
                cls._made.clear()
            made = cls._made[id(rules)] = cls(rules)
        return made

    def name(self, space, ident):
        return None if ident is None or ident == -1 else self.lists[space][ident]

    def names(self, space, idents):
        names = self.lists[space]
        return [None if i is None or i == -1 else names[i] for i in idents]

    def ident(self, space, name):
        if name is None:
            return -1
        try:
            return self.ids[space][name]
        except KeyError:
            raise SaveError(f"unknown {space[:-1] if space.endswith('s') else space} '{name}'") from None

    def idents(self, space, names):
        return [self.ident(space, n) for n in names]


_ARG_SPACE = {"card": "cards", "progress": "progress", "conspiracy": "conspiracies",
              "progresses": "progress", "conspiracies": "conspiracies"}


def _encode_step(n, step):
    kind = step[0]
    out = [kind, step[1]]
    for spec, value in zip(STEP_ARGS[kind], step[2:]):
        if spec in ("value", "values"):
            out.append(list(value) if isinstance(value, tuple) else value)
        elif spec == "arg":
            out.append(_thaw(value))
        elif spec == "source":
            space = SOURCE_SPACES[value[0]]
            out.append([value[0], n.name(space, value[1])])
        elif spec.endswith("s"):
            out.append(n.names(_ARG_SPACE[spec], value))
        else:
            out.append(n.name(_ARG_SPACE[spec], value))
    return out


def _decode_step(n, raw):
    if not isinstance(raw, list) or len(raw) < 2 or raw[0] not in STEP_ARGS:
        raise SaveError(f"bad pending step {raw!r}")
    kind, player = raw[0], raw[1]
    specs = STEP_ARGS[kind]
    if len(raw) != 2 + len(specs):
        raise SaveError(f"pending step '{kind}' has {len(raw) - 2} arguments, expected {len(specs)}")
    out = [kind, player]
    for spec, value in zip(specs, raw[2:]):
        if spec == "value":
            out.append(value)
        elif spec == "values":
            out.append(tuple(value))
        elif spec == "arg":
            out.append(_freeze(value))
        elif spec == "source":
            space = SOURCE_SPACES.get(value[0])
            if space is None:
                raise SaveError(f"bad effect source {value!r}")
            out.append((value[0], None if value[1] is None else n.ident(space, value[1])))
        elif spec.endswith("s"):
            out.append(tuple(n.idents(_ARG_SPACE[spec], value)))
        else:
            out.append(n.ident(_ARG_SPACE[spec], value))
    return tuple(out)


def encode(s) -> dict:
    """The whole state as JSON-ready data (names, not ids)."""
    n = _Names.of(s.rules)
    cards = lambda ids: n.names("cards", ids)  # noqa: E731
    d = {
        "format": FORMAT, "version": VERSION,
        "agora": s.agora, "rng": s.rng.state,
        "first_player": s.first_player, "age": s.age, "phase": s.phase,
        "coins": list(s.coins), "pawn": s.pawn,
        "military_tokens": n.names("military_tokens", s.military_tokens),
        "city": [cards(c) for c in s.city],
        "senators": [cards(c) for c in s.senators],
        "wonders": [n.names("wonders", w) for w in s.wonders],
        "built": [{n.name("wonders", w): n.name("cards", c) for w, c in b.items()} for b in s.built],
        "wonders_out": n.names("wonders", s.wonders_out),
        "draft_pool": n.names("wonders", s.draft_pool),
        "draft_deck": n.names("wonders", s.draft_deck),
        "draft_pick": s.draft_pick,
        "progress_board": n.names("progress", s.progress_board),
        "progress_box": n.names("progress", s.progress_box),
        "progress_owned": [n.names("progress", t) for t in s.progress_owned],
        "progress_locked": n.names("progress", s.progress_locked),
        "decks": {str(a): cards(s.decks[a]) for a in (1, 2, 3)},
        "removed": {str(a): cards(s.removed[a]) for a in (1, 2, 3)},
        "structure": cards(s.structure),
        "face_up": list(s.face_up),
        "accessible": list(s.accessible),
        "reveal_pending": list(s.reveal_pending),
        "discard": cards(s.discard),
        "extra_turn": s.extra_turn,
        "last_player": s.last_player,
        "deferred_tokens": [[p, n.name("military_tokens", t)] for p, t in s.deferred_tokens],
        "pending": [_encode_step(n, step) for step in s.pending],
        "history": [list(a) for a in s.history],
        "result": s.result.to_dict() if s.result else None,
    }
    if s.agora:
        d.update({
            "cubes": [[s.cubes[ch * 2], s.cubes[ch * 2 + 1]] for ch in range(6)],
            "chamber_decrees": [n.names("decrees", ds) for ds in s.chamber_decrees],
            "decrees_face_up": [n.name("decrees", i) for i, up in enumerate(s.decree_up) if up],
            "conspiracy_deck": n.names("conspiracies", s.conspiracy_deck),
            "conspiracies": [[{"name": n.name("conspiracies", c), "status": st,
                               "card": n.name("cards", card)} for c, st, card in s.conspiracies[p]]
                             for p in (0, 1)],
            "deck_knowledge": [[[n.name("conspiracies", c), pos] for c, pos in k]
                               for k in s.deck_knowledge],
            "secret_seen": [list(x) for x in s.secret_seen],
        })
    return d


def dumps(s) -> str:
    return json.dumps(encode(s), ensure_ascii=False, separators=(",", ":"))


def decode(d: dict, check: bool = False, record: bool = True) -> State:
    """Rebuild a State from `encode`'s data; raises SaveError with a clear message.

    `check=True` (what `loads` and `game.load_state` do) also runs the engine's invariant
    checks (game.invariants) and refuses an impossible position, naming what is wrong.
    The AI's determinizer decodes its own samples without them (hot path).
    Events are not part of the data: the state's account starts empty here and records
    from now on (record=False: never, for the AI's search states).
    """
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError("not an Agora Duel game state")
    if d.get("version") != VERSION:
        raise SaveError(f"state version {d.get('version')!r} is not supported (this build reads {VERSION})")
    try:
        s = _decode(d, check)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveError(f"damaged game state ({type(exc).__name__}: {exc})") from None
    s.recording = record
    s.events = []           # what _advance reported while rebuilding is not news
    return s


def _decode(d, check=False):
    from .scoring import Result
    from . import setup  # noqa: F401  (registers the step kinds)
    agora = bool(d["agora"])
    if agora:
        from . import senate  # noqa: F401
    rules = rules_for(agora)
    n = _Names.of(rules)
    cards = lambda names: n.idents("cards", names)  # noqa: E731
    s = State(rules)
    s.rng = Rng(int(d["rng"]))
    s.first_player = int(d["first_player"])
    s.age = int(d["age"])
    s.phase = d["phase"]
    s.coins = [int(c) for c in d["coins"]]
    s.pawn = int(d["pawn"])
    s.military_tokens = n.idents("military_tokens", d["military_tokens"])
    s.city = [cards(c) for c in d["city"]]
    s.senators = [cards(c) for c in d["senators"]]
    s.wonders = [n.idents("wonders", w) for w in d["wonders"]]
    s.built = [{n.ident("wonders", w): n.ident("cards", c) for w, c in b.items()} for b in d["built"]]
    s.wonders_out = n.idents("wonders", d["wonders_out"])
    s.draft_pool = n.idents("wonders", d["draft_pool"])
    s.draft_deck = n.idents("wonders", d["draft_deck"])
    s.draft_pick = int(d["draft_pick"])
    s.progress_board = n.idents("progress", d["progress_board"])
    s.progress_box = n.idents("progress", d["progress_box"])
    s.progress_owned = [n.idents("progress", t) for t in d["progress_owned"]]
    s.progress_locked = n.idents("progress", d["progress_locked"])
    s.decks = {a: cards(d["decks"][str(a)]) for a in (1, 2, 3)}
    s.removed = {a: cards(d["removed"][str(a)]) for a in (1, 2, 3)}
    s.structure = cards(d["structure"])
    s.face_up = [bool(x) for x in d["face_up"]]
    s.accessible = [int(x) for x in d["accessible"]]
    s.reveal_pending = [int(x) for x in d["reveal_pending"]]
    s.remaining = sum(1 for c in s.structure if c != -1)
    s.discard = cards(d["discard"])
    s.extra_turn = bool(d["extra_turn"])
    s.last_player = int(d["last_player"])
    s.deferred_tokens = [(int(p), n.ident("military_tokens", t)) for p, t in d["deferred_tokens"]]
    s.pending = [_decode_step(n, step) for step in d["pending"]]
    s.history = [Action(int(a[0]), a[1], a[2], a[3]) for a in d["history"]]
    if agora:
        s.cubes = [x for pair in d["cubes"] for x in (int(pair[0]), int(pair[1]))]
        s.control = [0 if a > b else 1 if b > a else None for a, b in d["cubes"]]
        s.chamber_decrees = [n.idents("decrees", ds) for ds in d["chamber_decrees"]]
        up = set(d["decrees_face_up"])
        s.decree_up = [name in up for name in n.lists["decrees"]]
        s.conspiracy_deck = n.idents("conspiracies", d["conspiracy_deck"])
        s.conspiracies = [[(n.ident("conspiracies", c["name"]), int(c["status"]),
                            n.ident("cards", c["card"])) for c in d["conspiracies"][p]]
                          for p in (0, 1)]
        s.deck_knowledge = [[(n.ident("conspiracies", c), pos) for c, pos in k]
                            for k in d["deck_knowledge"]]
        s.secret_seen = [list(x) for x in d["secret_seen"]]
    s.refresh(0)
    s.refresh(1)
    r = d.get("result")
    if r:
        s.result = Result(r["winner"], r["victory"], tuple(r["scores"]), r["tiebreak"])
        s._winner = (r["winner"], r["victory"])
        s.phase = "over"
    if check:
        _check_consistent(s)
    if not r:
        s._advance()      # recomputes the cached legal actions of the pending decision
    return s


def _check_consistent(s):
    """Refuse a position no game can reach (before the engine runs any step of it)."""
    from .invariants import problems
    if s.age not in (1, 2, 3):
        raise SaveError(f"impossible game state: Age {s.age} does not exist")
    for step in s.pending:
        if step[1] not in (0, 1, None):
            raise SaveError(f"impossible game state: pending step '{step[0]}' for player {step[1]!r}")
    found = problems(s)
    if found:
        raise SaveError("impossible game state: " + "; ".join(found))


def loads(text) -> State:
    try:
        d = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SaveError(f"not valid JSON ({exc})") from None
    return decode(d, check=True)
