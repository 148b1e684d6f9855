"""Bridge to the Rust rules core (`native/`, the `agora_native` extension; docs/native.md).

The core is a fast second implementation of the rules for the AI's thinking; `game/` stays
the referee of everything players see. This module hands the core its tables (compiled from
`data/cards.yaml` through `game.rules`, so the data has one source), converts a full
`game.State` (or a determinized one from `game.ai.determinize`) to a core state, and speaks
the engine's own action notation both ways.

Importing it never fails: without the extension `AVAILABLE` is False and `WHY_NOT` says why
in one line.
"""
from __future__ import annotations

import json

from game.data import COLORS, RESOURCES
from game.encoding import FORMAT, SOURCE_SPACES, VERSION, _Names
from game.rules import rules_for
from game.scoring import CATEGORIES, score_sheet

try:
    import agora_native as _core
except ImportError:  # not built: no Rust toolchain, or `make` has not built it yet
    _core = None

INTERFACE = 1          # native/src/py.rs INTERFACE: the build must speak this bridge's language

if _core is None:
    WHY_NOT = "the native core is not built (no Rust toolchain): the AI uses the pure-Python search"
elif getattr(_core, "INTERFACE", None) != INTERFACE:
    WHY_NOT = (f"the native core is out of date (interface {getattr(_core, 'INTERFACE', None)}, "
               f"this code needs {INTERFACE}): rebuild it; the AI uses the pure-Python search")
    _core = None
else:
    WHY_NOT = None
AVAILABLE = _core is not None
# The search (native/src/search.rs) came after the rules: a build without it still plays
# the rules (and the pure-Python search is used).
SEARCH = AVAILABLE and hasattr(_core, "Search")
# The evaluation (native/src/evaluate.rs) came after the search: checked by name as well.
EVALUATE = AVAILABLE and hasattr(_core, "EvalWeights")

NONE = 255
COLOR = {c: i for i, c in enumerate(COLORS)}
COLOR["wonder"] = 7
RES = {r: i for i, r in enumerate(RESOURCES)}
SECTION = {"left": 0, "middle": 1, "right": 2}
SENATOR = {None: 0, "politician": 1, "conspirator": 2}

# Effect kinds the core runs (native/src/tables.rs, mod fx), in its numbering.
EFFECT_KINDS = (
    "coins", "shields", "coins_per", "guild", "play_again", "opponent_loses_coins",
    "destroy_opponent_card", "build_from_discard", "draw_progress", "conspire", "place_cube",
    "may_move_cube", "remove_opponent_cube", "trigger_unprepared_conspiracy",
    "take_opponent_wonder", "take_opponent_coins", "discard_opponent_card",
    "lock_progress_token", "build_from_top_row", "build_from_removed", "take_boxed_progress",
    "discard_accessible", "coins_per_own_cube", "opponent_loses_per_cube", "take_opponent_card",
    "swap_card", "move_decree", "return_opponent_wonder")
EFFECT_CODE = {k: i for i, k in enumerate(EFFECT_KINDS)}

# Pending step kinds (native/src/core.rs, mod step), in its numbering.
STEP_KINDS = (
    "turn", "draft", "start", "progress", "library", "destroy", "mausoleum", "senate",
    "conspirator", "keep", "return", "place", "remove", "may_move", "trigger_unprepared",
    "extort", "lock", "top_row", "treason", "espionage", "scrap", "foreclose", "coerce",
    "move_decree", "sabotage", "end_turn", "draft_next", "construction_done", "fx",
    "recruit", "after_trigger")
STEP_CODE = {k: i for i, k in enumerate(STEP_KINDS)}
SOURCE_CODE = {"card": 0, "wonder": 1, "draft": 2, "progress": 3, "military": 4,
               "conspiracy": 5, "decree": 6}


class NativeError(ValueError):
    """The core refused a state, an action or its tables (one-line message)."""


def _one_line(e) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _guard(call, *args):
    """Call into the core; whatever it raises reaches the caller as one NativeError line.
    (A Rust panic arrives as pyo3's PanicException, a BaseException: never let it through.)"""
    try:
        return call(*args)
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as e:  # noqa: B902  (PanicException is no Exception)
        if type(e).__name__ == "PanicException":
            raise NativeError(f"internal error in the core (a bug): {_one_line(e)}") from None
        raise NativeError(_one_line(e)) from None


