"""Charts drawn in the game's style: a chance-to-win line and bar charts (bronze on parchment).

Every function takes its area in design units (x, y, w, h), draws with the Layout's scale
and returns what the caller needs for clicks (the points' pixel positions).
"""
from __future__ import annotations

import pygame

from ui.draw import art, theme
from ui.table.paint import PLAYER_COLORS, rounded, text

GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
LINE = theme.BRONZE_DARK
FILL = (*theme.BRONZE, 70)
MARK = (168, 40, 30)
YOURS = PLAYER_COLORS[0]
THEIRS = PLAYER_COLORS[1]


def chance_chart(surface, L, area, values, *, start=None, marks=(), selected=None, hovered=None,
                 axis_label="", x_label="", label="", labelled=None) -> list:
    """The chance after each decision as a line over a 0-100% grid.

    values: floats in [0, 1]; start: the chance before the first decision (drawn at x = 0);
    marks: indices of turning points (red diamonds, numbered 1, 2, ...); label: a caption
    (the point's percentage) written by point `labelled`. Returns the pixel position of each
    value's point."""
    x = area[0]
    plot = chance_plot_rect(L, area)            # room for the percentages on the left
    rounded(surface, plot, (*theme.PARCHMENT_LIGHT, 200), L.px(6), max(1, L.px(1.5)), theme.BRONZE_DARK)
    for g in GRID:
        gy = plot.bottom - round(g * plot.h)
        color = theme.BRONZE_DARK if g == 0.5 else (*theme.PARCHMENT_DARK,)
        pygame.draw.line(surface, color, (plot.x, gy), (plot.right, gy), max(1, L.px(2 if g == 0.5 else 1)))
        text(surface, L, f"{round(g * 100)}%", 14, theme.INK_SOFT, (plot.x - L.px(8), gy), anchor="midright")
    if axis_label:
        img = L.text(axis_label, 14, theme.INK_SOFT, bold=True)
        img = pygame.transform.rotate(img, 90)
        surface.blit(img, img.get_rect(center=(L.point(x + 12, 0)[0], plot.centery)))
    n = len(values)
    if n == 0:
        return []
    count = n if start is None else n + 1
    step = plot.w / max(1, count - 1)

    def at(i, v):
        return (round(plot.x + i * step), round(plot.bottom - max(0.0, min(1.0, v)) * plot.h))

    offset = 0 if start is None else 1
    points = [at(i + offset, v) for i, v in enumerate(values)]
    line = ([at(0, start)] if start is not None else []) + points
    # ticks on the decision axis
    every = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if count / k <= 12)
    for k in range(0, n + 1, every):
        px = round(plot.x + (k - 1 + offset) * step) if k else (plot.x if start is not None else None)
        if px is None or px < plot.x - 1:
            continue
        pygame.draw.line(surface, theme.INK_SOFT, (px, plot.bottom), (px, plot.bottom + L.px(5)), max(1, L.px(1)))
        text(surface, L, str(k), 13, theme.INK_SOFT, (px, plot.bottom + L.px(7)), anchor="midtop")
    if x_label:
        text(surface, L, x_label, 14, theme.INK_SOFT, (plot.right, plot.bottom + L.px(24)), anchor="topright",
             bold=True)
    if len(line) >= 2:
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        poly = [(px - plot.x, py - plot.y) for px, py in line]
        poly = [(poly[0][0], plot.h)] + poly + [(poly[-1][0], plot.h)]
        pygame.draw.polygon(shade, FILL, poly)
        surface.blit(shade, plot.topleft)
        pygame.draw.lines(surface, LINE, False, line, max(2, L.px(3)))
    r = max(2, L.px(3.5)) if n <= 120 else max(1, L.px(2))
    for i, p in enumerate(points):
        if i == hovered or i == selected:
            continue
        pygame.draw.circle(surface, LINE, p, r)
    for number, i in enumerate(marks, 1):
        if 0 <= i < n:
            px, py = points[i]
            art.diamond(surface, (px, py), L.px(11), theme.INK)
            art.diamond(surface, (px, py), L.px(9), MARK)
            text(surface, L, str(number), 14, theme.PARCHMENT_LIGHT, (px, py), anchor="center", bold=True)
    for i, big in ((hovered, 7), (selected, 9)):
        if i is not None and 0 <= i < n:
            pygame.draw.circle(surface, theme.INK, points[i], L.px(big + 2))
            pygame.draw.circle(surface, theme.BRONZE_LIGHT, points[i], L.px(big))
    if label and labelled is not None and 0 <= labelled < n:
        _point_label(surface, L, plot, points[labelled], label)
    return points


