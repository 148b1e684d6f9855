"""Take-backs in the window against the computer and in hot-seat (#44 point 11): never across
a moment that showed the asker something hidden (a card turned up, a Conspiracy drawn, a
Decree revealed ...: game/takeback.py), and the Undo control says why it is off then."""
import random

import pygame
import pytest

from game import new_game
from game.takeback import reveals_to, takeback_floor
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.table.session import GameConfig, GameSession, SeatSetup
from ui.text import i18n


@pytest.fixture
def app(app, settings_kept, english):
    settings_kept.animation_speed = "instant"
    return app


def against_computer(seed, agora=False):
    return GameSession(GameConfig(seed=seed, agora=agora, first="me", undo=True,
                                  seats=[SeatSetup("human"), SeatSetup("ai", "random")]))


def last_human_decision(session):
    actions = session.saved.actions
    return next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == session.human_seat), None)


def play_to(session, rng, wanted, limit=400):
    """Random legal moves for both seats (the computer's too, without its thread) until
    wanted(session) holds after a move."""
    for _ in range(limit):
        assert not session.state.is_terminal
        session.apply(rng.choice(session.state.legal_actions()))
        if wanted(session):
            return
    raise AssertionError("no such position")


def oracle_floor(session, seat):
    return takeback_floor(new_game(session.seed, agora=session.saved.agora,
                                   first_player=session.saved.first_player), session.saved.actions, seat)


def crosses_a_reveal(session):
    target = last_human_decision(session)
    return session.state.phase == "play" and target is not None and target < oracle_floor(session, 0)


def clear_since(session):
    target = last_human_decision(session)
    return session.state.phase == "play" and target is not None and target >= oracle_floor(session, 0) \
        and session.state.current_player == session.human_seat


def test_against_the_computer_a_take_back_never_crosses_a_card_turned_up(data, english):
    session = against_computer(5)
    play_to(session, random.Random(3), crosses_a_reveal)
    assert not session.can_undo and not session.undo()
    assert session.undo_unavailable() == i18n.t("takeback.blocked.reveal")
    # ... the same after the game is saved and continued
    again = GameSession.resume(session.saved)
    assert not again.can_undo and again.undo_unavailable()


def test_against_the_computer_a_move_that_revealed_nothing_is_still_taken_back(data, english):
    session = against_computer(5)
    play_to(session, random.Random(3), clear_since)
    target = last_human_decision(session)
    assert session.can_undo and session.undo_unavailable() is None
    assert session.undo() and len(session.saved.actions) == target


def test_hot_seat_take_backs_follow_the_same_rule(data, english):
    session = GameSession(GameConfig(seed=8, agora=False, first="seat0",
                                     seats=[SeatSetup("human", name="Ana"), SeatSetup("human", name="Bob")]))
    rng = random.Random(1)
    for _ in range(400):
        if session.needs_handover or session.looking is None:
            session.hand_over()
        me = session.looking
        _, _, events = session.apply(rng.choice(session.state.legal_actions()))
        own = session.saved.actions[-1][0] == me and len(session.saved.actions) > session.turn_start
        shown = any(reveals_to(e, me) for e in events)
        if own and session.state.phase == "play" and shown and not session.state.is_terminal:
            break
    else:
        raise AssertionError("no revealing move")
    assert session.looking == me and not session.can_undo
    assert session.undo_unavailable() == i18n.t("takeback.blocked.reveal")


def test_the_undo_control_says_why_it_is_off(app):
    session = against_computer(5)
    play_to(session, random.Random(3), lambda s: crosses_a_reveal(s) and s.state.current_player == 0)
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    assert game.undo_visible()
    game.click(game.undo_rect().center)
    app.step(1 / 60)
    assert game._status_text() == i18n.t("takeback.blocked.reveal")
    assert len(session.saved.actions) > last_human_decision(session)
    # hovering the control says it too, once the position changes the note is gone
    game.note = (None, None)
    game.hover_at(game.undo_rect().center)
    assert game._status_text() == i18n.t("takeback.blocked.reveal")
    game.hover_at((5, 5))
    assert game._status_text() != i18n.t("takeback.blocked.reveal")


def test_a_setting_lets_take_backs_cross_what_was_shown_in_new_games(app, settings_kept):
    """Off by default; the settings' Undo row goes Allowed -> No take-backs -> Also across
    cards shown; a game started so keeps it (the save's options), online never has it."""
    import json

    from ui.files import settings as settings_file
    from ui.files.settings import SETTINGS, Settings
    from ui.scenes.settings import SettingsScene
    assert SETTINGS.undo and not SETTINGS.undo_reveals
    app.push(MenuScene())
    scene = SettingsScene()
    app.push(scene)
    app.step(1 / 60)
    scene.row("undo").activate()
    assert not SETTINGS.undo and scene.row("undo").value == i18n.t("settings.undo_off")
    scene.row("undo").activate()
    assert SETTINGS.undo and SETTINGS.undo_reveals
    assert scene.row("undo").value == i18n.t("takeback.setting.across")
    fresh = Settings()
    assert settings_file.load(None, fresh) is None and fresh.undo_reveals
    session = against_computer(5)
    assert session.saved.options == {"undo": True, "undo_reveals": True}
    play_to(session, random.Random(3), crosses_a_reveal)
    assert session.can_undo and session.undo()
    again = GameSession.resume(session.saved)
    assert again.undo_reveals
    assert json.loads(json.dumps(session.saved.to_dict()))["options"]["undo_reveals"] is True
    scene.row("undo").activate()
    assert SETTINGS.undo and not SETTINGS.undo_reveals
