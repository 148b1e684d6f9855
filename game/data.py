"""Load and validate `data/cards.yaml` (format: docs/data-format.md) into frozen objects.

Everything here is pure Python + PyYAML (no pygame). `load_database()` returns an immutable
`Database`; any problem in the file raises `DataError` whose message is one line of the form

    <path>: <section>[<index>] '<entry name>': field '<field>': <problem>
"""

from __future__ import annotations

import os
import sys
import types
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

__all__ = [
    "RESOURCES", "COLORS", "DataError", "Effect", "CardDef", "SenatorDef", "WonderDef",
    "ProgressDef", "MilitaryZone", "MilitaryTokenDef", "ChamberDef", "DecreeDef",
    "ConspiracyDef", "Database", "load_database", "EFFECT_KINDS", "DEFAULT_PATH",
    "LAYOUT_CARD_COUNTS",
]

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")   # index 0..4
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
SECTIONS = ("left", "middle", "right")
EXPANSIONS = ("base", "agora")
SENATOR_KINDS = ("politician", "conspirator")
AGES = (1, 2, 3)
# Cards dealt into each Age structure (the deck size after setup removals):
# base = 23-3 / 23-3 / 20-3+3 Guilds; Agora adds 5 / 5 / 3 Senators.
LAYOUT_CARD_COUNTS = types.MappingProxyType({
    "base": types.MappingProxyType({1: 20, 2: 20, 3: 20}),
    "agora": types.MappingProxyType({1: 25, 2: 25, 3: 23}),
})
CHAMBER_COUNT = 6
# Minimum component counts for a game to be set up at all (rules constants).
GUILDS_PER_GAME = 3         # Guilds shuffled into the Age III deck
BASE_WONDERS_PER_GAME = 8   # Wonders drafted
PROGRESS_ON_BOARD = 5       # progress tokens laid out at setup
DECREES_PER_GAME = 6        # one per Chamber
CONSPIRACIES_DRAWN = 2      # one Conspire draws 2
UNPREPARED, PREPARED, TRIGGERED = 0, 1, 2     # a Conspiracy's status in its owner's hand

# In a PyInstaller bundle the data files sit under sys._MEIPASS with the same layout.
DEFAULT_PATH = (Path(getattr(sys, "_MEIPASS", "")) if getattr(sys, "_MEIPASS", None)
                else Path(__file__).resolve().parent.parent) / "data" / "cards.yaml"


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

class DataError(Exception):
    """A problem in the data file; `str()` is a single line naming file, entry and field."""

    def __init__(self, path, problem: str, section: str | None = None, index=None,
                 name: str | None = None, field: str | None = None):
        self.path = str(path)
        self.section = section
        self.index = index
        self.name = name
        self.field = field
        self.problem = " ".join(str(problem).split())   # always one line
        parts = [f"{self.path}:"]
        if section is not None:
            parts.append(section if index is None else f"{section}[{index}]")
        if name is not None:
            parts.append(f"'{name}'")
        if len(parts) > 1:
            parts[-1] += ":"
        if field is not None:
            parts.append(f"field '{field}':")
        parts.append(self.problem)
        super().__init__(" ".join(parts))


class _Problem(Exception):
    """Internal: a problem found below an entry; `field` is the path inside the entry."""

    def __init__(self, problem: str, field: str | None = None):
        super().__init__(problem)
        self.problem = problem
        self.field = field


# ---------------------------------------------------------------------------
# Frozen definitions
# ---------------------------------------------------------------------------

def _freeze(value):
    """Lists -> tuples, mappings -> read-only MappingProxyType, recursively."""
    if isinstance(value, Mapping):
        return types.MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _hashable(value):
    if isinstance(value, Mapping):
        return frozenset((k, _hashable(v)) for k, v in value.items())
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


@dataclass(frozen=True)
class Effect:
    kind: str
    arg: object

    def __hash__(self):   # arg may hold MappingProxyType, which is not hashable itself
        return hash((self.kind, _hashable(self.arg)))


@dataclass(frozen=True)
class CardDef:
    name: str
    ref: str | None
    age: int            # 1..3 (Guilds: 3)
    guild: bool
    color: str
    coin_cost: int
    resources: tuple    # 5 ints, indexed like RESOURCES
    chain_in: str | None
    chain_out: str | None
    effects: tuple
    alias: str | None


