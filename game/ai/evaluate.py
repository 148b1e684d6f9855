"""A readable evaluation of a position, in victory-point equivalents.

`evaluate(state, me)` returns how good the position is for seat `me`: positive is good.
It is the sum of named terms, each a feature of the position times a named weight from
`WEIGHTS` (and a few small tables below), computed for both players and subtracted:

  points       civilian points already on the score sheet (blue, green, yellow, guilds,
               Wonders, progress tokens; military and Senate points are terms of their own)
  coins        coins, worth more early (they buy cards) than at the end (1 point per 3)
  production   brown/grey production and choices (cheaper cards), fixed trade prices,
               and the pressure one's production puts on the opponent's prices
  military     the Conflict pawn: military points plus the threat of Military Supremacy
  science      distinct scientific symbols: the threat of Scientific Supremacy (the
               opponent's steeper while the missing symbols can still come; our own only
               when one symbol away), and the next symbol on offer
  tokens       the lasting effects of owned progress tokens (Architecture, Economy, ...)
  chains       chain symbols owned whose free card may still come
  wonders      the potential of Wonders owned but not built yet (scaled by their price)
  senate       Chambers controlled: their points, their Decrees, the cube margins, and the
               threat of Political Supremacy
  conspiracies Conspiracies not yet triggered (an opponent's face-down one counts at the
               average value: its identity is hidden)
  tempo        the player to move takes the best card on offer next: the opponent's best
               option counts against the player who just uncovered it (`card_gain`)

`card_gain(state, p, card)` estimates the same terms for one card taken by p now; it is
what `tempo` maximises, and the search player uses it to order moves.
`explain(state, me)` returns the terms one by one (for tests and debugging).

Face-down cards the evaluating player cannot know (`hidden` slots) count at an average
value instead of their sampled identity.
"""

import math
from functools import lru_cache

from ..data import RESOURCES
from ..effects import count_in_city
from ..rules import rules_for
from ..senate import cubes_on_board, supply
from .weights import TERM_NAMES, fitted  # noqa: F401  (TERM_NAMES: the terms, in order)

WIN = 1000.0

WEIGHTS = {
    # points & coins
    "point": 1.0,                 # one victory point
    "coin_end": 1 / 3,            # a coin at the end of the game
    "coin_use": (0.30, 0.20, 0.08),   # extra value of a coin to spend, per Age (first coins)
    "coin_use_cap": 12,           # coins above this are only worth their end value
    # production (per unit, per Age)
    "resource_unit": (1.6, 1.1, 0.35),
    "choice_unit": (1.0, 0.8, 0.3),      # a "one of" producer (Forum, Caravansery, ...)
    "fixed_price": (1.2, 0.9, 0.3),      # a resource bought at 1 coin (per unit of saving)
    "trade_pressure": (0.35, 0.25, 0.05),  # per unit produced that the opponent must buy dearer
    # military: pawn distance toward the opponent's capital -> value (0..8; 9 wins)
    "military_track": (0, 2.0, 3.2, 6.0, 7.5, 9.5, 14.0, 19.0, 27.0),
    "military_threat_late": 0.6,  # threat part kept when few cards remain
    # science: distinct symbols -> value (0..5; 6 wins)
    "science_symbols": (0, 0.8, 2.0, 4.0, 7.5, 14.0),
    # ... while every missing symbol can still come: the 3->4->5->6 steps much steeper (a
    # player on four or five live symbols wins by science far more often than the flat
    # curve says: against indjev99's MCTS we won 4 of 18 Age II positions with it on 4)
    "science_live": (0, 1.0, 3.5, 11.0, 24.0, 48.0),
    # ... but charged in full only for the opponent's symbols (defence): our own symbols keep
    # the flat curve until we are really close (five live symbols). Charging both players
    # made our side chase science itself (Agora self-play against 2acb17d: 18/40).
    "science_live_own": (0, 0.8, 2.0, 4.0, 7.5, 48.0),
    # the next symbol on offer (a face-up green card with a new symbol, or the second of a
    # pair while Law is on the board): share of its step counted for the player to move,
    # who can take it at once, and for the other player, who gets it unless it is denied
    "science_next_mover": 0.8,
    "science_next_waiting": 0.4,
    "science_pair_open": 0.6,     # a single symbol whose second copy may still come (token)
    "science_out_of_reach": 0.3,  # share kept when too few missing symbols can still come
    "science_mausoleum_later": 0.5,  # a discarded symbol, The Mausoleum unbuilt and not yet affordable
    # Senate
    "chamber_control": 1.0,       # controlling a Chamber, beside its points and Decrees
    "cube_margin": 0.35,          # per extra cube of margin (up to 2) in a controlled Chamber
    "cube_contest": 0.25,         # a cube in a Chamber one does not control (yet)
    "political_threat": (0, 30.0, 16.0, 9.0, 5.5, 3.5, 2.2, 1.4, 0.8),  # by cubes missing
    # Wonders
    "wonder_unbuilt": 0.55,       # share of a Wonder's value while still unbuilt
    "extra_turn": 2.8,            # value of playing again
    # Conspiracies
    "conspiracy_prepared": 0.9,   # share of its value once prepared
    "conspiracy_unprepared": 0.5,
    "conspiracy_hidden": 3.0,     # an opponent's face-down Conspiracy (identity unknown)
    # decisions still owed (e.g. a progress token to pick, Senate actions left)
    "pending_senate_action": 1.3,  # per Politician action left
    "pending_place": 1.3,          # a cube to place (token, Knossos, Political Maneuver)
    "pending_remove": 1.0,         # an opponent's cube to remove
    "pending_conspirator": 1.8,    # a Conspirator's choice (a cube or a Conspiracy)
    "pending_other": 1.0,          # destroy / take / lock / ... choices
    # tempo: the best card the player to move can take
    "tempo": 0.55,
    "unknown_card": (2.5, 3.0, 3.5),   # a card revealed face down: average gain by Age
    "chain_out": (1.4, 1.0, 0.0),      # a chain symbol whose chained card may still come
}

