"""The lessons by keyboard and the Learn-to-play menu (issue #47 point 7): Enter or Space is
Next when the coach offers Next (never while a move is waited for), Backspace is Back; a lesson
played to its end is marked in the menu."""
import pygame
import pytest

from game.lesson import load_lesson
from ui.scenes.tutorial import TutorialScene
from ui.scenes.tutorial_menu import LearnScene
from ui.text.i18n import t


@pytest.fixture
def app(app, settings_kept):
    settings_kept.animation_speed = "instant"
    return app


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    for _ in range(3):
        app.step(1 / 60)


def _lesson(app, lesson_id, step_id):
    lesson = load_lesson(lesson_id)
    scene = TutorialScene(lesson, lesson.index_of(step_id))
    app.push(scene)
    for _ in range(4):
        app.step(1 / 60)
    return scene


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER])
def test_enter_or_space_is_next(app, key):
    scene = _lesson(app, "base", "welcome")
    assert scene.step.kind == "next"
    _key(app, key)
    assert scene.step.id == "draft-intro"


def test_backspace_is_back(app):
    scene = _lesson(app, "base", "structure")
    _key(app, pygame.K_RETURN)
    assert scene.step.id == "first-card"
    _key(app, pygame.K_BACKSPACE)
    assert scene.step.id == "structure"


def test_enter_does_not_skip_a_move_the_step_waits_for(app):
    scene = _lesson(app, "base", "first-card")
    assert scene.step.kind == "do"
    history = list(scene.state.history)
    _key(app, pygame.K_RETURN)
    _key(app, pygame.K_SPACE)
    assert scene.step.id == "first-card" and scene.state.history == history


def test_a_finished_lesson_is_marked_in_the_learn_menu(app):
    lesson = load_lesson("base")
    menu = LearnScene()
    app.push(menu)
    app.step(1 / 60)
    labels = [b.text for b in menu.group.buttons]
    assert t("tutorial.learn.done") not in labels
    app.pop()
    TutorialScene(lesson, len(lesson.steps))            # played to its end
    menu = LearnScene()
    app.push(menu)
    app.step(1 / 60)
    labels = [b.text for b in menu.group.buttons]
    assert labels[0] == t("tutorial.learn.done"), labels
    assert t("tutorial.learn.start") in labels           # the other lesson is not finished
