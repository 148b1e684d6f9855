"""Translations: `t(key, **params)` looks strings up in data/locale/<lang>.yaml.

Catalogues may nest keys (`menu: {quit: Quit}` is `menu.quit`) and use
str.format placeholders (`"{count} coins"`). Lookups never raise: a key missing
from the current language falls back to English, then to the key itself.
"""
from __future__ import annotations

import locale
import logging
import os
import string
from typing import Any

import yaml

from ui.paths import locale_dir

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"

_catalogues: dict[str, dict[str, str]] = {}
_current: str | None = None
_warned: set[str] = set()


def available_languages() -> list[str]:
    return sorted(p.stem for p in locale_dir().glob("*.yaml"))


def load_catalogue(code: str) -> dict[str, str]:
    """The flat key -> template mapping of one language (cached; empty if unreadable)."""
    if code not in _catalogues:
        # <code>.yaml holds the interface; <code>/*.yaml more parts (e.g. component names).
        paths = [locale_dir() / f"{code}.yaml"] + sorted((locale_dir() / code).glob("*.yaml"))
        flat: dict[str, str] = {}
        for path in paths:
            try:
                tree = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            except (OSError, yaml.YAMLError) as exc:
                log.warning("cannot read catalogue %s: %s", path, exc)
                tree = {}
            if isinstance(tree, dict):
                flat.update(_flatten(tree))
        _catalogues[code] = flat
    return _catalogues[code]


def _flatten(tree: dict[Any, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = "" if value is None else str(value)
    return flat


def placeholders(template: str) -> set[str]:
    """Names of the {placeholders} in a template."""
    try:
        return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}
    except ValueError:
        return set()


def language_from_locale(name: str | None) -> str:
    """Map a locale name such as 'ko_KR.UTF-8' or 'Korean_Korea' to a language code."""
    if name and name.strip().lower().startswith(("ko", "korean")):
        return "ko"
    return DEFAULT_LANGUAGE


def system_language() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").split(":")[0]
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return language_from_locale(value)
    try:
        name = locale.getlocale()[0]
    except ValueError:
        name = None
    return language_from_locale(name)


def set_language(code: str) -> None:
    global _current
    if code not in available_languages():
        raise ValueError(f"unknown language {code!r}; available: {', '.join(available_languages())}")
    _current = code


def language() -> str:
    global _current
    if _current is None:
        code = system_language()
        _current = code if code in available_languages() else DEFAULT_LANGUAGE
    return _current


def t(key: str, **params: Any) -> str:
    template = load_catalogue(language()).get(key)
    if template is None:
        template = load_catalogue(DEFAULT_LANGUAGE).get(key)
    if template is None:
        _warn_once(key, "missing translation key %r", key)
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        _warn_once(key, "cannot format %r: %s", key, exc)
        return template


def _warn_once(key: str, message: str, *args: Any) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warning(message, *args)
