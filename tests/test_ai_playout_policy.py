"""The core's playout policy (native/src/search.rs `Policy`), read through
`NativeState.policy_action`: the anchor's look-ahead through a Wonder that plays again,
science denial, the military guard, the political plan of Agora playouts, the race for
points, and the anchor's own plain turn (a card drawn first) and playouts without the
finishing rules, as the base game's `hard` plays them.

A science plan with no green card it can build looks for a Wonder that plays again, built
with a card whose removal uncovers a green card it can then afford: the extra turn takes
it. The check here is the engine's own: the Wonder applied, the same player moves again
and may build a green card.
"""

import random

import pytest

from game import new_game
from game.ai import native

pytestmark = pytest.mark.skipif(not native.SEARCH, reason=native.WHY_NOT or "no search in this build")

PLAIN, SCIENCE, MILITARY, POLITICS = 0, 1, 2, 3
SEEDS = range(7)


def _card(s, name):
    return s.rules.cards[s.rules.card_id[name]]


def _green_build(s):
    return any(a.kind == "build" and _card(s, a.subject).color == "green" for a in s.legal_actions())


def _lookahead_moves(s):
    """The Wonders that let the mover build a green card on the extra turn they give."""
    p = s.current_player
    found = set()
    for a in s.legal_actions():
        if a.kind != "wonder":
            continue
        after = s.clone()
        after.apply(a)
        if after.current_player == p and after.decision == "turn" and _green_build(after):
            found.add(str(a))
    return found


def _random_positions(agora, games, count, want):
    """Positions reached by random play where `want` holds: at most one per dealt game."""
    out = []
    for seed in range(games):
        s = new_game(seed, agora=agora)
        rng = random.Random(seed)
        while s.result is None:
            if want(s):
                out.append(s.clone())
                break
            s.apply(rng.choice(s.legal_actions()))
        if len(out) >= count:
            break
    return out


def _positions(count):
    """Base-game turns where the mover cannot build a green card but a Wonder that plays
    again would let it, far from a military finish."""
    return _random_positions(False, 400, count, lambda s: (
        s.decision == "turn" and s.age < 3 and abs(s.pawn) < 4 and not _green_build(s)
        and _lookahead_moves(s)))


def _pick(s, plan, seed, **options):
    state = native.NativeState.from_state(s)
    plans = (plan, PLAIN) if s.current_player == 0 else (PLAIN, plan)
    return state.policy_action(plans, seed, **options)


def test_a_science_plan_looks_ahead_through_a_wonder_that_plays_again():
    positions = _positions(12)
    assert len(positions) >= 8
    hits = misses = blind = 0
    for s in positions:
        wanted = _lookahead_moves(s)
        for seed in SEEDS:
            got = _pick(s, SCIENCE, seed, lookahead=True)
            hits += got in wanted
            # a Wonder it builds instead of a green card is always one that reaches one
            misses += got.startswith("wonder") and got not in wanted
            blind += _pick(s, SCIENCE, seed, lookahead=False) in wanted
    tries = len(positions) * len(SEEDS)
    assert misses == 0
    assert hits >= 0.8 * tries          # the core skips Wonders whose own gains pay the card
    assert blind < 0.5 * tries          # without the look-ahead it is chance


def test_a_plain_plan_does_not_look_ahead():
    for s in _positions(8):
        for seed in SEEDS:
            assert (_pick(s, PLAIN, seed, lookahead=True) == _pick(s, PLAIN, seed, lookahead=False))


def test_bad_plans_are_one_clear_error():
    s = new_game(1, agora=False)
    with pytest.raises(native.NativeError, match="plan"):
        native.NativeState.from_state(s).policy_action((4, 0), 1)


def _plan_turns(count, wanted, plans=(SCIENCE, SCIENCE), agora=False):
    """Turns reached by `plans` (science on both sides by default) where `wanted(state)`
    gives a non-empty set of actions: (state, those actions), at most one a dealt game."""
    out = []
    for seed in range(300):
        s = new_game(seed, agora=agora)
        k = 0
        while s.result is None:
            found = wanted(s) if s.decision == "turn" else None
            if found:
                out.append((s.clone(), found))
                break
            text = native.NativeState.from_state(s).policy_action(plans, seed * 1000 + k)
            s.apply(s.parse_action(text))
            k += 1
        if len(out) >= count:
            break
    return out


