"""A dialog of choices over the table: tiles (with pictures) or plain buttons, grouped,
with disabled options showing why, number keys, paging, cancel and "view the table"."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from ui.draw import art as ui_art
from ui.draw import theme
from ui.draw.fonts import wrap, wrap_balanced
from ui.text.i18n import t
from ui.scenes.overlay import TableOverlay
from ui.table.paint import rounded, text
from ui.draw.widgets import Button, ButtonGroup, draw_panel, option_index

TILE = {"card": (120, 206, 96), "conspiracy": (220, 370, 200), "wonder": (206, 176, 188),
        "progress": (128, 150, 86), "back": (120, 206, 96), None: (300, 54, 0)}
PANEL_W = 1180
MAX_H = 800
GAP = 14


@dataclass
class Option:
    label: str
    action: object = None
    enabled: bool = True
    reason: str = ""
    picture: tuple | None = None        # (kind, name): card / wonder / progress / conspiracy / back
    group: str = ""
    detail: str = ""
    callback: Callable[[], None] | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    page: int = 0


class OptionDialog(TableOverlay):
    allows_prompts = False

    def __init__(self, game, title: str, body: str, options: list[Option], *, cancel: Option | None = None,
                 badge: str = "", can_peek: bool = True, closable: bool = False, extra_height: float = 0):
        super().__init__(game)
        self.title, self.body, self.badge = title, body, badge
        self.options = options
        self.cancel = cancel
        self.closable = closable            # Esc / outside click closes without choosing
        self.can_peek = can_peek
        self.extra_height = extra_height    # room for a picture block (subclasses)
        self.focus = next((i for i, o in enumerate(options) if o.enabled), 0)
        self.hover: Option | None = None
        self.page = 0
        self.pages = 1
        self.peeking = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.top_y = 0.0
        self.body_lines: list[str] = []
        self.bar = ButtonGroup([])
        self.chosen = False

    # --- layout ---------------------------------------------------------------------

    def _bar_buttons(self) -> list[Button]:
        buttons = []
        if self.pages > 1:
            buttons.append(Button(t("dialog.prev_page"), lambda: self._turn(-1), text_size=19))
            buttons.append(Button(t("dialog.next_page"), lambda: self._turn(1), text_size=19))
        if self.cancel is not None:
            buttons.append(Button(self.cancel.label, lambda: self.pick(self.cancel), text_size=19))
        if self.closable:
            buttons.append(Button(t("dialog.back"), self.close, text_size=19))
        if self.can_peek:
            buttons.append(Button(t("dialog.view_table"), self._peek, text_size=19))
        game = self.game
        if not self.closable and game is not None and getattr(game, "undo_visible", None) and game.undo_visible() \
                and game.session.can_undo:
            buttons.append(Button(t("table.undo"), game.request_undo, text_size=19))
        return buttons

    def on_resize(self, layout) -> None:
        self._layout_tiles(layout)

    def content_top(self) -> float:
        return self.top_y + 96 + len(self.body_lines) * 28 + self.extra_height

    def _layout_tiles(self, layout) -> None:
        self.body_lines = wrap_balanced(self.body, layout.font(20), layout.px(PANEL_W - 140)) if self.body else []
        inner = PANEL_W - 80
        # Rows of tiles per group, then pages of rows that fit.
        rows: list[tuple[str, list[Option]]] = []
        for group in dict.fromkeys(o.group for o in self.options):
            items = [o for o in self.options if o.group == group]
            kind = items[0].picture[0] if items and items[0].picture else None
            tw = TILE.get(kind, TILE[None])[0]
            per = max(1, int((inner + GAP) // (tw + GAP)))
            for k in range(0, len(items), per):
                rows.append((group if k == 0 else "", items[k:k + per]))

        def row_h(row):
            kind = row[1][0].picture[0] if row[1][0].picture else None
            return TILE.get(kind, TILE[None])[1] + (26 if row[0] else 0) + GAP + \
                (18 if any(o.reason or o.detail for o in row[1]) else 0)

        head = 128 + len(self.body_lines) * 28 + self.extra_height
        foot = 100
        avail = MAX_H - head - foot
        pages, cur, used = [], [], 0.0
        for row in rows:
            h = row_h(row)
            if cur and used + h > avail:
                pages.append(cur)
                cur, used = [], 0.0
            cur.append(row)
            used += h
        pages.append(cur)
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        content_h = max(sum(row_h(r) for r in p) for p in pages) if pages else 0
        height = head + content_h + foot
        self.top_y = 450 - height / 2
        self.panel = layout.centered_rect(800, 450, PANEL_W, height)
        for pi, page in enumerate(pages):
            y = self.top_y + head
            for group, items in page:
                if group:
                    y += 26
                kind = items[0].picture[0] if items[0].picture else None
                tw, th, _ = TILE.get(kind, TILE[None])
                width = len(items) * tw + (len(items) - 1) * GAP
                x = 800 - width / 2
                for o in items:
                    o.rect = layout.rect(x, y, tw, th)
                    o.page = pi
                    x += tw + GAP
                y += th + GAP + (18 if any(o.reason or o.detail for o in items) else 0)
        self._groups = [(pi, group, items) for pi, page in enumerate(pages) for group, items in page if group]
        self.bar = ButtonGroup(self._bar_buttons(), horizontal=True)
        self.bar.index = len(self.bar.buttons)      # no bar button glows until hovered (keys act on the options)
        self.bar._sync()
        buttons = self.bar.buttons
        bw = max([200] + [b.natural_width(layout) for b in buttons]) if buttons else 0
        total = len(buttons) * bw + (len(buttons) - 1) * 20
        by = self.top_y + height - 76
        for i, b in enumerate(buttons):
            b.rect = layout.rect(800 - total / 2 + i * (bw + 20), by, bw, 48)

    # --- actions -------------------------------------------------------------------

    def _turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages

    def _peek(self) -> None:
        self.peeking = True

    def visible(self) -> list[Option]:
        return [o for o in self.options if o.page == self.page]

    def pick(self, option: Option) -> None:
        if option is None or not option.enabled or self.chosen:
            return
        if option.callback is not None:
            option.callback()
            return
        self.chosen = True
        self.close()
        if option.action is not None and self.game is not None:
            self.game.choose(option.action)

    def on_escape(self) -> None:
        if self.closable:
            self.close()
        elif self.cancel is not None:
            self.pick(self.cancel)
        elif self.can_peek:
            self._peek()

    # --- input -----------------------------------------------------------------------

    def handle_event(self, event) -> None:
        if not self.fresh_key(event):
            return                      # held over from the press before this was shown
        if self.peeking:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.game is not None:
                self.game.open_pause()
            elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                    (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.peeking = False
            elif self.game is not None and event.type == pygame.MOUSEMOTION:
                self.game.hover_at(event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.bar.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._option_at(event.pos)
            if self.hover is not None and self.hover in self.options:
                self.focus = self.options.index(self.hover)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self._option_at(event.pos)
            if hit is not None:
                self.pick(hit)
            elif self.closable and not self.panel.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.MOUSEWHEEL and self.pages > 1:
            self._turn(-1 if event.y > 0 else 1)

    def _key(self, event) -> None:
        from ui.table.keys import is_undo_key
        key = event.key
        if key == pygame.K_ESCAPE:
            self.on_escape()
            return
        if is_undo_key(event) and self.game is not None:
            self.game.request_undo()          # closes this dialog when something was taken back
            return
        visible = self.visible()
        n = option_index(key)
        if n is not None:
            if n < len(visible):
                self.pick(visible[n])
            return
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB, pygame.K_LEFT, pygame.K_UP):
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
            if visible:
                cur = self.options[self.focus] if 0 <= self.focus < len(self.options) else visible[0]
                i = visible.index(cur) if cur in visible else 0
                self.focus = self.options.index(visible[(i + step) % len(visible)])
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if 0 <= self.focus < len(self.options) and self.options[self.focus].page == self.page:
                self.pick(self.options[self.focus])
            return
        if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.pages > 1:
            self._turn(1 if key == pygame.K_PAGEDOWN else -1)

    def _option_at(self, pos):
        return next((o for o in self.visible() if o.rect.collidepoint(pos)), None)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.bar.update(dt)

    # --- autoplay ------------------------------------------------------------------------

    def target_for(self, action):
        if self.peeking:
            return self.panel.center
        for o in self.options + ([self.cancel] if self.cancel else []):
            if o is not None and o.action == action and o.enabled:
                if o is self.cancel:
                    return next((b.rect.center for b in self.bar.buttons if b.text == o.label), None)
                if o.page != self.page:
                    nxt = next((b for b in self.bar.buttons if b.text == t("dialog.next_page")), None)
                    return nxt.rect.center if nxt else None
                return o.rect.center
        return None

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface) -> None:
        layout = self.layout
        if self.peeking:
            self._draw_peek_bar(surface, layout)
            return
        self.draw_scrim(surface)
        draw_panel(surface, self.panel, layout)
        y = self.top_y + 30
        if self.badge:
            text(surface, layout, self.badge.upper(), 15, theme.BRONZE_DARK, layout.point(800, y - 8),
                 anchor="center", bold=True, max_width=PANEL_W - 360)
        text(surface, layout, self.title, 30, theme.INK, layout.point(800, y + 22), anchor="center", bold=True,
             max_width=PANEL_W - 360)
        ui_art.draw_divider(surface, layout.point(800, y + 52), layout.px(180), layout.px(2))
        y += 70
        for line in self.body_lines:
            text(surface, layout, line, 20, theme.INK_SOFT, layout.point(800, y + 12), anchor="center")
            y += 28
        self.draw_extra(surface, layout)
        for pi, group, items in self._groups:
            if pi == self.page and items:
                top = items[0].rect.top
                text(surface, layout, group, 17, theme.BRONZE_DARK, (layout.point(800, 0)[0], top - layout.px(8)),
                     anchor="midbottom", bold=True, max_width=PANEL_W - 100)
        for n, o in enumerate(self.visible()):
            self._draw_option(surface, layout, o, n)
        self.bar.draw(surface, layout)
        if self.pages > 1:
            text(surface, layout, t("dialog.page", n=self.page + 1, total=self.pages), 15, theme.INK_SOFT,
                 (self.panel.right - layout.px(40), self.panel.bottom - layout.px(30)), anchor="midright")

    def draw_extra(self, surface, layout) -> None:
        """Subclasses draw a picture block here (extra_height tall, under the body)."""

    def _draw_option(self, surface, layout, o: Option, n: int) -> None:
        r = o.rect
        focused = 0 <= self.focus < len(self.options) and self.options[self.focus] is o
        hovered = self.hover is o
        if o.picture:
            art = self.game.art if self.game is not None else None
            img = _picture(art, o.picture, TILE[o.picture[0]][2], layout) if art else None
            if img is not None:
                if not o.enabled:
                    img = img.copy()
                    img.fill((120, 120, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
                spot = img.get_rect(midtop=(r.centerx, r.y + layout.px(4) - (layout.px(6) if hovered and o.enabled else 0)))
                surface.blit(img, spot)
                if focused or hovered:
                    pygame.draw.rect(surface, theme.BRONZE_LIGHT if o.enabled else theme.TEXT_DISABLED,
                                     spot.inflate(layout.px(8), layout.px(8)), max(2, layout.px(3)),
                                     border_radius=layout.px(8))
                label_y = spot.bottom + layout.px(6)
            else:
                label_y = r.y
            same = o.picture[0] != "back" and o.label == _dn(o.picture[1])
            lines = [] if same else wrap(o.label, layout.font(15, True), r.w)[:2]
            for line in lines:
                col = theme.INK if o.enabled else theme.TEXT_DISABLED
                text(surface, layout, line, 15, col, (r.centerx, label_y), anchor="midtop", bold=True)
                label_y += layout.px(18)
        else:
            base = theme.UMBER if o.enabled else (120, 106, 90)
            if (focused or hovered) and o.enabled:
                base = (162, 104, 46)
            rounded(surface, r, base, layout.px(10), max(1, layout.px(2)),
                    theme.BRONZE_LIGHT if (focused or hovered) and o.enabled else theme.BRONZE_DARK)
            col = theme.TEXT_ON_DARK if o.enabled else theme.TEXT_DISABLED
            text(surface, layout, o.label, 18, col, (r.centerx + layout.px(10), r.centery), anchor="center",
                 bold=True, max_width=(r.w - 50) / layout.scale)
            label_y = r.bottom + layout.px(2)
        # The number key.
        cap = pygame.Rect(0, 0, layout.px(22), layout.px(22))
        cap.topleft = (r.x + layout.px(2), r.y + layout.px(2)) if o.picture else (r.x + layout.px(8), r.centery - layout.px(11))
        if n < 9:
            rounded(surface, cap, theme.INK if o.enabled else (110, 98, 84), layout.px(5), max(1, layout.px(1)), theme.BRONZE)
            text(surface, layout, str(n + 1), 14, theme.PARCHMENT_LIGHT, cap.center, anchor="center", bold=True)
        note = o.reason if not o.enabled else o.detail
        if note:
            col = theme.DANGER if not o.enabled else theme.INK_SOFT
            text(surface, layout, note, 13, col, (r.centerx, max(label_y, r.bottom) + layout.px(1)), anchor="midtop",
                 max_width=(r.w + GAP) / layout.scale)

    def _draw_peek_bar(self, surface, layout) -> None:
        bar = layout.rect(500, 846, 600, 44)
        rounded(surface, bar, (*theme.UMBER, 235), layout.px(12), max(1, layout.px(2)), theme.BRONZE_LIGHT)
        text(surface, layout, t("dialog.peek_hint"), 18, theme.TEXT_ON_DARK, bar.center, anchor="center", bold=True)


def _dn(name):
    from ui.text.names import display_name
    return display_name(name)


def _picture(art, picture, width, layout):
    kind, name = picture
    px = layout.px(width)
    try:
        if kind == "card":
            return art.card(name, px)
        if kind == "wonder":
            return art.wonder(name, px)
        if kind == "progress":
            return art.progress(name, px)
        if kind == "conspiracy":
            return art.conspiracy(name, px)
        if kind == "back":
            return art.card_back(name, px)
    except Exception:
        return None
    return None
