"""The picture in the middle of a card: an emblem of its type, in the card's colours."""
from __future__ import annotations

import math

from ui.cardart import palette as P
from ui.cardart.icons import GLYPHS, SCI_GLYPHS, leaf
from ui.cardart.pen import Pen, arc_points, darken, lighten

HOLE = (0, 0, 0, 0)


def _mine(l, c):
    l.poly([(6, 84), (34, 30), (48, 50), (62, 24), (94, 84)], c)
    l.poly([(34, 30), (28, 42), (40, 40)], lighten(c, 0.5))
    l.poly([(62, 24), (56, 36), (68, 34)], lighten(c, 0.5))
    l.poly([(38, 84), (38, 66)] + arc_points(50, 66, 12, 12, 180, 0) + [(62, 84)], HOLE)
    l.line((40, 66), (60, 66), c, 3)
    l.line((50, 54), (50, 84), c, 3)


def _kiln(l, c):
    GLYPHS["amphora"](l, c)


def _sphere(l, c):
    l.circle((50, 44), 30, c, 7)
    l.lines(arc_points(50, 44, 30, 10, 0, 360), c, 5)
    pts = arc_points(50, 44, 30, 10, 0, 360)
    a = math.radians(60)
    pts = [(50 + (x - 50) * math.cos(a) - (y - 44) * math.sin(a), 44 + (x - 50) * math.sin(a) + (y - 44) * math.cos(a)) for x, y in pts]
    l.lines(pts, c, 5)
    l.circle((50, 44), 6, c)
    l.rect(46, 74, 8, 10, c)
    l.poly([(30, 92), (70, 92), (62, 82), (38, 82)], c)


def _coins(l, c):
    for i, y in enumerate((80, 70, 60, 50)):
        l.ellipse(14, y - 9, 46, 18, c)
        l.lines(arc_points(37, y, 23, 9, 180, 360), HOLE, 2)
    l.circle((68, 52), 22, c)
    l.circle((68, 52), 15, HOLE, 3)
    l.rect(62, 44, 12, 16, c)


def _banner(l, c):
    l.rect(20, 8, 7, 86, c, radius=3)
    l.circle((23.5, 8), 6, c)
    l.poly([(27, 14), (84, 14), (72, 36), (84, 58), (27, 58)], c)
    pts = []
    for i in range(10):
        a = math.radians(90 + i * 36)
        rr = 12 if i % 2 == 0 else 5
        pts.append((52 + rr * math.cos(a), 36 - rr * math.sin(a)))
    l.poly(pts, HOLE)


def _politician(l, c):
    l.circle((50, 32), 18, c)
    l.poly([(12, 96), (18, 70), (36, 56), (64, 56), (82, 70), (88, 96)], c)
    l.rect(43, 44, 14, 14, c)
    l.lines([(30, 64), (52, 96)], HOLE, 3)
    l.lines([(40, 60), (64, 92)], HOLE, 2)
    for side in (-1, 1):
        for i in range(4):
            a = math.radians(200 - i * 22) if side < 0 else math.radians(-20 + i * 22)
            x, y = 50 + 19 * math.cos(a), 30 - 19 * math.sin(a)
            l.poly(leaf((x, y), -a + (math.pi / 2 if side < 0 else -math.pi / 2) * -1, 10, 5), lighten(c, 0.6))


def _conspirator(l, c):
    l.poly([(50, 6), (74, 26), (78, 54), (92, 96), (8, 96), (22, 54), (26, 26)], c)
    l.poly([(50, 20), (66, 34), (66, 58), (50, 68), (34, 58), (34, 34)], (10, 8, 12))
    l.circle((43, 46), 3, (240, 200, 110))
    l.circle((57, 46), 3, (240, 200, 110))
    l.line((70, 92), (88, 58), (214, 218, 226), 5)
    l.line((66, 84), (78, 92), (170, 120, 50), 4)


