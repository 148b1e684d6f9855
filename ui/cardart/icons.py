"""Every symbol of the game, drawn in a 100x100 design box at the requested pixel size.

`draw_icon(kind, size)` returns a new Surface; the Art object caches it. Glyphs are filled
shapes with a dark ink outline so they read on any card colour.
"""
from __future__ import annotations

import math

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import Pen, arc_points, darken, lighten

ICONS: dict = {}

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
SCIENCE = ("sphere", "scales", "sundial", "mortar", "plumb_line", "quill", "wheel")
CHAINS = ("horseshoe", "sword", "tower", "target", "helmet", "book", "gear", "lyre", "lamp",
          "mask", "pillar", "moon", "sun", "drop", "facade", "amphora", "barrel")

CLEAR = (0, 0, 0, 0)


def icon(*names):
    def deco(fn):
        for n in names:
            ICONS[n] = fn
        return fn
    return deco


def draw_icon(kind: str, size: int) -> pygame.Surface:
    size = max(4, int(size))
    pen = Pen(size, size, 100)
    fn = ICONS.get(kind)
    if fn is None:
        if kind.endswith(":in"):
            draw_chain_in(pen, kind[:-3])
        elif kind.startswith("card_"):
            _card_glyph(pen, kind[5:])
        else:
            _unknown(pen, kind)
    else:
        fn(pen, kind)
    return pen.result()


# --- helpers -------------------------------------------------------------------

def rot(pts, deg, cx=50.0, cy=50.0):
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in pts]


def leaf(base, angle, length, width, steps=8):
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = -uy, ux
    a, b = [], []
    for i in range(steps + 1):
        f = i / steps
        w = math.sin(math.pi * f) ** 0.8 * width / 2
        px, py = base[0] + ux * length * f, base[1] + uy * length * f
        a.append((px + nx * w, py + ny * w))
        b.append((px - nx * w, py - ny * w))
    return a + b[::-1]


def glyph(pen: Pen, draw, fill=P.CREAM, outline=P.INK, width=5.0, shadow=True):
    """Draw `draw(layer, fill)` on a layer and paste it with an ink outline."""
    layer = pen.layer()
    draw(layer, fill)
    pen.paste(layer, outline=outline, width=width,
              shadow=(0, 0, 0, 70) if shadow else None, shadow_off=2.5)


def disc(pen: Pen, fill, ring, inner=None, r=46.0, ring_w=5.0):
    pen.circle((50, 51.5), r, (0, 0, 0, 60))
    pen.circle((50, 50), r, P.INK)
    pen.circle((50, 50), r - 2.5, ring)
    pen.circle((50, 50), r - 2.5 - ring_w, inner or fill)
    pen.arc(50, 50, r - 5.5 - ring_w, 100, 170, lighten(inner or fill, 0.25), 3)


def badge(pen: Pen, main, light, radius=18.0):
    """Rounded-square chip (resources)."""
    pen.rect(4, 6, 92, 92, (0, 0, 0, 70), radius=radius)
    pen.rect(3, 3, 94, 94, P.INK, radius=radius)
    pen.gradient_rect(7, 7, 86, 86, light, darken(main, 0.15), radius=radius - 4)
    pen.rect(12, 11, 76, 4, (*lighten(light, 0.35), 110), radius=2)


# --- resources -----------------------------------------------------------------

@icon("wood")
def _wood(pen, kind):
    main, light = P.RESOURCE["wood"]
    badge(pen, main, light)

    def d(l, fill):
        for cx, cy in ((33, 64), (67, 64), (50, 35)):
            l.circle((cx, cy), 17, (236, 196, 140))
    layer = pen.layer()
    d(layer, None)
    pen.paste(layer, outline=P.INK, width=4.5)
    for cx, cy in ((33, 64), (67, 64), (50, 35)):
        pen.circle((cx, cy), 10.5, (184, 128, 70), 2.6)
        pen.circle((cx, cy), 4.2, (150, 98, 48))


@icon("clay")
def _clay(pen, kind):
    main, light = P.RESOURCE["clay"]
    badge(pen, main, light)
    bricks = [(13, 57, 35, 22), (52, 57, 35, 22), (32, 30, 36, 22)]
    layer = pen.layer()
    for x, y, w, h in bricks:
        layer.rect(x, y, w, h, (238, 154, 110), radius=3)
    pen.paste(layer, outline=P.INK, width=4.5)
    for x, y, w, h in bricks:
        pen.rect(x + 2, y + h - 6, w - 4, 4, (196, 98, 60), radius=2)
        pen.rect(x + 3, y + 2, w - 6, 3, (252, 196, 160), radius=2)


@icon("stone")
def _stone(pen, kind):
    main, light = P.RESOURCE["stone"]
    badge(pen, main, light)
    rocks = [
        [(12, 80), (16, 58), (30, 50), (46, 56), (50, 80)],
        [(46, 80), (50, 54), (64, 46), (82, 52), (88, 80)],
        [(28, 52), (32, 30), (50, 20), (68, 30), (68, 48), (50, 56)],
    ]
    layer = pen.layer()
    for pts in rocks:
        layer.poly(pts, (212, 212, 206))
    pen.paste(layer, outline=P.INK, width=4.5)
    pen.lines([(34, 34), (50, 25), (63, 32)], (240, 240, 236), 3)
    pen.lines([(20, 62), (30, 56)], (240, 240, 236), 3)
    pen.lines([(55, 56), (65, 51), (78, 55)], (240, 240, 236), 3)
    pen.lines([(50, 56), (56, 64)], (150, 150, 146), 2.5)


