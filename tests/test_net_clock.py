"""The server keeps time and presence: with a clock, only the seat that must decide spends
its time and a player out of time loses; a player whose opponent is away is told so and,
after the away limit (5 minutes by default; shortened here), may claim the win or keep
waiting. Either way both players receive the complete record, stored like any ending, and
every ending (a concession, a claim, a time loss) is the engine's: the record replays to
the same result anywhere."""

import asyncio

import pytest

from game import new_game
from game.savegame import replay_move
from net import protocol
from net_support import Raw, json_data, run, seated_pair, serving, url_of

GAME = (11, 0)          # seat 0 decides first
MINUTE = 0.05           # seconds per clock "minute": a 10-minute clock lasts 0.5 s


def replayed(record):
    """The record played again from its seed by the engine alone (as any program would)."""
    state = new_game(record["seed"], agora=record["agora"], first_player=record["first_player"])
    for i, (seat, text) in enumerate(record["actions"]):
        replay_move(state, i, seat, text)
    return state


_table = seated_pair


def test_only_the_deciding_seat_spends_time_and_running_out_loses(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, minute_seconds=MINUTE) as server:
            host, guest, update, joined = await _table(server, clock=10)
            start_clocks = update["clocks"], update["clock_running"]
            await host.send(protocol.action(0, update["observation"]["legal_actions"][0]))
            after = await host.recv_type("update")
            # Seat 1 must decide now and does nothing: its 0.5 s run out.
            over = await host.recv_type("over", timeout=5)
            over_guest = await guest.recv_type("over", timeout=5)
            stored = server.store.load(joined["room"])
            return start_clocks, after, over, over_guest, stored

    (clocks, running), after, over, over_guest, stored = run(body())
    assert running == 0 and clocks == [pytest.approx(0.5, abs=0.1)] * 2
    assert after["clock_running"] == 1
    assert after["clocks"][0] < 0.5 and after["clocks"][1] == pytest.approx(0.5, abs=0.05)
    assert over["result"]["winner"] == 0 and over["result"]["victory"] == "time"
    assert over_guest["result"] == over["result"]
    record = over["record"]
    assert record["summary"]["finished"] and record["summary"]["victory"] == "time"
    assert len(record["actions"]) >= 1 and record["seed"] == GAME[0]
    assert stored.outcome == over["result"]          # a restart serves the same ending
    assert record["actions"][-1] == [1, "timeout"]   # seat 1 ran out of time
    again = replayed(record)
    assert again.is_terminal and json_data(again.result.to_dict()) == over["result"]
    assert again.events[-1].kind == "game_over" and again.events[-1].get("victory") == "time"


def test_an_away_opponent_may_be_claimed_against_after_the_limit(tmp_path):
    """As Lichess rules it: the absence counts, and a claim is allowed, only while the
    absent player is the one to move (issue #44, point 3)."""
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, away_claim_seconds=1.0) as server:
            host, guest, update, joined = await _table(server)
            await guest.ws.close()                         # the guest's window closed
            away = await host.recv_type("presence")        # while the host is to move
            not_yet = await host.ask({"type": "claim"})
            await asyncio.sleep(1.2)                       # past the limit, still the host's turn
            still_not = await host.ask({"type": "claim"})
            await host.send(protocol.action(0, update["observation"]["legal_actions"][0]))
            await host.recv_type("update")
            counting = await host.recv_type("presence")    # now the absent guest is to move
            early = await host.ask({"type": "claim"})
            ready = await host.recv_type("presence", timeout=5)     # the limit has passed
            await host.send({"type": "claim"})
            final = await host.recv_type("update")
            over = await host.recv_type("over")
            return away, not_yet, still_not, counting, early, ready, final, over

    away, not_yet, still_not, counting, early, ready, final, over = run(body())
    assert away["seat"] == 1 and away["connected"] is False
    assert away["claim_in"] is None and away["away_seconds"] == 0
    assert not_yet["code"] == still_not["code"] == "opponent_not_to_move"
    assert counting["connected"] is False and counting["claim_in"] == pytest.approx(1.0, abs=0.2)
    assert early["code"] == "claim_too_early" and 0 < early["seconds_left"] <= 1.0
    assert ready["connected"] is False and ready["claim_in"] == 0
    assert final["over"] and final["to_move"] is None
    assert "legal_actions" not in final["observation"]
    assert over["result"]["winner"] == 0 and over["result"]["victory"] == "forfeit"
    assert over["record"]["summary"]["victory"] == "forfeit"
    assert over["record"]["actions"][-1] == [1, "abandon"]     # the absent seat 1 forfeits
    again = replayed(over["record"])
    assert again.is_terminal and json_data(again.result.to_dict()) == over["result"]


def test_the_absent_player_gets_the_ending_when_it_returns(tmp_path):
    from net.client import Client

    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, away_claim_seconds=0.2) as server:
            a = Client(url_of(server), "A")
            b = Client(url_of(server), "B")
            joined = await a.create(agora=False)
            await b.join(joined["room"])
            room, token = b.room, b.token
            await b.close()
            async for msg in a.messages():
                if msg["type"] == "update" and msg["to_move"] == a.seat:
                    await a.act(msg["observation"]["legal_actions"][0])
                if msg["type"] == "presence" and msg["claim_in"] == 0:
                    await a.claim()
            back = Client(url_of(server), "B again")
            await back.resume(room, token)
            async for msg in back.messages():
                pass
            return a, back

    a, back = run(body())
    assert a.result["victory"] == "forfeit" and a.result["winner"] == 0
    assert back.result == a.result and back.record == a.record


def test_conceding_ends_the_game_through_the_engine(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            await guest.send({"type": "concede"})          # not the seat to move: allowed
            over = await host.recv_type("over")
            return over

    over = run(body())
    assert over["result"]["winner"] == 0 and over["result"]["victory"] == "concession"
    assert over["record"]["actions"][-1] == [1, "concede"]
    assert json_data(replayed(over["record"]).result.to_dict()) == over["result"]


def test_a_player_cannot_send_the_servers_own_endings_as_an_action(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME) as server:
            host, guest, update, joined = await _table(server)
            replies = [await host.ask(protocol.action(0, text)) for text in ("timeout", "Abandon")]
            room = server.rooms.get(joined["room"])
            return replies, room.over, len(room.actions)

    replies, over, count = run(body())
    assert [r["code"] for r in replies] == ["illegal_action"] * 2
    assert not over and count == 0



def test_a_player_who_comes_back_is_told_how_its_absent_opponent_stands(tmp_path):
    """Both gone; the host comes back while the guest is to move: a presence says how long
    until a claim (the count runs while the absent guest is the one to move)."""
    async def body():
        async with serving(tmp_path, seed_source=lambda: GAME, away_claim_seconds=30) as server:
            host, guest, update, joined = await _table(server)
            await host.send(protocol.action(0, update["observation"]["legal_actions"][0]))
            await host.recv_type("update")
            await guest.ws.close()
            await host.recv_type("presence")
            await host.ws.close()
            await asyncio.sleep(0.3)
            back = await Raw.open(url_of(server))
            await back.send(protocol.resume(joined["room"], joined["token"]))
            presence = await back.recv_type("presence")
            return presence

    presence = run(body())
    assert presence["seat"] == 1 and presence["connected"] is False
    assert 29 < presence["claim_in"] <= 30 and presence["away_seconds"] > 0.2
