"""The search player `hard`: information-set Monte Carlo tree search guided by the heuristic.

One tree is grown over the acting player's information set (single-observer IS-MCTS):
every iteration draws a full game state consistent with the observation (from a pool
of determinizations, `determinize.py`), walks down the tree playing the tree's actions
in that state, and backs the result up. The tree is keyed by actions, so the hidden
parts (face-down cards, the opponent's Conspiracies, the decks) differ from iteration to
iteration and the statistics average over them; a child's exploration term counts only
the iterations in which its action was available (ISMCTS "availability").

Guidance from the heuristic (`evaluate.py`, `heuristic.py`):
- the tree branches on turn-level decisions (card actions, Wonder draft, start player);
  the follow-ups of a turn (progress token, Senate actions, Conspiracy choices, ...) are
  played greedily by the acting player's one-ply evaluation. The decision being asked
  at the root is always searched, whatever its kind;
- priors (PUCT): the root's children use the full one-ply scores of the `one-ply` player;
  deeper nodes use quick per-action gains (`evaluate.card_gain`, Wonder and Conspiracy
  values), so the search looks first at what a sensible player would do;
- leaves are not played out at random: the position is scored by `evaluate` and turned
  into a winning chance with a logistic curve (ended games count 1, 0 or 1/2).
- exact tactics on top: an immediate win found by `tactics.find_win` is played at once,
  and a root move that leaves the opponent an immediate win is avoided when possible.
- `hard` keeps its tree: the next search starts from the node that the moves played since
  lead to (`subtree`), with what the last search grew below it.

The budget is `think_seconds` per decision (default 2 s); `iterations` fixes the number
of iterations instead (deterministic, for tests). More time gives a deeper, more
accurate tree.
"""

import math
import time

from ..actions import Action, IllegalActionError
from .players import Player, register
from . import endgame
from .determinize import Determinizer
from .draft import draft_choice
from .evaluate import (WEIGHTS, WIN, _card_gain, conspiracy_value, cube_terms, evaluate,
                       marginal_coin, tables, win_chance, wonder_gain)
from .heuristic import Lookahead, _match, safe_choice
from .tactics import find_win, near_supremacy, near_two_turns

EDGE_DECISIONS = ("turn", "draft", "start")
C_PUCT = 0.6             # `hard` (eleventh round: 0.6 against 1.0, 263 of 500 games)
QUICK_C_PUCT = 1.0       # `normal`, as measured in the seventh and eighth rounds
PRIOR_TEMPERATURE = 2.5  # softmax temperature of the priors (points)
POOL = 24                # determinizations drawn per decision
CUBE_DECISIONS = ("senate", "place", "remove", "may_move", "conspirator")
SAFETY_CHECKS = 8        # root moves checked against an immediate win of the opponent
CHANCE_FLOOR = 1e-3      # a root move's chance in the threat check is never quite nothing
THREAT_SHARE = 0.25      # Agora, a clocked player near a supremacy: the budget's share left to the check
SETTLED_CHECK_EVERY = 16  # iterations between checks that the choice can still change
BANK_SPEND = 2.0         # a close decision may take up to this many budgets more from the bank
BANK_MAX = 3.0           # at most this many budgets are kept in the bank
BANK_SHARE = 0.35        # share of the bank every searched decision adds to its budget
CLOSE_SHARE = 0.2        # runner-up visits / leader visits above which a decision is close
UPGRADE_VISITS = 4       # a node visited this often gets one-ply priors and values
QUICK_SECONDS = 0.04     # `normal`: the search's budget per decision
QUICK_POOL = 8           # `normal`: determinizations (a few dozen iterations share them)
# In Age III few cards are left, a forced military or science win a few turns deep is cheap
# to find, and a search whose evaluation reads the pawn's zone calmly misses it: `hard`
# checks its choice four of the opponent's turns deep there (about 5-60 ms a search).
LATE_THREAT_TURNS = 4
LATE_THREAT_NODES = 60000
EXACT_CHANCE_CAP = 0.99   # the winning chance of an exact value for the threat check


