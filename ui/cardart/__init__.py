"""Procedural game art: cards, Wonders, tokens, Decrees, Conspiracies, icons, boards.

    from ui.cardart import Art, CARD_RATIO, WONDER_RATIO
    art = Art(rules)            # or Art.for_state(state)
    surface = art.card("Baths", 110)

See ui/cardart/core.py for the full API; boards: ui.cardart.senate.draw_senate_board and
ui.cardart.track.draw_military_track.
"""
from ui.cardart.core import BACKS, CARD_RATIO, DECREE_RATIO, WONDER_RATIO, Art, effects_of

__all__ = ["Art", "CARD_RATIO", "WONDER_RATIO", "DECREE_RATIO", "BACKS", "effects_of"]
