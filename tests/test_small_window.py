"""The table in the window a 1280x720 screen gets (ui/draw/window_fit.py): every label on it is
whole — a line a little too long is set smaller or condensed, never cut with "…"."""
import random

import pytest

from ui.draw import fonts
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup
from ui.draw.window_fit import choose_window_size, room_on


@pytest.fixture
def data(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    yield tmp_path
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None
    i18n.set_language("en")


def drawn(app) -> list[str]:
    seen: list[str] = []
    fonts.clear_caches()
    fonts.RENDER_HOOK = seen.append
    try:
        app.step(1 / 60)
    finally:
        fonts.RENDER_HOOK = None
    return seen


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("agora", [True, False])
def test_no_label_on_the_table_is_cut_in_the_window_of_a_small_screen(data, lang, agora):
    size = choose_window_size(room_on((1280, 720)), None)
    assert size[0] < 1280 and size[1] < 720            # smaller than the design's smallest size
    i18n.set_language(lang)
    app = App(size, home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=11, agora=agora, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
        rng = random.Random(3)
        state = session.state
        while len(state.history) < 40 or state.current_player != 0:    # well into Age I or II
            session.apply(rng.choice(state.legal_actions()))
        app.push(GameScene(session))
        for _ in range(3):
            app.step(1 / 60)
        cut = [s for s in drawn(app) if s.rstrip().endswith("…")]
        assert not cut, cut
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_to_move_tag_never_covers_a_two_digit_coin_figure(data, size):
    from ui.table import paint
    i18n.set_language("en")
    app = App(size, home=MenuScene)
    try:
        session = GameSession(GameConfig(seed=11, agora=True, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
        state = session.state
        while state.phase == "draft" or state.current_player != 0:
            session.apply(state.legal_actions()[0])
        state.coins[0] = 49
        app.push(GameScene(session))
        for _ in range(3):
            app.step(1 / 60)
        boxes = []
        paint.BOX_HOOK = lambda value, rect, px: boxes.append((value, rect))
        try:
            app.step(1 / 60)
        finally:
            paint.BOX_HOOK = None
        figure = next(r for v, r in boxes if v == "49")
        tag = next(r for v, r in boxes if v == "To move")
        assert not figure.colliderect(tag), (figure, tag)
        assert tag.left > figure.right
    finally:
        app.close()
