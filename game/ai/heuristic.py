"""The heuristic players: `one-ply` and `easy`.

`one-ply` (HeuristicPlayer; it was `normal` until `normal` became a short search, see
`mcts.QuickSearchPlayer`) looks one decision ahead on a determinized copy of the game
(`determinize.py`): it applies each legal action, lets itself finish the rest of its own
turn greedily (progress token, Senate actions, Conspiracy choices, ...), and scores the
result with `evaluate.evaluate` (named, readable terms: points, coins, production,
military, science, Senate, Wonders, Conspiracies, and the best card the opponent can take
next). Every decision kind is handled the same way, Agora's included.

Two exact tactical checks sit on top of the evaluation:
- when the player is close to a supremacy, it looks for an immediate win (a short search
  over its own turn, extra turns included) and plays it;
- when the opponent is close to a supremacy, the best-scored actions are checked against
  what the opponent can force within two of its turns (military, science) or at once
  (political too), over several determinizations (`safe_choice`).

`easy` (EasyPlayer) plays the same evaluation with human-looking mistakes: it barely looks
at what its move uncovers, it does not check the opponent's threats, it is greedy for
points on the sheet, and now and then it picks a good-looking second choice instead of the
best one.

Players keep no global state: `choose` only touches its arguments and the player's own
random generator, so one instance per seat may run in a worker thread.
"""

import math
import time

from ..actions import IllegalActionError
from .players import Player, register
from .determinize import Determinizer
from .draft import draft_choice
from .evaluate import WEIGHTS, WIN, evaluate, win_chance
from .tactics import (find_win, forced_win, near_supremacy, opponent_threatens, rescue,
                      senate_near)


def is_followup(s):
    """Is the decision on top part of the turn already started (not a fresh turn)?"""
    if s.result is not None or not s.pending:
        return False
    step = s.pending[-1]
    return not (step[0] == "turn" and step[2])


class Lookahead:
    """Scores actions on one determinized state for seat `me`."""

    def __init__(self, s, me, hidden, weights=WEIGHTS):
        self.root = s
        self.me = me
        self.hidden = hidden
        self.w = weights
        self.age = s.age

    def value(self, s):
        hidden = self.hidden if s.age == self.age else range(len(s.structure))
        return evaluate(s, self.me, hidden, self.w)

    def finish_turn(self, s, depth=0):
        """Play the rest of `me`'s own turn greedily (in place); return the final value."""
        known = None                # value of s already computed on an identical clone
        try:
            while (s.result is None and s.current_player == self.me and is_followup(s)
                   and depth < 12):
                legal = s.legal_actions()
                best = legal[0]
                known = None
                if len(legal) > 1:
                    best_v = -math.inf
                    for a in legal:
                        c = s.clone()
                        try:
                            c.apply(a)
                        except IllegalActionError:
                            continue
                        v = self.value(c)
                        if v > best_v:
                            best, best_v = a, v
                    if best_v > -math.inf:
                        known = best_v
                s.apply(best)
                depth += 1
        except IllegalActionError:          # an engine defect on a hypothetical line
            return -WIN
        # The engine is deterministic: s after `best` equals the clone that scored it.
        return known if known is not None else self.value(s)

    def score(self, action):
        """Value after `action` and the greedy rest of the turn, plus the resulting state."""
        c = self.root.clone()
        try:
            c.apply(action)
        except IllegalActionError:      # an engine defect on a hypothetical line
            return -2 * WIN, c
        v = self.finish_turn(c)
        return v, c

    def follow(self, action, line):
        """Like `score`, but the follow-ups of `line` are played first (each while it is
        legal), the rest of the turn greedily."""
        c = self.root.clone()
        try:
            c.apply(action)
            for a in line:
                if c.result is not None or a not in c.legal_actions():
                    break
                c.apply(a)
        except IllegalActionError:      # an engine defect on a hypothetical line
            return -2 * WIN, c
        return self.finish_turn(c), c

    def score_all(self):
        out = []
        for a in self.root.legal_actions():
            v, c = self.score(a)
            out.append((v, a, c))
        return out


