"""Translations: `t(key, **params)` looks strings up in data/locale/<lang>.yaml.

Catalogues may nest keys (`menu: {quit: Quit}` is `menu.quit`) and use
str.format placeholders (`"{count} coins"`). Lookups never raise: a key missing
from the current language falls back to English, then to the key itself.

Two additions to str.format, both optional in any one language:
  * `{n:plural:coin|coins}` writes the first word when n == 1, else the second (English
    plurals; Korean needs none), so a template reads "{n} {n:plural:coin|coins}".
  * Korean particles: a Korean template writes both forms after a placeholder,
    "{name}을(를)", "{who}이(가)", "{a}(으)로" ..., and `t` keeps the one that agrees with
    the word filled in (ui/text/josa.py), so "회의소 3(으)로" reads "회의소 3으로".
`join_words(items, "and" | "or")` writes a list the way the language does ("wood, clay
and stone" / "나무, 진흙, 돌").
"""
from __future__ import annotations

import locale
import logging
import os
import string
from typing import Any

import yaml

from ui.text.josa import fix_particles
from ui.files.paths import locale_dir

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"
# libyaml's safe loader when present: the catalogues load ~10x faster (a game's first line of
# text waits for them), same result as yaml.safe_load.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

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
                tree = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
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
    """The language of the person's system: the locale variables, else what Windows or macOS
    says about the user interface, else Python's locale (English when nothing says Korean)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").split(":")[0]
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return language_from_locale(value)
    name = _desktop_language()
    if name is None:
        try:
            name = locale.getlocale()[0]
        except ValueError:
            name = None
    return language_from_locale(name)


def _desktop_language() -> str | None:
    """The user-interface language of Windows or macOS ('ko', 'en-US', ...), None elsewhere.

    A program started from the Finder or the Start menu has no LANG variable, so these ask
    the system itself. Never raises."""
    import sys
    try:
        if sys.platform == "win32":
            import ctypes
            lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
            return "ko" if lang_id & 0x3FF == 0x12 else "en"      # LANG_KOREAN = 0x12
        if sys.platform == "darwin":
            import subprocess
            out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                                 text=True, timeout=2).stdout
            first = next((w.strip(' "\t,') for w in out.replace("(", "").splitlines() if w.strip(' "\t,')), "")
            return first or None
    except Exception as exc:                    # no ctypes, no `defaults`, a sandbox ...
        log.debug("cannot ask the system for its language: %s", exc)
    return None


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


class _Formatter(string.Formatter):
    """str.format plus the `plural` spec: "{n:plural:coin|coins}"."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            one, _, many = format_spec[len("plural:"):].partition("|")
            return one if value == 1 else (many or one)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def t(key: str, **params: Any) -> str:
    code = language()
    template = load_catalogue(code).get(key)
    if template is None:
        template, code = load_catalogue(DEFAULT_LANGUAGE).get(key), DEFAULT_LANGUAGE
    if template is None:
        _warn_once(key, "missing translation key %r", key)
        return key
    try:
        text = _FORMATTER.format(template, **params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError) as exc:
        _warn_once(key, "cannot format %r: %s", key, exc)
        return template
    return fix_particles(text) if code == "ko" else text


def join_words(items, kind: str = "and") -> str:
    """'a, b and c' (kind 'and') or 'a, b or c' (kind 'or') in the current language."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return items[0] if items else ""
    text = t("list.separator").join(items[:-1]) + t(f"list.{kind}") + items[-1]
    return fix_particles(text) if language() == "ko" else text


def _warn_once(key: str, message: str, *args: Any) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warning(message, *args)
