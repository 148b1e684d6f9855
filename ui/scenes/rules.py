"""How to play: the rules, page by page, with the pictures and symbols of the game.

Chapters on the left, one page on the right: its text (catalogue `rules.page.<id>`, the
type set smaller when a language needs more room) and its figures — real card faces,
tokens, icons, the military track and the Senate board drawn by ui.cardart, each with a
caption. ← → (or the mouse wheel, PageUp/PageDown, the buttons) turn the pages, ↑ ↓ and a
click pick a chapter, Esc closes. Reached from the title menu and from the pause menu.

The last chapter lists every key the game answers to (`KEY_HELP`, with the pygame keys each
entry covers: tests/test_rules_help.py checks it against the keys the handlers read).
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.draw import fonts, theme
from ui.text.i18n import language, t
from ui.scenes.base import Scene
from ui.table.paint import price_badge, rounded, text
from ui.draw.widgets import Button, ButtonGroup, draw_key_hint, draw_panel, measure_key_hint

# A figure: (kind, items, caption key, size in design units). Kinds: icons, cards, backs,
# wonders, progress, military, decrees, conspiracies (None = a back), track, senate, badges,
# tooltip.
HINTS_ROOM = 52          # design units kept free at the page's foot for the key hints
PAGES: tuple[tuple[str, tuple], ...] = (
    ("duel", (
        ("icons", ("shield", "capital"), "military", 54),
        ("icons", ("sphere", "quill", "wheel", "mortar", "sundial", "plumb_line"), "science", 46),
        ("icons", ("senate_any",), "political", 54),
        ("icons", ("points",), "points", 54),
    )),
    ("turn", (
        ("cards", ("Baths",), "card", 100),
        ("icons", ("discard", "coin"), "discard", 50),
        ("wonders", ("The Pyramids",), "wonder", 210),
        ("icons", ("play_again",), "play_again", 50),
    )),
    ("costs", (
        ("icons", ("wood", "clay", "stone"), "raw", 50),
        ("icons", ("glass", "papyrus"), "goods", 50),
        ("cards", ("Scriptorium", "Library"), "chain", 104),
        ("badges", (), "badges", 34),
    )),
    ("cards", (
        ("cards", ("Lumber Yard", "Glassworks", "Baths", "Scriptorium"), "", 86),
        ("cards", ("Tavern", "Stable", "Merchants Guild"), "", 86),
        ("cards", ("Left Politician 1", "Conspirator 1"), "", 86),
    )),
    ("military", (
        ("icons", ("shield",), "shield", 54),
        ("track", (), "track", 420),
        ("military", ("Base 2-Coin Token (seat 0 half)", "Base 5-Coin Token (seat 0 half)",
                      "Agora Small Token (seat 0 half)", "Agora Large Token (seat 0 half)"), "tokens", 76),
    )),
    ("science", (
        ("icons", ("sphere", "scales", "sundial", "mortar"), "", 54),
        ("icons", ("plumb_line", "quill", "wheel"), "symbols", 54),
        ("progress", ("Agriculture", "Law", "Strategy", "Theology"), "progress", 88),
    )),
    ("wonders", (
        ("wonders", ("The Colossus",), "", 250),
        ("wonders", ("Curia Julia",), "wonder", 250),
        ("icons", ("play_again",), "play_again", 54),
    )),
    ("senate", (
        ("senate", (), "senate", 420),
        ("cards", ("Middle Politician 1", "Conspirator 1"), "", 92),
        ("decrees", ("Civic Patronage",), "decree", 200),
    )),
    ("chambers", (
        ("decrees", ("Civic Patronage", None), "decree_faces", 150),
        ("senate", (), "senate_tie", 420),
    )),
    ("conspiracies", (
        ("conspiracies", (None, "Coup"), "conspiracy", 180),
        ("icons", ("conspiracy", "arrow", "play_again"), "", 50),
    )),
    ("end", (
        ("icons", ("points",), "points", 60),
        ("icons", ("coin", "coin", "coin", "arrow", "points"), "coins", 46),
        ("backs", ("1", "2", "3"), "", 90),
    )),
    ("screen", (
        ("tooltip", ("Baths",), "tooltip", 330),
    )),
    ("keys", ()),                   # a table of keys (KEY_HELP) in place of text and figures
)

# The keys chapter: one row per entry (catalogue `rules.key_help.<id>.keys`, caps separated
# by " / ", and `.what`), with the pygame keys it describes. Every key a handler reads must
# be covered here (tests/test_rules_help.py), so a new key cannot go without its help.
KEY_HELP: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("esc", ("K_ESCAPE",)),
    ("arrows", ("K_LEFT", "K_RIGHT", "K_UP", "K_DOWN", "K_TAB")),
    ("enter", ("K_RETURN", "K_KP_ENTER", "K_SPACE")),
    ("digits", tuple(f"K_{i}" for i in range(1, 10)) + tuple(f"K_KP{i}" for i in range(1, 10))),
    ("undo", ("K_z", "K_BACKSPACE")),
    ("hint", ("K_h",)),
    ("mute", ("K_m",)),
    ("fullscreen", ("K_F11",)),
    ("pages", ("K_PAGEUP", "K_PAGEDOWN", "K_HOME", "K_END")),
    ("delete", ("K_DELETE",)),
)


def key_rows() -> list[tuple[list[str], str]]:
    """The keys chapter in the reader's language: (the key caps, what they do) per entry."""
    return [([k.strip() for k in t(f"rules.key_help.{entry}.keys").split(" / ") if k.strip()],
             t(f"rules.key_help.{entry}.what")) for entry, _ in KEY_HELP]

