"""Display names of game components, through the translation catalogues.

The engine and the data speak English names ("The Pyramids", "Chamber 3"). Everything
the window shows goes through `display_name`, which looks up `names.<slug>` in the
current language and falls back to the English name, so a missing translation shows
the original name rather than a key.
"""

import re

from ui.text.i18n import load_catalogue, language

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """'The Great Library' -> 'the_great_library' (catalogue key part)."""
    return _SLUG.sub("_", name.lower()).strip("_")


def display_name(name: str) -> str:
    if not name:
        return name
    key = "names." + slug(name)
    for code in (language(), "en"):
        text = load_catalogue(code).get(key)
        if text:
            return text
    return name
