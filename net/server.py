"""The refereeing game server: WebSocket transport, rooms, limits (`python -m net.server`).

One code path for both ways of running it: `Server` in an asyncio loop (headless, below)
or `BackgroundServer` on its own thread (the window's Host). Every room mutation happens
synchronously inside one message's handling, so no locks are needed; what each seat may
see comes from net/referee.py, what is stored from net/store.py. docs/protocol.md
describes the messages, docs/server.md how to run a public server.
"""

import argparse
import asyncio
import collections
import logging
import os
import secrets
import signal
import sys
import threading
import time
from dataclasses import dataclass, field, fields

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import compression, protocol, referee
from .guard import Window, raise_open_file_limit
from .protocol import Limits, ProtocolError
from .rooms import Room, Rooms, new_code
from .store import Store, StoreError

log = logging.getLogger("net.server")

# Open files kept free for the server's own use (the database and its journal, logs, the
# listening sockets): sockets beyond the open-file limit less this are closed as soon as
# they are accepted, so that accepting never fails for everyone ("Too many open files").
FILE_HEADROOM = 64
CLAIM_SLACK = 0.05       # seconds: a claim sent as the 'claim_in: 0' notice arrives is on time


@dataclass
class Config:
    data_dir: str
    host: str = "0.0.0.0"
    port: int = 8765
    limits: Limits = field(default_factory=Limits)
    durable: bool = False           # SQLite synchronous=FULL (survives a power cut)
    behind_proxy: bool = False      # read the client's address from X-Forwarded-For
    ping_seconds: float = 20.0      # WebSocket keepalive: a silent peer is dropped after 2x
    minute_seconds: float = 60.0    # the length of a clock minute (tests shorten it)
    sweep_seconds: float = 60.0     # how often idle rooms are closed
    seed_source: object = None      # tests: () -> (seed, first_player); default: random


class Connection:
    """One client socket: its seat (once in a room), its outbox, rate and strikes."""

    _CLOSE = object()

    def __init__(self, ws, address, limits: Limits):
        self.ws = ws
        self.address = address
        self.limits = limits
        self.room = None
        self.seat = None
        self.events_sent = 0
        self.closing = False
        self._outbox = collections.deque()
        self._wake = asyncio.Event()
        self._tokens = float(limits.burst)
        self._refilled = time.monotonic()
        self._strikes = collections.deque()
        self.writer = asyncio.create_task(self._write())

    def send(self, msg):
        if self.closing:
            return
        if len(self._outbox) >= self.limits.outbox_messages:
            log.warning("%s does not read its messages; dropped", self.address)
            self.close(protocol.CLOSE_SLOW, "too many unread messages")
            return
        self._outbox.append(protocol.dumps(msg))
        self._wake.set()

    def close(self, code, reason):
        """Close after the messages already queued (an error says why before the close)."""
        if not self.closing:
            self.closing = True
            self._outbox.append((code, reason))
            self._wake.set()

    async def _write(self):
        # Sends in order, off the handling path: a slow reader never blocks another seat.
        try:
            while True:
                while not self._outbox:
                    self._wake.clear()
                    await self._wake.wait()
                item = self._outbox.popleft()
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                await self.ws.send(item)
        except ConnectionClosed:
            pass

    def allow(self) -> bool:
        """Token bucket: `burst` messages at once, `rate_per_second` on average."""
        now = time.monotonic()
        self._tokens = min(self.limits.burst,
                           self._tokens + (now - self._refilled) * self.limits.rate_per_second)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def strike(self) -> bool:
        """Count a refused message; True when the connection has misbehaved too often."""
        now = time.monotonic()
        self._strikes.append(now)
        while self._strikes and self._strikes[0] < now - self.limits.strike_window:
            self._strikes.popleft()
        return len(self._strikes) >= self.limits.max_strikes


