"""The Agora Senate board: six Chambers in three sections, cubes, control, Decrees.

    rects = draw_senate_board(art, surface, rect, chambers, cubes, control, decrees, supply,
                              highlight=None)

- chambers: the rules' ChamberDefs (`state.rules.chambers`), or their names, or None (= all
  six from art.rules)
- cubes: `state.cubes` (flat, chamber * 2 + seat) or six (seat 0, seat 1) pairs
- control: six entries 0 / 1 / None
- decrees: six lists; an entry is a Decree name (face up), None (face down), a
  (name, face_up) pair or a Decree id (face up). `state.chamber_decrees` + `state.decree_up`
  convert with `decrees_from_state(state)`.
- supply: (seat 0, seat 1) cubes left in the supply, or None to leave the trays out
- highlight: Chamber indices or names to outline (clickable targets)

Returns hit rectangles: chamber name -> Rect (whole column), "<chamber name>/decree/<i>"
-> Rect of each Decree tile, "supply/0", "supply/1".
Drawing is cheap: static parts are cached by the Art object, cubes and tiles are blits.
"""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import Pen, darken, lighten, mix, stamp_outline
from ui.cardart.text import fitted
from ui.draw.fonts import MIN_PX, get_font

SECTIONS = ("left", "middle", "right")
DEFAULT_POINTS = (1, 2, 3, 3, 2, 1)


def decrees_from_state(state):
    """state.chamber_decrees -> [[(name, face_up), ...] per chamber]."""
    out = []
    for ids in state.chamber_decrees:
        out.append([(state.rules.decrees[d].name, bool(state.decree_up[d])) for d in ids])
    return out


