"""An online client holds only its seat's view: the table is drawn from a State sampled from
the observation (game.ai.determinize), and what the sample put in hidden places (face-down
cards, the opponent's Conspiracies, the decks) must never show. Two different samples of
one observation draw the same pixels, give the same tooltips and the same log."""
import online_ui_support as support  # noqa: F401  (sets the environment first)

import json
import random

import pytest

from game import new_game
from net import referee
from net.rooms import Room
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.table import online_session
from ui.table.online_session import OnlineSession
from ui.table.session import CURRENT
from ui.table.tooltip import lines_for


class FakeLink:
    """The link's face to the session, fed by the test (no network)."""

    def __init__(self, messages=()):
        self.messages = list(messages)
        self.sent = []

    def drain(self):
        out, self.messages = self.messages, []
        return out

    def call(self, method, *args):
        self.sent.append((method, args))
        return True

    def close(self):
        pass


def room_at(seed, count, agora=True):
    """A served room after `count` random actions of a seeded game."""
    state = new_game(seed, agora=agora, first_player=0)
    rng = random.Random(seed)
    actions = []
    while len(actions) < count and not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append([action.player, str(action)])
    room = Room(code="TESTAB", agora=agora, seed=seed, first_player=0, actions=actions,
                tokens=["a", "b"], names=["Ann", "Bob"])
    room.state = referee.build_state(room)
    return room


def session_for(room, seat, sample_seed, monkeypatch):
    monkeypatch.setattr(online_session, "view_state",
                        lambda obs, seq: online_session.determinize(obs, random.Random(sample_seed)))
    update = json.loads(json.dumps(referee.update_for(room, seat, 0)))
    entered = {"type": "entered", "seat": seat, "room": room.code, "names": ["Ann", "Bob"],
               "agora": room.agora, "clock": 0}
    session = OnlineSession(FakeLink([entered, update]), "x")
    session.poll()
    session.advance()
    return session


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    application = App((1280, 720))
    yield application
    application.close()
    storage.use(previous)
    CURRENT["session"] = None


def picture(app, session):
    from ui.scenes.online_game import OnlineGameScene
    app.reset(OnlineGameScene(session))
    for _ in range(3):
        app.step(1 / 60)
    scene = app.stack[0]
    tips = sorted(repr(lines_for(hit, session.state, session)) for hit in scene.view.hits)
    return app.screen.copy(), tips, [e.text for e in session.log]


@pytest.mark.parametrize("seed,count,seat", [(3, 12, 0), (3, 12, 1), (8, 40, 1), (8, 55, 0), (21, 80, 1)])
def test_two_samples_of_one_observation_look_the_same(app, monkeypatch, seed, count, seat):
    room = room_at(seed, count)
    a = session_for(room, seat, 1, monkeypatch)
    b = session_for(room, seat, 2, monkeypatch)
    # The samples really differ where the seat cannot see (else the test proves nothing).
    assert a.state.to_json() != b.state.to_json()
    image_a, tips_a, log_a = picture(app, a)
    image_b, tips_b, log_b = picture(app, b)
    assert log_a == log_b
    assert tips_a == tips_b
    import pygame
    assert pygame.image.tobytes(image_a, "RGB") == pygame.image.tobytes(image_b, "RGB")