class Server:
    def __init__(self, config: Config):
        self.config = config
        self.limits = config.limits
        self.rooms = Rooms()
        self.codes = set()
        self.store = None
        self.port = None
        self._ws_server = None
        self._sweeper = None
        self._per_address = collections.Counter()     # WebSocket connections, by address
        self._connections = set()
        self._sockets = collections.Counter()         # TCP sockets, by peer address
        self._open_sockets = 0
        self._socket_cap = self.limits.max_connections
        self._refused_sockets = 0
        self._acceptors = []
        self._connecting = set()
        self._wrong_codes = Window(self.limits.wrong_codes, self.limits.wrong_code_window,
                                   self.limits.wrong_code_cooldown)
        self._creations = Window(self.limits.rooms_per_hour, 3600.0)

    # -- life cycle

    async def start(self):
        files = raise_open_file_limit()
        if files is not None:
            self._socket_cap = max(1, min(self.limits.max_connections, files - FILE_HEADROOM))
        self.store = Store(self.config.data_dir, durable=self.config.durable)
        self.codes = self.store.codes()
        self._restore()
        hard_cap = max(4 * self.limits.max_message_bytes, 65536)
        try:
            self._ws_server = await serve(
                self._handle, self.config.host, self.config.port,
                max_size=hard_cap, extensions=compression.server_extensions(),
                ping_interval=self.config.ping_seconds,
                ping_timeout=self.config.ping_seconds,
                close_timeout=min(10.0, self.config.ping_seconds),   # a peer gone silent
                open_timeout=self.limits.handshake_seconds,
                create_connection=self._counted_connection(), start_serving=False)
        except BaseException:           # e.g. the port is taken
            self.store.close()
            self.store = None
            raise
        self.port = self._ws_server.sockets[0].getsockname()[1]
        await self._start_accepting()
        self._sweeper = asyncio.create_task(self._sweep_loop())
        log.info("listening on %s:%d (protocol %d), %d rooms restored", self.config.host,
                 self.port, protocol.VERSION, len(self.rooms))
        return self.port

    async def stop(self):
        """Stop accepting, close every connection (1001 'going away'), save the clocks."""
        if self._sweeper:
            self._sweeper.cancel()
        for task in self._acceptors:
            task.cancel()
        await asyncio.gather(*self._acceptors, return_exceptions=True)
        if self._ws_server is not None:
            self._ws_server.close()
            await self._ws_server.wait_closed()
        now = time.monotonic()
        for room in self.rooms:
            for timer in room.timers.values():
                timer.cancel()
            if referee.running_seat(room) is not None:
                referee.charge_clock(room, now)
                try:
                    self.store.save_progress(room)
                except StoreError as exc:
                    log.error("room %s: clock not saved: %s", room.code, exc)
        if self.store is not None:
            self.store.close()
        log.info("stopped; %d rooms saved", len(self.rooms))

    def _restore(self):
        """Serve again every stored room (after a restart, even a crash). The clocks stand
        still while the server is down; both players count as away from now on."""
        now = time.monotonic()
        for room in self.store.load_served():
            try:
                room.state = referee.build_state(room)
            except Exception as exc:          # one damaged game never stops the others
                log.error("room %s cannot be rebuilt and is not served: %s", room.code, exc)
                continue
            room.away_since = [now if room.tokens[s] else None for s in (0, 1)]
            room.updated = time.time()          # the downtime does not make a room idle
            referee.start_clock(room, self.config.minute_seconds, now)
            self.rooms.add(room)
            self._schedule_clock(room)
            self._count_away_turns(room, now)

    # -- sockets, before any WebSocket handshake

    async def _start_accepting(self):
        """Accept sockets one by one, each counted by its address before a byte is read:
        past the limits it is closed at once. (asyncio's own accepting takes up to its
        backlog of sockets in one go, past any limit, until the open files run out.)"""
        listener = self._ws_server.server
        factory = getattr(listener, "_protocol_factory", None)
        sockets = getattr(listener, "_sockets", None)
        if factory is None or not sockets or sys.platform == "win32":
            # asyncio's own accepting (Windows has no open-file limit of this kind; an
            # asyncio without these attributes): sockets are counted at connection_made.
            await listener.start_serving()
            return
        loop = asyncio.get_running_loop()
        for sock in sockets:
            sock.listen(getattr(listener, "_backlog", 100))
        listener._serving = True        # what asyncio's own start sets (websockets checks it)
        self._acceptors = [loop.create_task(self._accept(sock, factory)) for sock in sockets]

    async def _accept(self, listener, factory):
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, peer = await loop.sock_accept(listener)
            except asyncio.CancelledError:
                raise
            except OSError as exc:             # out of files or buffers: never a busy loop
                self._refused_sockets += 1
                if listener.fileno() < 0:
                    return
                log.debug("accept failed: %s", exc)
                await asyncio.sleep(0.1)
                continue
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            if not self._socket_opened(address):
                sock.close()
                continue
            task = loop.create_task(self._connect(sock, factory, address))
            self._connecting.add(task)           # held until done (asyncio keeps weak ones)
            task.add_done_callback(self._connecting.discard)

    async def _connect(self, sock, factory, address):
        made = []

        def tagged():
            connection = factory()
            connection.peer_address = address    # uncounted by its connection_lost
            made.append(connection)
            return connection

        try:
            await asyncio.get_running_loop().connect_accepted_socket(tagged, sock)
        except Exception as exc:
            if not made or getattr(made[0], "peer_address", None) is not None:
                self._socket_closed(address)
                if made:
                    made[0].peer_address = None
            sock.close()
            log.debug("accepted socket not served: %s", exc)

    def _counted_connection(self):
        """The connection class of this server: it uncounts its socket when it closes (or,
        under an asyncio that accepts on its own, counts it as it opens)."""
        server = self

        class Counted(ServerConnection):
            def connection_made(self, transport):
                super().connection_made(transport)
                if not hasattr(self, "peer_address"):          # accepted by asyncio itself
                    peer = transport.get_extra_info("peername")
                    address = str(peer[0]) if peer else "?"
                    self.peer_address = address
                    if not server._socket_opened(address):
                        server._socket_closed(address)
                        self.peer_address = None
                        transport.abort()

            def connection_lost(self, exc):
                address, self.peer_address = getattr(self, "peer_address", None), None
                if address is not None:
                    server._socket_closed(address)
                super().connection_lost(exc)

        return Counted

    def _socket_opened(self, address) -> bool:
        """Count a new socket of `address`; False (and not counted) past the limits."""
        if self._open_sockets >= self._socket_cap or (
                not self.config.behind_proxy   # else the peer is the proxy: counted after
                and self._sockets[address] >= self.limits.connections_per_address):
            self._refused_sockets += 1
            return False
        self._open_sockets += 1
        self._sockets[address] += 1
        return True

    def _socket_closed(self, address):
        self._open_sockets -= 1
        self._sockets[address] -= 1
        if self._sockets[address] <= 0:
            del self._sockets[address]

    # -- connections

    def _address(self, ws) -> str:
        if self.config.behind_proxy:
            forwarded = ws.request.headers.get("X-Forwarded-For", "")
            if forwarded:
                return forwarded.split(",")[-1].strip()
        remote = ws.remote_address
        return str(remote[0]) if remote else "?"

    async def _handle(self, ws):
        address = self._address(ws)
        conn = Connection(ws, address, self.limits)
        self._connections.add(conn)
        self._per_address[address] += 1
        handshake = asyncio.get_running_loop().call_later(
            self.limits.handshake_seconds, self._handshake_timeout, conn)
        try:
            if self._per_address[address] > self.limits.connections_per_address:
                conn.close(protocol.CLOSE_TOO_MANY, "too many connections from your address")
            else:
                async for raw in ws:
                    if conn.closing:   # read on until the close handshake ends (the
                        continue       # close frame waits behind unread messages)
                    self._receive(conn, raw)
                    if conn.room is not None:
                        handshake.cancel()
        except ConnectionClosed:
            pass
        finally:
            handshake.cancel()
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]
            self._disconnected(conn)
            self._connections.discard(conn)
            if conn.closing:
                try:
                    await asyncio.wait_for(conn.writer, 5)
                except (asyncio.TimeoutError, ConnectionClosed):
                    pass
            conn.writer.cancel()

    def _handshake_timeout(self, conn):
        if conn.room is None:
            conn.close(protocol.CLOSE_HANDSHAKE, "no create, join or resume in time")

    def _receive(self, conn, raw):
        kind = None
        try:
            if not conn.allow():
                raise ProtocolError("rate_limited", limit=self.limits.rate_per_second)
            if not isinstance(raw, str):
                raise ProtocolError("not_text")
            msg = protocol.parse(raw, self.limits)
            kind = msg["type"]
            if kind in protocol.HANDSHAKES:
                if conn.room is not None:
                    raise ProtocolError("already_in_room", room=conn.room.code)
                if msg["version"] != protocol.VERSION:
                    self._version_mismatch(conn, msg)
                    return
            elif kind != "ping" and conn.room is None:
                raise ProtocolError("handshake_required")
            getattr(self, "_on_" + kind)(conn, msg)
        except ProtocolError as err:
            conn.send(err.to_message(kind))
            if err.code != "server_error" and conn.strike():   # our fault is not a strike
                log.warning("%s disconnected: too many refused messages (last: %s)",
                            conn.address, err.code)
                conn.close(protocol.CLOSE_MISBEHAVING, "too many refused messages")
        except Exception:                  # a fault of ours: said to the client, the link kept
            log.exception("%s: the server failed on a %s message", conn.address, kind)
            conn.send(ProtocolError("server_error", "the server failed on this message").to_message(kind))

    def _version_mismatch(self, conn, msg):
        err = protocol.version_mismatch(msg["version"])
        conn.send(err.to_message(msg["type"]))
        conn.close(protocol.CLOSE_VERSION, "protocol version mismatch")
        room = self.rooms.get(protocol.normalize_room(msg.get("room") or "")) \
            if isinstance(msg.get("room"), str) else None
        now = time.monotonic()
        if room is not None and (room.notice_at is None
                                 or now - room.notice_at >= self.limits.notice_seconds):
            # The players waiting in that room learn why nobody came, but a stranger's
            # repeated tries reach them at most once per notice_seconds.
            room.notice_at = now
            notice = {"type": "notice", "code": "version_mismatch",
                      "message": f"a player tried to join with protocol version {msg['version']}; "
                                 f"this server speaks version {protocol.VERSION}: both players "
                                 "need the same version of Agora Duel",
                      "server_version": protocol.VERSION, "client_version": msg["version"]}
            for other in room.connections:
                if other is not None:
                    other.send(notice)

    # -- handshakes

    def _on_create(self, conn, msg):
        if self.rooms.unfinished() >= self.limits.max_rooms:
            raise ProtocolError("server_full")
        if self.rooms.unfinished_by(conn.address) >= self.limits.rooms_per_address:
            raise ProtocolError("too_many_rooms", limit=self.limits.rooms_per_address)
        wait = self._creations.wait(conn.address)
        if wait > 0:
            raise ProtocolError("rooms_too_fast", limit=self.limits.rooms_per_hour,
                                retry_in=round(wait, 1))
        if self.config.seed_source is not None:
            seed, first = self.config.seed_source()
        else:
            seed, first = secrets.randbits(31), secrets.randbelow(2)
        if msg.get("first") is not None:        # the creator chose who starts
            first = msg["first"]
        room = Room(code=new_code(self.codes), agora=msg.get("agora", True), seed=seed,
                    first_player=first, clock=msg.get("clock", 0), address=conn.address)
        seat = msg.get("seat", 0)
        token = room.take_seat(seat, protocol.clean_name(msg.get("name")))
        room.state = referee.build_state(room)
        try:
            self.store.add_room(room)
        except StoreError as exc:
            log.error("room not created: %s", exc)
            raise ProtocolError("server_error", "the server could not store the room") from None
        self.rooms.add(room)
        self.codes.add(room.code)
        self._creations.count(conn.address)
        log.info("room %s created (%s, clock %d) by %s", room.code,
                 "Agora" if room.agora else "base", room.clock, conn.address)
        self._seat(conn, room, seat)
        conn.send(self._joined(room, seat, token))

    def _check_code_guessing(self, conn):
        wait = self._wrong_codes.wait(conn.address)
        if wait > 0:
            raise ProtocolError("too_many_wrong_codes", retry_in=round(wait, 1))

    def _wrong_code(self, conn, code, **details):
        """A room code or token that matches nothing: counted against the address, across
        its connections (reconnecting does not start a fresh count)."""
        self._wrong_codes.count(conn.address)
        if self._wrong_codes.wait(conn.address) > 0:
            log.warning("%s: too many wrong room codes; refused for %.0f s", conn.address,
                        self.limits.wrong_code_cooldown)
        raise ProtocolError(code, **details)

    def _on_join(self, conn, msg):
        self._check_code_guessing(conn)
        room = self.rooms.get(protocol.normalize_room(msg["room"]))
        if room is None or room.closed or room.over:
            self._wrong_code(conn, "no_such_room", room=msg["room"])
        seat = room.free_seat()
        if seat is None:
            raise ProtocolError("room_full", room=room.code)
        # The seat is the joiner's only once it is stored: any failure leaves the room
        # exactly as it was, free for the invited player.
        before = (list(room.tokens), list(room.names), room.remaining, room.turn_started,
                  room.updated)
        try:
            token = room.take_seat(seat, protocol.clean_name(msg.get("name")))
            room.updated = time.time()
            referee.start_clock(room, self.config.minute_seconds)
            self.store.save_seats(room)
        except Exception as exc:
            room.tokens, room.names, room.remaining, room.turn_started, room.updated = before
            log.error("room %s: seat not stored: %s", room.code, exc)
            raise ProtocolError("server_error", "the server could not store the seat") from None
        log.info("room %s: seat %d joined from %s; game starts", room.code, seat, conn.address)
        self._seat(conn, room, seat)
        conn.send(self._joined(room, seat, token))
        self._schedule_clock(room)
        self._count_away_turns(room)
        self._broadcast(room)
        if room.connections[1 - seat] is None:      # the creator left before the game began
            self._presence(room, 1 - seat)

    def _on_resume(self, conn, msg):
        self._check_code_guessing(conn)
        code = protocol.normalize_room(msg["room"])
        room = self.rooms.get(code) or self._finished_room(code)
        if room is None or room.closed:
            self._wrong_code(conn, "no_such_room", room=msg["room"])
        seat = room.seat_of(msg["token"])
        if seat is None:
            self._wrong_code(conn, "bad_token")
        old = room.connections[seat]
        if old is not None:            # a half-open socket the server had not noticed yet
            old.room = None
            old.send(ProtocolError("replaced").to_message())
            old.close(protocol.CLOSE_REPLACED, "this seat connected again elsewhere")
        self._seat(conn, room, seat)
        conn.events_sent = min(msg.get("events_seen", 0), len(room.state.events))
        conn.send(self._joined(room, seat))
        if room.started:
            self._send_update(conn)
        if room.over:
            conn.send(self._over(room))
        elif room.started and room.connections[1 - seat] is None:
            self._presence(room, 1 - seat)      # the opponent is away too: since when, and
                                                # when a claim will be possible

    def _finished_room(self, code):
        """A finished room read back from the database (finished rooms leave the server's
        memory once both players have gone), or None."""
        if code not in self.codes:
            return None
        try:
            room = self.store.load_finished(code)
            if room is None:
                return None
            room.state = referee.build_state(room)
        except Exception as exc:
            log.error("room %s: the finished game cannot be read back: %s", code, exc)
            return None
        self.rooms.add(room)
        return room

    def _joined(self, room, seat, token=None):
        msg = {"type": "joined", "version": protocol.VERSION, "room": room.code, "seat": seat,
               "agora": room.agora, "clock": room.clock, "names": list(room.names),
               "started": room.started, "over": room.over, "limits": self.limits.public()}
        if token is not None:
            msg["token"] = token
        return msg

    def _seat(self, conn, room, seat):
        conn.room, conn.seat, conn.events_sent = room, seat, 0
        room.connections[seat] = conn
        was_away = room.away_since[seat] is not None
        room.away_since[seat] = None
        self._count_away_turns(room)
        if was_away:
            self._presence(room, seat)

    def _disconnected(self, conn):
        room, seat = conn.room, conn.seat
        if room is None or room.connections[seat] is not conn:
            return
        room.connections[seat] = None
        room.away_since[seat] = time.monotonic()
        room.updated = time.time()
        if room.over and room.connections == [None, None]:
            self._release(room)          # on disk; read back if a player resumes for it
        elif room.started and not room.over:
            self._withdraw_undo(room, seat)
            self._count_away_turns(room)
            self._presence(room, seat)

    def _withdraw_undo(self, room, seat):
        """A take-back request goes when either player leaves: its clocks would stand still
        for as long as the absence lasts, and an absent player cannot answer. Withdrawn is
        not refused: it may be asked again at the same position."""
        request = room.undo_request
        if request is None:
            return
        room.undo_request = None
        referee.resume_clock(room)
        self._schedule_clock(room)
        answer = {"type": "undo_answer", "seat": seat, "accept": False,
                  "to_seq": request["to_seq"], "withdrawn": True}
        for other in room.connections:
            if other is not None:
                other.send(answer)
        self._broadcast(room)

    def _release(self, room):
        for timer in room.timers.values():
            timer.cancel()
        room.timers.clear()
        self.rooms.remove(room)

    # -- presence: an absence counts toward a claim only while the absent seat is to move

    def _count_away_turns(self, room, now=None):
        """Start or stop each absent seat's claim count (as Lichess rules it: the absence
        counts only while that seat is the one to move; the count restarts on each of its
        turns). Returns the seats whose count started or stopped."""
        now = time.monotonic() if now is None else now
        changed = []
        for seat in (0, 1):
            counting = (room.started and not room.over and room.connections[seat] is None
                        and room.away_since[seat] is not None
                        and room.state.current_player == seat)
            if counting == (room.claim_since[seat] is not None):
                continue
            changed.append(seat)
            timer = room.timers.pop(("claim", seat), None)
            if timer:
                timer.cancel()
            if counting:
                room.claim_since[seat] = now
                room.timers[("claim", seat)] = asyncio.get_running_loop().call_later(
                    self.limits.away_claim_seconds, self._claim_ready, room, seat)
            else:
                room.claim_since[seat] = None
        return changed

    def _after_move(self, room):
        """The turn may have passed to an absent seat (or away from it): tell the other."""
        for seat in self._count_away_turns(room):
            if room.connections[seat] is None:
                self._presence(room, seat)

    def _claim_seconds(self, room, seat, now=None):
        """Seconds the absent `seat` has been the one to move, or None when it is not."""
        since = room.claim_since[seat]
        if since is None:
            return None
        return (time.monotonic() if now is None else now) - since

    def _presence(self, room, seat, ready=False):
        """Tell the other seat whether `seat` is connected, and when a claim is possible:
        `claim_in` is null while the absent seat is not the one to move."""
        other = room.connections[1 - seat]
        if other is None or room.over or not room.started:
            return
        if room.connections[seat] is not None:
            other.send({"type": "presence", "seat": seat, "connected": True,
                        "away_seconds": None, "claim_in": None})
            return
        counted = self._claim_seconds(room, seat)
        other.send({"type": "presence", "seat": seat, "connected": False,
                    "away_seconds": 0.0 if counted is None else counted,
                    "claim_in": None if counted is None else
                    0.0 if ready else max(0.0, self.limits.away_claim_seconds - counted)})

    def _claim_ready(self, room, seat):
        room.timers.pop(("claim", seat), None)
        if room.claim_since[seat] is not None:
            self._presence(room, seat, ready=True)

    # -- game messages

    def _on_action(self, conn, msg):
        room = conn.room
        action = referee.check_action(room, conn.seat, msg["seq"], msg["action"])
        self._commit(room, lambda: referee.apply(room, action))

    def _on_concede(self, conn, msg):
        room = conn.room
        action = referee.check_concession(room, conn.seat)
        self._commit(room, lambda: referee.apply(room, action))

    def _on_claim(self, conn, msg):
        room, seat = conn.room, conn.seat
        if not room.started:
            raise ProtocolError("not_started")
        if room.over:
            raise ProtocolError("game_over")
        if room.connections[1 - seat] is not None:
            raise ProtocolError("opponent_present")
        counted = self._claim_seconds(room, 1 - seat)
        if counted is None:
            raise ProtocolError("opponent_not_to_move")
        if counted + CLAIM_SLACK < self.limits.away_claim_seconds:
            raise ProtocolError("claim_too_early",
                                seconds_left=round(self.limits.away_claim_seconds - counted, 3))
        log.info("room %s: seat %d wins by forfeit", room.code, seat)
        self._commit(room, lambda: referee.end_by_server(room, seat, "forfeit"))

    def _on_undo(self, conn, msg):
        room, seat = conn.room, conn.seat
        if not room.started:
            raise ProtocolError("not_started")
        if room.over:
            raise ProtocolError("game_over")
        if msg["seq"] != len(room.actions):
            raise ProtocolError("stale_seq", seq=len(room.actions))
        if room.undo_request is not None:
            raise ProtocolError("undo_pending")
        target = referee.undo_target(room, seat)
        if target is None:
            raise ProtocolError("nothing_to_undo")
        seq = len(room.actions)
        if (seat, seq) in room.undo_refused:
            raise ProtocolError("undo_already_refused", seq=seq)
        floor = referee.takeback_floor(room, seat)
        if target < floor:
            raise ProtocolError("undo_crosses_reveal", to_seq=target, floor=floor)
        room.undo_request = {"seat": seat, "to_seq": target, "seq": seq,
                             "move": room.actions[target][1]}
        log.info("room %s: seat %d asks to take back to position %d", room.code, seat, target)
        referee.pause_clock(room)           # nobody's time runs while the request waits
        self._schedule_clock(room)
        for other in room.connections:
            if other is not None:
                other.send({"type": "undo_request", **room.undo_request})
        self._broadcast(room)               # the clocks, stopped, and the request

    def _on_undo_answer(self, conn, msg):
        room, seat = conn.room, conn.seat
        request = room.undo_request
        if request is None or request["seat"] == seat or room.over:
            raise ProtocolError("no_undo_request")
        accept = msg["accept"]
        answer = {"type": "undo_answer", "seat": seat, "accept": accept,
                  "to_seq": request["to_seq"]}
        if accept:
            before = ([list(a) for a in room.actions], list(room.remaining) if room.remaining
                      else None, room.turn_started, room.updated)
            referee.take_back(room, request["to_seq"])
            try:
                self.store.save_undo(room)
            except StoreError as exc:
                log.error("room %s: take-back not stored, undone: %s", room.code, exc)
                room.actions, room.remaining, room.turn_started, room.updated = before
                room.state = referee.build_state(room)
                raise ProtocolError("server_error") from None
            for other in room.connections:        # their accounts are replayed to here
                if other is not None:
                    other.events_sent = min(other.events_sent, len(room.state.events))
            # Positions beyond the new one are another game now: their refusals go.
            room.undo_refused = {(s, q) for s, q in room.undo_refused if q <= request["to_seq"]}
        else:
            room.undo_refused.add((request["seat"], request["seq"]))
            referee.resume_clock(room)
        room.undo_request = None
        for other in room.connections:
            if other is not None:
                other.send(answer)
        self._schedule_clock(room)
        self._broadcast(room)           # the new position, or the request gone from the update
        if accept:
            self._after_move(room)

    def _on_ping(self, conn, msg):
        conn.send({"type": "pong", "time": time.time()})

    def _commit(self, room, change):
        """Change the room, store it, then tell the players. If the disk refuses, the room
        goes back to what is stored and the player hears 'server_error'."""
        before = (len(room.actions), list(room.remaining) if room.remaining else None,
                  room.outcome, room.turn_started, room.updated, room.undo_request)
        change()
        room.undo_request = None        # a move answers a pending take-back request: no
        try:
            self.store.save_progress(room, before[0])
        except StoreError as exc:
            log.error("room %s: change not stored, undone: %s", room.code, exc)
            (count, room.remaining, room.outcome, room.turn_started, room.updated,
             room.undo_request) = before
            del room.actions[count:]
            room.state = referee.build_state(room)
            raise ProtocolError("server_error") from None
        self._schedule_clock(room)
        self._broadcast(room)
        self._after_move(room)

    def _broadcast(self, room):
        for conn in room.connections:
            if conn is not None:
                self._send_update(conn)
                if room.over:
                    conn.send(self._over(room))
        if room.over:
            for timer in room.timers.values():
                timer.cancel()
            room.timers.clear()
            room.claim_since = [None, None]

    def _send_update(self, conn):
        room = conn.room
        conn.send(referee.update_for(room, conn.seat, conn.events_sent))
        conn.events_sent = len(room.state.events)

    def _over(self, room):
        return {"type": "over", "room": room.code, "result": room.outcome,
                "record": referee.record(room)}

    # -- clocks and idle rooms

    def _schedule_clock(self, room):
        timer = room.timers.pop("clock", None)
        if timer:
            timer.cancel()
        seat = referee.running_seat(room)
        if seat is not None:
            room.timers["clock"] = asyncio.get_running_loop().call_later(
                referee.time_left(room, seat) + 0.001, self._clock_expired, room)

    def _clock_expired(self, room):
        room.timers.pop("clock", None)
        seat = referee.running_seat(room)
        if seat is None:
            return
        if referee.time_left(room, seat) > 0:
            self._schedule_clock(room)
            return
        log.info("room %s: seat %d is out of time", room.code, seat)
        try:
            self._commit(room, lambda: referee.end_by_server(room, 1 - seat, "time"))
        except ProtocolError:
            self._schedule_clock(room)      # not stored: try again at the next tick

    async def _sweep_loop(self):
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            self.sweep()

    def sweep(self, now=None):
        """Close the rooms nobody is connected to where nothing happened for too long;
        release finished rooms nobody is connected to; delete from the database the
        finished and closed rooms older than keep_days; forget old per-address counts."""
        now = time.time() if now is None else now
        self._wrong_codes.prune()
        self._creations.prune()
        if self._refused_sockets:
            log.warning("%d connections refused at once (too many from one address, or "
                        "%d sockets open)", self._refused_sockets, self._open_sockets)
            self._refused_sockets = 0
        if self.limits.keep_days > 0:
            try:
                purged = self.store.purge(now - self.limits.keep_days * 86400.0)
            except StoreError as exc:
                log.error("old rooms not deleted: %s", exc)
                purged = []
            for code in purged:
                if self.rooms.get(code) is None:
                    self.codes.discard(code)
            if purged:
                log.info("%d finished or closed rooms deleted (older than %g days)",
                         len(purged), self.limits.keep_days)
        for room in self.rooms:
            if room.over and room.connections == [None, None]:
                self._release(room)
                continue
            if room.connections != [None, None] or now - room.updated < self.limits.idle_room_seconds:
                continue
            if not room.over:
                room.closed = True
                try:
                    self.store.save_progress(room)
                except StoreError as exc:
                    log.error("room %s: closing not stored: %s", room.code, exc)
                    room.closed = False
                    continue
                log.info("room %s closed after being idle", room.code)
            for timer in room.timers.values():
                timer.cancel()
            self.rooms.remove(room)


