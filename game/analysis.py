"""Learning from a game: the strongest search's view of a position (hints) and of every
decision of a saved game (post-game analysis).

Both wrap the `hard` player (`game/ai/mcts.py`) without changing it: `think` runs exactly
the search `hard` would run for the seat to move — same observation (fair play: only what
that seat may see), same seed, same budget — so the move it names first is the move `hard`
would play, and it also reads the search tree's root: each candidate's estimated chance to
win (the mean backed-up value of its edge) and visits. A short reason for each candidate
comes from the evaluation's named terms (`evaluate.terms`) before and after the move.

`analyse(saved)` replays a saved game and asks `think` at every position where the mover
had a real choice. The series is the focal seat's estimated chance to win after each
decision (one value per action of the save, in [0, 1]); the largest drops are the
turning points, each with what the search preferred there and by how much.
"""

import math
import random
from dataclasses import dataclass, field

from .actions import is_forfeit
from .ai import draft, endgame
from .ai.determinize import Determinizer
from .ai.evaluate import card_gain, tables, terms
from .ai.heuristic import Lookahead
from .ai.mcts import SearchPlayer, win_chance
from .ai.tactics import find_win, near_supremacy, opponent_threatens

TOP = 3                    # the move played by the search and its two runners-up
TURNING_POINTS = 3
MIN_DROP = 0.03            # smaller changes are within the search's noise, not turning points
TERM_REASON_MIN = 1.0      # a term must gain this many points to be named as a reason
DENY_MIN = 5.0             # the opponent's gain from a card for "denies" to be named
REASON_TERMS = ("points", "science", "military", "senate", "conspiracies", "wonders",
                "production", "coins", "tokens", "chains")

# Which kinds of move each reason may explain. A term of the evaluation also moves for
# indirect reasons (the coins of a discard bring a Wonder within reach and raise the
# Wonders' term): a reason is named only for a move that does that thing itself.
CARD_IN = frozenset({"build", "mausoleum", "take", "swap"})      # a card joins the city
TOKEN_IN = frozenset({"progress", "library"})                    # a progress token joins it
SENATE_MOVES = frozenset({"recruit", "place", "remove", "move", "move_decree"})
PLOT_MOVES = frozenset({"recruit", "prepare", "trigger", "keep", "return", "conspire"})
EFFECTS = frozenset({"wonder", "trigger"})     # a Wonder's or a Conspiracy's effects: of any kind
ANY_MOVE = None
REASON_MOVES = {
    "wins": ANY_MOVE,
    "blocks": ANY_MOVE,
    "forced": ANY_MOVE,
    "draft": frozenset({"draft"}),
    "denies": frozenset({"build", "discard", "wonder", "prepare"}),   # a card leaves the structure
    "science_pair": CARD_IN | TOKEN_IN | EFFECTS,
    "science": CARD_IN | TOKEN_IN | EFFECTS,
    "points": CARD_IN | TOKEN_IN | EFFECTS,
    "military": CARD_IN | SENATE_MOVES | EFFECTS,        # shields, or the military Decree won
    "senate": CARD_IN | SENATE_MOVES | EFFECTS,          # cubes, also from a military token
    "conspiracies": PLOT_MOVES | EFFECTS,
    "wonders": frozenset({"wonder", "take"}),            # Extortion takes a Wonder
    "production": CARD_IN | TOKEN_IN | EFFECTS | {"destroy"},   # a destroyed card cheapens trade
    "coins": CARD_IN | TOKEN_IN | EFFECTS | {"discard"},
    "tokens": CARD_IN | TOKEN_IN | EFFECTS | {"lock"},   # a science pair's token, Obscurantism
    "chains": CARD_IN | EFFECTS,
}


def applicable(code, kind) -> bool:
    """May reason `code` explain a move of `kind`? (REASON_MOVES)"""
    kinds = REASON_MOVES.get(code, frozenset())
    return kinds is ANY_MOVE or kind in kinds