@icon("glass")
def _glass(pen, kind):
    main, light = P.RESOURCE["glass"]
    badge(pen, main, light)
    layer = pen.layer()
    layer.rect(41, 14, 18, 10, (200, 240, 248), radius=2)
    layer.rect(44, 20, 12, 22, (200, 240, 248))
    layer.circle((50, 60), 26, (200, 240, 248))
    pen.paste(layer, outline=P.INK, width=4.5)
    pen.circle((50, 62), 18, (130, 214, 236))
    pen.rect(33, 58, 34, 22, (0, 0, 0, 0))
    pen.circle((50, 60), 22, (150, 222, 240))
    pen.ellipse(34, 48, 9, 18, (255, 255, 255))
    pen.rect(47, 22, 3, 16, (255, 255, 255))


@icon("papyrus")
def _papyrus(pen, kind):
    main, light = P.RESOURCE["papyrus"]
    badge(pen, main, light)
    layer = pen.layer()
    layer.rect(26, 22, 48, 56, (252, 244, 214))
    layer.ellipse(18, 14, 64, 16, (240, 222, 170))
    layer.ellipse(18, 70, 64, 16, (240, 222, 170))
    pen.paste(layer, outline=P.INK, width=4.5)
    pen.ellipse(18, 14, 64, 16, P.INK, 2.5)
    pen.ellipse(18, 70, 64, 16, P.INK, 2.5)
    for y in (38, 48, 58):
        pen.line((34, y), (66, y), (168, 140, 90), 3)


# --- coin, shield, points --------------------------------------------------------

@icon("coin")
def _coin(pen, kind):
    pen.circle((51, 53), 45, (0, 0, 0, 70))
    pen.circle((50, 50), 46, P.INK)
    pen.circle((50, 50), 43, P.GOLD_DARK)
    pen.circle((50, 50), 39, P.GOLD)
    pen.circle((50, 49), 33, (246, 204, 86))
    pen.arc(50, 50, 36, 95, 175, P.GOLD_LIGHT, 4)
    pen.arc(50, 50, 36, -85, -5, darken(P.GOLD, 0.2), 3)


@icon("coin_blank")
def _coin_blank(pen, kind):
    _coin(pen, kind)


@icon("shield")
def _shield(pen, kind):
    outline = [(16, 12), (84, 12), (84, 40)] + arc_points(50, 40, 34, 50, 0, -90)[1:] + \
        arc_points(50, 40, 34, 50, -90, -180)[1:]

    def d(l, fill):
        l.poly(outline, P.SHIELD_RED)
    glyph(pen, d, width=5)
    inner = [(24, 19), (76, 19), (76, 40)] + arc_points(50, 40, 26, 41, 0, -90)[1:] + \
        arc_points(50, 40, 26, 41, -90, -180)[1:]
    pen.poly(inner, (224, 70, 56))
    pen.poly([(24, 19), (50, 19), (50, 81)] + arc_points(50, 40, 26, 41, -90, -180)[1:], (172, 34, 28))
    pen.lines(inner, P.BRONZE_LIGHT, 2.5, closed=True)


@icon("points")
def _points(pen, kind):
    """Laurel wreath around a pale disc (the number is printed on top by the caller)."""
    layer = pen.layer()
    cx, cy, R = 50.0, 52.0, 37.0
    for i, th in enumerate(range(-70, 75, 19)):
        t = math.radians(th)
        x, y = cx + R * math.cos(t), cy - R * math.sin(t)
        travel = math.atan2(-math.cos(t), -math.sin(t))
        size = 1.0 - 0.3 * i / 7
        layer.poly(leaf((x, y), travel - 0.75, 19 * size, 9.5 * size), P.LAUREL_LIGHT)
        layer.poly(leaf((x, y), travel + 0.55, 15 * size, 8 * size), P.LAUREL)
    layer.arc(cx, cy, R, -75, 78, P.LAUREL_DARK, 3)
    tip = math.radians(80)
    layer.poly(leaf((cx + R * math.cos(tip) - 1, cy - R * math.sin(tip)), math.pi, 13, 7), P.LAUREL_LIGHT)
    flipped = pygame.transform.flip(layer.surf, True, False)
    layer.surf.blit(flipped, (0, 0))
    pen.paste(layer, outline=P.LAUREL_DARK, width=2.5, shadow=(0, 0, 0, 60), shadow_off=2)
    pen.circle((50, 53), 27, (0, 0, 0, 50))
    pen.circle((50, 52), 27, P.LAUREL_DARK)
    pen.circle((50, 52), 24.5, (250, 244, 220))
    pen.arc(50, 52, 21, 100, 170, (255, 255, 248), 2.5)


# --- science ----------------------------------------------------------------------

def science_disc(pen):
    pen.circle((50, 52), 46, (0, 0, 0, 60))
    pen.circle((50, 50), 46, P.INK)
    pen.circle((50, 50), 43, (214, 226, 190))
    pen.circle((50, 50), 39, (246, 246, 228))


