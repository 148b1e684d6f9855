"""Animations of the engine's events: each event of a move is shown in its order.

`Animator.start(before, after, viewer, events)` puts the events (already masked for the
viewer) on a timeline: a card flies from where it was drawn in `before` to where it is
drawn in `after` (`view.card_places`), coins count, the pawn slides, cubes move, a
Chamber touched by a control change or a Decree glows. The events after a new Age's
'age' event wait (`later`) until the scene has shown the Age banner and calls `resume`,
so the last move of an Age is seen before the banner and the new Age's cards are dealt and
its moves shown after it.

`on_shown` holds callbacks called once per event at the moment it is shown — also when
the animation is skipped (`finish`) or not played at all (`show_all`): the sounds hook in
there. Times are animation seconds; the scene advances them by dt x the speed setting.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui.table import geometry as G
from ui.table.view import card_places

FLIGHT = 0.55
PAWN = 0.45
COINS = 0.5
FLOAT = 1.1
PULSE = 0.9

# Seconds from one event's start to the next one's: a move reads as a short sequence.
GAP = {"card": 0.32, "wonder": 0.3, "coins": 0.22, "pawn": 0.4, "military_token": 0.2, "cube": 0.3,
       "control": 0.35, "decree": 0.35, "progress": 0.25, "conspiracy": 0.2}
DEAL_GAP = 0.035                      # the cards of a new Age are dealt quickly


def ease(f: float) -> float:
    f = min(1.0, max(0.0, f))
    return f * f * (3 - 2 * f)


@dataclass
class Flight:
    key: tuple
    start: pygame.Rect | None       # None: from the deck (not drawn before it leaves)
    end: pygame.Rect
    delay: float
    front: bool
    kind: str                 # 'card' or 'wonder'
    ident: int

    def at(self, t: float) -> pygame.Rect | None:
        f = (t - self.delay) / FLIGHT
        start = self.start
        if start is None:
            if f < 0:
                return None
            start = pygame.Rect(G.CENTRE.centerx - self.end.w // 2, G.CENTRE.y - 40, self.end.w, self.end.h)
        if f < 0:
            f = 0.0
        e = ease(f)
        x = start.x + (self.end.x - start.x) * e
        y = start.y + (self.end.y - start.y) * e - 60 * (4 * e * (1 - e))
        w = start.w + (self.end.w - start.w) * e
        h = start.h + (self.end.h - start.h) * e
        return pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h)))


@dataclass
class CubeMove:
    seat: int
    source: tuple            # ('chamber', index) or ('supply', seat)
    target: tuple
    delay: float


@dataclass
class Floater:
    seat: int
    text: str
    good: bool
    t0: float


@dataclass
class Pulse:
    """A place that glows a moment: ('chamber', index), ('wonder', wid) …"""
    place: tuple
    seat: int | None
    t0: float


class Animator:
    def __init__(self) -> None:
        self.time = 0.0
        self.flights: list[Flight] = []
        self.pawn_moves: list[tuple[float, float, float]] = []      # (t0, from, to)
        self.coin_steps: list[tuple[float, int, int, int]] = []     # (t0, seat, from, to)
        self.floaters: list[Floater] = []
        self.cubes: list[CubeMove] = []
        self.pulses: list[Pulse] = []
        self.length = 0.0
        self.schedule: list[tuple[float, object]] = []               # (time, event) not shown yet
        self.later: tuple | None = None                              # events after an Age change
        self.later_keys: frozenset = frozenset()
        self.on_shown: list = []

    # --- state ------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.time < self.length

    @property
    def waiting(self) -> bool:
        """Events of a new Age wait for `resume` (after the Age banner)."""
        return self.later is not None

    @property
    def hidden(self) -> frozenset:
        """Pieces the table must not draw: in flight, or not dealt yet."""
        keys = self.later_keys
        if self.busy:
            keys = keys | frozenset(f.key for f in self.flights)
        return keys

    # --- building the timeline -------------------------------------------------------------

    def start(self, before, after, viewer: int, events=()) -> None:
        self._fire_all()
        self.time = 0.0
        self.flights, self.floaters, self.cubes, self.pulses = [], [], [], []
        self.pawn_moves, self.coin_steps = [], []
        self.length = 0.0
        events = list(events)
        # A new Age begins at its cards being dealt or at its 'age' event, whichever comes first.
        cut = next((i for i, e in enumerate(events)
                    if e.kind == "age" or (e.kind == "card" and e.get("frm") == "deck")), None)
        if cut is not None and events[cut].kind == "age":
            cut += 1
        now, rest = (events, []) if cut is None else (events[:cut], events[cut:])
        old, new = card_places(before, viewer), card_places(after, viewer)
        self._names = _names(after.rules)
        self._after = after
        self._plan(now, before, old, new)
        if rest:
            self.later = (rest, before, old, new)
            self.later_keys = frozenset(k for k in (self._key(e, before) for e in rest if e.kind == "card") if k)
        else:
            self.later, self.later_keys = None, frozenset()

    def resume(self) -> None:
        """Show the events that waited for the Age banner."""
        if self.later is None:
            return
        rest, before, old, new = self.later
        self.later, self.later_keys = None, frozenset()
        self.time = 0.0
        self.flights, self.floaters, self.cubes, self.pulses = [], [], [], []
        self.pawn_moves, self.coin_steps = [], []
        self.length = 0.0
        self._plan(rest, before, old, new)

    def show_all(self, events) -> None:
        """No animation (speed 'instant'): every event is shown at once."""
        for e in events:
            self._fire(e)

    def _plan(self, events, before, old, new) -> None:
        coins = list(before.coins)
        at = 0.0
        end = 0.0
        for e in events:
            self.schedule.append((at, e))
            kind = e.kind
            step = GAP.get(kind, 0.0)
            if kind == "card":
                key = self._key(e, before)
                target = new.get(key) if key else None
                if key and target is not None and (e.get("frm") == "deck" or old.get(key) != target):
                    start = None if e.get("frm") == "deck" else old.get(key)
                    self.flights.append(Flight(key, start, target, at, self._front(key), key[0], key[1]))
                    end = max(end, at + FLIGHT)
                if e.get("frm") == "deck":
                    step = DEAL_GAP
            elif kind == "wonder":
                wid = self._names["wonder"].get(e.get("wonder"))
                if wid is not None:
                    key = ("wonder", wid)
                    if e.get("action") == "taken" and key in old and key in new and old[key] != new[key]:
                        self.flights.append(Flight(key, old[key], new[key], at, True, "wonder", wid))
                        end = max(end, at + FLIGHT)
                    elif e.get("action") in ("built", "boxed", "returned"):
                        self.pulses.append(Pulse(key, e.player, at))
                        end = max(end, at + PULSE)
            elif kind == "coins" and e.player in (0, 1):
                a = coins[e.player]
                b = max(0, a + e.delta)
                coins[e.player] = b
                self.coin_steps.append((at, e.player, a, b))
                self.floaters.append(Floater(e.player, f"{e.delta:+d}", e.delta > 0, at))
                end = max(end, at + COINS)
            elif kind == "pawn":
                self.pawn_moves.append((at, e.start, e.to))
                end = max(end, at + PAWN)
            elif kind == "cube" and e.player in (0, 1):
                ch, action = e.get("chamber"), e.get("action")
                if action == "placed":
                    src, dst = ("supply", e.player), ("chamber", ch)
                elif action == "removed":
                    src, dst = ("chamber", ch), ("supply", e.player)
                else:
                    src, dst = ("chamber", ch), ("chamber", e.get("to"))
                self.cubes.append(CubeMove(e.player, src, dst, at))
                end = max(end, at + FLIGHT)
            elif kind in ("control", "decree") and e.get("chamber") is not None:
                self.pulses.append(Pulse(("chamber", e.get("chamber")), e.player, at))
                if kind == "decree" and e.get("to") is not None:
                    self.pulses.append(Pulse(("chamber", e.get("to")), None, at))
                end = max(end, at + PULSE)
            at += step
        self.length = end

    def _key(self, e, before):
        name = e.get("card")
        cid = self._names["card"].get(name) if name else None
        if cid is None and e.get("slot") is not None and e.get("frm") == "structure" and before.structure:
            slot = e.get("slot")
            if 0 <= slot < len(before.structure) and before.structure[slot] != -1:
                cid = before.structure[slot]
        return ("card", cid) if cid is not None else None

    def _front(self, key) -> bool:
        state = self._after
        if key[0] == "wonder":
            return True
        cid = key[1]
        for p in (0, 1):
            if cid in state.city[p] or cid in state.senators[p]:
                return True
        if cid in state.discard:
            return True
        if state.structure and cid in state.structure:
            return bool(state.face_up[state.structure.index(cid)])
        return False

    # --- the clock ------------------------------------------------------------------------

    def _fire(self, event) -> None:
        for hook in list(self.on_shown):
            hook(event)

    def _fire_due(self) -> None:
        while self.schedule and self.schedule[0][0] <= self.time:
            _, event = self.schedule.pop(0)
            self._fire(event)

    def _fire_all(self) -> None:
        while self.schedule:
            _, event = self.schedule.pop(0)
            self._fire(event)

    def update(self, dt: float) -> None:
        self.time += dt
        self._fire_due()
        self.floaters = [f for f in self.floaters if 0 <= self.time - f.t0 < FLOAT or self.time < f.t0]
        if not self.busy:
            self._fire_all()
            self.flights = []
            self.pawn_moves = []
            self.cubes = []
            self.coin_steps = []
            self.pulses = []

    def finish(self) -> None:
        """Show everything at once (Space, a hand-over, an undo) — the waiting events too."""
        self.time = max(self.time, self.length)
        self.update(0.0)
        if self.later is not None:
            rest = self.later[0]
            self.later, self.later_keys = None, frozenset()
            for e in rest:
                self._fire(e)

    # --- what to draw now ---------------------------------------------------------------

    def pawn_at(self) -> float | None:
        if not self.pawn_moves or not self.busy:
            return None
        pos = self.pawn_moves[0][1]
        for t0, a, b in self.pawn_moves:
            if self.time < t0:
                break
            pos = a + (b - a) * ease((self.time - t0) / PAWN)
        return pos

    def coins_at(self, seat: int, current: int) -> int:
        steps = [s for s in self.coin_steps if s[1] == seat]
        if not steps or not self.busy:
            return current
        value = steps[0][2]
        for t0, _, a, b in steps:
            if self.time < t0:
                break
            value = a + (b - a) * ease((self.time - t0) / COINS)
        return round(value)

    def cube_at(self, move: CubeMove, start: pygame.Rect, end: pygame.Rect) -> tuple | None:
        f = (self.time - move.delay) / FLIGHT
        if f < 0 or f > 1:
            return None
        e = ease(f)
        return (start.centerx + (end.centerx - start.centerx) * e,
                start.centery + (end.centery - start.centery) * e - 40 * 4 * e * (1 - e))

    def pulse_strength(self, pulse: Pulse) -> float:
        """0..1 glow of a pulse now (0 before it starts and after it ends)."""
        f = (self.time - pulse.t0) / PULSE
        if f < 0 or f > 1:
            return 0.0
        return math.sin(math.pi * f)


def _names(rules) -> dict:
    """Name -> id of cards and Wonders (events name components; the table draws ids)."""
    cache = getattr(rules, "_ui_anim_names", None)
    if cache is None:
        cache = {"card": {c.name: i for i, c in enumerate(rules.cards)},
                 "wonder": {w.name: i for i, w in enumerate(rules.wonders)}}
        try:
            rules._ui_anim_names = cache
        except AttributeError:
            pass
    return cache
