"""Age cards, Guilds, Senators and the card backs.

Card face, in design units (card = 100 wide, 155 high):
  top band (colour)         effect symbols, chain symbol given (right)
  left column               chain symbol that makes it free, then the cost
  middle                    medallion with the card type's emblem
  bottom ribbon             display name (1-2 lines)
"""
from __future__ import annotations

import math

import pygame

from ui.cardart import palette as P
from ui.cardart.emblems import draw_emblem
from ui.cardart.pen import Pen, darken, grain, lighten, mix
from ui.cardart.names_fit import fitted_name
from ui.cardart.text import fitted
from ui.text.names import display_name

DH = 155.0
BAND_Y, BAND_H = 5.0, 36.0
COST_X, COST_Y, COST_S, COST_STEP = 5.0, 44.5, 18.5, 18.0
NAME_Y, NAME_H = 128.0, 22.0
RESOURCE_ORDER = ("wood", "clay", "stone", "glass", "papyrus")


def card_colors(comp):
    if getattr(comp, "senator", None):
        return P.CARD[comp.senator]
    return P.CARD.get(comp.color or "", P.CARD["wonder"])


def frame(pen: Pen, main, light, dark, inner_top, inner_bottom, dh=DH, border=4.0):
    pen.rect(0, 0, 100, dh, P.INK, radius=6.5)
    pen.gradient_rect(1.1, 1.1, 97.8, dh - 2.2, lighten(light, 0.1), dark, radius=5.6)
    pen.rect(2.2, 2.2, 95.6, dh - 4.4, (*lighten(light, 0.45), 150), radius=5, width=0.7)
    pen.rect(border - 0.6, border - 0.6, 100 - 2 * border + 1.2, dh - 2 * border + 1.2, darken(dark, 0.35), radius=3.8)
    pen.gradient_rect(border, border, 100 - 2 * border, dh - 2 * border, inner_top, inner_bottom, radius=3.2)


def parchment_tones(comp):
    if getattr(comp, "senator", None) == "conspirator":
        return (74, 68, 74), (40, 36, 42)
    if getattr(comp, "senator", None) == "politician":
        return (252, 250, 244), (226, 220, 206)
    return P.PARCHMENT_LIGHT, (224, 204, 164)


def cost_units(comp):
    """The cost as a list of icon kinds: coins first (one coin with a number), then resources."""
    items = []
    if getattr(comp, "senator", None):
        items.append(("coin_senator", None))
        return items
    if comp.coin_cost:
        items.append(("coin", comp.coin_cost))
    for i, n in enumerate(comp.resources):
        items += [(RESOURCE_ORDER[i], None)] * n
    return items


def draw_cost_column(art, surf, comp, u, x, y, size, step, max_bottom, chain_in=None):
    items = cost_units(comp)
    n = len(items) + (1 if chain_in else 0)
    if not n:
        return
    avail = max_bottom - y
    if n * step > avail:
        step = avail / n
        size = min(size, step * 1.02)
    s = max(4, round(size * u))
    px_x = round(x * u)
    # a darker tab behind the cost so it reads on the picture
    cost_n = len(items)
    yy = y
    if chain_in:
        ic = art.icon(chain_in + ":in", s)
        surf.blit(ic, (px_x, round(yy * u)))
        yy += step + 1.0
    if cost_n:
        top = round((yy - 1.2) * u)
        tab = pygame.Rect(round((x - 1.5) * u), top, round((size + 3) * u),
                          round((step * cost_n + 1.6) * u))
        shade = pygame.Surface(tab.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (60, 36, 16, 60), shade.get_rect(), border_radius=max(2, round(3 * u)))
        surf.blit(shade, tab.topleft)
    for kind, label in items:
        if kind == "coin":
            ic = art.coin_label(label, s)
        elif kind == "coin_senator":
            ic = art.icon("coin_senator", s)
        else:
            ic = art.icon(kind, s)
        surf.blit(ic, (px_x, round(yy * u)))
        yy += step


def name_on_face(width: int) -> bool:
    """Does a card face this wide carry its name (at MIN_PX or more)? Else the table labels it."""
    from ui.draw.fonts import MIN_PX
    return round(11.5 * width / 100) >= MIN_PX


def name_band(width: int) -> tuple[int, int]:
    """(top, height) in pixels of the name ribbon of a card face `width` wide."""
    u = width / 100.0
    return round(NAME_Y * u), round(NAME_H * u)


def draw_name_ribbon(surf, comp_name, u, y, h, light, dark, text_color=P.INK, x0=4.0, x1=96.0):
    name = display_name(comp_name)
    w = round((x1 - x0 - 6) * u)
    txt = fitted_name(name, w, round((h - 3) * u), round(11.5 * u), text_color, True, 2)
    rect = txt.get_rect(center=(round(50 * u), round((y + h / 2) * u)))
    surf.blit(txt, rect)


