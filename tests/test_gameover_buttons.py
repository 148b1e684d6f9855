"""The game-over screen's row of buttons (#47 point 9): every label is set at the same size —
"View the table" no smaller than the others — in both languages, at 1280x720, with the row
inside the window and no button over another."""
import random

import pytest

from ui.draw import fonts
from ui.scenes.game import GameScene
from ui.scenes.gameover import GameOverScene
from ui.scenes.menu import MenuScene
from ui.table.session import GameConfig, GameSession, SeatSetup
from ui.text import i18n


def label_px(button, layout):
    """The size the button sets its label at (ui/draw/widgets.Button._draw_label)."""
    room = max(1, button.rect.w - layout.px(74))
    return fonts.fit_px(button.text, layout.px(button.text_size), room, bold=True, min_ratio=0.55)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_view_the_table_is_set_as_large_as_the_other_buttons(app, lang):
    i18n.set_language(lang)
    session = GameSession(GameConfig(seed=12, first="me", seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    rng = random.Random(12)
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    over = GameOverScene(game)
    app.push(over)
    app.step(1 / 60)
    layout = over.layout
    sizes = {b.text: label_px(b, layout) for b in over.group.buttons}
    assert i18n.t("over.view_table") in sizes
    assert len(set(sizes.values())) == 1, sizes
    assert set(sizes.values()) == {layout.px(20)}
    rects = [b.rect for b in over.group.buttons]
    screen = app.screen.get_rect()
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    over.draw(app.screen)
