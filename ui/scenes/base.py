"""The Scene base class: one screen (or overlay) on the App's scene stack; the screen registry.

Scenes sit below the App (ui/shell/app.py), which pushes, pops and draws them; a scene
reaches the App it is on through `self.app`, never by importing it. A scene opens the
screens below it by importing them (the game imports its overlays); the few that must open
a screen above them (the game ends: Game over, which can start a new game) look it up by
name: `screen("GameOverScene")`. Each such screen is marked `@registered`, and
ui/scenes/__init__.py imports every scene module, so importing any scene knows them all.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ui.draw.layout import Layout

_SCREENS: dict[str, Callable] = {}


def registered(opener):
    """Class (or function) decorator: `screen(name)` finds it by its own name."""
    _SCREENS[opener.__name__] = opener
    return opener


def screen(name: str) -> Callable:
    """A registered scene class or opening function, by name (see the module's note)."""
    try:
        return _SCREENS[name]
    except KeyError:
        raise LookupError(f"no screen {name!r}: mark it @registered and import its module "
                          "in ui/scenes/__init__.py") from None


class Scene:
    # An overlay (opaque = False) is drawn over the scenes beneath it; only the top scene
    # receives events and updates.
    opaque = True

    def __init__(self) -> None:
        self.app = None             # the ui.shell.app.App this scene is on, once pushed

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