class BackgroundServer:
    """The server on its own thread and event loop: the window hosts a game with this."""

    def __init__(self, config: Config):
        self.config = config
        self.port = None
        self._thread = None
        self._loop = None
        self._stop = None
        self._ready = threading.Event()
        self._error = None

    def start(self, timeout: float = 10.0) -> int:
        self._thread = threading.Thread(target=self._run, name="agora-duel-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the game server did not start in time")
        if self._error is not None:
            raise self._error
        return self.port

    def stop(self, timeout: float = 10.0):
        """Stop serving (the games are saved) and wait for the thread."""
        if self._thread is not None and self._thread.is_alive() and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self):
        asyncio.run(self._main())

    async def _main(self):
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = Server(self.config)
        try:
            self.port = await server.start()
        except Exception as exc:        # e.g. the port is taken: the window shows why
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        await self._stop.wait()
        await server.stop()


# -- command line

LIMIT_HELP = {                       # docs/server.md, "Limits", says more
    "max_message_bytes": "largest client message",
    "rate_per_second": "messages per second per connection, on average",
    "burst": "messages per connection at once",
    "max_strikes": "refused messages before a connection is closed",
    "strike_window": "seconds over which strikes count",
    "rooms_per_address": "unfinished rooms one address may hold",
    "connections_per_address": "sockets one address may hold open",
    "max_rooms": "unfinished rooms on the server",
    "idle_room_seconds": "a room nobody is connected to is closed after this idle time",
    "away_claim_seconds": "seconds an absent opponent must be the one to move before a claim",
    "handshake_seconds": "seconds to send create, join or resume",
    "outbox_messages": "unread messages before a client that does not read is dropped",
    "wrong_codes": "wrong room codes or tokens per address before a cool-down (0: no limit)",
    "wrong_code_window": "seconds over which wrong codes count",
    "wrong_code_cooldown": "seconds join and resume are refused after too many wrong codes",
    "rooms_per_hour": "rooms one address may create per hour (0: no limit)",
    "notice_seconds": "at most one notice per room this often",
    "max_connections": "sockets open in all (kept under the open-file limit too)",
    "keep_days": "days finished and closed rooms stay in the database (0: for ever)",
}


