"""The Wonder draft, played by measured Wonder values.

While drafting, nothing changes but who owns which Wonder, and the evaluation's guess of
an unbuilt Wonder's worth (its points and effects against its price) is the weakest part
of it. data/ai_choices.json holds what drafting each Wonder is worth instead, measured by
tools/fit_choice_values.py from thousands of games in which the Wonders were drafted at
random (so a difference in winning is the Wonder's doing, not the chooser's skill).
With those values the draft is a tiny two-player game: the picks left in the current
round of four (the pick order is fixed) are searched exactly, each side maximising its
Wonders' values minus the other's. The next round's Wonders are not known yet; the values
are additive, so they would not change the choice anyway.

(The same games measure the progress tokens; taking tokens by those context-free values
played no better than the evaluation's token choice, which sees what a token does in the
position: see docs/ai.md.)
"""

from ..steps import DRAFT_ORDER
from .weights import choice_values


def _values(s, kind):
    return choice_values()["agora" if s.agora else "base"][kind]


def pick_values(s, me, values=None):
    """{Wonder id: value for `me` of picking it now, the round played out exactly}."""
    if values is None:
        values = _values(s, "wonders")
    names = s.rules.wonders
    worth = {w: values.get(names[w].name, 0.0) for w in s.draft_pool}
    pickers = [s.first_player ^ DRAFT_ORDER[k]
               for k in range(s.draft_pick, s.draft_pick + len(s.draft_pool))]

    def best(pool, k):
        """The value for `me` of the rest of the round, both sides playing it best."""
        if not pool:
            return 0.0
        sign = 1.0 if pickers[k] == me else -1.0
        outcomes = [sign * worth[w] + best(pool - {w}, k + 1) for w in pool]
        return max(outcomes) if pickers[k] == me else min(outcomes)

    pool = frozenset(s.draft_pool)
    sign = 1.0 if pickers[0] == me else -1.0
    return {w: sign * worth[w] + best(pool - {w}, 1) for w in pool}


def drafted_value(s, me, values=None):
    """The measured values of `me`'s Wonders less the opponent's (drafted so far), and of
    moving first (for the first player, against it for the other)."""
    if values is None:
        values = _values(s, "wonders")
    names = s.rules.wonders
    first = _values(s, "moving_first")
    return (sum(values.get(names[w].name, 0.0) for w in s.wonders[me])
            - sum(values.get(names[w].name, 0.0) for w in s.wonders[1 - me])
            + (first if s.first_player == me else -first))


def _best(actions, value, order):
    rank = {a: i for i, a in enumerate(order)}
    return max(actions, key=lambda a: (round(value(a), 6), -rank.get(a, len(rank))))


def draft_choice(s, me, legal_actions, order=()):
    """The draft action with the best value; among equal values the first in `order`
    (e.g. the evaluation's own ranking) wins."""
    values = pick_values(s, me)
    wid = s.rules.wonder_id
    return _best(legal_actions, lambda a: values.get(wid[a.subject], 0.0), order)
