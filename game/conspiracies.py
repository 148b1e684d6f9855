"""Agora Conspiracy steps (Table B4) and the choices they ask for.

Each step kind is an effect in the shared vocabulary; a step with no possible target is
skipped (§A9.4). Choices that reveal secret information (Treason's removed cards, the box
tokens of Espionage and Obscurantism) are recorded in `secret_seen` for the chooser.
"""

from .actions import Action
from .registry import decision, effect
from .senate import cubes_on_board


def _cards_of(s, q, colors):
    cards = s.rules.cards
    return [c for c in s.city[q] if cards[c].color in colors]


def _card_actions(s, p, kind, cids):
    cards = s.rules.cards
    return [Action(p, kind, cards[c].name) for c in cids]


# C1 Extortion ---------------------------------------------------------------

@effect("take_opponent_wonder")
def _fx_extort(s, p, arg, source):
    if s.unbuilt_wonders(1 - p):
        s.push(("extort", p))


def _legal_extort(s, step):
    p = step[1]
    return [Action(p, "take", s.rules.wonders[w].name) for w in s.unbuilt_wonders(1 - p)]


@decision("extort", _legal_extort)
def _apply_extort(s, step, action):
    p = step[1]
    wid = s.rules.wonder_id[action.subject]
    s.wonders[1 - p].remove(wid)
    s.wonders[p].append(wid)
    if s.recording:
        s.record(("wonder", p, action.subject, "taken", 1 - p, s.cause))


# C2 Blackmail ---------------------------------------------------------------

@effect("take_opponent_coins")
def _fx_blackmail(s, p, arg, source):
    amount = (s.coins[1 - p] + 1) // 2          # half, rounded up
    s.lose_coins(1 - p, amount, source)
    s.gain_coins(p, amount, source)


# C3 Expropriation, C4 Swindle -----------------------------------------------
# The same choice as The Statue of Zeus / Circus Maximus: the base 'destroy' decision.

@effect("discard_opponent_card")
def _fx_discard_opponent(s, p, color, source):
    if _cards_of(s, 1 - p, (color,)):
        s.push(("destroy", p, color))


# C5 Obscurantism ------------------------------------------------------------

@effect("lock_progress_token")
def _fx_obscurantism(s, p, arg, source):
    if s.progress_board or s.progress_owned[1 - p] or s.progress_box:
        _seen(s, p, [], [s.rules.progress[t].name for t in s.progress_box], source)
        s.push(("lock", p))


def _legal_lock(s, step):
    p = step[1]
    names = s.rules.progress
    return ([Action(p, "lock", names[t].name, "board") for t in s.progress_board]
            + [Action(p, "lock", names[t].name, "opponent") for t in s.progress_owned[1 - p]]
            + [Action(p, "lock", names[t].name, "box") for t in s.progress_box])


@decision("lock", _legal_lock)
def _apply_lock(s, step, action):
    p = step[1]
    tid = s.rules.progress_id[action.subject]
    if action.target == "board":
        s.progress_board.remove(tid)
    elif action.target == "opponent":
        s.progress_owned[1 - p].remove(tid)
        s.refresh(1 - p)
    else:
        s.progress_box.remove(tid)
    s.progress_locked.append(tid)
    if s.recording:
        s.record(("progress_secret", p, action.subject, "locked", action.target, s.cause,
                 p if action.target == "box" else None))


# C7 Property Fraud ----------------------------------------------------------

def _top_row_buildings(s):
    cards = s.rules.cards
    return [slot for slot in s.layout.top_row
            if s.structure[slot] != -1 and not cards[s.structure[slot]].senator]


@effect("build_from_top_row")
def _fx_property_fraud(s, p, arg, source):
    if _top_row_buildings(s):
        s.push(("top_row", p))


def _legal_top_row(s, step):
    return _card_actions(s, step[1], "build", [s.structure[t] for t in _top_row_buildings(s)])


