"""How big the window opens: the largest offered size that fits the screen's usable area.

`choose_window_size(usable, saved)` is the rule, a pure function (tests give it any display);
`usable_area()` asks the system what room a window has on the main display. A window's size is
its inside: the title bar and frame come on top, and the task bar / dock take room too, so
those are subtracted. Where the system says where its task bar is (SDL's usable bounds) only
the frame is; where it does not, a guess for both is.
"""
from __future__ import annotations

import ctypes
import logging
from pathlib import Path

from ui.files.settings import MIN_WINDOW, WINDOW_SIZES

log = logging.getLogger(__name__)

FRAME = (16, 40)            # a window's borders and title bar, around its inside
TASKBAR_GUESS = 60          # a task bar or dock, when the system does not say
HEADLESS_DRIVERS = ("dummy", "offscreen")   # no screen to fit (tests, --selftest)
ASPECT = (16, 9)            # the design's shape (ui/draw/layout.py), kept when no offered size fits
DEFAULT = (1600, 900)       # the design size, without a display to fit

Size = tuple[int, int]


def room_on(desktop: Size, usable: Size | None = None) -> Size:
    """The biggest window inside on a display of size `desktop` whose usable area (without the
    task bar) is `usable` (None or the whole desktop: not told, so guessed)."""
    if usable is None or tuple(usable) == tuple(desktop):
        w, h = desktop[0], desktop[1] - TASKBAR_GUESS
    else:
        w, h = usable
    return (max(1, w - FRAME[0]), max(1, h - FRAME[1]))


def fits(size: Size, room: Size) -> bool:
    return size[0] <= room[0] and size[1] <= room[1]


def choose_window_size(usable: Size | None, saved: Size | None) -> Size:
    """The window's size at start: the saved one if it fits `usable` (the room a window has, see
    room_on), else the largest offered size that fits, else the design's shape shrunk to fit
    (never below the smallest window the game can be read in). Without a known display the
    saved size, else the design size."""
    if usable is None:
        return tuple(saved) if saved else DEFAULT
    if saved and fits(saved, usable):
        return tuple(saved)
    offered = [s for s in WINDOW_SIZES if fits(s, usable)]
    if offered:
        return max(offered)
    scale = min(usable[0] / ASPECT[0], usable[1] / ASPECT[1])
    w, h = int(scale * ASPECT[0]), int(scale * ASPECT[1])
    return (max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h))


def usable_area() -> Size | None:
    """The room for a window's inside on the main display, or None without a real display.
    Needs pygame.display initialised."""
    import pygame
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return None
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not desktops:
        return None
    return room_on(tuple(desktops[0]), _usable_bounds(0))


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _usable_bounds(display: int) -> Size | None:
    """SDL_GetDisplayUsableBounds from the SDL library pygame loaded (pygame does not offer it);
    None where that library cannot be found or answers with an error."""
    try:
        library = _sdl_library()
        if library is None:
            return None
        rect = _Rect()
        if library.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
            return None
        return (rect.w, rect.h)
    except (OSError, AttributeError, ValueError) as exc:
        log.debug("no usable display area from SDL: %s", exc)
        return None


def _sdl_library():
    """The SDL2 shared library shipped with pygame (loading it again shares its state)."""
    import pygame
    here = Path(pygame.__file__).resolve().parent
    patterns = ("SDL2.dll", ".dylibs/libSDL2-2*.dylib", "../pygame_ce.libs/libSDL2-2*.so*", "libSDL2-2*.so*")
    for pattern in patterns:
        for path in sorted(here.glob(pattern)):
            return ctypes.CDLL(str(path))
    return None
