"""Agora: Decree tiles (and their rolled-scroll backs) and Conspiracy cards."""
from __future__ import annotations

import math

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import Pen, darken, lighten
from ui.cardart.names_fit import fitted_name
from ui.cardart.text import describe_all, fitted
from ui.text.names import display_name

# --- Decrees: 100 x 62 design units ----------------------------------------------------

DDH = 62.0
DECREE_EDGE = (150, 112, 60)


def _tile(pen, top, bottom, edge):
    pen.rect(0, 0, 100, DDH, P.INK, radius=5)
    pen.gradient_rect(1, 1, 98, DDH - 2, lighten(edge, 0.25), darken(edge, 0.3), radius=4.4)
    pen.gradient_rect(3.5, 3.5, 93, DDH - 7, top, bottom, radius=3)


def draw_decree(art, comp, width: int) -> pygame.Surface:
    from ui.cardart.faces import DECREE_RATIO, effects_of
    h = round(width * DECREE_RATIO)
    u = width / 100
    show_text = width >= 150
    pen = Pen(width, h, 100)
    _tile(pen, (250, 240, 214), (226, 204, 160), DECREE_EDGE)
    # rolled ends of the scroll
    for x in (3.5, 90.5):
        pen.gradient_rect(x, 3.5, 6, DDH - 7, (236, 214, 168), (176, 140, 90))
        pen.rect(x, 3.5, 6, DDH - 7, (120, 86, 40), width=0.5)
    if width >= 90:
        pen.rect(12, 16.5, 76, 0.8, (*DECREE_EDGE, 200))
    if show_text:
        pen.rect(12, 36.5, 76, 0.8, (*DECREE_EDGE, 200))
    if width >= 90:  # a wax seal in the corner
        pen.circle((86.5, 53.5), 5.5, P.INK)
        pen.circle((86.5, 53.5), 4.6, (176, 34, 30))
        pen.circle((86.5, 53.5), 2.5, (210, 70, 56))
    surf = pen.result()
    effects = effects_of(comp)
    if width < 90:  # a small tile: the symbols alone, as large as they fit
        img = art.effects_image(effects, round(80 * u), round(46 * u), max_rows=1)
        surf.blit(img, img.get_rect(center=(round(50 * u), round(31 * u))))
        return surf
    name = display_name(comp.name)
    txt = fitted_name(name, round(76 * u), round(12 * u), round(10 * u), P.INK, True, 1)
    surf.blit(txt, txt.get_rect(center=(round(50 * u), round(10.2 * u))))
    if show_text:
        img = art.effects_image(effects, round(72 * u), round(17 * u), max_rows=1)
        surf.blit(img, img.get_rect(center=(round(50 * u), round(27 * u))))
        line = describe_all(effects)
        if line:
            t = fitted(line, round(66 * u), round(20 * u), round(6.5 * u), P.INK_SOFT, True, 3, min_px=8)
            surf.blit(t, t.get_rect(center=(round(46.5 * u), round(47.5 * u))))
    else:
        img = art.effects_image(effects, round(76 * u), round(36 * u), max_rows=1)
        surf.blit(img, img.get_rect(center=(round(50 * u), round(38 * u))))
    return surf


def draw_decree_back(art, width: int) -> pygame.Surface:
    from ui.cardart.faces import DECREE_RATIO
    h = round(width * DECREE_RATIO)
    pen = Pen(width, h, 100)
    _tile(pen, (110, 70, 40), (70, 42, 22), DECREE_EDGE)
    pen.rect(7, 7, 86, DDH - 14, (*P.BRONZE, 160), radius=2.5, width=0.7)
    # a rolled scroll tied with a ribbon, sealed
    cy = DDH / 2
    pen.ellipse(20, cy - 11, 60, 22, (0, 0, 0, 60))
    pen.rect(20, cy - 12, 60, 22, P.INK, radius=10)
    pen.gradient_rect(21.2, cy - 10.8, 57.6, 19.6, (252, 238, 204), (196, 160, 108), radius=9)
    pen.ellipse(72, cy - 12, 10, 22, P.INK)
    pen.ellipse(73, cy - 10.8, 7.6, 19.6, (226, 200, 150))
    pen.ellipse(75.5, cy - 5, 3, 8, (150, 112, 64))
    for x in (36, 40):
        pen.rect(x, cy - 12.5, 3, 23, (150, 30, 28))
    pen.circle((45, cy + 4), 6.5, P.INK)
    pen.circle((45, cy + 4), 5.5, (184, 36, 30))
    pen.circle((45, cy + 4), 3, (220, 80, 64))
    pen.poly([(42, cy + 9), (39, cy + 17), (43, cy + 15), (45, cy + 18), (46, cy + 10)], (150, 30, 28))
    return pen.result()


