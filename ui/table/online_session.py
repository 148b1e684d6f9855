"""An online game at the table: one seat's view of a game that a server referees (net/).

The same face to the game scene as ui/table/session.py's GameSession (state, log, viewer,
name, human_to_act, version, ...), but the client never holds the real game: each update
carries this seat's observation, and the table draws a full State sampled from it
(`game.ai.determinize`), consistent with everything the seat may know. The table only
draws what the seat may see, so what was sampled into hidden places (face-down cards,
the opponent's Conspiracies, the decks) never shows (tests/test_online_view.py). The log
and the animations come from the events the server sends for this seat, never from
comparing two states.

Moves are sent, not applied: `apply` hands the action to the link and the position changes
when the server's update comes back. The scene calls `poll()` once a frame; it drains the
link's queue and returns the changes to animate. When the game ends the server sends the
complete record: the real final position is rebuilt from it, and the game goes into the
history like any other (ui/files/saves.py).
"""
from __future__ import annotations

import json
import logging
import random
import time
from dataclasses import asdict, dataclass

from game.ai.determinize import determinize
from game.events import Event
from game.savegame import SavedGame, SaveError
from game.scoring import Result
from game.takeback import reveals_to
from ui.files import saves, storage
from ui.text.i18n import t
from ui.table.session import LogEntry
from ui.table.story import mask_for, story
from ui.table.text import quiet_line

log = logging.getLogger(__name__)
TICKET_FILE = "online.json"


def clock_text(seconds: float | None) -> str:
    """A clock or a time left as m:ss (a started second counts whole)."""
    if seconds is None:
        return ""
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


# --- coming back to a seat (after the window was closed or killed) ------------------------------

@dataclass
class Ticket:
    """What it takes to come back to a seat: the server, the room and the seat's secret token."""
    url: str
    room: str
    token: str
    seat: int
    name: str = ""
    host_port: int | None = None      # this window hosted the game: start its server again

    @classmethod
    def from_dict(cls, d) -> "Ticket | None":
        try:
            return cls(str(d["url"]), str(d["room"]), str(d["token"]), int(d["seat"]),
                       str(d.get("name") or ""), d.get("host_port"))
        except (KeyError, TypeError, ValueError):
            return None


def _ticket_path():
    folder = storage.saves_dir()
    return None if folder is None else folder.parent / TICKET_FILE


def load_ticket() -> Ticket | None:
    path = _ticket_path()
    if path is None or not path.exists():
        return None
    try:
        return Ticket.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def save_ticket(ticket: Ticket) -> None:
    path = _ticket_path()
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(ticket)), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("cannot keep the online seat's token: %s", exc)


def forget_ticket() -> None:
    path = _ticket_path()
    if path is not None:
        try:
            path.unlink()
        except OSError:
            pass


def server_folder():
    """Where a hosted server keeps its games (None: a temporary folder)."""
    folder = storage.saves_dir()
    return None if folder is None else folder.parent / "online-server"


# --- reading the server's messages ----------------------------------------------------------------

def wire_event(d: dict) -> Event:
    """An event as the server sends it (JSON: tuples became lists)."""
    return Event.from_dict({k: tuple(v) if isinstance(v, list) else v for k, v in d.items()})


def view_state(observation: dict, seq: int):
    """A full State for the table, consistent with the seat's observation. The same
    position always gives the same sample, so the table does not flicker."""
    return determinize(observation, random.Random(seq * 7919 + 17))


@dataclass
class Change:
    """One position the table moves to: animate `events` from `before` to `after`."""
    actor: int | None
    before: object
    after: object
    events: list
    reset: bool = False               # a take-back: no animation, the table is redrawn


