"""Round tokens: progress tokens (with an emblem per token) and military tokens."""
from __future__ import annotations

import math

import pygame

from ui.cardart import palette as P
from ui.cardart.icons import leaf
from ui.cardart.pen import Pen, arc_points, darken, lighten, mix
from ui.cardart.names_fit import fitted_name
from ui.text.names import display_name

HOLE = (0, 0, 0, 0)
FG = (252, 242, 214)


# --- progress emblems (100-unit box, one colour, holes punched) -----------------------

def _wheat(l, c):
    l.line((50, 92), (50, 30), c, 4)
    for i in range(5):
        y = 30 + i * 11
        for side in (-1, 1):
            l.poly(leaf((50, y + 4), math.radians(-90 - side * 32), 16, 8), c)
    l.poly(leaf((50, 30), math.radians(-90), 16, 8), c)
    l.lines([(50, 70), (30, 88)], c, 3)
    l.lines([(50, 70), (70, 88)], c, 3)


def _compass(l, c):
    l.circle((50, 18), 7, c)
    l.lines([(50, 22), (26, 86)], c, 6)
    l.lines([(50, 22), (74, 86)], c, 6)
    l.lines(arc_points(50, 40, 30, 34, -120, -60), c, 3)
    l.poly([(16, 92), (86, 92), (86, 86), (16, 86)], c)
    l.circle((50, 18), 3, HOLE)


def _economy(l, c):
    for i, y in enumerate((82, 72, 62)):
        l.ellipse(10, y - 8, 44, 16, c)
        l.lines(arc_points(32, y, 22, 8, 180, 360), HOLE, 1.8)
    l.circle((68, 40), 22, c)
    l.circle((68, 40), 15, HOLE, 3)
    l.lines([(62, 32), (74, 32)], c, 3)
    l.lines(arc_points(50, 40, 40, 34, 120, 170), c, 4)
    l.poly([(8, 30), (18, 18), (22, 34)], c)


def _scales(l, c):
    l.line((50, 14), (50, 80), c, 6)
    l.poly([(30, 88), (70, 88), (60, 78), (40, 78)], c)
    l.line((16, 28), (84, 28), c, 5)
    l.circle((50, 16), 6, c)
    for x in (22, 78):
        l.line((x, 28), (x - 12, 58), c, 2.5)
        l.line((x, 28), (x + 12, 58), c, 2.5)
        l.poly(arc_points(x, 58, 15, 10, 180, 360), c)


def _masonry(l, c):
    rows = [(60, 0), (74, 8), (88, 0)]
    for y, off in rows:
        for i in range(4):
            x = 8 + off + i * 22
            if x + 20 > 96:
                continue
            l.rect(x, y - 12, 20, 12, c, radius=1.5)
    l.poly([(30, 40), (62, 16), (72, 26), (40, 50)], c)
    l.line((66, 22), (86, 8), c, 6)


def _mathematics(l, c):
    l.lines([(14, 84), (86, 84), (50, 22)], c, 5, closed=True)
    l.circle((50, 62), 15, c, 3.5)
    l.line((50, 22), (50, 84), c, 2.5)
    l.circle((50, 22), 5, c)
    l.circle((14, 84), 5, c)
    l.circle((86, 84), 5, c)


def _philosophy(l, c):
    # the owl of Athena
    l.ellipse(24, 30, 52, 62, c)
    l.poly([(26, 40), (30, 14), (44, 32)], c)
    l.poly([(74, 40), (70, 14), (56, 32)], c)
    for x in (38, 62):
        l.circle((x, 46), 11, HOLE)
        l.circle((x, 46), 5.5, c)
    l.poly([(46, 56), (54, 56), (50, 66)], HOLE)
    for i in range(3):
        l.lines(arc_points(50, 70 + i * 7, 10, 4, 200, 340), HOLE, 1.8)
    l.line((20, 92), (80, 92), c, 4)


