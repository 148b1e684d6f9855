"""The bundled fonts are a subset of NanumGothic (no Chinese characters; tools/subset_fonts.py),
half the size, yet every character the game can show still has its glyph: every catalogue
string (data/locale/**), every card and component name and text (data/cards.yaml), the
symbols written in the code, and whatever a player types as a name in English or Korean
(all 11,172 Hangul syllables and the Hangul letters)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tools.shown_text import TYPEABLE, shown_characters, shown_strings  # noqa: E402
from ui.files import paths  # noqa: E402

MAX_FONTS_MB = 5.0       # both weights together; the full NanumGothic was 9.3 MB


@pytest.fixture(scope="module", params=[False, True], ids=["regular", "bold"])
def font(request):
    pygame.font.init()
    yield pygame.font.Font(str(paths.font_path(request.param)), 16)


def _pixels(font, text: str) -> bytes:
    return pygame.image.tobytes(font.render(text, False, (255, 255, 255), (0, 0, 0)), "RGB")


def _undrawn(font, chars) -> list[str]:
    """The characters the font draws as its 'missing glyph' box."""
    tofu = _pixels(font, "\ue000")          # a private-use code point: never in the font
    return sorted(ch for ch in chars if _pixels(font, ch) == tofu)


def test_the_check_sees_a_missing_glyph(font):
    assert _undrawn(font, "가A一✓") == sorted("一✓")     # a Hanja left out; a symbol never there


def test_every_character_the_game_shows_or_a_player_types_draws(font):
    strings = shown_strings()
    assert len(strings) > 3000                          # the catalogues and the cards were read
    assert "Lumber Yard" in strings and "Circus Maximus" in strings     # card and Wonder names
    chars = shown_characters()
    assert {"가", "힣", "ㄱ", "ㅏ", "A", "z", "…", "×", "·"} <= chars
    assert len([ch for ch in chars if "\uac00" <= ch <= "\ud7a3"]) == 11172
    assert _undrawn(font, chars) == []


def test_typeable_ranges_cover_english_and_korean_names():
    covered = {cp for lo, hi in TYPEABLE for cp in range(lo, hi + 1)}
    for name in ("Ada Lovelace", "김철수", "ㅎㅎ"):
        assert {ord(ch) for ch in name if not ch.isspace()} <= covered


def test_the_bundled_fonts_are_the_subset():
    fonts = [paths.font_path(bold) for bold in (False, True)]
    assert all(path.name.startswith("AgoraGothic") for path in fonts)     # renamed: OFL reserved names
    size = sum(path.stat().st_size for path in fonts) / 1e6
    assert size < MAX_FONTS_MB, f"{size:.1f} MB"
