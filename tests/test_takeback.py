"""game.takeback: a take-back never goes back over something hidden that the asker has seen."""
import random

from game import new_game
from game.takeback import floor_of, reveals_to, takeback_floor


def _play_until(state, rng, wanted):
    """Random legal moves until an action's events satisfy `wanted`; returns (moves, events)."""
    moves = []
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        moves.append((action.player, str(action)))
        events = state.apply(action)
        if wanted(events):
            return moves, events
    raise AssertionError("the game ended first")


def test_a_card_turned_face_up_cannot_be_taken_back_by_either_seat():
    state = new_game(5, agora=False)
    moves, events = _play_until(state, random.Random(2),
                                lambda evs: state.phase == "play" and any(e.kind == "reveal" for e in evs))
    for seat in (0, 1):
        assert takeback_floor(new_game(5, agora=False), moves, seat) == len(moves)


def test_a_move_that_revealed_nothing_can_be_taken_back():
    state = new_game(5, agora=False)
    rng = random.Random(2)
    # to the first play-phase move after which nothing was turned up
    moves, _ = _play_until(state, rng, lambda evs: state.phase == "play" and any(e.kind == "reveal" for e in evs))
    reveal_at = len(moves)
    more, _ = _play_until(state, rng, lambda evs: not any(reveals_to(e, 0) for e in evs))
    moves += more
    assert takeback_floor(new_game(5, agora=False), moves, 0) < len(moves)
    assert takeback_floor(new_game(5, agora=False), moves, 0) >= reveal_at


def test_a_drawn_conspiracy_is_a_secret_only_of_the_drawer():
    state = new_game(11)
    rng = random.Random(4)
    moves = []
    while not state.is_terminal:
        legal = state.legal_actions()
        conspire = [a for a in legal if a.kind == "conspire"]
        action = conspire[0] if conspire else rng.choice(legal)
        moves.append((action.player, str(action)))
        events = state.apply(action)
        drawn = [e for e in events if e.kind == "conspiracy" and e.get("action") == "drawn"]
        if drawn:
            drawer = drawn[0].player
            break
    else:
        raise AssertionError("nobody conspired")
    assert reveals_to(drawn[0], drawer)
    assert not reveals_to(drawn[0], 1 - drawer)


def test_floor_of_counts_only_revealing_actions():
    assert floor_of([[], [], []], 0) == 0