# ------------------------------------------------------------------ tables

def _thaw(value):
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    if hasattr(value, "items"):
        return {k: _thaw(v) for k, v in value.items()}
    return value


def _key(kind, arg):
    return kind, json.dumps(_thaw(arg), sort_keys=True)


def _counter(count) -> int:
    if count == "wonders":
        return 1 << 8
    if count == "coins":
        return 1 << 9
    return _mask(count)


def _mask(colors) -> int:
    m = 0
    for c in colors:
        m |= 1 << COLOR[c]
    return m


def _effect_row(kind, arg):
    if kind not in EFFECT_CODE:
        raise NativeError(f"the core does not know the effect '{kind}'")
    a = b = c = 0
    if kind in ("coins", "shields", "opponent_loses_coins", "draw_progress",
                "coins_per_own_cube", "opponent_loses_per_cube"):
        a = int(arg)
    elif kind == "coins_per":
        a, b = _counter(arg["count"]), int(arg["each"])
    elif kind == "guild":
        a, b, c = _counter(arg["count"]), int(arg.get("coins_each", 0)), int(arg.get("per", 1))
    elif kind in ("destroy_opponent_card", "discard_opponent_card"):
        a = COLOR[arg]
    elif kind in ("take_opponent_card", "swap_card"):
        a = _mask(arg)
    elif kind == "discard_accessible":
        a, b = int(arg.get("count", 1)), int(arg.get("optional_more", 0))
    return (EFFECT_CODE[kind], a, b, c)


