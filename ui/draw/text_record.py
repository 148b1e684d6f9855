"""Where each line of text lands on the window, for the text-fit test (tests/test_text_fit.py).

Off by default and free then. While a `Recorder` is on (`recording()`), every picture of
text the fonts make is tagged (fonts.Font.render, fonts.render_fit, names_fit.render_line),
and a frame drawn onto a `RecordingSurface` notes each tagged picture blitted onto it: its
text, where its ink lies, whether fitting cut it with "…", and the room it was meant to fit —
the innermost `box(rect)` a painter declared around it (a prompt, a button, a panel), or
the window. Lines the table's painters set on another window-sized surface (the cached
table picture, blitted whole) are noted by ui/table/paint.py through `note_line`.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import pygame

RECORDER: "Recorder | None" = None


@dataclass
class Line:
    text: str                   # as drawn (a cut one ends with "…")
    rect: pygame.Rect           # its ink on the window
    box: pygame.Rect | None     # the room it was meant to fit (None: the window)
    box_name: str
    cut: bool                   # shortened with "…" by fitting
    layer: str                  # the scene that drew it


class Recorder:
    def __init__(self) -> None:
        self.lines: list[Line] = []
        self._tags: dict[int, tuple[pygame.Surface, str, bool]] = {}
        self._ornaments: dict[int, tuple[pygame.Surface, list, str]] = {}
        self._boxes: list[tuple[pygame.Rect, str]] = []
        self.layer = ""
        self.covers: list[tuple[int, pygame.Rect, str]] = []     # (lines drawn before it, plate, name)
        self.clear: list[tuple[pygame.Rect, str]] = []           # where no text may go (a border band)
        self.plates: list[tuple[pygame.Rect, str, str]] = []     # (rect, name, layer): buttons

    def tag(self, picture: pygame.Surface, text: str, cut: bool = False) -> None:
        self._tags[id(picture)] = (picture, text, cut)

    def tagged(self, picture) -> tuple[str, bool] | None:
        found = self._tags.get(id(picture))
        return (found[1], found[2]) if found is not None and found[0] is picture else None

    def note(self, text: str, rect: pygame.Rect, cut: bool) -> None:
        box, name = self._boxes[-1] if self._boxes else (None, "")
        self.lines.append(Line(text, pygame.Rect(rect), None if box is None else pygame.Rect(box), name, cut,
                               self.layer))

    def blitted(self, picture, at: pygame.Rect, area) -> None:
        ornament = self._ornaments.get(id(picture))
        if ornament is not None and ornament[0] is picture and area is None:
            for rect in ornament[1]:
                self.clear.append((rect.move(at.x, at.y), ornament[2]))
        found = self.tagged(picture)
        if found is None or at.w <= 0 or at.h <= 0:
            return
        ink = picture.get_bounding_rect()
        if area is not None:
            area = pygame.Rect(area)
            ink = ink.clip(area).move(-area.x, -area.y)
        ink = ink.move(at.x, at.y).clip(at)
        if ink.w and ink.h:
            self.note(found[0], ink, found[1])

    def note_line(self, text: str, rect: pygame.Rect, picture=None) -> None:
        """A line set on a window-sized surface other than the recording one."""
        found = self.tagged(picture) if picture is not None else None
        ink = pygame.Rect(rect)
        if picture is not None:
            ink = picture.get_bounding_rect().move(rect.x, rect.y)
        self.note(text, ink, bool(found and found[1]))


class RecordingSurface(pygame.Surface):
    """A window-sized surface that tells the recorder where tagged text is blitted."""

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        if RECORDER is not None:
            RECORDER.blitted(source, rect, area)
        return rect

    def blits(self, blit_sequence, doreturn=1):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None


@contextmanager
def recording():
    """Tag text pictures and note where they land until the block ends; yields the Recorder.

    Pictures cached before carry no tag: the caller clears the caches (fonts.clear_caches)."""
    global RECORDER
    RECORDER = Recorder()
    try:
        yield RECORDER
    finally:
        RECORDER = None


@contextmanager
def box(rect: pygame.Rect, name: str = ""):
    """Text drawn inside the block must fit `rect` (a button, a prompt, a panel)."""
    if RECORDER is None:
        yield
        return
    RECORDER._boxes.append((pygame.Rect(rect), name))
    try:
        yield
    finally:
        RECORDER._boxes.pop()


def cover(rect: pygame.Rect, name: str = "") -> None:
    """An opaque plate drawn over what the scenes below drew (a prompt over the table)."""
    if RECORDER is not None:
        RECORDER.covers.append((len(RECORDER.lines), pygame.Rect(rect), name))


def plate(rect: pygame.Rect, name: str = "") -> None:
    """A button's body: only its own label may touch it (lines of the same scene, drawn before or after)."""
    if RECORDER is not None:
        RECORDER.plates.append((pygame.Rect(rect), name, RECORDER.layer))


def keep_clear(rect: pygame.Rect, name: str = "") -> None:
    """No line may be drawn over `rect` (an ornament: the Greek-key bands of the menus)."""
    if RECORDER is not None:
        RECORDER.clear.append((pygame.Rect(rect), name))


def ornament(picture: pygame.Surface, rects, name: str) -> pygame.Surface:
    """A picture with parts no text may lie on once it is blitted (the bands of a backdrop)."""
    if RECORDER is not None:
        RECORDER._ornaments[id(picture)] = (picture, [pygame.Rect(r) for r in rects], name)
    return picture


def tag(picture: pygame.Surface, text: str, cut: bool = False) -> pygame.Surface:
    if RECORDER is not None:
        RECORDER.tag(picture, text, cut)
    return picture
