"""The application: one window, one render loop, a stack of scenes.

Public API: App (push / pop / replace / remove / reset / go_home / quit / run / step /
save_screenshot / set_fullscreen / set_window_size), Scene (re-exported from ui.scenes.base) and
run(args) for main.py, which also chooses where saves and settings live (ui/files/storage.py) and
loads the settings.
"""
from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import warnings
from pathlib import Path
from typing import Any, Callable

import pygame

from ui.draw import art, fonts, text_record, theme, widgets
from ui.files import saves, storage
from ui.sound.audio import AUDIO
from ui.files import settings as settings_file
from ui.text.i18n import language, set_language, system_language, t
from ui.draw.layout import DESIGN_SIZE, Layout
from ui.scenes.base import Scene
from ui.scenes.error import ErrorScene
from ui.scenes.menu import MenuScene
from ui.draw.window_fit import choose_window_size, usable_area

__all__ = ["App", "Scene", "run", "FPS"]

log = logging.getLogger(__name__)

FPS = 60
MIN_WINDOW = (960, 540)
MAX_DT = 0.1  # a stalled frame (window drag, breakpoint) must not fast-forward animations


class _BareErrorScene(Scene):
    """Last resort when the error panel itself fails: a plain screen; any key or click goes home."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and self.app is not None:
            self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.UMBER)


class App:
    def __init__(self, size: tuple[int, int] | None = DESIGN_SIZE, *, fullscreen: bool = False,
                 home: Callable[[], Scene] | None = None, fps: int = FPS,
                 saved_size: tuple[int, int] | None = None):
        """size: the window's exact size; None: saved_size if it fits the screen, else the
        largest offered size that does (ui/draw/window_fit.py)."""
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")   # the first window opens centred
        pygame.display.init()
        pygame.font.init()
        AUDIO.start()               # without an audio device: silence and one line in the log
        pygame.display.set_caption(t("app.window_title"))
        pygame.key.set_repeat(350, 45)
        self.fps = fps
        self.home = home
        if size is None:
            size = choose_window_size(usable_area(), saved_size)
        self.windowed_size = (int(size[0]), int(size[1]))
        self.fullscreen = fullscreen
        self.user_resized = False
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        self.last_error: BaseException | None = None
        self.clock = pygame.time.Clock()
        self.toast = ""             # a brief word over every scene (e.g. "Sound off" after M)
        self.toast_left = 0.0
        # Drawn above every scene and offered each input event first (the tutorial's coach,
        # ui/scenes/tutorial_coach.py): `draw(surface)` and `handle_event(event) -> bool`.
        self.coach = None
        self._last: list = []       # drawn after the coach: the pointer's tooltip (draw_last)
        self._set_icon()
        self.screen = self._open_window()
        self.layout = Layout(self.screen.get_size())

    # --- window ---------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        try:
            # pygame-ce 2.5 deprecates this bridge in favour of a Window-only loop, yet it is the
            # only way to give a display-module window a minimum size.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = (min(MIN_WINDOW[0], self.windowed_size[0]),
                                   min(MIN_WINDOW[1], self.windowed_size[1]))
            window.position = pygame.WINDOWPOS_CENTERED     # also after a new size or fullscreen
        except (AttributeError, pygame.error) as exc:  # older SDL or a driver without window hints
            log.debug("cannot set a minimum window size: %s", exc)
        return screen

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(art.window_icon())
        except pygame.error as exc:
            log.debug("cannot set the window icon: %s", exc)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool, remember: bool = True) -> None:
        if self.fullscreen != bool(on):
            self.fullscreen = bool(on)
            self.screen = self._open_window()
            self._refresh_layout()
        if remember and settings_file.SETTINGS.fullscreen != self.fullscreen:
            settings_file.SETTINGS.fullscreen = self.fullscreen
            settings_file.save()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """The windowed size (applied at once unless in fullscreen, where it waits)."""
        self.windowed_size = (int(size[0]), int(size[1]))
        if not self.fullscreen:
            self.screen = self._open_window()
            self._refresh_layout()

    def _refresh_layout(self, resized_by_user: bool = False) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        if resized_by_user and not self.fullscreen and self.screen.get_size() != self.windowed_size:
            self.windowed_size = self.screen.get_size()     # remembered in the settings when the app closes
            self.user_resized = True
        if self.screen.get_size() != self.layout.size:
            self.layout = Layout(self.screen.get_size())
            for scene in list(self.stack):
                self._safely(scene, scene.on_resize, self.layout)

    # --- scene stack ----------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.stack.append(scene)
        if self._safely(scene, scene.on_enter):
            self._safely(scene, scene.on_resize, self.layout)

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._safely(scene, scene.on_exit)
        return scene

    def remove(self, scene: Scene) -> None:
        """Take a scene out of the stack wherever it is (the ones above it stay)."""
        if scene in self.stack:
            if scene is self.top:
                self.pop()
                return
            self.stack.remove(scene)
            self._safely(scene, scene.on_exit)

    def replace(self, scene: Scene) -> None:
        self.pop()
        self.push(scene)

    def reset(self, scene: Scene | None = None) -> None:
        """Empty the stack, then push scene if given."""
        while self.stack:
            self.pop()
        if scene is not None:
            self.push(scene)

    def go_home(self) -> None:
        """Back to the home scene (the title menu); quits when there is none."""
        if self.home is None:
            self.reset()
            return
        try:
            home = self.home()
        except Exception as exc:
            self._fail(None, exc)
            return
        self.reset(home)

    def quit(self) -> None:
        self.running = False

    # --- error containment -----------------------------------------------------

    def _safely(self, scene: Scene, action: Callable[..., Any], *args: Any) -> bool:
        """Run one scene callback; an exception becomes the error panel. Returns success."""
        try:
            action(*args)
            return True
        except Exception as exc:
            self._fail(scene, exc)
            return False

    def _fail(self, scene: Scene | None, exc: BaseException) -> None:
        self.last_error = exc
        log.error("unhandled error in %s", type(scene).__name__ if scene else "scene setup", exc_info=exc)
        panel: Scene = _BareErrorScene() if isinstance(scene, (ErrorScene, _BareErrorScene)) else ErrorScene(exc)
        # Drop the broken scenes without their exit hooks: they may fail again.
        self.stack = []
        self.push(panel)

    # --- loop -----------------------------------------------------------------

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._refresh_layout(resized_by_user=True)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self._is_mute_key(event):
            self.show_toast(t("sound.muted") if AUDIO.toggle_mute() else t("sound.unmuted"))
        elif self.coach is not None and self.coach.handle_event(event):
            pass
        elif self.top is not None:
            self._safely(self.top, self.top.handle_event, event)

    def _is_mute_key(self, event: pygame.event.Event) -> bool:
        """M anywhere, except while a name is being typed (and not Ctrl+M or Alt+M)."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_m:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        return self.top is None or not self.top.accepts_text()

    def show_toast(self, text: str, seconds: float = 1.6) -> None:
        self.toast, self.toast_left = text, seconds

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if self.toast_left <= 0 or not self.toast:
            return
        layout = self.layout
        label = layout.text(self.toast, 20, theme.TEXT_ON_DARK, bold=True)
        box = label.get_rect().inflate(layout.px(36), layout.px(16))
        box.midtop = layout.point(800, 18)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = round(230 * min(1.0, self.toast_left / 0.3))       # fades out over the last 0.3 s
        pygame.draw.rect(plate, (*theme.UMBER, alpha), plate.get_rect(), border_radius=layout.px(10))
        pygame.draw.rect(plate, (*theme.BRONZE_LIGHT, alpha), plate.get_rect(), max(1, layout.px(2)),
                         border_radius=layout.px(10))
        label.set_alpha(alpha)
        surface.blit(plate, box)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw(self, retry: bool = True, surface: pygame.Surface | None = None) -> None:
        surface = self.screen if surface is None else surface
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack or not self.stack[start].opaque:
            surface.fill(theme.UMBER)
        for scene in list(self.stack[start:]):
            if text_record.RECORDER is not None:
                text_record.RECORDER.layer = type(scene).__name__
            if not self._safely(scene, scene.draw, surface):
                if retry:  # show the error panel in this very frame
                    self._draw(retry=False, surface=surface)
                return

    def draw_frame(self, surface: pygame.Surface) -> None:
        """What a frame shows, drawn onto `surface` (the window's size): the scenes, the coach
        and the toast. The text-fit test draws onto a recording surface (ui/draw/text_record.py)."""
        self._last = []
        self._draw(surface=surface)
        if self.coach is not None and self.stack:
            if text_record.RECORDER is not None:
                text_record.RECORDER.layer = "coach"
            self._safely(self.top, self.coach.draw, surface)
        last, self._last = self._last, []
        for scene, draw in last:
            if text_record.RECORDER is not None:
                text_record.RECORDER.layer = "tooltip"
            self._safely(scene, draw, surface)
        self._draw_toast(surface)

    def draw_last(self, scene: Scene, draw: Callable[[pygame.Surface], None]) -> None:
        """Draw `draw(surface)` at the end of this frame, above every scene and the tutorial's
        coach and its highlight frames: a tooltip stays readable over all of them (#47)."""
        self._last.append((scene, draw))

    def step(self, dt: float) -> None:
        """One frame: events, update of the top scene, drawing, flip."""
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return
        self._refresh_layout()
        if self.top is not None:
            self._safely(self.top, self.top.update, dt)
        AUDIO.flush()               # the frame's sounds, merged (see ui/sound/audio.py)
        self.toast_left = max(0.0, self.toast_left - dt)
        self.draw_frame(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None, screenshot: str | Path | None = None) -> int:
        """Loop until quit (or max_frames), optionally save a screenshot, close. Returns an exit code."""
        try:
            while self.running and self.stack:
                self.step(min(self.clock.tick(self.fps) / 1000.0, MAX_DT))
                if max_frames is not None and self.frames >= max_frames:
                    break
            if screenshot is not None:
                self.save_screenshot(screenshot)
        finally:
            self.close()
        return 0

    def save_screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    def close(self) -> None:
        saves.flush(timeout=5.0)        # the last move reaches the disk before the window goes
        prefs = settings_file.SETTINGS
        if self.user_resized and tuple(prefs.window_size or ()) != tuple(self.windowed_size):
            prefs.window_size = tuple(self.windowed_size)   # the window was dragged to a new size
            settings_file.save()
        # Cached fonts and surfaces must not outlive pygame (tests open several Apps).
        fonts.clear_caches()
        art.clear_caches()
        widgets.clear_caches()
        AUDIO.stop()
        pygame.quit()


