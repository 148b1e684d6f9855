"""The evaluation's fitted scales, read once from `data/ai_weights.json`.

The file is written by tools/fit_ai_weights.py (self-play + logistic regression; see
docs/ai-fit-notes.md). It holds, per rule set ("base", "agora"), the per-Age scale of each
evaluation term (game/ai/evaluate.py `terms`) and the per-Age value scale that turns an
evaluation into a winning chance. Its "tuned" object, written by tools/tune_term_scales.py,
holds per rule set the term scales tuned by play, which replace the fitted ones. A missing or malformed file raises `DataError` naming
the file and the problem, as a broken data/cards.yaml does.
"""

import json
import math
import sys
from functools import lru_cache
from pathlib import Path

from ..data import DataError

# The evaluation's terms, in the order the fit and the file use.
TERM_NAMES = ("points", "coins", "production", "military", "science", "tokens", "chains",
              "wonders", "senate", "conspiracies", "pending", "tempo")
RULE_SETS = ("base", "agora")

# The program's own data/ directory, as game/data.py finds cards.yaml (also inside a
# PyInstaller bundle); it does not follow a replaced card file: the weights go with the AI.
DEFAULT_PATH = (Path(getattr(sys, "_MEIPASS", "")) if getattr(sys, "_MEIPASS", None)
                else Path(__file__).resolve().parent.parent.parent) / "data" / "ai_weights.json"


class FittedWeights:
    """term_scale[rules][term] and value_scale[rules] are tuples of 3 (Ages I-III).

    `term_scale` is what the evaluation uses: the scales tuned by play
    (tools/tune_term_scales.py, the file's "tuned" object) where a rule set has them, else
    the fitted ones; `fit_term_scale` is always the fit's (where tuning starts from)."""

    def __init__(self, term_scale, value_scale, settings, quality, fit_term_scale=None,
                 tuning=None):
        self.term_scale = term_scale
        self.value_scale = value_scale
        self.settings = settings
        self.quality = quality
        self.fit_term_scale = fit_term_scale or term_scale
        self.tuning = tuning or {}


def _three_numbers(value, where, path):
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                       and math.isfinite(v) for v in value)):
        raise DataError(path, f"{where}: expected a list of 3 numbers (Ages I-III), "
                              f"got {json.dumps(value)[:60]}")
    return tuple(float(v) for v in value)


def load_weights(path=DEFAULT_PATH) -> FittedWeights:
    """Read and check the weights file; raises DataError on any problem."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise DataError(path, "cannot read the AI weights file: no such file "
                              "(write it with tools/fit_ai_weights.py)") from None
    except OSError as exc:
        raise DataError(path, f"cannot read the AI weights file: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise DataError(path, f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise DataError(path, "expected a JSON object at the top level")
    for key in ("term_scale", "value_scale"):
        if not isinstance(doc.get(key), dict):
            raise DataError(path, f"missing the '{key}' object")
    tuned = doc.get("tuned", {})
    if not isinstance(tuned, dict):
        raise DataError(path, "tuned: expected an object (rule set: its tuning)")
    term_scale, fit_term_scale, value_scale, tuning = {}, {}, {}, {}
    for rules in RULE_SETS:
        fit_term_scale[rules] = _term_table(doc["term_scale"].get(rules), "term_scale",
                                            rules, path)
        term_scale[rules] = fit_term_scale[rules]
        if rules in tuned:
            part = tuned[rules]
            if not isinstance(part, dict):
                raise DataError(path, f"tuned.{rules}: expected an object")
            term_scale[rules] = _term_table(part.get("term_scale"), f"tuned.{rules}.term_scale",
                                            None, path)
            tuning[rules] = part.get("settings", {})
        value = _three_numbers(doc["value_scale"].get(rules), f"value_scale.{rules}", path)
        if min(value) <= 0:
            raise DataError(path, f"value_scale.{rules}: the scales must be positive")
        value_scale[rules] = value
    return FittedWeights(term_scale, value_scale, doc.get("settings", {}),
                         doc.get("quality", {}), fit_term_scale, tuning)


def _term_table(scales, where, rules, path):
    """{term: (3 scales)} from the file's object for one rule set, checked."""
    if rules is not None:
        if not isinstance(scales, dict):
            raise DataError(path, f"{where}: missing the '{rules}' rule set")
        where = f"{where}.{rules}"
    elif not isinstance(scales, dict):
        raise DataError(path, f"{where}: expected an object (term: 3 scales)")
    unknown = sorted(set(scales) - set(TERM_NAMES))
    if unknown:
        raise DataError(path, f"{where}: unknown term '{unknown[0]}'")
    table = {}
    for name in TERM_NAMES:
        if name not in scales:
            raise DataError(path, f"{where}: missing the term '{name}'")
        table[name] = _three_numbers(scales[name], f"{where}.{name}", path)
    if min(min(v) for v in table.values()) <= 0:
        raise DataError(path, f"{where}: the scales must be positive")
    return table


@lru_cache(maxsize=1)
def fitted() -> FittedWeights:
    """The weights of data/ai_weights.json (read once)."""
    return load_weights(DEFAULT_PATH)


# ---------------------------------------------------------------- measured choice values

CHOICES_PATH = DEFAULT_PATH.parent / "ai_choices.json"
CHOICE_KINDS = ("wonders", "tokens")     # drafted Wonders, progress tokens taken


def load_choice_values(path=CHOICES_PATH) -> dict:
    """{rules: {"wonders": {name: value}, "tokens": {name: value}, "moving_first": value}}
    for "base" and "agora",
    from data/ai_choices.json (written by tools/fit_choice_values.py); raises DataError on
    any problem."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.loads(f.read())
    except FileNotFoundError:
        raise DataError(path, "cannot read the AI's measured choice values: no such file "
                              "(write it with tools/fit_choice_values.py)") from None
    except OSError as exc:
        raise DataError(path, f"cannot read the AI's measured choice values: "
                              f"{exc.strerror or exc}") from None
    except ValueError as exc:
        raise DataError(path, f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise DataError(path, "expected a JSON object at the top level")
    out = {}
    for rules in RULE_SETS:
        part = doc.get(rules)
        if not isinstance(part, dict):
            raise DataError(path, f"missing the '{rules}' rule set")
        out[rules] = {}
        for kind in CHOICE_KINDS:
            values = part.get(kind, {}).get("value") if isinstance(part.get(kind), dict) else None
            if not isinstance(values, dict) or not values:
                raise DataError(path, f"missing the '{rules}.{kind}.value' object (name: value)")
            for name, v in values.items():
                if (not isinstance(v, (int, float)) or isinstance(v, bool)
                        or not math.isfinite(v)):
                    raise DataError(path, f"{rules}.{kind}.value.{name}: expected a number, "
                                          f"got {json.dumps(v)[:40]}")
            out[rules][kind] = {name: float(v) for name, v in values.items()}
        first = part.get("moving_first", {})
        first = first.get("value", 0.0) if isinstance(first, dict) else first
        if not isinstance(first, (int, float)) or isinstance(first, bool) or not math.isfinite(first):
            raise DataError(path, f"{rules}.moving_first.value: expected a number")
        out[rules]["moving_first"] = float(first)
    return out


@lru_cache(maxsize=1)
def choice_values() -> dict:
    """The values of data/ai_choices.json (read once)."""
    return load_choice_values(CHOICES_PATH)
