"""What to do with the card clicked on the human's turn: Build or Recruit, Discard,
a Wonder, or Prepare a Conspiracy — impossible ones disabled, with the reason."""
from __future__ import annotations

import pygame

from game import Action
from ui.draw import theme
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.options import Option
from ui.scenes.overlay import TableOverlay
from ui.table.paint import rounded, text
from ui.table.tooltip import cost_lines, lines_for, render as render_tip
from ui.draw.widgets import option_index

POPUP_W = 340
TITLE_H = 34
HEAD_H = 22
ROW_H = 34


def card_options(state, seat: int, name: str) -> list[Option]:
    legal = set(state.legal_actions())
    rules = state.rules
    card = rules.cards[rules.card_id[name]]
    coins = state.coins[seat]
    out = []
    # (a) Build or recruit.
    kind = "recruit" if card.senator else "build"
    pay = state.payment(seat, name)
    act = Action(seat, kind, name)
    if pay.chain:
        detail = t("option.free_chain")
    elif pay.total == 0:
        detail = t("option.free")
    else:
        detail = t("option.cost", coins=pay.total)
    reason = "" if act in legal else t("reason.coins", need=pay.total, have=coins)
    out.append(Option(t(f"option.{kind}"), act, act in legal, reason, picture=None,
                      group=t("group.card"), detail=detail))
    # (b) Discard for coins.
    act = Action(seat, "discard", name)
    out.append(Option(t("option.discard", coins=state.discard_value(seat)), act, act in legal,
                      "" if act in legal else t("reason.not_now"), group=t("group.card")))
    # (c) A Wonder.
    unbuilt = state.unbuilt_wonders(seat)
    for wid in unbuilt:
        wname = rules.wonders[wid].name
        act = Action(seat, "wonder", wname, name)
        total = state.wonder_price(seat, wid)[0]
        if act in legal:
            reason = ""
        elif state.standing_wonders() >= 7:
            reason = t("reason.seven_wonders")
        else:
            reason = t("reason.coins", need=total, have=coins)
        out.append(Option(dn(wname), act, act in legal, reason, picture=("wonder", wname),
                          group=t("group.wonder"), detail=t("option.cost", coins=total) if total else t("option.free")))
    if not unbuilt:
        out.append(Option(t("option.no_wonder"), None, False, t("reason.no_wonder"), group=t("group.wonder")))
    # (d) Prepare a Conspiracy (Agora).
    if state.agora:
        unprepared = [rules.conspiracies[c].name for c, st, _ in state.conspiracies[seat] if st == 0]
        for cname in unprepared:
            act = Action(seat, "prepare", cname, name)
            out.append(Option(dn(cname), act, act in legal, "" if act in legal else t("reason.not_now"),
                              picture=("conspiracy", cname), group=t("group.prepare")))
        if not unprepared:
            out.append(Option(t("option.no_conspiracy"), None, False, t("reason.no_conspiracy"),
                              group=t("group.prepare")))
    return out


