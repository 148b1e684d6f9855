"""Wonder pictures: a warm sky and a bronze-lit silhouette of the monument.

Scene units: about 152 x 96; the monument stands on the ground line GROUND, centred
near x = 62 (the right part of the card carries the effect panel).
"""
from __future__ import annotations

import math

from ui.cardart.icons import leaf
from ui.cardart.pen import Pen, arc_points, darken, lighten

GROUND = 72.0
CX = 54.0
SIL = (66, 40, 24)
RIM = (246, 196, 120)


def _sky(pen: Pen, w, h, sea=False):
    pen.gradient_rect(0, 0, w, GROUND, (246, 222, 170), (236, 164, 96))
    pen.circle((CX + 40, GROUND - 14), 12, (255, 236, 180, 200))
    pen.circle((CX + 40, GROUND - 14), 8, (255, 244, 210))
    for y, x0, x1 in ((18, 6, 50), (24, 20, 70), (12, 90, 140)):
        pen.rect(x0, y, x1 - x0, 2.2, (255, 240, 214, 110), radius=1)
    if sea:
        pen.gradient_rect(0, GROUND, w, h - GROUND, (90, 120, 130), (50, 70, 84))
        for i in range(8):
            pen.rect(8 + i * 18, GROUND + 4 + (i % 3) * 4, 10, 1.2, (200, 220, 220, 140))
    else:
        pen.gradient_rect(0, GROUND, w, h - GROUND, (176, 120, 66), (110, 70, 36))
        pen.rect(0, GROUND, w, 1.5, (214, 158, 92))
    # distant hills
    pts = [(0, GROUND)] + [(x, GROUND - 6 - 4 * math.sin(x / 14.0) - 2 * math.sin(x / 5.0)) for x in range(0, int(w) + 4, 4)] + [(w, GROUND)]
    pen.poly(pts, (214, 150, 96, 150))


def _layer(pen):
    return pen.layer()


def _paste(pen, layer):
    pen.paste(layer, outline=(40, 22, 10), width=0.9)


def pyramids(pen, l):
    l.poly([(CX - 40, GROUND), (CX + 2, GROUND - 50), (CX + 44, GROUND)], SIL)
    l.poly([(CX + 20, GROUND), (CX + 44, GROUND - 28), (CX + 68, GROUND)], darken(SIL, 0.1))
    l.poly([(CX - 66, GROUND), (CX - 48, GROUND - 20), (CX - 30, GROUND)], darken(SIL, 0.15))


def pyramids_light(pen):
    pen.poly([(CX + 2, GROUND - 50), (CX + 44, GROUND), (CX + 16, GROUND)], (*RIM, 120))
    for i in range(1, 7):
        y = GROUND - i * 7
        half = 42 * (GROUND - y) / 50
        pen.line((CX + 2 - (42 - half), y), (CX + 2 + (42 - half), y), (120, 80, 40, 160), 0.6)


def colossus(pen, l):
    l.rect(CX - 14, GROUND - 10, 28, 10, SIL)
    l.poly([(CX - 10, GROUND - 10), (CX - 4, GROUND - 34), (CX + 4, GROUND - 34), (CX + 10, GROUND - 10),
            (CX + 5, GROUND - 10), (CX, GROUND - 26), (CX - 5, GROUND - 10)], SIL)
    l.poly([(CX - 7, GROUND - 34), (CX + 7, GROUND - 34), (CX + 6, GROUND - 52), (CX - 6, GROUND - 52)], SIL)
    l.circle((CX, GROUND - 56), 4.5, SIL)
    for a in range(0, 180, 30):
        x, y = CX + 6 * math.cos(math.radians(a)), GROUND - 57 - 6 * math.sin(math.radians(a))
        l.line((CX, GROUND - 57), (x, y), SIL, 1.2)
    l.line((CX + 5, GROUND - 50), (CX + 14, GROUND - 66), SIL, 3)
    l.poly([(CX + 11, GROUND - 66), (CX + 17, GROUND - 66), (CX + 16, GROUND - 70), (CX + 12, GROUND - 70)], SIL)
    l.line((CX - 5, GROUND - 48), (CX - 10, GROUND - 36), SIL, 3)
    # harbour walls
    l.rect(CX - 60, GROUND - 6, 38, 6, SIL)
    l.rect(CX + 22, GROUND - 6, 38, 6, SIL)