@register("one-ply")
class HeuristicPlayer(Player):
    """One-ply lookahead with a readable evaluation and exact win/threat checks."""

    weights = WEIGHTS
    check_threats = True          # refuse moves that give the opponent an immediate win
    deep_threats = True           # ... or a supremacy it can force within two of its turns
    seek_wins = True              # search a short own sequence that wins at once
    mistakes = 0.0                # chance of a deliberate, plausible mistake (easy)
    draft_by_values = True        # draft by measured Wonder values (game/ai/draft.py)

    def choose(self, observation, legal_actions):
        if len(legal_actions) == 1:
            return legal_actions[0]
        det = Determinizer(observation)
        s = det.sample(self.rng)
        me = observation["observer"]
        action = self.decide(s, me, frozenset(det.hidden_slots), det)
        return _match(action, legal_actions)

    def decide(self, s, me, hidden, det=None):
        if self.seek_wins and near_supremacy(s, me):
            line = find_win(s, me)
            if line:
                return line[0]
        look = Lookahead(s, me, hidden, self.weights)
        scored = look.score_all()
        scored.sort(key=lambda t: -t[0])
        ranked = [a for _, a, _ in scored]
        if self.draft_by_values and s.decision == "draft":
            return draft_choice(s, me, ranked, ranked)
        if self.check_threats and scored[0][0] < WIN:
            draw = ((lambda: det.sample(self.rng)) if det is not None and self.deep_threats
                    else None)
            chances = [(win_chance(v, s.age), a, c) for v, a, c in scored]
            safe = safe_choice(chances, 1 - me, s, self.deep_threats, draw, hidden)
            if safe is not None:
                return safe
        if self.mistakes and s.decision in ("turn", "draft", "progress", "senate", "conspirator"):
            return self.slip(scored)
        return scored[0][1]

    def slip(self, scored):
        """A human-looking mistake: sometimes take a close second-best instead of the best."""
        if scored[0][0] >= WIN or self.rng.random() >= self.mistakes:
            return scored[0][1]
        top = [t for t in scored[:4] if t[0] > -WIN / 2]
        if len(top) < 2:
            return scored[0][1]
        best = top[0][0]
        weights = [math.exp((v - best) / 2.5) for v, _, _ in top[1:]]
        pick = self.rng.random() * sum(weights)
        for wgt, t in zip(weights, top[1:]):
            pick -= wgt
            if pick <= 0:
                return t[1]
        return top[1][1]


EASY_WEIGHTS = dict(WEIGHTS)
EASY_WEIGHTS.update({
    "tempo": 0.12,                # hardly looks at what the move uncovers for the opponent
    "point": 1.35,                # greedy for points on the sheet
    "science_symbols": (0, 0.8, 1.6, 2.6, 4.0, 6.0),     # underrates science threats
    "political_threat": (0, 12.0, 6.0, 3.0, 1.5, 1.0, 0.5, 0.3, 0.1),
    "military_track": (0, 2.0, 3.0, 5.5, 6.5, 8.0, 11.0, 14.0, 18.0),
    "wonder_unbuilt": 0.35,
    "coin_use": (0.15, 0.10, 0.05),
})


@register("easy")
class EasyPlayer(HeuristicPlayer):
    """The heuristic with human-like slips: short-sighted, greedy, no threat checks."""

    weights = EASY_WEIGHTS
    check_threats = False
    seek_wins = True
    mistakes = 0.3
    draft_by_values = False       # drafts by the evaluation, with its slips


SAFETY_CHECKS = 16              # best-scored moves checked against the opponent's threats
THREAT_SAMPLES = 16             # determinizations a deep threat is looked for in (at most)
MIN_THREAT_SAMPLES = 4          # ... and at least, whatever the time
DEEP_SECONDS = 0.04             # time the two-turn threat check may take in `one-ply`
FORCED_NODES = 2500             # node budget of one forced-win search (two turns)
POLITICAL_NODES = 10000         # ... of a political one (cheap: few moves pass its filters)


class LazyLooks:
    """The other determinizations of a threat check, drawn (with their one-ply look) only
    when the check gets to them: at least `least` - 1 (MIN_THREAT_SAMPLES - 1), then up to
    THREAT_SAMPLES - 1 while `deadline` (perf_counter seconds) is not past. Sixteen samples
    tell a 15-35 % risk from none far better than four; drawing them all up front cost
    `normal` a fifth of its time in Agora danger positions."""

    def __init__(self, draw, opp, hidden, deadline, least=MIN_THREAT_SAMPLES):
        self.draw, self.opp, self.hidden, self.deadline = draw, opp, hidden, deadline
        self.least = least
        self.looks = []

    def __iter__(self):
        i = 0
        while i < THREAT_SAMPLES - 1:
            if i == len(self.looks):
                if i >= self.least - 1 and time.perf_counter() > self.deadline:
                    return
                self.looks.append(Lookahead(self.draw(), 1 - self.opp, self.hidden))
            yield self.looks[i]
            i += 1


