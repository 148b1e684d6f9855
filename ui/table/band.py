"""A player's band: name plate, economy summary, city by colour, Wonders, Conspiracies."""
from __future__ import annotations

import pygame

from game.data import RESOURCES
from ui.draw import theme
from ui.text.i18n import t
from ui.table import geometry as G
from ui.table.artkit import back_of, icon
from ui.table.context import PaintContext
from ui.cardart import cards as cards_art
from ui.cardart import wonders as wonder_art
from ui.text.names import display_name as dn
from ui.table.paint import PLAYER_COLORS, name_label, panel, price_badge, rounded, text

CARD_COLORS = {
    "brown": (150, 94, 48), "grey": (132, 134, 134), "yellow": (222, 170, 34), "red": (188, 46, 36),
    "blue": (38, 102, 178), "green": (52, 136, 70), "purple": (120, 66, 150), "senator": (214, 206, 190),
}


def paint_band(ctx: PaintContext, surface: pygame.Surface, band: G.Band) -> None:
    paint_plate(ctx, surface, band)
    paint_economy(ctx, surface, band)
    paint_city(ctx, surface, band)
    paint_wonders(ctx, surface, band)
    if ctx.state.agora:
        paint_conspiracies(ctx, surface, band)


def paint_plate(ctx, surface, band):
    s, L, p = ctx.state, ctx.layout, band.seat
    rect = band.plate
    panel(surface, L, ctx.r(rect), 150)
    color = PLAYER_COLORS[p]
    x, y = rect.x + 14, rect.y + 12
    pygame.draw.circle(surface, color, L.point(x + 7, y + 11), L.px(7))
    pygame.draw.circle(surface, theme.INK, L.point(x + 7, y + 11), L.px(7), max(1, L.px(1.5)))
    text(surface, L, ctx.names[p], 20, theme.TEXT_ON_DARK, L.point(x + 22, y), bold=True, max_width=rect.w - 40)
    # Coins are drawn live by the scene (they tween); leave their spot: y + 40 .. y + 80.
    sy = y + 96
    text(surface, L, t("table.progress"), 13, theme.PARCHMENT_DARK, L.point(x, sy))
    owned = s.progress_owned[p]
    d = 34
    for i, tid in enumerate(owned):
        cx = x + d / 2 + (i % 5) * (d + 4)
        cy = sy + 18 + d / 2 + (i // 5) * (d + 2)
        img = ctx.art.progress(s.rules.progress[tid].name, L.px(d))
        r = img.get_rect(center=L.point(cx, cy))
        surface.blit(img, r)
        ctx.hit("owned_progress", r, s.rules.progress[tid].name, p, tid)
    if not owned:
        text(surface, L, "—", 16, theme.PARCHMENT_DARK, L.point(x + 4, sy + 22))
    # Science symbols owned (distinct), under the tokens.
    symbols = s.info[p].symbols if s.info[p] else {}
    sy2 = rect.bottom - 28
    for i, sym in enumerate(sorted(symbols)):
        img = icon(ctx.art, sym, L.px(20))
        r = img.get_rect(center=L.point(x + 10 + i * 25, sy2 + 10))
        surface.blit(img, r)
        if symbols[sym] > 1:
            text(surface, L, "×2", 10, theme.BRONZE_LIGHT, (r.right - L.px(2), r.bottom), anchor="bottomleft", bold=True)
        ctx.hit("science", r, None, p, sym)


def paint_economy(ctx, surface, band):
    s, L, p = ctx.state, ctx.layout, band.seat
    rect = band.economy
    panel(surface, L, ctx.r(rect), 110)
    info = s.info[p]
    x, y = rect.x + 10, rect.y + 8
    text(surface, L, t("table.production"), 13, theme.PARCHMENT_DARK, L.point(x, y))
    step = (rect.w - 20) / 5
    for i, res in enumerate(RESOURCES):
        cx = x + step * i + step / 2
        img = icon(ctx.art, res, L.px(24))
        r = img.get_rect(center=L.point(cx - 6, y + 34))
        if not info.prod[i]:
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, r)
        text(surface, L, str(info.prod[i]), 15, theme.TEXT_ON_DARK if info.prod[i] else theme.TEXT_DISABLED,
             L.point(cx + 12, y + 34), anchor="midleft", bold=True)
        ctx.hit("resource", r, None, p, res)
    # Choices (Forum, Caravansery, Great Lighthouse, Piraeus): "a/b/c" groups.
    cy = y + 54
    if info.choices:
        cx = x
        for choice in info.choices:
            for j, r_i in enumerate(choice):
                img = icon(ctx.art, RESOURCES[r_i], L.px(16))
                surface.blit(img, img.get_rect(center=L.point(cx + 8, cy + 9)))
                cx += 17
                if j < len(choice) - 1:
                    text(surface, L, "/", 12, theme.PARCHMENT_DARK, L.point(cx - 1, cy + 9), anchor="center")
                    cx += 3
            cx += 9
    # Unit prices of each resource for this player ("fixed" ones marked in gold).
    py = y + 80
    text(surface, L, t("table.prices"), 13, theme.PARCHMENT_DARK, L.point(x, py))
    prices = s.prices(p)
    for i, res in enumerate(RESOURCES):
        cx = x + step * i + step / 2
        img = icon(ctx.art, res, L.px(18))
        surface.blit(img, img.get_rect(center=L.point(cx - 7, py + 28)))
        fixed = info.fixed[i]
        col = (255, 214, 100) if fixed else theme.TEXT_ON_DARK
        text(surface, L, str(prices[i]), 14, col, L.point(cx + 5, py + 28), anchor="midleft", bold=True)
        if fixed:
            pygame.draw.line(surface, col, L.point(cx + 4, py + 37), L.point(cx + 14, py + 37), max(1, L.px(1.5)))
        ctx.hit("price", ctx.r((cx - 16, py + 16, 32, 24)), None, p, i)
    # Chain symbols owned.
    chy = py + 48
    text(surface, L, t("table.chains"), 13, theme.PARCHMENT_DARK, L.point(x, chy))
    chains = sorted(info.chains)
    for i, sym in enumerate(chains):
        col_i, row_i = i % 7, i // 7
        img = icon(ctx.art, sym, L.px(20))
        r = img.get_rect(center=L.point(x + 11 + col_i * 24, chy + 28 + row_i * 22))
        surface.blit(img, r)
        ctx.hit("chain", r, None, p, sym)
    if not chains:
        text(surface, L, "—", 14, theme.TEXT_DISABLED, L.point(x + 4, chy + 18))


