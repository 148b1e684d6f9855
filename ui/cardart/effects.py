"""Effects as rows of symbols.

`symbols(kind, arg)` turns one effect of the data vocabulary (docs/data-format.md) into a
*group*: a list of items (icons, coins with numbers, laurels, small cards, text). Items
know their aspect ratio, so a group can be laid out at any height; `compose()` lays out
several groups inside a box, on one or two rows, as large as fits. A kind missing from
the table below still renders (its name as text), so new data never crashes the art.
"""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.draw.fonts import get_font

COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")


class Item:
    aspect = 1.0

    def render(self, art, h: int) -> pygame.Surface:
        raise NotImplementedError


class Icon(Item):
    def __init__(self, kind, scale=1.0):
        self.kind, self.scale = kind, scale

    def render(self, art, h):
        s = max(4, round(h * self.scale))
        if s == h:
            return art.icon(self.kind, h)
        out = pygame.Surface((h, h), pygame.SRCALPHA)
        ic = art.icon(self.kind, s)
        out.blit(ic, ic.get_rect(center=(h // 2, h // 2)))
        return out


class Coin(Item):
    def __init__(self, label, negative=False):
        self.label, self.negative = label, negative

    def render(self, art, h):
        return art.coin_label(self.label, h, negative=self.negative)


class Points(Item):
    aspect = 1.05

    def __init__(self, label):
        self.label = label

    def render(self, art, h):
        return art.points_label(self.label, h)


class CardOf(Item):
    """A small card of one colour (or the generic card)."""
    aspect = 0.72

    def __init__(self, color):
        self.color = color

    def render(self, art, h):
        ic = art.icon("card_" + self.color if self.color else "card", h)
        w = max(1, round(h * self.aspect))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blit(ic, ((w - h) // 2, 0))
        return out


class Text(Item):
    def __init__(self, text, color=P.INK, bold=True, scale=0.62, outline=None):
        self.text, self.color, self.bold, self.scale, self.outline = text, color, bold, scale, outline
        font = get_font(40, bold)
        w, fh = font.size(text)
        self.aspect = max(0.2, w / 40 * scale + 0.08)

    def render(self, art, h):
        px = max(6, round(h * self.scale))
        return art.text_glyph(self.text, px, self.color, h, self.bold, self.outline)


class Slash(Text):
    def __init__(self):
        super().__init__("/", P.INK, True, 0.8)
        self.aspect = 0.4


class Badge(Item):
    """inner item with a small label in its bottom-right corner."""

    def __init__(self, inner, label, color=P.INK, bg=P.CREAM):
        self.inner, self.label, self.color, self.bg = inner, str(label), color, bg
        self.aspect = inner.aspect

    def render(self, art, h):
        base = self.inner.render(art, h).copy()
        return art.corner_badge(base, self.label, self.color, self.bg)


class Over(Item):
    """inner with another icon stamped over its lower-right part (a cross, a lock...)."""

    def __init__(self, inner, kind, frac=0.62, where="br"):
        self.inner, self.kind, self.frac, self.where = inner, kind, frac, where
        self.aspect = inner.aspect

    def render(self, art, h):
        base = self.inner.render(art, h).copy()
        s = max(4, round(h * self.frac))
        ic = art.icon(self.kind, s)
        w = base.get_width()
        if self.where == "c":
            pos = ((w - s) // 2, (h - s) // 2)
        elif self.where == "tr":
            pos = (w - s, 0)
        else:
            pos = (w - s, h - s)
        base.blit(ic, pos)
        return base


class Opp(Item):
    """An effect on the opponent: the item on a dark red rounded plate."""

    def __init__(self, inner):
        self.inner = inner
        self.aspect = inner.aspect + 0.16

    def render(self, art, h):
        return art.opponent_plate(self.inner, h)


class Seq(Item):
    """Several items fused into one (kept together when wrapping)."""

    def __init__(self, *items, gap=0.06):
        self.items, self.gap = items, gap
        self.aspect = sum(i.aspect for i in items) + gap * max(0, len(items) - 1)

    def render(self, art, h):
        w = max(1, round(self.aspect * h))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        x = 0.0
        for it in self.items:
            s = it.render(art, h)
            out.blit(s, (round(x), (h - s.get_height()) // 2))
            x += it.aspect * h + self.gap * h
        return out


class Stack(Item):
    """Items of a group drawn over each other diagonally (e.g. 2 logs of wood)."""

    def __init__(self, item, n):
        self.item, self.n = item, n
        self.aspect = item.aspect * (1 + 0.38 * (n - 1))

    def render(self, art, h):
        w = max(1, round(self.aspect * h))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        s = self.item.render(art, h)
        for i in range(self.n):
            out.blit(s, (round(i * 0.38 * self.item.aspect * h), 0))
        return out


def repeat(item_factory, n, limit=3):
    if n <= limit:
        return [item_factory() for _ in range(n)]
    return [Badge(item_factory(), f"×{n}")]


def counter_items(count):
    """A COUNTER (colours list, 'wonders', 'coins') as items."""
    if count == "wonders":
        return [Icon("wonder")]
    if count == "coins":
        return [Icon("coin")]
    if isinstance(count, (list, tuple)):
        return [CardOf(c) for c in count]
    return [Text(str(count))]


def cost_items(colour_or_wonder):
    if colour_or_wonder == "wonder":
        return Icon("wonder")
    return CardOf(colour_or_wonder)


def _res_list(arg):
    return [Icon(r) for r in arg]


def symbols(kind: str, arg) -> list:
    """One effect -> a group of items (never raises)."""
    try:
        fn = SYMBOLS.get(kind)
        if fn is not None:
            return fn(arg)
    except Exception:  # malformed data: fall through to a text label
        pass
    return [Text(kind.replace("_", " "), P.INK, True, 0.5)]


def _produce(arg):
    items = []
    for res, n in arg.items():
        items += [Icon(res) for _ in range(n)] if n <= 3 else [Badge(Icon(res), f"×{n}")]
    return items


def _choice(arg):
    items = []
    for i, res in enumerate(arg):
        if i:
            items.append(Slash())
        items.append(Icon(res))
    return items


def _coins_per(arg):
    return [Coin(arg.get("each", 1)), Slash()] + counter_items(arg.get("count"))


class Groups(list):
    """Several groups from one effect (laid out separately, e.g. on two rows)."""


def _guild(arg):
    count = arg.get("count")
    per = arg.get("per", 1)
    first = [Icon("most", 1.0)]
    if count == "coins":
        first.append(Coin(per))
    else:
        first += counter_items(count)
    second = []
    if arg.get("coins_each"):
        second.append(Coin(arg["coins_each"]))
    if arg.get("points_each"):
        second.append(Points(arg["points_each"]))
    return Groups([first, second])


def _discount(arg):
    target = arg.get("target")
    return [cost_items(target), Text(f"–{arg.get('units', 1)}", P.INK, True, 0.7), Icon("any_resource")]


def _trade_fixed(arg):
    return [Badge(Icon(r), "1", P.INK, P.GOLD) for r in arg]


def _trade_discount(arg):
    return [Badge(Icon(r), f"–{arg.get('coins', 1)}", P.INK, P.GOLD) for r in arg.get("resources", ())]


def _construction_coins(arg):
    from ui.text.i18n import t
    return [cost_items(arg), Icon("arrow", 0.7), Coin(t("cardart.age_coins"))]     # coins = the Age number


def _extra_shields(arg):
    return [CardOf(arg.get("color", "red")), Text(f"+{arg.get('shields', 1)}", P.INK, True, 0.7), Icon("shield")]


SYMBOLS = {
    "produce": _produce,
    "produce_choice": _choice,
    "points": lambda a: [Points(a)],
    "shields": lambda a: repeat(lambda: Icon("shield"), a),
    "science": lambda a: [Icon(a)],
    "coins": lambda a: [Coin(a)],
    "trade_fixed": _trade_fixed,
    "coins_per": _coins_per,
    "guild": _guild,
    "play_again": lambda a: [Icon("play_again")],
    "opponent_loses_coins": lambda a: [Opp(Coin(f"–{a}", negative=True))],
    "destroy_opponent_card": lambda a: [Opp(Over(CardOf(a), "cross", 0.6, "br"))],
    "build_from_discard": lambda a: [Icon("discard"), Icon("arrow", 0.7), Icon("card")],
    "draw_progress": lambda a: [Badge(Icon("progress"), f"{a}→1")],
    "discount": _discount,
    "trade_income": lambda a: [Opp(Icon("coin")), Icon("arrow", 0.7), Icon("coin")],
    "points_per_progress": lambda a: [Points(a), Slash(), Icon("progress")],
    "extra_shields": _extra_shields,
    "wonders_play_again": lambda a: [Icon("wonder"), Icon("arrow", 0.7), Icon("play_again")],
    "chain_coins": lambda a: [Icon("chain"), Icon("arrow", 0.7), Coin(a)],
    # Senators (not data effects: what the rules give a Politician / Conspirator)
    "senate_section": lambda a: [Icon("senate_" + str(a), 1.0)],
    "politician_actions": lambda a: [Badge(Over(Icon("cube"), "swap", 0.5, "tr"), "1-3")],
    "or": lambda a: [Slash()],
    # Agora
    "free_recruit": lambda a: [Icon("senator"), Coin(0)],
    "keep_both_conspiracies": lambda a: [Badge(Icon("conspiracy"), "2")],
    "conspire": lambda a: [Icon("conspiracy")],
    "place_cube": lambda a: [Over(Icon("cube"), "arrow_down", 0.55, "tr")],
    "remove_opponent_cube": lambda a: [Opp(Over(Icon("cube"), "cross", 0.6, "br"))],
    "may_move_cube": lambda a: [Icon("cube"), Icon("swap", 0.75)],
    "trigger_unprepared_conspiracy": lambda a: [Over(Icon("conspiracy"), "bolt", 0.62, "tr")],
    "construction_coins": _construction_coins,
    "ignore_cost_symbol": lambda a: [CardOf(a), Over(Icon("any_resource"), "cross", 0.6, "br")],
    "wonder_discount": lambda a: [Icon("wonder"), Text(f"–{a}", P.INK, True, 0.7), Icon("any_resource")],
    "trade_discount": _trade_discount,
    "senate_blue_bonus": lambda a: [CardOf("blue"), Text(f"+{a}", P.INK, True, 0.7), Icon("politician")],
    "discard_bonus": lambda a: [Icon("discard"), Coin(f"+{a}")],
    "opponent_chains": lambda a: [Opp(Icon("chain")), Icon("arrow", 0.7), Icon("chain")],
    "conspirator_extra_turn": lambda a: [Icon("conspirator"), Icon("play_again")],
    "take_opponent_wonder": lambda a: [Opp(Icon("wonder")), Icon("arrow", 0.7), Icon("hand")],
    "take_opponent_coins": lambda a: [Opp(Coin("½")), Icon("arrow", 0.7), Icon("coin")],
    "discard_opponent_card": lambda a: [Opp(Over(CardOf(a), "cross", 0.6, "br"))],
    "lock_progress_token": lambda a: [Over(Icon("progress"), "lock", 0.6, "br")],
    "build_from_top_row": lambda a: [Icon("structure"), Icon("arrow", 0.7), Icon("card")],
    "build_from_removed": lambda a: [Icon("box"), Icon("arrow", 0.7), Icon("card")],
    "take_boxed_progress": lambda a: [Icon("box"), Icon("arrow", 0.7), Icon("progress")],
    "discard_accessible": lambda a: [Over(Icon("structure"), "cross", 0.55, "br"),
                                     Text(f"{a.get('count', 1)}+{a.get('optional_more', 0)}", P.INK, True, 0.6)],
    "coins_per_own_cube": lambda a: [Coin(a), Slash(), Icon("cube")],
    "opponent_loses_per_cube": lambda a: [Opp(Seq(Coin(f"–{a}", negative=True), Slash(), Icon("cube")))],
    "take_opponent_card": lambda a: [Opp(Seq(*[CardOf(c) for c in a]))] + [Icon("arrow", 0.7), Icon("hand")],
    "swap_card": lambda a: [Seq(*[CardOf(c) for c in a]), Icon("swap", 0.8), Opp(Seq(*[CardOf(c) for c in a]))],
    "move_decree": lambda a: [Icon("decree"), Icon("swap", 0.75)],
    "return_opponent_wonder": lambda a: [Opp(Over(Icon("wonder"), "cross", 0.6, "br")), Icon("arrow", 0.7),
                                         Icon("box")],
}


# --- layout ------------------------------------------------------------------------

GAP = 0.1        # between items of a group, in units of the row height
GROUP_GAP = 0.3  # between groups


def group_aspect(group) -> float:
    return sum(i.aspect for i in group) + GAP * max(0, len(group) - 1)


def _rows_aspect(rows):
    return max((sum(group_aspect(g) for g in row) + GROUP_GAP * max(0, len(row) - 1)) for row in rows)


def _split(groups, nrows):
    if nrows == 1 or len(groups) < 2:
        return [groups]
    # two rows: best balanced split point
    best, best_rows = None, None
    for i in range(1, len(groups)):
        rows = [groups[:i], groups[i:]]
        a = _rows_aspect(rows)
        if best is None or a < best:
            best, best_rows = a, rows
    return best_rows


def compose(art, groups, max_w: int, max_h: int, max_rows: int = 2, row_gap: float = 0.12,
            max_item: int | None = None) -> pygame.Surface:
    """Lay groups out in at most max_rows rows, as large as fits in max_w x max_h."""
    groups = [g for g in groups if g]
    if not groups or max_w < 4 or max_h < 4:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    best = None
    for nrows in range(1, max_rows + 1):
        rows = _split(groups, nrows)
        if len(rows) < nrows:
            break
        h = max_h / (len(rows) + row_gap * (len(rows) - 1))
        if max_item:
            h = min(h, max_item)
        a = _rows_aspect(rows)
        h = min(h, max_w / a)
        if best is None or h > best[0] * 1.08:
            best = (h, rows)
    h, rows = best
    ih = max(4, int(h))
    total_h = round(ih * len(rows) + ih * row_gap * (len(rows) - 1))
    out = pygame.Surface((max_w, max(1, total_h)), pygame.SRCALPHA)
    y = 0.0
    for row in rows:
        row_w = sum(group_aspect(g) for g in row) * ih + GROUP_GAP * ih * (len(row) - 1)
        x = (max_w - row_w) / 2
        for gi, g in enumerate(row):
            for ii, it in enumerate(g):
                s = it.render(art, ih)
                out.blit(s, (round(x), round(y) + (ih - s.get_height()) // 2))
                x += it.aspect * ih + GAP * ih
            x += (GROUP_GAP - GAP) * ih
        y += ih * (1 + row_gap)
    return out


def effect_groups(effects) -> list:
    """[(kind, arg), ...] -> groups; shields of several effects merged, points kept last."""
    groups = []
    for kind, arg in effects:
        g = symbols(kind, arg)
        if isinstance(g, Groups):
            groups.extend(g)
        else:
            groups.append(g)
    return groups