SCI_INK = (40, 56, 34)
HOLE = (0, 0, 0, 0)
SCI_GLYPHS: dict = {}


def science(fn):
    name = fn.__name__.lstrip("_")
    SCI_GLYPHS[name] = fn

    def wrapper(pen, kind):
        science_disc(pen)
        layer = pen.layer()
        fn(layer, SCI_INK)
        pen.paste(layer)
    ICONS[name] = wrapper
    return fn


@science
def _sphere(pen, c):
    pen.circle((50, 44), 28, c, 5.5)
    pen.lines(arc_points(50, 44, 28, 9, 0, 360), c, 4.5)
    pen.lines(arc_points(50, 44, 10, 28, 0, 360), c, 4.5)
    pen.circle((50, 44), 5, c)
    pen.line((50, 72), (50, 80), c, 5)
    pen.poly([(36, 88), (64, 88), (58, 80), (42, 80)], c)


@science
def _scales(pen, c):
    pen.line((50, 20), (50, 78), c, 5)
    pen.poly([(34, 82), (66, 82), (58, 75), (42, 75)], c)
    pen.line((22, 32), (78, 32), c, 4.5)
    pen.circle((50, 22), 5, c)
    for x in (27, 73):
        pen.line((x, 32), (x - 10, 56), c, 2.5)
        pen.line((x, 32), (x + 10, 56), c, 2.5)
        pen.poly(arc_points(x, 56, 13, 9, 180, 360), c)


@science
def _sundial(pen, c):
    pen.lines(arc_points(50, 66, 32, 32, 0, 180), c, 6)
    for a in (30, 60, 90, 120, 150):
        x, y = 50 + 26 * math.cos(math.radians(a)), 66 - 26 * math.sin(math.radians(a))
        x2, y2 = 50 + 16 * math.cos(math.radians(a)), 66 - 16 * math.sin(math.radians(a))
        pen.line((x2, y2), (x, y), c, 3)
    pen.poly([(46, 66), (46, 30), (70, 66)], c)
    pen.rect(12, 66, 76, 8, c, radius=2)
    pen.rect(22, 74, 56, 8, c, radius=2)


@science
def _mortar(pen, c):
    pen.line((58, 58), (74, 20), c, 8)
    pen.circle((74, 20), 6, c)
    pen.poly([(20, 46), (80, 46)] + arc_points(50, 46, 30, 28, 0, -180)[1:-1], c)
    pen.rect(16, 42, 68, 8, c, radius=3)
    pen.rect(36, 72, 28, 9, c, radius=2)


@science
def _plumb_line(pen, c):
    pen.lines([(20, 80), (50, 20), (80, 80)], c, 5.5)
    pen.line((30, 62), (70, 62), c, 4.5)
    pen.line((50, 22), (50, 56), c, 2.5)
    pen.poly([(50, 52), (57, 62), (50, 76), (43, 62)], c)


@science
def _quill(pen, c):
    feather = leaf((30, 74), math.radians(-58), 64, 24)
    pen.poly(feather, c)
    pen.lines([(30, 74), (64, 20)], HOLE, 2.5)
    for i in range(4):
        f = 0.3 + i * 0.15
        x, y = 30 + 34 * f, 74 - 54 * f
        pen.line((x, y), (x + 10, y + 4), HOLE, 1.6)
    pen.line((30, 74), (24, 84), c, 3.5)
    pen.rect(56, 66, 24, 16, c, radius=4)
    pen.rect(62, 61, 12, 6, c)


@science
def _wheel(pen, c):
    pen.circle((50, 50), 29, c, 6.5)
    pen.circle((50, 50), 7, c)
    for a in range(0, 360, 45):
        x, y = 50 + 27 * math.cos(math.radians(a)), 50 - 27 * math.sin(math.radians(a))
        pen.line((50, 50), (x, y), c, 3.5)


# --- chain symbols ----------------------------------------------------------------

CHAIN_BG = (70, 46, 28)
CHAIN_RING = (214, 160, 88)
CHAIN_FG = (252, 240, 214)
HOLE = (0, 0, 0, 0)


def chain_disc(pen):
    pen.circle((50, 52), 46, (0, 0, 0, 70))
    pen.circle((50, 50), 46, P.INK)
    pen.circle((50, 50), 43, CHAIN_RING)
    pen.circle((50, 50), 38, CHAIN_BG)


GLYPHS: dict = {}  # chain symbol -> fn(layer_pen, colour): the bare glyph, holes punched


def chain(fn):
    GLYPHS[fn.__name__.lstrip("_")] = fn

    def wrapper(pen, kind):
        chain_disc(pen)
        layer = pen.layer()
        fn(layer, CHAIN_FG)
        pen.paste(layer, outline=(30, 18, 8), width=1.5)
    return wrapper


def draw_chain_in(pen, symbol):
    """'Free with' style: dark glyph on a light disc with a dashed bronze ring."""
    pen.circle((50, 52), 46, (0, 0, 0, 60))
    pen.circle((50, 50), 46, P.INK)
    pen.circle((50, 50), 43, (250, 244, 228))
    for a in range(0, 360, 30):
        pen.arc(50, 50, 38, a, a + 16, P.BRONZE, 3)
    fn = GLYPHS.get(symbol)
    if fn is None:
        return _unknown(pen, symbol)
    layer = pen.layer()
    fn(layer, (52, 34, 20))
    pen.paste(layer)