class OnlineSession:
    mode = "online"
    replaying = False
    needs_handover = False
    thinking = None
    path = None
    save_error = None
    both_ai = False

    def __init__(self, link, name: str = "", *, ticket_for=None) -> None:
        self.link = link
        self.my_name = name
        self.ticket_for = ticket_for      # (url, host_port) to keep a Ticket once seated
        self.seat: int | None = None
        self.room: str | None = None
        self.token: str | None = None
        self.agora = True
        self.clock_minutes = 0
        self.names = ["", ""]
        self.state = None                 # the State the table shows (None until the game starts)
        self.latest = None                # the State of the latest update (shown after `pending`)
        self.pending: list = []           # changes received, not yet shown (one at a time)
        self.update = None                # the latest update message
        self.update_time = 0.0            # when it arrived (time.monotonic)
        self.events: list = []            # this seat's account of the game
        self.chunks: list = []            # (events end, action or None) per update: the log's lines
        self.log: list = []
        self.marks: list = []
        self.version = 0
        self.connection = "connecting"    # 'connecting', 'ok', 'lost'
        self.losses = 0                   # connections lost (and retried) so far
        self.failure: dict | None = None  # the link gave up: {'code', 'message'}
        self.opponent_away: dict | None = None   # {'since', 'claim_at'} (monotonic times)
        self.undo_request: dict | None = None    # the server's waiting request
        self.undo_refused = False         # our request was refused (said until the next move)
        self.refused_at: set = set()      # positions where our take-back was refused: not asked again
        self.reveal_at: int | None = None # the server said a take-back here would cross a reveal
        self.lost_since: float | None = None     # when the connection was lost (monotonic)
        self.sent_seq: int | None = None  # an action sent at this position, answer awaited
        self.record: dict | None = None
        self.saved: SavedGame | None = None
        self.notice: str | None = None
        self.claim_seconds = 300.0

    # --- who is who -----------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def viewer(self) -> int:
        return self.seat if self.seat is not None else 0

    @property
    def human_seat(self) -> int | None:
        return self.seat

    @property
    def looking(self) -> int:
        return self.viewer

    @property
    def secret_seat(self) -> int:
        return self.viewer

    second_person = human_seat

    @property
    def actor(self) -> int | None:
        return None if self.state is None else self.state.current_player

    def is_ai(self, seat) -> bool:
        return False

    @property
    def human_to_act(self) -> bool:
        """This seat must decide now, and has not sent its answer yet."""
        return (self.state is not None and not self.pending and self.record is None
                and self.actor == self.seat and self.sent_seq != self.seq
                and self.undo_request is None and not (self.update or {}).get("over"))

    @property
    def seq(self) -> int:
        return self.update["seq"] if self.update else 0

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return t("who.you")
        return self.names[seat].strip() or t("who.opponent")

    def player_name(self, seat: int) -> str:
        """The name a player gave (for headings), or "Player n"."""
        return self.names[seat].strip() or t("who.player", n=seat + 1)

    # --- what the clocks say ----------------------------------------------------------------------

    def clock_left(self, seat: int) -> float | None:
        if not self.update or self.update.get("clocks") is None:
            return None
        left = float(self.update["clocks"][seat])
        # Counted down between updates only while the server is heard: with the connection
        # lost (the host's window gone), the clock shows what the server said last.
        if self.update.get("clock_running") == seat and self.record is None and self.connection == "ok":
            left -= time.monotonic() - self.update_time
        return max(0.0, left)

    def away_seconds(self) -> float | None:
        if self.opponent_away is None:
            return None
        return time.monotonic() - self.opponent_away["since"]

    def claim_in(self) -> float | None:
        """Seconds until the win may be claimed against the absent opponent; None when nobody
        is away or the absence does not count yet (the absent seat is not the one to move)."""
        if self.opponent_away is None or self.opponent_away["claim_at"] is None:
            return None
        return max(0.0, self.opponent_away["claim_at"] - time.monotonic())

    @property
    def opponent(self) -> int:
        return 1 - self.viewer

    @property
    def host_gone(self) -> bool:
        """The connection is lost and this window does not host the game: the other
        player's window (or the server) must come back."""
        hosting = self.ticket_for is not None and self.ticket_for[1]
        return self.connection == "lost" and self.failure is None and not hosting

    # --- sending ----------------------------------------------------------------------------------------

    def apply(self, action) -> None:
        """Send the move (a concession from any seat at any moment); the update brings it back."""
        if action.kind == "concede":
            self.link.call("concede")
            return None
        if not self.human_to_act:
            return None
        self.sent_seq = self.seq
        self.link.call("act", str(action))
        return None

    def claim(self) -> None:
        self.link.call("claim")

    # --- take-backs: asked, and answered by the other player ---------------------------------------

    undo_allowed = True

    def undo_target(self) -> int | None:
        target = self._undo_candidate()
        if target is None or self.undo_unavailable() is not None:
            return None
        return target

    def _undo_candidate(self) -> int | None:
        if self.state is None or self.state.is_terminal or self.record is not None \
                or self.undo_request is not None or self.connection != "ok":
            return None
        history = self.state.history
        return next((i for i in range(len(history) - 1, -1, -1) if history[i].player == self.seat), None)

    def undo_unavailable(self) -> str | None:
        """Why the Undo control is off although this seat has a move to take back: refused
        before at this position, or it would cross something turned up (game/takeback.py)."""
        if self._undo_candidate() is None:
            return None
        if self.opponent_away is not None:
            # Asked now, the request would hold this seat's own move until the other returns.
            return t("takeback.blocked.absent", who=self.name(self.opponent))
        if self.seq in self.refused_at:
            return t("takeback.blocked.refused", who=self.name(self.opponent))
        if self.reveal_at == self.seq or self._reveal_since_my_move():
            return t("takeback.blocked.reveal")
        return None

    def _reveal_since_my_move(self) -> bool:
        """This seat's account shows something hidden turned up since its last decision
        (when the account tells where that decision began; the server decides otherwise)."""
        start, found = 0, None
        for end, action in self.chunks:
            if action is not None and action.player == self.seat:
                found = start
            elif action is None:
                found = None                # several moves in one update: where mine began is unknown
            start = end
        return found is not None and any(reveals_to(e, self.seat) for e in self.events[found:])

    @property
    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo(self) -> bool:
        """Ask the opponent to let this seat take back its last decision."""
        if not self.can_undo:
            return False
        self.undo_refused = False
        return self.link.call("ask_undo")

    @property
    def undo_asked_by_opponent(self) -> bool:
        return self.undo_request is not None and self.undo_request.get("seat") != self.seat

    @property
    def undo_waiting(self) -> bool:
        return self.undo_request is not None and self.undo_request.get("seat") == self.seat

    def undo_move(self) -> str:
        """The decision the waiting request would take back, in words ('' if unknown): the
        server's `move` (its notation) or the asker's action at that point of the history."""
        from ui.text.insight_text import move_label
        request = self.undo_request or {}
        notation = request.get("move")
        action = None
        history = self.latest.history if self.latest is not None else []
        to_seq = request.get("to_seq")
        if isinstance(to_seq, int) and 0 <= to_seq < len(history):
            action = history[to_seq]
        if action is not None and (not notation or str(action).lower() == str(notation).lower()):
            return move_label(action[1:], str(action), self.names)
        if isinstance(notation, str) and notation.strip():
            kind, _, rest = notation.strip().partition(" ")
            return move_label((kind, rest or None, None), notation, self.names)
        return ""

    def answer_undo(self, accept: bool) -> None:
        if self.undo_asked_by_opponent:
            self.link.call("answer_undo", accept)

    # --- receiving ---------------------------------------------------------------------------------------

    def poll(self) -> None:
        """Read what the server sent since the last frame (never waits)."""
        for msg in self.link.drain():
            change = self._receive(msg)
            if change is not None:
                self.pending.append(change)

    def advance(self) -> Change | None:
        """The next position to show (the scene asks once the table is still), or None."""
        if not self.pending:
            return None
        change = self.pending.pop(0)
        self.state = change.after
        self.version += 1
        return change

    def _receive(self, msg: dict):
        kind = msg.get("type")
        if kind == "entered":
            self._entered(msg)
        elif kind == "connection":
            self.connection = "ok" if msg.get("status") == "restored" else "lost"
            self.losses += self.connection == "lost"
            self.lost_since = time.monotonic() if self.connection == "lost" else None
            self.version += 1
        elif kind == "failed":
            self.failure = {"code": msg.get("code"), "message": msg.get("message", "")}
            self.connection = "lost"
        elif kind == "update":
            self.connection = "ok"
            return self._update(msg)
        elif kind == "presence":
            self._presence(msg)
        elif kind == "undo_request":
            self.undo_request = {k: msg.get(k) for k in ("seat", "to_seq", "seq", "move")}
            self.version += 1
        elif kind == "undo_answer":
            # withdrawn (a player left): not a refusal, the same position may be asked again
            if not msg.get("accept") and not msg.get("withdrawn") and msg.get("seat") != self.seat:
                self.undo_refused = True
                asked_at = (self.undo_request or {}).get("seq")
                self.refused_at.add(asked_at if isinstance(asked_at, int) else self.seq)
            self.undo_request = None
            self.version += 1
        elif kind == "over":
            return self._over(msg)
        elif kind == "notice":
            self.notice = msg.get("message")
        elif kind == "error":
            self._error(msg)
        return None

    def _entered(self, msg) -> None:
        self.lost_since = None
        self.connection = "ok"
        self.seat, self.room = msg["seat"], msg["room"]
        self.token = msg.get("token") or self.token
        self.agora, self.clock_minutes = bool(msg.get("agora", True)), int(msg.get("clock") or 0)
        self.claim_seconds = float((msg.get("limits") or {}).get("away_claim_seconds", 300.0))
        self.names = list(msg.get("names") or self.names)
        if self.seat is not None:
            self.names[self.seat] = self.names[self.seat] or self.my_name
        if self.ticket_for is not None and self.token:
            url, host_port = self.ticket_for
            save_ticket(Ticket(url, self.room, self.token, self.seat, self.my_name, host_port))

    def _presence(self, msg) -> None:
        if msg.get("seat") == self.seat:
            return
        self.version += 1
        if msg.get("connected"):
            self.opponent_away = None
        else:
            now = time.monotonic()
            claim_in = msg.get("claim_in")        # None: the absence does not count yet (not to move)
            self.opponent_away = {"since": now - float(msg.get("away_seconds") or 0.0),
                                  "claim_at": None if claim_in is None else now + float(claim_in)}

    def _error(self, msg) -> None:
        code = msg.get("code")
        if msg.get("in_reply_to") == "action":
            self.sent_seq = None            # refused: the decision is open again
        if code == "undo_already_refused":
            self.refused_at.add(self.seq)
        elif code == "undo_crosses_reveal":
            self.reveal_at = self.seq
        self.version += 1
        self.notice = t(f"online.error.{code}", who=self.name(self.opponent)) if code in ERROR_NOTES else None

    def _update(self, msg):
        before = self.latest
        previous_seq = self.seq
        start = msg["events_from"]
        taken_back = before is not None and msg["seq"] < previous_seq
        new = [wire_event(e) for e in msg["events"]]
        del self.events[start:]
        self.events.extend(new)
        self.update, self.update_time = msg, time.monotonic()
        self.names = [n or self.names[i] for i, n in enumerate(msg.get("names") or self.names)]
        self.undo_request = msg.get("undo")
        self.sent_seq = None
        self.lost_since = None
        self.notice = None
        self._away_from_update((msg.get("away") or [None, None])[1 - self.viewer], msg.get("to_move"))
        self.latest = view_state(msg["observation"], msg["seq"])
        if msg["seq"] != previous_seq:
            self.undo_refused = False
        if taken_back:                      # positions after this one belong to another line of play
            self.refused_at = {seq for seq in self.refused_at if seq < msg["seq"]}
            if self.reveal_at is not None and self.reveal_at >= msg["seq"]:
                self.reveal_at = None
        self.version += 1
        if before is None or taken_back:
            self._relog()                   # the whole account at once: nothing to animate
            self.pending.clear()
            return Change(None, before, self.latest, [], reset=True)
        if not new and msg["seq"] == previous_seq:
            return None                     # a request asked or answered: same position
        actions = self.latest.history[previous_seq:msg["seq"]]
        action = actions[0] if len(actions) == 1 else None
        self.chunks.append((len(self.events), action))
        self.marks.append(len(self.log))
        self.log = self.log + self._lines(new, action)
        actor = action.player if action is not None else (new[0].player if new else None)
        return Change(actor, before, self.latest, new)

    def _away_from_update(self, away, to_move) -> None:
        if away is None:
            self.opponent_away = None
            return
        # Known from the update (a resume; or the absent seat now to move, which an older server
        # tells with no presence message): the claim counts down while the absent seat is to
        # move. A presence message, when one comes, says it exactly.
        now = time.monotonic()
        counting = to_move == self.opponent
        claim_at = now + max(0.0, self.claim_seconds - away) if counting else None
        if self.opponent_away is None:
            self.opponent_away = {"since": now - away, "claim_at": claim_at}
        elif self.opponent_away["claim_at"] is None:
            self.opponent_away["claim_at"] = claim_at

    def _over(self, msg):
        """The end: the complete record arrives; the real final position is rebuilt from it."""
        if self.record is not None:
            return None                     # said again after a resume
        self.record = msg.get("record")
        result = msg.get("result") or {}
        before = self.latest
        try:
            saved = SavedGame.from_dict(self.record)
            final = saved.replay()
        except (SaveError, TypeError, ValueError, KeyError, AttributeError) as exc:
            log.warning("the server's record of the game does not replay: %s", exc)
            saved, final = None, self.latest
        if final is None:
            return None
        if final.result is None and result.get("victory"):
            # The server ended it (the opponent away too long, a clock): its outcome.
            final.result = Result(result.get("winner"), result["victory"],
                                  tuple(result.get("scores") or ()), bool(result.get("tiebreak")))
            self.log = self.log + [LogEntry(t(f"online.log.{result['victory']}",
                                              who=self.name(result.get("winner") or 0)))]
        self.latest = final
        self.version += 1
        if saved is not None:
            saved.options.setdefault("online", {})["seat"] = self.viewer
            saved.touch(final)
            self.saved = saved
            saves.game_over(None, saved)        # into the history: replay, analysis, statistics
        forget_ticket()
        return Change(None, before, final, [])

    # --- the log ----------------------------------------------------------------------------------------

    def _lines(self, events, action) -> list[LogEntry]:
        names = [self.name(0), self.name(1)]
        you = self.viewer
        mine = story(mask_for(events, you), self.latest.rules, you, names)
        if not mine and action is not None:
            who = t("events.who.you") if action.player == you else names[action.player]
            line = quiet_line(action, who)
            return [LogEntry(line, action.player)] if line else []
        return [LogEntry(text, seat) for seat, text in mine]

    def _relog(self) -> None:
        """Write the whole log again from the account (a resume, a take-back, a new language)."""
        held = len(self.events)
        self.chunks = [(end, a) for end, a in self.chunks if end <= held]
        if not self.chunks or self.chunks[-1][0] < held:
            self.chunks.append((held, None))
        log_lines = [LogEntry(t("online.log.start", room=self.room or ""))]
        marks = []
        start = 0
        for end, action in self.chunks:
            marks.append(len(log_lines))
            log_lines.extend(self._lines(self.events[start:end], action))
            start = end
        self.log, self.marks = log_lines, marks

    def rebuild_log(self) -> None:
        if self.latest is not None:
            self._relog()

    # --- the hot-seat and AI parts of the table's interface: nothing to do online ----------------

    def poll_ai(self):
        return None

    def cancel_ai(self, abandon: bool = False) -> None:
        pass

    def refresh_ai(self) -> None:
        pass

    def autosave(self) -> None:
        pass

    def news_for(self, seat, limit=8):
        return []

    def close(self) -> None:
        self.link.close()


# Refusals worth a word on the table (others are the client's own mistakes, never shown).
ERROR_NOTES = ("server_error", "nothing_to_undo", "undo_pending", "claim_too_early", "opponent_present",
               "undo_crosses_reveal", "undo_already_refused", "opponent_not_to_move")
