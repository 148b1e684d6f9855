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

from ui.draw import fonts, text_record, theme
from ui.draw.fonts import wrap
from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.overlay import TableOverlay
from ui.table import geometry as G
from ui.table.cause import then_text, title_for
from ui.table.choice_tips import action_lines
from ui.table.keys import KeyGate, is_undo_key
from ui.table.paint import CONDENSE, draw_fit_lines, label_fit, rounded, text, type_px
from ui.table.targets import hit_key, plan
from ui.table.text import option_label
from ui.table.tooltip import TOOLTIP_DELAY, render as render_tip
from ui.draw.widgets import Button, ButtonGroup, option_index

PLAIN_PER_ROW = 2               # plain items (who starts, top or bottom ...) side by side
PICTURE_MAX = {"card": 62, "progress": 62, "conspiracy": 74, "wonder": 128}
PICTURE_MIN = 30
PICTURE_AREA_H = 132            # design height the pictures may take (rows included)
TITLE_SIZE = 18
BODY_SIZE = 15


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
        """The table things a click may pick now. Once an origin is picked: the origin itself
        first when it has a one-click action too (a cube placed in the Chamber one already
        holds: click it again or press 1), then the destinations."""
        p = self.plan()
        if self.source is None:
            return p.firsts()
        again = [self.source] if p.direct(self.source) is not None else []
        return again + p.seconds(self.source)

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
            if kind == "move" and self.plan().direct(self.source) is not None:
                kind = "place_or_move"          # both plain: this Chamber again places, another moves
            return then_text(state, kind, self._hit_name(self.source))
        if state.decision != self.kind:
            return ""
        return title_for(state)

    def _body(self, hint: bool = True) -> str:
        from ui.scenes.choice import body_for
        session = self.game.session
        state = self.state
        if state.decision != self.kind:
            return ""
        body = body_for(session, state, self.kind, list(state.legal_actions()))
        if hint and self._plan is not None and self._plan.table:
            body += " " + t("targets.hint_table")
        return body

    def _hit_name(self, hit) -> str:
        if hit.kind == "chamber":
            return dn(self.state.rules.chambers[hit.data].name)
        return dn(hit.name) if hit.name else ""

    def _layout(self, layout) -> None:
        """In the left column's status block (G.prompt_area), bottom-aligned: title, a few lines,
        items, buttons. It grows upwards when it needs more room, up to the Discard heading at
        most, its plate beginning where it hides lines of the block whole (G.prompt_stops);
        the Senate and the log stay clear. Every line is wrapped in the type it is drawn in."""
        area = G.prompt_area()
        width = area.w - 24
        room = area.bottom - G.prompt_stops()[-1]
        title_font = fonts.get_font(type_px(layout, TITLE_SIZE), True)
        body_font = fonts.get_font(type_px(layout, BODY_SIZE))
        self._title_step = max(23, title_font.get_linesize() / layout.scale)
        self._body_step = max(19, body_font.get_linesize() / layout.scale)
        self._title_lines = wrap(self.title, title_font, layout.px(width))
        pictures = [i for i in self.items if i.picture] if self.source is None else []
        plain = [i for i in self.items if not i.picture] if self.source is None else []
        self._caption = ""
        if pictures and pictures[0].action.kind == "lock":     # tokens from the box: said once, above them
            from ui.scenes.choice import group_for
            self._caption = group_for(self.state, pictures[0].action)
        rows_of_buttons = self._button_rows(layout, width)
        tail = (40 * math.ceil(len(plain) / PLAIN_PER_ROW) if plain else 0) + \
            (42 * len(rows_of_buttons) + 2 if rows_of_buttons else 4)
        # When room is short the click hint goes first, then the body (the title says what is asked).
        bodies = [self._body(), self._body(hint=False), ""] if self.source is None else [""]
        for body in bodies:
            self._body_lines = wrap(body, body_font, layout.px(width)) if body else []
            head = 10 + len(self._title_lines) * self._title_step + 4 + len(self._body_lines) * self._body_step + 6
            pic_top = head + 8 + (self._body_step + 8 if self._caption else 0)    # number caps clear the text
            pic_w, per_row, rows, pic_h, label_h = self._picture_grid(pictures, width, room - pic_top - tail - 4)
            height = (pic_top + rows * (pic_h + label_h + 6) + 4 if pictures else head) + tail
            if height <= room:
                break
        slot_w = pic_w
        if pictures and pictures[0].picture[0] != "card":
            # Room for each name under its picture when the row allows it.
            font = fonts.get_font(type_px(layout, 14))
            widest = max(font.size(self._picture_label(i))[0] for i in pictures) / layout.scale + 6
            per = min(per_row, len(pictures))
            slot_w = max(pic_w, min(widest, (width - (per - 1) * 8) / per))
        top = area.bottom - height
        stops = G.prompt_stops()
        plate = top if top >= stops[0] else max([s for s in stops if s <= top], default=stops[-1])
        left, mid = area.x, area.centerx
        self.rect = layout.rect(left, plate, area.w, area.bottom - plate)
        self._slot_w = slot_w + 6
        self._label_h = label_h
        self._top = plate
        self._caption_y = plate + head + 4
        for n, item in enumerate(pictures):
            r, c = divmod(n, per_row)
            count = min(per_row, len(pictures) - r * per_row)
            row_w = count * slot_w + (count - 1) * 8
            x = mid - row_w / 2 + c * (slot_w + 8) + (slot_w - pic_w) / 2
            item.rect = layout.rect(x, plate + pic_top + r * (pic_h + label_h + 6), pic_w, pic_h)
        plain_top = area.bottom - (42 * len(rows_of_buttons) + 2 if rows_of_buttons else 4) \
            - 40 * math.ceil(len(plain) / PLAIN_PER_ROW)
        for n, item in enumerate(plain):
            r, c = divmod(n, PLAIN_PER_ROW)
            count = min(PLAIN_PER_ROW, len(plain) - r * PLAIN_PER_ROW)
            bw = min(260, (width - (count - 1) * 10) / count)
            total = count * bw + (count - 1) * 10
            item.rect = layout.rect(mid - total / 2 + c * (bw + 10), plain_top + r * 40, bw, 34)
        y = area.bottom - 42 * len(rows_of_buttons)
        for row, bw in rows_of_buttons:
            total = len(row) * bw + (len(row) - 1) * 10
            for n, b in enumerate(row):
                b.rect = layout.rect(mid - total / 2 + n * (bw + 10), y, bw, 34)
            y += 42

    def _button_rows(self, layout, width) -> list:
        """The bar's buttons in rows of (buttons, width): side by side when every label fits
        whole, else one row each (a long "Place a cube in ..." is never cut)."""
        buttons = self.bar.buttons
        if not buttons:
            return []
        natural = max(b.natural_width(layout) for b in buttons)      # room for the whole label
        side = (width - (len(buttons) - 1) * 10) / len(buttons)
        if natural <= side or len(buttons) == 1:
            return [(buttons, min(max(150, natural), side, width))]
        return [([b], min(max(150, natural), width)) for b in buttons]

    def _picture_label(self, item) -> str:
        return dn(item.picture[1])

    def _picture_grid(self, pictures, width, room=PICTURE_AREA_H):
        """(picture width, per row, rows, picture height, height of the names under them): the
        pictures as large as PICTURE_MAX and `room` (design height) allow, as many to a row as
        leaves each name room to be read (squeezed to CONDENSE of its width at most)."""
        if not pictures:
            return 0, 1, 0, 0, 0
        kind = pictures[0].picture[0]
        ratio = self._ratio(pictures[0].picture)
        room = min(PICTURE_AREA_H, room)
        w = PICTURE_MAX.get(kind, 62)
        while True:
            per_row = max(1, int((width + 8) // (w + 8)))
            label_h = 0
            if kind != "card":
                while per_row > 1 and self._squeeze(pictures, w, per_row, width) < CONDENSE:
                    per_row -= 1
                label_h = self._label_height(pictures, w, per_row, width)
            rows = math.ceil(len(pictures) / per_row)
            h = w * ratio
            if rows * (h + label_h + 6) <= room or w <= PICTURE_MIN:
                return w, per_row, rows, h, label_h
            w -= 2

    def _label_fits(self, pictures, pic_w, per_row, width):
        layout = self.layout
        per = min(per_row, len(pictures))
        slot = max(pic_w, (width - (per - 1) * 8) / per) + 6
        px = type_px(layout, 14)
        return [label_fit(self._picture_label(i), layout.px(slot), px) for i in pictures]

    def _squeeze(self, pictures, pic_w, per_row, width) -> float:
        """How much the most condensed name under the pictures is narrowed or set smaller (1: not at all)."""
        worst = 1.0
        wanted = type_px(self.layout, 14)
        for fit in self._label_fits(pictures, pic_w, per_row, width):
            worst = min(worst, fit.px / wanted)
            font = fonts.get_font(fit.px, True)
            for line, set_w in zip(fit.lines, fit.widths):
                worst = min(worst, set_w / max(1, font.size(line)[0]))
        return worst

    def _label_height(self, pictures, pic_w, per_row, width) -> float:
        """Design height of the names under pictures pic_w wide (whole words, up to 3 lines)."""
        fits = self._label_fits(pictures, pic_w, per_row, width)
        lines = max(len(fit.lines) for fit in fits)
        return lines * fonts.get_font(fits[0].px, True).get_linesize() / self.layout.scale + 2

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
        if event.type == pygame.WINDOWLEAVE:    # the pointer left the window: no tooltip stays
            self.hover_item = None
            self.game.hover_at(None)
            return
        if event.type == pygame.MOUSEMOTION:
            # Before the bar: a pointer that left a Chamber for a button takes the Chamber's tooltip along.
            self.mouse = event.pos
            item = self._item_at(event.pos)
            if item is not self.hover_item:
                self.hover_item = item
                self.hover_time = 0.0
            self.game.hover_at(None if item is not None or self.rect.collidepoint(event.pos) else event.pos)
        if self.bar.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            pass
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
            item = self.hover_item
            if self.app is not None:
                self.app.draw_last(self, lambda target: self._draw_item_tip(target, layout, item))
        else:
            self.game.tooltip_on_top(layout)

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
                # A token on the board has its row's heading above it, a Chamber its own number at
                # its top: their key number goes below.
                below = hit.kind in ("progress", "chamber")
                self._number(surface, layout, n + 1, r.bottomleft if below else r.topleft, below=below)

    def _number(self, surface, layout, n, at, below=False) -> None:
        # Over the thing's own corner, hardly past it: a neighbour's heading or name stays clear.
        cap = pygame.Rect(0, 0, layout.px(20), layout.px(20))
        if below:
            cap.bottomleft = (at[0] - layout.px(4), at[1] + layout.px(4))
        else:
            cap.topleft = (at[0] - layout.px(4), at[1] - layout.px(4))
        cap.clamp_ip(surface.get_rect())
        text_record.cover(cap, f"number {n}")
        rounded(surface, cap, theme.INK, layout.px(5), max(1, layout.px(1)), theme.BRONZE_LIGHT)
        text(surface, layout, str(n), 14, theme.PARCHMENT_LIGHT, cap.center, anchor="center", bold=True)

    def _draw_bar(self, surface, layout) -> None:
        text_record.cover(self.rect, "prompt")
        with text_record.box(self.rect, "prompt"):
            self._draw_bar_inside(surface, layout)

    def _draw_bar_inside(self, surface, layout) -> None:
        rounded(surface, self.rect, theme.UMBER, layout.px(10), max(2, layout.px(2)), theme.BRONZE_LIGHT)
        x = self.rect.x + layout.px(12)
        top = self._top + 8
        width = self.rect.w / layout.scale - 24
        for n, line in enumerate(self._title_lines):
            text(surface, layout, line, TITLE_SIZE, theme.BRONZE_LIGHT, (x, layout.point(0, top + n * self._title_step)[1]),
                 bold=True, max_width=width)
        top += len(self._title_lines) * self._title_step + 4
        for n, line in enumerate(self._body_lines):
            text(surface, layout, line, BODY_SIZE, theme.TEXT_ON_DARK, (x, layout.point(0, top + n * self._body_step)[1]),
                 max_width=width)
        if self._caption and self.source is None:
            text(surface, layout, self._caption, 14, theme.BRONZE_LIGHT, (x, layout.point(0, self._caption_y)[1]),
                 bold=True, max_width=width)
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
                self._draw_picture_label(surface, layout, item)
            at = r.topleft
        else:
            rounded(surface, r, (162, 104, 46) if hot else theme.UMBER, layout.px(8), max(1, layout.px(2)),
                    theme.BRONZE_LIGHT if hot else theme.BRONZE)
            with text_record.box(r, "option"):
                text(surface, layout, item.label, 16, theme.TEXT_ON_DARK, r.center, anchor="center", bold=True,
                     max_width=r.w / layout.scale - 56)
            at = (r.x + layout.px(6), r.y + layout.px(11))         # inside the button, left of its label
        if n < 9:
            self._number(surface, layout, n + 1, at)

    def _draw_picture_label(self, surface, layout, item) -> None:
        """The name under a picture: whole words on up to three lines, condensed rather than cut."""
        r = item.rect
        fit = label_fit(self._picture_label(item), layout.px(self._slot_w), type_px(layout, 14))
        draw_fit_lines(surface, layout, fit, theme.TEXT_ON_DARK, r.centerx, r.bottom + layout.px(2))

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
