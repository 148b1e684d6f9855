"""Animations between two positions: cards fly, the pawn slides, coins count.

`Animator.start(before, after)` compares where pieces are drawn in both states
(`view.card_places`) and builds flights for the ones that moved. Times are in
animation seconds; the scene advances them by dt x the speed setting.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.table.view import card_places

FLIGHT = 0.55
PAWN = 0.45
COINS = 0.5
FLOAT = 1.1


def ease(f: float) -> float:
    f = min(1.0, max(0.0, f))
    return f * f * (3 - 2 * f)


@dataclass
class Flight:
    key: tuple
    start: pygame.Rect
    end: pygame.Rect
    delay: float
    front: bool
    kind: str                 # 'card' or 'wonder'
    ident: int

    def at(self, t: float) -> pygame.Rect | None:
        f = (t - self.delay) / FLIGHT
        if f < 0:
            f = 0.0
        e = ease(f)
        x = self.start.x + (self.end.x - self.start.x) * e
        y = self.start.y + (self.end.y - self.start.y) * e - 60 * (4 * e * (1 - e))
        w = self.start.w + (self.end.w - self.start.w) * e
        h = self.start.h + (self.end.h - self.start.h) * e
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


class Animator:
    def __init__(self) -> None:
        self.time = 0.0
        self.flights: list[Flight] = []
        self.pawn: tuple[float, float] | None = None
        self.coins: list[tuple[int, int] | None] = [None, None]
        self.floaters: list[Floater] = []
        self.cubes: list[CubeMove] = []
        self.length = 0.0

    @property
    def busy(self) -> bool:
        return self.time < self.length

    @property
    def hidden(self) -> frozenset:
        if not self.busy:
            return frozenset()
        return frozenset(f.key for f in self.flights)

    def start(self, before, after, viewer: int) -> None:
        self.time = 0.0
        self.flights = []
        self.floaters = []
        old, new = card_places(before, viewer), card_places(after, viewer)
        delay = 0.0
        for key, end in new.items():
            start = old.get(key)
            if start is None or start == end:
                continue
            front = self._front(after, key, viewer)
            self.flights.append(Flight(key, start, end, delay, front, key[0], key[1]))
            delay += 0.08
        self.length = (FLIGHT + delay) if self.flights else 0.0
        self.cubes = self._cube_moves(before, after) if after.agora else []
        if self.cubes:
            self.length = max(self.length, FLIGHT + max(c.delay for c in self.cubes))
        self.pawn = (before.pawn, after.pawn) if before.pawn != after.pawn else None
        if self.pawn:
            self.length = max(self.length, PAWN)
        for p in (0, 1):
            a, b = before.coins[p], after.coins[p]
            self.coins[p] = (a, b) if a != b else None
            if a != b:
                self.floaters.append(Floater(p, f"{b - a:+d}", b > a, self.time))
                self.length = max(self.length, COINS)

    @staticmethod
    def _cube_moves(before, after) -> list:
        moves = []
        for seat in (0, 1):
            lost, gained = [], []
            for ch in range(6):
                d = after.cubes[ch * 2 + seat] - before.cubes[ch * 2 + seat]
                (gained if d > 0 else lost).extend([("chamber", ch)] * abs(d))
            while len(lost) < len(gained):
                lost.append(("supply", seat))
            while len(gained) < len(lost):
                gained.append(("supply", seat))
            for k, (a, b) in enumerate(zip(lost, gained)):
                moves.append(CubeMove(seat, a, b, 0.1 * k))
        return moves

    def cube_at(self, move: CubeMove, start: pygame.Rect, end: pygame.Rect) -> tuple | None:
        f = (self.time - move.delay) / FLIGHT
        if f < 0 or f > 1:
            return None
        e = ease(f)
        return (start.centerx + (end.centerx - start.centerx) * e,
                start.centery + (end.centery - start.centery) * e - 40 * 4 * e * (1 - e))

    @staticmethod
    def _front(state, key, viewer) -> bool:
        if key[0] == "wonder":
            return True
        cid = key[1]
        for p in (0, 1):
            if cid in state.city[p] or cid in state.senators[p]:
                return True
        if cid in state.discard:
            return True
        if state.structure and cid in state.structure:
            slot = state.structure.index(cid)
            return bool(state.face_up[slot])
        return False

    def update(self, dt: float) -> None:
        self.time += dt
        self.floaters = [f for f in self.floaters if self.time - f.t0 < FLOAT]
        if not self.busy:
            self.flights = []
            self.pawn = None
            self.cubes = []
            self.coins = [None, None]

    def finish(self) -> None:
        self.time = max(self.time, self.length)
        self.update(0.0)

    def pawn_at(self) -> float | None:
        if not self.pawn:
            return None
        a, b = self.pawn
        return a + (b - a) * ease(self.time / PAWN)

    def coins_at(self, seat: int, current: int) -> int:
        c = self.coins[seat]
        if not c:
            return current
        a, b = c
        return round(a + (b - a) * ease(self.time / COINS))
