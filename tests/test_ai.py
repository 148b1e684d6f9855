"""The AI players (game/ai/): complete games, immediate wins and blocks, fair play, and the
determinizer's consistency with the observation.

Constructed positions use tests/positions.py. An AI only ever gets
`state.observation(seat)` and `state.legal_actions()`. `hard` runs with a fixed, tiny number
of iterations here so the suite stays fast and deterministic.
"""

import random

import pytest

from positions import conspiracy, cubes, decree, give, offer, position, tokens
from game import new_game
from game.ai import available, make_player, native
from game.ai.determinize import Determinizer, determinize
from game.ai.evaluate import explain
from game.ai.mcts import QuickSearchPlayer, SearchPlayer
from game.invariants import problems
from game.simulate import play_game

AIS = ("easy", "one-ply", "normal", "hard")
NATIVE = ("hard-native", "normal-native")


def make(name, seed=0):
    """The player `name`; the searching levels on a fixed number of iterations, so the
    test does not hang on the machine's speed."""
    if name == "hard":
        return SearchPlayer(seed=seed, iterations=24)
    if name == "normal":
        return QuickSearchPlayer(seed=seed, iterations=40)
    if name in ("hard-native", "normal-native"):          # the core's search (when built)
        from game.ai.native_search import NativeQuickPlayer, NativeSearchPlayer
        cls = NativeSearchPlayer if name == "hard-native" else NativeQuickPlayer
        player = cls(seed=seed, iterations=200)
        player.native_agora = True          # the core's search in Agora too
        return player
    return make_player(name, seed)


def decide(s, name, seed=0):
    p = s.current_player
    return make(name, seed).choose(s.observation(p), s.legal_actions())


def play_own_turn(s, name, seed=0):
    """Let the AI play every decision of the current player until the turn passes."""
    p = s.current_player
    player = make(name, seed)
    while not s.is_terminal and s.current_player == p:
        s.apply(player.choose(s.observation(p), s.legal_actions()))


# ------------------------------------------------------------------ registry, complete games

def test_players_are_registered():
    for name in ("random", "easy", "one-ply", "normal", "hard"):
        assert name in available()
    assert make_player("hard", 1, 0.05).think_seconds == 0.05


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
@pytest.mark.parametrize("name", ["easy", "one-ply", "normal"])
def test_heuristic_players_finish_seeded_games(name, agora):
    for seed in range(3):
        players = [make_player(name, seed), make_player("random", seed + 1)]
        s = play_game(seed, players if seed % 2 else players[::-1], agora, first_player=seed % 2)
        assert s.is_terminal and s.result.victory in ("military", "science", "political", "civilian")


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_hard_finishes_a_seeded_game(agora):
    players = [SearchPlayer(seed=1, iterations=8), make_player("normal", 2)]
    s = play_game(11, players, agora, first_player=1)
    assert s.is_terminal


def test_normal_is_a_short_search_whatever_the_thinking_time(monkeypatch):
    """`normal` keeps its own small budget (the Settings' thinking time is `hard`'s) and
    spends it searching; a search draws only the determinizations its iterations use."""
    from game.ai import mcts
    normal = QuickSearchPlayer(1, think_seconds=8.0)     # the pure-Python level (no core)
    assert isinstance(normal, QuickSearchPlayer)
    assert normal.budget() == mcts.QUICK_SECONDS <= 0.05
    s = new_game(4, agora=True, first_player=0)
    while len(s.legal_actions()) < 3 or s.decision != "turn":
        s.apply(s.legal_actions()[0])
    drawn = []
    real_sample = mcts.Determinizer.sample
    monkeypatch.setattr(mcts.Determinizer, "sample",
                        lambda det, rng: drawn.append(1) or real_sample(det, rng))
    for player in (normal, SearchPlayer(1, think_seconds=0.015)):
        drawn.clear()
        clock = FakeClock()
        monkeypatch.setattr(mcts, "time", clock)
        player.choose(s.observation(s.current_player), s.legal_actions())
        assert clock.now <= player.budget() + 0.0025      # 1 ms a read: a read or two over
        assert player.last_iterations > 0
        # The first state, then one more per iteration until the pool is full.
        assert len(drawn) == min(player.last_iterations, player.pool_size)
    assert player.last_iterations < player.pool_size      # hard's pool was not filled


class FakeClock:
    """A clock that moves 1 ms each time it is read: the search's budget in exact steps."""

    def __init__(self):
        self.now = 0.0
        self.reads = 0

    def perf_counter(self):
        self.now += 0.001
        self.reads += 1
        return self.now


def test_hard_stops_when_its_budget_is_spent_and_searches_more_with_more_time(monkeypatch):
    import game.ai.mcts as mcts
    s = new_game(4)
    rng = random.Random(4)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    iterations = {}
    for budget in (0.05, 0.2):
        clock = FakeClock()
        monkeypatch.setattr(mcts, "time", clock)
        player = SearchPlayer(0, budget)       # the pure-Python search: its clock is mocked
        player.choose(s.observation(s.current_player), s.legal_actions())
        assert clock.now <= budget + 0.002           # never reads the clock past its budget
        iterations[budget] = player.last_iterations
    assert 0 < iterations[0.05] < iterations[0.2]


