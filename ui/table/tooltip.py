"""Tooltips: what a hovered thing is, what it does and what it costs (from state.payment)."""
from __future__ import annotations

from collections import Counter

import pygame

from game.data import RESOURCES
from ui.draw import theme
from ui.draw.fonts import wrap
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.text.i18n import join_words
from ui.text.describe import amount, kind_label, resource_name, rule_text
from ui.table.paint import rounded

TOOLTIP_DELAY = 0.25        # seconds the pointer rests on a thing before its tooltip shows

WIDTH = 330
Line = tuple  # (text, style) style: 'title' 'kind' 'body' 'head' 'cost' 'good' 'bad' 'note'


def cost_lines(state, seat: int, name: str, who: str) -> list[Line]:
    """The breakdown of state.payment(seat, name): each figure once — a part of the price is
    listed with its coins only when there are several parts to add up to the total."""
    pay = state.payment(seat, name)
    yours = who == t("who.you")
    out: list[Line] = [(t("tip.cost_yours") if yours else t("tip.cost_for", who=who), "head")]
    if pay.chain:
        key = "tip.chain_opponent" if pay.chain_from_opponent else "tip.chain"
        out.append((t(key, symbol=t(f"chain.{pay.chain}")), "good"))
        return out
    if pay.free_reason == "corruption":
        out.append((t("tip.corruption"), "good"))
        return out
    have = state.coins[seat]
    holding = t("tip_price.have_yours", have=have) if yours else t("tip_price.have_for", who=who, have=have)
    total_style = "good" if pay.affordable else "bad"
    rules = state.rules
    if name in rules.card_id and rules.cards[rules.card_id[name]].senator:
        if pay.total == 0:
            out.append((t("tip_price.recruit_first"), "good"))
        else:
            out.append((t("tip.recruit", coins=pay.total) + " " + holding, total_style))
        return out + _shortfall(pay, have)
    if pay.produced:
        parts = join_words([amount(n, resource_name(r)) for r, n in pay.produced.items() if n])
        if parts:
            out.append((t("tip.produced", what=parts) if yours else t("tip_price.produced_for", who=who, what=parts),
                        "good"))
    for producer, res in pay.choices:
        out.append((t("tip.choice", source=dn(producer), what=resource_name(res)), "good"))
    for source, units in _waived_by_source(pay.waived).items():   # "Architecture waives 2 stone and clay."
        what = join_words([t("tip.coin_cost") if res == "coins" else resource_name(res) if n == 1
                           else amount(n, resource_name(res)) for res, n in units.items()])
        out.append((t("tip.waived", source=dn(source) if source else t("tip.unknown_source"), what=what), "good"))
    listed = (1 if pay.coin_cost else 0) + len(pay.purchases) > 1     # several parts: each with its coins
    if pay.coin_cost and listed:
        out.append((t("tip.printed", coins=pay.coin_cost), "cost"))
    for res, units, price, reason in pay.purchases:
        out.append((_purchase(res, units, price, reason, listed), "cost"))
    if pay.trade_to_opponent:
        out.append((t("tip.economy"), "note"))
    if pay.total == 0:
        out.append((t("tip.total_free"), "good"))
    elif pay.coin_cost and not listed and not pay.purchases:
        out.append((t("tip_price.total_printed", coins=pay.total) + " " + holding, total_style))
    else:
        out.append((t("tip.total", coins=pay.total) + " " + holding, total_style))
    return out + _shortfall(pay, have)


def _purchase(res: str, units: int, price: int, reason, listed: bool) -> str:
    """One resource bought from the bank, and why at that price; its coins only when `listed`
    (when it is the whole price, the total says it)."""
    if reason and reason[0] == "fixed":
        why = t("tip.why_fixed", source=dn(reason[1]))
    else:
        n = reason[1] if reason else 0
        why = t("tip.why_opponent", n=n) if n else t("tip_price.why_base")
    what = amount(units, resource_name(res))
    if units == 1:
        line = t("tip_price.buy_one", what=what, coins=price) if listed else t("tip_price.buy_one_alone", what=what)
    else:
        line = t("tip.buy", what=what, price=price, coins=units * price) if listed else \
            t("tip_price.buy_alone", what=what, price=price)
    return line + " " + why


def _waived_by_source(waived) -> dict:
    """{source: Counter(resource)} in the payment's order."""
    out: dict = {}
    for source, res in waived:
        out.setdefault(source, Counter())[res] += 1
    return out


