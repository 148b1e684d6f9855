"""Component names and effect texts: data/locale/<lang>/names.yaml and effects.yaml.

Every component of data/cards.yaml (base game and Agora) has a display name and a tooltip
effect text in English and Korean; both languages have the same keys and placeholders;
Korean texts contain no Latin letters; the bundled font draws every character; and
ui.text.names.display_name follows the current language.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import pygame

from game.data import load_database
from ui.text import i18n
from ui.files import paths
from ui.text.i18n import _flatten, placeholders
from ui.text.names import display_name, slug

LOCALE = Path(__file__).resolve().parent.parent / "data" / "locale"
LANGS = ("en", "ko")
PARTS = ("names", "effects")
# Latin letters allowed inside Korean strings (none are used at present).
ALLOWED_LATIN = {"I", "II", "III", "VP"}


@pytest.fixture(scope="module")
def db():
    return load_database()


def _components(db):
    """(name, kind) of every component in data/cards.yaml, base game and Agora."""
    groups = {
        "card": db.cards, "senator": db.senators, "wonder": db.wonders,
        "progress": db.progress_tokens, "military": db.military_tokens,
        "chamber": db.chambers, "decree": db.decrees, "conspiracy": db.conspiracies,
    }
    return [(item.name, kind) for kind, items in groups.items() for item in items]


def _symbols(db):
    resources = ["wood", "clay", "stone", "glass", "papyrus"]
    colours = ["brown", "grey", "blue", "green", "yellow", "red", "purple"]
    return list(db.science_symbols) + list(db.chain_symbols) + resources + colours


def _load(lang: str, part: str) -> dict[str, str]:
    tree = yaml.safe_load((LOCALE / lang / f"{part}.yaml").read_text(encoding="utf-8"))
    assert isinstance(tree, dict) and set(tree) == {part}, f"{lang}/{part}.yaml must hold one `{part}:` tree"
    flat = _flatten(tree)
    assert all(isinstance(v, str) and v.strip() for v in flat.values()), f"{lang}/{part}.yaml has an empty value"
    return flat


def test_component_counts(db):
    assert len(db.cards) == 73
    assert len(db.senators) == 13
    assert len(db.wonders) == 14
    assert len(db.progress_tokens) == 12
    assert len(db.military_tokens) == 8
    assert len(db.chambers) == 6
    assert len(db.decrees) == 16
    assert len(db.conspiracies) == 16
    assert {w.expansion for w in db.wonders} == {"base", "agora"}
    assert {t.set for t in db.military_tokens} == {"base", "agora"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_has_a_name_and_an_effect(db, lang):
    names = _load(lang, "names")
    effects = _load(lang, "effects")
    missing_names = [n for n, _ in _components(db) if "names." + slug(n) not in names]
    missing_effects = [n for n, _ in _components(db) if "effects." + slug(n) not in effects]
    assert not missing_names, (lang, missing_names)
    assert not missing_effects, (lang, missing_effects)
    aliases = [c.alias for c in db.cards if c.alias]
    assert all("names." + slug(a) in names for a in aliases)


@pytest.mark.parametrize("lang", LANGS)
def test_every_symbol_resource_and_colour_has_a_name(db, lang):
    names = _load(lang, "names")
    missing = [s for s in _symbols(db) if "names." + slug(s) not in names]
    assert not missing, (lang, missing)


def test_no_stray_keys(db):
    """Every key names a component, an alias, a symbol, a resource or a colour."""
    known = {slug(n) for n, _ in _components(db)} | {slug(c.alias) for c in db.cards if c.alias}
    known_names = known | {slug(s) for s in _symbols(db)}
    for lang in LANGS:
        stray = [k for k in _load(lang, "names") if k.split(".", 1)[1] not in known_names]
        assert not stray, (lang, stray)
        stray = [k for k in _load(lang, "effects") if k.split(".", 1)[1] not in known]
        assert not stray, (lang, stray)


def test_slugs_do_not_collide(db):
    everything = [n for n, _ in _components(db)] + _symbols(db)
    slugs = {}
    for name in everything:
        slugs.setdefault(slug(name), set()).add(name)
    assert not {s: n for s, n in slugs.items() if len(n) > 1}


@pytest.mark.parametrize("part", PARTS)
def test_english_and_korean_have_the_same_keys_and_placeholders(part):
    en, ko = _load("en", part), _load("ko", part)
    assert set(en) == set(ko), (sorted(set(en) ^ set(ko)))
    for key in en:
        assert placeholders(en[key]) == placeholders(ko[key]), key


@pytest.mark.parametrize("part", PARTS)
def test_korean_has_no_latin_letters(part):
    for key, text in _load("ko", part).items():
        words = set(re.findall(r"[A-Za-z]+", text))
        assert words <= ALLOWED_LATIN, (key, text, words - ALLOWED_LATIN)
        assert re.search(r"[\uac00-\ud7a3]", text), (key, text)


def test_english_has_no_hangul():
    for part in PARTS:
        for key, text in _load("en", part).items():
            assert not re.search(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]", text), (key, text)


def test_effects_are_sentences():
    for lang in LANGS:
        for key, text in _load(lang, "effects").items():
            assert text.rstrip().endswith((".", ")")), (lang, key, text)
            assert "names." not in text and "effects." not in text, (lang, key)


def test_same_display_for_identical_senators(db):
    """Senators of the same type and section share their name and text."""
    for lang in LANGS:
        names, effects = _load(lang, "names"), _load(lang, "effects")
        groups: dict[tuple, set] = {}
        for s in db.senators:
            key = (s.kind, s.section)
            groups.setdefault(key, set()).add((names["names." + slug(s.name)], effects["effects." + slug(s.name)]))
        assert all(len(v) == 1 for v in groups.values()), (lang, groups)
        assert len({v.pop()[0] for v in groups.values()}) == 4   # left, middle, right, conspirator


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_renders_with_the_bundled_font(lang):
    pygame.font.init()
    fonts = [pygame.font.Font(str(paths.font_path(bold)), 20) for bold in (False, True)]
    for part in PARTS:
        for key, text in _load(lang, part).items():
            for font in fonts:
                metrics = font.metrics(text)
                missing = sorted({ch for ch, m in zip(text, metrics) if m is None})
                assert not missing, f"{lang}:{key} has no glyph for {missing}"


def test_display_name_follows_the_language(db):
    en, ko = _load("en", "names"), _load("ko", "names")
    everything = [n for n, _ in _components(db)] + _symbols(db)
    try:
        i18n.set_language("ko")
        for name in everything:
            assert display_name(name) == ko["names." + slug(name)], name
        i18n.set_language("en")
        for name in everything:
            assert display_name(name) == en["names." + slug(name)], name
    finally:
        i18n.set_language("en")


def test_catalogue_merges_the_name_files():
    """ui.text.i18n loads <lang>/names.yaml and effects.yaml on top of <lang>.yaml."""
    for lang in LANGS:
        catalogue = i18n.load_catalogue(lang)
        for part in PARTS:
            for key, text in _load(lang, part).items():
                assert catalogue.get(key) == text, (lang, key)