def city_groups(state, seat: int) -> dict:
    cards = state.rules.cards
    groups = {g: [] for g in G.CITY_GROUPS}
    for cid in state.city[seat]:
        c = cards[cid]
        groups[c.color if c.color in groups else "purple"].append(cid)
    for cid in state.senators[seat]:
        groups["senator"].append(cid)
    return groups


def city_card_rects(state, band: G.Band) -> dict:
    """Design rect of every card in a city (card id -> rect)."""
    out = {}
    for i, (group, cids) in enumerate(city_groups(state, band.seat).items()):
        col = band.city_column(i)
        ch = G.card_h(G.CITY_CARD_W)
        n = len(cids)
        step = 24 if n <= 1 else min(24, (col.h - ch) / (n - 1))
        for j, cid in enumerate(cids):
            y = col.y + j * step if not band.top else col.y + j * step
            out[cid] = pygame.Rect(col.x, round(y), G.CITY_CARD_W, round(ch))
    return out


def paint_city(ctx, surface, band):
    s, L = ctx.state, ctx.layout
    rect = band.city
    panel(surface, L, ctx.r(rect), 70)
    groups = city_groups(s, band.seat)
    rects = city_card_rects(s, band)
    for i, (group, cids) in enumerate(groups.items()):
        if group == "senator" and not s.agora:
            continue
        col = band.city_column(i)
        bar = ctx.r((col.x, rect.y + 6, col.w, 10))
        rounded(surface, bar, CARD_COLORS[group], L.px(4), max(1, L.px(1)), theme.INK)
        if cids:
            text(surface, L, str(len(cids)), 11, theme.TEXT_ON_DARK, bar.center, anchor="center", bold=True)
        for j, cid in enumerate(cids):
            if ("card", cid) in ctx.hidden:
                continue
            r = ctx.r(rects[cid])
            img = ctx.art.card(s.rules.cards[cid].name, r.w)
            surface.blit(img, r)
            if j == len(cids) - 1 and not cards_art.name_on_face(r.w):   # the one card seen whole
                name_label(surface, L, r, dn(s.rules.cards[cid].name), cards_art.name_band(r.w))
            ctx.hit("city", r, s.rules.cards[cid].name, band.seat, cid)


