"""The hint (a setting, off by default): what the strongest computer would play now.

A button beside Menu and the H key ask the `hard` search (game/analysis.think, in a child
process: ui/table/jobs.py) about the current position, seen from the seat to move only. The
answer — the move, its two runners-up, each one's estimated chance to win and a short
reason, listed from the highest chance down — is shown in a panel, and the cards concerned
get numbered badges on the table. The window never waits for it. The button shows only
while the table itself takes the input (not under the Wonder draft, a decision's prompt or
a dialog, which have the keys and clicks then). Asking marks the game's save (`hints`, docs/save-format.md)
so the saved-games list and the statistics show that hints were used.
"""
from __future__ import annotations

import pygame

from ui.draw import art, text_record, theme
from ui.text.i18n import t
from ui.text.insight_text import move_label, reasons_text
from ui.files.settings import SETTINGS
from ui.table.paint import rounded, text

BUTTON = (1410, 860, 84, 30)          # left of the table's Menu button
PANEL = (1060, 334, 530, 340)         # in the right column, over the log, above the player's band
HINT_SEED = 0


class Hint:
    """The hint button, its background search and its panel, for one game scene."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.job = None
        self.answer: dict | None = None
        self.error: str | None = None
        self.version = None              # the session version the hint is about
        self.open = False

    # --- when ------------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """The setting, or the scene's own wish (the first game after a lesson: `hints_on`)."""
        return SETTINGS.hints or bool(getattr(self.scene, "hints_on", False))

    def about_now(self) -> bool:
        """On, at the table, and a person's decision now (in hot-seat once the screen is theirs)."""
        scene = self.scene
        session = scene.session
        if not (self.enabled and scene.interactive) or session.state.is_terminal or not session.human_to_act:
            return False
        return session.mode != "hotseat" or session.looking is not None

    def reachable(self) -> bool:
        """The H key and the button reach the hint only while the table takes the input: an
        overlay on top (the Wonder draft, a decision's prompt, a dialog, the pause menu) has
        the keys and clicks, so the button is not shown under it rather than shown dead."""
        app = self.scene.app
        return app is None or app.top is self.scene

    def available(self) -> bool:
        """The button is shown and works: a hint is about now and the table takes the input."""
        return self.about_now() and self.reachable()

    def toggle(self) -> None:
        if self.open:
            self.close()
        elif self.available():
            self.ask()

    def ask(self) -> None:
        from ui.table.jobs import Job
        session = self.scene.session
        self.close()
        self.open = True
        self.version = session.version
        seconds = SETTINGS.hard_think_seconds
        try:
            self.job = Job("hint", session.state.to_json(), seconds, HINT_SEED)
        except (OSError, ValueError, RuntimeError) as exc:
            self.error = str(exc)
        session.saved.hints = int(getattr(session.saved, "hints", 0) or 0) + 1
        session.autosave()

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.answer = None
        self.error = None
        self.open = False

    def update(self) -> None:
        if not self.open:
            return
        if self.scene.session.version != self.version or not self.about_now():
            self.close()                 # the position changed: the hint is about another one
            return
        if self.job is not None and self.job.poll():
            self.answer, self.error = self.job.result, self.job.error
            self.job = None

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        """True when the event was the hint's (the H key, the button, a click on the panel)."""
        if not self.enabled:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if not (self.open or self.available()):
                return False
            self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            L = self.scene.layout
            if self.available() and L.rect(*BUTTON).collidepoint(event.pos):
                self.toggle()
                return True
            if self.open and L.rect(*PANEL).collidepoint(event.pos):
                self.close()
                return True
        return False

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface, L) -> None:
        if not self.enabled or not self.about_now():
            return
        if self.reachable():
            r = L.rect(*BUTTON)
            hot = r.collidepoint(self.scene.mouse) or self.open
            rounded(surface, r, theme.BRONZE if hot else theme.UMBER, L.px(8), max(1, L.px(1.5)),
                    theme.BRONZE_LIGHT)
            text(surface, L, t("insight.hint.button"), 15, theme.TEXT_ON_DARK, r.center, anchor="center",
                 bold=True, max_width=BUTTON[2] - 8)
        if self.open:                    # (under a card's dialog it stays in view, and comes back)
            self._draw_panel(surface, L)

    def _draw_panel(self, surface, L) -> None:
        x, y, w, h = PANEL
        box = L.rect(*PANEL)
        text_record.cover(box, "hint panel")
        rounded(surface, box, (*theme.PARCHMENT_LIGHT, 245), L.px(12), max(2, L.px(3)), theme.BRONZE_DARK)
        text(surface, L, t("insight.hint.title"), 18, theme.INK, L.point(x + 20, y + 26), anchor="midleft", bold=True,
             max_width=w - 40)
        text(surface, L, t("insight.hint.close"), 13, theme.INK_SOFT, L.point(x + w / 2, y + h - 16), anchor="center",
             max_width=w - 40)
        if self.error:
            text(surface, L, t("insight.hint.failed", error=self.error), 15, theme.DANGER, L.point(x + 20, y + 70),
                 anchor="midleft", max_width=w - 40)
            return
        if self.answer is None:
            dots = "." * (1 + int(self.scene.time * 3) % 3)
            text(surface, L, t("insight.hint.thinking") + dots, 18, theme.INK_SOFT, L.point(x + w / 2, y + h / 2),
                 anchor="center", bold=True)
            return
        names = [self.scene.session.name(0), self.scene.session.name(1)]
        cy = y + 58
        for number, c in enumerate(self.answer.get("candidates", [])[:3], 1):
            self._draw_candidate(surface, L, number, c, (x + 16, cy, w - 32, 78), names)
            cy += 86
        self._draw_badges(surface, L)

    def _draw_candidate(self, surface, L, number, c, area, names) -> None:
        x, y, w, h = area
        row = L.rect(*area)
        fill = (*theme.BRONZE_LIGHT, 150) if number == 1 else (*theme.PARCHMENT, 200)
        rounded(surface, row, fill, L.px(8), max(1, L.px(1.2)), theme.BRONZE_DARK)
        badge = L.point(x + 22, y + 22)
        art.diamond(surface, badge, L.px(14), theme.INK)
        art.diamond(surface, badge, L.px(12), theme.BRONZE)
        text(surface, L, str(number), 15, theme.INK, badge, anchor="center", bold=True)
        label = move_label(c.get("move"), c.get("action", ""), names)
        text(surface, L, label, 17, theme.INK, L.point(x + 44, y + 22), anchor="midleft", bold=True, max_width=w - 190)
        chance = float(c.get("chance", 0.0))
        text(surface, L, t("insight.hint.chance", pct=round(100 * chance)), 15, theme.INK,
             L.point(x + w - 12, y + 22), anchor="midright", bold=True, max_width=140)
        bar = L.rect(x + 44, y + 42, w - 56, 8)
        rounded(surface, bar, (*theme.PARCHMENT_DARK, 200), L.px(4))
        done = bar.copy()
        done.w = round(bar.w * max(0.0, min(1.0, chance)))
        if done.w > 0:
            rounded(surface, done, theme.BRONZE_DARK, L.px(4))
        why = reasons_text(c.get("reasons"))
        if why:
            text(surface, L, why, 14, theme.INK_SOFT, L.point(x + 44, y + 64), anchor="midleft", max_width=w - 56)

    def _draw_badges(self, surface, L) -> None:
        """Numbered badges on the cards the candidates are about (turn decisions); two candidates
        on one card (build it, discard it) side by side over it, never one over the other."""
        from game.actions import Action
        seat = self.scene.state.current_player
        points = []
        for number, c in enumerate(self.answer.get("candidates", [])[:3], 1):
            move = (list(c.get("move") or []) + [None, None, None])[:3]
            try:
                point = self.scene.target_for(Action(seat, *move))
            except (TypeError, ValueError, AttributeError):
                point = None
            if point is not None:
                points.append((number, tuple(point)))
        for number, point in reversed(points):
            same = [n for n, p in points if p == point]
            shift = same.index(number) - (len(same) - 1) / 2
            px, py = point[0] + round(shift * L.px(32)), point[1] - L.px(30)
            art.diamond(surface, (px, py), L.px(17), theme.INK)
            art.diamond(surface, (px, py), L.px(15), theme.BRONZE_LIGHT if number == 1 else theme.PARCHMENT)
            text(surface, L, str(number), 17, theme.INK, (px, py), anchor="center", bold=True)
