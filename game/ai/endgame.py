"""Exact search of the end of Age III, where nearly every card is known.

When few cards are left in Age III, the rest of the game is small enough to search to
the end: every action (follow-ups included: progress tokens, destroy choices, Senate
actions, ...) down to the final score. `solve` does this on a few determinizations of the
player's information set (the hidden parts: face-down cards, the opponent's Conspiracies,
the box) and averages, per root action, the exact outcome in each (perfect-information
Monte Carlo; at this point of the game what is hidden barely matters).

The value of an ended game for seat `me` is its outcome (win 1, draw 0, loss -1) times
OUTCOME plus the point margin (clipped), so a sure win is preferred to a likely one and
a larger margin to a smaller one. Alpha-beta with a node budget: if the budget or the
deadline runs out before every determinization is solved, `solve` returns None and the
caller searches as usual.
"""

import time

from ..actions import IllegalActionError

OUTCOME = 100.0
MARGIN_CLIP = 40           # below OUTCOME / 2: a value's sign and size tell the outcome
EXACT_CARDS = (6, 4)       # cards left in Age III from which it tries (base, Agora: the
                           # Senate's follow-ups make Agora endings much bigger) ...
MORE_CARDS_AT = ((0.6, 1.5), (1.5,))   # ... and one card more from each of these budgets (s)
SAMPLES = 3                # determinizations searched
TIME_SHARE = 0.6           # share of the decision's budget it may use before giving up
NODE_BUDGET = 60000


class OutOfBudget(Exception):
    pass


def cards_left(s):
    """Cards still to be taken before the game ends (a large number before Age III)."""
    if s.result is not None or s.phase != "play" or s.age != 3:
        return 99
    return s.remaining


def exact_cards(s, seconds):
    """Cards left from which the exact search is tried with `seconds` per decision (each
    card more multiplies its work by about three)."""
    k = 1 if s.agora else 0
    return EXACT_CARDS[k] + sum(1 for t in MORE_CARDS_AT[k] if seconds >= t)


def final_value(s, me):
    r = s.result
    if r.winner is None:
        outcome = 0
    else:
        outcome = 1 if r.winner == me else -1
    margin = r.scores[me].get("total", 0) - r.scores[1 - me].get("total", 0)
    return outcome * OUTCOME + max(-MARGIN_CLIP, min(MARGIN_CLIP, margin))


def outcome_of(value):
    """The outcome a (mean) exact value stands for, as a chance: 1 won, 1/2 drawn, 0 lost;
    a mean over determinizations that disagree falls in between."""
    return max(0.0, min(1.0, 0.5 + value / (2 * (OUTCOME - MARGIN_CLIP))))


EXACT, LOWER, UPPER = 0, 1, 2      # what a stored value is: the value, or a bound of it


def position_key(s):
    """Everything the rest of the game depends on, as one hashable value.

    Two move orders that reach the same position (common at the end: each player's cards
    taken in another order) share one entry of the transposition table. Build order is
    not part of the rules, so cities, discards and tokens are keyed as sets (sorted)."""
    key = (s.pending and tuple(_hashable(step) for step in s.pending), s.age,
           tuple(s.structure), tuple(s.face_up), tuple(s.accessible), tuple(s.reveal_pending),
           tuple(s.coins), s.pawn, tuple(s.military_tokens), tuple(s.deferred_tokens),
           tuple(sorted(s.city[0])), tuple(sorted(s.city[1])),
           tuple(sorted(s.built[0].items())), tuple(sorted(s.built[1].items())),
           tuple(s.wonders[0]), tuple(s.wonders[1]), tuple(s.wonders_out),
           tuple(sorted(s.discard)), tuple(s.progress_board), tuple(s.progress_box),
           tuple(sorted(s.progress_owned[0])), tuple(sorted(s.progress_owned[1])),
           tuple(s.progress_locked), s.extra_turn, s.last_player, s._winner)
    if s.agora:
        key += (tuple(s.cubes), tuple(s.control), tuple(map(tuple, s.chamber_decrees)),
                tuple(s.decree_up), tuple(s.conspiracy_deck),
                tuple(s.conspiracies[0]), tuple(s.conspiracies[1]),
                tuple(sorted(s.senators[0])), tuple(sorted(s.senators[1])))
    return key


