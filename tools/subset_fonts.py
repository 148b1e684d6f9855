"""Regenerate the bundled fonts (assets/fonts/AgoraGothic*.ttf) as subsets of the full
NanumGothic release: every glyph except the Chinese characters (Hanja), and without the
hinting program's editor sources (the VTT 'TSI' tables). That halves the fonts (9.3 MB to
4.2 MB) while every text the game can show still renders exactly as before.

A subset is a Modified Version under the font's licence (SIL OFL 1.1,
assets/fonts/OFL-NanumGothic.txt), and "Nanum"/"NanumGothic" are Reserved Font Names: so the
subset is renamed "Agora Gothic" (in its name table and its file name); the copyright,
trademark notice and licence stay.

Kept: every Latin, Greek, Cyrillic, punctuation and symbol glyph of the font, all 11,172
Hangul syllables and the Hangul letters (jamo) — so any name a player types in English or
Korean renders; left out: the 4,888 Hanja (a name typed in Chinese characters shows boxes).
The hinting instructions and the kerning table stay, so the kept glyphs draw as before.

    python tools/subset_fonts.py FULL_FONTS_DIR     (a folder holding the full NanumGothic.ttf
                                                    and NanumGothicBold.ttf, e.g. from
                                                    `git show fd3ecee:assets/fonts/NanumGothic.ttf`)

Needs fontTools (requirements-dev.txt). It then checks the result: every character of the
game's text (tools/shown_text.py) is in the subset, and each catalogue string renders
pixel for pixel as with the full font.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.shown_text import left_out, shown_characters, shown_strings  # noqa: E402

# The full font -> the bundled subset, with its new names (family, PostScript, full name).
FONTS = {
    "NanumGothic.ttf": ("AgoraGothic.ttf", "Agora Gothic", "AgoraGothic", "Agora Gothic"),
    "NanumGothicBold.ttf": ("AgoraGothicBold.ttf", "Agora Gothic", "AgoraGothic-Bold", "Agora Gothic Bold"),
}
FAMILY, UNIQUE, FULL, POSTSCRIPT, TYPO_FAMILY, WWS_FAMILY, CID_NAME = 1, 3, 4, 6, 16, 18, 20
OUT = ROOT / "assets" / "fonts"
EDITOR_TABLES = ["TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]     # Visual TrueType sources


def rename(font, family: str, postscript: str, full: str) -> None:
    """Give a font its new names in every language, where it gave the reserved ones."""
    table = font["name"]
    version = font["head"].fontRevision
    new = {FAMILY: family, TYPO_FAMILY: family, WWS_FAMILY: family, FULL: full,
           POSTSCRIPT: postscript, UNIQUE: f"{version:.3f};AgoraDuel;{postscript}"}
    table.names = [r for r in table.names if r.nameID != CID_NAME]   # a CID name for PostScript printers
    for record in table.names:
        if record.nameID in new:
            record.string = new[record.nameID]


def subset(source: Path, target: Path, names: tuple[str, str, str]) -> None:
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source))
    keep = [cp for cp in font.getBestCmap() if not left_out(cp)]
    options = ft_subset.Options()
    options.drop_tables += EDITOR_TABLES
    options.legacy_kern = True            # SDL_ttf kerns with the old 'kern' table
    options.hinting = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.layout_features = ["*"]
    options.recalc_timestamp = False
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    rename(font, *names)
    font.save(str(target))


def check(full: Path, part: Path) -> list[str]:
    """What the subset no longer draws as the full font does (nothing, when all is well)."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(part)).getBestCmap()
    problems = [f"{part.name}: U+{ord(ch):04X} {ch!r} missing"
                for ch in sorted(shown_characters()) if ord(ch) not in cmap]
    pygame.font.init()
    for px in (12, 20):
        old, new = pygame.font.Font(str(full), px), pygame.font.Font(str(part), px)
        for text in shown_strings():
            for line in text.splitlines():
                if not line.strip():
                    continue
                a, b = old.render(line, True, (0, 0, 0)), new.render(line, True, (0, 0, 0))
                if a.get_size() != b.get_size() or pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"):
                    problems.append(f"{part.name} at {px}px draws {line[:40]!r} differently")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("full_fonts", type=Path, help="folder with the full NanumGothic.ttf and NanumGothicBold.ttf")
    args = parser.parse_args(argv)
    problems = []
    for name, (out_name, *names) in FONTS.items():
        source, target = args.full_fonts / name, OUT / out_name
        subset(source, target, tuple(names))
        print(f"{name}: {source.stat().st_size / 1e6:.2f} MB -> {target.stat().st_size / 1e6:.2f} MB")
        problems += check(source, target)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