# Relative weight of each term per Age (I, II, III), per rule set, and the value scale
# (evaluation points per logistic unit) turning an evaluation into a winning chance: fitted
# by logistic regression of game outcomes on the terms over self-play games
# (tools/fit_ai_weights.py, docs/ai-fit-notes.md), the term scales then tuned by play
# where the file says so (tools/tune_term_scales.py); read from data/ai_weights.json.
_FITTED = fitted()
TERM_SCALE_BY_RULES = {False: _FITTED.term_scale["base"], True: _FITTED.term_scale["agora"]}
TERM_SCALE = TERM_SCALE_BY_RULES[True]

# Lasting effect of an owned progress token (its points and coins are counted elsewhere).
TOKEN_PASSIVE = {
    "Architecture": 1.8,      # per unbuilt Wonder
    "Economy": (4.0, 3.0, 1.5),
    "Masonry": (3.5, 3.0, 1.5),
    "Strategy": (3.5, 3.0, 2.0),
    "Theology": 2.5,          # per unbuilt Wonder
    "Urbanism": (2.5, 1.5, 0.5),
    "Corruption": (2.5, 2.0, 0.7),
    "Organized Crime": (1.5, 1.0, 0.3),
    "Mathematics": 1.5,       # points counted on the sheet; future tokens worth more
}

# Value of a Wonder once built, beside its printed points and coins (effects, extra turn).
WONDER_EXTRA = {
    "The Pyramids": 0, "The Colossus": 0, "The Great Lighthouse": 2.5,
    "The Temple of Artemis": 0, "The Mausoleum": 3.0, "The Great Library": 4.5,
    "Piraeus": 2.5, "The Hanging Gardens": 0, "The Statue of Zeus": 1.5, "The Sphinx": 0,
    "The Appian Way": 1.0, "Circus Maximus": 1.5, "Curia Julia": 3.0, "Knossos": 3.0,
}

# Decree values for their controller (per Age where it matters).
DECREE_VALUE = {
    "Civic Patronage": (2.0, 2.0, 1.2), "Scientific Patronage": (1.5, 1.5, 0.8),
    "Commercial Patronage": (1.2, 1.2, 0.6), "Military Patronage": (1.5, 1.5, 0.8),
    "Commercial Exemption": (1.0, 1.0, 0.5), "Military Exemption": (1.2, 1.2, 0.6),
    "Scientific Exemption": (1.2, 1.2, 0.6), "Wonder Subsidy": (1.5, 1.0, 0.5),
    "Standing Army": (1.5, 1.5, 1.5), "Raw Materials Discount": (1.8, 1.4, 0.6),
    "Manufactured Goods Discount": (1.5, 1.2, 0.6), "Civic Mandate": (1.0, 0.8, 0.4),
    "Salvage Rights": (1.2, 1.2, 1.0), "Wonder Patronage": (1.5, 1.2, 0.6),
    "Shared Chains": (1.2, 1.2, 0.8), "Conspirators' Reward": (0.8, 0.6, 0.3),
}

# Base value of a Conspiracy (refined by the position in `conspiracy_value`).
CONSPIRACY_BASE = {
    "Extortion": 4.0, "Blackmail": 3.0, "Expropriation": 3.5, "Swindle": 2.0,
    "Obscurantism": 3.0, "Coup": 4.0, "Property Fraud": 3.5, "Treason": 4.0,
    "Political Maneuver": 4.0, "Espionage": 4.0, "Turn of Events": 2.0, "Embezzlement": 2.5,
    "Foreclosure": 2.5, "Coercion": 2.0, "Insider Influence": 2.5, "Sabotage": 3.5,
}