def _strategy(l, c):
    from ui.cardart.icons import rot
    for a in (-40, 40):
        l.poly(rot([(46, 6), (54, 6), (54, 62), (46, 62)], a, 50, 50), c)
        l.poly(rot([(46, 6), (54, 6), (50, -2)], a, 50, 50), c)
        l.poly(rot([(38, 64), (62, 64), (62, 70), (38, 70)], a, 50, 50), c)
        l.poly(rot([(47, 70), (53, 70), (53, 86), (47, 86)], a, 50, 50), c)
    l.circle((50, 54), 22, c)
    l.circle((50, 54), 16, HOLE, 3)
    l.circle((50, 54), 6, c)


def _theology(l, c):
    for a in range(0, 360, 30):
        from ui.cardart.icons import rot
        l.poly(rot([(47, 14), (53, 14), (50, 4)], a, 50, 34), c)
    l.circle((50, 34), 14, c)
    l.poly([(14, 62), (86, 62), (50, 50)], c)
    for x in (20, 35, 50, 65, 80):
        l.rect(x - 3, 62, 6, 22, c)
    l.rect(12, 86, 76, 6, c)


def _urbanism(l, c):
    for x, w, hgt in ((8, 18, 40), (26, 20, 62), (46, 16, 48), (62, 28, 56)):
        l.rect(x, 90 - hgt, w, hgt, c)
        for wy in range(int(90 - hgt + 6), 84, 10):
            for wx in range(int(x + 4), int(x + w - 4), 7):
                l.rect(wx, wy, 3, 5, HOLE)
    l.poly([(26, 28), (46, 28), (36, 16)], c)
    l.rect(4, 90, 92, 4, c)


def _corruption(l, c):
    # a money bag
    l.circle((50, 64), 30, c)
    l.poly([(40, 30), (60, 30), (64, 44), (36, 44)], c)
    l.poly([(30, 14), (44, 22), (50, 16), (56, 22), (70, 14), (62, 32), (38, 32)], c)
    l.line((36, 32), (64, 32), HOLE, 3)
    l.circle((50, 66), 14, HOLE, 3)
    l.line((50, 57), (50, 75), HOLE, 3)


def _crime(l, c):
    # a domino mask and a dagger
    l.poly([(10, 40), (30, 30), (50, 36), (70, 30), (90, 40), (84, 56), (64, 62), (50, 54), (36, 62), (16, 56)], c)
    l.ellipse(24, 38, 18, 12, HOLE)
    l.ellipse(58, 38, 18, 12, HOLE)
    l.poly([(48, 66), (52, 66), (54, 96), (50, 100), (46, 96)], c)
    l.rect(40, 62, 20, 4, c)
    l.rect(47, 52, 6, 10, c)


PROGRESS_EMBLEMS = {
    "Agriculture": _wheat,
    "Architecture": _compass,
    "Economy": _economy,
    "Law": _scales,
    "Masonry": _masonry,
    "Mathematics": _mathematics,
    "Philosophy": _philosophy,
    "Strategy": _strategy,
    "Theology": _theology,
    "Urbanism": _urbanism,
    "Corruption": _corruption,
    "Organized Crime": _crime,
}


def _token_base(pen, main, light, dark, ring=P.BRONZE):
    pen.circle((50, 52), 49, (0, 0, 0, 80))
    pen.circle((50, 50), 49, P.INK)
    pen.circle((50, 50), 47, ring)
    pen.arc(50, 50, 45, 60, 200, lighten(ring, 0.4), 1.6)
    pen.circle((50, 50), 43, darken(dark, 0.3))
    pen.circle((50, 50), 42, dark)
    pen.circle((50, 46), 38, main)
    pen.circle((50, 42), 28, mix(main, light, 0.4))
    for a in range(0, 360, 10):
        x, y = 50 + 45 * math.cos(math.radians(a)), 50 - 45 * math.sin(math.radians(a))
        pen.circle((x, y), 0.7, darken(ring, 0.3))


