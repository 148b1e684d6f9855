"""Take-backs online (issue #44, points 11 and 12, the server's side): the request names the
move that would go back; no take-back crosses a moment that showed the asker something
hidden (game.takeback); a refused request cannot be asked again at the same position; and
nobody's clock runs while a request waits for its answer."""

import asyncio

import pytest

from game import new_game
from game.takeback import reveals_to
from net import protocol
from net_support import run, seated_pair, serving

GAME = (11, 0)        # seat 0 moves first


async def _table(server, clock=0):
    host, guest, update, joined = await seated_pair(server, clock)
    return {0: host, 1: guest}, update, joined


async def _move(clients, update):
    """The seat to move plays its first legal action; returns the update that holds the
    next decision (both clients read their update)."""
    seat = update["to_move"]
    await clients[seat].send(protocol.action(update["seq"],
                                             update["observation"]["legal_actions"][0]))
    seen = {}
    for s in (seat, 1 - seat):            # skipping what each client had not read yet
        seen[s] = await clients[s].recv_type("update")
        while seen[s]["seq"] != update["seq"] + 1:
            seen[s] = await clients[s].recv_type("update")
    return seen[seen[seat]["to_move"]] if seen[seat]["to_move"] is not None else seen[seat]


def _first_reveal():
    """Playing first legal actions from GAME: the index of the first action whose events
    showed its own player something hidden, and that player."""
    state = new_game(GAME[0], agora=False, first_player=GAME[1])
    for index in range(200):
        action = state.legal_actions()[0]
        events = state.apply(action)
        if any(reveals_to(e, action.player) for e in events):
            return index, action.player
    raise AssertionError("nothing was revealed")