@dataclass
class Candidate:
    action: str                 # notation (docs/engine.md)
    chance: float               # the mover's estimated chance to win after it
    visits: int = 0
    reasons: list = field(default_factory=list)   # [code, {params}]: see `move_reasons`
    move: tuple = ()            # (kind, subject, target), for words in the player's language

    def to_dict(self):
        return {"action": self.action, "move": list(self.move), "chance": round(self.chance, 4),
                "visits": self.visits, "reasons": [[c, dict(p)] for c, p in self.reasons]}


@dataclass
class Insight:
    """The search's view of one position, for the seat to move."""
    seat: int
    chance: float               # the mover's estimated chance to win (its best move's)
    candidates: list            # Candidate, the search's choice first
    iterations: int = 0

    @property
    def best(self) -> str:
        return self.candidates[0].action

    def candidate(self, notation):
        return next((c for c in self.candidates if c.action == notation), None)

    def chance_of(self, notation):
        """The estimated chance after `notation` if the search looked at it, else None."""
        for c in self.candidates:
            if c.action == notation:
                return c.chance
        return None

    def to_dict(self):
        return {"seat": self.seat, "chance": round(self.chance, 4), "iterations": self.iterations,
                "candidates": [c.to_dict() for c in self.candidates]}


class _RecordingSearch(SearchPlayer):
    """`hard`, unchanged, that keeps its root scores and its root node for reading."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.root = None
        self.root_scores = None
        self.s0 = None
        self.hidden = ()

    def search(self, det, s0, me, root_scores, deadline, *more, **options):
        self.root, self.root_scores, self.s0 = None, root_scores, s0
        self.hidden = frozenset(det.hidden_slots)
        return super().search(det, s0, me, root_scores, deadline, *more, **options)

    def solve_end(self, det, s0, me, root_scores, start):
        self.root_scores, self.s0, self.hidden = root_scores, s0, frozenset(det.hidden_slots)
        return super().solve_end(det, s0, me, root_scores, start)

    def seed_children(self, node, scored, age):
        if self.root is None:          # the first node seeded by a search is its root
            self.root = node
        super().seed_children(node, scored, age)


def think(state, seconds=None, iterations=None, seed=0, top=TOP) -> Insight:
    """The search `hard` runs for the seat to move, read out: its move, runners-up, chances.

    With the same `seed` and budget (`iterations`, or `seconds`), `best` is the action
    `SearchPlayer(seed, seconds, iterations).choose` returns for this position."""
    seat = state.current_player
    legal = state.legal_actions()
    observation = state.observation(seat)
    player = _RecordingSearch(seed=seed, think_seconds=seconds, iterations=iterations)
    chosen = player.choose(observation, legal)
    if player.draft_by_values and state.decision == "draft":
        return _from_draft(state, seat, chosen, legal, top)
    if player.root is None and player.last_exact:     # the end of the game, searched exactly
        return _from_exact(player, seat, chosen, top)
    if player.root is None:            # no search: a forced move or an immediate win
        return _without_search(state, observation, chosen, legal, seed)
    s0, root = player.s0, player.root
    after = {a: c for _, a, c in player.root_scores}
    ranked = sorted((a for a in root.children if a.player == seat),
                    key=lambda a: (-root.children[a].n, -root.children[a].w / max(1, root.children[a].n)))
    chosen_key = next((a for a in ranked if a == chosen or str(a) == str(chosen)), None)
    order = ([chosen_key] if chosen_key is not None else []) + [a for a in ranked if a != chosen_key]
    # the edge statistics, the played move's first (a safety override keeps its own value)
    chances = {a: root.children[a].w / max(1, root.children[a].n) for a in order}
    candidates = []
    for a in _listed(order, chances, top):
        c = after.get(a)
        reasons = move_reasons(s0, seat, a, c, player.hidden, after) if c is not None else []
        candidates.append(Candidate(str(a), _clip(chances[a]), root.children[a].n, reasons, _move(a)))
    return Insight(seat, candidates[0].chance, candidates, player.last_iterations)


def _from_exact(player, seat, chosen, top):
    """Candidates from the exact end-of-game search: a sure win reads 1, a sure loss 0."""
    exact = player.last_exact
    after = {a: c for _, a, c in player.root_scores}
    order = sorted(exact, key=lambda a: (a != chosen, -exact[a]))
    chances = {a: endgame.outcome_of(exact[a]) for a in order}
    candidates = []
    for a in _listed(order, chances, top):
        chance = chances[a]
        c = after.get(a)
        reasons = move_reasons(player.s0, seat, a, c, player.hidden, after) if c is not None else []
        candidates.append(Candidate(str(a), _clip(chance), 0, reasons, _move(a)))
    return Insight(seat, candidates[0].chance, candidates, 0)


def _from_draft(state, seat, chosen, legal, top):
    """Candidates of a Wonder draft (`draft.py`, no search): each pick's chance is the
    measured value of moving first, of the Wonders drafted so far and of this round played
    out exactly, as a winning chance. The draft is public: nothing hidden is read."""
    values = draft.pick_values(state, seat)
    so_far = draft.drafted_value(state, seat)
    wid = state.rules.wonder_id
    order = sorted(legal, key=lambda a: (a != chosen, -values.get(wid[a.subject], 0.0)))
    chances = {a: win_chance(so_far + values.get(wid[a.subject], 0.0), 1) for a in order}
    candidates = [Candidate(str(a), _clip(chances[a]), 0, [["draft", {}]], _move(a))
                  for a in _listed(order, chances, top)]
    return Insight(seat, candidates[0].chance, candidates, 0)


def _without_search(state, observation, chosen, legal, seed):
    seat = state.current_player
    if len(legal) > 1:                 # `hard` skips its search only for an immediate win
        c = state.clone()
        c.apply(chosen)
        victory = c.result.victory if c.result is not None and c.result.winner == seat else None
        reasons = [["wins", {"victory": victory} if victory else {}]]
        return Insight(seat, 1.0, [Candidate(str(chosen), 1.0, 0, reasons, _move(chosen))])
    det = Determinizer(observation)
    s0 = det.sample(random.Random(seed))
    v = Lookahead(s0, seat, frozenset(det.hidden_slots)).score(chosen)[0]
    chance = _clip(win_chance(v, s0.age))
    return Insight(seat, chance, [Candidate(str(chosen), chance, 0, [["forced", {}]], _move(chosen))])


def _listed(order, chances, top):
    """The moves to show: the one played first, then runners-up (in the search's order of
    preference) that it does not rate above the move played, best chance first — so the
    list reads from the highest chance down. A runner-up rated higher was either barely
    looked at or failed the threat check; showing it under the move played would
    contradict its own figure."""
    if not order:
        return []
    first = order[0]
    rest = [a for a in order[1:] if chances[a] <= chances[first]][:max(top, 1) - 1]
    rest.sort(key=lambda a: -chances[a])        # stable: equal chances keep the search's order
    return [first] + rest


def _move(action):
    return (action.kind, action.subject, action.target)


def _clip(x):
    return min(1.0, max(0.0, float(x)))


# ---------------------------------------------------------------------------- reasons

def move_reasons(s0, seat, action, after, hidden=(), alternatives=None):
    """Why a move is good, as [code, params] pairs drawn from the evaluation's terms.

    Codes: `wins` {victory}; `blocks` {victory} (other moves let the opponent win at once);
    `science_pair`; `denies` {card} (a card the opponent wanted); and a term name of
    `REASON_TERMS` whose value rose most (`points`, `science`, `military`, ...). Only
    reasons that the move's kind can bring about are named (`REASON_MOVES`)."""
    out = []
    opp = 1 - seat
    kind = action.kind
    if after.result is not None:
        if after.result.winner == seat:
            return [["wins", {"victory": after.result.victory}]]
    blocked = _blocked_threat(s0, seat, after, alternatives or {})
    if blocked:
        out.append(["blocks", {"victory": blocked}])
    if applicable("science_pair", kind) and _pairs(after, seat) > _pairs(s0, seat):
        out.append(["science_pair", {}])
    card = _card_taken(s0, action) if applicable("denies", kind) else None
    if card is not None:
        T = tables(s0.agora)
        try:
            if card_gain(s0, opp, s0.rules.card_id[card], T) >= DENY_MIN:
                out.append(["denies", {"card": card}])
        except (KeyError, IndexError):
            pass
    before_terms = terms(s0, seat, hidden, tempo=False)
    after_terms = terms(after, seat, hidden if after.age == s0.age else (), tempo=False)
    gains = sorted(((after_terms.get(k, 0.0) - before_terms.get(k, 0.0), k) for k in REASON_TERMS
                    if k in after_terms or k in before_terms), reverse=True)
    named = {code for code, _ in out}
    for gain, name in gains:
        if len(out) >= 2 or gain < TERM_REASON_MIN:
            break
        if (name == "science" and "science_pair" in named) or not applicable(name, kind):
            continue
        out.append([name, {}])
    return out[:3]