class _Compiled:
    """The rules of one rule set as the core's tables, plus the id maps the bridge needs."""

    def __init__(self, rules):
        self.rules = rules
        self.effects = []
        self.effect_args = []          # (kind, arg) of each effect row, for the way back
        self.effect_index = {}
        d = {"agora": rules.agora}

        def fx(kind, arg):
            k = _key(kind, arg)
            i = self.effect_index.get(k)
            if i is None:
                i = self.effect_index[k] = len(self.effects)
                self.effects.append(_effect_row(kind, arg))
                self.effect_args.append((kind, arg))
            return i

        def fx_list(pairs):
            return [fx(kind, arg) for kind, arg in pairs]

        cards = []
        for c in rules.cards:
            prod = c.production or (0,) * 5
            choice = sum(1 << r for r in c.choice) if c.choice else 0
            fixed = sum(1 << r for r in c.trade_fixed)
            g = c.guild_rule or {}
            row = [COLOR.get(c.color, 0) if c.color else 0, c.coin_cost, *c.resources,
                   self._chain(c.chain_in), self._chain(c.chain_out), *prod,
                   1 if c.production else 0, choice, c.points, c.shields,
                   self._science(c.science), fixed,
                   _counter(g["count"]) if g else 0, g.get("points_each", 0) if g else 0,
                   g.get("per", 1) if g else 1, 1 if c.guild_rule else 0,
                   SENATOR[c.senator], SECTION.get(c.section, 0)]
            cards.append((row, fx_list(c.on_gain)))
        d["cards"] = cards
        d["card_ages"] = [c.age if isinstance(c.age, int) else 3 for c in rules.cards]
        d["wonders"] = [([*w.resources, w.points,
                          sum(1 << r for r in w.choice) if w.choice else 0],
                         fx_list(w.on_gain), fx_list(w.draft_effects)) for w in rules.wonders]
        progress = []
        for t in rules.progress:
            discount = [0] * 8
            shields = [0] * 7
            shield_mask = 0
            ps = t.passive
            if "discount" in ps:
                discount[COLOR[ps["discount"]["target"]]] += ps["discount"]["units"]
            if "extra_shields" in ps:
                col = COLOR[ps["extra_shields"]["color"]]
                shields[col] = ps["extra_shields"]["shields"]
                shield_mask |= 1 << col
            progress.append(([t.points, self._science(t.science), *discount, *shields, shield_mask,
                              int(bool(ps.get("trade_income"))), int(ps.get("points_per_progress", 0)),
                              int(bool(ps.get("wonders_play_again"))), int(ps.get("chain_coins", 0)),
                              int(bool(ps.get("free_recruit"))),
                              int(bool(ps.get("keep_both_conspiracies"))), 0],
                             fx_list(t.on_gain)))
        d["progress"] = progress
        d["military"] = [(lo, hi, fx_list(t.on_gain))
                         for t, (lo, hi) in zip(rules.military_tokens, rules.military_zone)]
        decrees = []
        for dc in rules.decrees:
            ps = dc.passive
            td = ps.get("trade_discount")
            decrees.append([dc.shields, COLOR[ps["construction_coins"]] if "construction_coins" in ps else NONE,
                            COLOR[ps["ignore_cost_symbol"]] if "ignore_cost_symbol" in ps else NONE,
                            int(ps.get("wonder_discount", 0)),
                            sum(1 << RES[r] for r in td["resources"]) if td else 0,
                            int(td["coins"]) if td else 0, int(ps.get("senate_blue_bonus", 0)),
                            int(ps.get("discard_bonus", 0)), int(bool(ps.get("opponent_chains"))),
                            int(bool(ps.get("conspirator_extra_turn")))])
        d["decrees"] = decrees
        d["conspiracies"] = [fx_list(k.on_gain) for k in rules.conspiracies]
        d["chambers"] = [(ch.points, SECTION[ch.section]) for ch in rules.chambers]
        layouts = []
        for age in (1, 2, 3):
            lay = rules.layouts[age]
            n = len(lay)
            layouts.append((n, [list(x) for x in lay.covers], [list(x) for x in lay.covered_by],
                            sum(1 << s for s in range(n) if lay.face_up[s]),
                            sum(1 << s for s in lay.top_row),
                            sum(1 << s for s in range(n) if not lay.covered_by[s])))
        d["layouts"] = layouts
        # Urbanism's chain bonus and Theology's extra turn are queued by the engine as
        # effects of a progress token that are not in its on-gain list.
        bonuses = sorted({t.passive["chain_coins"] for t in rules.progress if "chain_coins" in t.passive})
        d["coins_fx"] = [(n, fx("coins", n)) for n in bonuses]
        d["play_again_fx"] = fx("play_again", True)
        d["effects"] = self.effects
        d["military_points"] = list(rules.military_points)
        d["capital"] = rules.capital
        d["senator_mask"] = sum(1 << c for c in rules.senators)
        d["card_names"] = [c.name for c in rules.cards]
        d["wonder_names"] = [w.name for w in rules.wonders]
        d["progress_names"] = [t.name for t in rules.progress]
        d["conspiracy_names"] = [k.name for k in rules.conspiracies]
        d["chamber_names"] = [ch.name for ch in rules.chambers]
        self.data = d
        self.tables = _core.Tables(d)

    def _chain(self, sym):
        if sym is None:
            return NONE
        return self.rules.db.chain_symbols.index(sym)

    def _science(self, sym):
        return NONE if sym is None else self.rules.science_symbols.index(sym)

    def step(self, st):
        kind, p = st[0], st[1]
        code = STEP_CODE.get(kind)
        if code is None:
            raise NativeError(f"the core does not know the pending step '{kind}'")
        row = [code, NONE if p is None else p, 0, 0, 0]
        if kind == "turn":
            row[2] = int(bool(st[2]))
        elif kind == "library":
            ids = list(st[2])[:3] + [NONE] * (3 - len(st[2][:3]))
            row[2:5] = ids
        elif kind == "destroy":
            row[2] = COLOR[st[2]]
        elif kind == "fx":
            _, _, fkind, arg, source = st
            i = self.effect_index.get(_key(fkind, arg))
            if i is None:
                raise NativeError(f"the core's tables have no effect {fkind} {arg!r}")
            sid = source[1] if source and isinstance(source[1], int) else NONE
            row[2:5] = [i, SOURCE_CODE.get(source[0], 0) if source else 0, sid]
        elif kind == "recruit":
            row[2], row[3] = st[2], int(bool(st[3]))
        elif kind == "senate":
            row[2], row[3] = SECTION[st[2]], st[3]
        elif kind == "keep":
            ids = list(st[2])[:2] + [NONE] * (2 - len(st[2][:2]))
            row[2:4] = ids
        elif kind == "return":
            row[2] = st[2]
        elif kind == "scrap":
            row[2], row[3] = st[2], st[3]
        elif kind in ("foreclose", "coerce"):
            row[2] = _mask(st[2])
        return row


    def step_back(self, row, names):
        """A core pending step as the save format writes it (game/encoding.py STEP_ARGS)."""
        code, p, a, b, c = row
        kind = STEP_KINDS[code]
        out = [kind, None if p == NONE else p]
        if kind == "turn":
            out.append(bool(a))
        elif kind == "library":
            out.append(names.names("progress", [x for x in (a, b, c) if x != NONE]))
        elif kind == "destroy":
            out.append(COLORS[a])
        elif kind == "fx":
            fkind, arg = self.effect_args[a]
            space = SOURCE_SPACES[_SOURCE_NAMES[b]]
            out += [fkind, _thaw(arg), [_SOURCE_NAMES[b], None if c == NONE else names.name(space, c)]]
        elif kind == "recruit":
            out += [names.name("cards", a), bool(b)]
        elif kind == "senate":
            out += [_SECTION_NAMES[a], b]
        elif kind == "keep":
            out.append(names.names("conspiracies", [x for x in (a, b) if x != NONE]))
        elif kind == "return":
            out.append(names.name("conspiracies", a))
        elif kind == "scrap":
            out += [a, b]
        elif kind in ("foreclose", "coerce"):
            out.append([col for col, i in COLOR.items() if i < 7 and a & (1 << i)])
        return out