def point_value(plot_rect, point) -> float:
    """The value a point of `chance_chart` stands for (0..1), read back from its height."""
    return (plot_rect.bottom - point[1]) / plot_rect.h


def chance_plot_rect(L, area):
    """The plot area of `chance_chart` in pixels (inside the percentages' margin)."""
    x, y, w, h = area
    return L.rect(x + 64, y + 10, w - 64 - 16, h - 50)


def _point_label(surface, L, plot, point, label) -> None:
    """A small tag with the point's figure, above it (below it near the top of the plot)."""
    img = L.text(label, 14, theme.INK, bold=True)
    tag = img.get_rect().inflate(L.px(10), L.px(4))
    above = point[1] - L.px(16) - tag.h // 2
    tag.center = (point[0], above if above - tag.h // 2 > plot.y else point[1] + L.px(16) + tag.h // 2)
    tag.clamp_ip(plot)
    rounded(surface, tag, (*theme.PARCHMENT_LIGHT, 235), L.px(5), max(1, L.px(1.2)), theme.BRONZE_DARK)
    surface.blit(img, img.get_rect(center=tag.center))


def nearest(points, pos, reach: int) -> int | None:
    """The index of the point nearest to pos horizontally, if within `reach` pixels."""
    best, best_d = None, reach + 1
    for i, (px, py) in enumerate(points):
        d = abs(px - pos[0]) + abs(py - pos[1]) * 0.25
        if d < best_d:
            best, best_d = i, d
    return best


def rate_bars(surface, L, area, rows) -> None:
    """Horizontal bars of a rate: rows of (label, fraction in [0, 1], caption)."""
    x, y, w, h = area
    if not rows:
        return
    label_w = 190
    row_h = min(46.0, h / len(rows))
    for i, (label, fraction, caption) in enumerate(rows):
        cy = y + i * row_h + row_h / 2
        text(surface, L, label, 16, theme.INK, L.point(x, cy), anchor="midleft", bold=True, max_width=label_w - 10)
        bar = L.rect(x + label_w, cy - 11, w - label_w - 150, 22)
        rounded(surface, bar, (*theme.PARCHMENT_DARK, 150), L.px(5))
        done = bar.copy()
        done.w = round(bar.w * max(0.0, min(1.0, fraction)))
        if done.w > 0:
            rounded(surface, done, theme.BRONZE, L.px(5), max(1, L.px(1.5)), theme.BRONZE_DARK)
        pygame.draw.line(surface, theme.INK_SOFT, (bar.x + bar.w // 2, bar.y - L.px(3)),
                         (bar.x + bar.w // 2, bar.bottom + L.px(3)), max(1, L.px(1)))
        text(surface, L, caption, 15, theme.INK, (bar.right + L.px(10), bar.centery), anchor="midleft",
             max_width=140)


def _legend(surface, L, topright, names) -> None:
    x, y = L.point(*topright)
    for name, color in reversed(list(zip(names, (YOURS, THEIRS)))):
        if not name:
            continue
        spot = text(surface, L, name, 14, theme.INK, (x, y), anchor="topright", bold=True)
        box = pygame.Rect(0, 0, L.px(14), L.px(14))
        box.midright = (spot.left - L.px(6), spot.centery)
        rounded(surface, box, color, L.px(3), max(1, L.px(1)), theme.INK)
        x = box.left - L.px(16)


def result_strip(surface, L, area, results, best_run) -> None:
    """One small tile per game (won / lost / drawn), the longest winning run outlined."""
    x, y, w, h = area
    if not results:
        return
    n = len(results)
    size = max(6.0, min(22.0, h, w / n - 3))
    gap = 3.0
    per_row = max(1, int(w // (size + gap)))
    # find the longest run of wins (the first one when several are as long)
    run_start, run, best_start = 0, 0, None
    for i, r in enumerate(results):
        if r == "W":
            if run == 0:
                run_start = i
            run += 1
            if run == best_run and best_start is None:
                best_start = run_start
        else:
            run = 0
    colors = {"W": (46, 120, 56), "L": (150, 52, 38), "D": theme.PARCHMENT_BURNT}
    for i, r in enumerate(results):
        row, col = divmod(i, per_row)
        tile = L.rect(x + col * (size + gap), y + row * (size + gap), size, size)
        in_run = best_start is not None and best_run > 0 and best_start <= i < best_start + best_run
        rounded(surface, tile, colors.get(r, theme.PARCHMENT_DARK), L.px(3),
                max(1, L.px(2.5 if in_run else 1)), theme.BRONZE_LIGHT if in_run else theme.INK)


def split_bar(surface, L, area, fraction, labels=("", "")) -> None:
    """One bar split in two at `fraction` (e.g. games won by the first / second player)."""
    x, y, w, h = area
    bar = L.rect(x, y, w, h)
    rounded(surface, bar, THEIRS, L.px(6), max(1, L.px(1.5)), theme.INK)
    part = bar.copy()
    part.w = round(bar.w * max(0.0, min(1.0, fraction)))
    if part.w > 0:
        rounded(surface, part, YOURS, L.px(6), max(1, L.px(1.5)), theme.INK)
    if labels[0]:
        text(surface, L, labels[0], 14, theme.INK, (bar.x + L.px(8), bar.centery), anchor="midleft", bold=True)
    if labels[1]:
        text(surface, L, labels[1], 14, theme.INK, (bar.right - L.px(8), bar.centery), anchor="midright", bold=True)


def running_line(surface, L, area, values) -> None:
    """A small line of values in [0, 1] (e.g. the win rate after each game) over a 50% rule."""
    x, y, w, h = area
    box = L.rect(*area)
    rounded(surface, box, (*theme.PARCHMENT_LIGHT, 170), L.px(4), max(1, L.px(1)), theme.PARCHMENT_DARK)
    mid = box.bottom - box.h // 2
    pygame.draw.line(surface, theme.BRONZE_DARK, (box.x, mid), (box.right, mid), max(1, L.px(1)))
    text(surface, L, "50%", 11, theme.INK_SOFT, (box.right + L.px(4), mid), anchor="midleft")
    if not values:
        return
    step = box.w / max(1, len(values) - 1) if len(values) > 1 else 0
    points = [(round(box.x + i * step), round(box.bottom - max(0.0, min(1.0, v)) * box.h)) for i, v in enumerate(values)]
    if len(points) >= 2:
        pygame.draw.lines(surface, LINE, False, points, max(2, L.px(2.5)))
    for p in points:
        pygame.draw.circle(surface, LINE, p, max(2, L.px(3)))


# --- the history's statistics (ui/scenes/stats.py) ----------------------------------------------

SERIES = ((168, 110, 40), (46, 110, 160), (150, 52, 38), (60, 130, 70), (120, 80, 150), (90, 90, 90))


def column_pairs(surface, L, area, groups, *, legend=("", ""), shown=str) -> None:
    """Vertical columns side by side per group, every value written by `shown` (one number
    format) and the labels wrapped on two lines rather than cut: groups of (label, yours, theirs)."""
    x, y, w, h = area
    if not groups:
        return
    top = max(1e-9, max(max(a, b) for _, a, b in groups))
    base_y = y + h - 44
    # The tallest column's figure stays under the legend (top right): room for both above it.
    above = 4 + L.font(14, True).get_linesize() / L.scale + 4 + L.font(12).get_linesize() / L.scale + 2
    chart_h = base_y - (y + above)
    slot = w / len(groups)
    col_w = min(26.0, slot * 0.32)
    pygame.draw.line(surface, theme.INK_SOFT, L.point(x, base_y), L.point(x + w, base_y), max(1, L.px(1.5)))
    for i, (label, a, b) in enumerate(groups):
        cx = x + slot * i + slot / 2
        for value, dx, color in ((a, -col_w - 1, YOURS), (b, 1, THEIRS)):
            hh = chart_h * value / top
            if hh > 0:
                r = L.rect(cx + dx, base_y - hh, col_w, hh)
                rounded(surface, r, color, L.px(3), max(1, L.px(1)), theme.INK)
            # each value above its own column, pushed apart from the other one's
            anchor, ax = ("bottomright", cx - 3) if dx < 0 else ("bottomleft", cx + 3)
            text(surface, L, shown(value), 12, theme.INK, L.point(ax, base_y - hh - 3), anchor=anchor)
        for k, line in enumerate(_two_lines(L, label, 13, slot - 6)):
            text(surface, L, line, 13, theme.INK, L.point(cx, base_y + 5 + k * 16), anchor="midtop",
                 max_width=slot - 6, min_ratio=0.6)
    _legend(surface, L, (x + w, y + 4), legend)


def _two_lines(L, label: str, size: float, width: float) -> list:
    """A label on one line if it fits, else split between words into two balanced lines."""
    font = L.font(size)
    words = label.split()
    if len(words) < 2 or font.size(label)[0] / L.scale <= width:
        return [label]
    best = min(range(1, len(words)), key=lambda k: max(font.size(" ".join(words[:k]))[0],
                                                        font.size(" ".join(words[k:]))[0]))
    return [" ".join(words[:best]), " ".join(words[best:])]


def rate_lines(surface, L, area, series, *, span, start_label="", end_label="", percent=str) -> list:
    """Win rates over time, a line per group: series of (label, [(time, rate, games)]) over
    the time `span` (first, last). Returns the legend's (label, color) in drawing order."""
    x, y, w, h = area
    left = 50
    plot = L.rect(x + left, y + 26, w - left - 10, h - 52)
    rounded(surface, plot, (*theme.PARCHMENT_LIGHT, 190), L.px(5), max(1, L.px(1.2)), theme.BRONZE_DARK)
    for g in (0.0, 0.5, 1.0):
        gy = plot.bottom - round(g * plot.h)
        color = theme.BRONZE_DARK if g == 0.5 else theme.PARCHMENT_DARK
        pygame.draw.line(surface, color, (plot.x, gy), (plot.right, gy), max(1, L.px(1.5 if g == 0.5 else 1)))
        text(surface, L, percent(g), 12, theme.INK_SOFT, (plot.x - L.px(6), gy), anchor="midright")
    if start_label:
        text(surface, L, start_label, 12, theme.INK_SOFT, (plot.x, plot.bottom + L.px(5)), anchor="topleft")
    if end_label:
        text(surface, L, end_label, 12, theme.INK_SOFT, (plot.right, plot.bottom + L.px(5)), anchor="topright")
    first, last = span
    width = max(1e-9, last - first)
    keys = []
    lx = x + w
    for i, (label, points) in enumerate(series):
        color = SERIES[i % len(SERIES)]
        keys.append((label, color))
        pts = [(round(plot.x + (0.5 if last == first else (t - first) / width) * plot.w),
                round(plot.bottom - max(0.0, min(1.0, rate)) * plot.h)) for t, rate, _ in points]
        pts = [(max(plot.x, min(plot.right, px)), py) for px, py in pts]
        if len(pts) >= 2:
            pygame.draw.lines(surface, color, False, pts, max(2, L.px(2.5)))
        for p in pts:
            pygame.draw.circle(surface, theme.INK, p, max(2, L.px(3.5)))
            pygame.draw.circle(surface, color, p, max(1, L.px(2.5)))
    # the legend, right-aligned above the plot
    px_, py_ = L.point(lx, y + 2)
    for label, color in reversed(keys):
        spot = text(surface, L, label, 13, theme.INK, (px_, py_), anchor="topright", bold=True)
        box = pygame.Rect(0, 0, L.px(16), L.px(5))
        box.midright = (spot.left - L.px(5), spot.centery)
        pygame.draw.rect(surface, color, box)
        px_ = box.left - L.px(14)
    return keys
