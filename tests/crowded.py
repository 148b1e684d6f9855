"""A crowded late-Age-III Agora table, reached by playing a seeded game (for the readability
test and the screenshots): both players build whenever they can, so the cities fill up."""
from __future__ import annotations

import random

BUILD_FIRST = ("build", "wonder", "recruit", "place", "prepare", "trigger")


def builder_move(state, rng):
    """Build, else raise a Wonder, else recruit...; any other decision at random (and now and
    then a Senator or a Conspiracy first, so that the Senate and the plots fill up too)."""
    actions = state.legal_actions()
    order = BUILD_FIRST
    if rng.random() < 0.35:
        order = ("prepare", "recruit") + BUILD_FIRST
    for kind in order:
        mine = [a for a in actions if a.kind == kind]
        if mine:
            return rng.choice(mine)
    return rng.choice(actions)


def crowded_session(seed: int = 11, left: int = 6, level: str = "easy"):
    """A game against the AI (seat 1), seat 0 to play in Age III with at most `left` cards left.

    Tries seeds from `seed` on until a game gets there (a game may end early)."""
    from ui.table.session import GameConfig, GameSession, SeatSetup
    for attempt in range(seed, seed + 40):
        session = GameSession(GameConfig(seed=attempt, agora=True, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("ai", level)]))
        rng = random.Random(attempt)
        s = session.state
        while not s.is_terminal:
            if (s.phase == "play" and s.age == 3 and s.decision == "turn" and s.current_player == 0
                    and sum(1 for c in s.structure if c != -1) <= left):
                return session
            session.apply(builder_move(s, rng))
            s = session.state
    raise RuntimeError("no seeded game reached a late Age III")