_SOURCE_NAMES = {v: k for k, v in SOURCE_CODE.items()}
_SECTION_NAMES = {v: k for k, v in SECTION.items()}
_COMPILED = {}


def compiled(agora: bool, rules=None) -> _Compiled:
    """The core's tables for a rule set, built once per process."""
    if not AVAILABLE:
        raise NativeError(WHY_NOT)
    rules = rules or rules_for(agora)
    c = _COMPILED.get(id(rules))
    if c is None or c.rules is not rules:
        c = _COMPILED[id(rules)] = _Compiled(rules)
    return c


def state_dict(s, comp: _Compiled) -> dict:
    """A game.State as the plain numbers `agora_native.Core` reads."""
    bits = lambda ids: sum(1 << i for i in ids)  # noqa: E731
    d = {
        "agora": s.agora, "rng": s.rng.state,
        "owned": [bits(s.city[p]) | bits(s.senators[p]) for p in (0, 1)],
        "discard": bits(s.discard),
        "removed": bits(c for a in (1, 2, 3) for c in s.removed[a]),
        "coins": list(s.coins),
        "wonders": [bits(s.wonders[p]) for p in (0, 1)],
        "built": [bits(s.built[p]) for p in (0, 1)],
        "tucked": [(w, c) for p in (0, 1) for w, c in s.built[p].items()],
        "wonders_out": bits(s.wonders_out),
        "draft_pool": bits(s.draft_pool),
        "draft_deck": list(s.draft_deck),
        "progress_board": bits(s.progress_board),
        "progress_box": list(s.progress_box),
        "progress_owned": [bits(s.progress_owned[p]) for p in (0, 1)],
        "progress_locked": bits(s.progress_locked),
        "structure": list(s.structure),
        "face_up": bits(i for i, up in enumerate(s.face_up) if up),
        "accessible": bits(s.accessible),
        "reveal_pending": bits(s.reveal_pending),
        "decks": [list(s.decks[a]) for a in (1, 2, 3)],
        "pawn": s.pawn, "age": s.age, "phase": s.phase, "first_player": s.first_player,
        "draft_pick": s.draft_pick, "extra_turn": bool(s.extra_turn),
        "last_player": s.last_player, "remaining": s.remaining,
        "military_tokens": bits(s.military_tokens),
        "deferred": [(p, t) for p, t in s.deferred_tokens],
        "pending": [comp.step(st) for st in s.pending],
        "result": None if s.result is None else (s.result.winner, s.result.victory),
    }
    if s.agora:
        d.update({
            "cubes": list(s.cubes),
            "control": list(s.control),
            "decrees": [(dc, ch) for ch in range(6) for dc in s.chamber_decrees[ch]],
            "decree_up": bits(i for i, up in enumerate(s.decree_up) if up),
            "conspiracy_deck": list(s.conspiracy_deck),
            "conspiracies": [(k, p, st, card) for p in (0, 1) for k, st, card in s.conspiracies[p]],
        })
    return d


