"""How far a take-back may reach: never across a moment that showed the asker something hidden.

A take-back that goes back over a card turned face up, a Conspiracy drawn or shown, a Decree
revealed or the Great Library's draw would let the asker play the position again knowing what
it could not know the first time (as Board Game Arena rules it). `takeback_floor` says how
many of a game's actions must stay so that nothing the asker has seen is taken back.
"""
from __future__ import annotations

from .actions import FORFEITS, Action


def reveals_to(event, seat: int) -> bool:
    """Did this event show `seat` something that had been hidden from it?"""
    kind = event.kind
    if kind == "reveal":                                  # a structure card turned face up
        return True
    if kind == "card":                                    # a new Age dealt, its face-up cards seen
        return event.get("frm") == "deck" and bool(event.get("face_up"))
    if kind == "decree":
        return event.get("action") == "revealed"
    if kind == "wonder":                                  # the draft's second round turned up
        return event.get("action") == "offered"
    secret = event.get("secret")
    if kind == "conspiracy":
        action = event.get("action")
        if action == "drawn":
            return secret == seat
        return action == "triggered" and event.player != seat   # the opponent's, shown at last
    if kind == "progress":                                # The Great Library's (or a box) draw
        return event.get("action") == "drawn" and secret in (None, seat)
    if kind == "seen":                                    # looked at secretly (Treason, ...)
        return secret in (None, seat)
    return False


def floor_of(events_per_action, seat: int) -> int:
    """The fewest actions a take-back by `seat` may leave, given each action's events in order
    (`events_per_action[i]`: what action i caused)."""
    floor = 0
    for index, events in enumerate(events_per_action):
        if any(reveals_to(e, seat) for e in events):
            floor = index + 1
    return floor


def takeback_floor(start, moves, seat: int) -> int:
    """`floor_of` for a game replayed from `start` (a State at its first position, changed in
    place) through `moves`, pairs (seat, notation) as saves and rooms store them."""
    per_action = []
    for player, text in moves:
        action = Action(player, text) if text in FORFEITS else start.parse_action(text, player)
        per_action.append(start.apply(action))
    return floor_of(per_action, seat)
