"""A Senate action on a Chamber where the player may place a cube and also move one of theirs
away (issue #47 point 3): a click on the Chamber (or its number key) says both; a second click
on it, or 1, places the cube; a click on another Chamber (or its number) moves it there. Both
plain, by click and by key, the place button's label whole."""
import pygame
import pytest

from test_text_fits import place_or_move
from test_ui_targets import hot_seat_session
from ui.scenes.game import GameScene
from ui.scenes.prompt import TablePrompt
from ui.table.targets import hit_key


@pytest.fixture
def opened(app, settings_kept):
    settings_kept.animation_speed = "instant"
    session = hot_seat_session(*place_or_move())
    app.push(GameScene(session))
    for _ in range(3):
        app.step(1 / 60)
    prompt = app.top
    assert isinstance(prompt, TablePrompt)
    chamber = next(h for h in prompt.table_targets() if prompt.plan().has_moves_from(h)
                   and prompt.plan().direct(h) is not None)
    return app, session, prompt, chamber


def _click(app, pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.step(1 / 60)


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def test_a_click_on_the_chamber_offers_both_and_a_second_click_places(opened):
    app, session, prompt, chamber = opened
    name = prompt._hit_name(chamber)
    _click(app, chamber.rect.center)
    assert prompt.source is not None
    assert "again" in prompt.title and "place a cube" in prompt.title and "move" in prompt.title, prompt.title
    assert hit_key(prompt.table_targets()[0]) == hit_key(chamber)          # numbered 1
    before = len(session.state.history)
    _click(app, chamber.rect.center)
    played = session.state.history[before]
    assert played.kind == "place" and played.subject == name


def test_the_number_key_picks_the_chamber_then_1_places(opened):
    app, session, prompt, chamber = opened
    index = prompt.table_targets().index(chamber)
    _key(app, pygame.K_1 + index)
    assert prompt.source is not None and hit_key(prompt.source) == hit_key(chamber)
    before = len(session.state.history)
    _key(app, pygame.K_1)
    played = session.state.history[before]
    assert played.kind == "place" and played.subject == prompt._hit_name(chamber)


def test_another_chamber_or_its_number_moves_the_cube(opened):
    app, session, prompt, chamber = opened
    _click(app, chamber.rect.center)
    destination = prompt.table_targets()[1]
    before = len(session.state.history)
    _key(app, pygame.K_2)
    played = session.state.history[before]
    assert played.kind == "move" and played.subject == prompt._hit_name(chamber)
    assert played.target == prompt._hit_name(destination)
