"""The online protocol: version, limits, error codes, and the checks every client message passes.

Messages are JSON objects sent as WebSocket text frames, each with a `type`. The full
description (every field, every error code, every limit) is docs/protocol.md; this module
is its executable form, shared by the server (which validates) and the client (which
builds messages). Nothing here touches a socket or a game.
"""

import json
import unicodedata
from dataclasses import asdict, dataclass

VERSION = 1                        # bumped whenever a message changes incompatibly
CLOCK_CHOICES = (0, 10, 20, 30)    # minutes per player; 0 = no clock
MAX_NAME = 40                      # characters in a player's display name
MAX_NAME_BYTES = 120               # ... and its bytes in UTF-8
MAX_ACTION = 200                   # characters in an action's notation

# Close codes the server uses (besides 1001 "server stopping" and 1009 "message too big").
CLOSE_VERSION = 4000               # protocol version mismatch
CLOSE_MISBEHAVING = 4001           # too many refused messages
CLOSE_HANDSHAKE = 4002             # no create/join/resume in time
CLOSE_REPLACED = 4003              # the same seat connected again elsewhere
CLOSE_TOO_MANY = 4005              # too many connections from one address
CLOSE_SLOW = 4006                  # the client does not read what the server sends
# A client should not reconnect after these: the server would refuse again.
FINAL_CLOSE_CODES = frozenset({CLOSE_VERSION, CLOSE_MISBEHAVING, CLOSE_REPLACED,
                               CLOSE_TOO_MANY, 1009})


@dataclass(frozen=True)
class Limits:
    """What the server accepts; every field is a command-line option of `python -m net.server`."""
    max_message_bytes: int = 4096      # a bigger message is refused ('too_large')
    rate_per_second: float = 20.0      # messages a connection may send per second, on average
    burst: int = 40                    # ... and at once
    max_strikes: int = 10              # refused messages within strike_window before disconnection
    strike_window: float = 60.0
    rooms_per_address: int = 10        # unfinished rooms one address may have created
    connections_per_address: int = 50
    max_rooms: int = 5000              # unfinished rooms on the server
    idle_room_seconds: float = 24 * 3600.0   # a room nobody is connected to, where nothing
                                             # happened for this long, is closed
    away_claim_seconds: float = 300.0  # an opponent away this long may be claimed against
    handshake_seconds: float = 10.0    # time to send create/join/resume after connecting
    outbox_messages: int = 256         # unread messages queued for a client before it is dropped
    # Per address, across connections (reconnecting does not reset these):
    wrong_codes: int = 10              # wrong room codes or tokens within wrong_code_window ...
    wrong_code_window: float = 60.0
    wrong_code_cooldown: float = 300.0   # ... then join/resume refused for this long
    rooms_per_hour: int = 30           # rooms one address may create in any hour
    notice_seconds: float = 10.0       # at most one notice per room this often (strangers' doing)
    max_connections: int = 4096        # open sockets in all (also kept under the open-file limit)
    keep_days: float = 90.0            # finished and closed rooms are deleted after this (0: kept)

    def public(self) -> dict:
        """The limits a client needs to behave (sent in `joined`)."""
        d = asdict(self)
        return {k: d[k] for k in ("max_message_bytes", "rate_per_second", "burst",
                                  "away_claim_seconds")}


# Error codes and their default sentence. The server may add details (docs/protocol.md).
ERRORS = {
    "bad_json": "the message is not valid JSON text",
    "not_object": "a message must be a JSON object",
    "unknown_type": "unknown message type",
    "bad_field": "a field is missing or has the wrong type",
    "too_large": "the message is larger than the server accepts",
    "rate_limited": "too many messages; slow down",
    "handshake_required": "send create, join or resume first",
    "already_in_room": "this connection is already in a room",
    "version_mismatch": "client and server speak different protocol versions",
    "no_such_room": "there is no open room with this code",
    "room_full": "both seats of this room are taken",
    "bad_token": "this token does not belong to a seat of this room",
    "too_many_rooms": "this address has too many unfinished rooms",
    "server_full": "the server has too many rooms; try later",
    "not_started": "the game has not started: the second player has not joined",
    "game_over": "the game is over",
    "not_your_turn": "it is not this seat's decision",
    "stale_seq": "the sequence number does not match the game (a repeated or outdated action)",
    "illegal_action": "this action is not legal now",
    "opponent_present": "the opponent is connected",
    "claim_too_early": "the opponent has not been away long enough",
    "unsupported": "this server cannot do that",
    "server_error": "the server could not save the action; nothing changed",
    "replaced": "this seat connected again from elsewhere",
    "nothing_to_undo": "this seat has no decision to take back",
    "undo_pending": "a take-back request is already waiting for an answer",
    "no_undo_request": "there is no take-back request to answer",
    "bad_text": "a text field is not valid Unicode text (e.g. half of a surrogate pair)",
    "not_text": "messages must be sent as WebSocket text frames",
    "undo_crosses_reveal": "this take-back would go back over something hidden that you have seen",
    "undo_already_refused": "the opponent already refused a take-back at this position",
    "opponent_not_to_move": "the absent opponent is not the one to move: no claim yet",
    "too_many_wrong_codes": "too many wrong room codes from your address; wait and try again",
    "rooms_too_fast": "this address created too many rooms in the last hour; try later",
}