def _sheet(s, p):
    sheet = score_sheet(s, p)
    return tuple(sheet[c] for c in CATEGORIES) + (sheet["total"],)


def digest_of(s) -> dict:
    """The comparable digest of a game.State (the same keys and values as `NativeState.digest`)."""
    srt = lambda xs: tuple(sorted(xs))  # noqa: E731
    senators = s.rules.senators
    d = {
        "age": s.age, "phase": s.phase, "player": s.current_player, "decision": s.decision,
        "coins": tuple(s.coins), "pawn": s.pawn,
        "military_tokens": srt(s.military_tokens),
        "city": (srt(s.city[0]), srt(s.city[1])),
        "senators": (srt(s.senators[0]), srt(s.senators[1])) if senators else ((), ()),
        "wonders": (srt(s.wonders[0]), srt(s.wonders[1])),
        "built": (srt(s.built[0].items()), srt(s.built[1].items())),
        "wonders_out": srt(s.wonders_out),
        "draft_pool": srt(s.draft_pool), "draft_pick": s.draft_pick,
        "progress_board": srt(s.progress_board), "progress_box": tuple(s.progress_box),
        "progress_owned": (srt(s.progress_owned[0]), srt(s.progress_owned[1])),
        "progress_locked": srt(s.progress_locked),
        "structure": tuple(s.structure), "face_up": tuple(bool(x) for x in s.face_up),
        "accessible": srt(s.accessible),
        "discard": srt(s.discard),
        "removed": srt(c for a in (1, 2, 3) for c in s.removed[a]),
        "extra_turn": bool(s.extra_turn), "rng": s.rng.state, "remaining": s.remaining,
        "scores": (_sheet(s, 0), _sheet(s, 1)),
        "result": None if s.result is None else (s.result.winner, s.result.victory),
    }
    if s.agora:
        d.update({
            "cubes": tuple(s.cubes), "control": tuple(s.control),
            "chamber_decrees": tuple(tuple(x) for x in s.chamber_decrees),
            "decree_up": tuple(i for i, up in enumerate(s.decree_up) if up),
            "conspiracy_deck": tuple(s.conspiracy_deck),
            "conspiracies": (srt(s.conspiracies[0]), srt(s.conspiracies[1])),
        })
    return d