def draw_glyph(pen, symbol, colour, outline=None, width=0.0):
    fn = GLYPHS.get(symbol)
    layer = pen.layer()
    fn(layer, colour)
    pen.paste(layer, outline=outline, width=width)


@icon("horseshoe")
@chain
def _horseshoe(l, c):
    pts = arc_points(50, 46, 22, 24, -40, 220)
    l.lines(pts, c, 12)
    for a in (-20, 30, 150, 200):
        x, y = 50 + 22 * math.cos(math.radians(a)), 46 - 24 * math.sin(math.radians(a))
        l.circle((x, y), 2.4, HOLE)
    l.rect(28, 60, 10, 8, c)
    l.rect(62, 60, 10, 8, c)


@icon("sword")
@chain
def _sword(l, c):
    blade = [(50, 14), (56, 24), (56, 62), (44, 62), (44, 24)]
    parts = [blade, [(32, 62), (68, 62), (68, 69), (32, 69)], [(46, 69), (54, 69), (54, 82), (46, 82)]]
    for pts in parts:
        l.poly(rot(pts, 40), c)
    cx, cy = rot([(50, 86)], 40)[0]
    l.circle((cx, cy), 5.5, c)
    l.line(*rot([(50, 24), (50, 58)], 40), HOLE, 2)


@icon("tower")
@chain
def _tower(l, c):
    l.poly([(32, 80), (36, 36), (64, 36), (68, 80)], c)
    l.rect(30, 28, 40, 10, c)
    for x in (30, 45, 60):
        l.rect(x, 20, 10, 10, c)
    l.poly([(44, 80), (44, 66)] + arc_points(50, 66, 6, 6, 180, 0) + [(56, 80)], HOLE)
    l.rect(47, 44, 6, 10, HOLE, radius=3)


@icon("target")
@chain
def _target(l, c):
    l.circle((46, 54), 26, c)
    l.circle((46, 54), 19, HOLE)
    l.circle((46, 54), 13, c)
    l.circle((46, 54), 6, HOLE)
    l.line((46, 54), (76, 24), c, 4)
    l.poly([(72, 16), (84, 16), (84, 28)], c)
    l.poly([(76, 20), (84, 12), (88, 20), (80, 28)], c)


@icon("helmet")
@chain
def _helmet(l, c):
    l.poly([(28, 82), (28, 44)] + arc_points(50, 44, 22, 24, 180, 0) + [(72, 82), (58, 82), (58, 68), (42, 68), (42, 82)], c)
    l.rect(36, 48, 28, 7, HOLE, radius=2)
    l.rect(46, 48, 8, 26, HOLE, radius=2)
    l.poly(arc_points(50, 24, 26, 12, 0, 180) + [(50, 24)], c)
    l.lines(arc_points(50, 24, 22, 8, 20, 160), HOLE, 1.6)


@icon("book")
@chain
def _book(l, c):
    l.poly([(50, 32), (18, 26), (18, 72), (50, 78)], c)
    l.poly([(50, 32), (82, 26), (82, 72), (50, 78)], c)
    l.line((50, 32), (50, 78), HOLE, 2.5)
    for y in (38, 48, 58):
        l.line((24, y - 4), (44, y), HOLE, 1.8)
        l.line((56, y), (76, y - 4), HOLE, 1.8)


@icon("gear")
@chain
def _gear(l, c):
    for a in range(0, 360, 45):
        l.poly(rot([(44, 16), (56, 16), (58, 30), (42, 30)], a), c)
    l.circle((50, 50), 24, c)
    l.circle((50, 50), 9, HOLE)


@icon("lyre")
@chain
def _lyre(l, c):
    l.lines([(38, 78), (28, 56), (30, 34), (24, 20)], c, 6)
    l.lines([(62, 78), (72, 56), (70, 34), (76, 20)], c, 6)
    l.line((30, 32), (70, 32), c, 5)
    l.poly([(34, 74), (66, 74), (62, 84), (38, 84)], c)
    for x in (42, 50, 58):
        l.line((x, 32), (x, 74), c, 2)


@icon("lamp")
@chain
def _lamp(l, c):
    l.poly(arc_points(46, 62, 24, 12, 0, 360), c)
    l.poly([(60, 56), (84, 52), (84, 58), (64, 68)], c)
    l.lines(arc_points(22, 60, 8, 8, 60, 300), c, 4)
    l.rect(38, 46, 14, 8, c, radius=3)
    l.poly(leaf((82, 50), math.radians(-95), 24, 12), c)
    l.poly(leaf((82, 48), math.radians(-95), 14, 5), HOLE)
    l.rect(34, 74, 24, 6, c, radius=2)


@icon("mask")
@chain
def _mask(l, c):
    l.poly([(26, 26), (74, 26), (74, 50)] + arc_points(50, 50, 24, 32, 0, -180)[1:], c)
    l.ellipse(32, 36, 14, 9, HOLE)
    l.ellipse(54, 36, 14, 9, HOLE)
    l.lines(arc_points(50, 58, 13, 9, -20, -160), HOLE, 4.5)
    l.lines([(32, 32), (44, 30)], HOLE, 2)
    l.lines([(56, 30), (68, 32)], HOLE, 2)


