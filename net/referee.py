"""The referee: a room's game, the only place the server touches the rules engine.

It rebuilds a game from its seed and actions, checks an action (seat, sequence number,
legality) before anything is stored, applies it, keeps the clocks, ends the game when the
engine or the server decides (a claim, a time loss), and writes what one seat may see:
`observation(seat)` and `events_for(seat)` only — never the seed or the full state.
"""

import time

from game import Action, IllegalActionError, new_game
from game.actions import FORFEITS, concede, forfeit
from game.savegame import FORMAT as SAVE_FORMAT, VERSION as SAVE_VERSION
from game.scoring import score_sheet
from game.takeback import reveals_to

from .protocol import ProtocolError

# The forfeits only the server plays (for the losing seat): never from a player's `action`.
SERVER_FORFEITS = frozenset(k for k in FORFEITS if k != "concede")


def build_state(room):
    """The room's game after every stored action (the engine is deterministic); sets the
    room's take-back floors on the way."""
    state = new_game(room.seed, agora=room.agora, first_player=room.first_player)
    room.floors = [0, 0]
    for count, (seat, text) in enumerate(room.actions, 1):
        _note_reveals(room, state.apply(_stored_action(state, seat, text)), count)
    return state


def _note_reveals(room, events, count):
    """After `count` actions: a take-back by a seat that these events showed something
    hidden must keep them all (game.takeback)."""
    for seat in (0, 1):
        if any(reveals_to(e, seat) for e in events):
            room.floors[seat] = count


def _stored_action(state, seat, text):
    if text in FORFEITS:
        return Action(seat, text)      # a forfeit may come from either seat
    if state.current_player != seat:
        raise IllegalActionError(f"stored action '{text}' was not made by the seat to move")
    return state.parse_action(text)


# -- actions

def check_action(room, seat, seq, text):
    """The engine Action for a player's message, or ProtocolError; changes nothing."""
    if not room.started:
        raise ProtocolError("not_started")
    if room.over:
        raise ProtocolError("game_over")
    state = room.state
    if seq != len(room.actions):       # checked first: a repeated action says so, whoever moves
        raise ProtocolError("stale_seq", f"the action answers position {seq} but the game is at "
                            f"position {len(room.actions)}", seq=len(room.actions))
    if state.current_player != seat:
        raise ProtocolError("not_your_turn", to_move=state.current_player)
    if " ".join(text.split()).lower() in SERVER_FORFEITS:   # the server's endings are its own
        raise ProtocolError("illegal_action", f"'{text}' is not legal now", action=text)
    try:
        return state.parse_action(text)
    except IllegalActionError:
        raise ProtocolError("illegal_action", f"'{text}' is not legal now", action=text) from None


def check_concession(room, seat):
    """The engine's concession Action for `seat`, or ProtocolError; changes nothing."""
    if not room.started:
        raise ProtocolError("not_started")
    if room.over:
        raise ProtocolError("game_over")
    return concede(seat)


def apply(room, action, now=None):
    """Play a checked action; returns True when the game is over afterwards."""
    now = time.monotonic() if now is None else now
    charge_clock(room, now)
    events = room.state.apply(action)
    room.actions.append([action.player, str(action)])
    _note_reveals(room, events, len(room.actions))
    room.updated = time.time()
    if room.state.is_terminal:
        room.outcome = room.state.result.to_dict()
        room.turn_started = None
    else:
        resume_clock(room, now)         # also after a pause for a take-back request
    return room.over


def end_by_server(room, winner, victory, now=None):
    """A result the server decides: 'forfeit' (a claim against an absent player) or 'time'.

    The loser's forfeit for that victory (game.actions.FORFEITS: `abandon`, `timeout`) is
    played through the engine, so the record replays to the same end everywhere."""
    apply(room, forfeit(1 - winner, victory), now)


# -- take-backs (asked by one seat, granted by the other)

def undo_target(room, seat):
    """How many actions stay if `seat` takes back its last decision (the opponent's replies
    go too), or None when it has none."""
    for i in range(len(room.actions) - 1, -1, -1):
        player, text = room.actions[i]
        if player == seat and text not in FORFEITS:
            return i
    return None