class Node:
    __slots__ = ("children", "n", "w", "avail", "prior", "mover", "seeded")

    def __init__(self, mover=None, prior=0.0):
        self.children = {}
        self.n = 0
        self.w = 0.0              # summed value for `mover` (the player who chose this edge)
        self.avail = 0
        self.prior = prior
        self.mover = mover
        self.seeded = False       # children valued by the one-ply lookahead


def is_edge(s):
    if s.result is not None or not s.pending:
        return False
    step = s.pending[-1]
    return step[0] in ("draft", "start") or (step[0] == "turn" and step[2])


def finish_followups(s, hidden=()):
    """Play greedily every follow-up decision until the next turn-level decision."""
    guard = 0
    while s.result is None and s.pending and not is_edge(s) and guard < 40:
        p = s.current_player
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
        else:
            best, best_v = None, -math.inf
            quick = s.pending[-1][0] in CUBE_DECISIONS
            for a in legal:
                c = s.clone()
                c.apply(a)
                if c.result is not None:
                    v = evaluate(c, p)
                elif quick:
                    v = cube_terms(c, p)
                else:
                    v = evaluate(c, p, (), tempo=False)
                if v > best_v:
                    best, best_v = a, v
            s.apply(best)
        guard += 1


def quick_score(s, a, T, gains=None):
    """A fast estimate of action a's worth for the player to move (for priors).

    `gains` (a `CardGains`) shares card gains between the actions of one position."""
    if gains is None:
        gains = CardGains(s, T)
    p = a.player
    kind = a.kind
    if kind == "build" or kind == "recruit":
        cid = s.rules.card_id[a.subject]
        return gains.own(p, cid) + gains.denial(1 - p, cid)
    if kind == "discard":
        cid = s.rules.card_id[a.subject]
        return gains.discard(p) + gains.denial(1 - p, cid)
    if kind == "wonder":
        wid = s.rules.wonder_id[a.subject]
        cid = s.rules.card_id[a.target]
        g = wonder_gain(s, p, wid, T) - s.wonder_price(p, wid)[0] * gains.coin(p)
        return g + gains.denial(1 - p, cid)
    if kind == "prepare":
        cid = s.rules.card_id[a.target]
        con = s.rules.conspiracy_id[a.subject]
        return 0.4 * conspiracy_value(s, p, con, T) + gains.denial(1 - p, cid)
    if kind == "trigger":
        return conspiracy_value(s, p, s.rules.conspiracy_id[a.subject], T)
    return 0.0


class CardGains:
    """`card_gain` values of one position, each computed once: a card is usually the
    subject of several actions (build, discard, a Wonder or Conspiracy with it), and the
    marginal coin value and discard gain are the same for all of a player's cards."""

    __slots__ = ("s", "T", "coins", "gains")

    def __init__(self, s, T):
        self.s = s
        self.T = T
        self.coins = {}          # player -> (marginal coin value, discard gain)
        self.gains = {}          # (player, card id) -> card_gain

    def _coin_and_discard(self, p):
        got = self.coins.get(p)
        if got is None:
            mc = marginal_coin(self.s.age, self.s.coins[p])
            got = self.coins[p] = (mc, self.s.discard_value(p) * mc)
        return got

    def coin(self, p):
        return self._coin_and_discard(p)[0]

    def discard(self, p):
        return self._coin_and_discard(p)[1]

    def own(self, p, cid):
        """card_gain(s, p, cid, T): p's gain of taking the card."""
        key = (p, cid)
        g = self.gains.get(key)
        if g is None:
            mc, discard = self._coin_and_discard(p)
            g = self.gains[key] = _card_gain(self.s, p, cid, self.T, WEIGHTS, mc, discard)
        return g

    def denial(self, opponent, cid):
        """The prior's bonus for taking a card the opponent would gain from."""
        return 0.3 * min(self.own(opponent, cid), 10.0)


