"""The effect vocabulary of the base game: one small function per effect kind.

Each runs once, for player `p`, when the component carrying it is obtained; `source` is
('card' | 'wonder' | 'progress' | 'military' | 'conspiracy' | 'draft' | 'decree', id).
Passive kinds (production, points, discounts...) are read from the city instead and have
no function here (see game.rules.PASSIVE_KINDS).
"""

from .registry import effect


def count_in_city(s, q, counter) -> int:
    """How many items player q has for a COUNTER: colours, 'wonders' or 'coins'."""
    if counter == "wonders":
        return len(s.built[q])
    if counter == "coins":
        return s.coins[q]
    info = s.info[q]
    return sum(info.count(color) for color in counter)


@effect("coins")
def _coins(s, p, n, source):
    s.gain_coins(p, n, source)


@effect("shields")
def _shields(s, p, n, source):
    kind, ident = source
    if kind == "card":
        color = s.rules.cards[ident].color
        n += s.info[p].passive.get("extra_shields_" + color, 0)
    tokens = s.push_pawn(p, n, source)
    if not tokens:
        return
    if s.agora and kind in ("card", "wonder"):
        # Agora: a construction's tokens act after its other effects and Decree payout
        # (agora.md §A7.2, §A10, §A17).
        s.deferred_tokens.extend((p, t) for t in tokens)
    elif not s.agora:
        # Base: the coin loss is immediate (base-game.md §8, §16), even when this effect
        # runs inline ahead of steps not yet scheduled (State.run_steps).
        s.run_steps(s.token_steps(p, tokens))
    else:
        s.push(*s.token_steps(p, tokens))


@effect("coins_per")
def _coins_per(s, p, arg, source):
    s.gain_coins(p, arg["each"] * count_in_city(s, p, arg["count"]), source)


@effect("guild")
def _guild_coins(s, p, arg, source):
    best = max(count_in_city(s, 0, arg["count"]), count_in_city(s, 1, arg["count"]))
    s.gain_coins(p, arg.get("coins_each", 0) * (best // arg.get("per", 1)), source)


@effect("play_again")
def _play_again(s, p, arg, source):
    s.grant_extra_turn(p, source)


@effect("opponent_loses_coins")
def _opponent_loses(s, p, n, source):
    s.lose_coins(1 - p, n, source)


@effect("destroy_opponent_card")
def _destroy(s, p, color, source):
    cards = s.rules.cards
    if any(cards[c].color == color for c in s.city[1 - p]):
        s.push(("destroy", p, color))


@effect("build_from_discard")
def _mausoleum(s, p, arg, source):
    if s.discard:
        s.push(("mausoleum", p))


@effect("draw_progress")
def _great_library(s, p, n, source):
    if s.progress_box:
        drawn = s.rng.sample(s.progress_box, min(n, len(s.progress_box)))
        for tid in drawn:
            if s.recording:
                s.record(("progress_secret", p, s.rules.progress[tid].name, "drawn", "box",
                         source, p))
        s.push(("library", p, tuple(drawn)))