class NativeState:
    """One position in the core, driven like a game.State with notations."""

    __slots__ = ("_c", "agora", "_static")

    def __init__(self, core, agora, static=None):
        self._c = core
        self.agora = agora
        # What never changes after setup and the core keeps only in part (the Age decks,
        # the cards removed at setup per Age): needed to write a game.State back.
        self._static = static

    @classmethod
    def from_state(cls, state, agora=None) -> "NativeState":
        """A full game.State (or a determinized one) into the core. `agora`, when given,
        must match the state's rule set."""
        if not AVAILABLE:
            raise NativeError(WHY_NOT)
        if agora is not None and bool(agora) != bool(state.agora):
            raise NativeError(f"an {'Agora' if state.agora else 'base-game'} state was given "
                              f"where a{'n Agora' if agora else ' base-game'} one was asked for")
        comp = compiled(state.agora, state.rules)
        made = cls.from_dict(state_dict(state, comp), comp)
        made._static = ({a: list(state.decks[a]) for a in (1, 2, 3)},
                        {a: list(state.removed[a]) for a in (1, 2, 3)})
        return made

    @classmethod
    def from_dict(cls, data: dict, comp=None) -> "NativeState":
        """A state from `state_dict`'s plain numbers (raises NativeError on a bad one)."""
        if not isinstance(data, dict):
            raise NativeError("a core state must be a dict")
        comp = comp or compiled(bool(data.get("agora")))
        return cls(_guard(_core.Core, comp.tables, data), comp.rules.agora)

    def clone(self) -> "NativeState":
        return NativeState(self._c.clone(), self.agora, self._static)

    def to_state(self, record: bool = False, check: bool = False):
        """The core's position as a game.State (through the save format's reader). Only for
        a NativeState made by `from_state` (the Age decks come from there); the history is
        not kept by the core, so the State's is empty."""
        from game.serialize import decode
        if self._static is None:
            raise NativeError("to_state needs a NativeState made by from_state")
        comp = compiled(self.agora)
        names = _Names.of(comp.rules)
        x = _guard(self._c.export)
        ids = lambda mask: [i for i in range(mask.bit_length()) if mask >> i & 1]  # noqa: E731
        card_names = lambda cids: names.names("cards", cids)  # noqa: E731
        senators = set(comp.rules.senators)
        decks, removed = self._static
        d = {
            "format": FORMAT, "version": VERSION, "agora": self.agora, "rng": x["rng"],
            "first_player": x["first_player"], "age": x["age"], "phase": x["phase"],
            "coins": list(x["coins"]), "pawn": x["pawn"],
            "military_tokens": names.names("military_tokens", ids(x["military_tokens"])),
            "city": [card_names([c for c in ids(m) if c not in senators]) for m in x["owned"]],
            "senators": [card_names([c for c in ids(m) if c in senators]) for m in x["owned"]],
            "wonders": [names.names("wonders", ids(m)) for m in x["wonders"]],
            "built": [{names.name("wonders", w): names.name("cards", c) for w, c in x["tucked"]
                       if x["built"][p] >> w & 1} for p in (0, 1)],
            "wonders_out": names.names("wonders", ids(x["wonders_out"])),
            "draft_pool": names.names("wonders", ids(x["draft_pool"])),
            "draft_deck": names.names("wonders", x["draft_deck"]),
            "draft_pick": x["draft_pick"],
            "progress_board": names.names("progress", ids(x["progress_board"])),
            "progress_box": names.names("progress", x["progress_box"]),
            "progress_owned": [names.names("progress", ids(m)) for m in x["progress_owned"]],
            "progress_locked": names.names("progress", ids(x["progress_locked"])),
            "decks": {str(a): card_names(decks[a]) for a in (1, 2, 3)},
            "removed": {str(a): card_names([c for c in removed[a] if x["removed"] >> c & 1])
                        for a in (1, 2, 3)},
            "structure": card_names(x["structure"]),
            "face_up": [bool(x["face_up"] >> i & 1) for i in range(len(x["structure"]))],
            "accessible": ids(x["accessible"]),
            "reveal_pending": ids(x["reveal_pending"]),
            "discard": card_names(ids(x["discard"])),
            "extra_turn": x["extra_turn"], "last_player": x["last_player"],
            "deferred_tokens": [[p, names.name("military_tokens", t)] for p, t in x["deferred"]],
            "pending": [comp.step_back(row, names) for row in x["pending"]],
            "history": [],
            "result": None,
        }
        if x["result"] is not None:
            winner, victory = x["result"]
            sheets = [dict(zip(CATEGORIES + ("total",), sheet)) for sheet in x["sheets"]]
            d["result"] = {"winner": winner, "victory": victory, "scores": sheets,
                           "tiebreak": x["tiebreak"]}
        if self.agora:
            d.update({
                "cubes": [[x["cubes"][ch * 2], x["cubes"][ch * 2 + 1]] for ch in range(6)],
                "chamber_decrees": [names.names("decrees", [dc for dc, c in x["decrees"] if c == ch])
                                    for ch in range(6)],
                "decrees_face_up": names.names("decrees", ids(x["decree_up"])),
                "conspiracy_deck": names.names("conspiracies", x["conspiracy_deck"]),
                "conspiracies": [[{"name": names.name("conspiracies", k), "status": st,
                                   "card": names.name("cards", card)}
                                  for k, p, st, card in x["conspiracies"] if p == seat] for seat in (0, 1)],
                "deck_knowledge": [[], []],
                "secret_seen": [[], []],
            })
        try:
            return decode(d, check=check, record=record)
        except ValueError as e:
            raise NativeError(_one_line(e)) from None

    def legal_actions(self) -> list:
        """The legal actions' notations (as `str(game.Action)`)."""
        return _guard(self._c.legal_actions)

    def apply(self, notation) -> None:
        """Play the action written `notation`; a bad one raises NativeError, state unchanged."""
        _guard(self._c.apply, notation)

    @property
    def current_player(self):
        return self._c.current_player

    @property
    def decision(self):
        return self._c.decision

    @property
    def is_terminal(self) -> bool:
        return self._c.is_terminal

    @property
    def result(self):
        """None until over; then (winner or None, victory, (sheet 0, sheet 1)), each sheet
        the score pad's categories (game.CATEGORIES) then the total."""
        return self._c.result

    def digest(self) -> dict:
        return _guard(self._c.digest)

    def playout(self, seed: int):
        """Random actions to the end, in place; returns (winner or None, victory)."""
        return _guard(self._c.playout, seed)

    def playouts(self, n: int, seed: int = 0):
        """n random games from copies of this position: (wins of seat 0, of seat 1, draws)."""
        return _guard(self._c.playouts, n, seed)

    def shuffle_unseen(self, seed: int) -> None:
        """Base game: the cards no seat has seen (face down, removed at setup, the Ages to
        come) dealt afresh in place, each in a slot of its back: what the search's
        `redeal` does every iteration."""
        _guard(self._c.shuffle_unseen, seed & ((1 << 64) - 1))

    def policy_action(self, plans, seed: int, lookahead: bool = False, deny: bool = False,
                      senate: float = 0.0, points: float = 0.0, card_first: bool = False,
                      finishes: bool = True, guard: bool = False):
        """The search's playout policy's action here (its notation) for players on `plans`
        (0 plain, 1 science, 2 military, 3 politics per seat): what tests read of the policy."""
        return _guard(self._c.policy_action, tuple(plans), seed, lookahead, deny, senate, points,
                      card_first, finishes, guard)

    def evaluate(self, me: int, hidden=(), w=None, tempo: bool = True) -> float:
        """game/ai/evaluate.py `evaluate(state, me, hidden, w, tempo)` computed in the core:
        the same number with evaluate.py's WEIGHTS (`w` None). With another `w` the core
        reads `w` everywhere, while evaluate.py keeps WEIGHTS in a few helpers (the marginal
        coin, the military and science steps of a card's or a Wonder's gain, the extra turn)."""
        return _guard(self._c.evaluate, me, eval_weights(self.agora, w), list(hidden), tempo)

    def evaluate_terms(self, me: int, hidden=(), w=None, tempo: bool = True) -> dict:
        """evaluate.py `terms`: {term: value} as its dict holds them (for tests, debugging)."""
        return _guard(self._c.evaluate_terms, me, eval_weights(self.agora, w), list(hidden), tempo)

    def __repr__(self):
        return repr(self._c)


