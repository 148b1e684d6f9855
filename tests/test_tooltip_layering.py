"""The pointer's tooltip (issue #47 points 4, 6, 9): it goes when the pointer leaves its thing
(for a button of the prompt, or out of the window), it is drawn above the tutorial's coach and
its highlight frames, and while a decision is open it leaves the log in view."""
import pygame
import pytest

from test_ui_targets import POSITIONS, hot_seat_session
from ui.scenes.game import GameScene
from ui.scenes.prompt import TablePrompt
from ui.table import geometry as G
from ui.table.tooltip import TOOLTIP_DELAY


@pytest.fixture
def app(app, settings_kept):
    settings_kept.animation_speed = "instant"
    return app


def _open(app, kind):
    game = GameScene(hot_seat_session(*POSITIONS[kind]))
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, TablePrompt)
    return game, app.top


def _move(app, pos, frames=1, dt=1 / 60):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(frames):
        app.step(dt)


def _rest(app):
    for _ in range(3):
        app.step(TOOLTIP_DELAY)


def test_a_chambers_tooltip_goes_when_the_pointer_moves_to_a_button_of_the_prompt(app):
    game, prompt = _open(app, "senate")
    chamber = next(h for h in game.view.hits_of("chamber"))
    _move(app, chamber.rect.center)
    _rest(app)
    assert game.tip_rect is not None                    # the Chamber's tooltip shows
    button = prompt.bar.buttons[0]
    _move(app, button.rect.center)
    _rest(app)
    assert game.hover is None and game.tip_rect is None


def test_a_tooltip_goes_when_the_pointer_leaves_the_window(app):
    game, prompt = _open(app, "senate")
    chamber = next(h for h in game.view.hits_of("chamber"))
    _move(app, chamber.rect.center)
    _rest(app)
    assert game.tip_rect is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE, window=None))
    _rest(app)
    assert game.tip_rect is None


def test_while_a_decision_is_open_a_tooltip_leaves_the_log_in_view(app):
    game, prompt = _open(app, "senate")
    log = app.layout.rect(*G.log_rect(True))
    for hit in game.view.hits_of("chamber") + game.view.hits_of("wonder") + game.view.hits_of("slot"):
        _move(app, hit.rect.center)
        _rest(app)
        if game.tip_rect is not None:
            assert not game.tip_rect.colliderect(log), (hit.kind, hit.name, game.tip_rect, log)


def test_the_tooltip_is_drawn_above_the_coach_and_its_highlight_frames(app):
    from game.lesson import load_lesson
    from ui.scenes.tutorial import TutorialScene
    scene = TutorialScene(load_lesson("base"), 6)
    app.push(scene)
    for _ in range(4):
        app.step(1 / 60)
    order = []
    coach_draw = app.coach.draw
    tip_draw = scene._draw_tooltip
    app.coach.draw = lambda surface: (order.append("coach"), coach_draw(surface))[1]
    scene._draw_tooltip = lambda surface, layout: (order.append("tooltip"), tip_draw(surface, layout))[1]
    card = next(h for h in scene.view.hits_of("slot") if h.name)
    _move(app, card.rect.center)
    _rest(app)
    assert scene.tip_rect is not None
    assert order[-2:] == ["coach", "tooltip"], order[-4:]
    # What the screen shows there is the tooltip itself.
    tip, rect = scene._tip, scene.tip_rect
    x, y = tip.get_width() // 2, tip.get_height() // 2
    if tip.get_at((x, y)).a == 255:
        assert tuple(app.screen.get_at((rect.x + x, rect.y + y)))[:3] == tuple(tip.get_at((x, y)))[:3]