@dataclass(frozen=True)
class SenatorDef:
    name: str
    ref: str | None
    kind: str           # 'politician' / 'conspirator'
    section: str | None


@dataclass(frozen=True)
class WonderDef:
    name: str
    ref: str | None
    expansion: str
    resources: tuple
    effects: tuple
    draft_effects: tuple


@dataclass(frozen=True)
class ProgressDef:
    name: str
    ref: str | None
    expansion: str
    effects: tuple


@dataclass(frozen=True)
class MilitaryZone:
    start: int
    end: int
    points: int


@dataclass(frozen=True)
class MilitaryTokenDef:
    name: str
    ref: str | None
    set: str
    zone: tuple
    effects: tuple


@dataclass(frozen=True)
class ChamberDef:
    name: str
    index: int          # 0..5, board order (adjacent to index +- 1 only)
    section: str
    points: int
    decree_face_up: bool
    ref: str | None = None


@dataclass(frozen=True)
class DecreeDef:
    name: str
    ref: str | None
    effects: tuple


@dataclass(frozen=True)
class ConspiracyDef:
    name: str
    ref: str | None
    steps: tuple


@dataclass(frozen=True)
class Database:
    cards: tuple
    senators: tuple
    wonders: tuple
    progress_tokens: tuple
    military_zones: tuple
    capital: int
    military_tokens: tuple
    layouts: Mapping
    chambers: tuple
    decrees: tuple
    conspiracies: tuple
    science_symbols: tuple
    chain_symbols: tuple

    @cached_property
    def _by_name(self):
        index = {}
        for group in (self.cards, self.senators, self.wonders, self.progress_tokens,
                      self.military_tokens, self.chambers, self.decrees, self.conspiracies):
            for d in group:
                index[d.name] = d
        for d in self.cards:
            if d.alias:
                index.setdefault(d.alias, d)
        return types.MappingProxyType(index)

    def by_name(self, name: str):
        """The definition called `name` (or a card's alias); KeyError if none."""
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            raise KeyError(f"no component named {name!r}") from None


# ---------------------------------------------------------------------------
# Effect vocabulary
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Vocab:
    science_symbols: tuple
    chain_symbols: tuple


def _type_name(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {value!r}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, str):
        return f"string {value!r}"
    if isinstance(value, (int, float)):
        return repr(value)
    return f"{type(value).__name__} {value!r}"


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_int(value, minimum=0, what="an integer", field=None):
    if not _is_int(value):
        raise _Problem(f"expected {what}, got {_type_name(value)}", field)
    if value < minimum:
        raise _Problem(f"expected {what} >= {minimum}, got {value}", field)
    return value


def _one_of(value, allowed, what, field=None):
    if not isinstance(value, str) or value not in allowed:
        raise _Problem(f"unknown {what} {value!r} (expected one of: {', '.join(allowed)})", field)
    return value


def _v_true(arg, vocab):
    if arg is not True:
        raise _Problem(f"expected true, got {_type_name(arg)}")


def _v_int(minimum):
    def check(arg, vocab):
        _check_int(arg, minimum, "an integer")
    return check


def _v_literal(*allowed):
    def check(arg, vocab):
        _one_of(arg, allowed, "value")
    return check


def _v_colour(arg, vocab):
    _one_of(arg, COLORS, "colour")


def _v_colour_or_wonder(arg, vocab):
    _one_of(arg, COLORS + ("wonder",), "colour")


def _check_list(arg, what):
    if not isinstance(arg, list) or not arg:
        raise _Problem(f"expected a non-empty list of {what}, got {_type_name(arg)}")
    if len(set(map(repr, arg))) != len(arg):
        raise _Problem(f"duplicate {what} in {arg!r}")
    return arg


def _v_resource_list(arg, vocab):
    for i, r in enumerate(_check_list(arg, "resources")):
        _one_of(r, RESOURCES, "resource", f"[{i}]")


def _v_colour_list(arg, vocab):
    for i, c in enumerate(_check_list(arg, "colours")):
        _one_of(c, COLORS, "colour", f"[{i}]")


def _v_science(arg, vocab):
    _one_of(arg, vocab.science_symbols, "science symbol")


def _check_keys(arg, required, optional=()):
    if not isinstance(arg, Mapping):
        raise _Problem(f"expected a mapping with keys {', '.join(required)}, got {_type_name(arg)}")
    for key in arg:
        if key not in required and key not in optional:
            raise _Problem(f"unknown key {key!r} (expected: {', '.join(required + optional)})")
    for key in required:
        if key not in arg:
            raise _Problem(f"missing key {key!r}")
    return arg


