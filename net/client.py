"""A reusable client of the game server: one seat's view, and reconnection on its own.

    client = Client("ws://127.0.0.1:8765", name="Ann")
    joined = await client.create(agora=True)          # or join(code) / resume(code, token)
    async for msg in client.messages():               # update, presence, notice, error, over
        if msg["type"] == "update" and msg["to_move"] == client.seat:
            await client.act(msg["observation"]["legal_actions"][0])

`messages()` hides a lost connection: it retries with exponential backoff (and jitter),
resumes with the seat's token and the number of events already held, and goes on; it
yields `{"type": "connection", "status": "lost" | "restored"}` so a window can say so.
It ends after the `over` message, whose record holds the complete game.
The client holds only what its seat receives: `events` (its masked account of the game),
`update` (the latest update, with the observation), `seq`.
"""

import asyncio
import json
import random
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from . import protocol

# Refusals that another try cannot change.
PERMANENT = frozenset({"version_mismatch", "no_such_room", "bad_token", "room_full",
                       "too_many_rooms", "server_full"})


class ClientError(Exception):
    def __init__(self, code, message, details=None):
        super().__init__(message)
        self.code = code
        self.details = details or {}


class Client:
    def __init__(self, url, name="", *, give_up_after=None, backoff_initial=0.2,
                 backoff_cap=8.0, open_timeout=10.0):
        self.url = url
        self.name = name
        self.give_up_after = give_up_after      # seconds of failed retries; None: forever
        self.backoff_initial = backoff_initial
        self.backoff_cap = backoff_cap
        self.open_timeout = open_timeout
        self.ws = None
        self.room = self.seat = self.token = None
        self.joined = None
        self.limits = protocol.Limits().public()
        self.events = []
        self.update = None
        self.seq = 0
        self.result = None
        self.record = None
        self.reconnections = 0
        self._closing = False
        self._tokens = 0.0
        self._refilled = time.monotonic()

    # -- entering a room

    async def create(self, agora=True, clock=0, seat=0, first=None) -> dict:
        return await self._handshake(protocol.create(agora, clock, seat, self.name, first))

    async def join(self, room) -> dict:
        return await self._handshake(protocol.join(room, self.name))

    async def resume(self, room, token, events_seen=None) -> dict:
        self.token = token
        seen = len(self.events) if events_seen is None else events_seen
        del self.events[seen:]
        return await self._handshake(protocol.resume(room, token, seen))

    async def _handshake(self, msg) -> dict:
        ws = await connect(self.url, open_timeout=self.open_timeout, max_size=None)
        try:
            await ws.send(protocol.dumps(msg))
            reply = json.loads(await asyncio.wait_for(ws.recv(), self.open_timeout))
        except BaseException:
            await ws.close()
            raise
        if reply.get("type") != "joined":
            await ws.close()
            raise ClientError(reply.get("code", "unexpected"), reply.get("message", str(reply)),
                              reply)
        self.ws = ws
        self.joined = reply
        self.room, self.seat = reply["room"], reply["seat"]
        self.token = reply.get("token", self.token)
        self.limits = reply.get("limits", self.limits)
        self._tokens = float(self.limits["burst"]) / 2
        return reply

    # -- receiving

    async def messages(self):
        """Every message from the server, reconnecting as needed; ends after `over`."""
        while True:
            try:
                raw = await self.ws.recv()
            except ConnectionClosed as exc:
                if self._closing:
                    return
                code = exc.rcvd.code if exc.rcvd else None
                if code in protocol.FINAL_CLOSE_CODES:
                    raise ClientError("closed", f"the server closed the connection "
                                      f"({code}: {exc.rcvd.reason})") from None
                yield {"type": "connection", "status": "lost"}
                await self._reconnect()
                yield {"type": "connection", "status": "restored"}
                continue
            msg = json.loads(raw)
            self._note(msg)
            yield msg
            if msg.get("type") == "over":
                return

    def _note(self, msg):
        kind = msg.get("type")
        if kind == "update":
            start = msg["events_from"]
            del self.events[start:]
            self.events.extend(msg["events"])
            self.seq = msg["seq"]
            self.update = msg
        elif kind == "over":
            self.result = msg["result"]
            self.record = msg["record"]

    async def _reconnect(self):
        delay = self.backoff_initial
        started = time.monotonic()
        while True:
            await asyncio.sleep(delay * random.uniform(0.5, 1.0))
            try:
                await self.resume(self.room, self.token)
                self.reconnections += 1
                return
            except ClientError as err:
                if err.code in PERMANENT:
                    raise
            except (OSError, asyncio.TimeoutError, WebSocketException):
                pass
            if self.give_up_after is not None and time.monotonic() - started > self.give_up_after:
                raise ClientError("gave_up", f"no connection to {self.url} for "
                                  f"{self.give_up_after:.0f} s")
            delay = min(self.backoff_cap, delay * 2)

    # -- sending

    async def act(self, notation) -> bool:
        """Play an action at the latest position; False if the connection is down (the
        update that follows a reconnection asks again)."""
        return await self.send(protocol.action(self.seq, notation))

    async def concede(self) -> bool:
        return await self.send({"type": "concede"})

    async def claim(self) -> bool:
        return await self.send({"type": "claim"})

    async def ask_undo(self) -> bool:
        """Ask the opponent to let this seat take back its last decision."""
        return await self.send(protocol.undo(self.seq))

    async def answer_undo(self, accept: bool) -> bool:
        return await self.send(protocol.undo_answer(accept))

    async def send(self, msg) -> bool:
        await self._pace()
        try:
            await self.ws.send(protocol.dumps(msg))
            return True
        except (ConnectionClosed, AttributeError):
            return False

    async def _pace(self):
        """Stay under the server's rate limit (it refuses messages above it)."""
        rate = float(self.limits["rate_per_second"]) * 0.9
        burst = float(self.limits["burst"]) / 2
        while True:
            now = time.monotonic()
            self._tokens = min(burst, self._tokens + (now - self._refilled) * rate)
            self._refilled = now
            if self._tokens >= 1:
                self._tokens -= 1
                return
            await asyncio.sleep((1 - self._tokens) / rate)

    async def close(self):
        self._closing = True
        if self.ws is not None:
            await self.ws.close()

    def drop(self):
        """Cut the connection abruptly, as a network failure would (tests, diagnostics)."""
        if self.ws is not None:
            self.ws.transport.abort()