class CardActionDialog(TableOverlay):
    """The clicked card's actions in a popup beside it, all on one view (no page to turn):
    Build/Recruit with the price, Discard +N, each Wonder with its price, Prepare with each
    unprepared Conspiracy. Hovering a row shows the same breakdown tooltip as the table.
    Keys: 1-9 choose, arrows/Tab move, Enter chooses, Esc (or a click elsewhere) closes."""

    def __init__(self, game, slot: int):
        super().__init__(game)
        state = game.session.state
        self.slot = slot
        self.version = game.session.version
        self.card_name = state.rules.cards[state.structure[slot]].name
        self.seat = state.current_player
        self.options = card_options(state, self.seat, self.card_name)
        self.focus = next((i for i, o in enumerate(self.options) if o.enabled), 0)
        self.hover: Option | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.heads: list[tuple[str, int]] = []        # (group title, y in pixels)
        self.mouse = (-1, -1)
        self.hover_time = 0.0
        self._tip_key = None
        self._tip = None

    # --- layout ------------------------------------------------------------------------------

    def _card_rect(self, layout) -> pygame.Rect:
        hit = next((h for h in self.game.view.hits_of("slot") if h.data == self.slot), None) \
            if self.game.view is not None else None
        return hit.rect if hit is not None else layout.rect(760, 400, 74, 115)

    def on_resize(self, layout) -> None:
        card = self._card_rect(layout)
        groups = list(dict.fromkeys(o.group for o in self.options))
        height = TITLE_H + len(groups) * HEAD_H + len(self.options) * ROW_H + 14
        w, h = layout.px(POPUP_W), layout.px(height)
        gap = layout.px(12)
        screen = pygame.Rect((0, 0), layout.size)
        x = card.right + gap if card.right + gap + w <= screen.right - gap else card.left - gap - w
        self.rect = pygame.Rect(x, card.centery - h // 2, w, h)
        self.rect.clamp_ip(screen.inflate(-gap, -gap))
        self.beside_right = self.rect.left >= card.right
        y = self.rect.y + layout.px(TITLE_H)
        self.heads = []
        for group in groups:
            self.heads.append((group, y))
            y += layout.px(HEAD_H)
            for o in self.options:
                if o.group == group:
                    o.rect = pygame.Rect(self.rect.x + layout.px(8), y, self.rect.w - layout.px(16), layout.px(ROW_H - 3))
                    y += layout.px(ROW_H)

    # --- input ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover_time += dt
        if self.game.session.version != self.version and self.app is not None and self in self.app.stack:
            self.close()            # the position changed under us

    def pick(self, option: Option) -> None:
        if option is None or not option.enabled or option.action is None:
            return
        self.close()
        self.game.choose(option.action)

    def _option_at(self, pos):
        return next((o for o in self.options if o.rect.collidepoint(pos)), None)

    def handle_event(self, event) -> None:
        if not self.fresh_key(event):
            return                      # held over from the press before this was shown
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            option = self._option_at(event.pos)
            if option is not self.hover:
                self.hover, self.hover_time = option, 0.0
            if option is not None:
                self.focus = self.options.index(option)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            option = self._option_at(event.pos)
            if option is not None:
                self.pick(option)
            elif not self.rect.collidepoint(event.pos):
                self.close()

    def _key(self, event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
            return
        n = option_index(key)
        if n is not None:
            if n < len(self.options):
                self.pick(self.options[n])
            return
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key in (pygame.K_UP, pygame.K_LEFT) or event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(self.options)
            self.hover, self.hover_time = self.options[self.focus], 1.0
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.pick(self.options[self.focus])

    def target_for(self, action):
        option = next((o for o in self.options if o.action == action and o.enabled), None)
        return option.rect.center if option is not None else None

    # --- drawing -----------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        self.draw_scrim(surface, 60)
        card = self._card_rect(L)
        pygame.draw.rect(surface, (255, 226, 120), card.inflate(L.px(8), L.px(8)), max(2, L.px(3)),
                         border_radius=L.px(6))
        rounded(surface, self.rect, (*theme.PARCHMENT_LIGHT, 250), L.px(10), max(2, L.px(2)), theme.BRONZE_DARK)
        text(surface, L, dn(self.card_name), 19, theme.INK, (self.rect.x + L.px(12), self.rect.y + L.px(8)),
             bold=True, max_width=POPUP_W - 110)
        text(surface, L, t("cardpop.close"), 13, theme.INK_SOFT, (self.rect.right - L.px(10), self.rect.y + L.px(12)),
             anchor="topright", max_width=96)
        for group, y in self.heads:
            text(surface, L, group, 14, theme.BRONZE_DARK, (self.rect.x + L.px(12), y + L.px(4)), bold=True,
                 max_width=POPUP_W - 24)
        for n, o in enumerate(self.options):
            self._draw_row(surface, L, o, n)
        if self.hover is not None and self.hover_time >= 0.2:
            self._draw_tip(surface, L, self.hover)

    def _draw_row(self, surface, L, o: Option, n: int) -> None:
        r = o.rect
        focused = self.options[self.focus] is o if 0 <= self.focus < len(self.options) else False
        hot = (o is self.hover or focused) and o.enabled
        fill = (162, 104, 46) if hot else theme.UMBER if o.enabled else (150, 138, 122)
        rounded(surface, r, fill, L.px(6), max(1, L.px(1.5)), theme.BRONZE_LIGHT if hot else theme.BRONZE_DARK)
        color = theme.TEXT_ON_DARK if o.enabled else (228, 220, 206)
        x = r.x + L.px(6)
        if n < 9:
            cap = pygame.Rect(x, r.centery - L.px(10), L.px(20), L.px(20))
            rounded(surface, cap, theme.INK, L.px(5), max(1, L.px(1)), theme.BRONZE)
            text(surface, L, str(n + 1), 13, theme.PARCHMENT_LIGHT, cap.center, anchor="center", bold=True)
        x += L.px(26)
        if o.picture is not None:
            img = _thumb(self.game.art, o.picture, r.h - L.px(4))
            if img is not None:
                surface.blit(img, img.get_rect(midleft=(x, r.centery)))
                x += img.get_width() + L.px(6)
        # A price stays a price (in red when out of reach); the why is in the row's tooltip.
        note = o.detail if o.enabled or o.detail else o.reason
        label = o.label
        if o.action is None:            # nothing to choose here: the row just says why, across its width
            label, note = o.reason or o.label, ""
        note_w = 0
        if note:
            box = text(surface, L, note, 14, color if o.enabled else (120, 20, 14), (r.right - L.px(8), r.centery),
                       anchor="midright", bold=o.enabled, max_width=150)
            note_w = box.w
        text(surface, L, label, 16 if o.action is not None else 15, color, (x, r.centery), anchor="midleft", bold=True,
             max_width=max(40, (r.right - x - note_w - L.px(16)) / L.scale))

    def _draw_tip(self, surface, L, o: Option) -> None:
        key = (id(o), L.size)
        if key != self._tip_key:
            lines, picture = option_tip(self.game, self.seat, self.card_name, o)
            self._tip = render_tip(L, lines, self.game.art, picture, self.game.session.state) if lines else None
            self._tip_key = key
        if self._tip is None:
            return
        gap = L.px(10)
        rect = self._tip.get_rect(topleft=(self.rect.right + gap, o.rect.top)) if self.beside_right else \
            self._tip.get_rect(topright=(self.rect.left - gap, o.rect.top))
        screen = pygame.Rect((0, 0), L.size)
        if rect.left < 0 or rect.right > screen.right:      # no room on that side (too tall is clamped below)
            rect = self._tip.get_rect(topright=(self.rect.left - gap, o.rect.top)) if self.beside_right else \
                self._tip.get_rect(topleft=(self.rect.right + gap, o.rect.top))
        rect.clamp_ip(screen)
        surface.blit(self._tip, rect)


def option_tip(game, seat: int, card_name: str, o: Option):
    """The tooltip of one row: the card's price breakdown, a Wonder's (as on the table), a Conspiracy's text."""
    from ui.table.choice_tips import component_lines
    from ui.table.context import Hit
    session = game.session
    state = session.state
    action = o.action
    kind = action.kind if action is not None else None
    why = [(o.reason, "bad")] if not o.enabled and o.reason else []
    if why and kind in ("build", "recruit", "wonder"):
        priced = card_name if kind != "wonder" else action.subject
        if not state.payment(seat, priced).affordable:
            why = []            # the price breakdown already says how many coins are missing
    if kind in ("build", "recruit"):
        return [(o.label, "title")] + cost_lines(state, seat, card_name, session.name(seat)) + why, None
    if kind == "discard":
        return [(o.label, "title"), (t("cardpop.discard_tip"), "body")], None
    if kind == "wonder":
        wid = state.rules.wonder_id[action.subject]
        hit = Hit("wonder", pygame.Rect(0, 0, 0, 0), action.subject, seat, wid)
        return lines_for(hit, state, session) + why, action.subject
    if kind == "prepare":
        return component_lines(state, action.subject) + why, action.subject
    return ([(o.label, "title"), (o.reason, "bad")] if o.reason else []), None


def _thumb(art, picture, height):
    kind, name = picture
    try:
        if kind == "wonder":
            return art.wonder(name, round(height / 0.65))
        if kind == "conspiracy":
            img = art.conspiracy(name, height)
            return pygame.transform.smoothscale(img, (round(height * img.get_width() / img.get_height()), height))
    except Exception:
        return None
    return None
