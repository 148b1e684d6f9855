"""Base-game decisions and automatic steps: the draft, turns, Ages, and follow-up choices.

Each decision has a `legal` function (the Actions a player may choose) and an `apply`
function. Automatic steps run as soon as they reach the top of the pending stack.
"""

from .actions import Action
from .events import TURN_EVENTS
from .registry import automatic, decision

# Wonder draft pick order relative to the first player: P1, P2, P2, P1 | P2, P1, P1, P2.
DRAFT_ORDER = (0, 1, 1, 0, 1, 0, 0, 1)
DRAFT_ROUND = 4


# ------------------------------------------------------------------ Wonder draft

def _legal_draft(s, step):
    p = step[1]
    names = s.rules.wonders
    return [Action(p, "draft", names[w].name) for w in s.draft_pool]


def _give_wonder(s, p, wid):
    s.draft_pool.remove(wid)
    s.wonders[p].append(wid)
    s.draft_pick += 1
    s.pending.append(("draft_next", None))
    w = s.rules.wonders[wid]
    if s.recording:
        s.record(("wonder", p, w.name, "drafted", None, None))
    if w.draft_effects:
        s.cause = ("wonder", wid)
    # Agora Wonders act when drafted (Curia Julia: conspire; Knossos: place a cube).
    s.push(*[("fx", p, kind, arg, ("draft", wid)) for kind, arg in w.draft_effects])


@decision("draft", _legal_draft)
def _apply_draft(s, step, action):
    _give_wonder(s, step[1], s.rules.wonder_id[action.subject])


@automatic("draft_next")
def _draft_next(s, step):
    k = s.draft_pick
    if k == len(DRAFT_ORDER):
        s.phase = "play"
        if not s.agora:            # with Agora, Age I was laid out before the draft
            s.deal_age(1)
        if s.recording:
            s.record(("age", s.first_player, 1, None))
        start_turn(s, s.first_player)
        return
    if not s.draft_pool:
        s.draft_pool = s.draft_deck[:DRAFT_ROUND]
        s.draft_deck = s.draft_deck[DRAFT_ROUND:]
        for w in s.draft_pool:
            if s.recording:
                s.record(("wonder", None, s.rules.wonders[w].name, "offered", None, None))
    p = s.first_player ^ DRAFT_ORDER[k]
    if len(s.draft_pool) == 1:
        _give_wonder(s, p, s.draft_pool[0])     # last Wonder of a round: no choice
    else:
        s.pending.append(("draft", p))


# ------------------------------------------------------------------ the turn

def _legal_turn(s, step):
    p = step[1]
    rules = s.rules
    cards = rules.cards
    coins = s.coins[p]
    table = rules.turn_actions[p]
    actions = []
    owned = s.conspiracies[p] if s.agora else ()
    if owned and step[2]:
        actions.extend(Action(p, "trigger", rules.conspiracies[c].name)
                       for c, status, _ in owned if status == 1)
    # Certainly affordable when coins cover every unit at the dearest price: no search.
    dearest = max(s._prices[p] or s.prices(p))
    wonder_rows = ()
    if s.standing_wonders() < 7:
        wonders = rules.wonders
        wonder_rows = [table.wonder[w] for w in s.unbuilt_wonders(p)
                       if wonders[w].units * dearest <= coins or s.wonder_price(p, w)[0] <= coins]
    prepare_rows = [table.prepare[c] for c, status, _ in owned if status == 0] if owned else ()
    recruit = s.agora and s.recruit_cost(p) <= coins
    price = s.building_price
    costs = s._costs[p]
    take, discard = table.take, table.discard
    append = actions.append
    structure = s.structure
    for slot in s.accessible:
        cid = structure[slot]
        c = cards[cid]
        if c.senator:
            if recruit:
                append(take[cid])
        elif (c.coin_cost + c.units * dearest <= coins
              or (costs.get(cid) or price(p, cid))[0] <= coins):
            append(take[cid])
        append(discard[cid])
        for row in wonder_rows:
            append(row[cid])
        for row in prepare_rows:
            append(row[cid])
    return actions


def start_turn(s, p):
    s.cause = None
    if s.recording:
        s.events.append(TURN_EVENTS[p])
    s.pending.append(("turn", p, True))


def pay(s, p, total, trade, name):
    """Pay `total` coins for `name`; with the opponent's Economy the trade part goes to them."""
    if total:
        s.coins[p] -= total
        if s.recording:
            s.coins_changed(p, -total, ("payment", name))
    if trade and s.info[1 - p].passive.get("trade_income"):
        s.gain_coins(1 - p, trade, ("trade", name))