PANEL = (420, 166, 1110, 612)        # the page (design units)
CHAPTERS = (70, 166, 330, 612)       # the list of chapters
TEXT_W = 580                         # width of the text column
FIG_X = PANEL[0] + 40 + TEXT_W + 40  # left edge of the figures column
FIG_W = PANEL[0] + PANEL[2] - 36 - FIG_X
CHAPTER_H = 50


class RulesScene(Scene):
    def __init__(self, page: int = 0) -> None:
        super().__init__()
        self.page = max(0, min(len(PAGES) - 1, page))
        self.mouse = (-1, -1)
        self.group = ButtonGroup([])
        self.art = None
        self._text_key = None
        self._text = None                  # (px, [(line, indent, gap_before)])
        self._figures_key = None
        self._figures = None               # picture of the figures column
        self._keys_key = None
        self._keys = None                  # the keys chapter laid out (sizes, lines)
        self.figures_rect = pygame.Rect(0, 0, 0, 0)
        self.chapter_rects: list[pygame.Rect] = []
        self._build()

    # --- buttons and words ----------------------------------------------------------------

    def _build(self) -> None:
        index = self.group.index if self.group.buttons else 1
        self.group = ButtonGroup([
            Button(t("dialog.prev_page"), lambda: self.turn(-1), text_size=20),
            Button(t("dialog.next_page"), lambda: self.turn(1), text_size=20),
            Button(t("dialog.close"), self.close, text_size=20),
        ], horizontal=True, index=index)
        self._text_key = self._figures_key = self._keys_key = None

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def on_enter(self) -> None:
        from game.rules import rules_for
        from ui.cardart import Art
        self.art = Art(rules_for(True))

    def on_exit(self) -> None:
        self.art = None

    def on_resize(self, layout) -> None:
        w, gap = 230, 22
        x0 = PANEL[0] + PANEL[2] / 2 - (3 * w + 2 * gap) / 2
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.rect(x0 + i * (w + gap), 800, w, 52)
        self._text_key = self._figures_key = None

    @property
    def page_id(self) -> str:
        return PAGES[self.page][0]

    def title(self, index: int | None = None) -> str:
        return t(f"rules.page.{PAGES[self.page if index is None else index][0]}.title")

    def page_text(self, index: int | None = None) -> str:
        """All the words of a page (its title, then its text or its table of keys)."""
        page = PAGES[self.page if index is None else index][0]
        if page == "keys":
            rows = [" / ".join(caps) + ": " + what for caps, what in key_rows()]
            return "\n".join([self.title(index), t("rules.page.keys.intro")] + rows)
        return self.title(index) + "\n" + t(f"rules.page.{page}.body")

    # --- actions -------------------------------------------------------------------------------

    def turn(self, step: int) -> None:
        self.go(self.page + step)

    def go(self, page: int) -> None:
        page = max(0, min(len(PAGES) - 1, page))
        if page != self.page:
            self.page = page
            self._text_key = self._figures_key = None

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            while self.app.top is not self:
                self.app.pop()
            self.app.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.close()
            elif key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN):
                self.turn(1)
            elif key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
                self.turn(-1)
            elif key == pygame.K_HOME:
                self.go(0)
            elif key == pygame.K_END:
                self.go(len(PAGES) - 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.group.selected is not None:
                    self.group.selected.activate()
            elif key == pygame.K_TAB:
                self.group.handle_event(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.group.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.chapter_rects):
                if r.collidepoint(event.pos):
                    self.go(i)
                    return

    def update(self, dt: float) -> None:
        prev, nxt = self.group.buttons[0], self.group.buttons[1]
        prev.enabled, nxt.enabled = self.page > 0, self.page < len(PAGES) - 1
        if not self.group.buttons[self.group.index].enabled:
            self.group.index = 1 if nxt.enabled else 2
            self.group._sync()
        self.group.update(dt)

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(ui_art.banded_backdrop(L.size, L.px(44)), (0, 0))
        title = ui_art.title_lettering(t("rules.title").upper(), L.px(54))
        if title.get_width() > L.px(1300):
            title = pygame.transform.smoothscale(title, (L.px(1300), round(title.get_height() * L.px(1300) / title.get_width())))
        surface.blit(title, title.get_rect(center=L.point(800, 100)))
        ui_art.draw_divider(surface, L.point(800, 146), L.px(260), L.px(2))
        self._draw_chapters(surface, L)
        panel = L.rect(*PANEL)
        draw_panel(surface, panel, L)
        x, y = PANEL[0] + 40, PANEL[1] + 30
        text(surface, L, self.title(), 30, theme.INK, L.point(x, y), bold=True, max_width=PANEL[2] - 80)
        text(surface, L, t("dialog.page", n=self.page + 1, total=len(PAGES)), 15, theme.BRONZE_DARK,
             L.point(PANEL[0] + PANEL[2] - 36, y + 12), anchor="topright")
        pygame.draw.line(surface, theme.BRONZE, L.point(x, y + 48), L.point(PANEL[0] + PANEL[2] - 36, y + 48),
                         max(1, L.px(1.5)))
        if self.page_id == "keys":
            self._draw_keys(surface, L)
        else:
            self._draw_text(surface, L)
            self._draw_figures(surface, L)
        self.group.draw(surface, L)
        hints = [(t("rules.keys.arrows"), t("rules.keys.pages")), (t("keys.esc"), t("rules.keys.close"))]
        gap = L.px(22)
        width = sum(measure_key_hint(L, k, label, 15) for k, label in hints) + gap * (len(hints) - 1)
        x, y = L.point(PANEL[0] + PANEL[2] - 36, PANEL[1] + PANEL[3] - 26)
        x -= width
        for keys, label in hints:
            x += draw_key_hint(surface, L, (x, y), keys, label, 15) + gap

    def _draw_chapters(self, surface, L) -> None:
        box = L.rect(*CHAPTERS)
        rounded(surface, box, (*theme.UMBER, 225), L.px(12), max(1, L.px(2)), theme.BRONZE)
        text(surface, L, t("rules.chapters").upper(), 15, theme.BRONZE_LIGHT,
             L.point(CHAPTERS[0] + CHAPTERS[2] / 2, CHAPTERS[1] + 16), anchor="midtop", bold=True,
             max_width=CHAPTERS[2] - 30)
        self.chapter_rects = []
        y = CHAPTERS[1] + 46
        step = min(CHAPTER_H, (CHAPTERS[3] - 56) / len(PAGES))
        for i in range(len(PAGES)):
            r = L.rect(CHAPTERS[0] + 10, y, CHAPTERS[2] - 20, step - 4)
            self.chapter_rects.append(r)
            chosen = i == self.page
            hot = r.collidepoint(self.mouse)
            if chosen or hot:
                rounded(surface, r, theme.BRONZE if chosen else theme.UMBER_LIGHT, L.px(8), max(1, L.px(1.5)),
                        theme.BRONZE_LIGHT)
            colour = theme.INK if chosen else theme.TEXT_ON_DARK
            text(surface, L, str(i + 1), 15, colour, (r.x + L.px(22), r.centery), anchor="center", bold=True)
            text(surface, L, self.title(i), 17, colour, (r.x + L.px(40), r.centery), anchor="midleft",
                 bold=chosen, max_width=CHAPTERS[2] - 70)
            y += step

    # --- the page's text ---------------------------------------------------------------------

    def _lay_out_text(self, L):
        key = (self.page, L.size, language())
        if key == self._text_key:
            return self._text
        body = t(f"rules.page.{self.page_id}.body")
        paragraphs = [p.strip() for p in body.split("\n") if p.strip()]
        avail_h = L.px(PANEL[3] - 110)
        width = L.px(TEXT_W)
        for size in range(21, 13, -1):
            px = L.px(size)
            font = fonts.get_font(px)
            line_h = round(font.get_linesize() * 1.18)
            gap = round(px * 0.55)
            rows, height = [], 0
            for k, para in enumerate(paragraphs):
                bullet = para.startswith("•")
                indent = round(px * 1.2) if bullet else 0
                words = para[1:].strip() if bullet else para
                lines = fonts.wrap(words, font, width - indent)
                for j, line in enumerate(lines):
                    mark = "•" if bullet and j == 0 else ""
                    before = gap if (j == 0 and k > 0 and not (bullet and paragraphs[k - 1].startswith("•"))) else 0
                    rows.append((line, indent, before, mark))
                    height += line_h + before
            if height <= avail_h:
                break
        self._text = (px, line_h, rows)
        self._text_key = key
        return self._text

    def _draw_text(self, surface, L) -> None:
        px, line_h, rows = self._lay_out_text(L)
        x0, y = L.point(PANEL[0] + 40, PANEL[1] + 96)
        for line, indent, before, mark in rows:
            y += before
            if mark:
                img = fonts.render(mark, px, theme.BRONZE_DARK, True)
                surface.blit(img, (x0 + indent // 4, y))
            surface.blit(fonts.render(line, px, theme.INK), (x0 + indent, y))
            y += line_h

    # --- the keys chapter ----------------------------------------------------------------------

    def keys_area(self, L) -> pygame.Rect:
        """The whole page under its title, above the key hints: the keys chapter has no figures."""
        return L.rect(PANEL[0] + 40, PANEL[1] + 96, PANEL[2] - 76, PANEL[3] - 96 - HINTS_ROOM)

    def _lay_out_keys(self, L):
        key = (L.size, language())
        if key == self._keys_key:
            return self._keys
        area = self.keys_area(L)
        rows = key_rows()
        intro = t("rules.page.keys.intro")
        for size in range(19, 11, -1):
            px = L.px(size)
            font, bold = fonts.get_font(px), fonts.get_font(px, True)
            pad, gap = round(px * 0.5), round(px * 0.45)
            caps_w = max(sum(bold.size(c)[0] + 2 * pad for c in caps) + gap * (len(caps) - 1) for caps, _ in rows)
            caps_w = min(caps_w, round(area.w * 0.36))
            text_w = area.w - caps_w - 2 * pad
            line_h = round(font.get_linesize() * 1.1)
            laid = [(caps, fonts.wrap(what, font, text_w)) for caps, what in rows]
            intro_lines = fonts.wrap(intro, font, area.w)
            height = line_h * len(intro_lines) + gap + sum(len(lines) * line_h + gap for _, lines in laid)
            if height <= area.h:
                break
        self._keys = (px, pad, gap, line_h, caps_w, intro_lines, laid)
        self._keys_key = key
        return self._keys

    def _draw_keys(self, surface, L) -> None:
        px, pad, gap, line_h, caps_w, intro_lines, laid = self._lay_out_keys(L)
        area = self.keys_area(L)
        x0, y = area.x, area.y
        for line in intro_lines:
            surface.blit(fonts.render(line, px, theme.INK_SOFT), (x0, y))
            y += line_h
        y += gap
        for caps, lines in laid:
            cx = x0
            for cap in caps:
                img = fonts.render(cap, px, theme.PARCHMENT_LIGHT, True)
                box = img.get_rect().inflate(2 * pad, round(pad * 0.6))
                box.midleft = (cx, y + line_h // 2)
                pygame.draw.rect(surface, theme.UMBER, box, border_radius=L.px(5))
                pygame.draw.rect(surface, theme.BRONZE, box, max(1, L.px(1.5)), border_radius=L.px(5))
                surface.blit(img, img.get_rect(center=box.center))
                cx = box.right + gap
            tx = x0 + caps_w + 2 * pad
            for line in lines:
                surface.blit(fonts.render(line, px, theme.INK), (tx, y))
                y += line_h
            y += gap
        self.figures_rect = pygame.Rect(area.x, area.y, area.w, max(1, y - area.y - gap))

    # --- the page's figures ------------------------------------------------------------------

    def _draw_figures(self, surface, L) -> None:
        key = (self.page, L.size, language())
        if key != self._figures_key or self._figures is None:
            self._figures = self._render_figures(L)
            self._figures_key = key
        area = self.figure_area(L)
        figures = self._figures
        if figures.get_width() > area.w or figures.get_height() > area.h:
            # A tall page (the Senate) is set smaller rather than run under the key hints.
            k = min(area.w / figures.get_width(), area.h / figures.get_height())
            figures = pygame.transform.smoothscale(figures, (max(1, int(figures.get_width() * k)),
                                                             max(1, int(figures.get_height() * k))))
            self._figures = figures
        self.figures_rect = figures.get_rect(center=area.center)
        surface.blit(figures, self.figures_rect)

    def figure_area(self, L) -> pygame.Rect:
        """Where the figures go: under the page's title, above the key hints."""
        return L.rect(FIG_X, PANEL[1] + 96, FIG_W, PANEL[3] - 96 - HINTS_ROOM)

    def hints_rect(self, L) -> pygame.Rect:
        """The row of key hints at the bottom of the page."""
        return L.rect(PANEL[0] + 36, PANEL[1] + PANEL[3] - 26 - 15, PANEL[2] - 72, 30)

    def _render_figures(self, L) -> pygame.Surface:
        figures = PAGES[self.page][1]
        blocks = []
        for kind, items, caption, size in figures:
            try:
                picture = self._figure(L, kind, items, size)
            except Exception:                    # a figure must never take the page down
                picture = None
            cap = None
            if caption:
                cap = fonts.render_fit(t(f"rules.caption.{caption}"), L.px(15), theme.INK_SOFT, L.px(FIG_W), True)
            if picture is not None or cap is not None:
                blocks.append((picture, cap))
        gap, cap_gap = L.px(18), L.px(5)
        height = sum((p.get_height() if p else 0) + (c.get_height() + cap_gap if c else 0) for p, c in blocks)
        height += gap * max(0, len(blocks) - 1)
        width = max([L.px(FIG_W)] + [p.get_width() for p, _ in blocks if p])
        out = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for picture, cap in blocks:
            if picture is not None:
                out.blit(picture, picture.get_rect(midtop=(width // 2, y)))
                y += picture.get_height()
            if cap is not None:
                y += cap_gap
                out.blit(cap, cap.get_rect(midtop=(width // 2, y)))
                y += cap.get_height()
            y += gap
        avail = (L.px(FIG_W), L.px(PANEL[3] - 126))
        if out.get_width() > avail[0] or out.get_height() > avail[1]:
            f = min(avail[0] / out.get_width(), avail[1] / out.get_height())
            out = pygame.transform.smoothscale(out, (max(1, round(out.get_width() * f)), max(1, round(out.get_height() * f))))
        return out

    def _row(self, L, images, gap: float = 10) -> pygame.Surface:
        gap = L.px(gap)
        w = sum(i.get_width() for i in images) + gap * (len(images) - 1)
        h = max(i.get_height() for i in images)
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        x = 0
        for img in images:
            out.blit(img, (x, (h - img.get_height()) // 2))
            x += img.get_width() + gap
        return out

    def _figure(self, L, kind, items, size):
        art = self.art
        px = L.px(size)
        if kind == "icons":
            return self._row(L, [art.icon(k, px) for k in items], 8)
        if kind == "cards":
            return self._row(L, [art.card(n, px) for n in items])
        if kind == "backs":
            return self._row(L, [art.card_back(n, px) for n in items])
        if kind == "wonders":
            return self._row(L, [art.wonder(n, px) for n in items])
        if kind == "progress":
            return self._row(L, [art.progress(n, px) for n in items])
        if kind == "military":
            return self._row(L, [art.military_token(n, px) for n in items])
        if kind == "decrees":
            return self._row(L, [art.decree(n, px) for n in items])
        if kind == "conspiracies":
            return self._row(L, [art.conspiracy(n, px) for n in items], 16)
        if kind == "track":
            from ui.cardart.track import draw_military_track
            rect = pygame.Rect(0, 0, px, round(px * 0.27))
            out = pygame.Surface(rect.size, pygame.SRCALPHA)
            present = [m.name for m in art.rules.military_tokens]
            draw_military_track(art, out, rect, 2, present, capital=art.rules.capital)
            return out
        if kind == "senate":
            from ui.cardart.senate import draw_senate_board
            rect = pygame.Rect(0, 0, px, round(px * 0.42))
            out = pygame.Surface(rect.size, pygame.SRCALPHA)
            cubes = [(1, 0), (0, 0), (2, 1), (1, 1), (0, 2), (0, 0)]
            # Chamber 4 is tied 1-1 after being controlled: its Decree was turned face up then;
            # Chambers 2 and 6 never held a cube, so theirs are still face down.
            face_up = (True, False, True, True, True, False)
            decrees = [[(d.name, face_up[i])] for i, d in enumerate(art.rules.decrees[:6])]
            draw_senate_board(art, out, rect, None, cubes, [0, None, 0, None, 1, None], decrees, None)
            return out
        if kind == "badges":
            h = L.px(size)
            out = pygame.Surface((L.px(size * 6), h + L.px(8)), pygame.SRCALPHA)
            for k, (total, ok, free) in enumerate(((0, True, True), (3, True, False), (7, False, False))):
                price_badge(out, L, (round(out.get_width() * (k + 0.5) / 3), out.get_height() // 2), total, ok,
                            free=free)
            return out
        if kind == "tooltip":
            from ui.text.names import display_name
            from ui.text.describe import kind_label, rule_text
            from ui.table.tooltip import render as render_tip
            name = items[0]
            lines = [(display_name(name), "title"), (kind_label(art.rules, name), "kind")]
            lines += [(line, "body") for line in rule_text(art.rules, name)]
            from types import SimpleNamespace
            return render_tip(L, lines, art, name, SimpleNamespace(rules=art.rules))
        return None

    # --- autoplay / tests -----------------------------------------------------------------------

    def target_for(self, action):
        return None


__all__ = ["RulesScene", "PAGES"]
