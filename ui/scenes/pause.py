"""The pause menu (Esc during a game): resume, rules, settings, concede, main menu, quit.

Concede (with a confirmation) ends the game as a loss by concession for the person at the
screen: the human against the computer, in hot-seat the seat that has the screen. It is an
engine action (game.actions.concede), so the save, the log and the game-over screen tell it.
"""
from __future__ import annotations

import pygame

from ui.draw import art as ui_art
from ui.draw import theme
from ui.text.i18n import t
from game.actions import concede
from ui.scenes.dialog import DialogScene, concede_confirmation, quit_confirmation
from ui.scenes.overlay import TableOverlay
from ui.table.paint import text
from ui.draw.widgets import Button, ButtonGroup, draw_panel


class PauseScene(TableOverlay):
    pauses_game = True

    def __init__(self, game) -> None:
        super().__init__(game)
        self._build()

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _build(self) -> None:
        buttons = [
            Button(t("pause.resume"), self.close, text_size=22),
            Button(t("menu.rules"), self._rules, text_size=22),
            Button(t("menu.settings"), self._settings, text_size=22),
            Button(t("pause.menu"), self._menu, text_size=22),
            Button(t("menu.quit"), self._quit, text_size=22),
        ]
        if conceding_seat(self.game.session) is not None:
            buttons.insert(3, Button(t("concede.button"), self._concede, text_size=22))
        self.group = ButtonGroup(buttons)

    def _rules(self) -> None:
        from ui.scenes.rules import RulesScene
        self.app.push(RulesScene())

    def _settings(self) -> None:
        from ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene())

    def _concede(self) -> None:
        session = self.game.session
        seat = conceding_seat(session)
        if seat is None:
            return
        if session.mode == "hotseat":
            dialog = concede_confirmation(self._concede_now, session.name(seat), session.name(1 - seat))
        else:
            dialog = concede_confirmation(self._concede_now)
        self.app.push(dialog)

    def _concede_now(self) -> None:
        """Confirmed: everything over the table closes and the seat concedes."""
        game, app = self.game, self.app
        seat = conceding_seat(game.session)
        if seat is None or app is None or game not in app.stack:
            return
        while app.top is not game:        # this menu, the dialog, a decision's prompt, the draft, the hand-over
            app.pop()
        game.anim.finish()                # a move still being shown lands first
        game.session.cancel_ai(abandon=True)
        game.play(concede(seat))         # the game-over screen follows once its events are shown

    def _menu(self) -> None:
        session = self.game.session
        if session.mode == "online" and session.clock_minutes and not session.state.is_terminal \
                and session.record is None:
            self.app.push(leave_online_confirmation(self.app, session))   # the clock keeps running
            return
        self.app.go_home()

    def _quit(self) -> None:
        self.app.push(quit_confirmation(self.app.quit, self.game.session))

    def _rows(self) -> tuple[float, float]:
        """(y of the first button's centre, spacing): six buttons sit a little closer."""
        return (356, 56) if len(self.group.buttons) > 5 else (366, 62)

    def on_resize(self, layout) -> None:
        top, step = self._rows()
        height = 46 if len(self.group.buttons) > 5 else 50
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.centered_rect(800, top + i * step, 340, height)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        self.draw_scrim(surface, 160)
        extra = 30 if len(self.group.buttons) > 5 else 0      # room for the sixth button (Concede)
        draw_panel(surface, L.centered_rect(800, 462 + extra / 2, 460, 470 + extra), L)
        text(surface, L, t("pause.title"), 34, theme.INK, L.point(800, 264), anchor="center", bold=True,
             max_width=400)
        ui_art.draw_divider(surface, L.point(800, 296), L.px(150), L.px(2))
        self.group.draw(surface, L)
        text(surface, L, coming_back(self.game), 15, theme.INK_SOFT, L.point(800, 668 + extra), anchor="center",
             max_width=420)


def coming_back(game) -> str:
    """What is true about coming back to this game from the main menu: a game on this machine
    is continued there; an online game goes on without the player (and its clock with it); a
    lesson is taken up again from Learn to play."""
    from ui.scenes.tutorial_session import LessonSession
    session = game.session
    if session.mode == "online":
        return t("online.pause.hint_clock") if session.clock_minutes else t("online.pause.hint")
    if isinstance(session, LessonSession):
        return t("pause.hint_lesson")
    return t("pause.hint")


def leave_online_confirmation(app, session) -> DialogScene:
    """Leaving an online game that has a clock: the clock keeps running meanwhile."""
    from ui.table.online_session import clock_text
    body = t("online.pause.leave_body", time=clock_text(session.claim_seconds), who=session.name(1 - session.viewer))
    return DialogScene(t("online.pause.leave_title"), body,
                       [(t("online.pause.leave"), app.go_home), (t("online.pause.stay"), None)], default=1)


def conceding_seat(session) -> int | None:
    """The seat that concedes from the pause menu, or None where nobody may (the game is over,
    or the computer plays both seats): the human against the computer; in hot-seat the seat
    at the screen (before anybody has taken it, the seat the hand-over waits for)."""
    state = session.state
    if state.is_terminal:
        return None
    if session.mode == "hotseat":
        return session.looking if session.looking is not None else state.current_player
    return session.human_seat