def _pairs(s, p):
    return sum(1 for k in s.info[p].symbols.values() if k >= 2)


def _card_taken(s, action):
    kind = action.kind
    if kind in ("build", "discard"):
        return action.subject if action.subject in s.rules.card_id else None
    if kind in ("wonder", "prepare"):
        return action.target if action.target in s.rules.card_id else None
    return None


def _blocked_threat(s0, seat, after, alternatives):
    """The victory this move denies the opponent, if some other move would have allowed it."""
    opp = 1 - seat
    if not near_supremacy(s0, opp, margin=1) or after.result is not None:
        return None
    if opponent_threatens(after, opp, budget=300):
        return None
    for other in list(alternatives.values())[:8]:
        if other is after or other.result is not None or other.current_player != opp:
            continue
        line = find_win(other, opp, 300) if near_supremacy(other, opp) else None
        if line:
            c = other.clone()
            for a in line:
                if c.result is not None:
                    break
                c.apply(a)
            return c.result.victory if c.result is not None else "any"
    return None


# ---------------------------------------------------------------------------- analysis

@dataclass
class TurningPoint:
    decision: int               # index into the save's actions (0-based)
    seat: int                   # who made the decision
    played: str
    before: float               # the focal seat's chance before and after the decision
    after: float
    best: str                   # what the search preferred for the mover there
    best_chance: float          # the mover's estimated chance after `best`
    played_chance: object       # ... and after the played move (None: not searched)

    @property
    def drop(self):
        return self.before - self.after

    def to_dict(self):
        return {"decision": self.decision, "seat": self.seat, "played": self.played,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "drop": round(self.drop, 4), "best": self.best,
                "best_chance": round(self.best_chance, 4),
                "played_chance": None if self.played_chance is None else round(self.played_chance, 4)}