class ProtocolError(Exception):
    """A refused message: `code` (a key of ERRORS), a sentence, and optional details."""

    def __init__(self, code: str, message: str = None, **details):
        super().__init__(message or ERRORS[code])
        self.code = code
        self.details = details

    def to_message(self, in_reply_to: str = None) -> dict:
        msg = {"type": "error", "code": self.code, "message": str(self)}
        if in_reply_to:
            msg["in_reply_to"] = in_reply_to
        msg.update(self.details)
        return msg


# Client -> server messages: field -> (check, required). Extra fields are ignored, so a
# newer client may add optional fields without breaking an older server of the same version.
def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _bool(v):
    return isinstance(v, bool)


def _str(limit):
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit


def _seat(v):
    return _int(v) and v in (0, 1)        # never 1.0 or True


def _clock(v):
    return _int(v) and v in CLOCK_CHOICES


def _count(v):
    return _int(v) and v >= 0


def _name(v):
    return isinstance(v, str) and len(v) <= MAX_NAME and len(v.encode("utf-8")) <= MAX_NAME_BYTES


CLIENT_MESSAGES = {
    "create": {"version": (_int, True), "agora": (_bool, False), "clock": (_clock, False),
               "seat": (_seat, False), "name": (_name, False), "first": (_seat, False)},
    "join": {"version": (_int, True), "room": (_str(16), True), "name": (_name, False)},
    "resume": {"version": (_int, True), "room": (_str(16), True), "token": (_str(100), True),
               "events_seen": (_count, False)},
    "action": {"seq": (_count, True), "action": (_str(MAX_ACTION), True)},
    "concede": {},
    "claim": {},
    "undo": {"seq": (_count, True)},
    "undo_answer": {"accept": (_bool, True)},
    "ping": {},
}
HANDSHAKES = ("create", "join", "resume")


def parse(raw, limits: Limits) -> dict:
    """Decode and check one client message; raises ProtocolError with the matching code."""
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > limits.max_message_bytes:
        raise ProtocolError("too_large", f"the message has {size} bytes; the limit is "
                            f"{limits.max_message_bytes}", limit=limits.max_message_bytes)
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):          # UnicodeDecodeError is a ValueError
        raise ProtocolError("bad_json") from None
    if not isinstance(msg, dict):
        raise ProtocolError("not_object")
    kind = msg.get("type")
    schema = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}",
                            known=sorted(CLIENT_MESSAGES))
    for field, (check, required) in schema.items():
        if field not in msg:
            if required:
                raise ProtocolError("bad_field", f"'{kind}' needs the field '{field}'", field=field)
        elif isinstance(msg[field], str) and not is_text(msg[field]):
            # JSON allows "\ud800"; no UTF-8 can hold it (the store and the socket would fail).
            raise ProtocolError("bad_text", f"the field '{field}' of '{kind}' is not valid "
                                "Unicode text", field=field)
        elif not check(msg[field]):
            raise ProtocolError("bad_field", f"the field '{field}' of '{kind}' has a wrong "
                                "value", field=field)
    return msg


def is_text(value: str) -> bool:
    """Can this string be written as UTF-8 (no lone surrogate)?"""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# Control, format (zero-width, bidirectional overrides), line/paragraph separators,
# surrogates and private-use characters never reach the opponent's screen.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
MAX_MARKS = 3                      # combining marks kept after one character


def clean_name(name) -> str:
    """A display name as the opponent will see it: invisible and control characters
    removed, spaces collapsed, at most MAX_MARKS combining marks in a row."""
    out, marks = [], 0
    for ch in name or "":
        category = unicodedata.category(ch)
        if ch.isspace() or category == "Zs":        # newlines and tabs too: one space
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
            continue
        if category in _UNSHOWN:
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS or not out:
                continue
        else:
            marks = 0
        out.append(ch)
    return "".join(out).strip()


def normalize_room(code: str) -> str:
    """Room codes are read case-insensitively, with spaces and dashes ignored."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def dumps(msg: dict) -> str:
    text = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
    if not is_text(text):   # never expected (text is checked on the way in); a frame that
        text = json.dumps(msg, separators=(",", ":"))   # cannot be sent would close the link
    return text


def version_mismatch(client_version) -> ProtocolError:
    return ProtocolError(
        "version_mismatch",
        f"this server speaks protocol version {VERSION} and your client speaks version "
        f"{client_version}: both players need the same version of Agora Duel",
        server_version=VERSION, client_version=client_version)


# -- client -> server builders (the client and the bot use these)

def create(agora=True, clock=0, seat=0, name=None, first=None) -> dict:
    msg = {"type": "create", "version": VERSION, "agora": agora, "clock": clock, "seat": seat}
    if name:
        msg["name"] = name
    if first is not None:
        msg["first"] = first
    return msg


def join(room, name=None) -> dict:
    msg = {"type": "join", "version": VERSION, "room": room}
    if name:
        msg["name"] = name
    return msg


def resume(room, token, events_seen=0) -> dict:
    return {"type": "resume", "version": VERSION, "room": room, "token": token,
            "events_seen": events_seen}


def action(seq, notation) -> dict:
    return {"type": "action", "seq": seq, "action": str(notation)}


def undo(seq) -> dict:
    return {"type": "undo", "seq": seq}


def undo_answer(accept) -> dict:
    return {"type": "undo_answer", "accept": bool(accept)}