def test_hard_spends_banked_time_on_close_decisions_and_keeps_its_mean(monkeypatch):
    """Time saved on easy decisions (drafts, early stops) goes to close ones; over a game
    the decisions still take no more than the budget each on average."""
    import game.ai.mcts as mcts
    clock = FakeClock()
    monkeypatch.setattr(mcts, "time", clock)
    budget = 0.04
    player = SearchPlayer(3, budget)
    s = new_game(11)
    spent, longest, decisions = 0.0, 0.0, 0
    while not s.is_terminal and decisions < 40:
        p = s.current_player
        legal = s.legal_actions()
        if p == 0:
            before = clock.now
            action = player.choose(s.observation(p), legal)
            took = clock.now - before
            spent += took
            longest = max(longest, took)
            decisions += 1
            assert took <= budget + player.bank_spend * budget + 0.01    # never past its cap
        else:
            action = random.Random(decisions).choice(legal)
        s.apply(action)
    assert longest > 1.5 * budget                   # some close decision used the bank
    assert spent <= decisions * budget + 0.01        # and the mean stayed within the budget


def test_hard_stops_early_only_when_no_other_move_can_catch_up():
    from game.ai.mcts import Node
    root = Node()
    root.children = {"a": Node(0), "b": Node(0)}
    root.children["a"].n, root.children["b"].n = 90, 10
    # 100 iterations in 0.1 s: 0.05 s left gives at most ~50 more (75 with the margin).
    assert SearchPlayer.settled(root, 100, 0.1, 0.05)           # a lead of 80 is out of reach
    assert not SearchPlayer.settled(root, 100, 0.1, 0.2)        # 200+ more could still overturn it
    root.children["b"].n = 40
    assert not SearchPlayer.settled(root, 100, 0.1, 0.05)       # a lead of 50 is not safe


# ------------------------------------------------------------------ immediate wins

def _military_win(agora=False):
    s = position(agora=agora, player=0)
    s.pawn = 8
    if agora:
        s.military_tokens = []
    offer(s, "Guard Tower", "Altar", "Theater", "Tavern")
    return s


def _science_win():
    s = position(agora=False, player=0, age=3, coins=20)
    give(s, 0, "Scriptorium", "Pharmacist", "Workshop", "Apothecary")
    tokens(s, 0, "Law")
    offer(s, "Academy", "Palace")
    return s


def _political_win():
    s = position(agora=True, player=0)
    s.pawn = 0
    for ch, name in enumerate(("Scientific Patronage", "Commercial Patronage",
                               "Commercial Exemption", "Scientific Exemption",
                               "Raw Materials Discount", "Manufactured Goods Discount"), 1):
        decree(s, ch, name)
    cubes(s, ch1=(1, 0), ch2=(1, 0), ch3=(2, 1), ch4=(1, 0), ch5=(1, 0), ch6=(0, 0))
    offer(s, "Right Politician 1", "Altar", "Theater", "Tavern")
    return s


@pytest.mark.parametrize("name", AIS)
@pytest.mark.parametrize("build, kind", [
    (lambda: _military_win(False), "military"),
    (lambda: _military_win(True), "military"),
    (_science_win, "science"),
    (_political_win, "political"),
], ids=["military-base", "military-agora", "science", "political"])
def test_ai_takes_an_immediate_win(name, build, kind):
    s = build()
    play_own_turn(s, name)
    assert s.is_terminal, f"{name} missed the {kind} win"
    assert s.result.winner == 0 and s.result.victory == kind


def _block_military():
    s = position(agora=False, player=0)
    s.pawn = -8                          # seat 1 is one shield away from seat 0's capital
    offer(s, "Guard Tower", "Altar", "Theater", "Tavern", "Baths", "Lumber Yard")
    return s, "Guard Tower"


def _block_science():
    s = position(agora=False, player=0, age=3, coins=7)
    s.coins = [7, 20]
    give(s, 1, "Scriptorium", "Pharmacist", "Workshop", "Apothecary")
    tokens(s, 1, "Law")
    offer(s, "Academy", "Palace")
    # Only the two offered cards stay in the structure: taking Academy must not uncover
    # another sundial or sphere card (the deal is random), or nothing could block the win.
    s.structure = [cid if slot in s.accessible else -1 for slot, cid in enumerate(s.structure)]
    s.remaining = len(s.accessible)
    return s, "Academy"


def _block_political():
    s = position(agora=True, player=0)
    s.pawn = 0
    for ch, name in enumerate(("Scientific Patronage", "Commercial Patronage",
                               "Commercial Exemption", "Scientific Exemption",
                               "Raw Materials Discount", "Manufactured Goods Discount"), 1):
        decree(s, ch, name)
    cubes(s, ch1=(0, 1), ch2=(0, 1), ch3=(1, 2), ch4=(0, 1), ch5=(0, 1), ch6=(0, 0))
    give(s, 0, "Conspirator 1", "Conspirator 2", "Conspirator 3")   # recruiting costs 3
    s.coins = [1, 7]
    offer(s, "Right Politician 1", "Altar", "Theater", "Tavern", "Baths")
    return s, "Right Politician 1"