def test_the_request_names_the_move_that_would_go_back(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            clients, update, joined = await _table(server)
            first = update["observation"]["legal_actions"][0]
            update = await _move(clients, update)
            await clients[0].send(protocol.undo(update["seq"]))
            request = await clients[1].recv_type("undo_request")
            shown = await clients[1].recv_type("update")
            return first, request, shown

    first, request, shown = run(body())
    assert (request["seat"], request["to_seq"], request["seq"]) == (0, 0, 1)
    assert request["move"] == first
    assert shown["undo"] == {"seat": 0, "to_seq": 0, "seq": 1, "move": first}


def test_a_take_back_never_crosses_a_reveal_the_asker_saw(tmp_path):
    index, asker = _first_reveal()

    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            clients, update, joined = await _table(server)
            while update["seq"] <= index:
                update = await _move(clients, update)
            room = server.rooms.get(joined["room"])
            before = [list(a) for a in room.actions]
            refused = await clients[asker].ask(protocol.undo(update["seq"]))
            return refused, before, [list(a) for a in room.actions], room.undo_request

    refused, before, after, waiting = run(body())
    assert refused["type"] == "error" and refused["code"] == "undo_crosses_reveal", refused
    assert refused["floor"] == index + 1 and refused["to_seq"] <= index
    assert after == before and waiting is None


def test_a_refused_request_cannot_be_asked_again_at_the_same_position(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            clients, update, joined = await _table(server)
            update = await _move(clients, update)                  # seat 0 drafts
            await clients[0].send(protocol.undo(update["seq"]))
            await clients[1].recv_type("undo_request")
            await clients[1].send(protocol.undo_answer(False))
            await clients[0].recv_type("undo_answer")
            await clients[0].send(protocol.undo(update["seq"]))
            again = await clients[0].recv_type("error")
            # The guest moves: at the new position the host may ask again.
            update = await clients[1].recv_type("update")
            while update["undo"] is not None:          # the update after the refusal
                update = await clients[1].recv_type("update")
            update = await _move(clients, update)
            await clients[0].send(protocol.undo(update["seq"]))
            later = await clients[1].recv_type("undo_request")
            return again, later, update

    again, later, update = run(body())
    assert again["code"] == "undo_already_refused" and again["seq"] == 1
    assert later["seq"] == update["seq"] == 2 and later["to_seq"] == 0


def test_no_clock_runs_while_a_take_back_request_waits(tmp_path):
    minute = 0.5                     # a 10-minute clock lasts 5 s

    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, minute_seconds=minute) as server:
            clients, update, joined = await _table(server, clock=10)
            update = await _move(clients, update)          # seat 1's clock runs now
            await clients[0].send(protocol.undo(update["seq"]))
            await clients[1].recv_type("undo_request")
            paused = await clients[1].recv_type("update")
            await asyncio.sleep(1.0)                      # the guest thinks it over
            await clients[1].send(protocol.undo_answer(False))
            await clients[1].recv_type("undo_answer")
            resumed = await clients[1].recv_type("update")
            # Asked again later and granted: the asker's clock did not run meanwhile either.
            update = await _move(clients, resumed)         # seat 1 drafts (and again next)
            await clients[1].send(protocol.undo(update["seq"]))
            await clients[0].recv_type("undo_request")
            second_pause = await clients[0].recv_type("update")
            await asyncio.sleep(1.0)
            await clients[0].send(protocol.undo_answer(True))
            await clients[0].recv_type("undo_answer")
            back = await clients[0].recv_type("update")
            return update, paused, resumed, second_pause, back

    update, paused, resumed, second_pause, back = run(body(), 30)
    assert paused["clock_running"] is None and paused["undo"]["seat"] == 0
    assert resumed["clock_running"] == 1 and resumed["undo"] is None
    # One second of waiting was charged to nobody.
    assert resumed["clocks"][1] == pytest.approx(paused["clocks"][1], abs=0.15)
    assert resumed["clocks"][0] == pytest.approx(paused["clocks"][0], abs=0.01)
    assert second_pause["clock_running"] is None
    assert back["clocks"][0] == pytest.approx(second_pause["clocks"][0], abs=0.15)
    assert back["clocks"][1] == pytest.approx(second_pause["clocks"][1], abs=0.15)
    assert back["clock_running"] == back["to_move"] == 1 and back["seq"] < update["seq"]


def test_the_servers_floors_are_game_takebacks():
    """The referee keeps each seat's floor as actions are played; it is exactly what
    game.takeback computes from the start (the window uses that one)."""
    import random
    from game.takeback import takeback_floor
    from net import referee
    from net.rooms import Room

    for agora, seed in ((False, 3), (True, 4)):
        state = new_game(seed, agora=agora, first_player=0)
        rng = random.Random(seed)
        room = Room(code="LOCAL", agora=agora, seed=seed, first_player=0)
        room.state = referee.build_state(room)
        room.tokens = ["x", "y"]
        checked = 0
        while not state.is_terminal and len(room.actions) < 60:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            referee.apply(room, room.state.parse_action(str(action)))
            for seat in (0, 1):
                expected = takeback_floor(new_game(seed, agora=agora, first_player=0),
                                          room.actions, seat)
                assert referee.takeback_floor(room, seat) == expected
                checked += 1
        rebuilt = Room(code="LOCAL", agora=agora, seed=seed, first_player=0,
                       actions=[list(a) for a in room.actions])
        referee.build_state(rebuilt)
        assert rebuilt.floors == room.floors and checked >= 60


def test_a_waiting_request_is_withdrawn_when_the_player_to_answer_leaves(tmp_path):
    """Otherwise the clocks stand still, and the asker waits, for as long as the absence lasts."""
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, minute_seconds=0.5) as server:
            clients, update, joined = await _table(server, clock=10)
            update = await _move(clients, update)                  # seat 0 drafts
            await clients[0].send(protocol.undo(update["seq"]))
            await clients[1].recv_type("undo_request")
            await clients[0].recv_type("update")                   # the clocks stopped
            await clients[1].close()                               # the guest's window is gone
            withdrawn = await clients[0].recv_type("undo_answer")
            after = await clients[0].recv_type("update")
            room = server.rooms.get(joined["room"])
            return withdrawn, after, room.undo_request, set(room.undo_refused)

    withdrawn, after, waiting, refused = run(body(), 20)
    assert withdrawn["withdrawn"] is True and withdrawn["accept"] is False and withdrawn["seat"] == 1
    assert waiting is None and after["undo"] is None
    assert after["clock_running"] == after["to_move"] == 1         # the absent seat's clock runs
    assert refused == set()                                        # may be asked again later
