"""The table of an online game: the game scene, fed by the server instead of the engine.

Everything a player sees and does at the table is the game scene's (ui/scenes/game.py);
this scene changes only what is different online: a move is sent and shows when the
server's update comes back (the opponent's moves animate and log from their events as
the computer's do), undo is a request the opponent answers, and a strip by the Menu button
says how the connection stands ("reconnecting…"), whether the opponent is away (with the
win to claim after the away limit) and the clocks. Nothing here ever waits for the network.
"""
from __future__ import annotations

import pygame

from ui import theme
from ui.i18n import t
from ui.scenes.dialog import DialogScene
from ui.scenes.game import GameScene
from ui.scenes.gameover import GameOverScene
from ui.table.paint import PLAYER_COLORS, rounded, text

STRIP = (1030, 820, 372, 70)          # design rect: left of the Undo and Menu buttons
CLAIM_BUTTON = (1262, 856, 136, 30)


def clock_text(seconds: float | None) -> str:
    if seconds is None:
        return ""
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


class _NoHint:
    """The hint is not offered online (it would be a third player at the table)."""

    open = False

    def update(self) -> None:
        pass

    def draw(self, surface, layout) -> None:
        pass

    def handle_event(self, event) -> bool:
        return False

    def available(self) -> bool:
        return False

    def close(self) -> None:
        pass


class OnlineGameScene(GameScene):
    def __init__(self, session) -> None:
        super().__init__(session)
        self._hint = _NoHint()
        self.asked_dialog = None

    # --- lifecycle ------------------------------------------------------------------------

    def on_enter(self) -> None:
        super().on_enter()
        from ui.table.session import CURRENT
        if CURRENT.get("session") is self.session:
            CURRENT["session"] = None     # "Continue" is for games on this machine; online: Rejoin

    def on_exit(self) -> None:
        """Leaving the table leaves the room: the seat waits on the server for a rejoin."""
        self.session.close()

    # --- the network, once a frame ------------------------------------------------------------

    def pump(self) -> None:
        """Read the server's messages (the dialogs over the table call this too)."""
        self.session.poll()

    def tick(self, dt: float) -> None:
        self.pump()
        if not self.anim.busy and not self.anim.waiting and not self._age_pending():
            change = self.session.advance()
            if change is not None:
                self._show(change)
        self._open_requests()
        shown = self.over_shown
        super().tick(dt)
        if self.over_shown and not shown and self.app is not None and type(self.app.top) is GameOverScene:
            self.app.replace(OnlineGameOverScene(self))

    def _age_pending(self) -> bool:
        s = self.state
        return s is not None and s.phase == "play" and (s.age != self.age_seen or self.phase_seen == "draft")

    def _show(self, change) -> None:
        if change.reset:
            self.anim.finish()
            self.after_reset()
            return
        if change.events:
            self.log.scroll = 0
            self.show_events(change.actor, change.before, change.after, change.events)
        else:
            self._refresh()

    def _open_requests(self) -> None:
        """The opponent asks to take a move back: a question over the table until answered."""
        if self.app is None or not self.session.undo_asked_by_opponent:
            return
        if self.asked_dialog is not None and self.asked_dialog in self.app.stack:
            return
        self.anim.finish()
        self.asked_dialog = UndoQuestion(self)
        self.app.push(self.asked_dialog)

    # --- moves: sent, shown when the server answers -------------------------------------------------

    def play(self, action) -> None:
        self._close_prompt()
        self.session.apply(action)
        self.log.scroll = 0

    def request_undo(self) -> bool:
        if not self.session.undo():
            return False
        self.note = (t("online.undo.asked"), self.session.version)
        return True

    def hint(self):
        return self._hint

    def _status_text(self) -> str:
        session = self.session
        note, version = self.note
        if note and version == session.version:
            return note
        s = self.state
        if session.undo_waiting:
            return t("online.undo.waiting", who=session.name(1 - session.viewer))
        if session.undo_refused:
            return t("online.undo.refused", who=session.name(1 - session.viewer))
        if not s.is_terminal and session.record is None:
            if session.actor is not None and session.actor != session.viewer:
                return t("online.status.opponent", who=session.name(session.actor))
            if session.sent_seq is not None and session.sent_seq == session.seq:
                return t("online.status.sent")
        return super()._status_text()

    # --- the strip: connection, opponent away, clocks ------------------------------------------------

    def draw(self, surface) -> None:
        super().draw(surface)
        self._draw_strip(surface, self.layout)

    def strip_lines(self) -> list[tuple[str, tuple]]:
        """(text, colour) lines of the strip, most urgent first."""
        session = self.session
        lines = []
        if session.failure is not None:
            lines.append((t("online.link.failed"), theme.DANGER))
        elif session.connection == "lost":
            lines.append((t("online.link.reconnecting") + "." * (1 + int(self.time * 3) % 3), (250, 170, 90)))
        else:
            lines.append((t("online.link.connected", room=session.room or ""), (150, 220, 140)))
        away = session.away_seconds()
        if away is not None and session.record is None:
            claim_in = session.claim_in()
            if claim_in and claim_in > 0:
                lines.append((t("online.away.since", who=session.name(1 - session.viewer),
                                time=clock_text(away), left=clock_text(claim_in)), (250, 170, 90)))
            else:
                lines.append((t("online.away.claim_now", who=session.name(1 - session.viewer)), (250, 170, 90)))
        if session.clock_minutes and session.update is not None:
            me, other = session.viewer, 1 - session.viewer
            lines.append((t("online.clock.both", you=clock_text(session.clock_left(me)),
                            who=session.name(other), other=clock_text(session.clock_left(other))),
                          theme.TEXT_ON_DARK))
        return lines

    def claim_available(self) -> bool:
        s = self.session
        return s.record is None and s.away_seconds() is not None and not s.claim_in()

    def claim_rect(self) -> pygame.Rect:
        return self.layout.rect(*CLAIM_BUTTON)

    def _draw_strip(self, surface, layout) -> None:
        rect = layout.rect(*STRIP)
        rounded(surface, rect, (*theme.UMBER, 225), layout.px(8), max(1, layout.px(1.5)), theme.BRONZE_LIGHT)
        claim = self.claim_available()
        width = STRIP[2] - 20 - (CLAIM_BUTTON[2] + 8 if claim else 0)
        lines = self.strip_lines()[:3]
        y = STRIP[1] + 6
        for i, (line, colour) in enumerate(lines):
            dot = i == 0
            x = STRIP[0] + (24 if dot else 10)
            if dot:
                pygame.draw.circle(surface, colour, layout.point(STRIP[0] + 13, y + 10), layout.px(5))
            text(surface, layout, line, 14, colour if dot else theme.TEXT_ON_DARK, layout.point(x, y + 10),
                 anchor="midleft", bold=dot, max_width=width - (x - STRIP[0] - 10))
            y += 20
        if claim:
            r = self.claim_rect()
            hot = r.collidepoint(self.mouse)
            rounded(surface, r, theme.BRONZE if hot else theme.UMBER_LIGHT, layout.px(8), max(1, layout.px(1.5)),
                    theme.BRONZE_LIGHT)
            text(surface, layout, t("online.away.claim"), 14, theme.TEXT_ON_DARK, r.center, anchor="center",
                 bold=True, max_width=CLAIM_BUTTON[2] - 8)
        for seat in (0, 1):
            self._draw_name_tag(surface, layout, seat)

    def _draw_name_tag(self, surface, layout, seat) -> None:
        """The opponent's own name (the plate says "Opponent") and each seat's clock."""
        from ui.table import geometry as G
        band = next(b for b in G.bands(self.session.viewer) if b.seat == seat)
        bits = []
        if seat != self.session.viewer and self.session.names[seat].strip():
            bits.append(self.session.names[seat].strip())
        left = self.session.clock_left(seat) if self.session.clock_minutes else None
        if left is not None:
            bits.append(clock_text(left))
        if not bits:
            return
        label = " · ".join(bits)
        x, y = band.plate.x + band.plate.w - 10, band.plate.y + 24
        running = self.session.update is not None and self.session.update.get("clock_running") == seat
        text(surface, layout, label, 15, theme.BRONZE_LIGHT if running else theme.TEXT_ON_DARK,
             layout.point(x, y), anchor="midright", bold=running, max_width=band.plate.w - 130, shadow=theme.INK)

    # --- input --------------------------------------------------------------------------------

    def click(self, pos) -> None:
        if self.claim_available() and self.claim_rect().collidepoint(pos):
            self.app.push(claim_confirmation(self))
            return
        super().click(pos)