def draw_card(art, comp, width: int) -> pygame.Surface:
    h = round(width * 1.55)
    u = width / 100.0
    main, light, dark = card_colors(comp)
    top, bottom = parchment_tones(comp)
    senator = getattr(comp, "senator", None)
    pen = Pen(width, h, 100)
    frame(pen, main, light, dark, top, bottom)

    # emblem medallion in the body
    cx, cy, r = 60.0, 84.0, 25.0
    if senator == "politician":
        cy, r = 80.0, 22.0
    ring = mix(main, P.BRONZE, 0.3) if not senator else (P.BRONZE if senator == "politician" else (150, 130, 110))
    pen.circle((cx, cy + 1.2), r + 1.5, (0, 0, 0, 50))
    pen.circle((cx, cy), r + 1.5, P.INK)
    pen.circle((cx, cy), r, ring)
    inner = {"conspirator": (28, 24, 30), "politician": (214, 190, 150)}.get(senator, mix(light, top, 0.55))
    pen.circle((cx, cy), r - 2.5, inner)
    for a in range(0, 360, 20):
        x, y = cx + (r - 1.2) * math.cos(math.radians(a)), cy - (r - 1.2) * math.sin(math.radians(a))
        pen.circle((x, y), 0.55, lighten(ring, 0.4))
    draw_emblem(pen, comp, cx, cy, r - 4)

    # top band
    band_top, band_bottom = lighten(main, 0.12), darken(main, 0.12)
    pen.gradient_rect(4, 4, 92, BAND_H + 1, band_top, band_bottom, radius=3)
    pen.rect(4, 4 + BAND_H - 2, 92, 3, band_bottom)
    pen.rect(4, 4 + BAND_H + 1, 92, 1.3, darken(dark, 0.4))
    pen.rect(4, 4 + BAND_H + 2.3, 92, 0.9, P.BRONZE_LIGHT if senator != "conspirator" else (120, 110, 120))
    pen.rect(6, 5.5, 88, 1.2, (*lighten(light, 0.5), 120), radius=1)

    # name ribbon
    ribbon_c = mix(light, top, 0.35) if senator != "conspirator" else (30, 26, 32)
    pen.rect(4, NAME_Y - 1.2, 92, 1.2, darken(dark, 0.3))
    pen.gradient_rect(4, NAME_Y, 92, NAME_H, lighten(ribbon_c, 0.15), ribbon_c)
    pen.rect(4, NAME_Y + NAME_H, 92, 1.0, darken(dark, 0.3))

    surf = pen.result()
    surf.blit(grain(surf.get_size()), (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    # effects in the band
    effects = senator_effects(comp) if senator else art_effects(comp)
    chain_w = 0.0
    if getattr(comp, "chain_out", None):
        s = round(25 * u)
        ic = art.icon(comp.chain_out, s)
        surf.blit(ic, (round(94 * u) - s, round((4 + BAND_H / 2) * u - s / 2)))
        chain_w = 26.0
    area_x0, area_x1 = 7.0, 93.0 - chain_w
    img = art.effects_image(effects, round((area_x1 - area_x0) * u), round((BAND_H - 4) * u),
                            max_rows=2, max_item=round(31 * u))
    surf.blit(img, img.get_rect(center=(round((area_x0 + area_x1) / 2 * u), round((4 + BAND_H / 2 + 0.4) * u))))

    # cost column (and the chain symbol that makes the card free)
    draw_cost_column(art, surf, comp, u, COST_X, COST_Y, COST_S, COST_STEP, NAME_Y - 1.5,
                     chain_in=getattr(comp, "chain_in", None))

    if senator == "politician":
        draw_politician_table(art, surf, u)

    text_c = P.INK if senator != "conspirator" else (240, 232, 216)
    draw_name_ribbon(surf, comp.name, u, NAME_Y, NAME_H, light, dark, text_c)
    return surf


def art_effects(comp):
    from ui.cardart.faces import effects_of
    return effects_of(comp)


def senator_effects(comp):
    if comp.senator == "politician":
        return [("senate_section", comp.section), ("politician_actions", None)]
    return [("place_cube", "any"), ("or", None), ("conspire", True)]


def draw_politician_table(art, surf, u):
    """Blue cards -> number of Senate actions: 0-1 -> 1, 2-3 -> 2, 4+ -> 3."""
    y0, x0, x1 = 106.0, 27.0, 95.0
    s = round(10 * u)
    card = art.icon("card_blue", s)
    surf.blit(card, (round(x0 * u), round(y0 * u)))
    txt = fitted("0-1:1  2-3:2  4+:3", round((x1 - x0 - 11) * u), round(10 * u), round(7.5 * u), P.INK, True, 1)
    surf.blit(txt, txt.get_rect(midleft=(round((x0 + 11) * u), round((y0 + 5) * u))))


# --- backs ---------------------------------------------------------------------------

NUMERAL = {"1": "I", "2": "II", "3": "III"}


def draw_back(art, back: str, width: int) -> pygame.Surface:
    h = round(width * 1.55)
    u = width / 100.0
    main, light, dark = P.AGE_BACK.get(back, P.AGE_BACK["1"])
    pen = Pen(width, h, 100)
    pen.rect(0, 0, 100, DH, P.INK, radius=6.5)
    pen.gradient_rect(1.1, 1.1, 97.8, DH - 2.2, lighten(main, 0.1), darken(main, 0.25), radius=5.6)
    # rays from the centre
    cx, cy = 50.0, 77.5
    for i in range(24):
        a0 = math.radians(i * 15)
        a1 = math.radians(i * 15 + 7.5)
        pts = [(cx, cy), (cx + 120 * math.cos(a0), cy + 120 * math.sin(a0)),
               (cx + 120 * math.cos(a1), cy + 120 * math.sin(a1))]
        pen.poly(pts, (*lighten(main, 0.12), 70))
    pen.rect(0, 0, 100, DH, P.INK, radius=6.5, width=1.2)
    # double frame
    edge = P.BRONZE_LIGHT if back != "senator" else P.BRONZE
    pen.rect(5, 5, 90, DH - 10, edge, radius=4, width=1.4)
    pen.rect(7.5, 7.5, 85, DH - 15, (*edge, 150), radius=3, width=0.6)
    for x, y in ((5, 5), (95, 5), (5, DH - 5), (95, DH - 5)):
        pen.poly([(x, y - 3), (x + 3, y), (x, y + 3), (x - 3, y)], edge)
    # medallion
    pen.circle((cx, cy + 1.5), 30, (0, 0, 0, 70))
    pen.circle((cx, cy), 30, P.INK)
    pen.circle((cx, cy), 28.5, P.BRONZE)
    pen.circle((cx, cy), 25.5, P.BRONZE_DARK)
    pen.circle((cx, cy), 24.5, darken(main, 0.35) if back != "senator" else (236, 232, 222))
    for a in range(0, 360, 15):
        x, y = cx + 27 * math.cos(math.radians(a)), cy - 27 * math.sin(math.radians(a))
        pen.circle((x, y), 0.7, P.BRONZE_LIGHT)
    if back in ("guild", "senator"):
        emblem_kind = "most" if back == "guild" else "senator"
    else:
        emblem_kind = None
    # laurel sprigs above and below
    for sy, flip in ((cy - 44, 1), (cy + 44, -1)):
        for side in (-1, 1):
            for i in range(4):
                x = cx + side * (5 + i * 6)
                y = sy + flip * (i * 1.6)
                ang = math.radians(180 if side < 0 else 0) + (-0.5 * side * flip)
                from ui.cardart.icons import leaf
                pen.poly(leaf((x, y), ang, 7 - i * 0.8, 3.6), edge)
        pen.circle((cx, sy), 1.8, edge)
    surf = pen.result()
    if emblem_kind:
        s = round(36 * u)
        ic = art.icon(emblem_kind, s)
        surf.blit(ic, ic.get_rect(center=(round(cx * u), round(cy * u))))
    else:
        count = len(NUMERAL.get(back, "I"))
        numeral = Pen(width, h, 100)
        draw_numeral(numeral, count, cx, cy + 1, P.BRONZE_LIGHT, P.INK)
        surf.blit(numeral.result(), (0, 0))
    return opaque_card(surf, darken(main, 0.25), round(6.5 * u))


def opaque_card(surf: pygame.Surface, base, radius: int) -> pygame.Surface:
    """The face laid on a solid card of its shape: a face-down card hides what lies under it
    (the translucent rays and frames would otherwise let the cards beneath show through)."""
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(out, (*base[:3], 255), out.get_rect(), border_radius=max(1, radius))
    out.blit(surf, (0, 0))
    return out


def draw_numeral(pen: Pen, count: int, cx: float, cy: float, fill, ink, height: float = 26.0) -> None:
    """The Age as an engraved Roman numeral (I, II, III): drawn strokes, the same in every
    language, like the printed card backs."""
    stem, serif, cap = height * 0.17, height * 0.42, height * 0.11
    step = serif + height * 0.1
    x0 = cx - step * (count - 1) / 2
    top = cy - height / 2
    for grow, colour in ((1.3, ink), (0.0, fill)):
        for k in range(count):
            x = x0 + k * step
            pen.rect(x - stem / 2 - grow, top - grow, stem + 2 * grow, height + 2 * grow, colour)
            for y in (top, top + height - cap):
                pen.rect(x - serif / 2 - grow, y - grow, serif + 2 * grow, cap + 2 * grow, colour, radius=0.6)