@pytest.mark.parametrize("name", ["one-ply", "normal", "hard"])
@pytest.mark.parametrize("build", [_block_military, _block_science, _block_political],
                         ids=["military", "science", "political"])
def test_ai_blocks_the_opponents_immediate_win(name, build):
    s, key_card = build()
    action = decide(s, name)
    assert key_card in (action.subject, action.target), f"{name} played {action}"
    s.apply(action)
    # The opponent really cannot win at once any more (seen from the full state).
    from game.ai.tactics import find_win
    if s.current_player == 1:
        assert find_win(s, 1) is None


def test_blocking_positions_really_threaten():
    from game.ai.tactics import find_win
    for build in (_block_military, _block_science, _block_political):
        s, key_card = build()
        s.pending = [("turn", 1, True)]
        s._legal = None
        assert find_win(s, 1) is not None


# ------------------------------------------------------------------ fair play

def _hidden_variants():
    """Pairs of states that differ only in what seat 0 cannot see."""
    out = []
    # (a) two face-down cards of the structure swapped
    s = new_game(21, agora=True)
    rng = random.Random(21)
    while s.phase == "draft" or s.current_player != 0:
        s.apply(rng.choice(s.legal_actions()))
    t = s.clone()
    down = [i for i, c in enumerate(t.structure) if c != -1 and not t.face_up[i]]
    a, b = down[0], down[-1]
    assert t.structure[a] != t.structure[b]
    t.structure = t.structure[:]
    t.structure[a], t.structure[b] = t.structure[b], t.structure[a]
    out.append((s, t))
    # (b) the opponent's unprepared Conspiracy exchanged with one of the deck
    s = position(agora=True, player=0)
    conspiracy(s, 1, "Coup")
    conspiracy(s, 0, "Blackmail")
    t = s.clone()
    coup, other = t.rules.conspiracy_id["Coup"], t.conspiracy_deck[3]
    t.conspiracies = [t.conspiracies[0][:], [(other, 0, -1)]]
    t.conspiracy_deck = [coup if c == other else c for c in t.conspiracy_deck]
    out.append((s, t))
    # (c) the box tokens in another order, and the face-down Decrees of CH2 and CH4 swapped
    s = position(agora=True, player=0)
    t = s.clone()
    t.progress_box = t.progress_box[::-1]
    t.chamber_decrees = [d[:] for d in t.chamber_decrees]
    t.chamber_decrees[1], t.chamber_decrees[3] = t.chamber_decrees[3], t.chamber_decrees[1]
    out.append((s, t))
    return out


@pytest.mark.parametrize("name", AIS + NATIVE)
def test_hidden_information_does_not_change_decisions(name):
    if name in NATIVE and not native.SEARCH:
        pytest.skip(native.WHY_NOT or "no search in this build")
    for s, t in _hidden_variants():
        assert s.to_json() != t.to_json()
        assert s.observation(0) == t.observation(0)
        a = decide(s, name, seed=5)
        b = decide(t, name, seed=5)
        assert a == b


# ------------------------------------------------------------------ the determinizer

def _positions(agora, games=12, every=5):
    for seed in range(games):
        s = new_game(100 + seed, agora=agora)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal:
            if k % every == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))
            k += 1


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_determinized_states_match_the_observation(agora):
    n = 0
    for s in _positions(agora):
        p = s.current_player
        obs = s.observation(p)
        det = Determinizer(obs)
        for k in range(2):
            d = det.sample(random.Random(k))
            assert [str(a) for a in d.legal_actions()] == obs["legal_actions"]
            assert not problems(d)
            # everything the player sees is unchanged
            assert d.observation(p)["structure"] == obs["structure"]
            assert d.observation(p)["city"] == obs["city"]
            n += 1
    assert n > 100


def test_determinizer_respects_known_conspiracy_positions():
    checked = 0
    for s in _positions(True, games=30, every=1):
        p = s.current_player
        if not s.deck_knowledge[p]:
            continue
        d = determinize(s.observation(p), checked)
        for cid, pos in s.deck_knowledge[p]:
            assert d.conspiracy_deck.index(cid) == s.conspiracy_deck.index(cid)
        checked += 1
    assert checked > 5


def test_determinizer_keeps_secretly_seen_cards():
    s = position(agora=True, player=0)
    s.secret_seen[0] = [s.rules.cards[c].name for c in s.removed[1]]
    obs = s.observation(0)
    for k in range(5):
        d = determinize(obs, k)
        assert d.removed[1] == s.removed[1]


def test_determinized_game_plays_to_the_end():
    s = new_game(5, agora=True)
    rng = random.Random(5)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    d = determinize(s.observation(s.current_player), 3)
    while not d.is_terminal:
        d.apply(rng.choice(d.legal_actions()))
    assert d.result is not None


def test_evaluation_terms_are_named():
    s = new_game(1)
    terms = explain(s, 0)
    for key in ("points", "coins", "military", "science", "senate", "wonders", "tempo"):
        assert key in terms
