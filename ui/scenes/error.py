"""The error panel: what the loop shows instead of crashing when a scene raises."""
from __future__ import annotations

import pygame

from ui.draw import art, theme
from ui.text.i18n import t
from ui.scenes.dialog import DialogScene

MAX_DETAIL = 240


def describe(exc: BaseException) -> str:
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(message) > MAX_DETAIL:
        message = message[: MAX_DETAIL - 1] + "…"
    return t("error.detail", kind=type(exc).__name__, message=message) if message else type(exc).__name__


class ErrorScene(DialogScene):
    opaque = True
    close_on_outside_click = False

    def __init__(self, error: BaseException):
        super().__init__(t("error.title"), t("error.body"), [(t("error.back_to_menu"), self._home)],
                         on_cancel=self._home, detail=describe(error))
        self.error = error

    def _home(self) -> None:
        if self.app is not None:
            self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        try:
            surface.blit(art.parchment(self.layout.size), (0, 0))
        except pygame.error:
            surface.fill(theme.PARCHMENT_DARK)
        super().draw(surface)


# --- before the app can start -------------------------------------------------------------

STARTUP_SIZE = (960, 540)
STARTUP_WORDS = {   # used when the catalogue itself is what is broken
    "data_error.title": "Agora Duel cannot start",
    "data_error.body": "The game's data files are damaged. Reinstalling the game will repair them.",
    "data_error.quit": "Quit",
}


def _word(key: str) -> str:
    try:
        value = t(key)
    except Exception:
        value = key
    return STARTUP_WORDS[key] if value == key or not value else value


def startup_lines(message: str) -> tuple[str, str, str, str]:
    """(title, explanation, the problem, button label) of the start-up error window."""
    return _word("data_error.title"), _word("data_error.body"), message.strip().splitlines()[0], \
        _word("data_error.quit")


def show_startup_error(message: str, *, frames: int | None = None, screenshot: str | None = None) -> bool:
    """A small window with the damaged-data message and a Quit button, for the packaged app that
    has no console. Returns when the player closes it (or after `frames` frames, for tests);
    False when no window can be opened at all."""
    from ui.draw import fonts
    from ui.draw.layout import Layout

    try:
        pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(STARTUP_SIZE)
    except pygame.error:
        return False
    title, body, problem, label = startup_lines(message)
    pygame.display.set_caption(title)
    layout = Layout(STARTUP_SIZE)
    button = layout.centered_rect(800, 760, 260, 64)
    clock = pygame.time.Clock()
    count = 0
    try:
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return True
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                  pygame.K_ESCAPE, pygame.K_SPACE):
                    return True
                if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.collidepoint(event.pos):
                    return True
            screen.fill(theme.PARCHMENT)
            y = layout.px(120)
            head = fonts.render_fit(title, layout.px(44), theme.INK, layout.px(1400), True)
            screen.blit(head, head.get_rect(midtop=(screen.get_width() // 2, y)))
            y += head.get_height() + layout.px(40)
            for value, size, color in ((body, 26, theme.INK_SOFT), (problem, 22, theme.DANGER)):
                font = fonts.get_font(layout.px(size))
                for line in fonts.wrap(value, font, layout.px(1400))[:4]:
                    img = fonts.render(line, layout.px(size), color)
                    screen.blit(img, img.get_rect(midtop=(screen.get_width() // 2, y)))
                    y += img.get_height() + layout.px(6)
                y += layout.px(24)
            pygame.draw.rect(screen, theme.UMBER, button, border_radius=layout.px(10))
            pygame.draw.rect(screen, theme.BRONZE, button, max(1, layout.px(2)), border_radius=layout.px(10))
            cap = fonts.render_fit(label, layout.px(26), theme.TEXT_ON_DARK, button.w - layout.px(16), True)
            screen.blit(cap, cap.get_rect(center=button.center))
            pygame.display.flip()
            count += 1
            if frames is not None and count >= frames:
                if screenshot:
                    pygame.image.save(screen, screenshot)
                return True
            clock.tick(30)
    finally:
        fonts.clear_caches()
        pygame.display.quit()