def threat_risk(a, c, opp, looks, give_up, start=None, turns=2, deadline=None,
                nodes=FORCED_NODES, political=False, clock=False):
    """Share of the determinizations (c's own and those of `looks`) in which, after our
    move `a`, the opponent can force a supremacy within `turns` of its turns (1: win at
    once). Stops as soon as the share is sure to exceed `give_up` (the answer then only
    needs to be "too high"). `start`, the state c was reached from by `a` and greedy
    follow-ups: if those lose, other follow-ups are tried (`tactics.rescue`), and the ones
    found are played in the other determinizations too (not past `deadline`). `clock`:
    each deeper search stops at `deadline` too (a player with a hard time budget), which
    counts its unfinished line as not lost."""
    if turns == 1:
        def lost(state):
            return opponent_threatens(state, opp)
    else:
        def lost(state):
            return forced_win(state, opp, turns=turns, left=[nodes], political=political,
                              deadline=deadline if clock else None)

    checked = 1
    plan = None
    losses = 1 if lost(c) else 0
    if losses and start is not None and (deadline is None or time.perf_counter() < deadline):
        partial = start.clone()
        partial.apply(a)
        saved = rescue(partial, 1 - opp, lost, deadline=deadline)
        if saved is not None:
            plan, losses = saved[0], 0
    for look in looks:
        if losses / THREAT_SAMPLES > give_up:
            break
        checked += 1
        if a in look.root.legal_actions():
            lv, lc = look.follow(a, plan) if plan else look.score(a)
            if lv < WIN and lost(lc):
                losses += 1
    return losses / checked


def safe_choice(candidates, opp, s, deep=True, draw=None, hidden=frozenset(), deadline=None,
                deep_turns=2, nodes=FORCED_NODES, political_turns=0, clock=False):
    """The move to play when `opp` may be close to a supremacy, or None to keep the first.

    `candidates` are (winning chance, action, state after our turn), the preferred move
    first. The check estimates, over `s` and determinizations from `draw()` (what the
    opponent can do often hangs on a face-down card or a hidden Conspiracy), the risk that
    the opponent can force a supremacy within two (`deep_turns`) of its turns (extra turns
    included; `deep`, and a military or science threat near; each search within `nodes`)
    or else win at once, and plays the
    move with the best chance x (1 - risk). Past `deadline` (perf_counter seconds) it
    draws no more samples; a two-turn check then keeps the best move found so far (the
    first is always checked) unless every move checked loses, in which case it looks on,
    one sample a move, for one that does not (for DEEP_SECONDS more at most); a one-turn
    check goes on with the samples drawn. `political_turns` (0: none): a Senate nearly all
    the opponent's (`tactics.near_two_turns`) is checked that many of its turns deep, within
    POLITICAL_NODES; political lines are then searched in the other deep checks too.
    `clock`: the deep searches themselves stop at the deadline (`threat_risk`)."""
    if deadline is None:
        deadline = time.perf_counter() + DEEP_SECONDS
    candidates = candidates[:SAFETY_CHECKS]
    if not candidates:
        return None
    deep_near = deep and near_supremacy(s, opp, margin=2, political=False)
    political = deep and political_turns > 0 and senate_near(s, opp)
    if political and political_turns > (deep_turns if deep_near else 0):
        turns, nodes = political_turns, max(nodes, POLITICAL_NODES)
    elif deep_near:
        turns = deep_turns
    elif near_supremacy(s, opp, margin=1):
        turns = 1
    else:
        return None
    # The one-turn check is asked far more often (a political threat is near in most
    # Agora middle games): only the samples its time allows.
    looks = (LazyLooks(draw, opp, hidden, deadline, MIN_THREAT_SAMPLES if turns > 1 else 1)
             if draw is not None else ())
    chance, a, c = candidates[0]
    if chance >= 1.0:
        return a
    risk = threat_risk(a, c, opp, looks, 1.0, s, turns, deadline, nodes, political, clock)
    if risk == 0:
        return None
    best, best_value = a, chance * (1 - risk)
    for chance, a, c in sorted(candidates[1:], key=lambda t: -t[0]):
        if chance <= best_value:
            break                   # cannot do better
        samples, until = looks, deadline
        now = time.perf_counter()
        if now > deadline:
            # Out of time: a two-turn check stops at a move that may survive; one-turn
            # checks are cheap and go on over the samples already drawn; a move that
            # loses everywhere is not kept while the next might not (own sample only,
            # for one more allowance of time at most).
            if best_value == 0 and now < deadline + DEEP_SECONDS:
                samples, until = (), deadline + DEEP_SECONDS
            elif turns == 1 and looks:
                samples = looks.looks
            else:
                break
        risk = threat_risk(a, c, opp, samples, 1 - best_value / chance, s, turns, until, nodes,
                           political, clock)
        if chance * (1 - risk) > best_value:
            best, best_value = a, chance * (1 - risk)
    return best


def _match(action, legal_actions):
    """The caller's Action equal to `action` (found on the determinized copy)."""
    for a in legal_actions:
        if a == action:
            return a
    text = str(action)
    for a in legal_actions:
        if str(a) == text:
            return a
    raise RuntimeError(f"determinized action {text!r} is not legal in the real game")
