"""`hard` and `normal` on the native core's search (native/src/search.rs, docs/ai.md).

The players keep everything around the search that `mcts.SearchPlayer` does in Python —
the Wonder draft by measured values, the immediate win, the one-ply scores (the root's
priors), the exact endgame of Age III and the supremacy threat checks — and hand the tree
search itself to the core: a pool of determinizations drawn from the seat's observation
(`determinize.py`, so the core only ever sees what the seat may see), the one-ply priors,
and a budget; the core searches with the GIL released and keeps its tree for the next
decision. The base game's search plays each leaf out with the anchor's plan policy; Agora's
is the guided search (search/guided.rs: the Python `hard`'s tree search, valued by the
evaluation, a hundred times faster), which beat 9c5c6fa's `hard` in 76 of 100 games at 1 s
where the playout search won 45 of 80 (docs/ai-journal.md, fourteenth session).

Registered as `hard` and `normal` when the core is built with its search
(`native.SEARCH`); otherwise `mcts.py`'s pure-Python players keep those names.
"""

import time

from . import endgame
from .mcts import QuickSearchPlayer, SearchPlayer, softmax
from .players import register
from . import evaluate, native

NATIVE_POOL = 128         # determinizations per decision of `hard` (drawn in Python, ~0.3 ms each)
BASE_POOL = 16            # the base game's: every iteration deals the unseen cards afresh in
                          # the core (`redeal`), the pool only varies the draft's hidden Wonders
POOL_SHARE = 0.15         # at most this share of the budget goes to drawing them
EXACT_CARDS = (11, 4)     # cards left in Age III from which the core solves the end exactly
                          # (base, Agora), one more from a budget of EXACT_MORE_AT seconds
EXACT_MORE_AT = (1.0, 2.0)  # (base 11 cards: ~0.1 s; Agora 5: 0.3-2 s, its Senate branches)
EXACT_SAMPLES = 6         # determinizations the exact end is solved on
EXACT_NODES = 20_000_000  # node budget of the core's exact search (all determinizations)
EXACT_SHARE = 0.5         # share of the budget it may use before the search takes over
NORMAL_SECONDS = 0.1      # `normal` (base game): `hard`'s search for this long a decision


class _Stat:
    """A root child's statistics in the shape the threat check reads (`n`, `w`)."""

    __slots__ = ("n", "w")

    def __init__(self, n, w):
        self.n = n
        self.w = w


class _Root:
    __slots__ = ("children", "n")

    def __init__(self, children):
        self.children = children
        self.n = sum(c.n for c in children.values())