@icon("pillar")
@chain
def _pillar(l, c):
    l.rect(26, 18, 48, 8, c, radius=2)
    l.poly(arc_points(30, 28, 6, 6, 90, 300), c)
    l.poly(arc_points(70, 28, 6, 6, 240, 450), c)
    l.rect(36, 26, 28, 50, c)
    for x in (43, 50, 57):
        l.line((x, 30), (x, 72), HOLE, 2)
    l.rect(30, 76, 40, 6, c, radius=1)
    l.rect(24, 82, 52, 6, c, radius=1)


@icon("moon")
@chain
def _moon(l, c):
    l.circle((48, 50), 28, c)
    l.circle((62, 42), 25, (0, 0, 0, 0))


@icon("sun")
@chain
def _sun(l, c):
    for a in range(0, 360, 30):
        l.poly(rot([(46, 24), (54, 24), (50, 12)], a), c)
    l.circle((50, 50), 20, c)


@icon("drop")
@chain
def _drop(l, c):
    l.poly([(50, 14)] + arc_points(50, 58, 22, 22, 38, -218) + [(50, 14)], c)
    l.poly(leaf((40, 66), math.radians(-80), 16, 6), HOLE)


@icon("facade")
@chain
def _facade(l, c):
    l.poly([(18, 38), (82, 38), (50, 18)], c)
    l.rect(20, 40, 60, 6, c)
    for x in (26, 39, 52, 65):
        l.rect(x, 48, 9, 26, c)
    l.rect(18, 74, 64, 8, c)


@icon("amphora")
@chain
def _amphora(l, c):
    l.rect(42, 14, 16, 6, c, radius=2)
    l.rect(45, 18, 10, 14, c)
    l.poly(arc_points(50, 48, 20, 20, 180, -40) + [(54, 82), (46, 82)] + arc_points(50, 48, 20, 20, 220, 180), c)
    l.lines([(45, 22), (32, 24), (32, 38)], c, 4)
    l.lines([(55, 22), (68, 24), (68, 38)], c, 4)
    l.rect(40, 80, 20, 5, c, radius=1)


@icon("barrel")
@chain
def _barrel(l, c):
    l.poly(arc_points(50, 50, 24, 34, 60, 120) + arc_points(50, 50, 24, 34, 240, 300), c)
    l.poly(arc_points(32, 50, 10, 28, 90, 270) + arc_points(68, 50, 10, 28, -90, 90), c)
    for y in (30, 70):
        l.line((26, y), (74, y), HOLE, 2.6)
    l.line((24, 50), (76, 50), HOLE, 1.6)


# --- players and Senate -------------------------------------------------------

def cube(pen, main, light, dark, cx=50, cy=52, s=36):
    top = [(cx, cy - s), (cx + s * 0.9, cy - s * 0.55), (cx, cy - s * 0.1), (cx - s * 0.9, cy - s * 0.55)]
    left = [(cx - s * 0.9, cy - s * 0.55), (cx, cy - s * 0.1), (cx, cy + s), (cx - s * 0.9, cy + s * 0.55)]
    right = [(cx + s * 0.9, cy - s * 0.55), (cx, cy - s * 0.1), (cx, cy + s), (cx + s * 0.9, cy + s * 0.55)]
    layer = pen.layer()
    layer.poly(top + [], light)
    layer.poly(left, main)
    layer.poly(right, dark)
    pen.paste(layer, outline=P.INK, width=max(3.0, s / 9), shadow=(0, 0, 0, 70), shadow_off=2)
    pen.lines([(cx, cy - s * 0.1), (cx, cy + s)], lighten(light, 0.3), 1.4)
    pen.lines(top[3:] + top[:2], lighten(light, 0.4), 1.4)


@icon("cube0", "cube1")
def _cube(pen, kind):
    main, light, dark = P.PLAYER[int(kind[-1])]
    cube(pen, main, light, dark)


@icon("cube")
def _cube_neutral(pen, kind):
    cube(pen, (214, 196, 160), (246, 236, 210), (150, 128, 92))


def bust(layer, fill, accent):
    layer.circle((50, 34), 16, fill)
    layer.poly([(18, 92), (22, 68), (36, 56), (64, 56), (78, 68), (82, 92)], fill)
    layer.rect(44, 44, 12, 14, fill)


@icon("senator")
def _senator(pen, kind):
    def d(l, fill):
        bust(l, P.BRONZE_LIGHT, P.BRONZE)
    glyph(pen, d, width=5)
    pen.lines([(30, 62), (50, 90), (72, 62)], P.BRONZE_DARK, 3)
    pen.lines(arc_points(50, 34, 16, 16, 15, 165), P.LAUREL, 3.5)


