"""Agora: influence cubes, Chamber control, Decrees, Senators and the Senate decisions.

Control is derived from the cube counts after every single cube change (§A7): losing a
Chamber drops its Decrees, gaining one reveals and takes them, and the military Decree
(a Decree with shields) pushes the pawn on each gain and loss (§A8). Political supremacy
is checked after every single change (§A11) — a Move is one change, checked once both its
Chambers are re-evaluated (§A5.3, §A17).
"""

from .actions import Action
from .registry import automatic, decision, effect
from .data import PREPARED, TRIGGERED, UNPREPARED  # noqa: F401  (a Conspiracy's status, also read from here)
from .state import CUBES

N_CHAMBERS = 6
SECTIONS = {"left": (0, 1), "middle": (2, 3), "right": (4, 5)}


# ------------------------------------------------------------------ cubes and control

def cubes_on_board(s, p) -> int:
    return sum(s.cubes[p::2])               # cubes[chamber * 2 + p], every Chamber


def supply(s, p) -> int:
    return CUBES - cubes_on_board(s, p)


def adjacent(ch):
    return [c for c in (ch - 1, ch + 1) if 0 <= c < N_CHAMBERS]


def _controller(s, ch):
    a, b = s.cubes[ch * 2], s.cubes[ch * 2 + 1]
    return 0 if a > b else 1 if b > a else None


def _military_decrees(s, decrees):
    rules_decrees = s.rules.decrees
    return sum(rules_decrees[d].shields for d in decrees)


def _military_reason(s, decrees):
    rules_decrees = s.rules.decrees
    for d in decrees:
        if rules_decrees[d].shields:
            return ("decree", rules_decrees[d].name)
    return None


def _pawn(s, pusher, n, decrees):
    """Push the pawn for a Decree gain/loss; its tokens act at once, by the pusher."""
    if n:
        tokens = s.push_pawn(pusher, n, _military_reason(s, decrees))
        if tokens:
            s.push(*s.token_steps(pusher, tokens))


def _reveal(s, ch, decrees):
    for d in decrees:
        if not s.decree_up[d]:
            s.decree_up[d] = True
            if s.recording:
                s.record(("decree", None, s.rules.decrees[d].name, ch, "revealed", None))


def _lose(s, ch, owner, decrees):
    s.control[ch] = None
    s.senate_changed()
    _pawn(s, 1 - owner, _military_decrees(s, decrees), decrees)


def _gain(s, ch, owner, decrees):
    s.control[ch] = owner
    s.senate_changed()
    _reveal(s, ch, decrees)
    _pawn(s, owner, _military_decrees(s, decrees), decrees)


def reevaluate(s, ch, check=True):
    """Re-derive control of one Chamber after a cube change (§A17); `check=False` leaves
    the supremacy check to the caller (a Move is one change: origin, destination, check)."""
    new = _controller(s, ch)
    old = s.control[ch]
    if new == old:
        return
    if s.recording:
        s.record(("control", new, ch, old))
    decrees = s.chamber_decrees[ch]
    if old is not None:
        _lose(s, ch, old, decrees)
    if new is not None and not s.over:
        _gain(s, ch, new, decrees)
    if check:
        check_political(s)


def check_political(s):
    if s.over:
        return
    first = s.control[0]
    if first is not None and all(c == first for c in s.control):
        s.win(first, "political")


def place(s, p, ch, by=None):
    s.cubes[ch * 2 + p] += 1
    if s.recording:
        s.record(("cube", p, ch, "placed", None, p if by is None else by, s.cause))
    reevaluate(s, ch)


def remove(s, p, ch, by=None):
    s.cubes[ch * 2 + p] -= 1
    if s.recording:
        s.record(("cube", p, ch, "removed", None, p if by is None else by, s.cause))
    reevaluate(s, ch)


def move(s, p, src, dst):
    # One event for the move; control of the source changes before the cube arrives.
    s.cubes[src * 2 + p] -= 1
    if s.recording:
        s.record(("cube", p, src, "moved", dst, p, s.cause))
    reevaluate(s, src, check=False)
    if s.over:
        # The game ended as the cube left: it never arrives, and the account says so.
        if s.recording:
            s.record(("cube", p, dst, "removed", None, p, ("rule", "game_over")))
        return
    s.cubes[dst * 2 + p] += 1
    reevaluate(s, dst, check=False)
    check_political(s)


