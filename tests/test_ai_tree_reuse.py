"""`hard` starts each search from what its previous search already grew below the moves
played since (tree reuse), and only from that: never across games, undos or Ages."""

from game import new_game
from game.ai.mcts import SearchPlayer


def _play_to_turn(seed, agora, turns):
    """A game after the draft, `turns` card turns in (both seats playing their first legal
    action), at a turn decision."""
    s = new_game(seed, agora=agora, first_player=0)
    while s.phase == "draft" or turns > 0:
        if s.phase != "draft" and s.decision == "turn":
            turns -= 1
        s.apply(s.legal_actions()[0])
    while s.decision != "turn":
        s.apply(s.legal_actions()[0])
    return s


def _hard(iterations=300, seed=3):
    bot = SearchPlayer(seed)       # the pure-Python tree (the core's: test_ai_native.py)
    bot.iterations = iterations
    bot.reuse_tree = True
    return bot


def _finish_turn(s, p):
    """Play p's follow-ups (progress token, ...) until the other seat has a turn."""
    while not s.is_terminal and (s.current_player == p or s.decision != "turn"):
        s.apply(s.legal_actions()[0])


def test_next_search_starts_from_the_subtree_of_the_moves_played():
    for agora, seed in ((False, 5), (True, 6)):
        s = _play_to_turn(seed, agora, 4)
        me = s.current_player
        bot = _hard()
        mine = bot.choose(s.observation(me), s.legal_actions())
        s.apply(mine)
        _finish_turn(s, me)
        # the opponent answers with the reply the search looked at most
        node = bot.last_root.children[mine]
        legal = s.legal_actions()
        reply = max((a for a in legal if a in node.children), key=lambda a: node.children[a].n)
        expected = node.children[reply]
        visits_before = expected.n
        s.apply(reply)
        _finish_turn(s, 1 - me)
        legal = s.legal_actions()
        action = bot.choose(s.observation(me), legal)
        assert action in legal
        assert bot.reused_visits == visits_before > 0
        assert bot.last_root is expected
        # the root only offers what can be played now, and grew by this search's iterations
        assert set(bot.last_root.children) <= set(legal)
        assert bot.last_root.n >= visits_before + bot.iterations - 1


def test_no_reuse_after_an_undo_or_in_another_game():
    s = _play_to_turn(7, False, 2)
    me = s.current_player
    bot = _hard()
    saved = s.clone()
    s.apply(bot.choose(s.observation(me), s.legal_actions()))
    # Undo: the same seat decides again on the position before its move.
    bot.choose(saved.observation(me), saved.legal_actions())
    assert bot.reused_visits == 0
    # Another game with the same player, as long as the previous one.
    other = _play_to_turn(8, False, 3)
    while other.current_player != me:
        other.apply(other.legal_actions()[0])
        while other.decision != "turn":
            other.apply(other.legal_actions()[0])
    bot.choose(other.observation(me), other.legal_actions())
    assert bot.reused_visits == 0


def test_reuse_off_keeps_nothing():
    s = _play_to_turn(5, False, 4)
    bot = _hard()
    bot.reuse_tree = False
    bot.choose(s.observation(s.current_player), s.legal_actions())
    assert bot.kept_tree is None
