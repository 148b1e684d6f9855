"""Text helpers for the art: fitted names, outlined numbers, short effect descriptions."""
from __future__ import annotations

import pygame

from ui.cardart import palette as P
from ui.cardart.pen import stamp_outline
from ui.fonts import get_font, wrap_balanced
from ui.i18n import language, load_catalogue


def fit_lines(text: str, max_w: int, max_h: int, max_px: int, bold: bool = True,
              max_lines: int = 2, min_px: int = 6):
    """(px, lines): the largest font size <= max_px at which text fits in the box."""
    px = max(min_px, int(max_px))
    whole = " ".join(text.split())

    def intact(lines):  # no word cut in two
        return " ".join(" ".join(lines).split()) == whole
    while True:
        font = get_font(px, bold)
        line_h = font.get_linesize() * 0.92
        if font.size(text)[0] <= max_w and line_h <= max_h + 2:
            return px, [text]
        if max_lines > 1 and " " in text.strip():
            lines = wrap_balanced(text, font, max_w)
            if (len(lines) <= max_lines and all(font.size(l)[0] <= max_w for l in lines)
                    and line_h * len(lines) <= max_h + 2 and intact(lines)):
                return px, lines
        if px <= min_px:
            font = get_font(px, bold)
            lines = wrap_balanced(text, font, max_w) if max_lines > 1 else [text]
            return px, lines[:max_lines]
        px -= 1


def render_lines(lines, px: int, color, bold: bool = True, outline=None, outline_w: int = 0,
                 line_gap: float = 0.92) -> pygame.Surface:
    font = get_font(px, bold)
    surfs = [font.render(l, True, color) for l in lines]
    lh = round(font.get_linesize() * line_gap)
    w = max(s.get_width() for s in surfs)
    h = lh * (len(surfs) - 1) + surfs[-1].get_height()
    pad = outline_w if outline is not None else 0
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i, s in enumerate(surfs):
        out.blit(s, ((w - s.get_width()) // 2 + pad, i * lh + pad))
    if outline is not None and outline_w:
        out = stamp_outline(out, outline, outline_w)
    return out


def fitted(text, max_w, max_h, max_px, color=P.INK, bold=True, max_lines=2, outline=None,
           outline_w=0, min_px=6) -> pygame.Surface:
    px, lines = fit_lines(text, max_w - 2 * outline_w, max_h - 2 * outline_w, max_px, bold,
                          max_lines, min_px)
    return render_lines(lines, px, color, bold, outline, outline_w)


def crop_to_ink(surf: pygame.Surface) -> pygame.Surface:
    rect = surf.get_bounding_rect()
    if rect.width == 0:
        return surf
    return surf.subsurface(rect).copy()


# --- short effect text ------------------------------------------------------------------

COLOUR_WORD = {"brown": "brown", "grey": "grey", "blue": "blue", "green": "green",
               "yellow": "yellow", "red": "red", "purple": "purple", "wonder": "Wonder"}

EN = {
    "construction_coins": "Any {arg} built: you gain Age coins",
    "ignore_cost_symbol": "{Arg} cards: ignore 1 cost symbol",
    "wonder_discount": "Wonders cost {arg} resource less",
    "shields": "{arg} shield(s)",
    "trade_discount": "Buying {resources}: 1 coin less",
    "senate_blue_bonus": "+{arg} blue cards for Politicians",
    "discard_bonus": "Discarding: +{arg} coins",
    "opponent_chains": "Use your opponent's chain symbols",
    "conspirator_extra_turn": "Recruit a Conspirator: play again",
    "take_opponent_wonder": "Take an opponent's unbuilt Wonder",
    "take_opponent_coins": "Take half the opponent's coins",
    "discard_opponent_card": "Discard an opponent's {arg} card",
    "lock_progress_token": "Lock away a progress token",
    "build_from_top_row": "Build a top-row card for free",
    "build_from_removed": "Build a card removed at setup",
    "place_cube": "Place a cube in any Chamber",
    "remove_opponent_cube": "Remove an opponent's cube",
    "may_move_cube": "You may move a cube",
    "take_boxed_progress": "Take a progress token from the box",
    "discard_accessible": "Discard 1 (or 2) structure cards",
    "coins_per_own_cube": "+{arg} coin per own cube",
    "opponent_loses_per_cube": "Opponent loses {arg} per their cube",
    "take_opponent_card": "Take an opponent's {list} card",
    "swap_card": "Swap a {list} card with the opponent",
    "move_decree": "Move a Decree to another Chamber",
    "return_opponent_wonder": "Destroy an opponent's built Wonder",
    "conspire": "Draw 2 Conspiracies, keep 1",
    "trigger_unprepared_conspiracy": "Trigger an unprepared Conspiracy",
    "free_recruit": "Recruiting Senators costs nothing",
    "keep_both_conspiracies": "Conspiring: keep both",
    "coins": "+{arg} coins",
    "points": "{arg} victory points",
    "play_again": "Play again",
    "trade_income": "Opponent's trade coins come to you",
    "points_per_progress": "{arg} points per progress token",
    "extra_shields": "Red cards: +1 shield",
    "wonders_play_again": "Every Wonder: play again",
    "chain_coins": "+{arg} coins per chain build",
    "discount": "{target}: {units} resources fewer",
    "science": "Scientific symbol",
}


def _fmt_arg(arg):
    if isinstance(arg, (list, tuple)):
        return " or ".join(COLOUR_WORD.get(a, str(a)) for a in arg)
    return COLOUR_WORD.get(arg, str(arg)) if isinstance(arg, str) else str(arg)


def describe(kind: str, arg) -> str:
    """A short line for one effect: the catalogue's `cardart.<kind>` if present, else English."""
    template = None
    for code in (language(),):
        template = load_catalogue(code).get("cardart." + kind)
    if not template:
        template = EN.get(kind)
    if not template:
        return kind.replace("_", " ").capitalize()
    params = {"arg": _fmt_arg(arg), "Arg": _fmt_arg(arg).capitalize(), "list": _fmt_arg(arg)}
    if isinstance(arg, dict):
        params.update({k: _fmt_arg(v) for k, v in arg.items()})
        if "target" in arg:
            params["target"] = "Wonders" if arg["target"] == "wonder" else f"{_fmt_arg(arg['target']).capitalize()} cards"
    if kind == "trade_discount":
        params["resources"] = ", ".join(arg.get("resources", ()))
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def sentence(kind: str, arg) -> str:
    """The translated tooltip sentence of an effect (ui.table.describe), else the short English."""
    try:
        from ui.table.describe import effect_line
        text = effect_line(kind, arg)
        if text and not text.startswith("effect."):
            return text
    except Exception:  # the table helpers are optional for the art
        pass
    return describe(kind, arg)


def describe_all(effects) -> str:
    """All effects as one short paragraph, in the current language."""
    return " ".join(sentence(k, a) for k, a in effects)