def _shortfall(pay, have: int) -> list[Line]:
    if pay.affordable:
        return []
    return [(t("tip.too_expensive", missing=pay.total - have), "bad")]


def covered_note(state, slot: int) -> str | None:
    """Why a card of the structure cannot be taken: the cards still lying over it."""
    if not state.structure or slot in state.accessible or not 0 <= slot < len(state.structure):
        return None
    if state.structure[slot] == -1:
        return None
    over = [b for b in state.layout.covered_by[slot] if state.structure[b] != -1]
    return t("covered.note", n=len(over)) if over else None


def lines_for(hit, state, session) -> list[Line]:
    """Tooltip lines for a hit region of the table (empty: no tooltip)."""
    rules = state.rules
    viewer = session.viewer
    actor = state.current_player
    seat = actor if actor is not None and state.decision == "turn" else viewer
    who = session.name(seat)
    kind = hit.kind
    if kind in ("slot", "city", "wonder", "progress", "owned_progress", "conspiracy", "decree", "track") and hit.name:
        out: list[Line] = [(dn(hit.name), "title")]
        label = kind_label(rules, hit.name)
        if label:
            out.append((label, "kind"))
        out.extend((line, "body") for line in rule_text(rules, hit.name))
        if kind == "slot" and hit.data in state.accessible and state.phase == "play":
            out.extend(cost_lines(state, seat, hit.name, who))
            if not state.rules.cards[state.structure[hit.data]].senator:
                other = 1 - seat
                pay = state.payment(other, hit.name)
                out.append((t("tip.other_price", who=session.name(other), coins=pay.total), "note"))
        if kind == "slot" and state.phase == "play" and covered_note(state, hit.data):
            out.append((covered_note(state, hit.data), "bad"))
        if kind == "wonder" and hit.seat is not None and hit.data not in state.built[hit.seat] and state.phase == "play":
            out.extend(cost_lines(state, hit.seat, hit.name, session.name(hit.seat)))
        if kind == "conspiracy":
            status = state.conspiracies[hit.seat][hit.data][1]
            out.append((t(("tip.unprepared", "tip.prepared", "tip.triggered")[status]), "note"))
        return out
    if kind == "slot":
        cid = state.structure[hit.data] if 0 <= hit.data < len(state.structure) else -1
        if cid == -1:
            return []
        c = rules.cards[cid]
        what = t("tip.back_senator") if c.senator else t("tip.back_guild") if c.guild else \
            t("tip.back_age", age=t(f"age.roman.{c.age}"))
        out = [(t("tip.face_down"), "title"), (what, "body")]
        if state.phase == "play" and covered_note(state, hit.data):
            out.append((covered_note(state, hit.data), "bad"))
        return out
    if kind == "conspiracy":
        status = state.conspiracies[hit.seat][hit.data][1]
        return [(t("tip.hidden_conspiracy"), "title"),
                (t(("tip.unprepared", "tip.prepared", "tip.triggered")[status]), "note")]
    if kind == "decree":
        return [(t("tip.hidden_decree"), "title"), (t("tip.hidden_decree_body"), "body")]
    if kind == "discard":
        return [(t("tip.discard", n=len(state.discard)), "title"), (t("tip.discard_body"), "body")]
    if kind == "price":
        res = RESOURCES[hit.data]
        fixed = state.info[hit.seat].fixed_source[hit.data]
        body = t("tip.price_fixed", source=dn(fixed)) if fixed else \
            t("tip.price_open", n=state.info[1 - hit.seat].prod[hit.data])
        return [(t("tip.price_title", what=resource_name(res), coins=state.prices(hit.seat)[hit.data]), "title"),
                (body, "body")]
    if kind == "resource":
        return [(resource_name(hit.data), "title"), (t("tip.production"), "body")]
    if kind == "chain":
        return [(t(f"chain.{hit.data}"), "title"), (t("tip.chain_owned"), "body")]
    if kind == "science":
        return [(t(f"science.{hit.data}"), "title"), (t("tip.science"), "body")]
    if kind == "chamber" and isinstance(hit.data, int) and 0 <= hit.data < 6:
        ch = rules.chambers[hit.data]
        cubes = (state.cubes[hit.data * 2], state.cubes[hit.data * 2 + 1])
        ctrl = state.control[hit.data]
        owner = t("tip.nobody") if ctrl is None else session.name(ctrl)
        if owner == t("who.you"):
            owner = t("tip.you")
        return [(dn(ch.name), "title"),
                (t("tip.chamber", points=ch.points, section=t(f"senate.section.{ch.section}")), "body"),
                (t("tip.cubes", a=session.name(0), n0=cubes[0], b=session.name(1), n1=cubes[1]), "body"),
                (t("tip.control", who=owner), "note")]
    return []