class NativeSearch:
    """The core's information-set search (native/src/search.rs): one tree, kept between
    decisions. It only ever receives determinizations drawn from one seat's observation."""

    __slots__ = ("_s", "agora")

    def __init__(self, agora: bool):
        if not SEARCH:
            raise NativeError(WHY_NOT or "the native core was built without the search: rebuild it")
        self.agora = bool(agora)
        self._s = _core.Search(compiled(self.agora).tables)

    def reset(self) -> None:
        self._s.reset()

    def advance(self, played, followups: bool = False) -> bool:
        """Walk the tree down the actions played since the last search (notations);
        False when it had to be reset (an action the tree never tried). `followups`: the
        guided search's tree, whose turns' follow-ups have no node, stepped over."""
        return _guard(self._s.advance, [str(a) for a in played], followups)

    @property
    def size(self) -> int:
        return self._s.size

    @property
    def root_visits(self) -> int:
        return self._s.root_visits

    @property
    def last_iterations(self) -> int:
        return self._s.last_iterations

    def solve(self, pool, me: int, nodes: int, seconds: float = 0.0):
        """The exact end of the game on each of `pool` (complete determinizations): per
        root action its mean exact value (game/ai/endgame.py's scale), as {notation: value},
        or None when `nodes` or `seconds` (0: none) ran out. The GIL is released."""
        got = _guard(lambda: self._s.solve([x._c for x in pool], me, nodes, seconds))
        return None if got is None else dict(got)

    def run(self, pool, me: int, iterations: int = 1 << 62, seconds: float = 0.0, seed: int = 0,
            priors=(), threads: int = 1, weights=None, **params):
        """Search from `pool` (NativeStates at the same decision of seat `me`) for at most
        `iterations` and `seconds` (0: no time limit); the GIL is released meanwhile.
        `priors`: (action, prior) or (action, prior, value); `virtual_n=k` starts an unvisited
        root child with k visits of its value.
        `leaf_eval=x` values each new leaf by x times the evaluation's winning chance (the
        core's evaluate.py) plus 1 - x times a playout; `guided=True` searches as the Python
        `hard` does (search/guided.rs: follow-ups greedy, priors everywhere, no playouts).
        `weights`: the evaluation's there (`eval_weights(agora, w)`; default evaluate.py's).
        Returns [(notation, visits, mean value for `me`)] for the root's actions."""
        if params.get("leaf_eval") or params.get("guided"):
            params["weights"] = eval_weights(self.agora) if weights is None else weights
        return _guard(lambda: self._s.run([x._c for x in pool], me, iterations, seconds,
                                          seed & ((1 << 64) - 1),
                                          [(str(x[0]), float(x[1]), float(x[2]) if len(x) > 2 else -1.0)
                                           for x in priors],
                                          threads=threads, **params))


