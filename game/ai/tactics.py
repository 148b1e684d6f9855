"""Exact short-range tactics: immediate wins and immediate threats.

`find_win(state, p)` searches p's own consecutive decisions (the rest of the current turn
and at most one extra turn) for a line that ends the game with p winning by a supremacy
(military, science or political). Only actions that can contribute to a supremacy are
tried (red and green cards, Senators, Wonders, Conspiracy triggers, and every follow-up
choice), within a node budget, so it stays cheap.

`near_supremacy(state, p)` is the cheap filter that decides whether searching is worth it.

`forced_win(state, opp, turns=2)` looks further: can opp force a supremacy within two of
its own turns whatever the other player does in between (extra turns included)? With
`political`, a Senate close to being all the opponent's is searched too (`near_two_turns`).
"""

import time

from ..actions import IllegalActionError
from .evaluate import cube_terms, evaluate, political_need, _distance

WIN_COLORS = ("red", "green")


def near_supremacy(s, p, margin=0, political=True) -> bool:
    """Could p plausibly win by a supremacy within one turn (`margin`: a little further)?
    `political=False` leaves political supremacy out (the two-turn search does, to stay
    fast in Agora; the one-turn checks still cover it)."""
    if s.result is not None:
        return False
    remaining = s.rules.capital - _distance(s, p)
    prepared = s.agora and any(st == 1 for _, st, _ in s.conspiracies[p])
    if remaining <= 4 + margin + (2 if prepared else 0):
        return True
    if len(s.info[p].symbols) >= 5 - (1 if margin else 0):
        return True
    if political and s.agora and political_need(s, p) <= 3 + margin + (2 if prepared else 0):
        return True
    return False


DEEP_POLITICAL_NEED = 4   # cubes short of every Chamber at which `political` searches two turns


def senate_near(s, p) -> bool:
    """Does p lack at most DEEP_POLITICAL_NEED cubes of every Chamber (two more with a
    prepared Conspiracy)? Then a search several turns deep looks at political lines."""
    if not s.agora or s.result is not None:
        return False
    prepared = any(st == 1 for _, st, _ in s.conspiracies[p])
    return political_need(s, p) <= DEEP_POLITICAL_NEED + (2 if prepared else 0)


def near_two_turns(s, p, political=False) -> bool:
    """The filter of the search beyond one turn: a military or science supremacy near
    enough (`near_supremacy`, margin 2), or with `political`, the Senate (`senate_near`)."""
    return (near_supremacy(s, p, margin=2, political=False)
            or (political and senate_near(s, p)))


def _useful(s, p, a):
    """Can this action be part of an immediate win?"""
    kind = a.kind
    if kind == "build":
        if s.decision != "turn":
            return True
        c = s.rules.cards[s.rules.card_id[a.subject]]
        return c.color in WIN_COLORS
    if kind in ("discard", "prepare", "stop", "decline"):
        return kind == "decline" and s.decision not in ("may_move", "progress")
    if kind == "move":
        src = s.rules.chamber_id[a.subject]
        dst = s.rules.chamber_id[a.target]
        cubes = s.cubes
        if s.control[dst] == p:
            return False              # already held: moving in gains nothing right now
        lead = cubes[src * 2 + p] - cubes[src * 2 + 1 - p]
        return lead >= 2 or s.control[src] != p
    return True


def _candidates(s, p):
    legal = s.legal_actions()
    out = []
    wonders_seen = set()
    for a in legal:
        if a.kind == "wonder":
            if a.subject in wonders_seen:
                continue
            wonders_seen.add(a.subject)
            out.append(a)
        elif _useful(s, p, a):
            out.append(a)
    return out


def find_win(s, p, budget=500, max_turns=2):
    """A list of actions from `s` with which p wins at once, or None."""
    if s.current_player != p:
        return None
    left = [budget]

    def rec(state, turns):
        for a in _candidates(state, p):
            left[0] -= 1
            if left[0] < 0:
                return None
            c = state.clone()
            try:
                c.apply(a)
            except IllegalActionError:      # engine defect on a hypothetical line: skip it
                continue
            if c.result is not None:
                if c.result.winner == p and c.result.victory != "civilian":
                    return [a]
                continue
            if c.current_player != p:
                continue
            t = turns
            if c.decision == "turn" and c.pending[-1][2]:
                t += 1
                if t >= max_turns:
                    continue
            sub = rec(c, t)
            if sub:
                return [a] + sub
            if left[0] < 0:
                return None
        return None

    return rec(s, 0)


def opponent_threatens(c, opp, budget=500) -> bool:
    """After our move (state c), can `opp` win at once on their turn?"""
    if c.result is not None or c.current_player != opp:
        return False
    if not near_supremacy(c, opp):
        return False
    return find_win(c, opp, budget) is not None


# ------------------------------------------------------------ threats two turns deep

CUBE_DECISIONS = ("senate", "place", "remove", "may_move", "conspirator")