CAP = (3, 3, 3, 2, 2)            # units of each resource worth producing (wood clay stone glass papyrus)
DIMINISH = (1.0, 0.75, 0.45)     # value of the 1st, 2nd, 3rd unit


class Tables:
    """Per-rule-set facts the evaluator reads (computed once, never modified)."""

    def __init__(self, agora):
        rules = self.rules = rules_for(agora)
        self.agora = agora
        cards = rules.cards
        self.wonder_value = []
        for w in rules.wonders:
            coins = sum(arg for kind, arg in w.on_gain if kind == "coins")
            loss = sum(arg for kind, arg in w.on_gain if kind == "opponent_loses_coins")
            again = any(kind == "play_again" for kind, _ in w.on_gain)
            self.wonder_value.append((w.points, coins, loss, w.shields, again,
                                      WONDER_EXTRA.get(w.name, 0.0)))
        self.card_age = [c.age if isinstance(c.age, int) else 3 for c in cards]
        self.token_points = [t.points for t in rules.progress]
        self.token_coins = [sum(arg for kind, arg in t.on_gain if kind == "coins")
                            for t in rules.progress]
        self.token_name = [t.name for t in rules.progress]
        # chain symbol -> cards it makes free
        self.chain_targets = {}
        for c in cards:
            if c.chain_in:
                self.chain_targets.setdefault(c.chain_in, []).append(c.id)
        self.symbol_cards = {}
        for c in cards:
            if c.science:
                self.symbol_cards.setdefault(c.science, []).append(c.id)
        self.decree_value = [DECREE_VALUE.get(d.name, (1.0, 1.0, 0.5)) for d in rules.decrees]
        self.decree_name = [d.name for d in rules.decrees]
        self.chamber_points = [ch.points for ch in rules.chambers]
        self.conspiracy_name = [c.name for c in rules.conspiracies]
        self.law = rules.progress_id.get("Law")
        self.mausoleum = rules.wonder_id.get("The Mausoleum")
        self.n_res = len(RESOURCES)


@lru_cache(maxsize=4)
def tables(agora: bool) -> Tables:
    return Tables(agora)


# ---------------------------------------------------------------------------- helpers

def coin_value(age, coins, w=WEIGHTS):
    """Value of holding `coins` coins."""
    use = w["coin_use"][age - 1]
    return w["coin_end"] * coins + use * min(coins, w["coin_use_cap"])


def marginal_coin(age, coins, w=WEIGHTS):
    return w["coin_end"] + (w["coin_use"][age - 1] if coins < w["coin_use_cap"] else 0.0)


def progress_of_game(s):
    """0 at the start of Age I, 1 when Age III's last card is taken."""
    n = len(s.structure) or 1
    left = s.remaining / n if s.structure else 1.0
    return min(1.0, ((s.age - 1) + (1 - left)) / 3)


def military_value(s, distance, w=WEIGHTS):
    """Value of the pawn `distance` spaces toward the opponent's capital (negative: own side)."""
    sign = 1 if distance >= 0 else -1
    d = min(abs(distance), 8)
    track = w["military_track"][d]
    late = progress_of_game(s)
    if late > 0.8:          # fewer cards left to push with: the threat part fades
        pts = s.rules.military_points[d]
        track = pts + (track - pts) * (1 - (late - 0.8) * 5 * (1 - w["military_threat_late"]))
    return sign * track


def live_symbols(s, T):
    """Scientific symbols that can still be obtained: a card bearing it is in the
    structure or in a later Age's deck (or discarded while a player may still build The
    Mausoleum), or Law (scales) is on the board."""
    gone = set(s.city[0])
    gone.update(s.city[1])
    structure = set(s.structure)
    if any(_mausoleum_ready(s, p, T, coins=False) for p in (0, 1)):
        structure.update(s.discard)     # a Mausoleum still to build brings one back
    else:
        gone.update(s.discard)
    live = set()
    age = s.age if s.phase == "play" else 0
    for sym, cards in T.symbol_cards.items():
        for c in cards:
            if c not in gone and (T.card_age[c] > age or c in structure):
                live.add(sym)
                break
    if T.law is not None and T.law in s.progress_board:
        live.add("scales")
    return live


