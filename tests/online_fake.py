"""An online game without a network, for the window's tests: a room refereed by net/referee.py
in this process, and a link that hands the window exactly the messages a test writes (the
server's messages of docs/protocol.md, with or without the fields a newer server adds).

    room = FakeRoom(seat=1, names=("Ann", "Bob"))
    session = room.session()            # an OnlineSession seated at `seat`, first update read
    room.play(0)                        # the opponent plays a move: its update arrives
    room.send({"type": "presence", ...})
"""
from __future__ import annotations

import random

from net import referee
from net.protocol import Limits
from net.rooms import Room


class FakeLink:
    """NetLink's face (drain / call / close), with the messages queued by the test."""

    def __init__(self) -> None:
        self.inbox: list = []
        self.calls: list = []
        self.closed = False

    def drain(self) -> list:
        out, self.inbox = self.inbox, []
        return out

    def call(self, method: str, *args) -> bool:
        self.calls.append((method, *args))
        return True

    def drop(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class FakeRoom:
    def __init__(self, seat: int = 1, *, seed: int = 7, agora: bool = False, first: int = 0,
                 clock: int = 0, names=("Ann", "Bob"), ticket_for=None) -> None:
        self.seat = seat
        self.room = Room(code="ACDEFG", agora=agora, seed=seed, first_player=first, clock=clock)
        for s in (0, 1):
            self.room.take_seat(s, names[s])
        self.room.state = referee.build_state(self.room)
        referee.start_clock(self.room, 60.0, now=0.0)
        self.link = FakeLink()
        self.ticket_for = ticket_for
        self.sent = 0
        self.rng = random.Random(seed)

    def send(self, msg: dict) -> None:
        self.link.inbox.append(msg)

    def entered(self) -> dict:
        r = self.room
        return {"type": "entered", "version": 1, "room": r.code, "seat": self.seat, "agora": r.agora,
                "clock": r.clock, "names": list(r.names), "started": True, "over": False,
                "limits": Limits().public(), "token": "t0ken"}

    def update(self, **changes) -> dict:
        msg = referee.update_for(self.room, self.seat, self.sent, now=0.0)
        self.sent = len(self.room.state.events)
        msg.update(changes)
        return msg

    def session(self, name: str = "Bob"):
        from ui.table.online_session import OnlineSession
        session = OnlineSession(self.link, name, ticket_for=self.ticket_for)
        self.send(self.entered())
        self.send(self.update())
        session.poll()
        session.advance()
        return session

    def play(self, seat: int | None = None, choose=None, **changes) -> None:
        """The seat to move plays (a random legal move, or choose(legal)); its update is queued."""
        state = self.room.state
        assert seat is None or state.current_player == seat
        legal = state.legal_actions()
        action = choose(legal) if choose is not None else self.rng.choice(legal)
        referee.apply(self.room, action, now=0.0)
        self.send(self.update(**changes))

    def window_acts(self) -> str:
        """Apply what the window sent last (`act`), as the server would; returns its notation."""
        text = next(c[1] for c in reversed(self.link.calls) if c[0] == "act")
        state = self.room.state
        referee.apply(self.room, state.parse_action(text), now=0.0)
        self.send(self.update())
        return text

    def take_back(self, count: int) -> None:
        referee.take_back(self.room, count, now=0.0)
        self.sent = min(self.sent, len(self.room.state.events))
        self.send(self.update())

    @property
    def seq(self) -> int:
        return len(self.room.actions)
