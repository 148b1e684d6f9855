"""Learn to play: the lessons of data/lessons/, each to start, continue where it was left
(\"Continue (step 7 of 30)\") or start over. Opened from the title menu."""
from __future__ import annotations

import pygame

from game.lesson import LessonError, lesson_ids, load_lesson
from ui.draw import art, theme
from ui.draw.widgets import Button, ButtonGroup, draw_panel
from ui.files import lesson_progress
from ui.scenes.base import Scene
from ui.text.i18n import t

# The lessons in the order they are offered; any other lesson file follows them.
ORDER = ("base", "agora")
ROW_W, ROW_H, ROW_STEP = 640, 44, 54
LESSON_GAP = 40


def ordered_ids() -> list[str]:
    found = lesson_ids()
    return [i for i in ORDER if i in found] + [i for i in found if i not in ORDER]


class LearnScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.group = ButtonGroup([])
        self.rows: list = []            # (heading or None, button) in order, for the layout
        self.problems: list[str] = []

    def on_enter(self) -> None:
        self._build()

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _build(self) -> None:
        rows, buttons, self.problems = [], [], []
        for ident in ordered_ids():
            try:
                lesson = load_lesson(ident)
            except LessonError as exc:
                self.problems.append(str(exc))
                continue
            left = lesson_progress.step_of(ident)
            index = lesson.index_of(left) if left else None
            heading = t(lesson.title)
            if index:
                n, total = lesson.step_number(index)
                cont = Button(t("tutorial.learn.continue", n=n, total=total),
                              lambda i=ident: self._open(i, False), text_size=22)
                again = Button(t("tutorial.learn.start_over"), lambda i=ident: self._open(i, True), text_size=22)
                rows += [(heading, cont), (None, again)]
                buttons += [cont, again]
            else:                           # a lesson played to its end once says so
                label = t("tutorial.learn.done") if lesson_progress.finished(ident) else t("tutorial.learn.start")
                start = Button(label, lambda i=ident: self._open(i, True), text_size=22)
                rows.append((heading, start))
                buttons.append(start)
        back = Button(t("tutorial.learn.back"), self._back, text_size=22)
        rows.append(("", back))
        buttons.append(back)
        self.rows = rows
        self.group = ButtonGroup(buttons)
        if self.app is not None:
            self.on_resize(self.layout)

    def _open(self, ident: str, start_over: bool) -> None:
        from ui.scenes.tutorial import open_lesson
        self.app.pop()
        open_lesson(self.app, ident, start_over=start_over)

    def _back(self) -> None:
        self.app.pop()

    def on_resize(self, layout) -> None:
        y = 250
        for heading, button in self.rows:
            if heading is not None:
                y += LESSON_GAP
            button.rect = layout.centered_rect(800, y + ROW_H / 2, ROW_W, ROW_H)
            y += ROW_STEP

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        surface.blit(art.parchment(L.size), (0, 0))
        draw_panel(surface, L.rect(380, 60, 840, 780), L)
        title = art.title_lettering(t("tutorial.learn.title").upper(), L.px(56))
        surface.blit(title, title.get_rect(center=L.point(800, 130)))
        intro = L.text(t("tutorial.learn.intro"), 18, theme.INK_SOFT)
        if intro.get_width() > L.px(780):
            intro = pygame.transform.smoothscale(intro, (L.px(780), intro.get_height()))
        surface.blit(intro, intro.get_rect(center=L.point(800, 200)))
        for heading, button in self.rows:
            if heading:
                label = L.text(heading, 22, theme.BRONZE_DARK, True)
                surface.blit(label, label.get_rect(midbottom=(button.rect.centerx, button.rect.y - L.px(6))))
        self.group.draw(surface, L)
        y = 800
        for problem in self.problems:
            line = L.text(problem, 14, (150, 40, 30))
            surface.blit(line, line.get_rect(center=L.point(800, y)))
            y -= 20
