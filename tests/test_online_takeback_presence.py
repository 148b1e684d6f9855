"""The online table's take-backs, clocks and absences (#44 points 11-13, 15), against the
server's messages written by the test (tests/online_fake.py): with the fields a newer server
sends (`move`, `undo_crosses_reveal`, `undo_already_refused`, a presence whose `claim_in` is
null) and without them (today's server)."""
import pytest

from online_fake import FakeRoom
from ui.scenes.menu import MenuScene
from ui.scenes.online_game import OnlineGameScene, UndoQuestion
from ui.text import i18n
from ui.text.names import display_name


def at_table(app, session):
    app.push(MenuScene())
    game = OnlineGameScene(session)
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    return game


def step(app, n=3):
    for _ in range(n):
        app.step(1 / 60)


def my_first_pick(room, session):
    """The opponent (seat 0) drafts, then the window drafts once: it has a move to take back."""
    room.play(0)
    session.poll()
    session.advance()
    session.apply(session.state.legal_actions()[0])
    room.window_acts()
    session.poll()
    session.advance()
    assert session.actor == 1 and session.seq == 2


# --- 12. the question names the move; a refusal is final at that position ----------------------

@pytest.mark.parametrize("with_move", [True, False])
def test_the_take_back_question_names_the_move_that_goes_back(app, with_move):
    room = FakeRoom(seat=1)
    session = room.session()
    room.play(0)
    game = at_table(app, session)
    move = room.room.actions[0][1]                    # "draft <Wonder>"
    request = {"type": "undo_request", "seat": 0, "to_seq": 0, "seq": 1}
    if with_move:
        request["move"] = move
    room.send(request)
    step(app, 4)
    assert isinstance(app.top, UndoQuestion)
    wonder = display_name(move.split(" ", 1)[1])
    assert "Ann" in app.top.body and wonder in app.top.body
    assert app.top.body == i18n.t("online.undo.question_move", who="Ann", move=i18n.t("insight.move.draft", name=wonder))
    assert game is not None


def test_after_a_refusal_the_same_position_cannot_be_asked_again(app):
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    game = at_table(app, session)
    assert session.can_undo
    assert game.request_undo() and ("ask_undo",) in room.link.calls
    room.send({"type": "undo_request", "seat": 1, "to_seq": 1, "seq": 2, "move": room.room.actions[1][1]})
    room.send({"type": "undo_answer", "seat": 0, "accept": False, "to_seq": 1})
    step(app)
    assert session.undo_refused and not session.can_undo
    assert game.notice_line() == i18n.t("online.undo.refused", who="Ann")     # also over a prompt
    why = i18n.t("takeback.blocked.refused", who="Ann")
    assert session.undo_unavailable() == why
    calls = len(room.link.calls)
    game.click(game.undo_rect().center)               # the control is off, and says why
    assert len(room.link.calls) == calls and game._status_text() == why
    # the refusal holds for that position only (here the next one has the second round of
    # Wonders turned up: that is the reason then)
    session.apply(session.state.legal_actions()[0])
    room.window_acts()
    session.poll()
    session.advance()
    assert session.seq == 3 and session.undo_unavailable() == i18n.t("takeback.blocked.reveal")


def test_a_request_withdrawn_because_a_player_left_is_not_a_refusal(app):
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    at_table(app, session)
    room.send({"type": "undo_request", "seat": 1, "to_seq": 1, "seq": 2, "move": room.room.actions[1][1]})
    room.send({"type": "undo_answer", "seat": 0, "accept": False, "to_seq": 1, "withdrawn": True})
    step(app)
    assert not session.undo_refused and session.undo_request is None
    assert session.undo_unavailable() != i18n.t("takeback.blocked.refused", who="Ann")


@pytest.mark.parametrize("code, key", [("undo_already_refused", "online.error.undo_already_refused"),
                                       ("undo_crosses_reveal", "online.error.undo_crosses_reveal")])
def test_the_servers_refusals_of_a_take_back_are_said_and_the_control_goes_off(app, code, key):
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    game = at_table(app, session)
    assert game.request_undo()
    room.send({"type": "error", "code": code, "message": "no", "in_reply_to": "undo"})
    step(app)
    assert game._status_text() == i18n.t(key, who="Ann")
    assert not session.can_undo and session.undo_unavailable()


def test_a_take_back_is_not_asked_across_a_card_the_window_saw_turned_up():
    room = FakeRoom(seat=1, seed=3)
    session = room.session()
    from game.takeback import reveals_to
    # play until the window's own move turned something up for it
    for _ in range(200):
        if room.room.state.current_player == 1:
            session.poll()
            while session.advance():
                pass
            before = len(room.room.state.events)
            session.apply(session.state.legal_actions()[0])
            room.window_acts()
            session.poll()
            while session.advance():
                pass
            shown = room.room.state.events_for(1, before)
            if room.room.state.phase == "play" and any(reveals_to(e, 1) for e in shown) \
                    and room.room.state.current_player == 0:
                break
        else:
            room.play(0)
    else:
        raise AssertionError("no revealing move")
    assert not session.can_undo and not session.undo()
    assert ("ask_undo",) not in room.link.calls
    assert session.undo_unavailable() == i18n.t("takeback.blocked.reveal")


# --- 13. the clocks show what the server says -------------------------------------------------