def run(args: argparse.Namespace) -> int:
    """Start the window from parsed command-line options (see main.py)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    previous = storage.use(storage.Storage.from_args(getattr(args, "data_dir", None)))
    kept = dataclasses.replace(settings_file.SETTINGS)
    try:
        return _run(args)
    finally:      # run() may be called in-process (tests): leave no folder or setting behind
        storage.use(previous)
        settings_file.SETTINGS.__dict__.update(kept.__dict__)
        MenuScene.settings_notice = None


def _run(args: argparse.Namespace) -> int:
    notice = settings_file.load()
    prefs = settings_file.SETTINGS
    lang = getattr(args, "lang", None) or prefs.language or system_language()
    set_language(lang if lang in ("en", "ko") else "en")
    log.info("language: %s; saves in %s", language(), storage.saves_dir())
    # The command line wins over the settings for this run (and is not written back); a saved
    # size, or none, is fitted to the screen.
    size = getattr(args, "size", None)
    fullscreen = getattr(args, "fullscreen", False) or (prefs.fullscreen and size is None)
    app = App(size=size, saved_size=prefs.window_size, fullscreen=fullscreen, home=MenuScene)
    MenuScene.settings_notice = notice
    app.push(MenuScene())
    if getattr(args, "tutorial", None):
        from ui.scenes.tutorial import open_lesson
        open_lesson(app, args.tutorial)
    return app.run(max_frames=getattr(args, "exit_after_frames", None),
                   screenshot=getattr(args, "screenshot", None))