@icon("politician")
def _politician(pen, kind):
    def d(l, fill):
        bust(l, (248, 246, 238), None)
        l.rect(62, 40, 14, 30, (248, 246, 238), radius=3)
    glyph(pen, d, width=5)
    pen.lines([(28, 64), (50, 92), (64, 70)], (170, 164, 150), 3)
    pen.lines([(34, 60), (60, 88)], (200, 194, 180), 2.5)
    pen.rect(62, 40, 14, 30, (236, 224, 190), radius=3)
    pen.rect(62, 40, 14, 30, P.INK, radius=3, width=2.5)
    pen.line((64, 47), (74, 47), P.INK_SOFT, 1.5)
    pen.line((64, 53), (74, 53), P.INK_SOFT, 1.5)


@icon("conspirator")
def _conspirator(pen, kind):
    def d(l, fill):
        l.poly([(50, 10), (70, 26), (74, 50), (86, 92), (14, 92), (26, 50), (30, 26)], (64, 58, 66))
    glyph(pen, d, outline=(236, 226, 210), width=4)
    pen.poly([(50, 22), (63, 34), (64, 54), (50, 62), (36, 54), (37, 34)], (14, 10, 14))
    pen.circle((44, 44), 2.6, (250, 210, 120))
    pen.circle((56, 44), 2.6, (250, 210, 120))
    pen.line((74, 66), (90, 40), (210, 214, 220), 4.5)
    pen.line((70, 62), (80, 70), (160, 110, 50), 4)


# --- actions --------------------------------------------------------------------

@icon("play_again")
def _play_again(pen, kind):
    def d(l, fill):
        l.lines(arc_points(50, 52, 28, 28, 110, 390), (150, 206, 96), 12)
        l.poly(rot([(50, 8), (66, 24), (50, 40)], -8, 50, 52), (150, 206, 96))
    layer = pen.layer()
    d(layer, None)
    pen.paste(layer, outline=P.INK, width=4.5, shadow=(0, 0, 0, 70), shadow_off=2)
    pen.lines(arc_points(50, 52, 28, 28, 130, 200), (214, 244, 170), 3.5)


@icon("discard")
def _discard(pen, kind):
    def d(l, fill):
        l.poly(rot([(22, 48), (62, 48), (62, 92), (22, 92)], -12, 42, 70), (228, 214, 184))
        l.poly(rot([(38, 46), (78, 46), (78, 90), (38, 90)], 10, 58, 68), (244, 234, 210))
    glyph(pen, d, width=4.5)
    layer = pen.layer()
    layer.rect(48, 6, 12, 22, P.GOLD)
    layer.poly([(38, 26), (70, 26), (54, 44)], P.GOLD)
    pen.paste(layer, outline=P.INK, width=4)


@icon("wonder")
def _wonder(pen, kind):
    steps = [(14, 82, 72), (22, 68, 56), (30, 54, 40), (38, 40, 24), (45, 27, 10)]

    def d(l, fill):
        l.poly([(10, 86), (90, 86), (50, 14)], P.GOLD)
    glyph(pen, d, width=5)
    pen.poly([(50, 14), (90, 86), (50, 86)], (206, 146, 40))
    for x, y, w in steps[1:]:
        half = (y - 14) * 40 / 72 - 3
        pen.line((50 - half, y), (50 + half, y), P.GOLD_DARK, 2, cap=False)


@icon("card")
def _card(pen, kind):
    _card_glyph(pen, None)


def _card_glyph(pen, color):
    main, light, dark = P.CARD.get(color, ((196, 136, 64), (246, 210, 142), (120, 72, 30)))

    def d(l, fill):
        l.rect(22, 8, 56, 84, (248, 240, 220), radius=7)
    glyph(pen, d, width=5)
    pen.rect(26, 12, 48, 76, light if color else (240, 228, 200), radius=5)
    pen.rect(26, 12, 48, 76, main, radius=5)
    pen.rect(30, 18, 40, 3, lighten(light, 0.3), radius=1)
    pen.rect(26, 60, 48, 28, darken(main, 0.18), radius=5)
    pen.rect(26, 60, 48, 8, darken(main, 0.18))


@icon("arrow")
def _arrow(pen, kind):
    def d(l, fill):
        l.poly([(10, 40), (56, 40), (56, 22), (90, 50), (56, 78), (56, 60), (10, 60)], P.BRONZE_LIGHT)
    glyph(pen, d, width=5, shadow=False)


@icon("swap")
def _swap(pen, kind):
    def d(l, fill):
        l.poly([(20, 30), (66, 30), (66, 16), (90, 36), (66, 56), (66, 42), (20, 42)], P.BRONZE_LIGHT)
        l.poly([(80, 70), (34, 70), (34, 84), (10, 64), (34, 44), (34, 58), (80, 58)], P.BRONZE_LIGHT)
    glyph(pen, d, width=5, shadow=False)


@icon("cross")
def _cross(pen, kind):
    def d(l, fill):
        l.line((20, 20), (80, 80), (220, 50, 40), 15)
        l.line((80, 20), (20, 80), (220, 50, 40), 15)
    glyph(pen, d, outline=(255, 246, 230), width=4, shadow=False)


@icon("lock")
def _lock(pen, kind):
    def d(l, fill):
        l.lines(arc_points(50, 42, 18, 20, 0, 180) + [(32, 50)], (200, 204, 210), 9)
        l.line((68, 42), (68, 50), (200, 204, 210), 9)
        l.rect(22, 46, 56, 42, P.GOLD, radius=6)
    glyph(pen, d, width=5)
    pen.circle((50, 62), 6, P.INK)
    pen.rect(47, 62, 6, 14, P.INK)