def science_value(s, p, w=WEIGHTS, live=None, hidden=(), own=False):
    """p's science: `own` when p is the evaluating seat (the defensive curve is then
    science_live_own; the opponent's symbols are charged on science_live)."""
    info = s.info[p]
    n = len(info.symbols)
    if n >= 6:
        return WIN
    v = w["science_symbols"][n]
    if live is not None:
        reachable = sum(1 for sym in live if sym not in info.symbols)
        if reachable < 6 - n:
            v *= w["science_out_of_reach"]
        else:
            curve = w["science_live_own"] if own else w["science_live"]
            v = curve[n]
            v += _next_symbol_threat(s, p, w, hidden, curve)
    if s.progress_board:
        singles = sum(1 for k in info.symbols.values() if k == 1)
        v += w["science_pair_open"] * singles * (1 - progress_of_game(s))
    return v


def next_symbol_step(s, p, cid, T, w=WEIGHTS, curve=None):
    """The step on the live science curve that card cid gives p if built now (0 if none):
    a new symbol, or the second of a pair while Law (a symbol of its own) is on the board."""
    c = s.rules.cards[cid]
    if not c.science:
        return 0.0
    symbols = s.info[p].symbols
    have = symbols.get(c.science, 0)
    n = len(symbols)
    if have == 1 and T.law is not None and T.law in s.progress_board \
            and "scales" not in symbols:
        have = 0
    if have or n >= 5:
        return 0.0 if have else WIN
    curve = curve or w["science_live"]
    return curve[n + 1] - curve[n]


def _next_symbol_threat(s, p, w, hidden, curve=None):
    """What the symbols on offer add to p's science: the best step p can pay for now, for
    the player to move (it takes it) and, less, for the other (unless it is denied). A
    face-down card just uncovered counts at the share of the unseen cards (those in the
    hidden slots, a sample of what the evaluating seat has not seen) that would give p a
    step: its identity is not known."""
    if s.phase != "play" or not s.accessible:
        return 0.0
    T = tables(s.agora)
    coins = s.coins[p]
    curve = curve or w["science_live"]
    cap = curve[5]
    best = 0.0
    unknown = None
    for slot in s.accessible:
        if slot in hidden:
            if unknown is None:
                unknown = _hidden_step(s, p, T, w, hidden, curve)
            step = unknown
        else:
            cid = s.structure[slot]
            step = next_symbol_step(s, p, cid, T, w, curve)
            if step > 0 and s.building_price(p, cid)[0] > coins:
                step = 0.0
        best = max(best, min(step, cap))
    if s.discard and _mausoleum_ready(s, p, T, coins=False):
        # The Mausoleum builds a discarded card for free: a green card discarded to deny it
        # is still on offer to the player who can build it (later, if not affordable yet).
        affordable = s.wonder_price(p, T.mausoleum)[0] <= coins
        share = 1.0 if affordable else w["science_mausoleum_later"]
        for cid in s.discard:
            best = max(best, share * min(next_symbol_step(s, p, cid, T, w, curve), cap))
    if not best:
        return 0.0
    if s.decision == "turn" and s.current_player == p:
        return w["science_next_mover"] * best
    return w["science_next_waiting"] * best


def _mausoleum_ready(s, p, T, coins=True):
    """Can p still build The Mausoleum (unbuilt, room for it, and, with `coins`, the price)?"""
    mausoleum = T.mausoleum
    if mausoleum is None or mausoleum not in s.unbuilt_wonders(p) or s.standing_wonders() >= 7:
        return False
    return not coins or s.wonder_price(p, mausoleum)[0] <= s.coins[p]


def _hidden_step(s, p, T, w, hidden, curve=None):
    """The mean step over the cards in the hidden slots (a face-down card's expectation)."""
    total, n = 0.0, 0
    curve = curve or w["science_live"]
    cap = curve[5]
    for slot in hidden:
        if slot < len(s.structure) and s.structure[slot] >= 0:
            n += 1
            total += min(next_symbol_step(s, p, s.structure[slot], T, w, curve), cap)
    return total / n if n else 0.0


def _distance(s, p):
    return s.pawn if p == 0 else -s.pawn


# ---------------------------------------------------------------------------- terms

def _points(s, p, T):
    cards = s.rules.cards
    pts = 0
    for cid in s.city[p]:
        c = cards[cid]
        pts += c.points
        g = c.guild_rule
        if g:
            pts += _guild_points(s, g)
    wonders = s.rules.wonders
    for wid in s.built[p]:
        pts += wonders[wid].points
    owned = s.progress_owned[p]
    for t in owned:
        pts += T.token_points[t]
        if T.token_name[t] == "Mathematics":
            pts += 3 * len(owned)
    return pts


