"""One key press answers one decision: a decision takes only keys pressed after it was shown.

A held key sends KEYDOWN again and again (key repeat), and the press that ends one
decision may be followed by the next decision in the very same frame: neither that
press nor its repeats may answer the next one. The game keeps the keys that are down
(`HeldKeys`: as the table's scenes saw them go down and up, and as SDL reports them);
each decision, when shown, opens a `KeyGate` that refuses every key already down then,
until that key goes up.
"""
from __future__ import annotations

import pygame

# The keys that answer a decision: a number, Enter/Space on the focused choice, Esc declining.
# (Undo and the focus keys are no answer: each of their presses acts, held or not.)
ANSWER_KEYS = frozenset(getattr(pygame, f"{prefix}{i}") for prefix in ("K_", "K_KP") for i in range(1, 10)) | {
    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE,
}


def _sdl_down() -> set:
    """The answer keys SDL reports held (empty without a keyboard, e.g. the dummy driver)."""
    try:
        pressed = pygame.key.get_pressed()
        return {k for k in ANSWER_KEYS if pressed[k]}
    except (pygame.error, IndexError):
        return set()


class HeldKeys:
    """The keys down now, as far as the game's scenes know."""

    def __init__(self) -> None:
        self._seen: set = set()         # went down in front of the table's scenes, not yet up

    def see(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in ANSWER_KEYS:
            self._seen.add(event.key)
        elif event.type == pygame.KEYUP:
            self._seen.discard(event.key)

    def forget(self) -> None:
        """Another screen has the keyboard: its key-ups never reach the table, so start afresh."""
        self._seen.clear()

    def down(self) -> set:
        return self._seen | _sdl_down()


class KeyGate:
    """Opened when a decision is shown; `admits` says whether a key event may act on it."""

    def __init__(self, held: HeldKeys) -> None:
        self.held = held
        self.stale = held.down()        # down before the decision was shown

    def admits(self, event) -> bool:
        if event.type == pygame.KEYUP:
            self.stale.discard(event.key)
            return True
        if event.type == pygame.KEYDOWN:
            return event.key not in ANSWER_KEYS or event.key not in self.stale
        return True

    def update(self) -> None:
        """Keys released while another screen had the keyboard count as up."""
        if self.stale:
            self.stale &= self.held.down()


def is_undo_key(event) -> bool:
    """Ctrl+Z (Cmd+Z) or Backspace."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_BACKSPACE:
        return True
    return event.key == pygame.K_z and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