@icon("progress")
def _progress(pen, kind):
    main, light, dark = P.PROGRESS
    pen.circle((50, 52), 44, (0, 0, 0, 70))
    pen.circle((50, 50), 44, P.INK)
    pen.circle((50, 50), 41, P.BRONZE)
    pen.circle((50, 50), 36, main)
    pen.circle((50, 50), 26, light)
    pen.poly([(50, 30), (56, 44), (70, 44), (58, 53), (63, 68), (50, 58), (37, 68), (42, 53), (30, 44), (44, 44)], P.CREAM)


@icon("conspiracy")
def _conspiracy(pen, kind):
    def d(l, fill):
        l.rect(18, 24, 64, 52, (60, 40, 48), radius=4)
        l.ellipse(10, 18, 16, 64, (90, 60, 70))
        l.ellipse(74, 18, 16, 64, (90, 60, 70))
    glyph(pen, d, outline=P.INK, width=5)
    pen.ellipse(10, 18, 16, 64, P.INK, 2)
    pen.ellipse(74, 18, 16, 64, P.INK, 2)
    pen.circle((50, 50), 13, (190, 36, 32))
    pen.circle((50, 50), 13, P.INK, 2)
    pen.circle((50, 50), 6, (230, 90, 70))


@icon("decree")
def _decree(pen, kind):
    def d(l, fill):
        l.rect(16, 20, 68, 60, (244, 230, 196), radius=3)
        l.ellipse(8, 14, 18, 72, (226, 204, 156))
        l.ellipse(74, 14, 18, 72, (226, 204, 156))
    glyph(pen, d, width=5)
    pen.ellipse(8, 14, 18, 72, P.INK, 2)
    pen.ellipse(74, 14, 18, 72, P.INK, 2)
    for y in (34, 44, 54):
        pen.line((32, y), (68, y), (170, 140, 96), 3)
    pen.circle((58, 66), 10, (190, 36, 32))
    pen.circle((58, 66), 10, P.INK, 2)


@icon("most")
def _most(pen, kind):
    """'In the city with the most': two cities, the taller one crowned."""
    def d(l, fill):
        l.rect(12, 52, 30, 36, (236, 226, 204))
        l.poly([(12, 54), (42, 54), (27, 40)], (236, 226, 204))
        l.rect(54, 34, 34, 54, (250, 240, 216))
        l.poly([(54, 36), (88, 36), (71, 20)], (250, 240, 216))
    glyph(pen, d, width=4.5)
    pen.poly([(58, 4), (64, 14), (71, 2), (78, 14), (84, 4), (82, 18), (60, 18)], P.GOLD)
    pen.lines([(58, 4), (64, 14), (71, 2), (78, 14), (84, 4), (82, 18), (60, 18)], P.INK, 2, closed=True)
    for x in (60, 70, 80):
        pen.rect(x - 3, 48, 6, 12, P.INK_SOFT)
    pen.rect(23, 66, 8, 12, P.INK_SOFT)


@icon("opponent")
def _opponent(pen, kind):
    def d(l, fill):
        l.circle((50, 50), 40, P.OPPONENT)
    glyph(pen, d, width=4)
    pen.circle((50, 38), 11, P.CREAM)
    pen.poly(arc_points(50, 76, 22, 22, 0, 180), P.CREAM)


@icon("box")
def _box(pen, kind):
    def d(l, fill):
        l.poly([(14, 40), (86, 40), (80, 88), (20, 88)], (170, 116, 62))
        l.poly([(10, 30), (90, 30), (86, 42), (14, 42)], (200, 146, 86))
    glyph(pen, d, width=4.5)
    pen.line((24, 56), (76, 56), (120, 76, 36), 3)
    pen.line((26, 72), (74, 72), (120, 76, 36), 3)


@icon("structure")
def _structure(pen, kind):
    """A card pyramid (the Age structure), top row highlighted."""
    fills = {1: (252, 244, 224), 2: (214, 194, 158), 3: (178, 152, 112)}
    for n in (1, 2, 3):
        for i in range(n):
            x = 50 - n * 14 + i * 28 + 2
            y = 6 + (n - 1) * 24
            pen.rect(x - 2, y - 2, 28, 40, P.INK, radius=4)
            pen.rect(x + 1, y + 1, 22, 34, fills[n], radius=2.5)


@icon("chain")
def _chain_link(pen, kind):
    def d(l, fill):
        l.lines(rot(arc_points(36, 50, 20, 12, 0, 360), -40, 36, 50), P.BRONZE_LIGHT, 8)
        l.lines(rot(arc_points(64, 50, 20, 12, 0, 360), -40, 64, 50), P.BRONZE_LIGHT, 8)
    glyph(pen, d, width=4)


@icon("bolt")
def _bolt(pen, kind):
    def d(l, fill):
        l.poly([(58, 6), (24, 56), (46, 56), (38, 94), (78, 40), (54, 40), (66, 6)], P.GOLD_LIGHT)
    glyph(pen, d, width=5)


