"""Wonder cards (landscape): a sunset scene with the monument, cost, effects, name.

Design units: 160 wide x 104 high.
"""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import Pen, darken, lighten
from ui.cardart.scenes import draw_scene
from ui.cardart.names_fit import fitted_name
from ui.text.names import display_name

DW, DH = 160.0, 104.0


def draw_wonder(art, comp, width: int) -> pygame.Surface:
    from ui.cardart.cards import draw_cost_column
    from ui.cardart.faces import WONDER_RATIO, effects_of
    h = round(width * WONDER_RATIO)
    u = width / DW
    pen = Pen(width, h, DW)
    agora = getattr(comp, "expansion", "base") == "agora"
    edge = (150, 40, 36) if agora else P.BRONZE
    pen.rect(0, 0, DW, DH, P.INK, radius=6)
    pen.gradient_rect(1.1, 1.1, DW - 2.2, DH - 2.2, lighten(edge, 0.35), darken(edge, 0.35), radius=5)
    # the picture
    px0, py0, pw, ph = 4.0, 4.0, DW - 8, DH - 8
    sub = Pen(max(1, round(pw * u)), max(1, round(ph * u)), pw, ss=pen.ss)
    draw_scene(sub, comp.name, pw, ph)
    mask = pygame.Surface(sub.surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(3 * pen.k))
    sub.surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pen.surf.blit(sub.surf, (round(px0 * pen.k), round(py0 * pen.k)))
    pen.rect(px0, py0, pw, ph, darken(edge, 0.5), radius=3, width=0.8)
    # cost column backdrop
    pen.rect(px0, py0, 24, DH - 8 - 23, (40, 24, 12, 120), radius=3)
    # effects panel (top right)
    effects = effects_of(comp)
    draft = list(getattr(comp, "draft_effects", ()) or ())
    ew, eh = 76.0, 40.0
    ex0, ey0 = DW - 7 - ew, 7.0
    pen.rect(ex0 - 1.2, ey0 - 1.2, ew + 2.4, eh + 2.4, P.INK, radius=5)
    pen.gradient_rect(ex0, ey0, ew, eh, P.PARCHMENT_LIGHT, (226, 206, 166), radius=4)
    pen.rect(ex0 + 1.2, ey0 + 1.2, ew - 2.4, eh - 2.4, (*edge, 160), radius=3.5, width=0.6)
    if draft:
        dy = ey0 + eh + 3
        pen.rect(DW - 7 - 60 - 1.2, dy - 1.2, 62.4, 24.4, P.INK, radius=5)
        pen.gradient_rect(DW - 7 - 60, dy, 60, 22, (236, 220, 236), (206, 180, 200), radius=4)
    # name ribbon
    ny = DH - 26.0
    pen.rect(4, ny - 1, DW - 8, 1, darken(edge, 0.5))
    pen.gradient_rect(4, ny, DW - 8, 22, (62, 40, 24, 235), (40, 24, 14, 245))
    pen.rect(4, ny + 22, DW - 8, 1, darken(edge, 0.5))
    surf = pen.result()

    img = art.effects_image(effects, round((ew - 5) * u), round((eh - 5) * u), max_rows=2,
                            max_item=round(28 * u))
    surf.blit(img, img.get_rect(center=(round((ex0 + ew / 2) * u), round((ey0 + eh / 2) * u))))
    if draft:
        dx0 = DW - 7 - 60
        hand = art.icon("hand", round(16 * u))
        surf.blit(hand, (round((dx0 + 2) * u), round((ey0 + eh + 6) * u)))
        dimg = art.effects_image(draft, round(38 * u), round(18 * u), max_rows=1)
        surf.blit(dimg, dimg.get_rect(center=(round((dx0 + 39) * u), round((ey0 + eh + 14) * u))))
    draw_cost_column(art, surf, comp, u, 7.0, 7.0, 17.5, 17.0, DH - 27)
    name = display_name(comp.name)
    txt = fitted_name(name, round((DW - 20) * u), round(20 * u), round(13 * u), P.BRONZE_LIGHT, True, 1,
                 outline=P.INK, outline_w=max(1, round(0.8 * u)))
    surf.blit(txt, txt.get_rect(center=(round(DW / 2 * u), round((ny + 11) * u))))
    return surf


def name_on_face(width: int) -> bool:
    """Does a Wonder this wide carry its name (at MIN_PX or more)? Else the table labels it."""
    from ui.draw.fonts import MIN_PX
    return round(13 * width / DW) >= MIN_PX


def name_band(width: int) -> tuple[int, int]:
    """(top, height) in pixels of the name band of a Wonder `width` wide."""
    u = width / DW
    return round((DH - 26.0) * u), round(22 * u)


def draw_wonder_back(art, width: int) -> pygame.Surface:
    from ui.cardart.faces import WONDER_RATIO
    h = round(width * WONDER_RATIO)
    u = width / DW
    pen = Pen(width, h, DW)
    pen.rect(0, 0, DW, DH, P.INK, radius=6)
    pen.gradient_rect(1.1, 1.1, DW - 2.2, DH - 2.2, (120, 80, 40), (60, 36, 18), radius=5)
    pen.rect(5, 5, DW - 10, DH - 10, P.BRONZE_LIGHT, radius=4, width=1.2)
    surf = pen.result()
    ic = art.icon("wonder", round(50 * u))
    surf.blit(ic, ic.get_rect(center=(round(DW / 2 * u), round(DH / 2 * u))))
    return surf
