"""The pending decision, chosen on the table itself.

The legal targets (targets.py) are outlined where they sit, with a number for the keys; a
click on one applies its action (a move or a swap: origin, then destination). A short bar
in the left column's status block says why the decision arose and what is being chosen
(cause.py) and offers Stop/None and Back; choices with no place on the table (The Great
Library's draw, a Conspiracy to keep, top or bottom, who starts the next Age, ...) are
small items in that same bar. Nothing covers the board, the Senate or the log. Keys: 1-9
pick, Tab/arrows move the focus, Enter picks it, Esc steps back (or declines when the
rules allow), Ctrl+Z/Backspace undo; only keys pressed after the bar appeared count
(keys.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.draw import theme
from ui.draw.fonts import wrap
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.overlay import TableOverlay
from ui.table import geometry as G
from ui.table.cause import then_text, title_for
from ui.table.choice_tips import action_lines
from ui.table.keys import KeyGate, is_undo_key
from ui.table.paint import rounded, text
from ui.table.targets import hit_key, plan
from ui.table.text import option_label
from ui.table.tooltip import TOOLTIP_DELAY, render as render_tip
from ui.draw.widgets import Button, ButtonGroup, option_index

PLAIN_PER_ROW = 2               # plain items (who starts, top or bottom ...) side by side
PICTURE_MAX = {"card": 62, "progress": 62, "conspiracy": 74, "wonder": 128}
PICTURE_MIN = 34
PICTURE_AREA_H = 132            # design height the pictures may take (rows included)


@dataclass
class PanelItem:
    action: object
    label: str
    picture: tuple | None                       # (kind, name) or None: a plain button
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def _picture_for(state, action):
    from ui.scenes.choice import picture_for
    return picture_for(state, action)


class TablePrompt(TableOverlay):
    """Pushed over the game scene while the human has a decision other than the card turn."""

    watches_keys = True

    def __init__(self, game) -> None:
        super().__init__(game)
        session = game.session
        self.version = session.version
        self.kind = session.state.decision
        self.source = None                  # the Hit picked as the origin of a move or swap
        self.focus = -1                     # index in options(), -1: none
        self.mouse = (-1, -1)
        self.hover_item: PanelItem | None = None
        self.hover_time = 0.0
        self.time = 0.0
        self.names = [session.name(0), session.name(1)]
        self._plan = None
        self._plan_key = None               # the plan follows the drawn table (its hits)
        self.items: list[PanelItem] = []
        self._body_lines: list[str] = []
        self._title_lines: list[str] = []
        self._slot_w = 0.0                  # design width each picture's name may take
        self.bar = ButtonGroup([], horizontal=True)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._tip_key = None
        self._tip = None
        self.gate = KeyGate(game.keys)      # keys already down now (the press that ended the last decision) do nothing

    # --- what can be chosen ----------------------------------------------------------

    @property
    def state(self):
        return self.game.session.state

    def plan(self):
        hits = self.game.view.hits if self.game.view is not None else []
        key = (self.game.session.version, id(hits), len(hits))
        if key != self._plan_key:
            self._plan = plan(self.state, hits)
            self._plan_key = key
            if self.source is not None:     # the table was redrawn: find the origin again
                self.source = next((h for h in self._plan.firsts() if hit_key(h) == hit_key(self.source)), None)
            self._build_items()
            if self.app is not None:
                self._rebuild_bar()
        return self._plan

    def _build_items(self) -> None:
        state = self.state
        from ui.scenes.choice import group_for
        self.items = []
        for a in self._plan.panel:
            label = option_label(a, self.names)
            if a.kind == "lock":                # a token from the box: say where it comes from
                label = f"{group_for(state, a)}: {label}"
            elif a.kind == "return":
                label = t(f"prompts.return.{a.target}")
            elif a.kind == "start":             # said from the side of the player deciding
                label = t("prompts.start.you") if int(a.subject) == a.player else \
                    t("prompts.start.other", who=self.names[int(a.subject)])
            self.items.append(PanelItem(a, label, _picture_for(state, a)))

    def table_targets(self) -> list:
        """The table things a click may pick now."""
        p = self.plan()
        return p.seconds(self.source) if self.source is not None else p.firsts()

    def chamber_targets(self) -> frozenset:
        """Chamber indices to outline on the Senate board now (the game's static layer draws them)."""
        return frozenset(h.data for h in self.table_targets() if h.kind == "chamber")

    def options(self) -> list:
        """Everything the number keys and Tab walk through: table things, then panel items."""
        out = [("hit", h) for h in self.table_targets()]
        if self.source is None:
            out += [("item", i) for i in self.items]
        return out

    # --- choosing ----------------------------------------------------------------------

    def _apply(self, action) -> None:
        if action is None:
            return
        self.source = None
        self.game.choose(action)

    def pick_hit(self, hit) -> bool:
        """A click on a thing on the table; True when it was a target."""
        p = self.plan()
        key = hit_key(hit)
        if self.source is not None:
            if key == hit_key(self.source):
                direct = p.direct(self.source)
                if direct is not None:          # the origin clicked again: its one-click action
                    self._apply(direct)
                else:
                    self.source = None
                return True
            action = p.two_step(self.source, hit)
            if action is not None:
                self._apply(action)
                return True
            return False
        if key not in {hit_key(h) for h in p.firsts()}:
            return False
        if p.has_moves_from(hit):
            self.source = hit                   # then the destination (or this again for its direct action)
            self.focus = -1
            self._rebuild_bar()
        else:
            self._apply(p.direct(hit))
        return True

    def pick_item(self, item: PanelItem) -> None:
        self._apply(item.action)

    def back(self) -> None:
        self.source = None
        self.focus = -1
        self._rebuild_bar()

    # --- the bar ----------------------------------------------------------------------------

    def _rebuild_bar(self) -> None:
        p = self.plan()
        buttons = [Button(option_label(a, self.names), (lambda a=a: self._apply(a)), text_size=17) for a in p.declines]
        if self.source is not None:
            direct = p.direct(self.source)
            if direct is not None:
                buttons.insert(0, Button(option_label(direct, self.names), lambda: self._apply(direct), text_size=17))
            buttons.append(Button(t("targets.back"), self.back, text_size=17))
        # Undo: the table's own button stays in view (bottom right) and a click on it goes through.
        self.bar = ButtonGroup(buttons, horizontal=True)
        self.bar.index = len(buttons)       # nothing glows until hovered: the keys act on the targets
        self.bar._sync()
        self._layout(self.layout)

    def on_enter(self) -> None:
        self.plan()
        self._rebuild_bar()

    def on_resize(self, layout) -> None:
        self._layout(layout)

    @property
    def title(self) -> str:
        """Why this decision arose and what it asks ("Military token: place an Influence cube")."""
        state = self.state
        if self.source is not None:
            kinds = {c.action.kind for c in self.plan().table if c.second is not None
                     and hit_key(c.first) == hit_key(self.source)}
            kind = next(iter(kinds)) if len(kinds) == 1 else "move"
            return then_text(state, kind, self._hit_name(self.source))
        if state.decision != self.kind:
            return ""
        return title_for(state)

    def _body(self) -> str:
        from ui.scenes.choice import body_for
        session = self.game.session
        state = self.state
        if state.decision != self.kind:
            return ""
        body = body_for(session, state, self.kind, list(state.legal_actions()))
        if self._plan is not None and self._plan.table:
            body += " " + t("targets.hint_table")
        return body

    def _hit_name(self, hit) -> str:
        if hit.kind == "chamber":
            return dn(self.state.rules.chambers[hit.data].name)
        return dn(hit.name) if hit.name else ""

    def _layout(self, layout) -> None:
        """In the left column's status block (G.prompt_area), bottom-aligned: title, a few lines,
        items, buttons. It grows upwards when it needs more room; the Senate and the log stay clear."""
        area = G.prompt_area()
        width = area.w - 24
        self._title_lines = wrap(self.title, layout.font(18, bold=True), layout.px(width))[:2]
        self._body_lines = wrap(self._body(), layout.font(15), layout.px(width))[:4] if self.source is None else []
        pictures = [i for i in self.items if i.picture] if self.source is None else []
        plain = [i for i in self.items if not i.picture] if self.source is None else []
        pic_w, per_row, rows, pic_h = self._picture_grid(pictures, width)
        slot_w = pic_w
        if pictures and pictures[0].picture[0] != "card":
            # Room for each name under its picture, whole, when the row allows it.
            font = layout.font(14)
            widest = max(font.size(self._picture_label(i))[0] for i in pictures) / layout.scale + 6
            per = min(per_row, len(pictures))
            slot_w = max(pic_w, min(widest, (width - (per - 1) * 8) / per))
        height = 10 + len(self._title_lines) * 23 + 4 + len(self._body_lines) * 19 + 6
        pic_top = height
        if pictures:
            height += rows * (pic_h + 20) + 4
        plain_top = height
        if plain:
            height += 40 * math.ceil(len(plain) / PLAIN_PER_ROW)
        height += 44 if self.bar.buttons else 4
        top = area.bottom - height
        left, mid = area.x, area.centerx
        self.rect = layout.rect(left, top, area.w, height)
        self._slot_w = slot_w + 6
        self._top = top
        for n, item in enumerate(pictures):
            r, c = divmod(n, per_row)
            count = min(per_row, len(pictures) - r * per_row)
            row_w = count * slot_w + (count - 1) * 8
            x = mid - row_w / 2 + c * (slot_w + 8) + (slot_w - pic_w) / 2
            item.rect = layout.rect(x, top + pic_top + r * (pic_h + 20), pic_w, pic_h)
        for n, item in enumerate(plain):
            r, c = divmod(n, PLAIN_PER_ROW)
            count = min(PLAIN_PER_ROW, len(plain) - r * PLAIN_PER_ROW)
            bw = min(260, (width - (count - 1) * 10) / count)
            total = count * bw + (count - 1) * 10
            item.rect = layout.rect(mid - total / 2 + c * (bw + 10), top + plain_top + r * 40, bw, 34)
        buttons = self.bar.buttons
        if buttons:
            natural = max(b.natural_width(layout) for b in buttons)     # room for the whole label
            bw = min(max(150, natural), (width - (len(buttons) - 1) * 10) / len(buttons))
            total = len(buttons) * bw + (len(buttons) - 1) * 10
            for n, b in enumerate(buttons):
                b.rect = layout.rect(mid - total / 2 + n * (bw + 10), top + height - 42, bw, 34)

    def _picture_label(self, item) -> str:
        return dn(item.picture[1]) if item.action.kind != "lock" else item.label

    def _picture_grid(self, pictures, width):
        if not pictures:
            return 0, 1, 0, 0
        kind = pictures[0].picture[0]
        ratio = self._ratio(pictures[0].picture)
        w = PICTURE_MAX.get(kind, 62)
        while True:
            per_row = max(1, int((width + 8) // (w + 8)))
            rows = math.ceil(len(pictures) / per_row)
            h = w * ratio
            if rows * (h + 20) <= PICTURE_AREA_H or w <= PICTURE_MIN:
                return w, per_row, rows, h
            w -= 2

    def _ratio(self, picture) -> float:
        img = self._image(picture, 100)
        return img.get_height() / img.get_width() if img is not None and img.get_width() else 1.55

    def _image(self, picture, width_px):
        from ui.scenes.options import _picture
        art = self.game.art
        return _picture(art, picture, width_px / (self.layout.scale or 1), self.layout) if art else None

    # --- life -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        self.hover_time += dt
        self.gate.update()
        self.bar.update(dt)
        session = self.game.session
        if self.app is not None and self in self.app.stack and (
                session.version != self.version or not session.human_to_act or session.state.decision != self.kind):
            self.close()                    # chosen, taken back or no longer ours: the game opens what comes next

    @property
    def panel_rect(self):
        """The whole area a prompt may grow into (G.prompt_area), not only its size now."""
        return self.layout.rect(*G.prompt_area())

    # --- input --------------------------------------------------------------------------------------

    def handle_event(self, event) -> None:
        self.game.keys.see(event)
        if not self.gate.admits(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.bar.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            item = self._item_at(event.pos)
            if item is not self.hover_item:
                self.hover_item = item
                self.hover_time = 0.0
            self.game.hover_at(None if item is not None or self.rect.collidepoint(event.pos) else event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.source is not None:
            self.back()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.game.handle_event(event)

    def click(self, pos) -> None:
        item = self._item_at(pos)
        if item is not None:
            self.pick_item(item)
            return
        if self.rect.collidepoint(pos):
            return
        hit = self.game.view.hit_at(pos) if self.game.view is not None else None
        if hit is not None and hit.kind == "decree" and isinstance(hit.data, tuple):
            # A Decree tile lies inside its Chamber's column: a click on it picks the Chamber.
            hit = next((h for h in self.game.view.hits_of("chamber") if h.data == hit.data[0]), hit)
        if hit is not None and self.pick_hit(hit):
            return
        self.game.click(pos)                # menu, undo, the discard pile: as on the bare table

    def _item_at(self, pos):
        if self.source is not None:
            return None
        return next((i for i in self.items if i.rect.collidepoint(pos)), None)

    def _key(self, event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            p = self.plan()
            if self.source is not None:
                self.back()
            elif p.declines:
                self._apply(p.declines[0])
            else:
                self.game.open_pause()
            return
        if is_undo_key(event):
            self.game.request_undo()
            return
        options = self.options()
        n = option_index(key)
        if n is not None:
            if n < len(options):
                self._choose_option(options[n])
            return
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB, pygame.K_LEFT, pygame.K_UP) and options:
            back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if back else 1)) % len(options) if self.focus >= 0 else \
                (len(options) - 1 if back else 0)
            self._show_focus(options[self.focus])
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and 0 <= self.focus < len(options):
            self._choose_option(options[self.focus])

    def _choose_option(self, option) -> None:
        kind, thing = option
        if kind == "hit":
            self.pick_hit(thing)
        else:
            self.pick_item(thing)

    def _show_focus(self, option) -> None:
        """The focused thing shows its tooltip at once, beside it."""
        kind, thing = option
        game = self.game
        if kind == "hit":
            game.hover = thing
            game.hover_time = TOOLTIP_DELAY
            game.tip_anchor = thing.rect
            self.hover_item = None
        else:
            game.hover = None
            self.hover_item = thing
            self.hover_time = TOOLTIP_DELAY

    # --- autoplay -----------------------------------------------------------------------------------

    def place_of(self, action) -> str | None:
        """Where `action` is offered: 'table' (in place), 'panel' (the bar's items), 'bar' (a button)."""
        p = self.plan()
        if action in p.declines:
            return "bar"
        if action in p.panel:
            return "panel"
        if any(c.action == action for c in p.table):
            return "table"
        return None

    def target_for(self, action):
        """Where a person clicks next to play `action`."""
        p = self.plan()
        for b, a in zip(self.bar.buttons, p.declines):
            if a == action:
                return b.rect.center
        if self.source is None:
            item = next((i for i in self.items if i.action == action), None)
            if item is not None:
                return item.rect.center
        choice = next((c for c in p.table if c.action == action), None)
        if choice is None:
            return None
        if self.source is not None:
            if hit_key(self.source) == hit_key(choice.first):
                return (choice.second or choice.first).rect.center
            back = next((b for b in self.bar.buttons if b.text == t("targets.back")), None)
            return back.rect.center if back else None
        return choice.first.rect.center

    # --- drawing ---------------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        layout = self.layout
        self.plan()
        self._draw_targets(surface, layout)
        self._draw_bar(surface, layout)
        if self.hover_item is not None:
            self._draw_item_tip(surface, layout, self.hover_item)
        else:
            self.game._draw_tooltip(surface, layout)

    def _draw_targets(self, surface, layout) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        glow = tuple(round(a + (b - a) * pulse) for a, b in zip(theme.BRONZE, (255, 226, 120)))
        width = max(2, layout.px(4))
        if self.source is not None:            # the origin: filled, so it reads apart from the destinations
            r = self.source.rect.inflate(layout.px(8), layout.px(8))
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((255, 214, 90, 70))
            surface.blit(veil, r)
            pygame.draw.rect(surface, (255, 244, 200), r, max(3, layout.px(5)), border_radius=layout.px(8))
        hover = self.game.hover
        for n, hit in enumerate(self.table_targets()):
            r = hit.rect.inflate(layout.px(6), layout.px(6))
            hot = hover is not None and hit_key(hover) == hit_key(hit)
            line = width + (layout.px(2) if hot else 0)
            # A dark rim under the gold line: the target reads on light parchment and on dark cards alike.
            pygame.draw.rect(surface, theme.INK, r.inflate(2 * line, 2 * line), line, border_radius=layout.px(8))
            pygame.draw.rect(surface, (255, 236, 150) if hot else glow, r, line, border_radius=layout.px(6))
            if n < 9:
                self._number(surface, layout, n + 1, r.topleft)

    def _number(self, surface, layout, n, at) -> None:
        cap = pygame.Rect(0, 0, layout.px(20), layout.px(20))
        cap.center = at
        cap.clamp_ip(surface.get_rect())
        rounded(surface, cap, theme.INK, layout.px(5), max(1, layout.px(1)), theme.BRONZE_LIGHT)
        text(surface, layout, str(n), 14, theme.PARCHMENT_LIGHT, cap.center, anchor="center", bold=True)

    def _draw_bar(self, surface, layout) -> None:
        rounded(surface, self.rect, theme.UMBER, layout.px(10), max(2, layout.px(2)), theme.BRONZE_LIGHT)
        x = self.rect.x + layout.px(12)
        y = self.rect.y + layout.px(8)
        width = self.rect.w / layout.scale - 24
        for line in self._title_lines:
            text(surface, layout, line, 18, theme.BRONZE_LIGHT, (x, y), bold=True, max_width=width)
            y += layout.px(23)
        y += layout.px(4)
        for line in self._body_lines:
            text(surface, layout, line, 15, theme.TEXT_ON_DARK, (x, y))
            y += layout.px(19)
        if self.source is None:
            options = self.options()
            focused = options[self.focus][1] if 0 <= self.focus < len(options) else None
            table_count = len(self.table_targets())
            for n, item in enumerate(self.items):
                self._draw_item(surface, layout, item, table_count + n, item is self.hover_item or item is focused)
        self.bar.draw(surface, layout)

    def _draw_item(self, surface, layout, item, n, hot) -> None:
        r = item.rect
        if item.picture:
            img = self._image(item.picture, r.w)
            if img is not None:
                spot = img.get_rect(midtop=(r.centerx, r.y))
                surface.blit(img, spot)
                pygame.draw.rect(surface, (255, 236, 150) if hot else theme.BRONZE_LIGHT,
                                 spot.inflate(layout.px(6), layout.px(6)), max(2, layout.px(3 if hot else 2)),
                                 border_radius=layout.px(6))
            if item.picture[0] != "card":
                room = max(r.w / layout.scale + 6, self._slot_w)
                text(surface, layout, self._picture_label(item), 14, theme.TEXT_ON_DARK,
                     (r.centerx, r.bottom + layout.px(2)), anchor="midtop", max_width=room)
            at = r.topleft
        else:
            rounded(surface, r, (162, 104, 46) if hot else theme.UMBER, layout.px(8), max(1, layout.px(2)),
                    theme.BRONZE_LIGHT if hot else theme.BRONZE)
            text(surface, layout, item.label, 16, theme.TEXT_ON_DARK, r.center, anchor="center", bold=True,
                 max_width=r.w / layout.scale - 28)
            at = (r.x + layout.px(4), r.y + layout.px(4))
        if n < 9:
            self._number(surface, layout, n + 1, at)

    def _draw_item_tip(self, surface, layout, item) -> None:
        if self.hover_time < TOOLTIP_DELAY:
            return
        key = (id(item), layout.size)
        if key != self._tip_key:
            lines = action_lines(self.state, self.game.session, item.action, item.label)
            picture = item.picture[1] if item.picture and item.picture[0] != "back" else None
            self._tip = render_tip(layout, lines, self.game.art, picture, self.state)
            self._tip_key = key
        tip = self._tip
        # Beside the prompt, level with the item: the table's targets and the log stay readable.
        rect = tip.get_rect(topleft=(self.rect.right + layout.px(10), item.rect.top))
        rect.clamp_ip(pygame.Rect((0, 0), layout.size))
        surface.blit(tip, rect)
