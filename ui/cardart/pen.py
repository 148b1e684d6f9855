"""Supersampled vector-ish drawing on pygame surfaces.

A `Pen` draws in *design units* onto a canvas `SS` times larger than the requested pixel
size, then `result()` shrinks it with smoothscale: cheap anti-aliasing for pygame's
hard-edged primitives. Artwork is therefore always drawn at the size it is shown at.
"""
from __future__ import annotations

import math

import pygame

SS = 3  # supersampling factor

Color = tuple


def mix(a: Color, b: Color, f: float) -> Color:
    return tuple(round(x + (y - x) * f) for x, y in zip(a[:3], b[:3]))


def lighten(c: Color, f: float) -> Color:
    return mix(c, (255, 255, 255), f)


def darken(c: Color, f: float) -> Color:
    return mix(c, (0, 0, 0), f)


def with_alpha(c: Color, a: int) -> Color:
    return (*c[:3], a)


def silhouette(surface: pygame.Surface, color: Color) -> pygame.Surface:
    """The opaque parts of surface in one colour, alpha kept."""
    out = surface.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((*color[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def stamp_outline(surface: pygame.Surface, color: Color, radius: float) -> pygame.Surface:
    """surface with a solid outline of radius pixels around its opaque parts (same size)."""
    if radius <= 0:
        return surface
    ink = silhouette(surface, color)
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    steps = max(8, int(radius * 5))
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(ink, (round(math.cos(a) * radius), round(math.sin(a) * radius)))
    r = max(1, round(radius / 2))
    for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r)):
        out.blit(ink, (dx, dy))
    out.blit(surface, (0, 0))
    return out


class Pen:
    """Draw on a (w x h design units) canvas shown at (pw x ph) pixels."""

    def __init__(self, pw: int, ph: int, dw: float = 100.0, dh: float | None = None, ss: int = SS):
        self.pw, self.ph = max(1, int(pw)), max(1, int(ph))
        self.ss = ss
        self.dw = dw
        self.dh = dh if dh is not None else dw * self.ph / self.pw
        self.k = self.pw * ss / dw
        self.surf = pygame.Surface((self.pw * ss, self.ph * ss), pygame.SRCALPHA)

    # --- coordinates -----------------------------------------------------------
    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.k, y * self.k)

    def n(self, v: float) -> int:
        return max(1, round(v * self.k))

    def r(self, x, y, w, h) -> pygame.Rect:
        x0, y0 = round(x * self.k), round(y * self.k)
        return pygame.Rect(x0, y0, max(1, round((x + w) * self.k) - x0), max(1, round((y + h) * self.k) - y0))

    # --- primitives ------------------------------------------------------------
    def poly(self, pts, color, width: float = 0) -> None:
        pts = [self.p(x, y) for x, y in pts]
        if width:
            self._polyline(pts, color, width * self.k, closed=True)
        else:
            pygame.draw.polygon(self.surf, color, pts)

    def circle(self, c, radius, color, width: float = 0) -> None:
        w = 0 if not width else self.n(width)
        pygame.draw.circle(self.surf, color, self.p(*c), max(1, radius * self.k), w)

    def ellipse(self, x, y, w, h, color, width: float = 0) -> None:
        pygame.draw.ellipse(self.surf, color, self.r(x, y, w, h), 0 if not width else self.n(width))

    def rect(self, x, y, w, h, color, radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(self.surf, color, self.r(x, y, w, h), 0 if not width else self.n(width),
                         border_radius=round(radius * self.k) if radius else 0)

    def line(self, a, b, color, width: float = 2, cap: bool = True) -> None:
        self._polyline([self.p(*a), self.p(*b)], color, width * self.k, closed=False, cap=cap)

    def lines(self, pts, color, width: float = 2, closed: bool = False) -> None:
        self._polyline([self.p(x, y) for x, y in pts], color, width * self.k, closed=closed)

    def arc(self, cx, cy, rad, a0, a1, color, width: float = 2, rx: float | None = None) -> None:
        """Arc from a0 to a1 degrees (0 = right, 90 = up)."""
        self.lines(arc_points(cx, cy, rx if rx is not None else rad, rad, a0, a1), color, width)

    def _polyline(self, pts, color, w, closed=False, cap=True) -> None:
        if len(pts) < 2:
            return
        half = w / 2
        segs = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if closed else [])
        for (x1, y1), (x2, y2) in segs:
            dx, dy = x2 - x1, y2 - y1
            d = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / d * half, dx / d * half
            pygame.draw.polygon(self.surf, color, [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny),
                                                   (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])
        joints = pts if (cap or closed) else pts[1:-1]
        if half >= 1.0:
            for x, y in joints:
                pygame.draw.circle(self.surf, color, (x, y), half)

    def blit(self, surf: pygame.Surface, x: float, y: float, center: bool = False) -> None:
        pos = self.p(x, y)
        if center:
            pos = (pos[0] - surf.get_width() / 2, pos[1] - surf.get_height() / 2)
        self.surf.blit(surf, (round(pos[0]), round(pos[1])))

    def gradient_rect(self, x, y, w, h, top, bottom, radius: float = 0) -> None:
        rect = self.r(x, y, w, h)
        grad = vgradient(rect.size, top, bottom)
        if radius:
            mask = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(radius * self.k))
            grad = grad.copy()
            grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(grad, rect.topleft)

    def layer(self) -> "Pen":
        """A blank canvas of the same geometry (for outlined sub-drawings)."""
        return Pen(self.pw, self.ph, self.dw, self.dh, self.ss)

    def paste(self, other: "Pen", outline: Color | None = None, width: float = 0,
              shadow: Color | None = None, shadow_off: float = 0) -> None:
        src = other.surf
        if outline is not None and width:
            src = stamp_outline(src, outline, width * self.k)
        if shadow is not None:
            sh = silhouette(src, shadow[:3])
            if len(shadow) > 3:
                sh.set_alpha(shadow[3])
            self.surf.blit(sh, (round(shadow_off * self.k * 0.6), round(shadow_off * self.k)))
        self.surf.blit(src, (0, 0))

    def outline_all(self, color: Color, width: float) -> None:
        self.surf = stamp_outline(self.surf, color, width * self.k)

    def result(self) -> pygame.Surface:
        if self.ss == 1:
            return self.surf
        return pygame.transform.smoothscale(self.surf, (self.pw, self.ph))


