"""The table of an online game: the game scene, fed by the server instead of the engine.

Everything a player sees and does at the table is the game scene's (ui/scenes/game.py);
this scene changes only what is different online: a move is sent and shows when the
server's update comes back (the opponent's moves animate and log from their events as
the computer's do), undo is a request the opponent answers, and a strip by the Menu button
says how the connection stands ("reconnecting…"), whether the opponent is away (with the
win to claim after the away limit) and the clocks. Nothing here ever waits for the network.
"""
from __future__ import annotations

import time

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.base import screen
from ui.scenes.dialog import DialogScene
from ui.scenes.game import GameScene
from ui.scenes.gameover import GameOverScene
from ui.table.online_session import clock_text  # noqa: F401  (the table's clocks; named here too)
from ui.table.paint import PLAYER_COLORS, rounded, text

CLAIM_W = 150                         # design width of the Claim button
HOST_GONE_AFTER = 3.0                 # seconds without the server before the banner says so


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
            why = self.session.undo_unavailable()
            if why:
                self.note = (why, self.session.version)
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
        why = self.undo_off_hovered()                  # the Undo control, off: why
        if why:
            return why
        if session.notice:
            return session.notice
        other = session.name(1 - session.viewer)
        if session.host_gone:
            return t("online.link.host_gone", who=other)
        away = session.away_seconds() is not None and session.record is None
        if session.undo_waiting:
            return t("takeback.blocked.away", who=other) if away else t("online.undo.waiting", who=other)
        if session.undo_refused:
            return t("online.undo.refused", who=session.name(1 - session.viewer))
        if not s.is_terminal and session.record is None:
            if session.actor is not None and session.actor != session.viewer:
                if away:                      # not "deciding": gone, and waited for
                    return t("online.status.away", who=other)
                return t("online.status.opponent", who=session.name(session.actor))
            if session.sent_seq is not None and session.sent_seq == session.seq:
                return t("online.status.sent")
        return super()._status_text()

    # --- the connection line, the away banner, the clocks ------------------------------------------------
    # The connection is said on the log's title row, right-aligned; an absent opponent gets a
    # banner over the top of the log (with the claim once the away limit has passed); each
    # seat's clock stands at the top right of its plate. While the Wonder draft's panel covers
    # the table, the panel draws the connection line and the banner over itself
    # (draw_over_panel) and hands the Claim click here first (click_over_panel): the banner
    # then sits just under the panel, where it hides none of the Wonders.

    def draw(self, surface) -> None:
        super().draw(surface)
        layout = self.layout
        if not self.panel_open():
            self._draw_connection(surface, layout)
            self._draw_away(surface, layout)
        for seat in (0, 1):
            self._draw_clock(surface, layout, seat)

    def panel_open(self) -> bool:
        """The draft's panel is shown over the table (not while the player peeks under it)."""
        from ui.scenes.draft import DraftScene
        return self.app is not None and any(isinstance(s, DraftScene) and not s.peeking for s in self.app.stack)

    def draw_over_panel(self, surface) -> None:
        """Drawn by the draft panel over itself: the connection line in its top-right corner,
        the away banner (and Claim) under it."""
        from ui.scenes.draft import PANEL
        layout = self.layout
        x, y, w, _ = PANEL
        self._draw_connection(surface, layout, (x + w - 20, y + 22), 300)
        self._draw_away(surface, layout)

    def click_over_panel(self, pos) -> bool:
        """A click the draft panel offers first: the Claim button drawn over it."""
        return self._claim_clicked(pos)

    def _claim_clicked(self, pos) -> bool:
        if self.claim_available() and self.claim_rect().collidepoint(pos):
            self.app.push(claim_confirmation(self))
            return True
        return False

    def panel_note(self) -> str | None:
        """What the draft panel says instead of whose pick it is while this seat cannot pick
        although the pick is its own (its take-back request waits, its pick is on the way)."""
        session = self.session
        if session.undo_waiting:
            return t("online.undo.waiting", who=session.name(1 - session.viewer))
        if session.notice:
            return session.notice
        if session.actor == session.viewer and not session.human_to_act:
            return t("online.status.sent") if session.sent_seq == session.seq else ""
        return None

    def connection_line(self) -> tuple[str, tuple]:
        session = self.session
        if session.failure is not None:
            return t("online.link.failed"), theme.DANGER
        if session.connection == "lost":
            return t("online.link.reconnecting") + "…", (250, 170, 90)     # one ellipsis, never ".."
        return t("online.link.connected", room=session.room or ""), (150, 220, 140)

    def away_line(self) -> str | None:
        """The banner's words: the opponent disconnected (with the time left before the win
        may be claimed, once it counts), or, for a guest, the connection to the host lost."""
        session = self.session
        if session.record is not None:
            return None
        who = session.name(1 - session.viewer)
        if session.host_gone and session.lost_since is not None \
                and time.monotonic() - session.lost_since > HOST_GONE_AFTER:
            return t("online.link.host_gone", who=who)
        if session.away_seconds() is None:
            return None
        claim_in = session.claim_in()
        if claim_in is None:
            return t("online.away.waiting_later", who=who)
        if claim_in > 0:
            return t("online.away.waiting", who=who, left=clock_text(claim_in))
        return t("online.away.claim_now", who=who)

    def _log_area(self):
        from ui.table import geometry as G
        return G.log_rect(self.state.agora)

    def _draw_connection(self, surface, layout, corner=None, room=None) -> None:
        if corner is None:
            if self.log.scroll:
                return                      # the log's "n more" note has the corner then
            area = self._log_area()
            corner, room = (area.right - 12, area.y + 16), area.w - 150
        line, colour = self.connection_line()
        spot = text(surface, layout, line, 13, colour, layout.point(*corner), anchor="midright", bold=True,
                    max_width=room)
        pygame.draw.circle(surface, colour, (spot.left - layout.px(9), spot.centery), layout.px(4))

    def _away_box(self) -> tuple[float, float, float, float]:
        """The banner's place in design units: over the top of the log, or under the draft panel."""
        if self.panel_open():
            from ui.scenes.draft import PANEL
            x, y, w, h = PANEL
            return (x + 150, y + h + 10, w - 300, 48)
        from ui.table.logpanel import LINE
        area = self._log_area()
        return (area.x + 6, area.y + 30, area.w - 12, 3 * LINE)    # three whole log lines: none shows cut

    def away_rect(self) -> pygame.Rect:
        return self.layout.rect(*self._away_box())

    def notice_line(self) -> str | None:
        """What the banner says when nobody is away: the answer to a take-back request (its
        refusal, a refusal by the server, the wait) — the status line it is also said on is
        covered while a decision's prompt is open."""
        session = self.session
        if session.record is not None:
            return None
        other = session.name(1 - session.viewer)
        if session.notice:
            return session.notice
        if session.undo_refused:
            return t("online.undo.refused", who=other)
        if session.undo_waiting:
            return t("online.undo.waiting", who=other)
        return None

    def _draw_away(self, surface, layout) -> None:
        line = self.away_line() or self.notice_line()
        if line is None:
            return
        x, y, w, h = self._away_box()
        box = layout.rect(x, y, w, h)
        rounded(surface, box, (*theme.UMBER, 255), layout.px(8), max(1, layout.px(2)), (250, 170, 90))
        claim = self.claim_available()
        room = w - 20 - (CLAIM_W + 10 if claim else 0)
        text(surface, layout, line, 14, theme.TEXT_ON_DARK, (box.x + layout.px(10), box.centery), anchor="midleft",
             bold=True, max_width=room)
        if claim:
            r = self.claim_rect()
            hot = r.collidepoint(pygame.mouse.get_pos())
            rounded(surface, r, theme.BRONZE if hot else theme.UMBER_LIGHT, layout.px(8), max(1, layout.px(1.5)),
                    theme.BRONZE_LIGHT)
            text(surface, layout, t("online.away.claim"), 14, theme.TEXT_ON_DARK, r.center, anchor="center",
                 bold=True, max_width=CLAIM_W - 8)

    def claim_available(self) -> bool:
        s = self.session
        return s.record is None and s.away_seconds() is not None and s.claim_in() == 0

    def claim_rect(self) -> pygame.Rect:
        x, y, w, h = self._away_box()
        return self.layout.rect(x + w - 10 - CLAIM_W, y + (h - 32) / 2, CLAIM_W, 32)

    def _draw_clock(self, surface, layout, seat) -> None:
        """Each seat's clock at the top right of its plate (brighter while it runs)."""
        from ui.table import geometry as G
        left = self.session.clock_left(seat) if self.session.clock_minutes else None
        if left is None:
            return
        band = next(b for b in G.bands(self.session.viewer) if b.seat == seat)
        running = self.session.update is not None and self.session.update.get("clock_running") == seat
        colour = (250, 150, 120) if left < 60 else theme.BRONZE_LIGHT if running else theme.TEXT_ON_DARK
        text(surface, layout, clock_text(left), 17, colour,
             layout.point(band.plate.x + band.plate.w - 10, band.plate.y + 24), anchor="midright", bold=running,
             shadow=theme.INK)

    # --- input --------------------------------------------------------------------------------

    def click(self, pos) -> None:
        if not self._claim_clicked(pos):
            super().click(pos)


class UndoQuestion(DialogScene):
    """The opponent asks to take back their last move: allow or refuse."""

    close_on_outside_click = False

    def __init__(self, game) -> None:
        self.game = game
        who = game.session.name(1 - game.session.viewer)
        move = game.session.undo_move()
        body = t("online.undo.question_move", who=who, move=move) if move else t("online.undo.question", who=who)
        super().__init__(t("online.undo.question_title"), body,
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
        OnlineMenuScene = screen("OnlineMenuScene")        # the online menu leads here: looked up
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
