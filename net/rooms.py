"""Rooms: a short readable code, two seats, and the secret token that proves a seat.

A room holds one game (the game itself is refereed by net/referee.py). A seat is taken by
`create` (the creator's seat) or `join` (the other one) and gets a random token; only the
token's SHA-256 is kept, in memory and on disk, so a copy of the database does not let
anyone take a seat.
"""

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field

# No 0/O, 1/I/L, 5/S, 8/B: a code read aloud or copied by hand survives.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY2345679"
CODE_LENGTH = 6


def new_code(taken) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Room:
    code: str
    agora: bool
    seed: int
    first_player: int
    clock: int = 0                         # minutes per player, 0 = no clock
    tokens: list = field(default_factory=lambda: [None, None])    # SHA-256 of each seat's token
    names: list = field(default_factory=lambda: ["", ""])
    address: str = ""                      # who created it (rooms per address)
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    actions: list = field(default_factory=list)      # [seat, notation] in play order
    remaining: list = None                 # clock: seconds left per seat (at the last action)
    outcome: dict = None                   # the result once over (engine's or server's)
    closed: bool = False                   # expired; no longer served
    # Live only (never stored):
    state: object = None                   # the game's State
    connections: list = field(default_factory=lambda: [None, None])
    away_since: list = field(default_factory=lambda: [None, None])   # monotonic times
    turn_started: float = None             # monotonic time the running clock started
    timers: dict = field(default_factory=dict)
    undo_request: dict = None              # {"seat", "to_seq", "seq", "move"} while a take-back waits
    undo_refused: set = field(default_factory=set)   # (seat, seq): refused requests, not asked again
    floors: list = field(default_factory=lambda: [0, 0])   # per seat: actions a take-back must
                                                           # keep (game.takeback)
    claim_since: list = field(default_factory=lambda: [None, None])  # monotonic: since when the
                                           # absent seat has been the one to move (its claim count)
    notice_at: float = None                # monotonic time of the last notice to its players

    @property
    def started(self) -> bool:
        return self.tokens[0] is not None and self.tokens[1] is not None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def free_seat(self):
        for seat in (0, 1):
            if self.tokens[seat] is None:
                return seat
        return None

    def take_seat(self, seat: int, name: str = "") -> str:
        """Give `seat` a fresh token (returned once, never stored in clear)."""
        token = new_token()
        self.tokens[seat] = token_hash(token)
        self.names[seat] = name or ""
        return token

    def seat_of(self, token: str):
        digest = token_hash(token)
        for seat in (0, 1):
            if self.tokens[seat] is not None and hmac.compare_digest(self.tokens[seat], digest):
                return seat
        return None

    def connected(self, seat: int) -> bool:
        return self.connections[seat] is not None


class Rooms:
    """The rooms being served, by code, and how many unfinished ones each address made."""

    def __init__(self):
        self.by_code = {}

    def __len__(self):
        return len(self.by_code)

    def __iter__(self):
        return iter(list(self.by_code.values()))

    def get(self, code):
        return self.by_code.get(code)

    def add(self, room: Room):
        self.by_code[room.code] = room

    def remove(self, room: Room):
        self.by_code.pop(room.code, None)

    def unfinished(self) -> int:
        return sum(1 for r in self.by_code.values() if not r.over)

    def unfinished_by(self, address: str) -> int:
        return sum(1 for r in self.by_code.values() if not r.over and r.address == address)
