"""Where each choice of a pending decision sits on the table.

A decision's legal actions fall into three groups:
  * on the table: the action names a thing drawn on the table (a Chamber, a progress token
    on the board, a card in a city or in the structure, a Wonder, one's own Conspiracy);
    a click on that thing chooses it. Moves and swaps name two things: the first click
    picks the origin, the second the destination;
  * declines (`stop`, `... none`): a button of the prompt bar;
  * everything else (The Great Library's draw, the Mausoleum's discarded cards, which
    Conspiracy to keep, top or bottom, who starts the next Age, ...): items of the prompt's
    compact panel.
Pure logic over the table's hits: no drawing, no pygame events.
"""
from __future__ import annotations

from dataclasses import dataclass

DECLINES = ("decline", "stop")
TWO_STEP = ("move", "move_decree", "swap")          # origin, then destination


@dataclass(frozen=True)
class TableChoice:
    action: object
    first: object                  # the Hit clicked first
    second: object = None          # the Hit clicked second (moves and swaps)


@dataclass
class Plan:
    table: list                    # TableChoice
    panel: list                    # actions offered in the compact panel
    declines: list                 # actions offered as bar buttons

    def firsts(self) -> list:
        """The things a first click may pick, in a stable order (number keys follow it)."""
        seen, out = set(), []
        for c in self.table:
            key = hit_key(c.first)
            if key not in seen:
                seen.add(key)
                out.append(c.first)
        return out

    def seconds(self, first) -> list:
        """Destinations once `first` was picked as the origin of a move or swap."""
        key = hit_key(first)
        return [c.second for c in self.table if c.second is not None and hit_key(c.first) == key]

    def direct(self, hit):
        """The one-click action of a thing, if it has one."""
        key = hit_key(hit)
        return next((c.action for c in self.table if c.second is None and hit_key(c.first) == key), None)

    def two_step(self, first, second):
        a, b = hit_key(first), hit_key(second)
        return next((c.action for c in self.table
                     if c.second is not None and hit_key(c.first) == a and hit_key(c.second) == b), None)

    def has_moves_from(self, hit) -> bool:
        return bool(self.seconds(hit))


def hit_key(hit) -> tuple:
    return (hit.kind, hit.seat, hit.data)


def _chamber(state, hits, name):
    index = state.rules.chamber_id.get(name)
    return next((h for h in hits if h.kind == "chamber" and h.data == index), None) if index is not None else None


def _card_in_city(hits, name, seat=None):
    return next((h for h in hits if h.kind == "city" and h.name == name and (seat is None or h.seat == seat)), None)


def _slot(state, hits, name):
    rules = state.rules
    for h in hits:
        if h.kind == "slot" and isinstance(h.data, int) and 0 <= h.data < len(state.structure):
            cid = state.structure[h.data]
            if cid != -1 and rules.cards[cid].name == name:
                return h
    return None


def _wonder(hits, name):
    return next((h for h in hits if h.kind == "wonder" and h.name == name), None)


def _progress(hits, name, kind="progress", seat=None):
    return next((h for h in hits if h.kind == kind and h.name == name and (seat is None or h.seat == seat)), None)


def _own_conspiracy(state, hits, name, seat):
    rules = state.rules
    for h in hits:
        if h.kind == "conspiracy" and h.seat == seat and isinstance(h.data, int):
            plots = state.conspiracies[seat]
            if h.data < len(plots) and rules.conspiracies[plots[h.data][0]].name == name:
                return h
    return None


def places_of(state, hits, action):
    """The table things `action` names: (first, second) hits, or None when it has no place there."""
    kind, s, g = action.kind, action.subject, action.target
    decision = state.decision
    actor = state.current_player
    other = 1 - actor if actor is not None else None
    if kind in ("place", "remove"):
        first = _chamber(state, hits, s)
        return (first, None) if first else None
    if kind in ("move", "move_decree"):
        a, b = _chamber(state, hits, s), _chamber(state, hits, g)
        return (a, b) if a and b else None
    if kind == "swap":
        a, b = _card_in_city(hits, s, other), _card_in_city(hits, g, actor)
        return (a, b) if a and b else None
    if kind == "progress" and decision == "progress":
        first = _progress(hits, s)
        return (first, None) if first else None
    if kind == "lock":
        first = _progress(hits, s) if g == "board" else \
            _progress(hits, s, "owned_progress", other) if g == "opponent" else None
        return (first, None) if first else None
    if kind in ("destroy", "take", "sabotage"):
        first = _wonder(hits, s) or _card_in_city(hits, s)
        return (first, None) if first else None
    if kind in ("build", "scrap") and decision in ("top_row", "scrap"):
        first = _slot(state, hits, s)
        return (first, None) if first else None
    if kind == "trigger" and decision == "trigger_unprepared":
        first = _own_conspiracy(state, hits, s, actor)
        return (first, None) if first else None
    return None


def plan(state, hits) -> Plan:
    """Sort the legal actions of the pending decision into table, panel and bar."""
    table, panel, declines = [], [], []
    for action in state.legal_actions():
        if action.kind in DECLINES:
            declines.append(action)
            continue
        places = places_of(state, hits, action)
        if places is None:
            panel.append(action)
        else:
            table.append(TableChoice(action, places[0], places[1]))
    return Plan(table, panel, declines)