@decision("top_row", _legal_top_row)
def _apply_top_row(s, step, action):
    p = step[1]
    cid = s.rules.card_id[action.subject]
    slot = s.structure.index(cid)
    s.take_from_structure(slot)
    if s.recording:
        s.card_moved(p, cid, "structure", "city", to_player=p, slot=slot, reason=s.cause)
    s.construct(p, cid, "free")


# C8 Treason -----------------------------------------------------------------

def _seen(s, p, cards, tokens, source):
    """p looks at components secretly (Treason, Espionage, Obscurantism)."""
    s.secret_seen[p].extend(cards)
    s.secret_seen[p].extend(tokens)
    if s.recording:
        s.emit("seen", p, cards=tuple(cards), tokens=tuple(tokens), reason=s.reason(source),
               secret=p)


def _removed_so_far(s):
    return [c for age in range(1, s.age + 1) for c in s.removed[age]]


@effect("build_from_removed")
def _fx_treason(s, p, arg, source):
    cards = _removed_so_far(s)
    if cards:
        _seen(s, p, [s.rules.cards[c].name for c in cards], [], source)
        s.push(("treason", p))


def _legal_treason(s, step):
    return _card_actions(s, step[1], "build", _removed_so_far(s))


@decision("treason", _legal_treason)
def _apply_treason(s, step, action):
    cid = s.rules.card_id[action.subject]
    s.removed = {age: [c for c in cards if c != cid] for age, cards in s.removed.items()}
    if s.recording:
        s.card_moved(step[1], cid, "box", "city", to_player=step[1], reason=s.cause)
    s.construct(step[1], cid, "free")


# C10 Espionage --------------------------------------------------------------

@effect("take_boxed_progress")
def _fx_espionage(s, p, arg, source):
    if s.progress_box:
        _seen(s, p, [], [s.rules.progress[t].name for t in s.progress_box], source)
        s.push(("espionage", p))


def _legal_espionage(s, step):
    p = step[1]
    return [Action(p, "progress", s.rules.progress[t].name) for t in s.progress_box]


@decision("espionage", _legal_espionage)
def _apply_espionage(s, step, action):
    tid = s.rules.progress_id[action.subject]
    s.progress_box.remove(tid)
    s.gain_progress(step[1], tid, "box")


# C11 Turn of Events ---------------------------------------------------------

@effect("discard_accessible")
def _fx_turn_of_events(s, p, arg, source):
    if s.accessible:
        s.push(("scrap", p, arg.get("count", 1), arg.get("optional_more", 0)))


def _legal_scrap(s, step):
    p, mandatory = step[1], step[2]
    if not s.accessible:
        return []
    actions = _card_actions(s, p, "scrap", [s.structure[t] for t in s.accessible])
    if mandatory <= 0:
        actions.append(Action(p, "decline", "scrap"))
    return actions


@decision("scrap", _legal_scrap)
def _apply_scrap(s, step, action):
    _, p, mandatory, optional = step
    if action.kind == "decline":
        return
    slot = s.slot_of(action.subject)
    cid = s.take_from_structure(slot)
    s.discard.append(cid)
    if s.recording:
        s.card_moved(p, cid, "structure", "discard", slot=slot, reason=s.cause)
    s.reveal()                        # Turn of Events reveals at once (§A4, C.2 #1)
    if mandatory > 1:
        s.push(("scrap", p, mandatory - 1, optional))
    elif optional > 0:
        s.push(("scrap", p, 0, optional - 1))


# C12 Embezzlement -----------------------------------------------------------

@effect("coins_per_own_cube")
def _fx_embezzle(s, p, n, source):
    s.gain_coins(p, n * cubes_on_board(s, p), source)


@effect("opponent_loses_per_cube")
def _fx_embezzle_loss(s, p, n, source):
    s.lose_coins(1 - p, n * cubes_on_board(s, 1 - p), source)


# C13 Foreclosure ------------------------------------------------------------

@effect("take_opponent_card")
def _fx_foreclosure(s, p, colors, source):
    if _cards_of(s, 1 - p, colors):
        s.push(("foreclose", p, tuple(colors)))


