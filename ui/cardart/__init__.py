"""Procedural game art: cards, Wonders, tokens, Decrees, Conspiracies, icons, boards.

    from ui.cardart import Art, CARD_RATIO, WONDER_RATIO
    art = Art(rules)            # or Art.for_state(state)
    surface = art.card("Baths", 110)

Faces (each cached by kind, name, size and language; call clear_cache() after a language
change): card(name, w), card_back("1"|"2"|"3"|"guild"|"senator", w), wonder(name, w),
wonder_back(w), progress(name | None, d), military_token(name | id, d), decree(name | None, w),
conspiracy(name | None, w), icon(kind, size), coin_label(n, size), points_label(n, size).
Names are the data's English names (display names are translated on the faces); a
game.rules.Component may be passed instead of a name. Sizes: CARD_RATIO (cards, Senators,
Conspiracies), WONDER_RATIO (landscape Wonders), DECREE_RATIO (Decree tiles); tokens are
d x d. Boards: ui.cardart.senate.draw_senate_board, ui.cardart.track.draw_military_track.
Contact sheet of everything: python tools/art_gallery.py
"""
from ui.cardart.core import BACKS, CARD_RATIO, DECREE_RATIO, WONDER_RATIO, Art, effects_of

__all__ = ["Art", "CARD_RATIO", "WONDER_RATIO", "DECREE_RATIO", "BACKS", "effects_of"]