def move_decree(s, src, dst):
    """Insider Influence (§A7.5): move the Decree of `src` under the one in `dst`."""
    decree = s.chamber_decrees[src].pop(0)
    s.chamber_decrees[dst].append(decree)
    s.senate_changed()
    if s.recording:
        s.record(("decree_secret", None, s.rules.decrees[decree].name, src, "moved", dst,
                 None if s.decree_up[decree] else "all"))
    x, y = s.control[src], s.control[dst]
    if x == y:
        return
    n = _military_decrees(s, [decree])
    if x is not None:
        _pawn(s, 1 - x, n, [decree])
    if y is not None and not s.over:
        _reveal(s, dst, [decree])
        _pawn(s, y, n, [decree])


# ------------------------------------------------------------------ naming helpers

def _chamber(s, ch):
    return s.rules.chambers[ch].name


def _chamber_index(s, name):
    return s.rules.chamber_id[name]


def _place_actions(s, p, chambers):
    if supply(s, p) == 0:
        return []
    return [Action(p, "place", _chamber(s, ch)) for ch in chambers]


def _move_actions(s, p):
    return [Action(p, "move", _chamber(s, ch), _chamber(s, dst))
            for ch in range(N_CHAMBERS) if s.cubes[ch * 2 + p]
            for dst in adjacent(ch)]


def _apply_cube_action(s, p, action):
    if action.kind == "place":
        place(s, p, _chamber_index(s, action.subject))
    elif action.kind == "move":
        move(s, p, _chamber_index(s, action.subject), _chamber_index(s, action.target))
    elif action.kind == "remove":
        remove(s, 1 - p, _chamber_index(s, action.subject), by=p)


# ------------------------------------------------------------------ Senators

@automatic("recruit")
def _recruit(s, step):
    """Senator into the city, then its effect (§A17 'Recruiting a Senator')."""
    _, p, cid, _free = step
    s.senators[p].append(cid)
    card = s.rules.cards[cid]
    s.cause = ("card", cid)
    if card.senator == "conspirator":
        if s.decree_value(p, "conspirator_extra_turn"):
            s.grant_extra_turn(p, ("decree", s._decree_name(p, "conspirator_extra_turn", True)))
        s.push(("conspirator", p))
    else:
        blue = s.info[p].count("blue") + s.decree_value(p, "senate_blue_bonus", 0)
        actions = 1 if blue <= 1 else 2 if blue <= 3 else 3
        s.push(("senate", p, card.section, actions))


def _legal_senate(s, step):
    p, section = step[1], step[2]
    actions = _place_actions(s, p, SECTIONS[section]) + _move_actions(s, p)
    if actions:
        actions.append(Action(p, "stop"))
    return actions


@decision("senate", _legal_senate)
def _apply_senate(s, step, action):
    _, p, section, left = step
    if action.kind == "stop":
        return
    s.cause = ("card", s.senators[p][-1])         # the Senator just recruited
    if left > 1:
        s.push(("senate", p, section, left - 1))
    _apply_cube_action(s, p, action)


def _legal_conspirator(s, step):
    p = step[1]
    return _place_actions(s, p, range(N_CHAMBERS)) + [Action(p, "conspire")]


@decision("conspirator", _legal_conspirator)
def _apply_conspirator(s, step, action):
    p = step[1]
    s.cause = ("card", s.senators[p][-1])         # the Senator just recruited
    if action.kind == "conspire":
        conspire(s, p)
    else:
        _apply_cube_action(s, p, action)


# ------------------------------------------------------------------ Conspiracy deck

def conspire(s, p):
    """Draw 2 Conspiracies; keep 1 (both with Organized Crime), the other to top/bottom."""
    drawn = s.conspiracy_deck[:2]
    s.conspiracy_deck = s.conspiracy_deck[2:]
    s.deck_knowledge = [[k for k in know if k[0] not in drawn] for know in s.deck_knowledge]
    names = s.rules.conspiracies
    for c in drawn:
        if s.recording:
            s.record(("conspiracy_secret", p, names[c].name, "drawn", None, p))
    if len(drawn) < 2 or s.info[p].passive.get("keep_both_conspiracies"):
        s.conspiracies[p].extend((c, UNPREPARED, -1) for c in drawn)
        for c in drawn:
            if s.recording:
                s.record(("conspiracy_secret", p, names[c].name, "kept", None, p))
        return
    s.push(("keep", p, tuple(drawn)))


@effect("conspire")
def _fx_conspire(s, p, arg, source):
    conspire(s, p)


def _legal_keep(s, step):
    p = step[1]
    return [Action(p, "keep", s.rules.conspiracies[c].name) for c in step[2]]


@decision("keep", _legal_keep)
def _apply_keep(s, step, action):
    p = step[1]
    kept = s.rules.conspiracy_id[action.subject]
    s.conspiracies[p].append((kept, UNPREPARED, -1))
    if s.recording:
        s.record(("conspiracy_secret", p, action.subject, "kept", None, p))
    other = [c for c in step[2] if c != kept][0]
    s.push(("return", p, other))