def _legal_foreclose(s, step):
    return _card_actions(s, step[1], "take", _cards_of(s, 1 - step[1], step[2]))


@decision("foreclose", _legal_foreclose)
def _apply_foreclose(s, step, action):
    p = step[1]
    cid = s.rules.card_id[action.subject]
    s.city[1 - p].remove(cid)
    s.city[p].append(cid)
    if s.recording:
        s.card_moved(p, cid, "city", "city", frm_player=1 - p, to_player=p, reason=s.cause)
    s.refresh(0)
    s.refresh(1)


# C14 Coercion ---------------------------------------------------------------

@effect("swap_card")
def _fx_coercion(s, p, colors, source):
    if any(_cards_of(s, 0, (c,)) and _cards_of(s, 1, (c,)) for c in colors):
        s.push(("coerce", p, tuple(colors)))


def _legal_coerce(s, step):
    p, colors = step[1], step[2]
    cards = s.rules.cards
    return [Action(p, "swap", cards[theirs].name, cards[mine].name)
            for color in colors
            for theirs in _cards_of(s, 1 - p, (color,))
            for mine in _cards_of(s, p, (color,))]


@decision("coerce", _legal_coerce)
def _apply_coerce(s, step, action):
    p = step[1]
    theirs = s.rules.card_id[action.subject]
    mine = s.rules.card_id[action.target]
    s.city[1 - p].remove(theirs)
    s.city[p].append(theirs)
    s.city[p].remove(mine)
    s.city[1 - p].append(mine)
    if s.recording:
        s.card_moved(p, theirs, "city", "city", frm_player=1 - p, to_player=p, reason=s.cause)
    if s.recording:
        s.card_moved(p, mine, "city", "city", frm_player=p, to_player=1 - p, reason=s.cause)
    s.refresh(0)
    s.refresh(1)
    # Both players may now hold six symbols (a draw) or a new pair (active player first).
    six = [q for q in (p, 1 - p) if len(s.info[q].symbols) >= 6]
    if len(six) == 2:
        s.win(None, "science")
        return
    if six:
        s.win(six[0], "science")
        return
    pairs = []
    for q, got in ((p, theirs), (1 - p, mine)):
        symbol = s.rules.cards[got].science
        if symbol and s.info[q].symbols.get(symbol, 0) == 2:
            if s.recording:
                s.record(("science_pair", q, symbol))
            pairs.append(("progress", q))
    s.push(*pairs)


# C15 Insider Influence ------------------------------------------------------

@effect("move_decree")
def _fx_insider(s, p, arg, source):
    s.push(("move_decree", p))


def _legal_move_decree(s, step):
    p = step[1]
    names = [c.name for c in s.rules.chambers]
    return [Action(p, "move_decree", names[a], names[b])
            for a in range(6) if s.chamber_decrees[a]
            for b in range(6) if b != a]


@decision("move_decree", _legal_move_decree)
def _apply_move_decree(s, step, action):
    from .senate import move_decree, check_political
    ids = s.rules.chamber_id
    move_decree(s, ids[action.subject], ids[action.target])
    check_political(s)


# C16 Sabotage ---------------------------------------------------------------

@effect("return_opponent_wonder")
def _fx_sabotage(s, p, arg, source):
    if s.built[1 - p]:
        s.push(("sabotage", p))


def _legal_sabotage(s, step):
    p = step[1]
    return [Action(p, "sabotage", s.rules.wonders[w].name) for w in s.built[1 - p]]


@decision("sabotage", _legal_sabotage)
def _apply_sabotage(s, step, action):
    opp = 1 - step[1]
    wid = s.rules.wonder_id[action.subject]
    tucked = s.built[opp].pop(wid)
    s.wonders[opp].remove(wid)
    s.wonders_out.append(wid)
    s.discard.append(tucked)
    if s.recording:
        s.record(("wonder", step[1], action.subject, "returned", opp, s.cause))
    if s.recording:
        s.card_moved(step[1], tucked, "wonder", "discard", frm_player=opp, wonder=action.subject,
                     reason=s.cause)
    s.refresh(opp)