def take_back(room, count, now=None):
    """Go back to the position after the first `count` actions (a granted take-back)."""
    now = time.monotonic() if now is None else now
    charge_clock(room, now)
    del room.actions[count:]
    room.state = build_state(room)
    room.updated = time.time()
    resume_clock(room, now)


def takeback_floor(room, seat):
    """The fewest actions a take-back asked by `seat` may leave: none of what it has seen
    hidden may be shown again differently (a card turned up, a Conspiracy drawn, ...)."""
    return room.floors[seat]


# -- clocks (seconds left per seat; the seat that must decide is the one whose clock runs)

def start_clock(room, minute_seconds, now=None):
    if room.clock and room.remaining is None:
        room.remaining = [room.clock * minute_seconds] * 2
    if room.remaining is not None and room.started and not room.over:
        room.turn_started = time.monotonic() if now is None else now


def pause_clock(room, now=None):
    """No clock runs while a take-back request waits for its answer."""
    charge_clock(room, time.monotonic() if now is None else now)
    room.turn_started = None


def resume_clock(room, now=None):
    if room.remaining is not None and room.started and not room.over:
        room.turn_started = time.monotonic() if now is None else now


def running_seat(room):
    if room.remaining is None or room.turn_started is None or room.over:
        return None
    return room.state.current_player


def time_left(room, seat, now=None):
    if room.remaining is None:
        return None
    left = room.remaining[seat]
    if running_seat(room) == seat:
        left -= (time.monotonic() if now is None else now) - room.turn_started
    return max(0.0, left)


def charge_clock(room, now):
    seat = running_seat(room)
    if seat is not None:
        room.remaining[seat] = max(0.0, room.remaining[seat] - (now - room.turn_started))
        room.turn_started = now


# -- what a seat receives

def update_for(room, seat, since=0, now=None):
    """The `update` message for one seat: its observation and its events from `since`."""
    now = time.monotonic() if now is None else now
    state = room.state
    since = max(0, min(since, len(state.events)))
    observation = state.observation(seat)
    if room.over:
        observation.pop("legal_actions", None)   # a game the server ended waits for nobody
    return {
        "type": "update", "room": room.code, "seat": seat, "seq": len(room.actions),
        "events_from": since, "events": [e.to_dict() for e in state.events_for(seat, since)],
        "observation": observation,
        "to_move": None if room.over else state.current_player,
        "clocks": None if room.remaining is None else [time_left(room, s, now) for s in (0, 1)],
        "clock_running": running_seat(room),
        "away": [away_seconds(room, s, now) for s in (0, 1)],
        "names": list(room.names),
        "undo": room.undo_request,
        "over": room.over,
    }


def away_seconds(room, seat, now=None):
    since = room.away_since[seat]
    if since is None or room.connections[seat] is not None:
        return None
    return (time.monotonic() if now is None else now) - since


def record(room) -> dict:
    """The complete game in the saved-game format (docs/save-format.md), for both players
    once it is over: replaying `actions` from `seed` rebuilds every event and the result,
    also when the server decided it (the last action is then the loser's `abandon` or
    `timeout`)."""
    state = room.state
    outcome = room.outcome or {}
    scores = outcome.get("scores") or [score_sheet(state, 0), score_sheet(state, 1)]
    return {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "seed": room.seed, "agora": room.agora, "first_player": room.first_player,
        "mode": "online",
        "players": [{"name": room.names[s], "kind": "human"} for s in (0, 1)],
        "actions": [list(a) for a in room.actions],
        "created": room.created, "updated": room.updated,
        "summary": {"age": state.age, "phase": state.phase,
                    "scores": [scores[0]["total"], scores[1]["total"]],
                    "finished": room.over, "winner": outcome.get("winner"),
                    "victory": outcome.get("victory")},
        "options": {"online": {"room": room.code, "clock": room.clock}},
        "result": room.outcome,
    }
