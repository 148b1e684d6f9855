"""Actions: every decision a player makes, as a small immutable value.

An action is `(player, kind, subject, target)`. `str(action)` is its stable notation
(the player is implied by whose decision it is), e.g. `build Baths`,
`wonder The Pyramids with Altar`, `progress Law`. `State.parse_action` reads it back.
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


class IllegalActionError(ValueError):
    """Raised by `State.apply` for an action that is not legal now; the state is unchanged."""
