"""What every kind of face shares: its proportions and the effects it shows.

Below `core.Art` (which dispatches to cards, wonders, tokens and agora) and below those kinds,
so each kind reads these without importing the dispatcher that imports it.
"""
from __future__ import annotations

CARD_RATIO = 1.55       # height / width of Age cards, Senators and Conspiracies
WONDER_RATIO = 0.65     # height / width of the (landscape) Wonder cards
DECREE_RATIO = 0.62     # height / width of a Decree tile


def effects_of(comp) -> list:
    """[(kind, arg)] of a Component, in data order (Effect list, else the compiled facts)."""
    defn = getattr(comp, "defn", None)
    for attr in ("effects", "steps"):
        effs = getattr(defn, attr, None)
        if effs:
            return [(e.kind, e.arg) if hasattr(e, "kind") else tuple(e) for e in effs]
    out = list(getattr(comp, "passive", {}).items()) + list(getattr(comp, "on_gain", ()))
    seen, uniq = set(), []
    for k, a in out:
        key = (k, repr(a))
        if key not in seen:
            seen.add(key)
            uniq.append((k, a))
    return uniq
