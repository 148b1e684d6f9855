"""Drawing a frame with every line of text recorded (ui/draw/text_record.py), and what is
wrong with the lines: cut with "…", out of their box (or the window), drawn over each other,
or half under a plate another scene drew over them (a prompt over the table).

    lines, covers, clear = record_frame(app)
    problems(lines, covers)           # [] when every word is whole and in its place
"""
from __future__ import annotations

import pygame

from ui.draw import art, fonts, text_record

SLACK = 2           # pixels of antialiasing a line may spill, or two lines may share


def record_frame(app):
    """Draw the App's next frame onto a recording surface: (lines, covers)."""
    fonts.clear_caches()                            # cached pictures carry no tag
    art.title_lettering.cache_clear()
    art.banded_backdrop.cache_clear()
    surface = text_record.RecordingSurface(app.layout.size)
    with text_record.recording() as recorder:
        for scene in app.stack:                     # pictures scenes keep were made before: remade
            view = getattr(scene, "view", None)
            if view is not None and hasattr(view, "invalidate"):
                view.invalidate()
                view._senate_key = None
            scene.on_resize(app.layout)
        app.draw_frame(surface)
    return recorder.lines, recorder.covers, list(recorder.clear) + [("plate",) + p for p in recorder.plates]


def _where(line) -> str:
    return f"{line.layer}: {line.text!r} at {tuple(line.rect)}"


def problems(lines, covers, window: pygame.Rect | None = None, clear=()) -> list[str]:
    found = []
    for kept in clear:
        if kept[0] == "plate":              # a button: lines of its scene touch it only as its label
            _, area, name, layer = kept
            for line in lines:
                if line.layer == layer and line.box != area and area.colliderect(line.rect):
                    found.append(f"touches the {name} {tuple(area)}: {_where(line)}")
            continue
        area, name = kept
        for line in lines:
            if area.inflate(-SLACK, -SLACK).colliderect(line.rect):
                found.append(f"on the {name} {tuple(area)}: {_where(line)}")
    for line in lines:
        if line.cut:
            found.append(f"cut: {_where(line)}")
        room = line.box if line.box is not None else window
        if room is not None and not room.inflate(2 * SLACK, 2 * SLACK).contains(line.rect):
            found.append(f"out of {line.box_name or 'the window'} {tuple(room)}: {_where(line)}")
    by_layer: dict[str, list] = {}
    for line in lines:
        by_layer.setdefault(line.layer, []).append(line)
    for layer, group in by_layer.items():
        rects = [line.rect.inflate(-SLACK, -SLACK) for line in group]
        for i, line in enumerate(group):
            for j in rects[i].collidelistall(rects[i + 1:]):
                other = group[i + 1 + j]
                if other.text == line.text and abs(other.rect.x - line.rect.x) <= 3 \
                        and abs(other.rect.y - line.rect.y) <= 3:
                    continue                        # its own shadow
                found.append(f"overlap: {_where(line)} and {other.text!r} at {tuple(other.rect)}")
    hidden: set[int] = set()
    for before, plate, name in covers:     # a plate may hide lines whole (it stands in their place), not half
        for n, line in enumerate(lines[:before]):
            if n in hidden or not plate.inflate(-SLACK, -SLACK).colliderect(line.rect):
                continue
            if plate.contains(line.rect):
                hidden.add(n)
            else:
                found.append(f"half under the {name} {tuple(plate)}: {_where(line)}")
    return found
