"""From one decision to the next through the real scenes: one key press answers one
decision, and nothing of the draft covers the table while another decision is chosen."""
import time

import pygame
import pytest

from ui.text.i18n import t
from ui.scenes.draft import DraftScene
from ui.scenes.game import GameScene
from ui.files.settings import SETTINGS
from ui.scenes.prompt import TablePrompt
from ui.table.session import GameConfig, GameSession, SeatSetup

KNOSSOS_SEED = 0          # Agora, the human first: Knossos is the 4th Wonder of the first pick


def down(k, char=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))


def up(k):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def typed(char):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))


def scenes(app):
    return [type(s) for s in app.stack]


def against_ai(seed=KNOSSOS_SEED):
    return GameSession(GameConfig(seed=seed, agora=True, first="me",
                                  seats=[SeatSetup("human"), SeatSetup("ai", "random")]))


def run_until(app, done, frames=900):
    """Step frames (the AI answers from its own process) until `done()`; every frame is checked."""
    seen = []
    for _ in range(frames):
        app.step(1 / 60)
        seen.append(scenes(app))
        if done():
            return seen
        time.sleep(0.002)
    raise AssertionError(f"never reached; stack {scenes(app)}")


@pytest.mark.parametrize("speed", ["instant", "normal"])
def test_the_key_that_drafts_knossos_does_not_place_its_cube(app, speed):
    SETTINGS.animation_speed = speed
    session = against_ai()
    state = session.state
    assert [state.rules.wonders[w].name for w in state.draft_pool][3] == "Knossos"
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    assert scenes(app) == [GameScene, DraftScene]

    down(pygame.K_4, "4")                                  # held: the key repeats until released
    typed("4")
    seen = run_until(app, lambda: isinstance(app.top, TablePrompt))
    assert state.wonders[0] == [state.rules.wonder_id["Knossos"]]
    assert state.decision == "place"
    # The draft panel went before the Chamber choice appeared, and never showed with it.
    assert not any(DraftScene in stack and TablePrompt in stack for stack in seen)
    assert scenes(app) == [GameScene, TablePrompt]

    for _ in range(3):                                     # the same press: repeats, its text, its release
        down(pygame.K_4, "4")
        typed("4")
        app.step(1 / 60)
    up(pygame.K_4)
    app.step(1 / 60)
    assert state.decision == "place" and sum(state.cubes) == 0
    assert isinstance(app.top, TablePrompt)                # still asked, still shown

    down(pygame.K_4, "4")                                  # a new press answers it
    up(pygame.K_4)
    app.step(1 / 60)
    assert state.cubes[3 * 2] == 1                         # Chamber 4, the player's cube
    assert state.history[-1].kind == "place" and state.history[-1].subject == "Chamber 4"


def test_a_held_key_makes_one_pick_of_two_in_a_row(app):
    """Round 2: the first player picks twice in a row; holding 1 picks once."""
    SETTINGS.animation_speed = "instant"
    session = GameSession(GameConfig(seed=3, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("human")]))
    state = session.state
    while not (state.decision == "draft" and state.draft_pick == 5):
        session.apply(state.legal_actions()[0])
    session.hand_over()
    assert state.current_player == 0
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    assert isinstance(app.top, DraftScene)
    down(pygame.K_1, "1")
    app.step(1 / 60)
    assert state.draft_pick == 6 and state.decision == "draft" and state.current_player == 0
    run_until(app, lambda: isinstance(app.top, DraftScene) and not game.anim.busy)
    down(pygame.K_1, "1")                                  # the key repeats
    app.step(1 / 60)
    app.step(1 / 60)
    assert state.draft_pick == 6
    up(pygame.K_1)
    down(pygame.K_1, "1")
    app.step(1 / 60)
    assert state.draft_pick > 6 and len(state.wonders[0]) == 4      # a new press picks (the last Wonder goes by itself)


def test_the_draft_panel_shows_only_while_a_wonder_is_picked(app):
    """A whole draft against the computer, the human picking the first Wonder offered (Curia Julia:
    a Conspiracy to keep and one to return) by key, every other decision by its first key."""
    SETTINGS.animation_speed = "instant"
    session = against_ai()
    state = session.state
    game = GameScene(session)
    app.push(game)
    lines = set()
    for _ in range(3000):
        app.step(1 / 60)
        stack = app.stack
        draft = next((s for s in stack if isinstance(s, DraftScene)), None)
        if draft is not None:
            assert state.decision == "draft", state.decision   # no other decision under the panel
            assert not any(isinstance(s, TablePrompt) for s in stack)
            lines.add(draft.message())
        if state.phase != "draft" and not game.anim.busy:
            break
        if session.human_to_act and not game.anim.busy and isinstance(app.top, (DraftScene, TablePrompt)):
            down(pygame.K_1, "1")
            up(pygame.K_1)
        time.sleep(0.002)
    assert state.phase == "play"
    assert len(state.wonders[0]) == len(state.wonders[1]) == 4
    assert t("draft.wait") not in lines                     # never "The draft is over." during the draft
    assert t("draft.your_pick") in lines


def test_undo_in_the_middle_of_knossos_reopens_the_draft(app):
    SETTINGS.animation_speed = "instant"
    session = against_ai()
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    down(pygame.K_4, "4")
    up(pygame.K_4)
    run_until(app, lambda: isinstance(app.top, TablePrompt))
    down(pygame.K_BACKSPACE)
    up(pygame.K_BACKSPACE)
    run_until(app, lambda: isinstance(app.top, DraftScene))
    assert session.state.decision == "draft" and scenes(app) == [GameScene, DraftScene]


def test_the_enter_that_opens_a_cards_actions_does_not_also_choose_one(app):
    """Enter on the focused card opens its actions; that press's repeats must not pick one."""
    from ui.scenes.card_actions import CardActionDialog
    SETTINGS.animation_speed = "instant"
    session = GameSession(GameConfig(seed=5, agora=False, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("human")]))
    state = session.state
    while state.phase == "draft":
        session.apply(state.legal_actions()[0])
    session.hand_over()
    game = GameScene(session)
    app.push(game)
    run_until(app, lambda: isinstance(app.top, GameScene) and not game.anim.busy)
    moves = len(state.history)
    down(pygame.K_RIGHT)
    up(pygame.K_RIGHT)
    app.step(1 / 60)
    down(pygame.K_RETURN, "\r")
    app.step(1 / 60)
    assert isinstance(app.top, CardActionDialog)
    for _ in range(4):                                     # Enter held: its repeats
        down(pygame.K_RETURN, "\r")
        app.step(1 / 60)
    assert isinstance(app.top, CardActionDialog) and len(state.history) == moves
    up(pygame.K_RETURN)
    down(pygame.K_RETURN, "\r")                            # a new press chooses the focused action
    up(pygame.K_RETURN)
    app.step(1 / 60)
    assert len(state.history) == moves + 1
