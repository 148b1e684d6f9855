"""Ways back to an online game, and what leaving one means (#44 points 13-14): after a crash the
title screen's Continue returns to the online game that waits; the pause menu says what is
true in an online game (it goes on, its clock too) and in a lesson; leaving a game with a
clock for the main menu says that the clock keeps running."""


from online_fake import FakeRoom
from ui.scenes.menu import MenuScene
from ui.scenes.online_game import OnlineGameScene
from ui.scenes.pause import PauseScene
from ui.text import i18n


def button(scene, label):
    return next(b for b in scene.group.buttons if b.text == label)


def test_after_a_crash_continue_returns_to_the_online_game_that_waits(app):
    from ui.scenes.online_wait import OnlineWaitScene
    from ui.table.online_session import Ticket, forget_ticket, save_ticket
    save_ticket(Ticket("ws://127.0.0.1:9", "K7QF3M", "secret", 1, "Bob"))
    try:
        menu = MenuScene()
        app.push(menu)
        app.step(1 / 60)
        cont = button(menu, i18n.t("menu.continue"))
        assert cont.enabled and cont.description == i18n.t("online.continue", room="K7QF3M")
        cont.activate()
        app.step(1 / 60)
        assert isinstance(app.top, OnlineWaitScene) and app.top.how == "rejoin"
        assert app.top.session.link.how == ("resume", "K7QF3M", "secret")
        app.top.session.close()
        app.pop()
    finally:
        forget_ticket()
    app.step(1 / 60)                                    # back on the title screen: nothing waits now
    assert app.top is menu and not button(menu, i18n.t("menu.continue")).enabled


def online_table(app, clock):
    room = FakeRoom(seat=1, clock=clock)
    session = room.session()
    app.push(MenuScene())
    game = OnlineGameScene(session)
    app.push(game)
    app.step(1 / 60)
    return room, game


def test_the_pause_menu_of_an_online_game_says_it_goes_on_and_its_clock_too(app):
    from ui.scenes.pause import coming_back
    _, game = online_table(app, clock=10)
    assert coming_back(game) == i18n.t("online.pause.hint_clock")
    assert coming_back(game) != i18n.t("pause.hint")
    _, untimed = online_table(app, clock=0)
    assert coming_back(untimed) == i18n.t("online.pause.hint")


def test_the_pause_menu_of_a_lesson_says_where_to_take_it_up_again(app):
    from game.lesson import lesson_ids, load_lesson
    from ui.scenes.pause import coming_back
    from ui.scenes.tutorial import TutorialScene
    lesson = TutorialScene(load_lesson(lesson_ids()[0]))
    assert coming_back(lesson) == i18n.t("pause.hint_lesson")
    assert coming_back(lesson) != i18n.t("pause.hint")


def test_leaving_an_online_game_with_a_clock_says_the_clock_keeps_running(app):
    from ui.scenes.dialog import DialogScene
    room, game = online_table(app, clock=10)
    pause = PauseScene(game)
    app.push(pause)
    app.step(1 / 60)
    button(pause, i18n.t("pause.menu")).activate()
    app.step(1 / 60)
    assert isinstance(app.top, DialogScene)
    assert app.top.body == i18n.t("online.pause.leave_body", time="5:00", who="Ann")
    button(app.top, i18n.t("online.pause.stay")).activate()
    app.step(1 / 60)
    assert app.top is pause and game in app.stack
    button(pause, i18n.t("pause.menu")).activate()
    app.step(1 / 60)
    button(app.top, i18n.t("online.pause.leave")).activate()
    app.step(1 / 60)
    assert game not in app.stack and isinstance(app.top, MenuScene)
    assert room.link.closed