def _logs(l, c):
    for cx, cy in ((30, 70), (70, 70), (50, 36)):
        l.circle((cx, cy), 20, c)
        l.circle((cx, cy), 13, HOLE, 2.4)
        l.circle((cx, cy), 5, HOLE)


def _bricks(l, c):
    for x, y in ((8, 62), (52, 62), (30, 36)):
        l.rect(x, y, 40, 22, c, radius=3)
        l.rect(x + 4, y + 4, 32, 3, HOLE, radius=1)


def _rocks(l, c):
    l.poly([(6, 88), (12, 60), (30, 50), (48, 58), (52, 88)], c)
    l.poly([(48, 88), (52, 56), (68, 46), (90, 54), (94, 88)], c)
    l.poly([(26, 52), (32, 24), (52, 12), (72, 24), (70, 48), (50, 56)], c)
    l.lines([(36, 28), (52, 18), (66, 26)], HOLE, 2.5)


def _flask(l, c):
    l.rect(40, 6, 20, 10, c, radius=2)
    l.rect(43, 14, 14, 26, c)
    l.circle((50, 62), 30, c)
    l.ellipse(28, 46, 10, 22, HOLE)


def _scroll(l, c):
    l.rect(24, 20, 52, 60, c)
    l.ellipse(14, 10, 72, 18, c)
    l.ellipse(14, 72, 72, 18, c)
    for y in (36, 48, 60):
        l.line((32, y), (68, y), HOLE, 3)
    l.ellipse(20, 14, 60, 10, HOLE, 1.5)


RESOURCE_EMBLEMS = {"wood": _logs, "clay": _bricks, "stone": _rocks, "glass": _flask, "papyrus": _scroll}
RESOURCE_ORDER = ("wood", "clay", "stone", "glass", "papyrus")


def choose_emblem(comp):
    """The drawing for a card's medallion: its produce, science, chain symbol or colour."""
    color = getattr(comp, "color", None)
    production = getattr(comp, "production", None)
    if color in ("brown", "grey") and production and any(production):
        best = max(range(len(production)), key=lambda i: production[i])
        return RESOURCE_EMBLEMS[RESOURCE_ORDER[best]]
    science = getattr(comp, "science", None)
    if science in SCI_GLYPHS:
        return SCI_GLYPHS[science]
    sym = getattr(comp, "chain_out", None) or getattr(comp, "chain_in", None)
    if sym in GLYPHS:
        return GLYPHS[sym]
    return EMBLEMS.get(color, GLYPHS["pillar"])


EMBLEMS = {
    "brown": _mine,
    "grey": _kiln,
    "blue": GLYPHS["facade"],
    "green": _sphere,
    "yellow": _coins,
    "red": GLYPHS["helmet"],
    "purple": _banner,
}


def draw_emblem(pen: Pen, comp, cx: float, cy: float, r: float) -> None:
    senator = getattr(comp, "senator", None)
    key = senator or getattr(comp, "color", None)
    size_px = max(4, round(2 * r * pen.k / pen.ss))
    sub = Pen(size_px, size_px, 100, ss=pen.ss)
    if senator == "politician":
        c = (248, 246, 238)
        _politician(sub, c)
        sub.outline_all(P.INK, 2.2)
    elif senator == "conspirator":
        _conspirator(sub, (84, 76, 88))
        sub.outline_all((220, 206, 180), 2.2)
    else:
        main, light, dark = P.CARD.get(key, P.CARD["wonder"])
        fn = choose_emblem(comp)
        shadow = Pen(size_px, size_px, 100, ss=pen.ss)
        fn(shadow, (*lighten(light, 0.55), 255))
        fn(sub, darken(main, 0.05) if key != "yellow" else darken(main, 0.25))
        sub.outline_all(darken(dark, 0.3), 1.6)
        pen.surf.blit(shadow.surf, (round((cx - r) * pen.k) + round(0.9 * pen.k), round((cy - r) * pen.k) + round(0.9 * pen.k)))
    pen.surf.blit(sub.surf, (round((cx - r) * pen.k), round((cy - r) * pen.k)))