def paint_wonders(ctx, surface, band):
    s, L, p = ctx.state, ctx.layout, band.seat
    wonders = s.wonders[p]
    actor = s.current_player
    for i, wid in enumerate(wonders):
        slot = band.wonder_slot(i, len(wonders))
        r = ctx.r(slot)
        name = s.rules.wonders[wid].name
        built = wid in s.built[p]
        if built:
            tucked = s.built[p][wid]
            if ("card", tucked) not in ctx.hidden:
                back = ctx.art.card_back(back_of(s.rules.cards[tucked]), max(8, r.h - L.px(6)))
                back = pygame.transform.rotate(back, 90)
                spot = back.get_rect(midbottom=(r.centerx, r.bottom + L.px(13)))
                surface.blit(back, spot)
        if ("wonder", wid) not in ctx.hidden:
            img = ctx.art.wonder(name, r.w)
            if not built:
                img = img.copy()
                img.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(img, img.get_rect(topleft=r.topleft))
            if not wonder_art.name_on_face(r.w):
                name_label(surface, L, r, dn(name), wonder_art.name_band(r.w))
        ctx.hit("wonder", r, name, p, wid)
        if built:
            tag = pygame.Rect(0, 0, L.px(58), L.px(16))
            tag.bottomright = (r.right - L.px(4), r.bottom + L.px(15))
            rounded(surface, tag, (46, 110, 52), L.px(8), max(1, L.px(1)), theme.PARCHMENT_LIGHT)
            text(surface, L, t("table.built"), 11, theme.PARCHMENT_LIGHT, tag.center, anchor="center", bold=True)
        elif s.standing_wonders() < 7 and s.phase == "play":
            if True:                                  # each Wonder shows its price for its owner
                total = s.wonder_price(p, wid)[0]
                price_badge(surface, L, (r.centerx, r.bottom + L.px(8)), total, total <= s.coins[p],
                            free=total == 0, small=p != actor)
        else:
            tag = pygame.Rect(0, 0, L.px(70), L.px(18))
            tag.midbottom = (r.centerx, r.bottom + L.px(16))
            if s.phase == "play":
                rounded(surface, tag, (90, 80, 70), L.px(8))
                text(surface, L, t("table.out"), 11, theme.TEXT_DISABLED, tag.center, anchor="center", bold=True)


def paint_conspiracies(ctx, surface, band):
    s, L, p = ctx.state, ctx.layout, band.seat
    area = band.conspiracies
    items = s.conspiracies[p]
    w = G.CONSPIRACY_W
    x = area.x + 4
    y = area.y + 4
    for i, (cid, status, tucked) in enumerate(items):
        name = s.rules.conspiracies[cid].name
        visible = p == ctx.secret_seat or status == 2
        cx = x + i * G.CONSPIRACY_STEP
        r = ctx.r((cx, y, w, G.card_h(w)))
        if status >= 1 and tucked != -1 and ("card", tucked) not in ctx.hidden:
            back = ctx.art.card_back(back_of(s.rules.cards[tucked]), r.w)
            surface.blit(back, r.move(L.px(14), L.px(-6)))
        img = ctx.art.conspiracy(name if visible else None, r.w)
        if status == 2:
            img = img.copy()
            img.fill((140, 140, 140, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(img, r)
        label = t(("table.conspiracy_status.unprepared", "table.conspiracy_status.prepared",
                   "table.conspiracy_status.triggered")[status])
        col = ((120, 110, 100), (46, 120, 60), (90, 80, 70))[status]
        tag_w = G.CONSPIRACY_STEP - 6
        tag = pygame.Rect(0, 0, L.px(tag_w), L.px(16))
        tag.midbottom = (r.centerx + L.px(7), r.bottom + L.px(6))
        rounded(surface, tag, col, L.px(7), max(1, L.px(1)), theme.PARCHMENT_LIGHT)
        text(surface, L, label, 12, theme.PARCHMENT_LIGHT, tag.center, anchor="center", bold=True,
             max_width=tag_w - 4)
        ctx.hit("conspiracy", r, name if visible else None, p, i)
