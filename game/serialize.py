"""State <-> JSON (format `agora-duel-state`, version 1; see docs/engine.md).

Components are written by name, so a save stays readable and survives reordering of
`data/cards.yaml`. Writing (`encode`, `dumps`, the table STEP_ARGS of the pending steps'
arguments) lives in game/encoding.py, below the State, which writes itself with it; reading
back (`decode`, `loads`) builds a State and checks it, so it sits above game/state.py.
"""

import json

from .actions import Action
from .encoding import (FORMAT, VERSION, STEP_ARGS, SOURCE_SPACES, SaveError, _ARG_SPACE, _Names,  # noqa: F401
                       _freeze, dumps, encode)
from .rng import Rng
from .rules import rules_for
from .state import State


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
        from . import senate, conspiracies  # noqa: F401
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
