"""`hard` and `normal` on the core's search (game/ai/native_search.py, native/src/search.rs).

Fixed seeds and iteration counts (never the clock): the same inputs give the same choice.
Without the extension (or a build without the search) the levels are the pure-Python
players of game/ai/mcts.py; that fallback is checked in a child process that cannot import
the extension.
"""

import os
import random
import subprocess
import sys

import pytest

from game import new_game
from game.ai import make_player, native
from game.ai.determinize import Determinizer
from game.ai.mcts import QuickSearchPlayer, SearchPlayer

needs_search = pytest.mark.skipif(not native.SEARCH, reason=native.WHY_NOT or "no search in this build")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _turn(seed, agora, plays=12):
    s = new_game(seed, agora=agora)
    rng = random.Random(seed)
    k = 0
    while k < plays or s.decision != "turn" or len(s.legal_actions()) < 3:
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    return s


def test_without_the_core_the_levels_are_the_python_search():
    code = ("import sys; sys.modules['agora_native'] = None\n"
            "from game.ai import make_player, native\n"
            "print(native.SEARCH, type(make_player('hard')).__name__, type(make_player('normal')).__name__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=60).stdout.split()
    assert out == ["False", "SearchPlayer", "QuickSearchPlayer"]


@needs_search
def test_with_the_core_hard_and_normal_search_in_it():
    from game.ai.native_search import NativeQuickPlayer, NativeSearchPlayer
    assert type(make_player("hard")) is NativeSearchPlayer
    assert type(make_player("normal")) is NativeQuickPlayer
    assert isinstance(make_player("hard"), SearchPlayer)      # the same checks around the search
    assert not isinstance(make_player("normal"), QuickSearchPlayer)


@needs_search
def test_normal_thinks_briefly_whatever_the_settings_time():
    """`normal` is `hard` on NORMAL_SECONDS a decision: the Settings' time (Hard's) must not
    make it slower."""
    import time
    from game.ai.native_search import NORMAL_SECONDS
    s = _turn(4, False)
    p = s.current_player
    bot = make_player("normal", 3, think_seconds=20.0)
    t0 = time.perf_counter()
    assert bot.choose(s.observation(p), s.legal_actions()) in s.legal_actions()
    assert time.perf_counter() - t0 < 2.0    # not the 20 s asked of Hard (slack for a busy CI)
    assert bot.last_iterations > 100         # it searched meanwhile
    assert NORMAL_SECONDS <= 0.15            # the level's budget fits its p95 target (docs/ai.md)


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_a_fixed_seed_and_iteration_count_give_the_same_choice(agora):
    from game.ai.native_search import NativeSearchPlayer
    s = _turn(3, agora)
    p = s.current_player
    bots = [NativeSearchPlayer(seed=7, iterations=400) for _ in range(2)]
    for bot in bots:
        bot.native_agora = True
    a, b = (bot.choose(s.observation(p), s.legal_actions()) for bot in bots)
    assert a == b and a in s.legal_actions()


@needs_search
def test_a_players_own_term_scales_reach_its_root_scores_and_the_cores_search(monkeypatch):
    from game.ai import evaluate
    from game.ai.native_search import NativeSearchPlayer
    s = _turn(5, True, plays=30)
    p = s.current_player
    scaled = NativeSearchPlayer(seed=1, iterations=3000)
    scaled.term_scale = (None, {"points": (4.0, 4.0, 4.0)})
    w = scaled.eval_weights(True)
    assert w["term_scale"]["points"] == (4.0, 4.0, 4.0)
    assert w["term_scale"]["military"] == evaluate.TERM_SCALE_BY_RULES[True]["military"]
    assert scaled.eval_weights(False) is evaluate.WEIGHTS      # the base game untouched
    # the core evaluates with them as evaluate.py does
    state = native.NativeState.from_state(s)
    mine = state._c.evaluate(p, scaled.core_weights(True), [], True)
    assert mine == pytest.approx(evaluate.evaluate(s, p, (), w), abs=1e-6)
    assert mine != pytest.approx(evaluate.evaluate(s, p), abs=1e-3)
    # and the search they guide visits the root differently from the plain player's
    handed = []
    run = native.NativeSearch.run

    def recording_run(self, *args, weights=None, **kwargs):
        handed.append(weights)
        return run(self, *args, weights=weights, **kwargs)
    monkeypatch.setattr(native.NativeSearch, "run", recording_run)
    plain = NativeSearchPlayer(seed=1, iterations=3000)
    for bot in (scaled, plain):
        bot.choose(s.observation(p), s.legal_actions())
    assert handed == [scaled.core_weights(True), None]
    visits = [{a: c.n for a, c in bot.last_root.children.items()} for bot in (scaled, plain)]
    assert visits[0] != visits[1]


@needs_search
def test_the_search_visits_every_root_action_and_spends_its_iterations():
    from game.ai.native_search import NativeSearchPlayer
    s = _turn(5, False)
    p = s.current_player
    bot = NativeSearchPlayer(seed=1, iterations=2000)
    bot.choose(s.observation(p), s.legal_actions())
    assert bot.last_iterations == 2000
    root = bot.last_root
    assert root.n >= 2000 and all(c.n > 0 for c in root.children.values())


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_the_tree_is_kept_between_decisions(agora):
    """After the opponent's reply, the next search starts from the node of the two moves
    played, with what the last search grew below it."""
    from game.ai.native_search import NativeSearchPlayer
    s = _turn(6, agora)
    me = s.current_player
    bot = NativeSearchPlayer(seed=2, iterations=3000)
    bot.native_agora = True
    s.apply(bot.choose(s.observation(me), s.legal_actions()))
    while not s.is_terminal and (s.current_player != me or s.decision != "turn"):
        s.apply(s.legal_actions()[0])
    assert s.current_player == me
    bot.choose(s.observation(me), s.legal_actions())
    assert bot.reused_visits > 0
    # another game (its history is not this one's) starts afresh
    t = _turn(8, agora)
    bot.choose(t.observation(t.current_player), t.legal_actions())
    assert bot.reused_visits == 0


@needs_search
@pytest.mark.parametrize("agora", [False, True])
def test_every_threads_tree_is_kept_between_searches(agora):
    """With two threads each keeps its tree: a second search of the same position adds
    its visits to both trees' first ones (the root's statistics are summed), and a reset
    forgets both."""
    s = _turn(6, agora)
    pool = [native.NativeState.from_state(s)]
    tree = native.NativeSearch(agora)

    def visits(seed):
        return sum(n for _, n, _ in tree.run(pool, s.current_player, iterations=400, seed=seed, threads=2))

    first = visits(1)
    assert first >= 380
    assert visits(2) >= first + 380
    tree.reset()
    assert visits(3) <= first + 20


@needs_search
def test_each_thread_searches_its_own_share_of_the_determinizations():
    """Root parallel over a pool of two states: each thread's tree takes one of them (the
    guided search is deterministic given its states, so trees over the same pool would grow
    alike). Two threads then add up to two single searches, one over each state."""
    s = _turn(7, True)
    me = s.current_player
    det = Determinizer(s.observation(me))
    rng = random.Random(7)
    a, b = (native.NativeState.from_state(det.sample(rng)) for _ in range(2))

    def visits(pool, threads, iterations, seed):
        got = native.NativeSearch(True).run(pool, me, iterations=iterations, seed=seed,
                                            threads=threads, guided=True)
        return {text: n for text, n, _ in got}

    both = visits([a, b], 2, 1200, 1)
    one, other = visits([a], 1, 600, 1), visits([b], 1, 600, 1 + 0x9E3779B9)
    assert both == {k: one.get(k, 0) + other.get(k, 0) for k in set(one) | set(other)}
    assert both != visits([a, b], 1, 1200, 1)          # one tree over both states differs


@needs_search
def test_the_core_only_gets_states_drawn_from_the_observation(monkeypatch):
    """Every state handed to the core is a determinization of the seat's observation."""
    from game.ai.native_search import NativeSearchPlayer
    s = _turn(9, True)
    me = s.current_player
    real = s.observation(me)
    handed = []
    original = native.NativeState.from_state

    def spy(state, agora=None):
        handed.append(state)
        return original(state, agora)

    monkeypatch.setattr(native.NativeState, "from_state", staticmethod(spy))
    bot = NativeSearchPlayer(seed=3, iterations=50)
    bot.native_agora = True
    bot.choose(real, s.legal_actions())
    assert handed
    for d in handed:
        assert d is not s
        assert [str(a) for a in d.legal_actions()] == real["legal_actions"]
        # the seat sees the same thing in every state it searched
        assert {k: v for k, v in d.observation(me).items() if k != "history"} == \
            {k: v for k, v in real.items() if k != "history"}


def _unseen_parts(n, cards):
    """A core state split into what a seat may see, the unseen cards, and the backs (a
    card's Age, or a Guild) of the slots that hold them."""
    x = n._c.export()
    up = x["face_up"]
    back = lambda c: "senator" if cards[c].senator else "guild" if cards[c].guild else cards[c].age  # noqa: E731
    seen = {k: v for k, v in x.items() if k not in ("structure", "removed", "decks", "rng")}
    seen["face_up_cards"] = [(i, c) for i, c in enumerate(x["structure"]) if up >> i & 1]
    down = [c for i, c in enumerate(x["structure"]) if not up >> i & 1 and c >= 0]
    removed = [i for i in range(128) if x["removed"] >> i & 1]
    decks = [[c for c in deck if c != 255] for deck in x["decks"]]
    backs = ([back(c) for c in down], sorted(map(str, map(back, removed))),
             [[back(c) for c in deck] for deck in decks])
    return seen, sorted(down + removed + decks[0] + decks[1]), backs


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_the_cores_redeal_changes_only_what_no_seat_has_seen(agora):
    """`redeal` (search.rs) deals every iteration's unseen cards afresh in the core: the
    face-down cards, the cards removed at setup and the Ages to come move between slots of
    their back (an Age, a Guild, a Senator); everything either seat sees, and so every
    legal action, stays."""
    rng = random.Random(4)
    moved = checked = 0
    for seed in range(8):
        s = new_game(seed, agora=agora)
        while not s.is_terminal:
            if s.phase == "play" and rng.random() < 0.25:
                n = native.NativeState.from_state(s)
                m = n.clone()
                m.shuffle_unseen(rng.getrandbits(64))
                seen, unseen, backs = _unseen_parts(n, s.rules.cards)
                seen2, unseen2, backs2 = _unseen_parts(m, s.rules.cards)
                assert (seen2, unseen2, backs2) == (seen, unseen, backs)
                assert sorted(m.legal_actions()) == sorted(n.legal_actions())
                moved += m._c.export()["decks"] != n._c.export()["decks"]
                checked += 1
                m.playout(rng.getrandbits(32))      # the new deal plays to the end
                assert m.is_terminal
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 50 and moved > checked * 0.5


@needs_search
def test_the_tree_can_stop_at_the_next_age():
    """`age_stop` (the anchor's tree): from the last two cards of Age I the tree holds those
    turns and nothing of Age II, whose deal each iteration draws anew; without it the tree
    grows a node an iteration into Age II."""
    s = new_game(5, agora=False)
    rng = random.Random(5)
    while not (s.age == 1 and s.remaining == 2 and s.decision == "turn"):
        s.apply(rng.choice(s.legal_actions()))
    me = s.current_player
    pool = [native.NativeState.from_state(Determinizer(s.observation(me)).sample(rng)) for _ in range(8)]
    sizes = {}
    for stop in (True, False):
        tree = native.NativeSearch(False)
        stats = tree.run(pool, me, iterations=3000, seed=1, age_stop=stop, redeal=True)
        assert sum(n for _, n, _ in stats) == 3000
        sizes[stop] = tree.size
    assert sizes[True] < 200 < 1500 < sizes[False], sizes


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_leaf_eval_values_each_new_leaf_by_the_evaluation(agora):
    """`leaf_eval=1`: a leaf the walk adds is valued by evaluate.py's winning chance (the
    core's copy) instead of a playout. One iteration per root action on the real state:
    each root value is the evaluation of the position that action leads to."""
    from game.ai.evaluate import evaluate, win_chance
    if not native.EVALUATE:
        pytest.skip("no evaluation in this build")
    s = _turn(8, agora)
    me = s.current_player
    legal = s.legal_actions()
    tree = native.NativeSearch(agora)
    stats = tree.run([native.NativeState.from_state(s)], me, iterations=len(legal), seed=3, c_root=0.0,
                     leaf_eval=1.0)
    assert len(stats) == len(legal) and all(n == 1 for _, n, _ in stats)
    for text, _, q in stats:
        after = s.clone()
        after.apply(after.parse_action(text))
        assert q == pytest.approx(win_chance(evaluate(after, me), after.age), abs=1e-9), text
    with pytest.raises(native.NativeError):          # no leaf_eval outside [0, 1]
        tree.run([native.NativeState.from_state(s)], me, iterations=5, leaf_eval=1.5)


@needs_search
def test_bad_search_input_is_one_clear_error():
    t = native.NativeSearch(False)
    with pytest.raises(native.NativeError):
        t.run([], 0, iterations=10)
    s = native.NativeState.from_state(_turn(2, False))
    with pytest.raises(native.NativeError):
        t.run([s], 3, iterations=10)
    stats = t.run([s], s.current_player, iterations=50, priors=[("build Nowhere", 1.0)])
    assert sum(n for _, n, _ in stats) == 50          # the unknown prior is ignored


@needs_search
@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_native_levels_finish_games(agora):
    from game.ai.native_search import NativeQuickPlayer, NativeSearchPlayer
    from game.simulate import play_game
    players = [NativeSearchPlayer(seed=1, iterations=60), NativeQuickPlayer(seed=2, iterations=40)]
    s = play_game(11, players, agora, first_player=1)
    assert s.is_terminal and s.result.victory in ("military", "science", "political", "civilian")



@needs_search
@pytest.mark.parametrize("seed, agora, cards", [(4, False, 5), (9, False, 5), (14, False, 4), (3, True, 3)])
def test_the_cores_exact_end_gives_endgame_pys_values(seed, agora, cards):
    """The core's alpha-beta and game/ai/endgame.py value every root action alike, on the
    same determinizations."""
    from game.ai import endgame
    from test_ai_endgame import late_position
    s = late_position(seed, agora, cards)
    me = s.current_player
    det = Determinizer(s.observation(me))
    rng = random.Random(seed)
    states = [det.sample(rng) for _ in range(2)]
    want = endgame.solve(states, me, node_budget=10 ** 7)
    got = native.NativeSearch(agora).solve([native.NativeState.from_state(x) for x in states], me, 10 ** 8)
    assert want is not None and got is not None
    assert {str(a): v for a, v in want.items()} == pytest.approx(got)


@pytest.mark.parametrize("built", [True, False])
def test_the_settings_say_which_search_plays(built, monkeypatch):
    """The thinking time's note says when the slower pure-Python search plays."""
    from types import SimpleNamespace
    pytest.importorskip("pygame")
    from ui.scenes.settings import SettingsScene
    from ui.text.i18n import t
    monkeypatch.setattr(native, "SEARCH", built)
    fake = SimpleNamespace(problem=None, group=SimpleNamespace(selected=SimpleNamespace(key="think")))
    note = SettingsScene._note(fake)
    assert note == t("settings.think_note" if built else "settings.think_note_python")
    assert ("Python" in note) == (not built)


@needs_search
def test_a_search_refuses_states_of_the_other_rule_set():
    s = native.NativeState.from_state(_turn(2, True))
    with pytest.raises(native.NativeError):
        native.NativeSearch(False).solve([s], s.current_player, 1000)
    with pytest.raises(native.NativeError):
        native.NativeSearch(False).run([s], s.current_player, iterations=10)


@needs_search
def test_a_search_refuses_an_unknown_guard():
    s = native.NativeState.from_state(_turn(2, True))
    with pytest.raises(native.NativeError, match="guard"):
        native.NativeSearch(True).run([s], s.current_player, iterations=10, guard=3)
    assert native.NativeSearch(True).run([s], s.current_player, iterations=10, guard=2)


@needs_search
def test_agora_may_be_left_to_the_python_tree():
    from game.ai.native_search import NativeQuickPlayer, NativeSearchPlayer
    assert NativeSearchPlayer.native_agora is True   # `hard` searches Agora in the core
    assert NativeQuickPlayer.native_agora is False   # `normal` keeps today's Python level
    s = _turn(3, True)
    p = s.current_player
    bot = NativeSearchPlayer(seed=7, iterations=40)
    bot.native_agora = False
    assert bot.choose(s.observation(p), s.legal_actions()) in s.legal_actions()
    assert type(bot._python) is SearchPlayer and bot._python.last_iterations == 40
    assert bot._tree is None                         # the core's tree never grew
