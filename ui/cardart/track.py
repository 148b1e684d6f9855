"""The Conflict (military) track: 19 spaces, victory-point zones, two capitals, pawn, tokens.

    rects = draw_military_track(art, surface, rect, pawn, tokens_present, capital=9)

- pawn: track position, -capital .. +capital (seat 0 pushes toward +capital = the right end)
- tokens_present: military token ids (`state.military_tokens`) or names still on the track
- flip=True draws +capital on the left (for a table seen from seat 1)

Returns hit rectangles: "space/<pos>" for every space, "capital/0" (seat 0's capital, at
-capital) and "capital/1", "pawn", and each present token's name -> its Rect.
"""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import Pen, darken

ZONE_COLOURS = {
    0: ((236, 222, 194), (206, 186, 150)),
    2: ((230, 206, 168), (196, 166, 122)),
    5: ((222, 184, 138), (184, 140, 92)),
    10: ((206, 150, 104), (164, 104, 64)),
}


def _points_by_distance(art, capital):
    pts = list(getattr(art.rules, "military_points", []) or [])
    if len(pts) < capital + 1:
        pts = [0, 2, 2, 5, 5, 5, 10, 10, 10, 0][: capital + 1] + [0] * max(0, capital + 1 - 10)
    return pts


def _token_zone(art, token):
    rules = art.rules
    if isinstance(token, int):
        return rules.military_tokens[token].name, tuple(rules.military_zone[token])
    tid = getattr(rules, "military_token_id", {}).get(token)
    if tid is not None:
        return token, tuple(rules.military_zone[tid])
    for t in rules.db.military_tokens:
        if t.name == token:
            return token, tuple(t.zone)
    return token, None


def _geometry(w, h, capital):
    n = 2 * capital + 1
    margin = max(3.0, h * 0.06)
    sw = (w - 2 * margin) / n
    return n, margin, sw, h * 0.12, h * 0.88


def _background(art, w, h, capital, flip):
    def make():
        pts = _points_by_distance(art, capital)
        n, margin, sw, top, bot = _geometry(w, h, capital)
        pen = Pen(w, h, w)
        pen.rect(0, 0, w, h, P.INK, radius=8)
        pen.gradient_rect(1.5, 1.5, w - 3, h - 3, (92, 60, 34), (58, 37, 22), radius=7)
        pen.rect(4, 4, w - 8, h - 8, (*P.BRONZE, 150), radius=6, width=1)
        for i in range(n):
            pos = i - capital
            d = abs(pos)
            x = margin + i * sw
            if d == capital:
                pen.rect(x + 1, top - 1, sw - 2, bot - top + 2, P.INK, radius=4)
                pen.gradient_rect(x + 2, top, sw - 4, bot - top, (176, 52, 40), (106, 24, 18), radius=3)
                continue
            zone = pts[d]
            a, b = ZONE_COLOURS.get(zone, ZONE_COLOURS[10])
            if i % 2:
                a, b = darken(a, 0.04), darken(b, 0.04)
            pen.gradient_rect(x + 1, top, sw - 2, bot - top, a, b, radius=3)
            if pos == 0:
                cx, cy = x + sw / 2, (top + bot) / 2
                r = min(sw, bot - top) * 0.22
                pen.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], P.BRONZE)
        # zone boundaries
        for i in range(1, n):
            da, db = abs(i - 1 - capital), abs(i - capital)
            if min(da, db) < capital and pts[min(da, capital)] != pts[min(db, capital)]:
                x = margin + i * sw
                pen.line((x, top - 4), (x, bot + 4), P.BRONZE_LIGHT, 1.6)
        return pen.result()
    return art._get("track_bg", (w, h, capital, flip), w, make)


def _pawn(art, s):
    def make():
        pen = Pen(s, round(s * 1.3), 100)
        pen.ellipse(18, 110, 64, 16, (0, 0, 0, 90))
        layer = pen.layer()
        layer.ellipse(16, 96, 68, 22, (200, 44, 34))
        layer.poly([(28, 106), (40, 46), (60, 46), (72, 106)], (200, 44, 34))
        layer.circle((50, 34), 20, (200, 44, 34))
        pen.paste(layer, outline=P.INK, width=4)
        pen.poly([(36, 100), (44, 50), (50, 50), (46, 100)], (236, 110, 90))
        pen.circle((44, 28), 6, (250, 160, 140))
        return pen.result()
    return art._get("pawn", "", s, make)


def draw_military_track(art, surface, rect, pawn, tokens_present, capital=9, flip=False):
    rect = pygame.Rect(rect)
    w, h = rect.size
    rects: dict = {}
    surface.blit(_background(art, w, h, capital, flip), rect.topleft)
    n, margin, sw, top, bot = _geometry(w, h, capital)

    def col(pos):
        i = (-pos if flip else pos) + capital
        return rect.x + margin + i * sw

    for pos in range(-capital, capital + 1):
        rects[f"space/{pos}"] = pygame.Rect(round(col(pos)), rect.y + round(top), round(sw), round(bot - top))
    # capitals: the end spaces (seat 0's capital is at -capital)
    cs = round(min(sw * 0.9, (bot - top) * 0.8))
    for seat, pos in ((0, -capital), (1, capital)):
        r = rects[f"space/{pos}"]
        rects[f"capital/{seat}"] = r
        ic = art.icon("capital", cs)
        surface.blit(ic, ic.get_rect(center=r.center))
    # points of each zone, once per zone and side, in the upper strip
    pts = _points_by_distance(art, capital)
    seen = set()
    ls = max(8, round(min(sw * 0.95, (bot - top) * 0.42)))
    for d in range(1, capital):
        z = pts[d]
        if not z:
            continue
        span = [k for k in range(1, capital) if pts[k] == z]
        mid = (span[0] + span[-1]) / 2
        for sign in (-1, 1):
            key = (z, sign)
            if key in seen:
                continue
            seen.add(key)
            x = col(sign * mid) + sw / 2
            lab = art.points_label(z, ls)
            surface.blit(lab, lab.get_rect(center=(round(x), rect.y + round(top + (bot - top) * 0.74))))
    # tokens over their zones
    ts = max(8, round(min(sw * 2.2, (bot - top) * 0.52)))
    for token in tokens_present or ():
        name, zone = _token_zone(art, token)
        if zone is None:
            continue
        a, b = zone
        x = (col(a) + col(b)) / 2 + sw / 2
        img = art.military_token(name, ts)
        r = img.get_rect(center=(round(x), rect.y + round(top + (bot - top) * 0.29)))
        surface.blit(img, r)
        rects[name] = r
    # the pawn
    pawn = max(-capital, min(capital, int(pawn)))
    ps = max(8, round(min(sw * 0.95, (bot - top) * 0.7)))
    img = _pawn(art, ps)
    r = img.get_rect(midbottom=(round(col(pawn) + sw / 2), rect.y + round(bot - 2)))
    surface.blit(img, r)
    rects["pawn"] = r
    return rects