def arc_points(cx, cy, rx, ry, a0, a1, steps: int | None = None):
    if steps is None:
        steps = max(6, int(abs(a1 - a0) / 6))
    out = []
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        out.append((cx + rx * math.cos(a), cy - ry * math.sin(a)))
    return out


_GRADS: dict = {}


def vgradient(size, top: Color, bottom: Color) -> pygame.Surface:
    key = (size, tuple(top), tuple(bottom))
    g = _GRADS.get(key)
    if g is None:
        w, h = max(1, size[0]), max(1, size[1])
        strip = pygame.Surface((1, h), pygame.SRCALPHA)
        for y in range(h):
            f = y / (h - 1) if h > 1 else 0
            c = tuple(round(a + (b - a) * f) for a, b in zip(top, bottom))
            strip.set_at((0, y), c if len(c) == 4 else (*c, 255))
        g = pygame.transform.scale(strip, (w, h))
        if len(_GRADS) > 256:
            _GRADS.clear()
        _GRADS[key] = g
    return g


def radial(size: int, inner: Color, outer: Color) -> pygame.Surface:
    """A small radial gradient disc-square, smoothscaled to size (no alpha falloff)."""
    s = 48
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    for y in range(s):
        for x in range(s):
            d = math.hypot((x + 0.5) / s * 2 - 1, (y + 0.5) / s * 2 - 1)
            f = min(1.0, d / 1.2)
            c = mix(inner, outer, f)
            surf.set_at((x, y), (*c, 255))
    return pygame.transform.smoothscale(surf, (max(1, size), max(1, size)))


_GRAIN: dict = {}


def grain(size, strength: int = 18, seed: int = 7) -> pygame.Surface:
    """A soft paper grain (near-white noise) to multiply over a face, cached by size."""
    import random
    key = (tuple(size), strength, seed)
    g = _GRAIN.get(key)
    if g is None:
        rng = random.Random(seed)
        w, h = max(1, size[0] // 3), max(1, size[1] // 3)
        small = pygame.Surface((w, h))
        for y in range(h):
            for x in range(w):
                v = 255 - rng.randint(0, strength)
                small.set_at((x, y), (v, v, max(0, v - 2)))
        g = pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))
        if len(_GRAIN) > 64:
            _GRAIN.clear()
        _GRAIN[key] = g
    return g


def clear() -> None:
    _GRADS.clear()
    _GRAIN.clear()
