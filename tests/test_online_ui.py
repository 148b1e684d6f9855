"""Online play in the window, through the real scenes: the title menu's Play online, the
host and join screens, the waiting screen, the table of an online game to its end (the
record in the history), refusals said on the screen, and a window that comes back to its
seat with the stored token. Loopback only; every wait is bounded."""
import online_ui_support as support  # noqa: F401  (sets the environment first)

import pygame  # noqa: E402
import pytest  # noqa: E402

from net.server import BackgroundServer, Config  # noqa: E402
from online_ui_support import LOOPBACK, BotThread, no_error_screen, play_my_moves, step_until  # noqa: E402
from ui import i18n, saves, storage  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.settings import SETTINGS  # noqa: E402
from ui.table import online_link  # noqa: E402
from ui.table.session import CURRENT  # noqa: E402


@pytest.fixture
def app(tmp_path):
    i18n.set_language("en")
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    application = App((1280, 720), home=MenuScene)
    application.push(MenuScene())
    yield application
    application.close()
    online_link.stop_hosting()
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None


@pytest.fixture
def server(tmp_path):
    host = BackgroundServer(Config(data_dir=str(tmp_path / "server"), host=LOOPBACK, port=0))
    port = host.start()
    yield f"ws://{LOOPBACK}:{port}"
    host.stop()


def click(app, pos):
    app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def press(scene, label):
    button = next(b for b in scene.group.buttons if b.text == label)
    button.activate()


def open_online(app):
    menu = app.top
    press(menu, i18n.t("menu.online"))
    from ui.scenes.online_menu import OnlineMenuScene
    assert isinstance(app.top, OnlineMenuScene)
    return app.top


def test_host_a_game_from_the_title_menu_and_play_it_to_the_end(app):
    from ui.scenes.online_game import OnlineGameOverScene, OnlineGameScene
    from ui.scenes.online_host import OnlineHostScene
    from ui.scenes.online_wait import OnlineWaitScene
    online = open_online(app)
    online.field.text = "Ann"
    press(online, i18n.t("online.host"))
    host = app.top
    assert isinstance(host, OnlineHostScene)
    app.step(1 / 60)
    click(app, host.target_for("agora", "off"))
    click(app, host.target_for("first", "me"))
    assert host.create_options() == {"agora": False, "clock": 0, "seat": 0, "first": 0}
    online_link.DEFAULT_PORT, port = 0, online_link.DEFAULT_PORT     # any free port in the test
    try:
        press(host, i18n.t("online.host_start"))
    finally:
        online_link.DEFAULT_PORT = port
    wait = app.top
    assert isinstance(wait, OnlineWaitScene), host.problem
    assert step_until(app, lambda: wait.session.room is not None, 10), (wait.session.failure, [type(s).__name__ for s in app.stack])
    url = f"ws://{LOOPBACK}:{online_link.HOSTED['port']}"
    bot = BotThread(url, room=wait.session.room, name="Bob")
    assert step_until(app, lambda: isinstance(app.top, OnlineGameScene) or not isinstance(app.top, OnlineWaitScene), 10)
    game = next(s for s in app.stack if isinstance(s, OnlineGameScene))
    assert game.session.seat == 0 and game.session.state.current_player == 0      # "me" starts
    assert step_until(app, lambda: game.session.names[1] == "Bob", 5)
    done = step_until(app, lambda: isinstance(app.top, OnlineGameOverScene), 90, each=play_my_moves(app))
    bot.join()
    assert done and no_error_screen(app), [type(s).__name__ for s in app.stack]
    assert step_until(app, lambda: game.session.saved is not None, 5), (game.session.record is not None, game.session.pending, game.session.failure)
    assert bot.summary is not None and bot.summary["actions"] == len(game.session.saved.actions)
    assert game.session.state.is_terminal
    assert game.session.state.result.winner == bot.summary["winner"]
    saves.flush(5.0)
    db = saves.history()
    rows = db.page(0, 10)
    assert len(rows) == 1 and rows[0].mode == "online" and rows[0].you == 0