def _guild_points(s, g):
    best = max(count_in_city(s, 0, g["count"]), count_in_city(s, 1, g["count"]))
    return g.get("points_each", 0) * (best // g.get("per", 1))


_PRODUCTION_MEMO = {}
_MEMO_LIMIT = 100_000


def _production(s, p, w=WEIGHTS):
    info = s.info[p]
    opp = s.info[1 - p]
    if w is not WEIGHTS:
        return _production_value(s.age - 1, info, opp, w)
    # A pure function of both cities' production and the Age, which recur constantly.
    key = (s.age, info.prod, info.choices, info.fixed, opp.prod, opp.fixed)
    v = _PRODUCTION_MEMO.get(key)
    if v is None:
        if len(_PRODUCTION_MEMO) > _MEMO_LIMIT:
            _PRODUCTION_MEMO.clear()
        v = _PRODUCTION_MEMO[key] = _production_value(s.age - 1, info, opp, w)
    return v


def _production_value(age, info, opp, w):
    unit = w["resource_unit"][age]
    choice = w["choice_unit"][age]
    v = 0.0
    prod = info.prod
    extra = [0.0] * 5
    for ch in info.choices:
        share = 1.0 / len(ch)
        for r in ch:
            extra[r] += share
    for r in range(5):
        have = prod[r]
        scale = 0.5 if info.fixed[r] else 1.0
        for k in range(min(have, CAP[r])):
            v += unit * DIMINISH[k] * scale
        if extra[r] and have < CAP[r]:
            v += choice * extra[r] * (0.5 if info.fixed[r] else 1.0)
        if info.fixed[r]:
            v += w["fixed_price"][age] * (1 + opp.prod[r]) * 0.5
        if have and not opp.fixed[r]:
            v += w["trade_pressure"][age] * min(have, 2)
    return v


def _chains(s, p, T, w=WEIGHTS):
    """Chain symbols owned whose free card is still to come."""
    chains = s.info[p].chains
    if s.age >= 3 or not chains:
        return 0.0
    value = w["chain_out"][s.age - 1]
    gone = set(s.city[0]) | set(s.city[1])
    v = 0.0
    for sym in chains:
        targets = T.chain_targets.get(sym)
        if targets and any(c not in gone and (T.card_age[c] > s.age or c in s.structure)
                           for c in targets):
            v += value
    return v


def _tokens(s, p, T):
    age = s.age - 1
    v = 0.0
    for t in s.progress_owned[p]:
        val = TOKEN_PASSIVE.get(T.token_name[t])
        if val is None:
            continue
        name = T.token_name[t]
        if name in ("Architecture", "Theology"):
            v += val * len(s.unbuilt_wonders(p)) if s.standing_wonders() < 7 else 0.0
        elif name == "Mathematics":
            v += val * (1 - progress_of_game(s))
        else:
            v += val[age]
    return v


def wonder_gain(s, p, wid, T, w=WEIGHTS):
    """Value of Wonder wid once built by p (not counting its price)."""
    return _wonder_gain(s, p, wid, T, w, marginal_coin(s.age, s.coins[p]))


def _wonder_gain(s, p, wid, T, w, mc):
    """wonder_gain with p's marginal coin value given (the same for all p's Wonders)."""
    pts, coins, loss, shields, again, extra = T.wonder_value[wid]
    v = pts + coins * mc + extra
    if loss:
        v += min(loss, s.coins[1 - p]) * marginal_coin(s.age, s.coins[1 - p])
    if again or s.info[p].passive.get("wonders_play_again"):
        v += w["extra_turn"]
    if shields:
        d = _distance(s, p)
        if d + shields >= s.rules.capital:
            return WIN
        v += military_value(s, d + shields) - military_value(s, d)
    return v


def _wonders(s, p, T, w=WEIGHTS):
    standing = s.standing_wonders()
    if standing >= 7:
        return 0.0
    unbuilt = s.unbuilt_wonders(p)
    if not unbuilt:
        return 0.0
    share = w["wonder_unbuilt"] * (0.55 if standing == 6 else 1.0)
    coins = s.coins[p]
    mc = marginal_coin(s.age, coins)
    drafting = s.phase == "draft"
    v = 0.0
    for wid in unbuilt:
        price = _draft_price(s, p, wid) if drafting else s.wonder_price(p, wid)[0]
        reach = 1.0 if price <= coins else max(0.25, 1 - (price - coins) / 12)
        gain = _wonder_gain(s, p, wid, T, WEIGHTS, mc)
        if gain >= WIN:
            gain = 12.0
        v += share * reach * max(0.0, gain - 0.25 * price)
    return v


def _draft_price(s, p, wid):
    return sum(s.rules.wonders[wid].resources) * 1.5


def conspiracy_value(s, p, cid, T):
    """How much Conspiracy cid is worth to p if triggered now (roughly)."""
    name = T.conspiracy_name[cid]
    base = CONSPIRACY_BASE.get(name, 2.5)
    opp = 1 - p
    age = s.age
    if name == "Blackmail":
        return 1.0 + (s.coins[opp] + 1) // 2 * 2 * marginal_coin(age, s.coins[opp])
    if name == "Coup":
        d = _distance(s, p)
        if d + 2 >= s.rules.capital:
            return 15.0
        return 1.0 + military_value(s, d + 2) - military_value(s, d)
    if name == "Sabotage":
        built = s.built[opp]
        if not built:
            return 1.0
        return 1.0 + max(s.rules.wonders[x].points for x in built)
    if name == "Expropriation":
        cards = s.rules.cards
        blues = [cards[c].points for c in s.city[opp] if cards[c].color == "blue"]
        return 0.8 + max(blues) if blues else 1.0
    if name == "Extortion":
        return 1.0 + 4.0 * bool(s.unbuilt_wonders(opp))
    if name == "Embezzlement":
        return 0.8 + (cubes_on_board(s, p) + min(s.coins[opp], cubes_on_board(s, opp))) * 0.45
    return base


_SENATE_MEMO = {}
_SENATE_MEMO_LIMIT = 20_000          # bigger keys than production's: fewer kept


def _senate(s, p, T, w=WEIGHTS):
    if w is not WEIGHTS:
        return _senate_value(s, p, T, w)
    # A pure function of the Senate (cubes, control, Decrees) and the Age, which often
    # recur: a Senate choice changes a cube or two, most search lines change none.
    key = (p, s.age, tuple(s.cubes), tuple(s.control), tuple(map(tuple, s.chamber_decrees)))
    v = _SENATE_MEMO.get(key)
    if v is None:
        if len(_SENATE_MEMO) > _SENATE_MEMO_LIMIT:
            _SENATE_MEMO.clear()
        v = _SENATE_MEMO[key] = _senate_value(s, p, T, w)
    return v


def _senate_value(s, p, T, w):
    age = s.age - 1
    v = 0.0
    cubes = s.cubes
    control = s.control
    decree_value = T.decree_value
    for ch in range(6):
        mine = cubes[ch * 2 + p]
        if control[ch] == p:
            v += T.chamber_points[ch] * w["point"] + w["chamber_control"]
            v += w["cube_margin"] * min(mine - cubes[ch * 2 + 1 - p] - 1, 2)
            for d in s.chamber_decrees[ch]:
                v += decree_value[d][age]
        elif mine:
            v += w["cube_contest"] * mine
    v += political_threat(s, p, w)
    return v


def political_need(s, p):
    """Cubes p still has to bring to control every Chamber (each must beat the opponent)."""
    need = 0
    cubes = s.cubes
    for i in range(p, 12, 2):                  # cubes[chamber * 2 + p]
        mine, theirs = cubes[i], cubes[i + 1 - 2 * p]
        if mine <= theirs:
            need += theirs - mine + 1
    return need


def political_threat(s, p, w=WEIGHTS):
    need = political_need(s, p)
    table = w["political_threat"]
    if need >= len(table):
        return 0.0
    if supply(s, p) < need:
        return table[need] * 0.3
    return table[need]


def _conspiracies(s, p, me, T, w=WEIGHTS):
    v = 0.0
    for cid, status, _ in s.conspiracies[p]:
        if status == 2:
            continue
        if p != me:
            val = w["conspiracy_hidden"]
        else:
            val = conspiracy_value(s, p, cid, T)
        v += val * (w["conspiracy_prepared"] if status == 1 else w["conspiracy_unprepared"])
    return v


# ---------------------------------------------------------------------------- card gain

def token_gain(s, p, tid, T, w=WEIGHTS):
    """Value for p of taking progress token tid now."""
    name = T.token_name[tid]
    v = T.token_points[tid] + T.token_coins[tid] * marginal_coin(s.age, s.coins[p])
    if tid == T.law:
        info = s.info[p]
        n = len(info.symbols)
        if "scales" not in info.symbols:
            if n + 1 >= 6:
                return WIN
            v += w["science_symbols"][n + 1] - w["science_symbols"][n]
        return v
    val = TOKEN_PASSIVE.get(name)
    if val is not None:
        if name in ("Architecture", "Theology"):
            v += val * len(s.unbuilt_wonders(p))
        elif name == "Mathematics":
            v += 3 * (len(s.progress_owned[p]) + 1) + val * (1 - progress_of_game(s))
        else:
            v += val[s.age - 1]
    return v


def card_gain(s, p, cid, T=None, w=WEIGHTS):
    """Estimated value for p of taking card cid now and doing the best of build / discard.

    Returns WIN for a card that wins the game at once (6th symbol, capital reached).
    """
    if T is None:
        T = tables(s.agora)
    mc = marginal_coin(s.age, s.coins[p])
    return _card_gain(s, p, cid, T, w, mc, s.discard_value(p) * mc)


def _card_gain(s, p, cid, T, w, mc, discard):
    """card_gain with p's marginal coin value and discard gain given (the same for every
    card of one position: best_option computes them once)."""
    c = s.rules.cards[cid]
    age = s.age
    coins = s.coins[p]
    if c.senator:
        cost = s.recruit_cost(p)
        if cost > coins:
            return discard
        if c.senator == "politician":
            blue = s.info[p].count("blue") + s.decree_value(p, "senate_blue_bonus", 0)
            n = 1 if blue <= 1 else 2 if blue <= 3 else 3
            need = political_need(s, p)
            if need <= n:
                return WIN * 0.5          # may win politically (checked exactly elsewhere)
            g = 1.6 * n + 0.8
        else:
            g = 2.8
        return max(discard, g - cost * mc)
    price = s.building_price(p, cid)[0]
    if price > coins:
        return discard
    info = s.info[p]
    g = c.points - price * mc
    if c.shields:
        sh = c.shields + info.passive.get("extra_shields_" + c.color, 0)
        d = _distance(s, p)
        if d + sh >= s.rules.capital:
            return WIN
        g += military_value(s, d + sh) - military_value(s, d)
    if c.science:
        n = len(info.symbols)
        have = info.symbols.get(c.science, 0)
        if not have:
            if n + 1 >= 6:
                return WIN
            g += w["science_symbols"][n + 1] - w["science_symbols"][n]
        elif have == 1 and s.progress_board:
            best = max(token_gain(s, p, t, T) for t in s.progress_board)
            if best >= WIN:
                return WIN
            g += best
    if c.production:
        for r in range(5):
            k = c.production[r]
            have = info.prod[r]
            for j in range(k):
                if have + j < CAP[r]:
                    g += w["resource_unit"][age - 1] * DIMINISH[have + j] * (0.5 if info.fixed[r] else 1)
                if not s.info[1 - p].fixed[r] and have + j < 2:
                    g += w["trade_pressure"][age - 1]
    if c.choice:
        g += w["choice_unit"][age - 1]
    if c.trade_fixed:
        opp = s.info[1 - p]
        for r in c.trade_fixed:
            if not info.fixed[r]:
                g += w["fixed_price"][age - 1] * (1 + opp.prod[r]) * 0.5
    for kind, arg in c.on_gain:
        if kind == "coins":
            g += arg * mc
        elif kind == "coins_per":
            g += arg["each"] * count_in_city(s, p, arg["count"]) * mc
    if c.guild_rule:
        gr = c.guild_rule
        best = max(count_in_city(s, 0, gr["count"]), count_in_city(s, 1, gr["count"]))
        g += gr.get("points_each", 0) * (best // gr.get("per", 1)) + 1.0
        g += gr.get("coins_each", 0) * best * mc
    if c.chain_out and age < 3 and c.chain_out in T.chain_targets:
        g += w["chain_out"][age - 1]
    return max(discard, g)


def best_option(s, p, hidden=(), T=None, w=WEIGHTS):
    """The best gain p can make with one card action now (cards, discard, Wonders)."""
    if T is None:
        T = tables(s.agora)
    if not s.accessible:
        return 0.0
    mc = marginal_coin(s.age, s.coins[p])
    discard = s.discard_value(p) * mc
    best = discard
    unknown = w["unknown_card"][s.age - 1]
    structure = s.structure
    for slot in s.accessible:
        if slot in hidden:
            g = unknown
        else:
            g = _card_gain(s, p, structure[slot], T, w, mc, discard)
        if g > best:
            best = g
            if best >= WIN:
                return best
    if s.standing_wonders() < 7:
        coins = s.coins[p]
        for wid in s.unbuilt_wonders(p):
            price = s.wonder_price(p, wid)[0]
            if price <= coins:
                g = (1 - w["wonder_unbuilt"]) * _wonder_gain(s, p, wid, T, WEIGHTS, mc) - price * 0.2
                if g > best:
                    best = g
    return best


# ---------------------------------------------------------------------------- pending

def pending_value(s, p, me, T, w=WEIGHTS):
    """Value of the decisions p is still owed (steps on the pending stack)."""
    v = 0.0
    share = w["conspiracy_unprepared"]
    for step in s.pending:
        if step[1] != p:
            continue
        kind = step[0]
        if kind == "progress":
            if s.progress_board:
                v += min(12.0, max(token_gain(s, p, t, T, w) for t in s.progress_board))
        elif kind == "library":
            if step[2]:
                v += min(12.0, max(token_gain(s, p, t, T, w) for t in step[2]))
        elif kind == "keep":
            if p == me:
                v += share * max(conspiracy_value(s, p, c, T) for c in step[2])
            else:
                v += share * w["conspiracy_hidden"] * 1.2
        elif kind == "senate":
            v += w["pending_senate_action"] * step[3]
        elif kind == "place":
            v += w["pending_place"]
        elif kind == "remove":
            v += w["pending_remove"]
        elif kind == "conspirator":
            v += w["pending_conspirator"]
        elif kind == "mausoleum":
            v += 3.0
        elif kind == "trigger_unprepared":
            v += w["conspiracy_hidden"]
        elif kind in ("destroy", "extort", "discard_opponent", "lock", "top_row", "treason",
                      "espionage", "foreclose", "coerce", "sabotage"):
            v += w["pending_other"] * 2
    return v


# ---------------------------------------------------------------------------- evaluate

CUBE_TERMS = ("military", "senate", "conspiracies", "pending")


def terms(s, me, hidden=(), w=WEIGHTS, tempo=True):
    """The named terms of the evaluation (each already me-minus-opponent)."""
    T = tables(s.agora)
    opp = 1 - me
    out = {}
    if s.pending:
        out["pending"] = pending_value(s, me, me, T, w) - pending_value(s, opp, me, T, w)
    out["points"] = w["point"] * (_points(s, me, T) - _points(s, opp, T))
    out["coins"] = coin_value(s.age, s.coins[me], w) - coin_value(s.age, s.coins[opp], w)
    out["production"] = _production(s, me, w) - _production(s, opp, w)
    out["military"] = military_value(s, _distance(s, me), w)
    live = live_symbols(s, T)
    out["science"] = (science_value(s, me, w, live, hidden, own=True)
                      - science_value(s, opp, w, live, hidden))
    out["tokens"] = _tokens(s, me, T) - _tokens(s, opp, T)
    out["chains"] = _chains(s, me, T, w) - _chains(s, opp, T, w)
    out["wonders"] = _wonders(s, me, T, w) - _wonders(s, opp, T, w)
    if s.agora:
        out["senate"] = _senate(s, me, T, w) - _senate(s, opp, T, w)
        out["conspiracies"] = _conspiracies(s, me, me, T, w) - _conspiracies(s, opp, me, T, w)
    out["tempo"] = 0.0
    if tempo and s.decision == "turn":
        mover = s.current_player
        g = best_option(s, mover, hidden, T, w)
        g = min(g, 40.0)
        out["tempo"] = w["tempo"] * (g if mover == me else -g)
    k = s.age - 1
    scale = w.get("term_scale") or TERM_SCALE_BY_RULES[s.agora]
    for name in out:
        out[name] *= scale[name][k]
    return out


def cube_terms(s, me, w=WEIGHTS):
    """The terms a Senate choice can change (for quick follow-up decisions in the search)."""
    T = tables(s.agora)
    opp = 1 - me
    k = s.age - 1
    scale = w.get("term_scale") or TERM_SCALE_BY_RULES[s.agora]
    v = military_value(s, _distance(s, me), w) * scale["military"][k]
    if s.agora:
        v += (_senate(s, me, T, w) - _senate(s, opp, T, w)) * scale["senate"][k]
        v += (_conspiracies(s, me, me, T, w) - _conspiracies(s, opp, me, T, w)) \
            * scale["conspiracies"][k]
    if s.pending:
        v += (pending_value(s, me, me, T, w) - pending_value(s, opp, me, T, w)) \
            * scale["pending"][k]
    return v


def evaluate(s, me, hidden=(), w=WEIGHTS, tempo=True) -> float:
    """Value of the position for seat `me` (victory-point equivalents; +-WIN when decided)."""
    if s.result is not None:
        r = s.result
        if r.winner is None:
            return 0.0
        margin = r.scores[me]["total"] - r.scores[1 - me]["total"]
        bonus = max(-50, min(50, margin)) * 0.01
        return WIN + bonus if r.winner == me else -WIN + bonus
    return sum(terms(s, me, hidden, w, tempo).values())


VALUE_SCALE = _FITTED.value_scale["agora"]   # see TERM_SCALE above (later positions are surer)


def win_chance(v, age=2):
    """The evaluation `v` turned into a chance of winning (0..1)."""
    if v >= WIN / 2:
        return 1.0
    if v <= -WIN / 2:
        return 0.0
    return 1.0 / (1.0 + math.exp(-v / VALUE_SCALE[age - 1]))


def explain(s, me, hidden=()):
    return {k: round(v, 2) for k, v in terms(s, me, hidden).items()}