# --- Conspiracies: card-sized ---------------------------------------------------------

CDH = 155.0


def draw_conspiracy(art, comp, width: int) -> pygame.Surface:
    from ui.cardart.faces import CARD_RATIO, effects_of
    h = round(width * CARD_RATIO)
    u = width / 100
    pen = Pen(width, h, 100)
    pen.rect(0, 0, 100, CDH, P.INK, radius=6.5)
    pen.gradient_rect(1.1, 1.1, 97.8, CDH - 2.2, (170, 60, 60), (70, 14, 18), radius=5.6)
    pen.rect(3.4, 3.4, 93.2, CDH - 6.8, (20, 12, 14), radius=3.8)
    pen.gradient_rect(4, 4, 92, CDH - 8, (58, 42, 46), (30, 20, 24), radius=3.2)
    # header with the name
    pen.gradient_rect(4, 4, 92, 28, (126, 36, 38), (80, 20, 24), radius=3)
    pen.rect(4, 32, 92, 1.2, P.BRONZE)
    for side in (-1, 1):
        pen.circle((50 + side * 44, 18), 1.3, P.BRONZE)
    # parchment panel: symbols, a rule, then the text
    pen.rect(7.8, 37.8, 84.4, 110.4, P.INK, radius=4)
    pen.gradient_rect(9, 39, 82, 108, P.PARCHMENT_LIGHT, (220, 196, 150), radius=3.4)
    pen.line((20, 88), (80, 88), (*P.BRONZE, 200), 0.8)
    pen.poly([(50, 85.5), (52.5, 88), (50, 90.5), (47.5, 88)], P.BRONZE)
    surf = pen.result()
    txt = fitted_name(display_name(comp.name), round(86 * u), round(25 * u), round(11.5 * u), (250, 236, 210), True, 2)
    surf.blit(txt, txt.get_rect(center=(round(50 * u), round(18.5 * u))))
    effects = effects_of(comp)
    img = art.effects_image(effects, round(76 * u), round(42 * u), max_rows=2, max_item=round(26 * u))
    surf.blit(img, img.get_rect(center=(round(50 * u), round(63 * u))))
    line = describe_all(effects)
    if line:
        t = fitted(line, round(76 * u), round(54 * u), round(9 * u), P.INK, True, 5, min_px=7)
        surf.blit(t, t.get_rect(center=(round(50 * u), round(117.5 * u))))
    return surf


def draw_conspiracy_back(art, width: int) -> pygame.Surface:
    from ui.cardart.faces import CARD_RATIO
    h = round(width * CARD_RATIO)
    pen = Pen(width, h, 100)
    pen.rect(0, 0, 100, CDH, P.INK, radius=6.5)
    pen.gradient_rect(1.1, 1.1, 97.8, CDH - 2.2, (52, 30, 36), (16, 10, 12), radius=5.6)
    cx, cy = 50.0, 77.5
    for i in range(12):
        a0, a1 = math.radians(i * 30), math.radians(i * 30 + 12)
        pen.poly([(cx, cy), (cx + 120 * math.cos(a0), cy + 120 * math.sin(a0)),
                  (cx + 120 * math.cos(a1), cy + 120 * math.sin(a1))], (120, 30, 36, 60))
    pen.rect(5, 5, 90, CDH - 10, (150, 40, 40), radius=4, width=1.2)
    pen.rect(7.5, 7.5, 85, CDH - 15, (*P.BRONZE, 110), radius=3, width=0.6)
    pen.circle((cx, cy + 1.5), 30, (0, 0, 0, 90))
    pen.circle((cx, cy), 30, P.INK)
    pen.circle((cx, cy), 28.5, (150, 40, 40))
    pen.circle((cx, cy), 25.5, (20, 12, 14))
    # the hooded figure
    pen.poly([(cx, cy - 20), (cx + 13, cy - 8), (cx + 15, cy + 8), (cx + 22, cy + 22), (cx - 22, cy + 22),
              (cx - 15, cy + 8), (cx - 13, cy - 8)], (76, 64, 74))
    pen.poly([(cx, cy - 13), (cx + 8, cy - 5), (cx + 8, cy + 7), (cx, cy + 12), (cx - 8, cy + 7), (cx - 8, cy - 5)], (8, 4, 6))
    pen.circle((cx - 3.4, cy), 1.5, (255, 214, 120))
    pen.circle((cx + 3.4, cy), 1.5, (255, 214, 120))
    return pen.result()
