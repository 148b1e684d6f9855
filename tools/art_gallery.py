"""Render every procedurally drawn face into a contact sheet PNG.

    python tools/art_gallery.py                      # -> art_gallery_en.png (+ _ko) in /tmp
    python tools/art_gallery.py --out DIR --lang en --card-width 120

Sheets: icons, Age cards and Senators, backs, Wonders, progress and military tokens,
Decrees, Conspiracies, a Senate board and the military track. Headless (dummy video driver).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.rules import rules_for  # noqa: E402
from ui.draw import art as ui_art  # noqa: E402
from ui.draw import theme  # noqa: E402
from ui.cardart import BACKS, Art  # noqa: E402
from ui.cardart.icons import ALL_PUBLIC, ICONS  # noqa: E402
from ui.cardart.senate import draw_senate_board  # noqa: E402
from ui.cardart.track import draw_military_track  # noqa: E402
from ui.draw.fonts import get_font  # noqa: E402
from ui.text.i18n import set_language  # noqa: E402

PAD = 14


class Sheet:
    """Flow layout of labelled tiles, section by section."""

    def __init__(self, width):
        self.width = width
        self.items = []  # (surface, x, y)
        self.x = PAD
        self.y = PAD
        self.row_h = 0

    def heading(self, text):
        self.newline()
        self.y += 6
        t = get_font(22, True).render(text, True, theme.INK)
        self.items.append((t, PAD, self.y))
        self.y += t.get_height() + 8

    def newline(self):
        if self.row_h:
            self.y += self.row_h + PAD
        self.x = PAD
        self.row_h = 0

    def add(self, surf, label=None):
        tile = surf
        if label:
            t = get_font(12, False).render(label, True, theme.INK_SOFT)
            w = max(surf.get_width(), t.get_width())
            tile = pygame.Surface((w, surf.get_height() + t.get_height() + 2), pygame.SRCALPHA)
            tile.blit(surf, ((w - surf.get_width()) // 2, 0))
            tile.blit(t, ((w - t.get_width()) // 2, surf.get_height() + 2))
        if self.x + tile.get_width() > self.width - PAD and self.x > PAD:
            self.newline()
        self.items.append((tile, self.x, self.y))
        self.x += tile.get_width() + PAD
        self.row_h = max(self.row_h, tile.get_height())

    def render(self, path):
        self.newline()
        height = self.y + PAD
        out = pygame.Surface((self.width, height))
        out.blit(pygame.transform.smoothscale(ui_art.parchment((self.width // 4, max(1, height // 4))),
                                              (self.width, height)), (0, 0))
        for surf, x, y in self.items:
            out.blit(surf, (x, y))
        pygame.image.save(out, str(path))
        return path


def build(art, lang, out_dir, card_w):
    rules = art.rules
    paths = []

    # 1. icons and small labels
    sheet = Sheet(1600)
    sheet.heading(f"Icons ({lang})")
    for kind in ALL_PUBLIC:
        sheet.add(art.icon(kind, 48), kind)
    sheet.newline()
    for kind in ALL_PUBLIC:
        sheet.add(art.icon(kind, 22))
    sheet.heading("Helper symbols")
    for kind in sorted(k for k in ICONS if k not in ALL_PUBLIC):
        sheet.add(art.icon(kind, 40), kind)
    sheet.newline()
    for n in (0, 1, 3, 7, 12, "-2"):
        sheet.add(art.coin_label(n, 40), f"coin {n}")
    for n in (1, 3, 7, 10):
        sheet.add(art.points_label(n, 40), f"points {n}")
    sheet.heading("Progress tokens")
    for p in rules.progress:
        sheet.add(art.progress(p.name, 96))
    sheet.add(art.progress(None, 96), "back")
    sheet.newline()
    for p in rules.progress:
        sheet.add(art.progress(p.name, 48))
    sheet.heading("Military tokens")
    for t in rules.db.military_tokens:
        sheet.add(art.military_token(t.name, 80), t.name.split(" (")[0])
    sheet.heading("Decrees")
    for d in rules.decrees:
        sheet.add(art.decree(d.name, 170))
    sheet.add(art.decree(None, 170), "back")
    sheet.newline()
    for d in rules.decrees[:8]:
        sheet.add(art.decree(d.name, 84))
    sheet.add(art.decree(None, 84))
    paths.append(sheet.render(out_dir / f"art_gallery_{lang}_icons.png"))

    # 2. cards at table size
    sheet = Sheet(1600)
    sheet.heading(f"Age cards, Guilds and Senators at {card_w}px ({lang})")
    for c in rules.cards:
        sheet.add(art.card(c.name, card_w))
    sheet.heading("Backs")
    for b in BACKS:
        sheet.add(art.card_back(b, card_w), b)
    sheet.add(art.conspiracy(None, card_w), "conspiracy")
    paths.append(sheet.render(out_dir / f"art_gallery_{lang}_cards.png"))

    # 3. Wonders, Conspiracies, big cards
    sheet = Sheet(1600)
    sheet.heading(f"Wonders ({lang})")
    for w in rules.wonders:
        sheet.add(art.wonder(w.name, 300))
    sheet.add(art.wonder_back(300), "back")
    sheet.heading("Conspiracies")
    for c in rules.conspiracies:
        sheet.add(art.conspiracy(c.name, 170))
    sheet.add(art.conspiracy(None, 170), "back")
    sheet.heading("Large cards")
    for name in ("Caravansery", "Shipowners Guild", "Arena", "Customs House", "Left Politician 1",
                 "Conspirator 2", "Moneylenders Guild"):
        sheet.add(art.card(name, 220))
    paths.append(sheet.render(out_dir / f"art_gallery_{lang}_wonders.png"))

    # 4. boards
    sheet = Sheet(1600)
    sheet.heading(f"Senate and military track ({lang})")
    board = pygame.Surface((1100, 300), pygame.SRCALPHA)
    decrees = [[(rules.decrees[0].name, True)], [(rules.decrees[1].name, False)],
               [(rules.decrees[2].name, True), (rules.decrees[3].name, False)], [],
               [(rules.decrees[4].name, True)], [(rules.decrees[5].name, False)]]
    draw_senate_board(art, board, board.get_rect(), rules.chambers,
                      [2, 0, 1, 1, 0, 3, 4, 2, 0, 0, 0, 1], [0, 1, None, 0, None, 1], decrees, (5, 6),
                      highlight={2, 3})
    sheet.add(board)
    track = pygame.Surface((1400, 110), pygame.SRCALPHA)
    draw_military_track(art, track, track.get_rect(), 3, list(range(len(rules.military_tokens))))
    sheet.add(track)
    track2 = pygame.Surface((900, 70), pygame.SRCALPHA)
    draw_military_track(art, track2, track2.get_rect(), -7, [0, 3])
    sheet.add(track2)
    paths.append(sheet.render(out_dir / f"art_gallery_{lang}_boards.png"))
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp", help="output folder")
    ap.add_argument("--lang", action="append", help="language(s): en, ko (default both)")
    ap.add_argument("--card-width", type=int, default=110)
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    rules = rules_for(True)
    for lang in args.lang or ["en", "ko"]:
        set_language(lang)
        art = Art(rules)
        t = time.perf_counter()
        for p in build(art, lang, out_dir, args.card_width):
            print(p)
        print(f"{lang}: {time.perf_counter() - t:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
