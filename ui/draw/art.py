"""Procedural artwork (no image files): parchment, Greek-key bands, emblem, title lettering."""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from ui.draw import text_record, theme
from ui.draw.fonts import get_font

Color = tuple[int, ...]


def mix(a: Color, b: Color, f: float) -> Color:
    return tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def _sample(stops: tuple[Color, ...], f: float) -> Color:
    if len(stops) == 1:
        return stops[0]
    pos = min(max(f, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(pos), len(stops) - 2)
    return mix(stops[i], stops[i + 1], pos - i)


@lru_cache(maxsize=128)
def vertical_gradient(size: tuple[int, int], stops: tuple[Color, ...]) -> pygame.Surface:
    """A gradient through evenly spaced colour stops, top to bottom."""
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, h), pygame.SRCALPHA)
    for y in range(h):
        strip.set_at((0, y), _sample(stops, y / (h - 1) if h > 1 else 0.0))
    return pygame.transform.scale(strip, (w, h))


def fill_mask(mask: pygame.Surface, stops: tuple[Color, ...]) -> pygame.Surface:
    """Colour the opaque parts of a white mask with a vertical gradient."""
    out = vertical_gradient(mask.get_size(), stops).copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def tint_mask(mask: pygame.Surface, color: Color) -> pygame.Surface:
    out = mask.copy()
    out.fill((*color[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def outlined(fill: pygame.Surface, mask: pygame.Surface, color: Color, radius: int) -> pygame.Surface:
    """fill with a solid outline of the given radius stamped around it (canvas grows by radius)."""
    w, h = fill.get_size()
    out = pygame.Surface((w + 2 * radius, h + 2 * radius), pygame.SRCALPHA)
    ink = tint_mask(mask, color)
    steps = max(8, radius * 6)
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(ink, (radius + round(math.cos(a) * radius), radius + round(math.sin(a) * radius)))
    out.blit(fill, (radius, radius))
    return out


def soft_shadow(mask: pygame.Surface, color: Color, blur: int, alpha: int) -> pygame.Surface:
    pad = blur * 2
    w, h = mask.get_size()
    canvas = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    canvas.fill((*color[:3], 0))
    canvas.blit(tint_mask(mask, color), (pad, pad))
    if blur > 0:
        canvas = pygame.transform.gaussian_blur(canvas, blur)
    canvas.set_alpha(alpha)
    return canvas


# --- Parchment backdrop ---------------------------------------------------------

@lru_cache(maxsize=4)
def _noise(w: int, h: int, seed: int, lo: int, hi: int) -> pygame.Surface:
    # Byte-wise (translate tables, slice assignment), not pixel by pixel: this is on the way
    # to the first menu frame, and 145,000 set_at calls took most of a second.
    rng = random.Random(seed)
    span = hi - lo + 1
    red = rng.randbytes(w * h).translate(bytes(lo + (b * span >> 8) for b in range(256)))
    pixels = bytearray(3 * w * h)
    pixels[0::3] = red
    pixels[1::3] = red.translate(bytes(max(lo, v - 2) for v in range(256)))
    pixels[2::3] = red.translate(bytes(max(lo, v - 7) for v in range(256)))
    return pygame.image.frombytes(bytes(pixels), (w, h), "RGB")


@lru_cache(maxsize=2)
def _radial_base() -> pygame.Surface:
    # Small, then smoothscaled: a cheap, perfectly smooth vignette at any size.
    sw, sh = 96, 54
    stops = (theme.PARCHMENT_LIGHT, theme.PARCHMENT, theme.PARCHMENT_DARK, theme.PARCHMENT_BURNT)
    shades = [_sample(stops, i / 255) for i in range(256)]     # the eased ramp, sampled once
    pixels = bytearray()
    for y in range(sh):
        dy = ((y + 0.5) / sh * 2 - 1) * 1.08 + 0.12
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            f = min(max((math.sqrt(dx * dx * 0.8 + dy * dy) - 0.25) / 1.05, 0.0), 1.0)
            pixels += bytes(shades[round(255 * f * f * (3 - 2 * f))][:3])
    return pygame.image.frombytes(bytes(pixels), (sw, sh), "RGB")


@lru_cache(maxsize=2)
def parchment(size: tuple[int, int]) -> pygame.Surface:
    """Warm mottled parchment with burnt edges, filling the whole window."""
    surf = pygame.transform.smoothscale(_radial_base(), size)
    for w, h, seed, lo in ((40, 23, 7, 226), (160, 90, 11, 234), (480, 270, 13, 240)):
        surf.blit(pygame.transform.smoothscale(_noise(w, h, seed, lo, 255), size), (0, 0),
                  special_flags=pygame.BLEND_MULT)
    return surf


# --- Greek-key (meander) band ----------------------------------------------------

def _segment_rect(a: tuple[float, float], b: tuple[float, float], half: float) -> pygame.Rect:
    left, right = min(a[0], b[0]) - half, max(a[0], b[0]) + half
    top, bottom = min(a[1], b[1]) - half, max(a[1], b[1]) + half
    return pygame.Rect(round(left), round(top), round(right) - round(left), round(bottom) - round(top))


def draw_meander_band(surface: pygame.Surface, y: int, height: int, width: int) -> None:
    """A full-width dark band carrying a bronze Greek key, top edge at y."""
    band = pygame.Rect(0, y, width, height)
    surface.fill(theme.UMBER, band)
    u = height / 12  # the key spans 6 units; rules and margins take the rest
    half = max(0.5, u * 0.45)
    color = theme.BRONZE
    base = y + 3 * u
    # Thin rules at the band's edges and solid lines framing the key.
    for ry in (y + u * 0.6, y + height - u * 0.6):
        surface.fill(theme.BRONZE_DARK, _segment_rect((0, ry), (width, ry), max(0.5, u * 0.2)))
    surface.fill(color, _segment_rect((0, base), (width, base), half))
    surface.fill(color, _segment_rect((0, base + 6 * u), (width, base + 6 * u), half))
    x0 = -(width % (6 * u)) / 2 - 3 * u
    while x0 < width:
        pts = [(0, 6), (0, 0.0), (4, 0.0), (4, 4), (2, 4), (2, 2)]
        pts = [(x0 + px * u, base + py * u) for px, py in pts]
        for a, b in zip(pts, pts[1:]):
            surface.fill(color, _segment_rect(a, b, half))
        x0 += 6 * u


def _downsample(surface: pygame.Surface, factor: int) -> pygame.Surface:
    """Shrink art drawn at factor x size: cheap anti-aliasing for pygame's hard-edged shapes."""
    size = (max(1, round(surface.get_width() / factor)), max(1, round(surface.get_height() / factor)))
    return pygame.transform.smoothscale(surface, size)


# --- Emblem: a small temple front ------------------------------------------------

BRONZE_STOPS = (theme.BRONZE_LIGHT, theme.BRONZE, theme.BRONZE_DARK)


@lru_cache(maxsize=4)
def temple_emblem(scale: float) -> pygame.Surface:
    """A bronze temple front, 160x118 design units, supersampled for smooth edges."""
    ss = 3
    k = scale * ss
    w, h = round(160 * k), round(118 * k)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    white = (255, 255, 255, 255)

    def r(x, y, rw, rh):
        return pygame.Rect(round(x * k), round(y * k), round(rw * k), round(rh * k))

    def poly(points):
        return [(round(x * k), round(y * k)) for x, y in points]

    pygame.draw.polygon(mask, white, poly([(4, 40), (156, 40), (80, 3)]))
    for rect in (r(2, 40, 156, 8), r(10, 50, 140, 7), r(6, 101, 148, 7), r(0, 109, 160, 9)):
        mask.fill(white, rect)
    columns = (27, 61, 99, 133)
    for cx in columns:
        mask.fill(white, r(cx - 12, 58, 24, 5))
        mask.fill(white, r(cx - 8, 63, 16, 34))
        mask.fill(white, r(cx - 11, 96, 22, 5))

    art = fill_mask(mask, BRONZE_STOPS)
    pygame.draw.polygon(art, theme.BRONZE_DARK, poly([(26, 35), (134, 35), (80, 11)]))
    pygame.draw.circle(art, theme.BRONZE_LIGHT, (round(80 * k), round(26 * k)), round(5 * k))
    for cx in columns:
        for fx in (-4, 0, 4):
            art.fill(theme.BRONZE_DARK, r(cx + fx - 0.6, 65, 1.2, 30))
    art.fill(theme.BRONZE_DARK, r(10, 48, 140, 1.5))
    art.fill(theme.BRONZE_DARK, r(6, 108, 148, 1.2))

    return _downsample(outlined(art, mask, theme.INK, max(1, round(1.6 * k))), ss)


# --- Laurel branch ---------------------------------------------------------------

def _leaf(center: tuple[float, float], angle: float, length: float, width: float) -> list[tuple[float, float]]:
    """A pointed leaf whose base sits at center, pointing along angle (radians)."""
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = -uy, ux
    side_a, side_b = [], []
    for i in range(9):
        f = i / 8
        w = math.sin(math.pi * f) ** 0.8 * width / 2
        px, py = center[0] + ux * length * f, center[1] + uy * length * f
        side_a.append((px + nx * w, py + ny * w))
        side_b.append((px - nx * w, py - ny * w))
    return side_a + side_b[::-1]


@lru_cache(maxsize=4)
def laurel_branch(scale: float, mirrored: bool = False) -> pygame.Surface:
    """A bronze laurel sprig shaped like '(' (design box 100x190); mirrored gives ')'."""
    ss = 3
    k = scale * ss
    w, h = round(100 * k), round(190 * k)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    radius, cx, cy = 150.0, 178.0, 100.0
    angles = [math.radians(a) for a in range(212, 147, -1)]  # from the stem's foot up to its tip
    stem = [(cx + radius * math.cos(a), cy - radius * math.sin(a)) for a in angles]
    pygame.draw.lines(mask, white, False, [(x * k, y * k) for x, y in stem], max(1, round(3 * k)))
    count = 7
    for i in range(count):
        j = round(i * (len(stem) - 1) / (count - 1))
        a = angles[j]
        base = stem[j]
        up = math.atan2(math.cos(a), math.sin(a))  # tangent toward the tip
        size = 1.0 - 0.45 * i / (count - 1)
        leaves = [up] if i == count - 1 else [up - 0.75, up + 0.75]
        for direction in leaves:
            points = _leaf(base, direction, 34 * size, 15 * size)
            pygame.draw.polygon(mask, white, [(x * k, y * k) for x, y in points])
    art = outlined(fill_mask(mask, BRONZE_STOPS), mask, theme.INK, max(1, round(1.4 * k)))
    out = _downsample(art, ss)
    return pygame.transform.flip(out, True, False) if mirrored else out


# --- Title lettering ------------------------------------------------------------

TITLE_STOPS = ((255, 236, 190), theme.BRONZE_LIGHT, theme.BRONZE, (150, 92, 38), theme.BRONZE_DARK)


def _tracked_mask(text: str, px: int, tracking: float) -> pygame.Surface:
    font = get_font(px, bold=True)
    gap = round(px * tracking)
    glyphs = [font.render(ch, True, (255, 255, 255)) for ch in text]
    width = sum(g.get_width() for g in glyphs) + gap * max(0, len(glyphs) - 1)
    mask = pygame.Surface((max(1, width), font.get_height()), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        mask.blit(glyph, (x, 0))
        x += glyph.get_width() + gap
    return mask


@lru_cache(maxsize=8)
def title_lettering(text: str, px: int, tracking: float = 0.08) -> pygame.Surface:
    """Letter-spaced bronze title with a dark outline, bevel light and a soft drop shadow."""
    mask = _tracked_mask(text, px, tracking)
    fill = fill_mask(mask, TITLE_STOPS)
    light = tint_mask(mask, (255, 244, 214))
    bevel = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    bevel.blit(light, (0, -max(1, px // 48)))
    bevel.blit(fill, (0, 0))
    ring = max(1, px // 28)
    lettering = outlined(bevel, mask, theme.INK, ring)
    outline_mask = outlined(mask, mask, (255, 255, 255), ring)
    shadow = soft_shadow(outline_mask, theme.INK, max(1, px // 14), 150)
    pad = (shadow.get_width() - lettering.get_width()) // 2
    out = pygame.Surface(shadow.get_size(), pygame.SRCALPHA)
    out.blit(shadow, (0, max(1, px // 16)))
    out.blit(lettering, (pad, pad))
    return text_record.tag(out, text)


def draw_divider(surface: pygame.Surface, center: tuple[int, int], half_width: int, thickness: int) -> None:
    """A bronze rule that fades out at both ends, with a diamond in the middle."""
    cx, cy = center
    steps = 24
    for i in range(steps):
        f0, f1 = i / steps, (i + 1) / steps
        color = mix(theme.BRONZE, theme.PARCHMENT, f0 ** 1.5)
        for sign in (-1, 1):
            x0, x1 = cx + sign * round(half_width * f0), cx + sign * round(half_width * f1)
            surface.fill(color, pygame.Rect(min(x0, x1), cy - thickness // 2, abs(x1 - x0), thickness))
    d = thickness * 4
    diamond(surface, center, d + thickness, theme.INK)
    diamond(surface, center, d, theme.BRONZE_LIGHT)
    for sign in (-1, 1):
        diamond(surface, (cx + sign * d * 3, cy), max(2, d // 2), theme.BRONZE_DARK)


def diamond(surface: pygame.Surface, center: tuple[int, int], radius: int, color: Color) -> None:
    cx, cy = center
    points = [(cx, cy - radius), (cx + radius, cy), (cx, cy + radius), (cx - radius, cy)]
    pygame.draw.polygon(surface, color, points)


@lru_cache(maxsize=4)
def soft_dot(diameter: int) -> pygame.Surface:
    """A small blurred light, for floating dust."""
    d = max(4, diameter)
    dot = pygame.Surface((d, d), pygame.SRCALPHA)
    dot.fill((255, 240, 205, 0))
    pygame.draw.circle(dot, (255, 240, 205, 255), (d // 2, d // 2), max(1, d // 5))
    return pygame.transform.gaussian_blur(dot, max(1, d // 6))


def window_icon() -> pygame.Surface:
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, theme.UMBER, icon.get_rect(), border_radius=12)
    pygame.draw.rect(icon, theme.BRONZE, icon.get_rect(), 2, border_radius=12)
    emblem = temple_emblem(0.3)
    icon.blit(emblem, emblem.get_rect(center=(32, 33)))
    return icon


@lru_cache(maxsize=2)
def banded_backdrop(size: tuple[int, int], band: int) -> pygame.Surface:
    """Parchment framed by a Greek-key band at the top and bottom (the full-screen menus)."""
    surface = parchment(size).copy()
    draw_meander_band(surface, 0, band, size[0])
    draw_meander_band(surface, size[1] - band, band, size[0])
    # No text may lie on the bands (tests/test_text_fits.py).
    return text_record.ornament(surface, [(0, 0, size[0], band), (0, size[1] - band, size[0], band)], "band")


def clear_caches() -> None:
    for cached in (vertical_gradient, parchment, temple_emblem, laurel_branch, title_lettering, soft_dot,
                   banded_backdrop):
        cached.cache_clear()
