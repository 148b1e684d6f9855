"""Random clicks and keys at any moment never crash the window or corrupt the game."""
import dataclasses
import random
import time

import pygame
import pytest

from game import new_game
from game.ai import Player, PLAYERS, register
from game.invariants import problems
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.scenes.error import ErrorScene
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_a, pygame.K_BACKSPACE, pygame.K_DELETE,
        pygame.K_HOME, pygame.K_END] + [getattr(pygame, f"K_{i}") for i in range(1, 10)]


@pytest.fixture
def app(monkeypatch, tmp_path):
    i18n.set_language("en")
    previous = storage.use(storage.Storage.under(tmp_path / "data"))    # saves and settings stay in tmp
    kept = dataclasses.replace(SETTINGS)
    SETTINGS.animation_speed = "turbo"
    application = App((1280, 720), home=MenuScene)
    quits = []
    monkeypatch.setattr(application, "quit", lambda: quits.append(1))   # random clicks may hit "Quit"
    # Random clicks may reach the settings: keep the window size and the language as they are.
    monkeypatch.setattr(application, "set_window_size", lambda size: None)
    monkeypatch.setattr(application, "set_fullscreen", lambda on, remember=True: None)
    yield application
    application.close()
    SETTINGS.__dict__.update(kept.__dict__)
    storage.use(previous)
    i18n.set_language("en")
    CURRENT["session"] = None


def random_event(rng, size):
    kind = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if kind < 0.45:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if kind < 0.8:
        button = rng.choice((1, 1, 1, 3))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if kind < 0.85:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)]


def sessions(app):
    return [s.session for s in app.stack if isinstance(s, GameScene)]


def check_consistent(session):
    state = session.state
    assert problems(state) == []
    # The save holds exactly the moves of the game (undo included).
    assert [[a.player, str(a)] for a in state.history] == session.saved.actions
    # Replaying the recorded moves on a fresh game gives the very same position.
    replay = new_game(session.seed, agora=state.agora, first_player=session.first_player_arg)
    for action in state.history:
        replay.apply(action)
    assert replay.to_json() == state.to_json()


@pytest.mark.parametrize("seed,agora,mode", [(11, True, "ai"), (12, False, "ai"), (13, True, "ai"),
                                             (14, True, "hotseat")])
def test_random_input_never_breaks_the_game(app, seed, agora, mode):
    rng = random.Random(seed)
    second = SeatSetup("human", name="Bob") if mode == "hotseat" else SeatSetup("ai", "random")
    session = GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                     seats=[SeatSetup("human", name="Ana" if mode == "hotseat" else ""), second]))
    app.push(MenuScene())
    app.push(GameScene(session))
    seen = {id(session): session}
    for i in range(1500):
        for event in random_event(rng, app.layout.size):
            pygame.event.post(event)
        app.step(1 / 60)
        assert app.last_error is None, repr(app.last_error)
        if not app.stack:
            app.push(MenuScene())
        for s in sessions(app):
            seen[id(s)] = s
        if i % 250 == 0:
            for s in seen.values():
                assert problems(s.state) == []
    assert app.last_error is None
    for s in seen.values():
        check_consistent(s)
    assert session.state.history, "the random clicks never played a move"


@register("broken-for-tests")
class Broken(Player):
    needs_observation = False

    def choose(self, observation, legal_actions):
        raise ValueError("this AI is broken on purpose")


def test_a_failing_ai_shows_the_error_panel_and_returns_to_the_menu(app):
    session = GameSession(GameConfig(seed=3, agora=True, first="ai",
                                     seats=[SeatSetup("human"), SeatSetup("ai", "broken-for-tests")]))
    app.push(MenuScene())
    app.push(GameScene(session))
    deadline = time.monotonic() + 30          # the AI runs in its own process: give it time to start
    while time.monotonic() < deadline:
        app.step(1 / 60)
        if isinstance(app.top, ErrorScene):
            break
    assert isinstance(app.top, ErrorScene)
    assert "broken on purpose" in str(app.last_error)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    PLAYERS.pop("broken-for-tests", None)
