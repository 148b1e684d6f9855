"""How an online game's end reads (#44 point 16): the end screen of a game lost or won on time
or by forfeit speaks from this seat's side and names the other player; an online game's
replay shows the names and opens from the seat played here; the Saved games list gives this
seat's score first."""

import pytest

from net import referee
from online_fake import FakeRoom
from online_ui_support import online_record
from ui.files import saves
from ui.scenes import gameover
from ui.scenes.menu import MenuScene
from ui.scenes.online_game import OnlineGameOverScene, OnlineGameScene
from ui.text import i18n


def ended(room, winner, victory):
    """The server ends the game (a clock ran out, a claim): the update and the record arrive."""
    referee.end_by_server(room.room, winner, victory, now=0.0)
    room.send(room.update())
    room.send({"type": "over", "room": room.room.code, "result": room.room.outcome,
               "record": referee.record(room.room)})


def drawn_words(app, scene, monkeypatch):
    words = []
    real = gameover.text
    monkeypatch.setattr(gameover, "text", lambda s, L, line, *a, **k: (words.append(line), real(s, L, line, *a, **k))[1])
    scene.draw(app.screen)
    monkeypatch.undo()
    return words


@pytest.mark.parametrize("seat, victory, key, params", [
    (1, "time", "online.over.lost.time", {"winner": "Ann"}),
    (1, "forfeit", "online.over.lost.forfeit", {"winner": "Ann"}),
    (0, "time", "online.over.won.time", {"loser": "Bob"}),
])
def test_the_end_screen_of_a_game_lost_on_time_speaks_to_this_seat(app, monkeypatch, seat, victory, key, params):
    room = FakeRoom(seat=seat, clock=10, names=("Ann", "Bob"))
    session = room.session("Ann" if seat == 0 else "Bob")
    app.push(MenuScene())
    game = OnlineGameScene(session)
    app.push(game)
    ended(room, 0, victory)
    for _ in range(20):
        app.step(1 / 60)
        if isinstance(app.top, OnlineGameOverScene):
            break
    assert isinstance(app.top, OnlineGameOverScene)
    words = drawn_words(app, app.top, monkeypatch)
    assert i18n.t(key, **params) in words
    assert i18n.t(f"victory.long.{victory}") not in words
    if (seat, victory) == (1, "time"):
        assert i18n.t(key, **params) == "Your time ran out — Ann wins on time"


def test_an_online_replay_shows_the_names_and_opens_from_the_seat_played(app):
    from ui.scenes.replay import ReplayScene
    saved, _ = online_record(33, you=1)
    replay = ReplayScene(saved, step=0)
    session = replay.session
    assert session.viewer == 1 and session.secret_seat == 1
    assert session.name(0) == "Bob" and session.name(1) == i18n.t("who.you")
    assert i18n.t("who.player", n=1) not in [session.name(0), session.name(1)]


def test_the_saved_games_list_gives_this_seats_score_first(app):
    from ui.scenes.load import details_of, row_details
    saved, _ = online_record(35, you=1)
    scores = saved.summary["scores"]
    assert scores[0] != scores[1]
    mine = i18n.t("saves.score", a=scores[1], b=scores[0])
    assert mine in details_of(saved)
    saves.game_over(None, saved)
    assert saves.flush(10.0)
    row = saves.history().page(0, 5, mode="online")[0]
    assert row.you == 1 and mine in row_details(row)
