"""The Scene base class: one screen (or overlay) on the App's scene stack."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.layout import Layout

if TYPE_CHECKING:
    from ui.app import App


class Scene:
    # An overlay (opaque = False) is drawn over the scenes beneath it; only the top scene
    # receives events and updates.
    opaque = True

    def __init__(self) -> None:
        self.app: App | None = None

    @property
    def layout(self) -> Layout:
        assert self.app is not None, "scene is not on an App's stack"
        return self.app.layout

    def accepts_text(self) -> bool:
        """True while the player is typing here: letter keys then belong to the text (M does not mute)."""
        return False

    def on_enter(self) -> None:
        """Called when pushed, after self.app is set."""

    def on_exit(self) -> None:
        """Called when popped or replaced."""

    def on_resize(self, layout: Layout) -> None:
        """Called after on_enter and whenever the window size changes."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