def draw_progress(art, comp, d: int) -> pygame.Surface:
    main, light, dark = P.PROGRESS
    pen = Pen(d, d, 100)
    _token_base(pen, main, light, dark)
    show_name = d >= 56
    fn = PROGRESS_EMBLEMS.get(comp.name)
    box = 52 if show_name else 62
    cy = 40 if show_name else 50
    size_px = max(4, round(box * d / 100))
    sub = Pen(size_px, size_px, 100, ss=pen.ss)
    if fn is not None:
        shadow = Pen(size_px, size_px, 100, ss=pen.ss)
        fn(shadow, (20, 50, 30, 150))
        fn(sub, FG)
        sub.outline_all((24, 40, 20), 2.5)
        off = round(1.6 * pen.k)
        pen.surf.blit(shadow.surf, (round((50 - box / 2) * pen.k) + off, round((cy - box / 2) * pen.k) + off))
        pen.surf.blit(sub.surf, (round((50 - box / 2) * pen.k), round((cy - box / 2) * pen.k)))
    if show_name:
        pen.poly([(8, 64), (92, 64), (88, 72), (92, 80), (8, 80), (12, 72)], P.INK)
        pen.gradient_rect(10, 65.5, 80, 13, P.PARCHMENT_LIGHT, (222, 200, 156))
    surf = pen.result()
    if fn is None:
        from ui.cardart.faces import effects_of
        img = art.effects_image(effects_of(comp), round(box * d / 100), round(box * d / 100 * 0.7), max_rows=2)
        surf.blit(img, img.get_rect(center=(d // 2, round(cy * d / 100))))
    if show_name:
        u = d / 100
        txt = fitted_name(display_name(comp.name), round(76 * u), round(12 * u), round(10.5 * u), P.INK, True, 1)
        surf.blit(txt, txt.get_rect(center=(round(50 * u), round(72.5 * u))))
    return surf


def draw_progress_back(art, d: int) -> pygame.Surface:
    main, light, dark = P.PROGRESS
    pen = Pen(d, d, 100)
    _token_base(pen, darken(main, 0.2), main, darken(dark, 0.2))
    pen.result()
    surf = pen.result()
    ic = art.icon("progress", round(d * 0.5))
    surf.blit(ic, ic.get_rect(center=(d // 2, d // 2)))
    return surf


def draw_military(art, comp, d: int) -> pygame.Surface:
    from ui.cardart.faces import effects_of
    effects = effects_of(comp)
    agora = any(k in ("place_cube", "remove_opponent_cube", "may_move_cube") for k, _ in effects)
    pen = Pen(d, d, 100)
    if agora:
        light, dark = (170, 126, 180), (60, 30, 70)
    else:
        light, dark = (222, 112, 90), (100, 24, 18)
    pen.circle((50, 52), 49, (0, 0, 0, 80))
    pen.circle((50, 50), 49, P.INK)
    pen.circle((50, 50), 47, P.BRONZE)
    pen.circle((50, 50), 43, P.INK)
    pen.gradient_rect(8, 8, 84, 84, light, dark, radius=42)
    pen.circle((50, 50), 34, (*P.PARCHMENT_LIGHT, 235))
    # laurel hint of the military track
    for side in (-1, 1):
        for i in range(5):
            a = math.radians(-60 + i * 24) if side > 0 else math.radians(240 - i * 24)
            x, y = 50 + 38.5 * math.cos(a), 50 - 38.5 * math.sin(a)
            pen.poly(leaf((x, y), -a + (math.pi / 2 if side > 0 else -math.pi / 2), 7, 3.5), P.BRONZE_LIGHT)
    surf = pen.result()
    groups = effects
    if not agora:
        # base tokens: a big coin loss (the opponent's plate is implied by the track side)
        n = next((a for k, a in effects if k == "opponent_loses_coins"), None)
        if n is not None:
            c = art.coin_label(f"–{n}", round(d * 0.5), negative=True)
            surf.blit(c, c.get_rect(center=(d // 2, d // 2)))
            return surf
    img = art.effects_image(groups, round(d * 0.6), round(d * 0.5), max_rows=2)
    surf.blit(img, img.get_rect(center=(d // 2, d // 2)))
    return surf
