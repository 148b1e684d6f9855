"""The tutorial's coach: the step's text beside the table and its Back / Skip / Next buttons.

Drawn by the App above every scene (`App.coach`), so it stays readable over the Wonder draft,
a card's popup or a decision's prompt; it is offered each input event first and keeps only
the clicks on its own buttons. It sits where nothing it points at lies: the first of a few
places (the log's column below the Senate, the top band, the bottom band) that covers none of the step's
targets and none of the open overlay's panel. Pure presentation: the lesson scene
(ui/scenes/tutorial.py) says what the step is and what each button does.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.draw import fonts, text_record, theme
from ui.table import geometry as G
from ui.table.paint import rounded, text, type_px

# Where the panel may sit (design rects), in order of preference: the log's column (below
# the Senate in Agora, so the Chambers stay in sight), the top band, the bottom band.
def places(agora: bool) -> tuple:
    return (
        ("right", G.log_rect(agora)),
        ("top", pygame.Rect(420, G.TOP_Y, 1170, G.BAND_H)),
        ("bottom", pygame.Rect(420, G.BOTTOM_Y, 1170, G.BAND_H)),
    )


PAD = 14
SAY_SIZE = 19
SMALL_SIZE = 15
BUTTON_H = 34
BUTTON_GAP = 10


@dataclass
class CoachView:
    """What the panel shows now (the scene fills it every frame)."""
    heading: str = ""
    then: str = ""                      # what the last move did
    say: str = ""
    nudge: str = ""
    buttons: list = field(default_factory=list)     # (id, label, enabled)
    sheet: list = field(default_factory=list)       # score rows (label, learner, opponent, bold)


@dataclass
class Laid:
    rect: pygame.Rect                   # the panel, in pixels
    blocks: list                        # (surface, topleft) to blit
    buttons: dict                       # id -> pixel rect
    overflow: bool                      # the text needed more room than the place has


def _wrap(value: str, px: int, bold: bool, width: int) -> list[str]:
    font = fonts.get_font(px, bold)
    out = []
    for para in value.split("\n"):
        out.extend(fonts.wrap(para, font, width) if para else [""])
    return out


def lay_out(layout, view: CoachView, place: pygame.Rect) -> Laid:
    """The panel's pieces inside the design rect `place` (its height follows the text)."""
    area = layout.rect(*place)
    pad = layout.px(PAD)
    inner = area.w - 2 * pad
    blocks, y, overflow = [], area.y + pad, False
    parts = [(view.heading, SMALL_SIZE, theme.BRONZE_LIGHT, True), (view.then, SMALL_SIZE + 1, (186, 226, 160), False),
             (view.say, SAY_SIZE, theme.TEXT_ON_DARK, False), (view.nudge, SMALL_SIZE + 1, (250, 170, 130), True)]
    for value, size, color, bold in parts:
        if not value:
            continue
        px = type_px(layout, size)
        font = fonts.get_font(px, bold)
        for line in _wrap(value, px, bold, inner):
            img = fonts.render(line, px, color, bold) if line else None
            if img is not None:
                if img.get_width() > inner:
                    overflow = True
                blocks.append((img, (area.x + pad, y)))
            y += font.get_linesize()
        y += layout.px(6)
    if view.sheet:
        px = type_px(layout, SMALL_SIZE)
        font = fonts.get_font(px, True)
        cols = (area.x + pad, area.x + pad + round(inner * 0.62), area.x + pad + round(inner * 0.84))
        for label, mine, theirs, bold in view.sheet:
            for x, value, anchor in ((cols[0], label, "left"), (cols[1], mine, "mid"), (cols[2], theirs, "mid")):
                if not value:
                    continue
                img = fonts.render(value, px, theme.BRONZE_LIGHT if bold else theme.TEXT_ON_DARK, bold)
                if anchor == "left" and img.get_width() > cols[1] - cols[0] - layout.px(40):
                    overflow = True
                blocks.append((img, (x, y) if anchor == "left" else (x - img.get_width() // 2, y)))
            y += font.get_linesize()
        y += layout.px(6)
    buttons = {}
    if view.buttons:
        bh = layout.px(BUTTON_H)
        gap = layout.px(BUTTON_GAP)
        widths = []
        for _, label, _ in view.buttons:
            widths.append(fonts.get_font(type_px(layout, SMALL_SIZE + 1), True).size(label)[0] + layout.px(28))
        x = area.right - pad - sum(widths) - gap * (len(widths) - 1)
        if x < area.x + pad:
            overflow = True
        for (ident, _, _), w in zip(view.buttons, widths):
            buttons[ident] = pygame.Rect(x, y, w, bh)
            x += w + gap
        y += bh
    y += pad
    rect = pygame.Rect(area.x, area.y, area.w, y - area.y)
    if rect.h > area.h:
        overflow = True
    return Laid(rect, blocks, buttons, overflow)


def choose_place(layout, view: CoachView, keep_clear: list, agora: bool = False) -> Laid:
    """The panel in the first place where its text fits and that covers nothing of
    `keep_clear` (pixel rects); failing that, the first place where the text fits."""
    fitting = None
    for _, place in places(agora):
        laid = lay_out(layout, view, place)
        if laid.overflow:
            continue
        fitting = fitting or laid
        if not any(laid.rect.colliderect(r) for r in keep_clear):
            return laid
    return fitting or lay_out(layout, view, places(agora)[1][1])


TARGET_GOLD = (255, 214, 90)


def draw_targets(surface, layout, rects, time: float) -> None:
    """What the step is about, outlined in gold, breathing (over every overlay: the coach draws last)."""
    grow = layout.px(5) + round(layout.px(3) * (0.5 + 0.5 * math.sin(time * 5)))
    width = max(3, layout.px(4))
    for r in rects:
        box = pygame.Rect(r).inflate(2 * grow, 2 * grow)
        pygame.draw.rect(surface, theme.INK, box.inflate(4, 4), width + 4, border_radius=layout.px(8))
        pygame.draw.rect(surface, TARGET_GOLD, box, width, border_radius=layout.px(8))


def draw(surface, layout, view: CoachView, laid: Laid, mouse) -> None:
    with text_record.box(laid.rect, "coach"):
        _draw(surface, layout, view, laid, mouse)


def _draw(surface, layout, view: CoachView, laid: Laid, mouse) -> None:
    rounded(surface, laid.rect, (*theme.UMBER, 255), layout.px(12), max(2, layout.px(2.5)), theme.BRONZE_LIGHT)
    for img, pos in laid.blocks:
        surface.blit(img, pos)
    for ident, label, enabled in view.buttons:
        r = laid.buttons[ident]
        hot = enabled and r.collidepoint(mouse)
        fill = theme.BRONZE if hot else theme.BRONZE_DARK if ident == "next" else theme.UMBER_LIGHT
        rounded(surface, r, fill if enabled else (96, 84, 70), layout.px(8), max(1, layout.px(1.5)),
                theme.BRONZE_LIGHT if enabled else theme.TEXT_DISABLED)
        text_record.plate(r, f"coach button {ident}")
        with text_record.box(r, "coach button"):
            text(surface, layout, label, SMALL_SIZE + 1, theme.TEXT_ON_DARK if enabled else theme.TEXT_DISABLED,
                 r.center, anchor="center", bold=True)
