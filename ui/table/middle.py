"""The middle of the table: Age structure, military track, progress tokens, Senate, info."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.table import geometry as G
from ui.table.artkit import back_of
from ui.table.context import PaintContext
from ui.cardart.cards import name_band, name_on_face
from ui.text.names import display_name as dn
from ui.table.paint import PLAYER_COLORS, name_label, panel, price_badge, text

RAISE = 7       # design units an accessible card is lifted


def badge_seats(ctx: PaintContext) -> list[int]:
    """Whose prices the structure shows: the player to move, plus the other one as a setting."""
    s = ctx.state
    main = s.current_player if s.decision == "turn" else ctx.viewer
    if main is None:
        main = ctx.viewer
    return [main, 1 - main] if ctx.show_opponent_prices else [main]


def slot_rect(ctx: PaintContext, slot: int) -> pygame.Rect:
    """Design rect of a structure slot (accessible ones raised)."""
    s = ctx.state
    r = G.structure_slots(s.layout, s.age)[slot]
    return r.move(0, -RAISE) if slot in s.accessible else r


def paint_structure(ctx: PaintContext, surface) -> None:
    s, L = ctx.state, ctx.layout
    if not s.structure:
        return
    cards = s.rules.cards
    rects = G.structure_slots(s.layout, s.age)
    seats = badge_seats(ctx) if s.phase == "play" else []
    accessible = set(s.accessible)
    title = t("table.age_structure", age=t(f"age.roman.{s.age}"))
    text(surface, L, title, 16, theme.INK_SOFT, L.point(G.CENTRE.centerx, G.CENTRE.y + 2), anchor="midtop", bold=True)
    for slot, cid in enumerate(s.structure):
        if cid == -1 or ("card", cid) in ctx.hidden:
            continue
        c = cards[cid]
        design = rects[slot]
        up = slot in accessible
        if up:
            shadow = ctx.r(design.move(3, 4))
            pygame.draw.rect(surface, (40, 24, 12), shadow, border_radius=L.px(5))
            design = design.move(0, -RAISE)
        r = ctx.r(design)
        img = ctx.art.card(c.name, r.w) if s.face_up[slot] else ctx.art.card_back(back_of(c), r.w)
        surface.blit(img, r)
        ctx.hit("slot", r, c.name if s.face_up[slot] else None, None, slot)
        if up and s.face_up[slot] and not name_on_face(r.w):
            name_label(surface, L, r, dn(c.name), name_band(r.w))
        if up and s.face_up[slot] and seats:
            # Under the card (free space: nothing covers an accessible card), never over its name.
            below = r.bottom + L.px(12)
            for k, p in enumerate(seats):
                pay = s.payment(p, c.name)
                free = pay.total == 0 and (pay.chain is not None or not c.senator)
                if len(seats) == 1:
                    center = (r.centerx, below)
                else:
                    center = (r.centerx + r.w // 4, below) if k == 0 else (r.centerx - r.w // 4, below)
                price_badge(surface, L, center, pay.total, pay.total <= s.coins[p], free=free,
                            small=k > 0, ring=PLAYER_COLORS[p])


def paint_progress_board(ctx: PaintContext, surface) -> None:
    s, L = ctx.state, ctx.layout
    rect = G.PROGRESS_ROW
    panel(surface, L, ctx.r(rect), 90)
    text(surface, L, t("table.progress_board"), 13, theme.PARCHMENT_DARK, L.point(rect.x + 10, rect.y + 5))
    d = 54
    n = max(5, len(s.progress_board))
    step = (rect.w - 20) / n
    for i, tid in enumerate(s.progress_board):
        name = s.rules.progress[tid].name
        img = ctx.art.progress(name, L.px(d))
        r = img.get_rect(center=L.point(rect.x + 10 + step * (i + 0.5), rect.y + 44))
        surface.blit(img, r)
        ctx.hit("progress", r, name, None, tid)


def paint_track(ctx: PaintContext, surface, pawn: float | None = None) -> None:
    from ui.cardart.track import draw_military_track

    s, L = ctx.state, ctx.layout
    rect = ctx.r(G.TRACK_BOARD)
    present = list(s.military_tokens)
    value = s.pawn if pawn is None else round(pawn)
    hits = draw_military_track(ctx.art, surface, rect, value, present, capital=s.rules.capital,
                               flip=ctx.viewer == 1)
    names = {m.name for m in s.rules.military_tokens}
    for key, r in hits.items():
        if key in names:
            ctx.hit("track", r, key, None, key)
        elif key.startswith("capital/"):
            seat = int(key.split("/")[1])
            ctx.hit("capital", r, None, seat, None)
            # Whose capital is at this end (the pawn runs toward the opponent's).
            left = r.centerx < rect.centerx
            label = t("track_label.capital", who=ctx.names[seat])
            y = L.point(0, G.TRACK_BOARD.bottom + 1)[1]
            x = rect.x + L.px(4) if left else rect.right - L.px(4)
            text(surface, L, label, 13, theme.INK, (x, y), anchor="topleft" if left else "topright",
                 bold=True, max_width=G.TRACK.w / 2 - 12)


def paint_senate(ctx: PaintContext, surface, highlight=None, rect=None) -> None:
    from game.state import CUBES
    from ui.cardart.senate import decrees_from_state, draw_senate_board

    s = ctx.state
    rect = rect if rect is not None else ctx.r(G.senate_rect(True))
    supply = (CUBES - sum(s.cubes[0::2]), CUBES - sum(s.cubes[1::2]))
    decrees = decrees_from_state(s)
    hits = draw_senate_board(ctx.art, surface, rect, s.rules.chambers, s.cubes, list(s.control), decrees, supply,
                             highlight=sorted(highlight) if highlight else None)
    index = s.rules.chamber_id
    # Decree tiles first in the list so that they win over their chamber's column (hit_at looks from the end).
    for key, r in hits.items():
        if key in index:
            ctx.hit("chamber", r, None, None, index[key])
        elif key.startswith("supply/"):
            ctx.hit("supply", r, None, int(key.split("/")[1]), None)
    for key, r in hits.items():
        if "/decree/" in key:
            chamber, _, j = key.split("/")
            ch, j = index[chamber], int(j)
            name, up = decrees[ch][j]
            ctx.hit("decree", r, name if up else None, None, (ch, j))


def paint_info(ctx: PaintContext, surface) -> None:
    s, L = ctx.state, ctx.layout
    rect = G.INFO
    panel(surface, L, ctx.r(rect), 70)
    # The discard pile (viewable) with its count.
    d = G.DISCARD
    r = ctx.r(d)
    if s.discard:
        top = s.rules.cards[s.discard[-1]]
        for k in range(min(3, len(s.discard)) - 1, -1, -1):
            img = ctx.art.card_back(back_of(top), r.w)
            surface.blit(img, r.move(L.px(3 * k), L.px(-3 * k)))
        img = ctx.art.card(top.name, r.w)
        img = img.copy()
        img.fill((170, 160, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(img, r)
    else:
        pygame.draw.rect(surface, theme.BRONZE_DARK, r, max(1, L.px(2)), border_radius=L.px(6))
    text(surface, L, t("table.discard", n=len(s.discard)), 14, theme.TEXT_ON_DARK,
         L.point(d.x - 2, d.y - 6), anchor="bottomleft", bold=True, max_width=G.INFO.w - 20)
    ctx.hit("discard", r.inflate(L.px(8), L.px(8)), None, None, None)
    # Counts: cards left in the structure, Conspiracy deck.
    x = d.right + 18
    y = d.y
    lines = [t("table.cards_left", n=sum(1 for c in s.structure if c != -1))]
    if s.agora:
        lines.append(t("table.conspiracy_deck", n=len(s.conspiracy_deck)))
        lines.append(t("table.senate_supply", a=12 - sum(s.cubes[ctx.viewer::2]),
                       b=12 - sum(s.cubes[1 - ctx.viewer::2])))
    for line in lines:
        text(surface, L, line, 14, theme.TEXT_ON_DARK, L.point(x, y), max_width=rect.right - x - 8)
        y += 22