STYLE = {
    "title": (21, theme.INK, True), "kind": (14, theme.BRONZE_DARK, True), "body": (16, theme.INK, False),
    "head": (15, theme.INK_SOFT, True), "cost": (15, theme.INK, False), "good": (15, (30, 110, 50), False),
    "bad": (15, (160, 36, 26), True), "note": (14, theme.INK_SOFT, False),
}


def render(layout, lines: list[Line], art=None, picture: str | None = None, state=None) -> pygame.Surface:
    """The tooltip as one surface (wrapped text on a parchment plate, optional large picture)."""
    width = layout.px(WIDTH)
    pad = layout.px(12)
    rows = []
    for value, style in lines:
        size, color, bold = STYLE.get(style, STYLE["body"])
        font = layout.font(size, bold)
        for piece in wrap(value, font, width - 2 * pad):
            rows.append((layout.text(piece, size, color, bold), style))
    pic = None
    if picture and art is not None:
        try:
            pic = _picture(art, picture, state, layout)
        except Exception:
            pic = None
    gap = layout.px(3)
    height = pad * 2 + sum(r.get_height() + gap for r, _ in rows) + layout.px(6)
    total_w = width + (pic.get_width() + pad if pic else 0)
    height = max(height, (pic.get_height() + 2 * pad) if pic else 0)
    surf = pygame.Surface((total_w, height), pygame.SRCALPHA)
    rounded(surf, surf.get_rect(), (*theme.PARCHMENT_LIGHT, 246), layout.px(10), max(1, layout.px(2)), theme.BRONZE_DARK)
    x = pad
    if pic:
        surf.blit(pic, (pad, pad))
        x = pic.get_width() + 2 * pad
    y = pad
    prev = None
    for img, style in rows:
        if style == "head" and prev is not None:
            pygame.draw.line(surf, theme.PARCHMENT_DARK, (x, y + 1), (total_w - pad, y + 1), max(1, layout.px(1)))
            y += layout.px(6)
        surf.blit(img, (x, y))
        y += img.get_height() + gap
        prev = style
    return surf


def _picture(art, name, state, layout):
    rules = state.rules
    if name in rules.wonder_id:
        return art.wonder(name, layout.px(200))
    if name in rules.progress_id:
        return art.progress(name, layout.px(110))
    if name in rules.decree_id:
        return art.decree(name, layout.px(120))
    if name in rules.conspiracy_id:
        return art.conspiracy(name, layout.px(130))
    if name in rules.card_id:
        return art.card(name, layout.px(130))
    return None


def place(size, screen: pygame.Rect, gap: int, *, mouse=None, anchor: pygame.Rect | None = None,
          avoid=()) -> pygame.Rect:
    """Where a tooltip of `size` goes: beside the focused card (`anchor`, never over it) or by the
    mouse pointer, on the screen, and clear of the `avoid` areas (the Senate and the log while
    the opponent plays) — left of them when nothing else fits."""
    w, h = size
    spots = []
    if anchor is not None:
        spots = [pygame.Rect(0, 0, w, h) for _ in range(4)]
        spots[0].midbottom = (anchor.centerx, anchor.top - gap)
        spots[1].midleft = (anchor.right + gap, anchor.centery)
        spots[2].midright = (anchor.left - gap, anchor.centery)
        spots[3].midtop = (anchor.centerx, anchor.bottom + gap)
    else:
        mx, my = mouse if mouse is not None else screen.center
        near, far = round(gap * 1.8), round(gap * 1.2)
        spots = [pygame.Rect(mx + near, my + near, w, h), pygame.Rect(mx - far - w, my + near, w, h),
                 pygame.Rect(mx + near, my - far - h, w, h), pygame.Rect(mx - far - w, my - far - h, w, h)]
    inside = [r for r in spots if screen.contains(r)]
    for r in inside + [r.clamp(screen) for r in spots]:
        if any(r.colliderect(a) for a in avoid):
            continue
        if anchor is not None and r.colliderect(anchor):
            continue
        return r
    rect = (inside or spots)[0].clamp(screen)
    if avoid:
        rect.right = min(rect.right, min(a.left for a in avoid) - gap)
        rect.left = max(rect.left, screen.left)
    return rect