def _denials(count):
    """Turns where the opponent holds five symbols and a green card with its sixth is
    accessible: (state, the denying actions)."""
    def deny(s):
        theirs = s.info[1 - s.current_player].symbols
        return len(theirs) == 5 and {
            str(a) for a in s.legal_actions()
            if a.kind in ("build", "discard") and _card(s, a.subject).color == "green"
            and _card(s, a.subject).science not in theirs}
    return _plan_turns(count, deny)


def test_science_denial_takes_the_card_the_opponent_needs_for_its_sixth_symbol():
    found = _denials(6)
    assert len(found) >= 4
    blind = 0
    for s, deny in found:
        for seed in SEEDS:
            picks = [_pick(s, plan, seed, deny=True) for plan in (PLAIN, SCIENCE)]
            assert all(got in deny for got in picks), (picks, deny)
            blind += _pick(s, PLAIN, seed) in deny
    assert blind < len(found) * len(SEEDS)


def _capital_threats(s):
    """The red cards (to build or discard) with which the opponent would reach the mover's
    capital, where the mover has no finish of its own (those come first in every plan)."""
    p = s.current_player
    capital = s.rules.capital
    theirs = capital + s.pawn if p == 0 else capital - s.pawn
    mine = 2 * capital - theirs
    reds = [a for a in s.legal_actions()
            if a.kind in ("build", "discard") and _card(s, a.subject).color == "red"]
    if any(_card(s, a.subject).shields >= mine for a in reds) or len(s.info[p].symbols) >= 5:
        return None
    return {str(a) for a in reds if _card(s, a.subject).shields >= theirs}


@pytest.mark.parametrize("agora", [False, True])
def test_guard_takes_the_red_card_that_would_carry_the_opponent_into_the_capital(agora):
    found = _plan_turns(6, _capital_threats, plans=(MILITARY, MILITARY), agora=agora)
    assert len(found) >= 4
    blind = 0
    for s, guarding in found:
        for seed in SEEDS:
            picks = [_pick(s, plan, seed, guard=True) for plan in (PLAIN, SCIENCE, MILITARY)]
            assert all(got in guarding for got in picks), (picks, guarding)
            blind += _pick(s, PLAIN, seed) in guarding
    assert blind < len(found) * len(SEEDS)


def _agora_positions(decision, count, want=lambda s: True):
    """Agora positions reached by random play where `decision` waits and `want` holds,
    far from a military or science finish (those come first in every plan)."""
    return _random_positions(True, 200, count, lambda s: (
        s.decision == decision and abs(s.pawn) < 3 and max(len(i.symbols) for i in s.info) < 5
        and want(s)))


def _recruits(s):
    return {str(a) for a in s.legal_actions() if a.kind == "recruit"}


def test_a_political_plan_recruits_a_senator_whenever_it_can():
    found = _agora_positions("turn", 10, lambda s: _recruits(s) and len(s.legal_actions()) > len(_recruits(s)))
    assert len(found) >= 8
    plain = 0
    for s in found:
        for seed in SEEDS:
            assert _pick(s, POLITICS, seed) in _recruits(s)
            plain += _pick(s, PLAIN, seed) in _recruits(s)
    assert plain < 0.6 * len(found) * len(SEEDS)     # a plain plan recruits by chance


def _control(cubes, p):
    """Chambers p controls minus the opponent's (cubes[chamber * 2 + seat])."""
    lead = [cubes[ch * 2 + p] - cubes[ch * 2 + 1 - p] for ch in range(6)]
    return sum(x > 0 for x in lead) - sum(x < 0 for x in lead)


