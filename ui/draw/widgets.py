"""Reusable widgets: bronze buttons, a keyboard/mouse button group, parchment panels."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import pygame

from ui.draw import art, fonts, text_record, theme
from ui.sound.audio import AUDIO
from ui.draw.layout import Layout

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
HOVER_SPEED = 9.0  # highlight fades in over roughly 1/9 s


@lru_cache(maxsize=32)
def _plaque(size: tuple[int, int], style: str, radius: int) -> pygame.Surface:
    """The button body for one style: 'normal', 'hover' or 'disabled'."""
    w, h = size
    stops = {
        "normal": ((104, 68, 38), theme.UMBER, (44, 28, 16)),
        "hover": ((214, 154, 80), (162, 104, 46), (112, 66, 26)),
        "disabled": ((128, 112, 92), (104, 90, 74), (88, 76, 62)),
    }[style]
    border = {"normal": theme.BRONZE, "hover": theme.BRONZE_LIGHT, "disabled": (140, 124, 100)}[style]
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255), mask.get_rect(), border_radius=radius)
    body = art.fill_mask(mask, stops)
    line = max(1, h // 30)
    pygame.draw.rect(body, theme.INK, body.get_rect(), line, border_radius=radius)
    inner = body.get_rect().inflate(-2 * line, -2 * line)
    pygame.draw.rect(body, border, inner, line, border_radius=max(0, radius - line))
    sheen = inner.inflate(-4 * line, 0)
    sheen.height = line
    sheen.top = inner.top + 2 * line
    body.fill((*art.mix(border, (255, 255, 255), 0.3), 255), sheen)
    return body


@lru_cache(maxsize=8)
def _glow(size: tuple[int, int], radius: int) -> pygame.Surface:
    pad = max(4, size[1] // 2)
    mask = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    glow = (255, 232, 176)
    mask.fill((*glow, 0))  # transparent pixels keep the glow's colour, so blurred edges don't darken
    pygame.draw.rect(mask, (*glow, 255), pygame.Rect(pad, pad, *size), border_radius=radius)
    return pygame.transform.gaussian_blur(mask, max(1, pad // 2))


class Button:
    """A bronze plaque with a label. The owner sets .rect; a ButtonGroup drives focus and clicks."""

    def __init__(self, text: str, on_click: Callable[[], None] | None = None, *,
                 enabled: bool = True, description: str = "", text_size: float = 26):
        self.text = text
        self.on_click = on_click
        self.enabled = enabled
        self.description = description
        self.text_size = text_size
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected = False
        self.pressed = False
        self.highlight = 0.0

    def natural_width(self, layout: Layout) -> float:
        """Design width that leaves room for the label and its hover ornaments."""
        return layout.font(self.text_size, bold=True).size(self.text)[0] / layout.scale + 110

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        if self.enabled and self.on_click:
            AUDIO.ui("click")
            self.on_click()

    def update(self, dt: float) -> None:
        target = 1.0 if self.selected and self.enabled else 0.0
        step = HOVER_SPEED * dt
        self.highlight += max(-step, min(step, target - self.highlight))

    def draw(self, surface: pygame.Surface, layout: Layout) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        radius = layout.px(8)
        rect = self.rect.move(0, layout.px(2)) if self.pressed and self.enabled else self.rect
        if self.highlight > 0:
            glow = _glow(rect.size, radius).copy()
            glow.set_alpha(round(255 * self.highlight))
            surface.blit(glow, glow.get_rect(center=rect.center))
        if not self.enabled:
            surface.blit(_plaque(rect.size, "disabled", radius), rect)
        else:
            surface.blit(_plaque(rect.size, "normal", radius), rect)
            if self.highlight > 0:
                hover = _plaque(rect.size, "hover", radius).copy()
                hover.set_alpha(round(255 * self.highlight))
                surface.blit(hover, rect)
        text_record.plate(rect, f"button {self.text!r}")
        with text_record.box(rect, "button"):
            self._draw_label(surface, layout, rect)

    def _draw_label(self, surface: pygame.Surface, layout: Layout, rect: pygame.Rect) -> None:
        if not self.enabled:
            color = theme.TEXT_DISABLED
        else:
            color = art.mix(theme.TEXT_ON_DARK, theme.INK, self.highlight * 0.92)
        # A long label (another language, a long name) is set smaller rather than overflow.
        room = max(1, rect.w - layout.px(74))
        px = fonts.fit_px(self.text, layout.px(self.text_size), room, bold=True, min_ratio=0.55)
        label = fonts.render_fit(self.text, px, color, room, True, 1.0)
        spot = label.get_rect(center=rect.center)
        if self.enabled and self.highlight < 0.6:
            shade = fonts.render_fit(self.text, px, theme.INK, room, True, 1.0).copy()
            shade.set_alpha(round(200 * (1 - self.highlight)))
            surface.blit(shade, spot.move(0, layout.px(2)))
        surface.blit(label, spot)
        if self.highlight > 0.05:
            gap = layout.px(22)
            size = max(2, round(layout.px(6) * self.highlight))
            for x in (spot.left - gap, spot.right + gap):
                art.diamond(surface, (x, rect.centery), size + 1, theme.INK)
                art.diamond(surface, (x, rect.centery), size, theme.PARCHMENT_LIGHT)


class ButtonGroup:
    """Focus, hover and activation for a set of buttons, by mouse and keyboard."""

    def __init__(self, buttons: Sequence[Button], *, horizontal: bool = False, index: int | None = None,
                 order: Sequence[int] | None = None):
        self.buttons = list(buttons)
        self.horizontal = horizontal
        # Keyboard order when it differs from the list's (the menu lists buttons in a stable order).
        self.order = list(order) if order is not None else None
        self.hovered: Button | None = None
        self._pressed: Button | None = None
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        self.index = index if index is not None else (enabled[0] if enabled else 0)
        self._sync()

    @property
    def selected(self) -> Button | None:
        return self.buttons[self.index] if self.buttons else None

    def _sync(self) -> None:
        for i, button in enumerate(self.buttons):
            button.selected = i == self.index
            button.pressed = button is self._pressed

    def move(self, step: int) -> None:
        before = self.index
        self._move(step)
        if self.index != before:
            AUDIO.ui("hover")

    def _move(self, step: int) -> None:
        n = len(self.buttons)
        if self.order is not None and sorted(self.order) == list(range(n)):
            at = self.order.index(self.index) if self.index in self.order else 0
            for k in range(1, n + 1):
                i = self.order[(at + step * k) % n]
                if self.buttons[i].enabled:
                    self.index = i
                    break
            self._sync()
            return
        for k in range(1, n + 1):
            i = (self.index + step * k) % n
            if self.buttons[i].enabled:
                self.index = i
                break
        self._sync()

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.contains(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            was = self.hovered
            self.hovered = self.button_at(event.pos)
            if self.hovered is not None and self.hovered.enabled:
                self.index = self.buttons.index(self.hovered)
                if self.hovered is not was:
                    AUDIO.ui("hover")           # the pointer came onto a button
            self._sync()
            return self.hovered is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.button_at(event.pos)
            if hit is not None and hit.enabled:
                self._pressed = hit
                self.index = self.buttons.index(hit)
                self._sync()
            return hit is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            self._sync()
            if pressed is not None and pressed.contains(event.pos):
                pressed.activate()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            back, forward = (pygame.K_LEFT, pygame.K_RIGHT) if self.horizontal else (pygame.K_UP, pygame.K_DOWN)
            if event.key == back:
                self.move(-1)
                return True
            if event.key in (forward, pygame.K_TAB):
                self.move(-1 if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in ACTIVATE_KEYS and self.selected is not None:
                self.selected.activate()
                return True
        return False

    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, layout: Layout) -> None:
        for button in self.buttons:
            button.draw(surface, layout)


@lru_cache(maxsize=8)
def _panel(size: tuple[int, int], scale: float) -> pygame.Surface:
    w, h = size
    pad = max(6, round(24 * scale))
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    shadow.fill((*theme.INK, 170), pygame.Rect(pad, pad + pad // 3, w, h))
    out.blit(pygame.transform.gaussian_blur(shadow, max(1, pad // 2)), (0, 0))
    body = pygame.Rect(pad, pad, w, h)
    out.blit(art.vertical_gradient((w, h), (theme.PARCHMENT_LIGHT, theme.PARCHMENT, (220, 198, 156))), body)
    line = max(1, round(3 * scale))
    pygame.draw.rect(out, theme.BRONZE_DARK, body, line)
    inset = body.inflate(-2 * round(10 * scale), -2 * round(10 * scale))
    pygame.draw.rect(out, theme.BRONZE, inset, max(1, round(1.5 * scale)))
    corner = max(3, round(7 * scale))
    for point in (inset.topleft, inset.topright, inset.bottomleft, inset.bottomright):
        art.diamond(out, point, corner + line, theme.BRONZE_DARK)
        art.diamond(out, point, corner, theme.BRONZE_LIGHT)
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, layout: Layout) -> None:
    """A framed parchment card with a soft shadow."""
    panel = _panel(rect.size, layout.scale)
    surface.blit(panel, panel.get_rect(center=rect.center))


class TextField:
    """A one-line text box (a player's name): click or focus() to type; IME text is supported.

    The owner sets .rect and forwards events to handle_event (True when used)."""

    def __init__(self, text: str = "", *, placeholder: str = "", limit: int = 16, size: float = 21):
        self.text = text
        self.placeholder = placeholder
        self.limit = limit
        self.size = size
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.composing = ""              # IME text being composed (not committed yet)
        self.time = 0.0

    def focus(self, on: bool = True) -> None:
        if on == self.focused:
            return
        self.focused = on
        self.composing = ""
        self.time = 0.0
        if on:          # text input stays on afterwards (SDL's default): typing may start a field
            try:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            except pygame.error:
                pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focus(inside)
            return inside
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            clean = "".join(ch for ch in event.text if ch.isprintable())
            self.text = (self.text + clean)[: self.limit]
            self.time = 0.0
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                    self.text = ""
                else:
                    self.text = self.text[:-1]
                self.time = 0.0
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focus(False)
                return event.key != pygame.K_TAB
            return True                  # other keys belong to the typing (no menu moves meanwhile)
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface, layout: Layout, *, active: bool = False) -> None:
        r = self.rect
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, r, border_radius=layout.px(8))
        edge = theme.BRONZE if (self.focused or active) else theme.BRONZE_DARK
        pygame.draw.rect(surface, edge, r, max(2, layout.px(3 if self.focused else 1.5)), border_radius=layout.px(8))
        pad = layout.px(14)
        shown = self.text + self.composing
        if shown:
            img = layout.text(shown, self.size, theme.INK, bold=True)
        else:
            img = layout.text(self.placeholder, self.size, theme.TEXT_DISABLED, bold=True)
        spot = img.get_rect(midleft=(r.x + pad, r.centery))
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-pad, -layout.px(4)))
        if spot.right > r.right - pad:                     # keep the end (the caret) in view
            spot.right = r.right - pad
        surface.blit(img, spot)
        if self.composing:
            under = layout.text(self.text, self.size, theme.INK, bold=True).get_width()
            y = spot.bottom - layout.px(2)
            pygame.draw.line(surface, theme.BRONZE_DARK, (spot.x + under, y), (spot.x + img.get_width(), y),
                             max(1, layout.px(1.5)))
        surface.set_clip(clip)
        if self.focused and int(self.time * 2) % 2 == 0:
            x = spot.right + layout.px(2) if shown else r.x + pad
            pygame.draw.line(surface, theme.INK, (x, r.centery - layout.px(12)), (x, r.centery + layout.px(12)),
                             max(1, layout.px(2)))


def draw_key_hint(surface: pygame.Surface, layout: Layout, pos: tuple[int, int], keys: str, label: str,
                  size: float = 17) -> int:
    """A key cap followed by what it does, left edge at pos (vertical centre). Returns the width used."""
    cap_text = layout.text(keys, size, theme.PARCHMENT_LIGHT, bold=True)
    cap = cap_text.get_rect().inflate(layout.px(16), layout.px(8))
    cap.midleft = pos
    pygame.draw.rect(surface, theme.UMBER, cap, border_radius=layout.px(5))
    pygame.draw.rect(surface, theme.BRONZE, cap, max(1, layout.px(1.5)), border_radius=layout.px(5))
    text_record.plate(cap, f"key {keys!r}")
    with text_record.box(cap, "key"):
        surface.blit(cap_text, cap_text.get_rect(center=cap.center))
    text = layout.text(label, size, theme.INK)
    surface.blit(text, text.get_rect(midleft=(cap.right + layout.px(10), pos[1])))
    return cap.width + layout.px(10) + text.get_width()


def measure_key_hint(layout: Layout, keys: str, label: str, size: float = 17) -> int:
    cap = layout.font(size, bold=True).size(keys)[0] + layout.px(16)
    return cap + layout.px(10) + layout.font(size).size(label)[0]


_NUMBER_KEYS = {getattr(pygame, f"{prefix}{i}"): i - 1 for prefix in ("K_", "K_KP") for i in range(1, 10)}


def option_index(key: int) -> int | None:
    """The option a number key 1-9 (main row or keypad) picks, counted from 0; else None."""
    return _NUMBER_KEYS.get(key)


def clear_caches() -> None:
    for cached in (_plaque, _glow, _panel):
        cached.cache_clear()
