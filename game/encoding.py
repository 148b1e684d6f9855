"""State -> JSON data (format `agora-duel-state`, version 1; see docs/engine.md).

Components are written by name, so a save stays readable and survives reordering of
`data/cards.yaml`. Pending steps are written as lists whose arguments are typed by the
table STEP_ARGS below. `encode` is also the basis of `observation()`, which masks what a
player may not know. Reading back is game/serialize.py; this half needs nothing of the
engine, so the State (`to_json`) and the observation can use it from below.
"""

import json
from types import MappingProxyType

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
