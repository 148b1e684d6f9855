"""The `Art` object: every game face at any size, drawn once and cached.

    art = Art(rules)                      # or Art.for_state(state)
    art.card("Baths", 110)                # -> pygame.Surface 110 x round(110 * CARD_RATIO)

Each result is cached by (kind, name, size, language); callers may blit the same Surface
every frame but must not draw on it. `clear_cache()` after a language change.
Names are the English data names; a `game.rules.Component` may be passed instead of a
name (a card made up for a test or a mod renders from its effects alone).
"""
from __future__ import annotations

import pygame

from ui.cardart import effects as fx
from ui.cardart.faces import CARD_RATIO, DECREE_RATIO, WONDER_RATIO, effects_of  # noqa: F401  (re-exported)
from ui.cardart import palette as P
from ui.cardart import pen as penmod
from ui.cardart.icons import draw_icon
from ui.cardart.pen import stamp_outline
from ui.cardart.text import fitted
from ui.draw.fonts import MIN_PX, get_font
from ui.text.i18n import language

BACKS = ("1", "2", "3", "guild", "senator")
MAX_CACHED = 6000


class Art:
    def __init__(self, rules):
        self.rules = rules
        self._cache: dict = {}
        self._extra: dict = {}

    @classmethod
    def for_state(cls, state) -> "Art":
        return cls(state.rules)

    # --- cache -------------------------------------------------------------------
    def _get(self, kind, name, size, make):
        key = (kind, name, size, language())
        surf = self._cache.get(key)
        if surf is None:
            surf = make()
            if len(self._cache) >= MAX_CACHED:  # e.g. many window sizes: forget the oldest half
                for old in list(self._cache)[: MAX_CACHED // 2]:
                    del self._cache[old]
            self._cache[key] = surf
        return surf

    def clear_cache(self) -> None:
        self._cache.clear()
        penmod.clear()

    # --- lookups -------------------------------------------------------------------
    def _lookup(self, name, table: str, index: str):
        if not isinstance(name, str):
            self._extra[(table, name.name)] = name
            return name
        ids = getattr(self.rules, index, {})
        if name in ids:
            return getattr(self.rules, table)[ids[name]]
        extra = self._extra.get((table, name))
        if extra is not None:
            return extra
        raise KeyError(f"no {table[:-1] if table.endswith('s') else table} named {name!r}")

    def component(self, name):
        """Any component by name: card, Senator, Wonder, progress token, Decree..."""
        for table, index in (("cards", "card_id"), ("wonders", "wonder_id"), ("progress", "progress_id"),
                             ("decrees", "decree_id"), ("conspiracies", "conspiracy_id"),
                             ("military_tokens", "military_token_id")):
            try:
                return self._lookup(name, table, index)
            except KeyError:
                continue
        raise KeyError(name)

    @staticmethod
    def _name(obj):
        return obj if isinstance(obj, str) else obj.name

    # --- public faces -----------------------------------------------------------------
    def card(self, name, width: int) -> pygame.Surface:
        from ui.cardart import cards
        width = max(8, int(width))
        comp = self._lookup(name, "cards", "card_id")
        return self._get("card", self._name(name), width, lambda: cards.draw_card(self, comp, width))

    def card_back(self, back, width: int) -> pygame.Surface:
        from ui.cardart import cards
        width = max(8, int(width))
        back = str(back)
        return self._get("back", back, width, lambda: cards.draw_back(self, back, width))

    def wonder(self, name, width: int) -> pygame.Surface:
        from ui.cardart import wonders
        width = max(16, int(width))
        comp = self._lookup(name, "wonders", "wonder_id")
        return self._get("wonder", self._name(name), width, lambda: wonders.draw_wonder(self, comp, width))

    def wonder_back(self, width: int) -> pygame.Surface:
        from ui.cardart import wonders
        width = max(16, int(width))
        return self._get("wonder_back", "", width, lambda: wonders.draw_wonder_back(self, width))

    def progress(self, name, diameter: int) -> pygame.Surface:
        from ui.cardart import tokens
        diameter = max(8, int(diameter))
        if name is None:
            return self._get("progress_back", "", diameter, lambda: tokens.draw_progress_back(self, diameter))
        comp = self._lookup(name, "progress", "progress_id")
        return self._get("progress", self._name(name), diameter,
                         lambda: tokens.draw_progress(self, comp, diameter))

    def military_token(self, name, diameter: int) -> pygame.Surface:
        from ui.cardart import tokens
        diameter = max(8, int(diameter))
        comp = self._military(name)
        return self._get("military", comp.name, diameter, lambda: tokens.draw_military(self, comp, diameter))

    def _military(self, name):
        if isinstance(name, int):
            return self.rules.military_tokens[name]
        if isinstance(name, str) and name not in getattr(self.rules, "military_token_id", {}):
            # tokens of the other set (base vs Agora) are still drawable
            for t in self.rules.db.military_tokens:
                if t.name == name:
                    from game.rules import Component
                    return Component(-1, t, t.effects)
        return self._lookup(name, "military_tokens", "military_token_id")

    def decree(self, name, width: int) -> pygame.Surface:
        from ui.cardart import agora
        width = max(12, int(width))
        if name is None:
            return self._get("decree_back", "", width, lambda: agora.draw_decree_back(self, width))
        comp = self._agora(name, "decrees")
        return self._get("decree", comp.name, width, lambda: agora.draw_decree(self, comp, width))

    def conspiracy(self, name, width: int) -> pygame.Surface:
        from ui.cardart import agora
        width = max(12, int(width))
        if name is None:
            return self._get("conspiracy_back", "", width, lambda: agora.draw_conspiracy_back(self, width))
        comp = self._agora(name, "conspiracies")
        return self._get("conspiracy", comp.name, width, lambda: agora.draw_conspiracy(self, comp, width))

    def _agora(self, name, table):
        index = {"decrees": "decree_id", "conspiracies": "conspiracy_id"}[table]
        try:
            return self._lookup(name, table, index)
        except KeyError:
            # a base-game Rules object has no Agora tables: fall back to the database
            from game.rules import Component
            for i, d in enumerate(getattr(self.rules.db, table)):
                if d.name == name:
                    return Component(i, d, getattr(d, "effects", None) or getattr(d, "steps", ()))
            raise

    def icon(self, kind: str, size: int) -> pygame.Surface:
        size = max(4, int(size))
        return self._get("icon", kind, size, lambda: draw_icon(kind, size))

    def coin_label(self, n, size: int, negative: bool = False) -> pygame.Surface:
        size = max(6, int(size))
        return self._get("coin", (str(n), negative), size, lambda: self._coin_label(str(n), size, negative))

    def points_label(self, n, size: int) -> pygame.Surface:
        size = max(6, int(size))
        return self._get("points", str(n), size, lambda: self._points_label(str(n), size))

    # --- building blocks used by the faces --------------------------------------------
    def _coin_label(self, label, size, negative):
        w = max(size, round(size * 1.0))
        base = self.icon("coin", size).copy()
        color = P.OPPONENT if negative else P.INK
        px = round(size * (0.62 if len(label) <= 1 else 0.52 if len(label) == 2 else 0.4))
        return numeral_on(base, label, px, color)

    def _points_label(self, label, size):
        w = max(1, round(size * fx.Points.aspect))
        out = pygame.Surface((w, size), pygame.SRCALPHA)
        wreath = self.icon("points", size)
        out.blit(wreath, ((w - size) // 2, 0))
        px = round(size * (0.5 if len(label) <= 1 else 0.42))
        return numeral_on(out, label, px, P.INK)

    def text_glyph(self, text, px, color, h, bold=True, outline=None):
        key = (text, px, tuple(color), h, bold, outline)
        return self._get("textglyph", key, h, lambda: self._text_glyph(text, px, color, h, bold, outline))

    def _text_glyph(self, text, px, color, h, bold, outline):
        px = max(MIN_PX, px)                # a sign in a row of symbols: readable, even if it overhangs
        font = get_font(px, bold)
        s = font.render(text, True, color)
        if outline is not None:
            s = stamp_outline(pygame.transform.smoothscale(s, s.get_size()), outline, max(1, px // 10))
        out = pygame.Surface((s.get_width() + 2, max(h, s.get_height())), pygame.SRCALPHA)
        out.blit(s, (1, (out.get_height() - s.get_height()) // 2))
        return out

    def corner_badge(self, base, label, color=P.INK, bg=P.CREAM):
        w, h = base.get_size()
        px = max(MIN_PX, round(h * 0.4))
        font = get_font(px, True)
        tw, th = font.size(label)
        bw, bh = max(round(h * 0.46), tw + round(px * 0.6)), round(px * 1.15)
        badge = pygame.Surface((bw, bh), pygame.SRCALPHA)
        pygame.draw.rect(badge, P.INK, badge.get_rect(), border_radius=bh // 2)
        pygame.draw.rect(badge, bg, badge.get_rect().inflate(-2, -2), border_radius=bh // 2)
        t = font.render(label, True, color)
        badge.blit(t, t.get_rect(center=(bw // 2, bh // 2)))
        out = pygame.Surface((max(w, bw), h), pygame.SRCALPHA)
        out.blit(base, (0, 0))
        out.blit(badge, (out.get_width() - bw, h - bh))
        return out

    def opponent_plate(self, inner, h):
        w = max(1, round((inner.aspect + 0.16) * h))
        pen = penmod.Pen(w, h, 100 * w / h)
        pen.rect(1.5, 1.5, pen.dw - 3, 97, P.INK, radius=22)
        pen.gradient_rect(5, 5, pen.dw - 10, 90, (206, 72, 58), (130, 26, 22), radius=19)
        out = pen.result()
        ih = round(h * 0.86)
        s = inner.render(self, ih)
        out.blit(s, s.get_rect(center=(w // 2, h // 2)))
        return out

    def effects_image(self, effects, max_w, max_h, max_rows=2, max_item=None):
        groups = fx.effect_groups(effects)
        return fx.compose(self, groups, max_w, max_h, max_rows, max_item=max_item)


def numeral_on(base: pygame.Surface, label: str, px: int, color) -> pygame.Surface:
    """A number set on a coin or a wreath: at least MIN_PX tall, outlined so it reads even where it
    overhangs a small icon (the picture grows to hold it)."""
    px = max(MIN_PX, px)
    txt = get_font(px, True).render(label, True, color)
    if px > round(base.get_height() * 0.62):           # bigger than the icon was drawn for
        txt = stamp_outline(txt, P.CREAM if color == P.INK else P.INK, 1)
    w, h = max(base.get_width(), txt.get_width()), max(base.get_height(), txt.get_height())
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(base, base.get_rect(center=(w // 2, h // 2)))
    out.blit(txt, txt.get_rect(center=(w // 2, h // 2 + max(0, h // 40))))
    return out