class NativeSearchPlayer(SearchPlayer):
    """`hard`: the core's IS-MCTS at the Settings' time per decision."""

    native = True
    pool_size = NATIVE_POOL
    reuse_tree = False           # the core keeps its own tree (below)
    bank_share = 0.0             # spend the budget, never more: p99 within 10 % of it
    bank_spend = 0.0
    threat_clock = True          # the political lines of the threat check stop at its time
    # A move the search hardly visited (a few dozen of 3,000 playouts) has a noisy mean: in
    # tests/test_ai_political_threats.py 1718 the one safe move's 0.17 kept it from being
    # checked at all. Its chance is drawn toward the root's mean by this many visits.
    chance_prior_visits = 50
    c_root = 1.0
    c_tree = 0.7
    threads = 1
    # Agora: the core's search plays it too (the guided search, below), its threat check
    # reaching every root move (mcts.py).
    native_agora = True
    python_level = SearchPlayer
    root_virtual = 0             # visits of the one-ply winning chance each root child starts with
    # extra playout parameters (search.rs `Params`; in Agora only with `guided` off): the
    # Senate played for control, the anchor's look-ahead through a Wonder that plays again
    # (+9 points against the anchor at 0.1 s), science denial (its science wins 26/320 ->
    # 2/80) and, in Agora, a political plan in a fifth of playouts (9c5c6fa's political wins
    # 11.5 -> 7 in 60): docs/ai-journal.md
    search_params = {"senate": 0.8, "lookahead": True, "deny": True, "politics": 0.2}
    # Base game: the anchor's search itself under our checks (docs/ai-journal.md, sixth
    # session): a fresh deal of the unseen cards every iteration, its plain turn (a card
    # first, then a kind), its modes (science or plain, half and half, no denial, no
    # finishing rules), a tree that stops at the next Age, UCB1 at the root (the priors
    # unused) and the best mean chosen. Its clone in the core won 59 of 160 games against it
    # at 0.1 s, 83 with these; `hard` so 83 where it won 71 with the priors and our plans.
    base_params = {"redeal": True, "card_first": True, "age_stop": True, "finishes": False,
                   "science": 0.5, "military": 0.0, "deny": False}
    base_root = {"c_root": 0.0, "c": 0.75}
    choose_by_mean = True
    # The guided search (search/guided.rs): the Python `hard`'s own tree search in the core
    # (follow-ups greedy, priors at every node, leaves by the evaluation), per rule set
    # (base, Agora). Agora against 9c5c6fa: 76/100 at 1 s with the Senate greedy (the
    # playout search 45/80); with senate_edges 69/100 at 1 s, 60/100 against its 4 s; base:
    # 60/160 against the anchor at 0.1 s (the anchor's search 82/160): docs/ai-journal.md.
    guided = (False, True)
    # senate_edges: the Senate's decisions are nodes, not greedy, while either player needs
    # at most four more cubes, over all six Chambers, to hold every one
    # (Evaluator::political_need; tactics.DEEP_POLITICAL_NEED): pin 4607. Two (35/54) and a
    # fresh deal every iteration (`redeal`, 66/100) were level at 1 s: not kept
    guided_params = {"guided": True, "upgrade": 4, "prior_temperature": 2.5, "senate_edges": 4}
    guided_root = {"c_root": 0.0, "c": 0.6}
    # Term scales (data/ai_weights.json's) this search evaluates with instead, per rule set
    # (base, Agora): {term: (Age I, II, III)}; the root's one-ply scores and the core's
    # search read them, the threat checks keep evaluate.py's own. None: evaluate.py's.
    term_scale = (None, None)

    def playout_params(self, agora: bool) -> dict:
        """The core's playout parameters (search.rs `Params`) this player searches with: the
        base game's are the anchor's (`base_params`) over `search_params`."""
        if self.base_params and not agora:
            return dict(self.search_params, **self.base_params)
        return self.search_params

    def __init__(self, seed: int = 0, think_seconds: float = None, iterations: int = None):
        super().__init__(seed, think_seconds, iterations)
        self._tree = None
        self._tree_at = None         # (history before the searched decision, Age)
        self._decision_end = 0.0     # wall-clock end of the current decision's budget
        self._python = None          # the Python player of Agora games (native_agora False)
        self._seed = seed
        self._weights = {}           # rule set -> (evaluate.py's w, the core's EvalWeights)

    def _scaled(self, agora: bool):
        """(evaluate.py's w, the core's EvalWeights) with this player's `term_scale`, built
        once per rule set; None when it has none for `agora`."""
        agora = bool(agora)
        changed = self.term_scale[agora]
        if not changed:
            return None
        got = self._weights.get(agora)
        if got is None:
            scale = dict(evaluate.TERM_SCALE_BY_RULES[agora], **changed)
            w = dict(evaluate.WEIGHTS, term_scale=scale)
            got = self._weights[agora] = (w, native.eval_weights(agora, w))
        return got

    def eval_weights(self, agora: bool) -> dict:
        """evaluate.py's WEIGHTS with this player's `term_scale`."""
        got = self._scaled(agora)
        return evaluate.WEIGHTS if got is None else got[0]

    def core_weights(self, agora: bool):
        """The core's weights of `eval_weights` (None: the core's default, evaluate.py's)."""
        got = self._scaled(agora)
        return None if got is None else got[1]

    def exact_horizon(self, s0):
        k = 1 if s0.agora else 0
        return EXACT_CARDS[k] + (self.budget() >= EXACT_MORE_AT[k])

    def exact_check_limit(self):
        # within the decision's budget (the Python `hard` allows 0.5 s more)
        return min(time.perf_counter() + 0.5, self._decision_end)

    def solve_end(self, det, s0, me, root_scores, start):
        """The exact end in the core (same values as endgame.py, far more cards); among
        equal values the one-ply order decides. None if it could not finish in time."""
        self._decision_end = start + self.budget()
        states = [s0] + [det.sample(self.rng) for _ in range(EXACT_SAMPLES - 1)]
        pool = [native.NativeState.from_state(x) for x in states]
        seconds = 0.0 if self.iterations is not None else max(
            0.001, start + EXACT_SHARE * self.budget() - time.perf_counter())
        if self._tree is None or self._tree.agora != bool(s0.agora):
            self._tree = native.NativeSearch(s0.agora)
        got = self._tree.solve(pool, me, EXACT_NODES, seconds)
        self._tree_at = None          # the tree is not grown here: start afresh next time
        if got is None:
            self.last_exact = None
            return None
        by_text = {str(a): a for _, a, _ in root_scores}
        values = self.last_exact = {by_text[k]: v for k, v in got.items() if k in by_text}
        if not values or endgame.outcome_of(max(values.values())) == 0.0:
            self.last_exact = None
            return None
        order = {a: i for i, (_, a, _) in enumerate(root_scores)}
        return max(values, key=lambda a: (values[a], -order.get(a, len(order))))

    def _native_tree(self, s0, history):
        """The kept tree walked down the actions played since (the guided search's stepping
        over the follow-ups it plays greedily), or a fresh one."""
        if self._tree is None or self._tree.agora != bool(s0.agora):
            self._tree = native.NativeSearch(s0.agora)
            self._tree_at = None
        at, self._tree_at = self._tree_at, None
        if at is None:
            self._tree.reset()
            return
        before, age = at
        if age != s0.age or len(before) >= len(history) or history[:len(before)] != before:
            self._tree.reset()
            return
        self._tree.advance([_notation(e) for e in history[len(before):]], self.guided[bool(s0.agora)])

    def choose(self, observation, legal_actions):
        if observation.get("agora") and not self.native_agora:
            if self._python is None:
                self._python = self.python_level(self._seed, self.think_seconds)
            # a fixed iteration count set by the caller (tests) passes on
            self._python.iterations = self.iterations
            self._python.think_seconds = self.think_seconds
            return self._python.choose(observation, legal_actions)
        return super().choose(observation, legal_actions)

    def search(self, det, s0, me, root_scores, deadline, extended=None, root=None):
        history = [list(e) for e in (det.obs.get("history") or ())]
        self._native_tree(s0, history)
        self.reused_visits = self._tree.root_visits
        fixed = self.iterations
        anchor_like = bool(self.base_params) and not s0.agora
        size = min(self.pool_size, BASE_POOL) if anchor_like else self.pool_size
        size *= self.threads         # each thread searches its own share (NativeSearch.run)
        size = size if fixed is None else max(1, min(size, fixed))
        pool = [native.NativeState.from_state(s0)]
        began = time.perf_counter()
        draw_until = None if fixed is not None else began + POOL_SHARE * max(0.0, deadline - began)
        while len(pool) < size and (draw_until is None or time.perf_counter() < draw_until):
            pool.append(native.NativeState.from_state(det.sample(self.rng)))
        priors = softmax([v for v, _, _ in root_scores], self.prior_temperature)
        prior_list = [(a, p, evaluate.win_chance(v, s0.age)) for (v, a, _), p in zip(root_scores, priors)]
        seconds = 0.0 if fixed is not None else max(0.001, deadline - time.perf_counter())
        root = self.base_root if anchor_like else {"c_root": self.c_root, "c": self.c_tree}
        params = self.playout_params(s0.agora)
        virtual_n = self.root_virtual
        if self.guided[bool(s0.agora)]:
            # one visit of each root child's one-ply chance, as mcts.py `seed_children`
            root, params, virtual_n = self.guided_root, self.guided_params, 1
        if params.get("redeal") and (det.obs.get("secret_seen") or ((), ()))[me]:
            # this seat looked at the cards removed at setup (Treason): they are not unseen
            params = dict(params, redeal=False)
        stats = self._tree.run(pool, me, iterations=fixed if fixed is not None else 1 << 62,
                               seconds=seconds, seed=self.rng.getrandbits(63), priors=prior_list,
                               threads=self.threads, virtual_n=virtual_n,
                               weights=self.core_weights(s0.agora), **root, **params)
        self._tree_at = (history, s0.age)
        self.last_iterations = self._tree.last_iterations
        by_text = {str(a): a for _, a, _ in root_scores}
        children = {}
        for text, n, q in stats:
            a = by_text.get(text)
            if a is not None:
                children[a] = _Stat(n, q * n)
        for _, a, _ in root_scores:
            children.setdefault(a, _Stat(0, 0.0))
        self.last_root = _Root(children)
        order = {a: i for i, (_, a, _) in enumerate(root_scores)}
        # the anchor's choice is the best mean among the visited (UCB1 has visited each);
        # ours the most visited; the mean, then the one-ply order, break ties
        by_mean = anchor_like and self.choose_by_mean

        def rank(a):
            c = children[a]
            return (c.n == 0 if by_mean else -c.n, -c.w / max(1, c.n), order.get(a, len(order)))
        ranked = sorted(children, key=rank)
        ranked = [a for a in ranked if a.player == me]
        return ranked[0], ranked


def _notation(entry) -> str:
    """An observation's history entry [player, kind, subject, target] as the engine's
    notation (`str(game.Action)`)."""
    from ..actions import Action
    return str(Action(*entry))


class NativeQuickPlayer(NativeSearchPlayer):
    """`normal`: in the base game `hard` itself on a short fixed budget (NORMAL_SECONDS a
    decision, about 9,000 iterations here, whatever the Settings' time): it won 26 of 60
    against the anchor at 1 s where the 1,500 iterations of a lighter search won 14
    (docs/ai-journal.md, eighth session). Agora's `normal` stays today's Python `normal`."""

    python_level = QuickSearchPlayer
    native_agora = False         # Agora's `normal` stays today's Python `normal` (measured level)

    def budget(self):
        return NORMAL_SECONDS


if native.SEARCH:
    register("hard")(NativeSearchPlayer)
    register("normal")(NativeQuickPlayer)