@decision("turn", _legal_turn)
def _apply_turn(s, step, action):
    p = step[1]
    kind = action.kind
    if kind == "trigger":
        from .senate import trigger_prepared
        trigger_prepared(s, p, action.subject)
        return
    slot = s.slot_of(action.target if kind in ("wonder", "prepare") else action.subject)
    cid = s.take_from_structure(slot)
    s.last_player = p
    s.pending.append(("end_turn", p))
    name = s.rules.cards[cid].name
    if kind == "build":
        total, trade, chain = s.building_price(p, cid)
        if s.recording:
            s.card_from_structure(p, cid, "city", p, ("rule", "chain") if chain else None, slot)
        pay(s, p, total, trade, name)
        s.construct(p, cid, "chain" if chain else "normal")
    elif kind == "discard":
        if s.recording:
            s.card_from_structure(p, cid, "discard", None, None, slot)
        s.discard.append(cid)
        s.gain_coins(p, s.discard_value(p), ("discard", name))
    elif kind == "wonder":
        wid = s.rules.wonder_id[action.subject]
        total, trade = s.wonder_price(p, wid)
        if s.recording:
            s.card_from_structure(p, cid, "wonder", p, None, slot, action.subject)
        pay(s, p, total, trade, action.subject)
        s.construct_wonder(p, wid, cid)
    elif kind == "recruit":
        if s.recording:
            s.card_from_structure(p, cid, "senate", p, None, slot)
        cost = s.recruit_cost(p)
        if cost:
            s.coins[p] -= cost
            if s.recording:
                s.coins_changed(p, -cost, ("payment", name))
        s.pending.append(("recruit", p, cid, False))
    elif kind == "prepare":
        from .senate import prepare
        if s.recording:
            s.card_from_structure(p, cid, "conspiracy", p, None, slot)
        prepare(s, p, action.subject, cid)


@automatic("end_turn")
def _end_turn(s, step):
    p = step[1]
    s.reveal()
    replay, s.extra_turn = s.extra_turn, False
    if s.remaining == 0:
        _end_age(s)
    else:
        start_turn(s, p if replay else 1 - p)


def _end_age(s):
    if s.age == 3:
        s.win(None, "civilian")
        return
    s.deal_age(s.age + 1)
    # The militarily weaker player chooses who starts; at the centre, whoever played last.
    chooser = 1 if s.pawn > 0 else 0 if s.pawn < 0 else s.last_player
    s.pending.append(("start", chooser))


def _legal_start(s, step):
    p = step[1]
    return [Action(p, "start", "0"), Action(p, "start", "1")]


@decision("start", _legal_start)
def _apply_start(s, step, action):
    starter = int(action.subject)
    if s.recording:
        s.record(("age", starter, s.age, step[1]))
    start_turn(s, starter)


@automatic("construction_done")
def _construction_done(s, step):
    # Military tokens collected by a construction's shields act after its other effects.
    if s.deferred_tokens:
        steps = []
        for pusher, tid in s.deferred_tokens:
            steps.extend(s.token_steps(pusher, [tid]))
        s.deferred_tokens = []
        s.push(*steps)


@automatic("fx")
def _run_effect(s, step):
    from .registry import EFFECTS
    _, p, kind, arg, source = step
    s.cause = source              # a decision this effect asks for comes next: its reason
    EFFECTS[kind](s, p, arg, source)


# ------------------------------------------------------------------ follow-up choices

def _legal_progress(s, step):
    p = step[1]
    if not s.progress_board:
        return []
    tokens = s.rules.progress
    actions = [Action(p, "progress", tokens[t].name) for t in s.progress_board]
    actions.append(Action(p, "decline", "progress"))      # the rulebook's "may"
    return actions


@decision("progress", _legal_progress)
def _apply_progress(s, step, action):
    if action.kind == "decline":
        if s.recording:
            s.record(("progress", step[1], None, "declined", "board", None))
        return
    tid = s.rules.progress_id[action.subject]
    s.progress_board.remove(tid)
    s.gain_progress(step[1], tid)


def _legal_library(s, step):
    p = step[1]
    return [Action(p, "library", s.rules.progress[t].name) for t in step[2]]


@decision("library", _legal_library)
def _apply_library(s, step, action):
    tid = s.rules.progress_id[action.subject]
    s.progress_box.remove(tid)
    cause = s.cause                     # The Great Library (its effect asked for this choice)
    s.gain_progress(step[1], tid, "box")
    for other in step[2]:
        if other != tid:
            if s.recording:
                s.record(("progress_secret", step[1], s.rules.progress[other].name, "returned",
                         "library", cause, step[1]))


def _legal_destroy(s, step):
    p, color = step[1], step[2]
    cards = s.rules.cards
    return [Action(p, "destroy", cards[c].name) for c in s.city[1 - p] if cards[c].color == color]


@decision("destroy", _legal_destroy)
def _apply_destroy(s, step, action):
    opp = 1 - step[1]
    cid = s.rules.card_id[action.subject]
    s.city[opp].remove(cid)
    s.discard.append(cid)
    if s.recording:
        s.card_moved(step[1], cid, "city", "discard", frm_player=opp, reason=s.cause)
    s.refresh(opp)


def _legal_mausoleum(s, step):
    p = step[1]
    cards = s.rules.cards
    return [Action(p, "mausoleum", cards[c].name) for c in s.discard]


@decision("mausoleum", _legal_mausoleum)
def _apply_mausoleum(s, step, action):
    cid = s.rules.card_id[action.subject]
    s.discard.remove(cid)
    to = "senate" if s.rules.cards[cid].senator else "city"
    if s.recording:
        s.card_moved(step[1], cid, "discard", to, to_player=step[1], reason=s.cause)
    s.construct(step[1], cid, "free")