def test_a_lost_connection_stops_the_shown_clock_at_what_the_server_said_last():
    room = FakeRoom(seat=1, clock=10)
    session = room.session()
    assert session.update["clock_running"] == 0 and session.clock_left(0) == pytest.approx(600, abs=1)
    session.update_time -= 66                          # 66 s since the server's update
    assert session.clock_left(0) == pytest.approx(534, abs=1)
    room.send({"type": "connection", "status": "lost"})
    session.poll()
    assert session.clock_left(0) == 600                # the host's window gone: no guessing
    room.send({"type": "connection", "status": "restored"})
    room.send(room.update())
    session.poll()
    assert session.connection == "ok"


def test_while_a_take_back_request_waits_no_clock_runs_on_the_table():
    room = FakeRoom(seat=1, clock=10)
    session = room.session()
    room.send(room.update(clock_running=None, undo={"seat": 0, "to_seq": 0, "seq": 0}))
    session.poll()
    session.update_time -= 47
    assert session.clock_left(0) == 600 and session.clock_left(1) == 600


# --- 15. presence -------------------------------------------------------------------------------

def test_a_disconnected_opponent_is_said_first_with_the_time_before_a_claim(app):
    room = FakeRoom(seat=1)
    session = room.session()
    room.play(0)
    game = at_table(app, session)
    # the window is to move: Ann's absence does not count yet (a newer server says so)
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 2.0, "claim_in": None})
    step(app)
    assert game.away_line() == i18n.t("online.away.waiting_later", who="Ann")
    assert not game.claim_available()
    # once it counts
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 4.0, "claim_in": 298.0})
    step(app)
    assert game.away_line() == i18n.t("online.away.waiting", who="Ann", left="4:58")
    assert not game.claim_available()
    room.send({"type": "presence", "seat": 0, "connected": True, "away_seconds": None, "claim_in": None})
    step(app)
    assert game.away_line() is None


def test_the_status_line_says_the_opponent_is_gone_not_deciding(app):
    room = FakeRoom(seat=1)
    session = room.session()
    game = at_table(app, session)
    assert session.actor == 0
    assert game._status_text() == i18n.t("online.status.opponent", who="Ann")
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 1.0, "claim_in": 299.0})
    step(app)
    assert game._status_text() == i18n.t("online.status.away", who="Ann")


def test_a_take_back_request_to_an_absent_player_says_so(app):
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    game = at_table(app, session)
    assert game.request_undo()                            # asked; then Ann leaves
    room.send({"type": "undo_request", "seat": 1, "to_seq": 1, "seq": 2})
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 1.0, "claim_in": None})
    step(app)
    game.note = (None, None)
    assert game._status_text() == i18n.t("takeback.blocked.away", who="Ann")


def test_no_take_back_is_asked_of_an_absent_player(app):
    """It would hold the window's own move until Ann is back: the control says so instead."""
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    game = at_table(app, session)
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 1.0, "claim_in": None})
    step(app)
    assert not session.can_undo and not game.request_undo()
    assert ("ask_undo",) not in room.link.calls
    assert game._status_text() == i18n.t("takeback.blocked.absent", who="Ann")
    room.send({"type": "presence", "seat": 0, "connected": True, "away_seconds": None, "claim_in": None})
    step(app)
    assert session.can_undo


def test_the_guest_is_told_the_host_must_open_the_game_again(app, monkeypatch):
    room = FakeRoom(seat=1, ticket_for=("ws://127.0.0.1:8765", None))
    session = room.session()
    game = at_table(app, session)
    room.send({"type": "connection", "status": "lost"})
    step(app)
    session.lost_since -= 10                          # ten seconds without the host
    assert game.away_line() == i18n.t("online.link.host_gone", who="Ann")
    assert game._status_text() == i18n.t("online.link.host_gone", who="Ann")


def test_the_host_itself_is_not_told_to_reopen_its_own_window(app):
    room = FakeRoom(seat=0, ticket_for=("ws://127.0.0.1:8765", 8765), first=1)
    session = room.session("Ann")
    game = at_table(app, session)
    room.send({"type": "connection", "status": "lost"})
    step(app)
    session.lost_since -= 10
    assert game.away_line() is None


def test_a_refusal_is_forgotten_once_the_game_goes_back_before_it(app):
    room = FakeRoom(seat=1)
    session = room.session()
    my_first_pick(room, session)
    session.undo()
    room.send({"type": "undo_request", "seat": 1, "to_seq": 1, "seq": 2})
    room.send({"type": "undo_answer", "seat": 0, "accept": False, "to_seq": 1})
    session.poll()
    assert not session.can_undo
    room.take_back(1)                   # later the game went back before that position
    session.poll()
    while session.advance():
        pass
    session.apply(session.state.legal_actions()[-1])     # another pick: another line of play
    room.window_acts()
    session.poll()
    while session.advance():
        pass
    assert session.seq == 2 and session.can_undo


def test_the_claim_starts_counting_once_the_absent_opponent_is_to_move(app):
    room = FakeRoom(seat=1)
    session = room.session()
    room.play(0)
    game = at_table(app, session)
    assert session.actor == 1
    room.send({"type": "presence", "seat": 0, "connected": False, "away_seconds": 3.0, "claim_in": None})
    step(app)
    assert session.claim_in() is None
    while room.room.state.current_player == 1:          # the window's picks ...
        step(app, 6)
        session.apply(session.state.legal_actions()[0])
        room.window_acts()
    # ... and Ann, still away, is to move: an older server sends no presence, the update says it
    room.send(room.update(away=[40.0, None]))
    step(app, 6)
    assert session.latest.current_player == 0
    assert session.claim_in() is not None and session.claim_in() == pytest.approx(260, abs=2)
    assert game.away_line() == i18n.t("online.away.waiting", who="Ann", left="4:20")