@icon("hand")
def _hand(pen, kind):
    """Taking a card into one's hand: a fan of three cards."""
    layer = pen.layer()
    for a, c in ((-18, (214, 196, 160)), (0, (232, 220, 190)), (18, (250, 242, 222))):
        layer.poly(rot([(36, 16), (64, 16), (64, 70), (36, 70)], a, 50, 86), c)
    pen.paste(layer, outline=P.INK, width=4)


@icon("eye")
def _eye(pen, kind):
    def d(l, fill):
        l.poly(arc_points(50, 70, 44, 40, 30, 150) + arc_points(50, 30, 44, 40, 210, 330), P.CREAM)
    glyph(pen, d, width=4.5)
    pen.circle((50, 50), 13, (60, 110, 150))
    pen.circle((50, 50), 6, P.INK)
    pen.circle((46, 46), 2.5, P.WHITE)


def _unknown(pen, kind):
    def d(l, fill):
        l.circle((50, 50), 40, (220, 210, 190))
    glyph(pen, d, width=4)
    pen.lines(arc_points(50, 40, 14, 14, 160, -60), P.INK, 7)
    pen.line((50, 52), (50, 62), P.INK, 7)
    pen.circle((50, 76), 4.5, P.INK)


ALL_PUBLIC = (RESOURCES + ("coin", "shield", "points") + SCIENCE + CHAINS +
              ("cube0", "cube1", "senator", "politician", "conspirator", "play_again", "discard",
               "wonder", "card"))


@icon("any_resource")
def _any_resource(pen, kind):
    """One resource unit of any kind: a split chip of the five resource colours."""
    pen.rect(4, 6, 92, 92, (0, 0, 0, 70), radius=18)
    pen.rect(3, 3, 94, 94, P.INK, radius=18)
    cols = [P.RESOURCE[r][1] for r in RESOURCES]
    inner = pygame.Surface((pen.n(86), pen.n(86)), pygame.SRCALPHA)
    w = inner.get_width()
    for i, c in enumerate(cols):
        x0 = round(i * w / 5)
        x1 = round((i + 1) * w / 5)
        inner.fill(c, pygame.Rect(x0, 0, x1 - x0, w))
    mask = pygame.Surface(inner.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=pen.n(14))
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pen.blit(inner, 7, 7)
    pen.circle((50, 50), 24, P.CREAM)
    pen.circle((50, 50), 24, P.INK, 3)
    pen.lines(arc_points(50, 44, 9, 9, 160, -60), P.INK, 6)
    pen.line((50, 54), (50, 58), P.INK, 6)
    pen.circle((50, 66), 3.5, P.INK)


@icon("arrow_down")
def _arrow_down(pen, kind):
    def d(l, fill):
        l.poly([(40, 8), (60, 8), (60, 50), (80, 50), (50, 90), (20, 50), (40, 50)], P.GOLD_LIGHT)
    glyph(pen, d, width=6, shadow=False)


def senate_map(pen, lit):
    """Six Chambers in three sections; the lit ones bronze."""
    pen.rect(3, 18, 94, 66, P.INK, radius=10)
    pen.gradient_rect(6, 21, 88, 60, (246, 236, 212), (214, 196, 160), radius=8)
    for i in range(6):
        sec = i // 2
        x = 10 + sec * 29 + (i % 2) * 13
        on = i in lit
        col = (236, 170, 60) if on else (150, 136, 112)
        pen.rect(x - 1, 29, 13, 44, P.INK, radius=2.5)
        pen.rect(x + 1, 31, 9, 40, col, radius=1.5)
        if on:
            pen.rect(x + 2.5, 33, 2, 35, lighten(col, 0.55), radius=1)
    pen.line((37.5, 26), (37.5, 76), P.INK_SOFT, 1.6)
    pen.line((66.5, 26), (66.5, 76), P.INK_SOFT, 1.6)


@icon("senate_left", "senate_middle", "senate_right", "senate_any")
def _senate(pen, kind):
    lit = {"senate_left": (0, 1), "senate_middle": (2, 3), "senate_right": (4, 5)}.get(kind, range(6))
    senate_map(pen, set(lit))


@icon("coin_senator")
def _coin_senator(pen, kind):
    _coin(pen, kind)
    layer = pen.layer()
    layer.circle((50, 38), 10, (110, 70, 20))
    layer.poly([(30, 74), (33, 58), (42, 51), (58, 51), (67, 58), (70, 74)], (110, 70, 20))
    pen.paste(layer)


@icon("capital")
def _capital(pen, kind):
    """A walled city: the capital at each end of the Conflict track."""
    def d(l, fill):
        stone = (236, 214, 176)
        l.rect(10, 50, 80, 40, stone)
        for x in (10, 27, 44, 61, 78):
            l.rect(x, 42, 12, 10, stone)
        l.rect(36, 18, 28, 40, stone)
        for x in (34, 46, 58):
            l.rect(x, 10, 8, 10, stone)
        l.poly([(42, 90), (42, 74)] + arc_points(50, 74, 8, 8, 180, 0) + [(58, 90)], (0, 0, 0, 0))
        l.rect(46, 28, 8, 12, (0, 0, 0, 0), radius=4)
    glyph(pen, d, width=4.5)
    pen.poly([(50, 2), (50, 12), (60, 7)], (196, 44, 34))
    pen.line((50, 2), (50, 12), P.INK, 1.5)