def _norm_chambers(art, chambers):
    src = list(chambers) if chambers is not None else list(getattr(art.rules, "chambers", []))
    if not src:
        src = list(art.rules.db.chambers)
    out = []
    for i, c in enumerate(src[:6]):
        if isinstance(c, str):
            match = next((d for d in art.rules.db.chambers if d.name == c), None)
            out.append((c, match.points if match else DEFAULT_POINTS[i], match.section if match else SECTIONS[i // 2]))
        else:
            out.append((c.name, c.points, c.section))
    while len(out) < 6:
        i = len(out)
        out.append((f"Chamber {i + 1}", DEFAULT_POINTS[i], SECTIONS[i // 2]))
    return out


def _norm_cubes(cubes):
    if cubes is None:
        return [(0, 0)] * 6
    cubes = list(cubes)
    if cubes and isinstance(cubes[0], (tuple, list)):
        return [(int(a), int(b)) for a, b in cubes[:6]] + [(0, 0)] * (6 - len(cubes))
    cubes = cubes + [0] * (12 - len(cubes))
    return [(int(cubes[2 * i]), int(cubes[2 * i + 1])) for i in range(6)]


def _norm_decree(art, d):
    if d is None:
        return None
    if isinstance(d, int):
        return art.rules.decrees[d].name if art.rules.decrees else art.rules.db.decrees[d].name
    if isinstance(d, (tuple, list)):
        name, up = d
        if isinstance(name, int):
            name = _norm_decree(art, name)
        return name if up else None
    return d


def _board(art, w, h, cw, gap, top):
    def make():
        pen = Pen(w, h, w)  # 1 unit = 1 px
        pen.rect(0, 0, w, h, P.INK, radius=10)
        pen.gradient_rect(1.5, 1.5, w - 3, h - 3, (236, 226, 206), (196, 178, 150), radius=9)
        pen.rect(5, 5, w - 10, h - 10, (*P.BRONZE, 190), radius=7, width=1.3)
        return pen.result()
    return art._get("senate_board", (w, h, cw, gap, top), w, make)


def draw_senate_board(art, surface, rect, chambers, cubes, control, decrees, supply, highlight=None):
    rect = pygame.Rect(rect)
    rects: dict = {}
    cham = _norm_chambers(art, chambers)
    cubes = _norm_cubes(cubes)
    control = list(control or []) + [None] * 6
    decrees = list(decrees or []) + [[] for _ in range(6)]
    hl = set()
    for x in (highlight or ()):
        if isinstance(x, int):
            hl.add(x)
        else:
            for i, c in enumerate(cham):
                if c[0] == x:
                    hl.add(i)

    w, h = rect.size
    trays = supply is not None
    tray_w = round(min(h * 0.22, w * 0.07)) if trays else 0
    pad = max(4, round(h * 0.05))
    sec_gap = max(4, round(w * 0.018))
    inner_w = w - 2 * pad - 2 * tray_w - (2 * sec_gap if trays else 0) - 2 * sec_gap
    cw = inner_w / 6
    surface.blit(_board(art, w, h, round(cw), sec_gap, pad), rect.topleft)

    # supply trays
    if trays:
        for seat, x in ((0, rect.x + pad), (1, rect.right - pad - tray_w)):
            tray = pygame.Rect(x, rect.y + pad, tray_w, h - 2 * pad)
            _tray(art, surface, tray, seat, int(supply[seat]))
            rects[f"supply/{seat}"] = tray

    x0 = rect.x + pad + (tray_w + sec_gap if trays else 0)
    # section plates
    for s in range(3):
        sx = x0 + s * (2 * cw + sec_gap)
        plate = pygame.Rect(round(sx), rect.y + pad, round(2 * cw), h - 2 * pad)
        _plate(art, surface, plate, s)
    for i in range(6):
        s = i // 2
        cx = x0 + s * (2 * cw + sec_gap) + (i % 2) * cw
        col = pygame.Rect(round(cx) + 2, rect.y + pad + 2, round(cw) - 4, h - 2 * pad - 4)
        rects[cham[i][0]] = col
        _chamber(art, surface, col, cham[i], cubes[i], control[i], decrees[i], i in hl, rects)
        _chamber_number(surface, col, i + 1)
    return rects


def _plate(art, surface, r, s):
    def make():
        pen = Pen(r.w, r.h, r.w)
        pen.rect(0, 0, r.w, r.h, (*P.BRONZE_DARK, 255), radius=7)
        pen.gradient_rect(1.5, 1.5, r.w - 3, r.h - 3, (222, 206, 176), (186, 164, 130), radius=6)
        pen.line((r.w / 2, 8), (r.w / 2, r.h - 8), (*P.BRONZE_DARK, 120), 1)
        return pen.result()
    surface.blit(art._get("senate_plate", (r.w, r.h), r.w, make), r.topleft)


def _tray(art, surface, r, seat, n):
    main, light, dark = P.PLAYER[seat]

    def make():
        pen = Pen(r.w, r.h, r.w)
        pen.rect(0, 0, r.w, r.h, P.INK, radius=6)
        pen.gradient_rect(1.5, 1.5, r.w - 3, r.h - 3, mix(light, (60, 40, 24), 0.55), mix(dark, (40, 24, 12), 0.5), radius=5)
        return pen.result()
    surface.blit(art._get("senate_tray", (r.w, r.h, seat), r.w, make), r.topleft)
    s = round(r.w * 0.78)
    ic = art.icon(f"cube{seat}", s)
    surface.blit(ic, ic.get_rect(center=(r.centerx, r.y + r.h * 0.4)))
    t = fitted(str(n), r.w - 4, round(r.h * 0.25), round(r.w * 0.55), (246, 232, 200), True, 1)
    surface.blit(t, t.get_rect(center=(r.centerx, r.y + r.h * 0.7)))


def _chamber(art, surface, col, info, cubes, ctrl, decree_list, lit, rects):
    name, points, section = info
    cw, ch = col.size
    # points laurel at the top
    ps = max(10, min(round(cw * 0.42), round(ch * 0.2)))
    pts = art.points_label(points, ps)
    surface.blit(pts, pts.get_rect(midtop=(col.centerx, col.y + 2)))
    # decree tiles
    dw = round(min(cw - 6, ch * 0.62))
    dh = round(dw * 0.62)
    dy = col.y + ps + 5
    decree_list = list(decree_list)
    n = len(decree_list)
    if n <= 1:
        used_h = dh
    else:
        dw2 = round(dw * 0.8)
        dh2 = round(dw2 * 0.62)
        step_y = round(dh2 * 0.42)
        used_h = dh2 + step_y * (n - 1)
    for j in reversed(range(n)):  # the first Decree lies on top
        name_d = _norm_decree(art, decree_list[j])
        if n == 1:
            tile = art.decree(name_d, dw)
            r = tile.get_rect(midtop=(col.centerx, dy))
        else:
            tile = art.decree(name_d, dw2)
            x = col.x + 3 + j * (cw - 6 - dw2) / (n - 1)
            r = tile.get_rect(topleft=(round(x), dy + j * step_y))
        surface.blit(tile, r)
        rects[f"{name}/decree/{j}"] = r
    if n == 0:
        slot = pygame.Rect(0, 0, dw, dh)
        slot.midtop = (col.centerx, dy)
        pygame.draw.rect(surface, (*P.BRONZE_DARK,), slot, 1, border_radius=4)
    yb = dy + used_h + 4
    # cubes: seat 0 on the left half, seat 1 on the right; the count above each stack
    ctrl_s = max(10, round(min(cw * 0.42, ch * 0.18)))
    area = pygame.Rect(col.x, yb, cw, col.bottom - yb - ctrl_s - 8)
    cs = max(8, min(round(cw * 0.34), round(area.h * 0.42)))
    for seat in (0, 1):
        k = cubes[seat]
        if not k:
            continue
        hx = area.x + area.w * (0.28 if seat == 0 else 0.72)
        shown = min(k, 4)
        step = max(2, round(cs * 0.42))
        bottom = area.bottom
        for m in range(shown):
            ic = art.icon(f"cube{seat}", cs)
            surface.blit(ic, ic.get_rect(midbottom=(round(hx), bottom - m * step)))
        top = bottom - cs - (shown - 1) * step
        t = fitted(str(k), cs + 4, cs, max(8, round(cs * 0.7)), P.CREAM, True, 1, outline=P.INK,
                   outline_w=max(1, cs // 12))
        surface.blit(t, t.get_rect(midbottom=(round(hx), top + 2)))
    # control marker
    cy = col.bottom - ctrl_s // 2 - 3
    if ctrl in (0, 1):
        m = _control_marker(art, ctrl, ctrl_s)
        surface.blit(m, m.get_rect(center=(col.centerx, cy)))
    else:
        pygame.draw.circle(surface, (*P.BRONZE_DARK,), (col.centerx, cy), ctrl_s // 2, 1)
    if lit:
        glow = pygame.Surface(col.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 226, 140, 70), glow.get_rect(), border_radius=6)
        pygame.draw.rect(glow, (255, 214, 110, 255), glow.get_rect(), 3, border_radius=6)
        surface.blit(glow, col.topleft)


def _chamber_number(surface, col, n: int) -> None:
    """The Chamber's number (1-6, as the log and the rules name it) in its top-left corner."""
    px = max(MIN_PX, round(col.w * 0.2))
    font = get_font(px, True)
    label = stamp_outline(font.render(str(n), True, P.INK), P.CREAM, 1)
    surface.blit(label, (col.x + 3, col.y + 1))


def _control_marker(art, seat, s):
    def make():
        main, light, dark = P.PLAYER[seat]
        pen = Pen(s, s, 100)
        pen.circle((50, 52), 48, (0, 0, 0, 80))
        pen.circle((50, 50), 48, P.INK)
        pen.gradient_rect(4, 4, 92, 92, light, dark, radius=46)
        pen.circle((50, 50), 34, darken(main, 0.15))
        pen.circle((50, 50), 30, main)
        # a laurel crown
        pts = [(26, 64), (26, 36), (38, 50), (50, 30), (62, 50), (74, 36), (74, 64)]
        pen.poly(pts, lighten(light, 0.3))
        pen.lines(pts, P.INK, 3, closed=True)
        return pen.result()
    return art._get("control", seat, s, make)