def _check_counter(value, field):
    if isinstance(value, str):
        if value not in ("wonders", "coins"):
            raise _Problem(f"unknown counter {value!r} (expected a list of colours, "
                           "'wonders' or 'coins')", field)
        return
    if not isinstance(value, list):
        raise _Problem(f"expected a list of colours, 'wonders' or 'coins', "
                       f"got {_type_name(value)}", field)
    try:
        _v_colour_list(value, None)
    except _Problem as p:
        raise _Problem(p.problem, field + (p.field or "")) from None


def _v_produce(arg, vocab):
    if not isinstance(arg, Mapping) or not arg:
        raise _Problem(f"expected a mapping of resource to amount, got {_type_name(arg)}")
    for r, n in arg.items():
        _one_of(r, RESOURCES, "resource", f".{r}")
        _check_int(n, 1, "a positive integer", f".{r}")


def _v_coins_per(arg, vocab):
    _check_keys(arg, ("count", "each"))
    _check_counter(arg["count"], ".count")
    _check_int(arg["each"], 1, "a positive integer", ".each")


def _v_guild(arg, vocab):
    _check_keys(arg, ("count", "coins_each", "points_each"), ("per",))
    _check_counter(arg["count"], ".count")
    _check_int(arg["coins_each"], 0, "an integer", ".coins_each")
    _check_int(arg["points_each"], 0, "an integer", ".points_each")
    if "per" in arg:
        _check_int(arg["per"], 1, "a positive integer", ".per")


def _v_discount(arg, vocab):
    _check_keys(arg, ("target", "units"))
    _one_of(arg["target"], COLORS + ("wonder",), "discount target", ".target")
    _check_int(arg["units"], 1, "a positive integer", ".units")


def _v_extra_shields(arg, vocab):
    _check_keys(arg, ("color", "shields"))
    _one_of(arg["color"], COLORS, "colour", ".color")
    _check_int(arg["shields"], 1, "a positive integer", ".shields")


def _v_trade_discount(arg, vocab):
    _check_keys(arg, ("resources", "coins"))
    try:
        _v_resource_list(arg["resources"], vocab)
    except _Problem as p:
        raise _Problem(p.problem, ".resources" + (p.field or "")) from None
    _check_int(arg["coins"], 1, "a positive integer", ".coins")


def _v_discard_accessible(arg, vocab):
    _check_keys(arg, ("count", "optional_more"))
    _check_int(arg["count"], 1, "a positive integer", ".count")
    _check_int(arg["optional_more"], 0, "an integer", ".optional_more")


Validator = Callable[[Any, _Vocab], None]

EFFECT_KINDS: Mapping[str, Validator] = types.MappingProxyType({
    # base game: Buildings, Wonders, progress tokens
    "produce": _v_produce,
    "produce_choice": _v_resource_list,
    "points": _v_int(0),
    "shields": _v_int(1),
    "science": _v_science,
    "coins": _v_int(1),
    "trade_fixed": _v_resource_list,
    "coins_per": _v_coins_per,
    "guild": _v_guild,
    "play_again": _v_true,
    "opponent_loses_coins": _v_int(1),
    "destroy_opponent_card": _v_colour,
    "build_from_discard": _v_true,
    "draw_progress": _v_int(1),
    "discount": _v_discount,
    "trade_income": _v_true,
    "points_per_progress": _v_int(1),
    "extra_shields": _v_extra_shields,
    "wonders_play_again": _v_true,
    "chain_coins": _v_int(1),
    # Agora
    "free_recruit": _v_true,
    "keep_both_conspiracies": _v_true,
    "conspire": _v_true,
    "place_cube": _v_literal("any"),
    "remove_opponent_cube": _v_int(1),
    "may_move_cube": _v_int(1),
    "trigger_unprepared_conspiracy": _v_true,
    "construction_coins": _v_colour_or_wonder,
    "ignore_cost_symbol": _v_colour,
    "wonder_discount": _v_int(1),
    "trade_discount": _v_trade_discount,
    "senate_blue_bonus": _v_int(1),
    "discard_bonus": _v_int(1),
    "opponent_chains": _v_true,
    "conspirator_extra_turn": _v_true,
    "take_opponent_wonder": _v_true,
    "take_opponent_coins": _v_literal("half_up"),
    "discard_opponent_card": _v_colour,
    "lock_progress_token": _v_true,
    "build_from_top_row": _v_true,
    "build_from_removed": _v_true,
    "take_boxed_progress": _v_true,
    "discard_accessible": _v_discard_accessible,
    "coins_per_own_cube": _v_int(1),
    "opponent_loses_per_cube": _v_int(1),
    "take_opponent_card": _v_colour_list,
    "swap_card": _v_colour_list,
    "move_decree": _v_true,
    "return_opponent_wonder": _v_true,
})