def _hashable(x):
    if isinstance(x, (list, tuple)):
        return tuple(_hashable(y) for y in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in x.items()))
    if isinstance(x, set):
        return tuple(sorted(x))
    return x


def _likely_better_first(action):
    """Move ordering for the cut-offs: constructions before discards (a discard is rarely
    a player's best move at the end of the game)."""
    return action.kind == "discard"


class Solver:
    """Alpha-beta to the end of the game on one complete state, for seat `me`, with a
    transposition table (`table`, may be shared by solvers of the same `me`)."""

    def __init__(self, me, node_budget, deadline, table=None):
        self.me = me
        self.nodes = 0
        self.budget = node_budget
        self.deadline = deadline
        self.table = {} if table is None else table

    def children(self, s):
        """(action, state after it) for every legal action, in the legal actions' order."""
        out = []
        for a in s.legal_actions():
            c = s.clone(record=False)
            try:
                c.apply(a)
            except IllegalActionError:      # an engine defect on a hypothetical line
                continue
            out.append((a, c))
        self.count(len(out))
        return out

    def count(self, new_nodes):
        self.nodes += new_nodes
        if self.nodes > self.budget or (self.nodes & 63 == 0 and time.perf_counter() > self.deadline):
            raise OutOfBudget

    def child_states(self, s):
        """The states after every legal action, ended games first (a win at once cuts
        the rest), otherwise in the legal actions' order."""
        ended, going_on = [], []
        for a in sorted(s.legal_actions(), key=_likely_better_first):
            c = s.clone(record=False)
            try:
                c.apply(a)
            except IllegalActionError:      # an engine defect on a hypothetical line
                continue
            (going_on if c.result is None else ended).append(c)
        self.count(len(ended) + len(going_on))
        return ended + going_on if ended else going_on

    def value(self, s, alpha, beta):
        if s.result is not None:
            return final_value(s, self.me)
        key = position_key(s)
        known = self.table.get(key)
        if known is not None:
            v, kind = known
            if kind == EXACT or (kind == LOWER and v >= beta) or (kind == UPPER and v <= alpha):
                return v
        v = self.search(s, alpha, beta)
        self.table[key] = (v, UPPER if v <= alpha else LOWER if v >= beta else EXACT)
        return v

    def search(self, s, alpha, beta):
        maximise = s.current_player == self.me
        kids = self.child_states(s)
        if maximise:
            best = -2 * OUTCOME
            for c in kids:
                v = self.value(c, alpha, beta)
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = 2 * OUTCOME
        for c in kids:
            v = self.value(c, alpha, beta)
            if v < best:
                best = v
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def root_values(self, s):
        """Exact value of every legal action at s (s's player is `me`)."""
        out = {}
        for a, c in self.children(s):
            out[a] = self.value(c, -2 * OUTCOME, 2 * OUTCOME)
        return out


def solve(states, me, node_budget=NODE_BUDGET, deadline=None):
    """Mean exact value of each root action over the given determinizations, or None when
    the search did not finish within the node budget / deadline."""
    if deadline is None:
        deadline = time.perf_counter() + 3600
    totals = {}
    nodes = 0
    table = {}          # positions are keyed in full, so determinizations may share it
    for s in states:
        solver = Solver(me, node_budget - nodes, deadline, table)
        try:
            values = solver.root_values(s)
        except OutOfBudget:
            return None
        nodes += solver.nodes
        for a, v in values.items():
            totals.setdefault(a, []).append(v)
    if not totals:
        return None
    n = len(states)
    # An action missing from a determinization (not legal there) counts as a loss there.
    return {a: (sum(vs) - (n - len(vs)) * OUTCOME) / n for a, vs in totals.items()}
