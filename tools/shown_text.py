"""Every text the game can show, for the font subset (tools/subset_fonts.py) and its test:
the catalogues (data/locale/**), the components' data (data/cards.yaml: names and the rest),
the text written into the code (ui/, game/, net/, main.py: symbols such as "…" or "×"), and
what a player may type as a name (the Latin and Korean alphabets in full)."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent

# Left out of the bundled fonts: the Chinese characters (CJK ideographs, their extension A
# and compatibility forms). Nothing the game writes uses them.
LEFT_OUT = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))

# What a player may type (a name) must render whatever it is in English or Korean. (The font
# itself never had every accented Latin letter: Ä or ō showed boxes before the subset too.)
TYPEABLE = (
    (0x20, 0x7E),          # ASCII
    (0x3131, 0x318E),      # Hangul compatibility jamo (ㄱ, ㅏ: what the IME shows mid-word)
    (0xAC00, 0xD7A3),      # all 11,172 Hangul syllables
)


def left_out(codepoint: int) -> bool:
    return any(lo <= codepoint <= hi for lo, hi in LEFT_OUT)


def _strings(tree) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    if isinstance(tree, dict):
        return [s for key, value in tree.items() for s in _strings(key) + _strings(value)]
    if isinstance(tree, (list, tuple)):
        return [s for item in tree for s in _strings(item)]
    return []


def _code_strings(path: Path) -> list[str]:
    """The non-ASCII string constants of a module, its docstrings aside (nobody sees those)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and not node.value.isascii() and id(node) not in docstrings]


@lru_cache(maxsize=1)
def shown_strings() -> tuple[str, ...]:
    """The catalogues' texts, the components' data and the non-ASCII text in the code."""
    found: list[str] = []
    for path in sorted((ROOT / "data" / "locale").rglob("*.yaml")) + [ROOT / "data" / "cards.yaml"]:
        found += _strings(yaml.safe_load(path.read_text(encoding="utf-8")))
    code = [ROOT / "main.py"] + sorted(p for folder in ("ui", "game", "net") for p in (ROOT / folder).rglob("*.py"))
    for path in code:
        found += _code_strings(path)
    return tuple(found)


@lru_cache(maxsize=1)
def shown_characters() -> frozenset[str]:
    """Every character that may be drawn (whitespace and control characters aside)."""
    chars = {ch for text in shown_strings() for ch in text}
    chars |= {chr(cp) for lo, hi in TYPEABLE for cp in range(lo, hi + 1)}
    return frozenset(ch for ch in chars if ch.isprintable() and not ch.isspace())
