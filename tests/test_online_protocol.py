"""The protocol's additions for the window's online play: the creator chooses who starts,
updates carry both names, and a take-back is asked by one seat and granted or refused by
the other (the position goes back exactly; a refusal or a move changes nothing)."""

import asyncio

from net_support import connect_pair, run, serving, url_of, local_views


async def _next(client, kind, timeout=5.0):
    async def wait():
        async for msg in client.messages():
            if msg["type"] == kind:
                return msg
    return await asyncio.wait_for(wait(), timeout)


def test_the_creator_chooses_who_starts_and_both_names_arrive(tmp_path):
    async def body():
        async with serving(tmp_path) as server:
            for first in (0, 1):
                from net.client import Client
                a, b = Client(url_of(server), "Ann"), Client(url_of(server), "Bob")
                joined = await a.create(agora=False, first=first)
                await b.join(joined["room"])
                update = await _next(a, "update")
                assert update["to_move"] == first
                assert update["names"] == ["Ann", "Bob"]
                await a.close()
                await b.close()
    run(body(), 20)


def test_a_take_back_granted_returns_to_the_position_before_the_askers_move(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: (11, 0)) as server:
            a, b = await connect_pair(url_of(server), agora=False)
            await _next(a, "update")
            await _next(b, "update")
            first = a.update["observation"]["legal_actions"][0]
            await a.act(first)
            await _next(a, "update")
            await _next(b, "update")
            assert a.seq == 1
            await a.ask_undo()
            request = await _next(b, "undo_request")
            assert request["seat"] == 0 and request["to_seq"] == 0
            await b.answer_undo(True)
            answer = await _next(a, "undo_answer")
            assert answer["accept"] is True
            update = await _next(a, "update")
            await _next(b, "update")
            assert update["seq"] == 0 and update["undo"] is None
            record = {"seed": 11, "agora": False, "first_player": 0, "actions": []}
            _, views = local_views(record, 0)
            assert update["observation"] == views[0][0]
            assert len(a.events) == views[0][1]        # the account is cut back too
            await a.close()
            await b.close()
    run(body(), 20)


def test_a_refused_take_back_or_one_asked_by_the_wrong_seat_changes_nothing(tmp_path):
    async def body():
        async with serving(tmp_path, seed_source=lambda: (12, 0)) as server:
            a, b = await connect_pair(url_of(server), agora=False)
            await _next(a, "update")
            await _next(b, "update")
            await b.ask_undo()
            assert (await _next(b, "error"))["code"] == "nothing_to_undo"
            await a.act(a.update["observation"]["legal_actions"][0])
            await _next(a, "update")
            await _next(b, "update")
            await a.ask_undo()
            await _next(b, "undo_request")
            await a.answer_undo(True)              # the asker cannot grant its own request
            assert (await _next(a, "error"))["code"] == "no_undo_request"
            await b.answer_undo(False)
            answer = await _next(a, "undo_answer")
            assert answer["accept"] is False
            update = await _next(a, "update")
            assert update["seq"] == 1 and update["undo"] is None
            await a.close()
            await b.close()
    run(body(), 20)