# ---------------------------------------------------------------------------
# YAML reading
# ---------------------------------------------------------------------------

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):
    """Safe loader that rejects duplicate keys inside one mapping."""


def _construct_mapping(loader, node, deep=False):
    loader.flatten_mapping(node)
    result = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                "found an unhashable key", key_node.start_mark) from None
        if key in result:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark,
                f"found duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=deep)
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _read_yaml(path):
    try:
        with open(path, "r", encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise DataError(path, "cannot read the data file: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DataError(path, f"cannot read the data file: {reason}") from None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = exc.problem or exc.context or "malformed document"
        if exc.problem and exc.context:
            cmark = exc.context_mark
            at = f" at line {cmark.line + 1}" if cmark and cmark is not mark else ""
            problem += f" ({exc.context}{at})"
        raise DataError(path, f"{where}not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise DataError(path, f"not valid YAML: {exc}") from None


# ---------------------------------------------------------------------------
# Validation + construction
# ---------------------------------------------------------------------------

_TOP_LEVEL = ("version", "science_symbols", "chain_symbols", "cards", "senators", "wonders",
              "progress_tokens", "military", "layouts", "chambers", "decrees", "conspiracies")


class _Builder:
    def __init__(self, path):
        self.path = str(path)
        self.names: dict[str, str] = {}        # name -> "section[index]" where first seen
        self.vocab = _Vocab((), ())

    # -- error helpers -------------------------------------------------------
    def fail(self, problem, section=None, index=None, name=None, field=None):
        raise DataError(self.path, problem, section, index, name, field)

    # -- generic entry checks ------------------------------------------------
    def entry(self, raw, section, index, required, optional):
        """Check an entry's shape; returns (name, checker) where checker(field, problem) fails."""
        name = raw.get("name") if isinstance(raw, Mapping) else None
        shown = name if isinstance(name, str) else None

        def fail(field, problem):
            self.fail(problem, section, index, shown, field)

        if not isinstance(raw, Mapping):
            fail(None, f"expected a mapping, got {_type_name(raw)}")
        for key in raw:
            if key not in required and key not in optional:
                fail(str(key), "unknown field (allowed: "
                     f"{', '.join(required + tuple(optional))})")
        for key in required:
            if key not in raw:
                fail(key, "missing required field")
        if not isinstance(name, str) or not name.strip():
            fail("name", f"expected a non-empty string, got {_type_name(name)}")
        if name in self.names:
            fail("name", f"duplicate name (already used by {self.names[name]})")
        self.names[name] = f"{section}[{index}]"
        if "ref" in raw and not isinstance(raw["ref"], str):
            fail("ref", f"expected a string, got {_type_name(raw['ref'])}")
        return name, fail

    def section_list(self, data, key, container="top level"):
        value = data[key]
        if not isinstance(value, list):
            self.fail(f"expected a list, got {_type_name(value)}", container, field=key)
        return value

    def effects(self, value, field, fail, allow_empty=True):
        if not isinstance(value, list):
            fail(field, f"expected a list of effects, got {_type_name(value)}")
        if not value and not allow_empty:
            fail(field, "expected at least one effect")
        out = []
        for i, eff in enumerate(value):
            where = f"{field}[{i}]"
            if not isinstance(eff, Mapping) or len(eff) != 1:
                fail(where, "an effect must be a one-key mapping {kind: argument}, got "
                     + (f"{len(eff)} keys" if isinstance(eff, Mapping) else _type_name(eff)))
            (kind, arg), = eff.items()
            validator = EFFECT_KINDS.get(kind) if isinstance(kind, str) else None
            if validator is None:
                fail(where, f"unknown effect kind {kind!r}")
            try:
                validator(arg, self.vocab)
            except _Problem as p:
                fail(f"{where}.{kind}{p.field or ''}", p.problem)
            out.append(Effect(kind, _freeze(arg)))
        return tuple(out)

    def cost(self, raw, fail, coins_allowed=True):
        value = raw.get("cost", {})
        if value is None:
            value = {}
        if not isinstance(value, Mapping):
            fail("cost", f"expected a mapping of coins/resources to amounts, got {_type_name(value)}")
        coins = 0
        res = [0] * len(RESOURCES)
        for key, n in value.items():
            if key == "coins" and coins_allowed:
                pass
            elif key not in RESOURCES:
                allowed = (("coins",) if coins_allowed else ()) + RESOURCES
                fail(f"cost.{key}", f"unknown resource {key!r} (expected one of: {', '.join(allowed)})")
            if not _is_int(n) or n < 1:
                fail(f"cost.{key}", f"expected a positive integer, got {_type_name(n)}")
            if key == "coins":
                coins = n
            else:
                res[RESOURCES.index(key)] = n
        return coins, tuple(res)

    def choice(self, raw, key, allowed, what, fail):
        value = raw[key]
        if not isinstance(value, str) or value not in allowed:
            fail(key, f"unknown {what} {value!r} (expected one of: {', '.join(allowed)})")
        return value

    # -- sections ------------------------------------------------------------
    def symbols(self, data, key):
        value = data[key]
        if not isinstance(value, list) or not value:
            self.fail(f"expected a non-empty list of names, got {_type_name(value)}",
                      "top level", field=key)
        seen = set()
        for i, s in enumerate(value):
            if not isinstance(s, str) or not s:
                self.fail(f"expected a name, got {_type_name(s)}", "top level", field=f"{key}[{i}]")
            if s in seen:
                self.fail(f"duplicate symbol {s!r}", "top level", field=f"{key}[{i}]")
            seen.add(s)
        return tuple(value)

    def cards(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "cards")):
            name, fail = self.entry(raw, "cards", i, ("name", "age", "color", "effects"),
                                    ("ref", "cost", "chain_in", "chain_out", "alias"))
            age = raw["age"]
            if age == "guild":
                guild, age = True, 3
            elif _is_int(age) and age in AGES:
                guild = False
            else:
                fail("age", f"age out of range: {age!r} (expected 1, 2, 3 or guild)")
            color = self.choice(raw, "color", COLORS, "colour", fail)
            if guild != (color == "purple"):
                fail("color", "Guilds (age: guild) must be purple and only Guilds may be purple")
            coins, res = self.cost(raw, fail)
            chains = {}
            for key in ("chain_in", "chain_out"):
                value = raw.get(key)
                if value is not None and value not in self.vocab.chain_symbols:
                    fail(key, f"unknown chain symbol {value!r}")
                chains[key] = value
            alias = raw.get("alias")
            if alias is not None:
                if not isinstance(alias, str) or not alias.strip():
                    fail("alias", f"expected a non-empty string, got {_type_name(alias)}")
                if alias in self.names:
                    fail("alias", f"duplicate name (already used by {self.names[alias]})")
                self.names[alias] = f"cards[{i}] (alias)"
            effects = self.effects(raw["effects"], "effects", fail)
            out.append(CardDef(name, raw.get("ref"), age, guild, color, coins, res,
                               chains["chain_in"], chains["chain_out"], effects, alias))
        given = {c.chain_out for c in out if c.chain_out}
        for i, c in enumerate(out):
            if c.chain_in and c.chain_in not in given:
                self.fail(f"no card gives the chain symbol {c.chain_in!r} (chain_out)",
                          "cards", i, c.name, "chain_in")
        return tuple(out)

    def senators(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "senators")):
            name, fail = self.entry(raw, "senators", i, ("name", "kind"), ("ref", "section"))
            kind = self.choice(raw, "kind", SENATOR_KINDS, "senator kind", fail)
            section = raw.get("section")
            if kind == "politician":
                if "section" not in raw:
                    fail("section", "missing required field (politicians need a section)")
                section = self.choice(raw, "section", SECTIONS, "section", fail)
            elif section is not None:
                fail("section", "only politicians have a section")
            out.append(SenatorDef(name, raw.get("ref"), kind, section))
        return tuple(out)

    def wonders(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "wonders")):
            name, fail = self.entry(raw, "wonders", i, ("name", "expansion", "cost", "effects"),
                                    ("ref", "draft_effects"))
            expansion = self.choice(raw, "expansion", EXPANSIONS, "expansion", fail)
            _, res = self.cost(raw, fail, coins_allowed=False)
            effects = self.effects(raw["effects"], "effects", fail)
            draft = self.effects(raw.get("draft_effects", []), "draft_effects", fail)
            out.append(WonderDef(name, raw.get("ref"), expansion, res, effects, draft))
        return tuple(out)

    def progress(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "progress_tokens")):
            name, fail = self.entry(raw, "progress_tokens", i, ("name", "expansion", "effects"),
                                    ("ref",))
            expansion = self.choice(raw, "expansion", EXPANSIONS, "expansion", fail)
            effects = self.effects(raw["effects"], "effects", fail, allow_empty=False)
            out.append(ProgressDef(name, raw.get("ref"), expansion, effects))
        return tuple(out)

    def military(self, data):
        mil = data["military"]
        if not isinstance(mil, Mapping):
            self.fail(f"expected a mapping, got {_type_name(mil)}", "top level", field="military")
        for key in mil:
            if key not in ("track", "tokens"):
                self.fail("unknown field (allowed: track, tokens)", "military", field=str(key))
        for key in ("track", "tokens"):
            if key not in mil:
                self.fail("missing required field", "military", field=key)
        track = mil["track"]
        if not isinstance(track, Mapping):
            self.fail(f"expected a mapping, got {_type_name(track)}", "military", field="track")
        for key in track:
            if key not in ("capital", "zones"):
                self.fail("unknown field (allowed: capital, zones)", "military.track",
                          field=str(key))
        for key in ("capital", "zones"):
            if key not in track:
                self.fail("missing required field", "military.track", field=key)
        capital = track["capital"]
        if not _is_int(capital) or capital < 2:
            self.fail(f"expected an integer >= 2, got {_type_name(capital)}", "military.track",
                      field="capital")
        zones_raw = track["zones"]
        if not isinstance(zones_raw, list) or not zones_raw:
            self.fail(f"expected a non-empty list, got {_type_name(zones_raw)}",
                      "military.track", field="zones")
        zones = []
        last_end = 0
        for i, z in enumerate(zones_raw):
            def zfail(field, problem, i=i):
                self.fail(problem, "military.track.zones", i, None, field)
            if not isinstance(z, Mapping):
                zfail(None, f"expected a mapping, got {_type_name(z)}")
            for key in z:
                if key not in ("from", "to", "points"):
                    zfail(str(key), "unknown field (allowed: from, to, points)")
            for key in ("from", "to", "points"):
                if key not in z:
                    zfail(key, "missing required field")
                if not _is_int(z[key]) or z[key] < 0:
                    zfail(key, f"expected an integer >= 0, got {_type_name(z[key])}")
            if z["from"] != last_end + 1:
                zfail("from", f"zones must follow each other from distance 1: expected "
                      f"{last_end + 1}, got {z['from']}")
            if not z["from"] <= z["to"] < capital:
                zfail("to", f"expected {z['from']} <= to < capital ({capital}), got {z['to']}")
            last_end = z["to"]
            zones.append(MilitaryZone(z["from"], z["to"], z["points"]))
        if last_end != capital - 1:
            self.fail(f"zones must cover distances 1..{capital - 1}, they stop at {last_end}",
                      "military.track", field="zones")
        spans = {(z.start, z.end) for z in zones}

        tokens = []
        tokens_raw = mil["tokens"]
        if not isinstance(tokens_raw, list):
            self.fail(f"expected a list, got {_type_name(tokens_raw)}", "military", field="tokens")
        for i, raw in enumerate(tokens_raw):
            name, fail = self.entry(raw, "military.tokens", i, ("name", "set", "zone", "effects"),
                                    ("ref",))
            token_set = self.choice(raw, "set", EXPANSIONS, "token set", fail)
            zone = raw["zone"]
            if (not isinstance(zone, list) or len(zone) != 2
                    or not all(_is_int(v) for v in zone)):
                fail("zone", f"expected [from, to] (two integers), got {zone!r}")
            lo, hi = zone
            if lo > hi or (lo < 0 < hi) or lo == 0 or hi == 0:
                fail("zone", f"expected an ascending range on one half of the track, got {zone!r}")
            dist = (lo, hi) if lo > 0 else (-hi, -lo)
            if dist not in spans:
                fail("zone", f"{zone!r} is not one of the track zones")
            effects = self.effects(raw["effects"], "effects", fail, allow_empty=False)
            tokens.append(MilitaryTokenDef(name, raw.get("ref"), token_set, (lo, hi), effects))
        return tuple(zones), capital, tuple(tokens)

    def layouts(self, data):
        raw = data["layouts"]
        if not isinstance(raw, Mapping):
            self.fail(f"expected a mapping, got {_type_name(raw)}", "top level", field="layouts")
        for key in raw:
            if key not in LAYOUT_CARD_COUNTS:
                self.fail(f"unknown layout (expected: {', '.join(LAYOUT_CARD_COUNTS)})",
                          "layouts", key, str(key))
        out = {}
        for lname, expected in LAYOUT_CARD_COUNTS.items():
            if lname not in raw:
                self.fail("missing required field", "layouts", field=lname)
            ages = raw[lname]

            def fail(field, problem, lname=lname):
                self.fail(problem, "layouts", lname, lname, field)

            if not isinstance(ages, Mapping):
                fail(None, f"expected a mapping of age to rows, got {_type_name(ages)}")
            for age in ages:
                if age not in AGES or not _is_int(age):
                    fail(str(age), f"age out of range: {age!r} (expected 1, 2, 3)")
            per_age = {}
            for age in AGES:
                if age not in ages:
                    fail(str(age), "missing required field")
                rows = ages[age]
                if not isinstance(rows, list) or not rows:
                    fail(str(age), f"expected a non-empty list of rows, got {_type_name(rows)}")
                frozen_rows = []
                for r, row in enumerate(rows, start=1):
                    where = f"{age}[row {r}]"
                    if not isinstance(row, list) or not row:
                        fail(where, f"a row must be a non-empty list of columns, got {_type_name(row)}")
                    for c in row:
                        if not _is_int(c) or c < 1:
                            fail(where, f"columns must be positive integers, got {_type_name(c)}")
                    if len(set(row)) != len(row):
                        dup = sorted({c for c in row if row.count(c) > 1})
                        fail(where, f"duplicate column(s) {dup}")
                    for a, b in zip(row, row[1:]):
                        if b <= a:
                            fail(where, f"columns must be increasing, got {a} then {b}")
                        if (b - a) % 2 or b - a < 2:
                            fail(where, f"neighbouring columns {a} and {b} are not 2 apart "
                                 "(must differ by an even number >= 2)")
                    frozen_rows.append(tuple(row))
                count = sum(len(row) for row in frozen_rows)
                if count != expected[age]:
                    fail(str(age), f"{count} card positions, but the {lname} Age {age} deck "
                         f"has {expected[age]} cards")
                per_age[age] = tuple(frozen_rows)
            out[lname] = types.MappingProxyType(per_age)
        return types.MappingProxyType(out)

    def chambers(self, data):
        items = self.section_list(data, "chambers")
        out = []
        for i, raw in enumerate(items):
            name, fail = self.entry(raw, "chambers", i,
                                    ("name", "section", "points", "decree_face_up"), ("ref",))
            section = self.choice(raw, "section", SECTIONS, "section", fail)
            points = raw["points"]
            if not _is_int(points) or points < 0:
                fail("points", f"expected an integer >= 0, got {_type_name(points)}")
            face_up = raw["decree_face_up"]
            if not isinstance(face_up, bool):
                fail("decree_face_up", f"expected true or false, got {_type_name(face_up)}")
            out.append(ChamberDef(name, i, section, points, face_up, raw.get("ref")))
        if len(out) != CHAMBER_COUNT:
            self.fail(f"expected {CHAMBER_COUNT} chambers, got {len(out)}", "top level",
                      field="chambers")
        return tuple(out)

    def decrees(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "decrees")):
            name, fail = self.entry(raw, "decrees", i, ("name", "effects"), ("ref",))
            effects = self.effects(raw["effects"], "effects", fail, allow_empty=False)
            out.append(DecreeDef(name, raw.get("ref"), effects))
        return tuple(out)

    def conspiracies(self, data):
        out = []
        for i, raw in enumerate(self.section_list(data, "conspiracies")):
            name, fail = self.entry(raw, "conspiracies", i, ("name", "steps"), ("ref",))
            steps = self.effects(raw["steps"], "steps", fail, allow_empty=False)
            out.append(ConspiracyDef(name, raw.get("ref"), steps))
        return tuple(out)

    def check_refs(self, section, defs, key=lambda d: d.ref):
        seen = {}
        for i, d in enumerate(defs):
            k = key(d)
            if d.ref is None:
                continue
            if k in seen:
                self.fail(f"duplicate ref {d.ref!r} (already used by {seen[k]!r})",
                          section, i, d.name, "ref")
            seen[k] = d.name

    def check_enough(self, cards, senators, wonders, progress, decrees, conspiracies):
        """Enough components in each deck to set up a game with the layouts' sizes."""
        base, agora = LAYOUT_CARD_COUNTS["base"], LAYOUT_CARD_COUNTS["agora"]
        guilds = sum(1 for c in cards if c.guild)
        if guilds < GUILDS_PER_GAME:
            self.fail(f"only {guilds} Guild card(s); a game needs {GUILDS_PER_GAME}", "cards")
        for age in AGES:
            have = sum(1 for c in cards if c.age == age and not c.guild)
            need = base[age] - (GUILDS_PER_GAME if age == AGES[-1] else 0)
            if have < need:
                self.fail(f"only {have} Age {age} card(s); the Age {age} structure needs {need}",
                          "cards")
        need = sum(agora[a] - base[a] for a in AGES)
        minimums = (
            ("senators", len(senators), need, "Senators (Agora structures)"),
            ("wonders", sum(1 for w in wonders if w.expansion == "base"),
             BASE_WONDERS_PER_GAME, "base Wonders (draft)"),
            ("progress_tokens", sum(1 for p in progress if p.expansion == "base"),
             PROGRESS_ON_BOARD, "base progress tokens (board)"),
            ("decrees", len(decrees), DECREES_PER_GAME, "Decrees (one per Chamber)"),
            ("conspiracies", len(conspiracies), CONSPIRACIES_DRAWN, "Conspiracies (Conspire)"),
        )
        for section, have, need, what in minimums:
            if have < need:
                self.fail(f"only {have} entries; a game needs at least {need} {what}", section)

    # -- whole file ----------------------------------------------------------
    def build(self, data) -> Database:
        if not isinstance(data, Mapping):
            self.fail(f"the file must be a mapping of sections, got {_type_name(data)}")
        for key in data:
            if key not in _TOP_LEVEL:
                self.fail(f"unknown section (allowed: {', '.join(_TOP_LEVEL)})", "top level",
                          field=str(key))
        for key in _TOP_LEVEL:
            if key not in data:
                self.fail("missing required section", "top level", field=key)
        if data["version"] != 1 or not _is_int(data["version"]):
            self.fail(f"unsupported version {data['version']!r} (expected 1)", "top level",
                      field="version")
        self.vocab = _Vocab(self.symbols(data, "science_symbols"),
                            self.symbols(data, "chain_symbols"))
        cards = self.cards(data)
        senators = self.senators(data)
        wonders = self.wonders(data)
        progress = self.progress(data)
        zones, capital, tokens = self.military(data)
        layouts = self.layouts(data)
        chambers = self.chambers(data)
        decrees = self.decrees(data)
        conspiracies = self.conspiracies(data)
        self.check_enough(cards, senators, wonders, progress, decrees, conspiracies)
        for section, defs in (("cards", cards), ("senators", senators), ("wonders", wonders),
                              ("progress_tokens", progress), ("decrees", decrees),
                              ("conspiracies", conspiracies)):
            self.check_refs(section, defs)
        self.check_refs("military.tokens", tokens, key=lambda d: (d.set, d.ref))
        self.check_refs("chambers", chambers)
        return Database(cards, senators, wonders, progress, zones, capital, tokens, layouts,
                        chambers, decrees, conspiracies, self.vocab.science_symbols,
                        self.vocab.chain_symbols)


def _load(path) -> Database:
    data = _read_yaml(path)
    builder = _Builder(path)
    try:
        return builder.build(data)
    except DataError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        # Defensive: a shape the checks above did not anticipate; never a traceback.
        raise DataError(path, f"malformed data ({type(exc).__name__}: {exc})") from None


@lru_cache(maxsize=1)
def _load_default() -> Database:
    return _load(DEFAULT_PATH)


def load_database(path: str | os.PathLike | None = None) -> Database:
    """Load and validate the data file (default: data/cards.yaml of this project, cached)."""
    if path is None:
        return _load_default()
    return _load(os.fspath(path))
