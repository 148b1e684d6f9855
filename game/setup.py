"""Setting up a new game (base §2, Agora §A2). All randomness comes from the seeded Rng."""

import random

from .rng import Rng
from .rules import rules_for
from .state import State
from . import steps, effects  # noqa: F401  (register the base step and effect kinds)

BOARD_PROGRESS = 5
REMOVED_PER_AGE = 3
GUILDS_PER_GAME = 3
SENATORS_PER_AGE = {1: 5, 2: 5, 3: 3}


def _shuffle(rng, items: list) -> None:
    """Uniform shuffle by sorting on random keys: the keys and the sort run in C, which
    makes setup (about 200 items) several times faster than random.shuffle. Saved games
    replay from the seed: the order must never change."""
    random = rng.random
    keys = [random() for _ in items]
    if len(set(keys)) < len(keys):          # a tie (~never): the items break it, as always
        items[:] = [item for _, item in sorted(zip(keys, items))]
        return
    # The same order as sorted(zip(keys, items)), found sorting plain floats (cheaper).
    items[:] = [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def new_game(seed: int = 0, agora: bool = True, first_player=None, data_path=None) -> State:
    """A new game. Same seed, options and actions -> the same game.

    first_player: 0 or 1 to choose who plays first, None to draw it from the seed.
    """
    rules = rules_for(agora, data_path)
    if agora:
        from . import senate, conspiracies  # noqa: F401  (register the Agora kinds)
    s = State(rules)
    # Setup shuffles ~200 items: Python's C-implemented Mersenne Twister does that fast and
    # deterministically; the state keeps a tiny cloneable generator for later draws.
    rng = random.Random(seed)
    s.rng = Rng(rng.getrandbits(64))
    s.first_player = rng.randrange(2) if first_player is None else int(first_player)

    tokens = list(range(len(rules.progress)))
    _shuffle(rng, tokens)
    s.progress_board, s.progress_box = tokens[:BOARD_PROGRESS], tokens[BOARD_PROGRESS:]

    wonders = list(range(len(rules.wonders)))
    _shuffle(rng, wonders)
    s.draft_deck = wonders

    senators = list(rules.senators)
    _shuffle(rng, senators)
    guilds = list(rules.guilds)
    _shuffle(rng, guilds)
    dealt = 0
    for age in (1, 2, 3):
        cards = list(rules.age_cards[age])
        _shuffle(rng, cards)
        s.removed[age] = cards[:REMOVED_PER_AGE]
        deck = cards[REMOVED_PER_AGE:]             # already in random order
        if age == 3 or agora:                     # Guilds / Senators join: mix again
            if age == 3:
                deck += guilds[:GUILDS_PER_GAME]
            if agora:
                deck += senators[dealt:dealt + SENATORS_PER_AGE[age]]
                dealt += SENATORS_PER_AGE[age]
            _shuffle(rng, deck)
        s.decks[age] = deck

    s.military_tokens = list(range(len(rules.military_tokens)))
    s.info = [None, None]
    s.refresh(0)
    s.refresh(1)

    if agora:
        decrees = list(range(len(rules.decrees)))
        _shuffle(rng, decrees)
        s.decree_up = [False] * len(rules.decrees)
        for ch in rules.chambers:
            d = decrees[ch.index]
            s.chamber_decrees[ch.index] = [d]
            s.decree_up[d] = ch.decree_face_up
        s.conspiracy_deck = list(range(len(rules.conspiracies)))
        _shuffle(rng, s.conspiracy_deck)
        s.deal_age(1)          # Agora: the Age I structure is visible during the draft

    s.push(("draft_next", None))
    s._advance()
    return s