def softmax(scores, temperature=PRIOR_TEMPERATURE):
    top = max(scores)
    ex = [math.exp((min(x, top) - top) / temperature) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]


@register("hard")
class SearchPlayer(Player):
    """IS-MCTS with heuristic priors and evaluation (see the module docstring)."""

    default_seconds = 2.0
    upgrade_visits = UPGRADE_VISITS
    endgame = True               # solve the last cards of Age III exactly
    c_puct = C_PUCT
    prior_temperature = PRIOR_TEMPERATURE
    chance_prior_visits = 0       # visits of the root's mean in a threat-checked move's chance
    pool_size = POOL
    iterations = None            # set for a fixed number of iterations (tests)
    close_share = CLOSE_SHARE
    bank_spend = BANK_SPEND
    bank_share = BANK_SHARE
    draft_by_values = True       # draft by measured Wonder values (game/ai/draft.py)
    late_threat_turns = LATE_THREAT_TURNS   # depth of the threat check in Age III
    late_threat_nodes = LATE_THREAT_NODES
    fpu_parent = True            # an untried child starts at its parent's value, not 1/2
    threat_clock = False         # the threat check's deep searches stop at its time (native hard)
    political_threat_turns = 3   # opponent's turns the threat check searches a near
                                 # political supremacy over (0: one, as a move's win)
    reuse_tree = True            # start from the subtree of the previous search

    def __init__(self, seed: int = 0, think_seconds: float = None, iterations: int = None):
        super().__init__(seed, think_seconds)
        if iterations is not None:
            self.iterations = iterations
        self.last_iterations = 0
        self.last_root = None
        self.last_exact = None    # exact values of the root actions when the end was solved
        self.bank = 0.0           # seconds saved on easy decisions, spent on close ones
        self.kept_tree = None     # (root, history before it, Age) of the last search
        self.reused_visits = 0

    def budget(self):
        return self.default_seconds if self.think_seconds is None else self.think_seconds

    def eval_weights(self, agora: bool) -> dict:
        """The evaluation's weights the root's one-ply scores use (evaluate.py's own)."""
        return WEIGHTS

    def choose(self, observation, legal_actions):
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = time.perf_counter()
        kept, self.kept_tree = self.kept_tree, None
        det = Determinizer(observation)
        me = observation["observer"]
        hidden = frozenset(det.hidden_slots)
        s0 = det.sample(self.rng)
        if self.draft_by_values and s0.decision == "draft":
            self.bank = min(BANK_MAX * self.budget(), self.bank + self.budget())
            return draft_choice(s0, me, legal_actions)
        if near_supremacy(s0, me):
            line = find_win(s0, me)
            if line:
                return _match(line[0], legal_actions)
        root_scores = Lookahead(s0, me, hidden, self.eval_weights(s0.agora)).score_all()
        root_scores.sort(key=lambda t: -t[0])
        if root_scores[0][0] >= WIN:
            return _match(root_scores[0][1], legal_actions)
        danger = near_supremacy(s0, 1 - me, margin=1) or near_two_turns(
            s0, 1 - me, self.political_threat_turns > 0)
        budget = self.budget()
        late = s0.age == 3 and self.late_threat_turns > 2
        if self.endgame and endgame.cards_left(s0) <= self.exact_horizon(s0):
            exact = self.solve_end(det, s0, me, root_scores, start)
            if exact is not None:
                if danger:
                    exact = self.check_exact(exact, det, s0, me, root_scores, hidden, late)
                self.bank = min(BANK_MAX * self.budget(),
                                self.bank + self.budget() - (time.perf_counter() - start))
                return _match(exact, legal_actions)
        reserve = (min(0.25 * budget, 0.5) if danger and late else
                   min(0.15 * budget, 0.08) if danger else min(0.02 * budget, 0.005))
        if danger and self.threat_clock and s0.agora:
            # a clocked check (below) stops at its time: the Senate's lines get a share
            reserve = max(reserve, THREAT_SHARE * budget)
        # Time saved earlier (the draft's instant picks, early stops) is spent: a share of
        # the bank on every searched decision, more of it on a close one.
        share = self.bank_share * self.bank if self.iterations is None else 0.0
        extra = min(self.bank - share, self.bank_spend * budget) if self.iterations is None else 0.0
        deadline = start + budget + share - reserve
        reused = self.subtree(kept, observation, s0, legal_actions)
        action, ranked = self.search(det, s0, me, root_scores, deadline,
                                     deadline + extra if extra > 0.01 else None, reused)
        if self.reuse_tree:
            self.kept_tree = (self.last_root, list(observation.get("history") or ()), s0.age)
        # Tactical safety: never let the opponent force a supremacy within two of its
        # turns (nor win at once) if a move avoids it; the search's order decides among
        # the safe moves.
        if danger:
            after = {a: c for v, a, c in root_scores}
            order = [action] + [x for x in ranked if x != action][:SAFETY_CHECKS]
            # then the rest by the one-ply order: when every move searched loses, the one
            # that does not may be one the search hardly visited (a Conspirator whose cube
            # must go to the one right Chamber: tests/test_ai_political_threats.py, 702)
            order += [a for _, a, _ in root_scores if a not in order]
            stats = self.last_root.children
            # a floor under the search's chance: a move all of whose playouts lost is still
            # checked when every better one loses too; and a move the search hardly visited
            # has its few playouts' mean drawn toward the root's (`chance_prior_visits`)
            k = self.chance_prior_visits
            total = sum(c.n for c in stats.values())
            mean = sum(c.w for c in stats.values()) / total if total else 0.5
            ordered = [(max((stats[a].w + k * mean) / max(1, stats[a].n + k), CHANCE_FLOOR)
                        if a in stats else CHANCE_FLOOR, a, after[a]) for a in order if a in after]
            # With a fixed number of iterations the whole decision is deterministic, so
            # the threat check gets no wall-clock limit either.
            limit = (math.inf if self.iterations is not None
                     else time.perf_counter() + max(reserve, 0.02))
            deep = ({"deep_turns": self.late_threat_turns, "nodes": self.late_threat_nodes}
                    if late else {})
            safe = safe_choice(ordered, 1 - me, s0, True, lambda: det.sample(self.rng), hidden,
                               deadline=limit, political_turns=self.political_threat_turns,
                               clock=self.threat_clock, **deep)
            if safe is not None:
                action = safe
        # Time not used here (an early stop) is banked for a close decision later; time
        # borrowed from the bank is paid back. The mean stays within the budget.
        self.bank = min(BANK_MAX * budget, self.bank + budget - (time.perf_counter() - start))
        return _match(action, legal_actions)

    def exact_check_limit(self):
        """When the threat check of an exact choice must stop (wall clock)."""
        return time.perf_counter() + 0.5

    def exact_horizon(self, s0):
        """Cards left in Age III from which the exact end is searched."""
        return endgame.exact_cards(s0, self.budget())

    def solve_end(self, det, s0, me, root_scores, start):
        """The exact end-of-game search (`endgame.py`) over a few determinizations; among
        equal exact values the one-ply order decides. None if it could not finish in time."""
        states = [s0] + [det.sample(self.rng) for _ in range(endgame.SAMPLES - 1)]
        if self.iterations is None:
            deadline = start + endgame.TIME_SHARE * self.budget()
        else:
            deadline = None
        values = self.last_exact = endgame.solve(states, me, deadline=deadline)
        if values is None:
            return None
        if endgame.outcome_of(max(values.values())) == 0.0:
            # Lost against perfect play whatever it does: the search picks the move that
            # asks the most of the opponent instead of the narrowest loss on paper.
            self.last_exact = None
            return None
        order = {a: i for i, (_, a, _) in enumerate(root_scores)}
        return max(values, key=lambda a: (values[a], -order.get(a, len(order))))

    def check_exact(self, action, det, s0, me, root_scores, hidden, late):
        """The exact search's choice, passed through the threat check like the search's.

        The exact search averages over a few determinizations (`endgame.SAMPLES`): a card
        still face down that hands the opponent a supremacy is missed whenever none of
        them holds it (seed 829 below, base game: Port built over Siege Workshop while
        Fortifications was safe in every determinization). The check weighs that risk
        over its own, more numerous determinizations. Exact values from so few samples
        are not certainties, hence the cap below 1."""
        values = self.last_exact
        after = {a: c for _, a, c in root_scores}
        order = sorted(values, key=lambda a: (a != action, -values[a]))
        ordered = [(min(EXACT_CHANCE_CAP, endgame.outcome_of(values[a])), a, after[a])
                   for a in order[:SAFETY_CHECKS + 1] if a in after]
        limit = math.inf if self.iterations is not None else self.exact_check_limit()
        deep = ({"deep_turns": self.late_threat_turns, "nodes": self.late_threat_nodes}
                if late else {})
        safe = safe_choice(ordered, 1 - me, s0, True, lambda: det.sample(self.rng), hidden,
                           deadline=limit, political_turns=self.political_threat_turns,
                           clock=self.threat_clock, **deep)
        return action if safe is None else safe

    # ------------------------------------------------------------------ search

    def subtree(self, kept, observation, s0, legal_actions):
        """The node of the previous search's tree that the actions played since lead to,
        or None. The tree is keyed by turn-level actions: the follow-ups in between (played
        greedily in the tree) are stepped over; a turn-level action the tree did not try,
        or a new Age (a new deal), ends the reuse. Children no longer legal are dropped."""
        self.reused_visits = 0
        if kept is None:
            return None
        node, before, age = kept
        history = observation.get("history") or []
        start = len(before)
        # Another game, an undo or a loaded save: the game so far is not the one searched.
        if age != s0.age or start >= len(history) or history[:start] != before:
            return None
        for entry in history[start:]:
            action = Action(*entry)
            child = node.children.get(action)
            if child is not None:
                node = child
            elif node.children and any(a.player == action.player and a.kind == action.kind
                                       for a in node.children):
                return None          # a choice of the tree's kind that it did not look at
        if node is kept[0] or not node.children:
            return None
        legal = set(legal_actions)
        if not any(a in legal for a in node.children):
            return None
        node.children = {a: c for a, c in node.children.items() if a in legal}
        self.reused_visits = node.n
        return node

    def search(self, det, s0, me, root_scores, deadline, extended=None, root=None):
        max_iter = self.iterations
        rng = self.rng
        T = tables(s0.agora)
        size = self.pool_size if max_iter is None else max(1, min(self.pool_size, max_iter))
        pool = [s0]         # filled as iterations need it: a short search draws fewer
        root = root or Node()
        self.seed_children(root, root_scores, s0.age)
        it = 0
        began = time.perf_counter() if max_iter is None else 0.0
        while True:
            if max_iter is not None:
                if it >= max_iter:
                    break
            else:
                now = time.perf_counter()
                if now >= deadline:
                    if extended is None or not self.close(root):
                        break
                    deadline, extended = extended, None      # a close call: think longer
                if it and it % SETTLED_CHECK_EVERY == 0 and self.settled(root, it, now - began, deadline - now):
                    break
            if len(pool) <= it < size:
                pool.append(det.sample(rng))
            s = pool[it % size].clone()
            try:
                self.iterate(root, s, me, T)
            except IllegalActionError:      # an engine defect on a hypothetical line
                pass
            it += 1
        self.last_iterations = it
        self.last_root = root
        ranked = sorted(root.children, key=lambda a: (-root.children[a].n,
                                                      -root.children[a].w / max(1, root.children[a].n)))
        ranked = [a for a in ranked if a.player == me]
        return ranked[0], ranked

    def close(self, root):
        """Is the choice still open: the runner-up has at least `close_share` of the
        leader's visits?"""
        if len(root.children) < 2:
            return False
        first, second = sorted((c.n for c in root.children.values()), reverse=True)[:2]
        return second >= self.close_share * first

    @staticmethod
    def settled(root, iterations, elapsed, left):
        """Can the rest of the budget no longer change the choice? Then stop early.

        The most visited child is played; if its lead in visits exceeds every iteration
        the remaining time can give at the current pace, no other child can catch up.
        Obvious moves then cost a fraction of the budget, and the choice is the same."""
        if elapsed <= 0 or len(root.children) < 2:
            return len(root.children) < 2
        first, second = sorted((c.n for c in root.children.values()), reverse=True)[:2]
        return first - second > 1.5 * left * iterations / elapsed     # 1.5: the pace may pick up

    def seed_children(self, node, scored, age):
        """Priors and a first value for every child from one-ply scores (mover's view)."""
        priors = softmax([v for v, _, _ in scored], self.prior_temperature)
        for (v, a, _), pr in zip(scored, priors):
            child = node.children.get(a)
            if child is None:
                child = node.children[a] = Node(a.player)
            child.prior = pr
            if child.n == 0:
                child.n, child.w = 1, win_chance(v, age)
        node.seeded = True

    def iterate(self, root, s, me, T):
        path = [root]
        node = root
        c_puct = self.c_puct
        sqrt = math.sqrt
        while True:
            if s.result is not None:
                value = win_chance(evaluate(s, me))
                break
            legal = s.legal_actions()
            mover = s.current_player
            if not node.seeded and node.n >= self.upgrade_visits:
                look = Lookahead(s, mover, ())
                self.seed_children(node, look.score_all(), s.age)
            elif not node.children:
                self.expand(node, s, legal, mover, T)
            # select (availability-aware PUCT)
            best, best_child, best_u = None, None, -math.inf
            children = node.children
            fpu = 0.5
            if self.fpu_parent and node.n and node.mover is not None:
                fpu = node.w / node.n if node.mover == mover else 1.0 - node.w / node.n
            for a in legal:
                child = children.get(a)
                if child is None:
                    child = children[a] = Node(mover, 1.0 / (1 + len(children)))
                avail = child.avail = child.avail + 1
                n = child.n
                q = child.w / n if n else fpu
                u = q + c_puct * child.prior * sqrt(avail) / (1 + n)
                if u > best_u:
                    best, best_child, best_u = a, child, u
            s.apply(best)
            finish_followups(s)
            node = best_child
            path.append(node)
            if node.n == 0:
                value = win_chance(evaluate(s, me), s.age)
                break
        for nd in path:
            nd.n += 1
            if nd.mover is not None:
                nd.w += value if nd.mover == me else 1.0 - value

    def expand(self, node, s, legal, mover, T):
        gains = CardGains(s, T)
        scores = [quick_score(s, a, T, gains) for a in legal]
        for a, pr in zip(legal, softmax(scores, self.prior_temperature)):
            node.children[a] = Node(mover, pr)


@register("normal")
class QuickSearchPlayer(SearchPlayer):
    """`normal`: the same search on a short, fixed budget (QUICK_SECONDS a decision,
    whatever the Settings' thinking time, which is `hard`'s). Every decision still gets the
    one-ply scores, the exact win and two-turn threat checks and, near the end, the exact
    endgame when it finishes in time; the few dozen iterations left look one or two turns
    further than the one-ply player (`one-ply`), which is what makes it the sharper player.
    `iterations` set fixes the work instead of the time (deterministic, for tests)."""

    pool_size = QUICK_POOL
    late_threat_turns = 2        # a deeper check would not fit in its 40 ms
    fpu_parent = False           # `normal` as measured in the seventh and eighth rounds
    political_threat_turns = 0   # a deeper political search would not fit in its 40 ms
    c_puct = QUICK_C_PUCT
    reuse_tree = False

    def budget(self):
        return QUICK_SECONDS