def colossus_light(pen):
    pen.poly(leaf((CX + 14, GROUND - 70), -math.pi / 2, 8, 5), (255, 200, 90))


def lighthouse(pen, l):
    l.poly([(CX - 16, GROUND), (CX - 12, GROUND - 30), (CX + 12, GROUND - 30), (CX + 16, GROUND)], SIL)
    l.rect(CX - 14, GROUND - 32, 28, 3, SIL)
    l.poly([(CX - 9, GROUND - 32), (CX - 7, GROUND - 52), (CX + 7, GROUND - 52), (CX + 9, GROUND - 32)], SIL)
    l.rect(CX - 9, GROUND - 54, 18, 3, SIL)
    l.rect(CX - 5, GROUND - 64, 10, 10, SIL)
    l.poly([(CX - 6, GROUND - 64), (CX, GROUND - 70), (CX + 6, GROUND - 64)], SIL)
    l.rect(CX - 40, GROUND - 3, 80, 3, SIL)


def lighthouse_light(pen):
    pen.circle((CX, GROUND - 60), 9, (255, 230, 150, 90))
    pen.poly(leaf((CX, GROUND - 56), -math.pi / 2, 9, 6), (255, 200, 90))
    for y in (GROUND - 22, GROUND - 12, GROUND - 44):
        pen.rect(CX - 1.5, y, 3, 4, (255, 214, 130))


def temple(pen, l, cols=8, w=70, hgt=34):
    x0 = CX - w / 2
    l.rect(x0 - 4, GROUND - 4, w + 8, 4, SIL)
    l.rect(x0 - 2, GROUND - 7, w + 4, 3, SIL)
    step = w / (cols - 1)
    for i in range(cols):
        x = x0 + i * step
        l.rect(x - 2.2, GROUND - 7 - hgt, 4.4, hgt, SIL)
    l.rect(x0 - 3, GROUND - 11 - hgt, w + 6, 5, SIL)
    l.poly([(x0 - 5, GROUND - 11 - hgt), (x0 + w + 5, GROUND - 11 - hgt), (CX, GROUND - 26 - hgt)], SIL)


def temple_light(pen, w=70, hgt=34):
    pen.poly([(CX - 22, GROUND - 14 - hgt), (CX + 22, GROUND - 14 - hgt), (CX, GROUND - 22 - hgt)], (*RIM, 110))


def artemis(pen, l):
    temple(pen, l, cols=10, w=84, hgt=30)


def mausoleum(pen, l):
    l.rect(CX - 30, GROUND - 18, 60, 18, SIL)
    for i in range(7):
        l.rect(CX - 24 + i * 8 - 1.6, GROUND - 38, 3.2, 20, SIL)
    l.rect(CX - 28, GROUND - 41, 56, 3, SIL)
    for i in range(6):
        l.rect(CX - 26 + i * 4, GROUND - 44 - i * 3, 52 - i * 8, 3, SIL)
    l.rect(CX - 6, GROUND - 66, 12, 6, SIL)
    l.poly([(CX - 8, GROUND - 60), (CX + 8, GROUND - 60), (CX, GROUND - 74)], SIL)


def library(pen, l):
    temple(pen, l, cols=6, w=56, hgt=24)
    l.poly(arc_points(CX, GROUND - 48, 16, 14, 0, 180), SIL)
    l.rect(CX - 1.2, GROUND - 68, 2.4, 7, SIL)


def library_light(pen):
    for i in range(5):
        pen.rect(CX - 20 + i * 10, GROUND - 26, 3, 12, (250, 214, 150, 170), radius=1)


def piraeus(pen, l):
    l.rect(CX - 64, GROUND - 6, 40, 6, SIL)
    l.rect(CX - 58, GROUND - 20, 10, 14, SIL)
    l.poly([(CX - 60, GROUND - 20), (CX - 46, GROUND - 20), (CX - 53, GROUND - 26)], SIL)
    # a trireme
    l.poly([(CX - 20, GROUND - 6), (CX + 40, GROUND - 6), (CX + 48, GROUND - 14), (CX + 30, GROUND + 2), (CX - 12, GROUND + 2)], SIL)
    l.rect(CX + 9, GROUND - 52, 2.4, 46, SIL)
    l.poly([(CX - 6, GROUND - 48), (CX + 28, GROUND - 48), (CX + 24, GROUND - 16), (CX - 2, GROUND - 16)], (236, 218, 184))
    l.lines([(CX - 6, GROUND - 48), (CX + 28, GROUND - 48)], SIL, 1.6)
    for i in range(7):
        x = CX - 10 + i * 7
        l.line((x, GROUND - 2), (x - 4, GROUND + 8), SIL, 0.9)