@dataclass
class Analysis:
    seat: int                   # the focal seat: the series is this seat's chance to win
    series: list                # after each decision (len == number of actions)
    start: float                # the chance before the first decision
    movers: list                # who made each decision
    played: list                # notation of each decision
    moves: list                 # (kind, subject, target) of each decision
    insights: list              # Insight per position before each decision (None: forced)
    turning_points: list        # TurningPoint, largest drop first
    winner: object = None
    victory: str = None

    def to_dict(self):
        return {"seat": self.seat, "decisions": len(self.series), "start": round(self.start, 4),
                "series": [round(v, 4) for v in self.series], "movers": self.movers,
                "played": self.played, "moves": [list(m) for m in self.moves], "winner": self.winner, "victory": self.victory,
                "turning_points": [t.to_dict() for t in self.turning_points],
                "preferred": [None if i is None else i.to_dict() for i in self.insights]}


def focal_seat(saved) -> int:
    """The seat whose chances a player wants to see: the human against the computer."""
    for seat, p in enumerate(saved.players):
        if isinstance(p, dict) and p.get("kind") == "human":
            return seat
    return 0


def analyse(saved, seconds=None, iterations=None, seed=0, seat=None, progress=None,
            cancelled=None) -> Analysis:
    """Replay `saved` (a SavedGame) and estimate the focal seat's chance after every decision.

    Budget per searched position: `iterations` (deterministic) or `seconds`.
    `progress(done, total)` is called after each position; `cancelled()` returning True
    stops early (returns None). Raises SaveError if the save does not replay."""
    seat = focal_seat(saved) if seat is None else seat
    total = len(saved.actions)
    state = saved.new_state()
    values = []                        # focal chance before each decision (None: carry)
    insights, movers, played, moves = [], [], [], []
    for i, (mover, text) in enumerate(saved.actions):
        if cancelled is not None and cancelled():
            return None
        if state.result is not None:
            break
        legal = state.legal_actions()
        insight = None
        forfeit = is_forfeit(text)
        if len(legal) > 1:
            insight = think(state, seconds=seconds, iterations=iterations, seed=seed + i)
            values.append(insight.chance if insight.seat == seat else 1.0 - insight.chance)
        elif forfeit and values:
            values.append(values[-1])      # the position's worth is what came before the concession
        else:
            values.append(None)
        # A concession is not a choice among the position's moves: nothing is "preferred"
        # there, so it is never a turning point (the position's estimate stays in the series).
        insights.append(None if forfeit else insight)
        movers.append(mover if forfeit else state.current_player)
        played.append(text)
        # the save's own replay checks the mover and legality with clear messages
        if state.current_player != mover and not forfeit:
            saved.replay(i + 1)
        try:
            action = state.parse_action(text, mover)
            state.apply(action)
        except ValueError:
            saved.replay(i + 1)
            raise
        moves.append(_move(action))
        if progress is not None:
            progress(i + 1, total + 1)
    # the position after the last decision
    if state.result is not None:
        final = 0.5 if state.result.winner is None else (1.0 if state.result.winner == seat else 0.0)
    elif state.legal_actions():
        last = think(state, seconds=seconds, iterations=iterations, seed=seed + len(played))
        final = last.chance if last.seat == seat else 1.0 - last.chance
    else:
        final = 0.5
    if progress is not None:
        progress(total + 1, total + 1)
    # a forced move changes nothing: its position is worth what follows it
    nxt = final
    for k in range(len(values) - 1, -1, -1):
        if values[k] is None:
            values[k] = nxt
        nxt = values[k]
    chances = values + [final]              # chances[k]: before decision k
    series = [_clip(v) for v in chances[1:]]
    start = _clip(chances[0]) if chances else 0.5
    points = turning_points(chances, movers, played, insights)
    result = state.result
    return Analysis(seat, series, start, movers, played, moves, insights, points,
                    result.winner if result else None, result.victory if result else None)


def turning_points(chances, movers, played, insights, count=TURNING_POINTS):
    """The decisions after which the focal seat's chance fell the most (largest first).

    Only decisions where the mover had a choice and did not play the search's preferred
    move count: after the preferred move, a drop is the estimate's noise."""
    drops = []
    for k in range(len(played)):
        drop = chances[k] - chances[k + 1]
        ins = insights[k]
        # a drop after the very move the search prefers is its own noise, not a turning point
        if drop >= MIN_DROP and ins is not None and ins.best != played[k]:
            drops.append((drop, k))
    drops.sort(key=lambda t: (-t[0], t[1]))
    out = []
    for drop, k in drops[:count]:
        ins = insights[k]
        best = ins.best if ins is not None else played[k]
        best_chance = ins.chance if ins is not None else math.nan
        out.append(TurningPoint(k, movers[k], played[k], chances[k], chances[k + 1], best,
                                best_chance, ins.chance_of(played[k]) if ins is not None else None))
    return out
