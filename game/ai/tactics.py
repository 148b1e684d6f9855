"""Exact short-range tactics: immediate wins and immediate threats.

`find_win(state, p)` searches p's own consecutive decisions (the rest of the current turn
and at most one extra turn) for a line that ends the game with p winning by a supremacy
(military, science or political). Only actions that can contribute to a supremacy are
tried (red and green cards, Senators, Wonders, Conspiracy triggers, and every follow-up
choice), within a node budget, so it stays cheap.

`near_supremacy(state, p)` is the cheap filter that decides whether searching is worth it.
"""

from ..actions import IllegalActionError
from .evaluate import political_need, _distance

WIN_COLORS = ("red", "green")


def near_supremacy(s, p, margin=0) -> bool:
    """Could p plausibly win by a supremacy within one turn?"""
    if s.result is not None:
        return False
    remaining = s.rules.capital - _distance(s, p)
    prepared = s.agora and any(st == 1 for _, st, _ in s.conspiracies[p])
    if remaining <= 4 + margin + (2 if prepared else 0):
        return True
    if len(s.info[p].symbols) >= 5 - (1 if margin else 0):
        return True
    if s.agora and political_need(s, p) <= 3 + margin + (2 if prepared else 0):
        return True
    return False


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
