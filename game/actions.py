"""Actions: every decision a player makes, as a small immutable value.

An action is `(player, kind, subject, target)`. `str(action)` is its stable notation
(the player is implied by whose decision it is), e.g. `build Baths`,
`wonder The Pyramids with Altar`, `progress Law`. `State.parse_action` reads it back.

A *forfeit* is the one kind of action that is not a decision of the game: `concede` (a
player gives up), `abandon` (a player left an online game too long and the opponent claimed
the win) and `timeout` (a player's clock ran out). Either seat may have one played at any
moment before the end, whoever is to move; none is ever listed by `State.legal_actions()`
(so no AI, random player or search ever picks one). It ends the game at once: the other
seat wins, with the victory kind given in FORFEITS. `abandon` and `timeout` are played by a
referee (the game server) for the losing seat, so a record replays to the same end.
"""

from typing import NamedTuple, Optional


class Action(NamedTuple):
    player: int
    kind: str
    subject: Optional[str] = None
    target: Optional[str] = None

    def __str__(self) -> str:
        fmt = NOTATION.get(self.kind)
        if fmt is None:
            parts = [self.kind]
            if self.subject is not None:
                parts.append(self.subject)
            if self.target is not None:
                parts.append(self.target)
            return " ".join(parts)
        return fmt.format(s=self.subject, t=self.target)


# Kinds whose notation is not simply "kind subject".
NOTATION = {
    "wonder": "wonder {s} with {t}",
    "prepare": "prepare {s} with {t}",
    "move": "move {s} to {t}",
    "start": "start player {s}",
    "decline": "{s} none",
    "return": "return {s} to the {t}",
    "swap": "take {s} and give {t}",
    "place": "place in {s}",
    "remove": "remove from {s}",
    "move_decree": "move the Decree of {s} to {t}",
    "lock": "lock {s} from the {t}",
    "stop": "stop",
    "conspire": "conspire",
}


# Forfeit action kind (what the losing seat did) -> the victory kind it gives the opponent.
# Another way of losing by leaving the table is one more entry here, with no new special
# case in the engine.
FORFEITS = {
    "concede": "concession",     # the player gave up
    "abandon": "forfeit",        # away from an online game too long; the opponent claimed the win
    "timeout": "time",           # the player's clock ran out
}
FORFEIT_VICTORIES = frozenset(FORFEITS.values())     # victories won by the opponent's leaving


def concede(player: int) -> Action:
    """The action of `player` conceding the game (their opponent wins by concession)."""
    return Action(player, "concede")


def forfeit(player: int, victory: str) -> Action:
    """The forfeit action of `player` that gives their opponent `victory` (a FORFEITS value)."""
    kind = next((k for k, v in FORFEITS.items() if v == victory), None)
    if kind is None:
        raise ValueError(f"no forfeit gives the victory {victory!r}")
    return Action(player, kind)


def is_forfeit(action) -> bool:
    """Is `action` (an Action or its notation) a forfeit such as `concede`?"""
    kind = action[1] if isinstance(action, tuple) else " ".join(str(action).split()).lower()
    return kind in FORFEITS


class IllegalActionError(ValueError):
    """Raised by `State.apply` for an action that is not legal now; the state is unchanged."""