class UndoQuestion(DialogScene):
    """The opponent asks to take back their last move: allow or refuse."""

    close_on_outside_click = False

    def __init__(self, game) -> None:
        self.game = game
        who = game.session.name(1 - game.session.viewer)
        super().__init__(t("online.undo.question_title"), t("online.undo.question", who=who),
                         [(t("online.undo.allow"), self._allow), (t("online.undo.refuse"), self._refuse)],
                         on_cancel=self._refuse, default=1)

    def _allow(self) -> None:
        self.game.session.answer_undo(True)
        self.close()

    def _refuse(self) -> None:
        self.game.session.answer_undo(False)
        self.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.game.pump()
        if not self.game.session.undo_asked_by_opponent:      # withdrawn, or the game moved on
            self.close()


def claim_confirmation(game) -> DialogScene:
    """The opponent has been away for the away limit: claim the win, or keep waiting."""
    who = game.session.name(1 - game.session.viewer)
    dialog = None

    def claim():
        game.session.claim()
        dialog.close()

    dialog = DialogScene(t("online.away.claim_title"), t("online.away.claim_body", who=who),
                         [(t("online.away.claim"), claim), (t("online.away.wait"), None)], default=1)
    return dialog


class OnlineGameOverScene(GameOverScene):
    """The end of an online game: "New game" goes back to the online screen."""

    def _new_game(self) -> None:
        from ui.scenes.online_menu import OnlineMenuScene
        self.app.go_home()
        self.app.push(OnlineMenuScene())

    def update(self, dt: float) -> None:
        super().update(dt)
        self.game.pump()                  # the record comes just after the last position
        change = self.game.session.advance()
        if change is not None:
            self.game._show(change)

    def _replay(self) -> None:
        if self.game.session.saved is not None:
            super()._replay()

    def _analysis(self) -> None:
        if self.game.session.saved is not None:
            super()._analysis()