def test_a_political_plan_places_its_cube_where_it_gains_control():
    def placed(s, text):
        after = s.clone()
        after.apply(after.parse_action(text))
        return _control(after.cubes, s.current_player)

    def choice_matters(s):
        return len({placed(s, str(a)) for a in s.legal_actions()}) > 1

    found = _agora_positions("place", 8, choice_matters)
    assert len(found) >= 5
    blind = 0
    for s in found:
        best = max(placed(s, str(a)) for a in s.legal_actions())
        for seed in SEEDS:
            assert placed(s, _pick(s, POLITICS, seed)) == best
            blind += placed(s, _pick(s, PLAIN, seed)) == best     # senate=0: at random
    assert blind < len(found) * len(SEEDS)


def _builds_by_points(s):
    """The mover's builds and the points each card is worth (a Guild at three times its
    points a card, as the policy counts it)."""
    out = {}
    for a in s.legal_actions():
        if a.kind == "build":
            c = _card(s, a.subject)
            out[str(a)] = max(c.points, 3 * c.guild_rule.get("points_each", 0) if c.guild_rule else 0)
    return out


def test_the_race_for_points_builds_the_card_worth_most():
    def choice_matters(s):
        worth = _builds_by_points(s)
        return s.decision == "turn" and s.age > 1 and len(set(worth.values())) > 1 and max(worth.values()) > 0

    found = _random_positions(False, 200, 10, choice_matters)
    assert len(found) >= 8
    racing, plain = [], []
    for s in found:
        worth = _builds_by_points(s)
        best = max(worth.values())
        for seed in range(40):
            for share, into in ((1.0, racing), (0.0, plain)):
                a = _pick(s, PLAIN, seed, points=share)
                if a in worth:
                    into.append(worth[a] == best)
    assert racing and all(racing)          # every build of a racing player: the most points
    assert plain and not all(plain)        # without it, builds are drawn at random


def _poor_turns(count):
    """Base-game turns of Ages II-III where the mover can build exactly one of at least
    four accessible cards and no Wonder."""
    def poor(s):
        acts = s.legal_actions()
        kinds = [a.kind for a in acts]
        return (s.decision == "turn" and s.age > 1 and kinds.count("build") == 1
                and "wonder" not in kinds and kinds.count("discard") >= 4)
    return _random_positions(False, 300, count, poor)


def test_the_anchors_plain_turn_draws_a_card_first_and_so_discards_when_poor():
    """The anchor's plain turn (`card_first`) draws a card and then a kind until the pair is
    legal: with one card of four or more affordable it discards most of the time, where the
    kind-first draw builds that card in most turns (a Wonder's 50 % falls to a build)."""
    found = _poor_turns(10)
    assert len(found) >= 8
    built = {True: 0, False: 0}
    turns = 0
    for s in found:
        for seed in range(20):
            for first in (True, False):
                text = _pick(s, PLAIN, seed, card_first=first, finishes=False)
                built[first] += text.startswith("build")
            turns += 1
    assert built[True] < 0.55 * turns and built[False] > 0.75 * turns, (built, turns)


def _sixths(count):
    """Turns where the mover holds five symbols and can build a green card with a sixth,
    among other moves: (state, those builds)."""
    def sixth(s):
        mine = s.info[s.current_player].symbols
        found = len(mine) == 5 and {
            str(a) for a in s.legal_actions()
            if a.kind == "build" and _card(s, a.subject).color == "green"
            and _card(s, a.subject).science not in mine}
        return found if found and len(s.legal_actions()) > len(found) + 2 else None
    return _plan_turns(count, sixth)


def test_without_the_finishes_a_plain_plan_may_miss_its_sixth_symbol():
    """Every plan takes a science supremacy on offer (`finishes`, the default); the anchor's
    playouts have no such rule, and `finishes=False` leaves a plain player to its draw."""
    found = _sixths(6)
    assert len(found) >= 4
    missed = 0
    for s, sixth in found:
        for seed in SEEDS:
            assert _pick(s, PLAIN, seed) in sixth
            missed += _pick(s, PLAIN, seed, finishes=False) not in sixth
    assert missed > 0