def eval_weights_dict(rules, w=None) -> dict:
    """game/ai/evaluate.py's numbers for one rule set, as `agora_native.EvalWeights` reads
    them: the core's evaluation holds none of its own. `w` replaces WEIGHTS (and its
    "term_scale", if it has one, the fitted scales), as evaluate.py's `w` argument does."""
    from game.ai import evaluate as ev
    w = ev.WEIGHTS if w is None else w
    T = ev.tables(rules.agora)
    scale = w.get("term_scale") or ev.TERM_SCALE_BY_RULES[rules.agora]
    weights = {k: v for k, v in w.items() if k != "term_scale"}
    weights.update(cap=ev.CAP, diminish=ev.DIMINISH)
    return {
        "weights": weights,
        "term_scale": dict(scale),
        "value_scale": list(ev.VALUE_SCALE),
        "token_passive": [ev.TOKEN_PASSIVE.get(t.name) for t in rules.progress],
        "wonder_extra": [value[5] for value in T.wonder_value],
        "decree_value": list(T.decree_value),
        # conspiracy_value's default for a Conspiracy CONSPIRACY_BASE does not name
        "conspiracy_base": [ev.CONSPIRACY_BASE.get(k.name, 2.5) for k in rules.conspiracies],
    }


_EVAL_WEIGHTS = {}


def eval_weights(agora: bool, w=None):
    """The core's evaluation weights for a rule set (built once per process for evaluate.py's
    own WEIGHTS; afresh for another `w`)."""
    if not EVALUATE:
        raise NativeError(WHY_NOT or "the native core was built without the evaluation: rebuild it")
    comp = compiled(agora)
    if w is not None:
        return _guard(_core.EvalWeights, comp.tables, eval_weights_dict(comp.rules, w))
    made = _EVAL_WEIGHTS.get(id(comp))
    if made is None or made[0] is not comp:
        made = _EVAL_WEIGHTS[id(comp)] = (comp, _guard(_core.EvalWeights, comp.tables,
                                                       eval_weights_dict(comp.rules)))
    return made[1]


def forget_eval_weights():
    """Drop the weights built from evaluate.py's tables, so that the next search reads them
    afresh (bench/ai_variants.py changes the tables around one player's choice)."""
    _EVAL_WEIGHTS.clear()


def win_chance(v: float, age: int = 2) -> float:
    """game/ai/evaluate.py `win_chance` computed in the core."""
    return _guard(eval_weights(True).win_chance, v, age)


def play_random_game(seed: int, agora: bool):
    """A game dealt by game/ from `seed`, played to the end at random in the core: (winner, victory)."""
    from game.setup import new_game
    state = new_game(seed, agora=agora)
    return NativeState.from_state(state).playout(seed)


def state_bytes() -> int:
    """Bytes of one core state (a plain copy)."""
    if not AVAILABLE:
        raise NativeError(WHY_NOT)
    return _core.Core.state_bytes()