def settle(s):
    """Play greedily every follow-up of the turn just taken (progress token, Senate
    actions, Conspiracy choices, the next Age's start player ...) until a fresh turn."""
    guard = 0
    while s.result is None and s.pending and guard < 40:
        step = s.pending[-1]
        if step[0] == "turn" and step[2]:
            break
        if step[0] == "draft":
            break
        p = s.current_player
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
        else:
            best, best_v = legal[0], -float("inf")
            quick = step[0] in CUBE_DECISIONS
            for a in legal:
                c = s.clone()
                try:
                    c.apply(a)
                except IllegalActionError:
                    continue
                v = (evaluate(c, p) if c.result is not None else
                     cube_terms(c, p) if quick else evaluate(c, p, (), tempo=False))
                if v > best_v:
                    best, best_v = a, v
            s.apply(best)
        guard += 1
    return s


def _fresh_turn(s):
    """Is the decision on top a fresh turn (or the draft), not a follow-up of one?"""
    if not s.pending:
        return True
    step = s.pending[-1]
    return step[0] == "draft" or (step[0] == "turn" and step[2])


RESCUE_ENDS = 24          # ends of turn a rescue may check


def rescue(s, me, lost, ends=RESCUE_ENDS, deadline=None):
    """A way for `me` to finish the turn under way in `s` (its follow-ups: Senate actions,
    a Conspirator's choice, a progress token ...) that ends where `lost(state)` is false:
    (the follow-up actions, the state at the end of the turn), or None if none is found
    within `ends` ends of turn. The checks judge a move by its greedy follow-ups; but each
    follow-up is a decision of its own, checked again when it comes, so a move whose one
    blocking follow-up is not the greedy one (a Senator placed where the opponent's
    political supremacy would close) is still a safe move. Past `deadline` (perf_counter
    seconds) it gives up."""
    if s.result is not None or s.current_player != me or _fresh_turn(s):
        return None
    left = [ends]

    def rec(st, line):
        if st.result is None and st.current_player == me and not _fresh_turn(st) \
                and len(line) < 12:
            for a in st.legal_actions():
                if left[0] <= 0 or (deadline is not None and time.perf_counter() > deadline):
                    return None
                c = st.clone()
                try:
                    c.apply(a)
                except IllegalActionError:
                    continue
                got = rec(c, line + [a])
                if got:
                    return got
            return None
        left[0] -= 1
        return None if lost(st) else (line, st)

    return rec(s, [])


def _supremacy_win(s, p):
    return s.result is not None and s.result.winner == p and s.result.victory != "civilian"


def _turns(s, left):
    """Every turn the player to move can take from `s`, each played to its end."""
    for a in s.legal_actions():
        if left[0] <= 0:
            return
        left[0] -= 1
        c = s.clone()
        try:
            c.apply(a)
            settle(c)
        except IllegalActionError:          # engine defect on a hypothetical line: skip it
            continue
        yield a, c


def _escape_order(s, opp, actions, political=False):
    """Moves most likely to spoil the opponent's plan first: red and green cards (and,
    with `political`, Senators) taken or discarded, then Wonders, then the rest."""
    def key(a):
        if a.kind == "recruit":
            return 0 if political else 3
        if a.kind in ("build", "discard") and a.subject in s.rules.card_id:
            c = s.rules.cards[s.rules.card_id[a.subject]]
            return 0 if c.color in WIN_COLORS or (political and c.senator) else 2
        return 1 if a.kind == "wonder" else 3
    return sorted(actions, key=key)


def forced_win(s, opp, turns=2, left=None, political=False, deadline=None):
    """Can `opp` force a supremacy win within `turns` of its own turns from `s`,
    whatever the other player does in between? Extra turns count as turns of their own.
    The search is exact over turn-level moves (follow-ups are played greedily) within a
    node budget, and `deadline` (perf_counter seconds; None: none); when either runs out,
    it answers no. `political`: political supremacy is searched beyond one turn too
    (`near_two_turns`)."""
    if left is None:
        left = [2500]
    if s.result is not None:
        return _supremacy_win(s, opp)
    if left[0] <= 0:
        return False
    if deadline is not None and time.perf_counter() > deadline:
        left[0] = 0
        return False
    me = 1 - opp
    if s.current_player == opp:
        if near_supremacy(s, opp) and find_win(s, opp, budget=200) is not None:
            left[0] -= 50
            return True
        left[0] -= 50
        if turns <= 1 or not near_two_turns(s, opp, political):
            return False
        for _, c in _turns(s, left):
            if _supremacy_win(c, opp):
                return True
            if c.result is None and forced_win(c, opp, turns - 1, left, political, deadline):
                return True
        return False
    # `me` to move: one move that spoils every continuation is enough.
    if not (near_two_turns(s, opp, political) if turns > 1 else near_supremacy(s, opp)):
        return False
    moves = _escape_order(s, opp, s.legal_actions(), political)
    for a in moves:
        if left[0] <= 0:
            return False
        left[0] -= 1
        c = s.clone()
        try:
            c.apply(a)
            settle(c)
        except IllegalActionError:
            continue
        if c.result is not None:
            if not _supremacy_win(c, opp):
                return False
            continue
        if not forced_win(c, opp, turns, left, political, deadline):
            return False
    return True
