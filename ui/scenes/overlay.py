"""Overlays that belong to a running game: the table keeps animating and the AI keeps
playing underneath while they are open (unless `pauses_game`)."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.scenes.base import Scene
from ui.table.keys import KeyGate


class TableOverlay(Scene):
    opaque = False
    pauses_game = False          # the pause menu stops the game clock
    allows_prompts = False       # the game may push a decision dialog over this overlay

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game
        self.fade = 0.0
        self._scrim: pygame.Surface | None = None
        keys = getattr(game, "keys", None)          # the game's held keys (ui/table/keys.py)
        self.key_gate = KeyGate(keys) if keys is not None else None

    def fresh_key(self, event) -> bool:
        """False for a key still held from before this overlay was shown: the press (or its
        repeat) that opened a dialog must not also answer it."""
        if self.key_gate is None:
            return True
        self.game.keys.see(event)
        return self.key_gate.admits(event)

    def update(self, dt: float) -> None:
        self.fade = min(1.0, self.fade + dt / 0.15)
        if not self.pauses_game and self.game is not None:
            self.game.tick(dt)

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            while self.app.stack and self.app.top is not self:
                self.app.pop()
            self.app.pop()

    def draw_scrim(self, surface: pygame.Surface, alpha: int = 150) -> None:
        size = surface.get_size()
        if self._scrim is None or self._scrim.get_size() != size:
            self._scrim = pygame.Surface(size, pygame.SRCALPHA)
        self._scrim.fill((*theme.SCRIM[:3], round(alpha * self.fade)))
        surface.blit(self._scrim, (0, 0))

    def target_for(self, action):
        """Screen point to click next to play `action` (autoplay), or None."""
        return None