def piraeus_light(pen):
    pen.rect(CX + 8, GROUND - 40, 4, 6, (180, 40, 30))


def gardens(pen, l):
    for i, (w, y) in enumerate(((80, 0), (62, 13), (44, 26), (26, 39))):
        l.rect(CX - w / 2, GROUND - y - 13, w, 13, SIL)
        for j in range(int(w // 7)):
            l.rect(CX - w / 2 + 2 + j * 7, GROUND - y - 10, 3.2, 8, darken(SIL, 0.3))


def gardens_light(pen):
    greens = ((86, 130, 60), (110, 156, 70), (70, 110, 52))
    for i, (w, y) in enumerate(((80, 0), (62, 13), (44, 26), (26, 39))):
        for j in range(int(w // 9) + 1):
            x = CX - w / 2 + 4 + j * 9
            pen.circle((x, GROUND - y - 14), 3.6, greens[(i + j) % 3])
            pen.circle((x + 2, GROUND - y - 15.5), 2.4, lighten(greens[(i + j) % 3], 0.25))
        pen.line((CX - w / 2 + 2, GROUND - y - 2), (CX - w / 2 + 1, GROUND - y + 6), (90, 140, 70), 1.2) if i else None
    pen.circle((CX, GROUND - 57), 5, (86, 130, 60))
    pen.rect(CX - 0.8, GROUND - 54, 1.6, 4, SIL)


def zeus(pen, l):
    temple(pen, l, cols=6, w=62, hgt=42)


def zeus_light(pen):
    # the seated god inside
    pen.rect(CX - 20, GROUND - 48, 40, 40, (120, 74, 40))
    pen.rect(CX - 9, GROUND - 22, 18, 14, (236, 186, 100))
    pen.circle((CX, GROUND - 40), 4.5, (246, 206, 120))
    pen.poly([(CX - 8, GROUND - 36), (CX + 8, GROUND - 36), (CX + 9, GROUND - 22), (CX - 9, GROUND - 22)], (240, 196, 110))
    pen.line((CX + 12, GROUND - 44), (CX + 12, GROUND - 10), (236, 186, 100), 1.4)
    for x in (CX - 16, CX + 16):
        pen.rect(x - 2.2, GROUND - 49, 4.4, 42, SIL)


def sphinx(pen, l):
    l.poly([(CX - 44, GROUND), (CX - 40, GROUND - 14), (CX + 10, GROUND - 16), (CX + 16, GROUND - 8), (CX + 40, GROUND - 4),
            (CX + 42, GROUND)], SIL)
    l.poly([(CX + 4, GROUND - 14), (CX + 6, GROUND - 34), (CX + 24, GROUND - 36), (CX + 26, GROUND - 14)], SIL)
    l.poly([(CX + 2, GROUND - 30), (CX + 15, GROUND - 48), (CX + 28, GROUND - 30), (CX + 28, GROUND - 18), (CX + 2, GROUND - 18)], SIL)
    l.poly([(CX - 64, GROUND), (CX - 52, GROUND - 16), (CX - 40, GROUND)], darken(SIL, 0.12))


def sphinx_light(pen):
    pen.poly([(CX + 15, GROUND - 48), (CX + 28, GROUND - 30), (CX + 22, GROUND - 30)], (*RIM, 140))
    pen.rect(CX + 12, GROUND - 34, 6, 1.5, (40, 22, 10))


def appian(pen, l):
    # a road running into the distance with an arch aqueduct
    l.poly([(CX - 12, GROUND - 30), (CX - 6, GROUND - 30), (CX + 30, GROUND + 26), (CX - 44, GROUND + 26)], (150, 120, 90))
    for i in range(6):
        x = CX - 8 + i * 16
        l.rect(x, GROUND - 38, 16, 38, SIL)
        l.poly([(x + 3, GROUND)] + arc_points(x + 8, GROUND - 22, 5, 6, 180, 0) + [(x + 13, GROUND)], (0, 0, 0, 0))
    l.rect(CX - 10, GROUND - 42, 100, 5, SIL)


def appian_light(pen):
    for i in range(8):
        y = GROUND - 26 + i * 6
        pen.rect(CX - 10 - i * 2, y, 4 + i, 1.2, (230, 210, 170, 200))


def circus(pen, l):
    l.poly(arc_points(CX, GROUND - 6, 54, 14, 0, 360), SIL)
    l.poly(arc_points(CX, GROUND - 6, 44, 9, 0, 360), (170, 120, 70))
    l.rect(CX - 30, GROUND - 8, 60, 3, SIL)
    l.poly([(CX - 2, GROUND - 8), (CX + 2, GROUND - 8), (CX + 1.2, GROUND - 40), (CX, GROUND - 43), (CX - 1.2, GROUND - 40)], SIL)
    for i in range(9):
        x = CX - 48 + i * 12
        l.rect(x, GROUND - 22, 7, 8, SIL)


def circus_light(pen):
    for i in range(9):
        x = CX - 47 + i * 12
        pen.poly(arc_points(x + 2.5, GROUND - 18, 2, 2.5, 0, 180) + [(x + 4.5, GROUND - 15), (x + 0.5, GROUND - 15)], (250, 214, 150))


def curia(pen, l):
    l.rect(CX - 24, GROUND - 44, 48, 44, SIL)
    l.poly([(CX - 28, GROUND - 44), (CX + 28, GROUND - 44), (CX, GROUND - 60)], SIL)
    l.rect(CX - 30, GROUND - 4, 60, 4, SIL)
    for x in (CX - 16, CX, CX + 16):
        l.poly([(x - 4, GROUND - 36)] + arc_points(x, GROUND - 36, 4, 4, 180, 0) + [(x + 4, GROUND - 28), (x - 4, GROUND - 28)], (0, 0, 0, 0))


def curia_light(pen):
    pen.rect(CX - 7, GROUND - 20, 14, 16, (246, 200, 120))
    pen.line((CX, GROUND - 20), (CX, GROUND - 4), SIL, 1)


def knossos(pen, l):
    l.rect(CX - 44, GROUND - 30, 88, 30, SIL)
    l.rect(CX - 48, GROUND - 34, 96, 4, SIL)
    l.rect(CX - 24, GROUND - 52, 48, 18, SIL)
    l.rect(CX - 27, GROUND - 55, 54, 3, SIL)
    for x in (CX - 14, CX + 14):
        l.poly([(x - 6, GROUND - 55), (x - 3, GROUND - 62), (x, GROUND - 57), (x + 3, GROUND - 62), (x + 6, GROUND - 55)], SIL)


def knossos_light(pen):
    for i in range(7):
        x = CX - 36 + i * 12
        pen.poly([(x - 2.6, GROUND - 27), (x + 2.6, GROUND - 27), (x + 1.6, GROUND - 4), (x - 1.6, GROUND - 4)], (186, 50, 36))
        pen.rect(x - 3.4, GROUND - 29, 6.8, 2.4, (30, 24, 20))
    for i in range(3):
        x = CX - 14 + i * 14
        pen.poly([(x - 2.4, GROUND - 50), (x + 2.4, GROUND - 50), (x + 1.5, GROUND - 37), (x - 1.5, GROUND - 37)], (186, 50, 36))


SCENES = {
    "The Pyramids": (pyramids, pyramids_light, False),
    "The Colossus": (colossus, colossus_light, True),
    "The Great Lighthouse": (lighthouse, lighthouse_light, True),
    "The Temple of Artemis": (artemis, lambda p: temple_light(p, 84, 30), False),
    "The Mausoleum": (mausoleum, None, False),
    "The Great Library": (library, library_light, False),
    "Piraeus": (piraeus, piraeus_light, True),
    "The Hanging Gardens": (gardens, gardens_light, False),
    "The Statue of Zeus": (zeus, zeus_light, False),
    "The Sphinx": (sphinx, sphinx_light, False),
    "The Appian Way": (appian, appian_light, False),
    "Circus Maximus": (circus, circus_light, False),
    "Curia Julia": (curia, curia_light, False),
    "Knossos": (knossos, knossos_light, False),
}


def draw_scene(pen: Pen, name: str, w: float, h: float) -> None:
    shape, light, sea = SCENES.get(name, (temple, lambda p: temple_light(p), False))
    _sky(pen, w, h, sea)
    layer = pen.layer()
    shape(pen, layer)
    # soft shadow on the ground
    pen.ellipse(CX - 50, GROUND - 3, 100, 7, (40, 20, 8, 60))
    _paste(pen, layer)
    if light:
        light(pen)