def _legal_return(s, step):
    p = step[1]
    name = s.rules.conspiracies[step[2]].name
    return [Action(p, "return", name, "top"), Action(p, "return", name, "bottom")]


@decision("return", _legal_return)
def _apply_return(s, step, action):
    p, cid = step[1], step[2]
    if action.target == "top":
        s.conspiracy_deck.insert(0, cid)
    else:
        s.conspiracy_deck.append(cid)
    if s.recording:
        s.record(("conspiracy_secret", p, s.rules.conspiracies[cid].name,
                 "returned_" + action.target, None, p))
    s.deck_knowledge[p].append((cid, action.target))


def _conspiracy_index(s, p, name, status):
    cid = s.rules.conspiracy_id[name]
    for i, (c, st, _) in enumerate(s.conspiracies[p]):
        if c == cid and st == status:
            return i
    raise ValueError(f"player {p} has no such Conspiracy: {name}")


def prepare(s, p, name, card):
    """Card action (d): tuck the card under an unprepared Conspiracy (§A9.2)."""
    i = _conspiracy_index(s, p, name, UNPREPARED)
    s.conspiracies[p][i] = (s.conspiracies[p][i][0], PREPARED, card)
    if s.recording:
        s.record(("conspiracy_secret", p, name, "prepared", card, p))


def _run_conspiracy(s, p, cid, card):
    src = ("conspiracy", cid)
    s.cause = src
    if s.recording:
        s.record(("conspiracy", p, s.rules.conspiracies[cid].name, "triggered",
                 None if card == -1 else card))
    s.push(*[("fx", p, kind, arg, src) for kind, arg in s.rules.conspiracies[cid].on_gain])


def trigger_prepared(s, p, name):
    """Start-of-turn trigger (§A9.3); the card action of the turn follows."""
    i = _conspiracy_index(s, p, name, PREPARED)
    cid, _, card = s.conspiracies[p][i]
    s.conspiracies[p][i] = (cid, TRIGGERED, card)
    s.push(("after_trigger", p))
    _run_conspiracy(s, p, cid, card)


@automatic("after_trigger")
def _after_trigger(s, step):
    p = step[1]
    if s.remaining == 0:        # Property Fraud / Turn of Events took the last card
        s.last_player = p
        s.pending.append(("end_turn", p))
    else:
        s.pending.append(("turn", p, False))


@effect("trigger_unprepared_conspiracy")
def _fx_curia_julia(s, p, arg, source):
    if any(st == UNPREPARED for _, st, _ in s.conspiracies[p]):
        s.push(("trigger_unprepared", p))


def _legal_trigger_unprepared(s, step):
    p = step[1]
    names = {s.rules.conspiracies[c].name for c, st, _ in s.conspiracies[p] if st == UNPREPARED}
    return [Action(p, "trigger", n) for n in sorted(names)] + [Action(p, "decline", "trigger")]


@decision("trigger_unprepared", _legal_trigger_unprepared)
def _apply_trigger_unprepared(s, step, action):
    p = step[1]
    if action.kind == "decline":
        return
    i = _conspiracy_index(s, p, action.subject, UNPREPARED)
    cid = s.conspiracies[p][i][0]
    s.conspiracies[p][i] = (cid, TRIGGERED, -1)
    _run_conspiracy(s, p, cid, -1)


# ------------------------------------------------------------------ cube effects

@effect("place_cube")
def _fx_place(s, p, arg, source):
    if supply(s, p):
        s.push(("place", p))


def _legal_place(s, step):
    return _place_actions(s, step[1], range(N_CHAMBERS))


@decision("place", _legal_place)
def _apply_place(s, step, action):
    _apply_cube_action(s, step[1], action)


@effect("remove_opponent_cube")
def _fx_remove(s, p, arg, source):
    if cubes_on_board(s, 1 - p):
        s.push(("remove", p))


def _legal_remove(s, step):
    p = step[1]
    return [Action(p, "remove", _chamber(s, ch)) for ch in range(N_CHAMBERS)
            if s.cubes[ch * 2 + 1 - p]]


@decision("remove", _legal_remove)
def _apply_remove(s, step, action):
    _apply_cube_action(s, step[1], action)


@effect("may_move_cube")
def _fx_may_move(s, p, arg, source):
    if cubes_on_board(s, p):
        s.push(("may_move", p))


def _legal_may_move(s, step):
    p = step[1]
    actions = _move_actions(s, p)
    return actions + [Action(p, "decline", "move")] if actions else []


@decision("may_move", _legal_may_move)
def _apply_may_move(s, step, action):
    if action.kind != "decline":
        _apply_cube_action(s, step[1], action)