def parse_args(argv=None, prog="python -m net.server"):
    defaults = Limits()
    p = argparse.ArgumentParser(prog=prog,
                                description="Agora Duel game server (docs/server.md)")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0; "
                   "127.0.0.1 behind a reverse proxy)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (0: any free port)")
    p.add_argument("--data-dir", required=True, help="folder of the games database")
    p.add_argument("--durable", action="store_true",
                   help="flush every action to the disk (survives a power cut; slower)")
    p.add_argument("--behind-proxy", action="store_true",
                   help="take client addresses from X-Forwarded-For (only behind your proxy)")
    p.add_argument("--quiet", action="store_true", help="log warnings and errors only")
    p.add_argument("--minute-seconds", type=float, default=60.0, metavar="S",
                   help="seconds in a clock minute (default 60; shorter for tests and demos)")
    for f in fields(Limits):
        default = getattr(defaults, f.name)
        p.add_argument("--" + f.name.replace("_", "-"), type=type(default), default=default,
                       metavar="N", help=f"{LIMIT_HELP.get(f.name, '')} (default {default})")
    return p.parse_args(argv)


def config_from_args(args) -> Config:
    limits = Limits(**{f.name: getattr(args, f.name) for f in fields(Limits)})
    return Config(data_dir=args.data_dir, host=args.host, port=args.port, limits=limits,
                  durable=args.durable, behind_proxy=args.behind_proxy,
                  minute_seconds=args.minute_seconds)


async def serve_until_signalled(config: Config):
    server = Server(config)
    port = await server.start()
    print(f"Agora Duel server: ws://{config.host}:{port} (protocol {protocol.VERSION})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):   # Windows: Ctrl-C raises instead
            pass
    try:
        await stop.wait()
    finally:
        await server.stop()


def _log_handler(data_dir):
    """Standard error; a file in the data folder where there is none (the packaged app on
    Windows has no console: its log is then DATA_DIR/server.log)."""
    if sys.stderr is not None:
        return logging.StreamHandler(sys.stderr)
    os.makedirs(data_dir, exist_ok=True)
    return logging.FileHandler(os.path.join(data_dir, "server.log"), encoding="utf-8")


def main(argv=None, prog="python -m net.server"):
    args = parse_args(argv, prog)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[_log_handler(args.data_dir)])
    logging.getLogger("websockets").setLevel(logging.WARNING)   # one line per socket is noise
    try:
        asyncio.run(serve_until_signalled(config_from_args(args)))
    except KeyboardInterrupt:
        pass
    except (OSError, StoreError) as exc:
        log.error("the server could not start: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
