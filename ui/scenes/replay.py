"""The replay viewer: a finished game's table, move by move, forward and back.

The position after k moves is `SavedGame.replay(upto=k)` (a step forward applies one move
to the current position and animates it). The control panel sits above the log: first /
back / play-pause / forward / last, a bar to jump anywhere, and "switch sides" to see the
game from either seat (each seat's secrets only from its own side). Keys: ← →, Home/End,
Space (play/pause), Tab (switch sides), Esc (close).
"""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.files.settings import SETTINGS
from ui.scenes.base import screen
from ui.scenes.game import GameScene
from ui.table import geometry as G
from ui.table.paint import PLAYER_COLORS, panel, rounded, text
from ui.table.session import GameSession
from ui.table.view import TableView

STEP_SECONDS = 1.1        # between two moves while playing (at normal speed)
CONTROLS_H = 76
CONTROLS = ("first", "back", "play", "forward", "last")


class ReplayScene(GameScene):
    interactive = False

    def __init__(self, saved, step: int | None = None) -> None:
        session = GameSession.resume(saved.copy(), path=None)    # raises SaveError for a bad save
        super().__init__(session)
        self.saved = session.saved
        self.total = len(self.saved.actions)
        self.final = session.state
        self.full_log, self.marks = session.log, session.marks
        session.looking = session.human_seat if session.human_seat is not None else 0
        session.replaying = True
        self.playing = False
        self.clock = 0.0
        self.k = self.total
        self.log_view = self.full_log
        self.control_rects: dict[str, pygame.Rect] = {}
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.seek(self.total if step is None else step)

    # --- lifecycle: a replay is not a game in progress -----------------------------------

    def on_enter(self) -> None:
        from ui.cardart import Art
        self.art = Art.for_state(self.session.state)
        self.view = TableView(self.art)

    def on_language(self) -> None:
        if self.art is not None:
            self.art.clear_cache()
        self.session.rebuild_log()
        self.full_log, self.marks = self.session.log, self.session.marks
        self._log_to(self.k)
        self._refresh()

    def undo_visible(self) -> bool:
        return False

    def _highlight(self):
        return None

    # --- moving through the game -----------------------------------------------------------

    def _log_to(self, k: int) -> None:
        self.log_view = self.full_log[: self.marks[k]] if k < self.total else self.full_log
        self.log.invalidate()
        self.log.scroll = 0

    def seek(self, k: int) -> None:
        """Show the position after the first k moves (no animation)."""
        k = max(0, min(self.total, int(k)))
        self.anim = self.new_animator()
        self.moves_by = {0: [], 1: []}
        self.k = k
        self.session.state = self.final if k == self.total else self.saved.replay(upto=k)
        self.session.version += 1
        self._log_to(k)
        self.hover = None
        self._tip_key = None
        if k == self.total:
            self.playing = False

    def forward(self) -> None:
        if self.k >= self.total:
            self.playing = False
            return
        self.anim.finish()
        before = self.session.state
        after = before.clone()
        seat, notation = self.saved.actions[self.k]
        action = after.parse_action(notation, seat)
        events = after.apply(action)
        self.k += 1
        self.session.state = self.final if self.k == self.total else after
        self.session.version += 1
        self._log_to(self.k)
        self._tip_key = None
        self.show_events(action.player, before, self.session.state, events)
        if self.k == self.total:
            self.playing = False

    def back(self) -> None:
        self.playing = False
        self.seek(self.k - 1)

    def toggle_play(self) -> None:
        if self.k >= self.total:
            self.seek(0)
        self.playing = not self.playing
        self.clock = 0.0

    def flip(self) -> None:
        self.anim.finish()
        self.session.looking = 1 - self.session.viewer
        self._refresh()

    def close(self) -> None:
        if self.app is not None and self in self.app.stack:
            while self.app.top is not self:
                self.app.pop()
            self.app.pop()

    def act(self, name: str) -> None:
        if name == "first":
            self.playing = False
            self.seek(0)
        elif name == "back":
            self.back()
        elif name == "play":
            self.toggle_play()
        elif name == "forward":
            self.playing = False
            self.forward()
        elif name == "last":
            self.seek(self.total)
        elif name == "flip":
            self.flip()

    # --- the clock -------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        self.time += dt
        self.hover_time += dt
        speed = SETTINGS.speed_factor
        if self.anim.busy:
            self.anim.update(dt * speed if speed > 0 else 1e9)
            return
        self.anim.update(dt)
        if self.anim.waiting:
            self.anim.resume()          # a replay shows no Age banner: the new Age's deal follows at once
            return
        if self.playing:
            self.clock += dt * (speed if speed > 0 else 3.0)
            if self.clock >= STEP_SECONDS:
                self.clock = 0.0
                self.forward()

    # --- input -------------------------------------------------------------------------------

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first",
                    pygame.K_END: "last", pygame.K_SPACE: "play", pygame.K_TAB: "flip"}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in keys:
                self.act(keys[event.key])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar.collidepoint(event.pos):
            self.dragging = True
            self._seek_to(event.pos[0])
            return
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._seek_to(event.pos[0])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return
        super().handle_event(event)

    def _seek_to(self, x: int) -> None:
        if self.bar.w <= 0:
            return
        f = (x - self.bar.x) / self.bar.w
        k = round(max(0.0, min(1.0, f)) * self.total)
        if k != self.k:
            self.playing = False
            self.seek(k)

    def click(self, pos) -> None:
        if self.menu_rect().collidepoint(pos):
            self.close()
            return
        if replay_click(self, pos):                   # the chance-to-win chart (finished games)
            return
        for name, rect in self.control_rects.items():
            if rect.collidepoint(pos):
                self.act(name)
                return
        if self.view is None:
            return
        hit = self.view.hit_at(pos)
        if hit is not None and hit.kind == "discard":
            from ui.scenes.discard import DiscardScene
            self.app.push(DiscardScene(self))

    def target_for(self, action):
        return None

    # --- drawing ---------------------------------------------------------------------------------

    def _draw_log(self, surface, layout) -> None:
        area = G.log_rect(self.state.agora)
        controls = pygame.Rect(area.x, area.y, area.w, CONTROLS_H)
        rest = pygame.Rect(area.x, controls.bottom + 8, area.w, area.bottom - controls.bottom - 8)
        self._draw_controls(surface, layout, controls)
        self.log.draw(surface, layout, rest, self.log_view, self.session.viewer,
                      title=t("replay.title") + " · " + t("table.log"))

    def _draw_controls(self, surface, L, area: pygame.Rect) -> None:
        r = L.rect(*area)
        panel(surface, L, r, 170)
        x = area.x + 14
        # The bar: where we are in the game; click or drag to jump.
        bar = L.rect(x + 6, area.y + 14, area.w - 40, 8)
        self.bar = bar.inflate(0, L.px(20))
        rounded(surface, bar, (30, 20, 12), L.px(4))
        done = bar.copy()
        done.w = round(bar.w * (self.k / self.total if self.total else 1.0))
        if done.w > 0:
            rounded(surface, done, theme.BRONZE, L.px(4))
        knob = (bar.x + done.w, bar.centery)
        pygame.draw.circle(surface, theme.BRONZE_LIGHT, knob, L.px(8))
        pygame.draw.circle(surface, theme.INK, knob, L.px(8), max(1, L.px(2)))
        # The buttons, the move counter and "switch sides".
        size, gap, by, bh = 42, 6, area.y + 32, 36
        self.control_rects = {}
        for i, name in enumerate(CONTROLS):
            rect = L.rect(x + i * (size + gap), by, size, bh)
            self.control_rects[name] = rect
            enabled = not ((name in ("first", "back") and self.k == 0) or
                           (name in ("forward", "last") and self.k == self.total))
            self._button(surface, L, rect, enabled, name == "play" and self.playing)
            self._icon(surface, L, rect, name, enabled)
        flip_w = 176
        flip = L.rect(area.right - 14 - flip_w, by, flip_w, bh)
        self.control_rects["flip"] = flip
        self._button(surface, L, flip, True, False)
        other = 1 - self.session.viewer
        pygame.draw.circle(surface, PLAYER_COLORS[other], (flip.x + L.px(16), flip.centery), L.px(6))
        pygame.draw.circle(surface, theme.INK, (flip.x + L.px(16), flip.centery), L.px(6), max(1, L.px(1)))
        text(surface, L, t("replay.flip"), 15, theme.TEXT_ON_DARK, (flip.x + L.px(28), flip.centery),
             anchor="midleft", bold=True, max_width=flip_w - 34)
        left = x + len(CONTROLS) * (size + gap)
        middle = L.point((left + area.right - 14 - flip_w) / 2, by + bh / 2)
        text(surface, L, t("replay.move", n=self.k, total=self.total), 16, theme.TEXT_ON_DARK, middle,
             anchor="center", bold=True, max_width=area.right - 14 - flip_w - left - 8)

    def _button(self, surface, L, rect, enabled, on) -> None:
        hot = enabled and rect.collidepoint(self.mouse)
        fill = theme.BRONZE if (hot or on) else theme.UMBER if enabled else (96, 84, 72)
        rounded(surface, rect, fill, L.px(8), max(1, L.px(1.5)), theme.BRONZE_LIGHT if enabled else theme.TEXT_DISABLED)

    def _icon(self, surface, L, rect, name, enabled) -> None:
        col = theme.TEXT_ON_DARK if enabled else theme.TEXT_DISABLED
        cx, cy = rect.center
        h = L.px(8)

        def tri(x, left):
            d = -1 if left else 1
            pygame.draw.polygon(surface, col, [(x - d * h * 0.6, cy - h), (x - d * h * 0.6, cy + h), (x + d * h * 0.8, cy)])

        def bar(x):
            pygame.draw.rect(surface, col, pygame.Rect(x - L.px(1.5), cy - h, max(2, L.px(3)), 2 * h))

        if name == "first":
            bar(cx - L.px(8))
            tri(cx + L.px(2), True)
        elif name == "back":
            tri(cx - L.px(5), True)
            tri(cx + L.px(6), True)
        elif name == "play":
            if self.playing:
                bar(cx - L.px(4))
                bar(cx + L.px(4))
            else:
                tri(cx, False)
        elif name == "forward":
            tri(cx - L.px(6), False)
            tri(cx + L.px(5), False)
        elif name == "last":
            tri(cx - L.px(2), False)
            bar(cx + L.px(8))

    def _status_text(self) -> str:
        s = self.state
        if self.k == 0:
            return t("replay.start")
        # The move's first line as its events tell it (the rest is in the log just below).
        start = self.marks[self.k - 1] if self.k - 1 < len(self.marks) else len(self.full_log)
        end = self.marks[self.k] if self.k < len(self.marks) else len(self.full_log)
        entries = self.full_log[start:end]
        line = entries[0].for_viewer(self.session.viewer) if entries else ""
        if s.is_terminal and self.k == self.total:
            return t("replay.over") + (" " + line if line else "")
        return line

    def _draw_menu_button(self, surface, layout) -> None:
        r = self.menu_rect()
        hot = r.collidepoint(self.mouse)
        rounded(surface, r, theme.BRONZE if hot else theme.UMBER, layout.px(8), max(1, layout.px(1.5)), theme.BRONZE_LIGHT)
        text(surface, layout, t("replay.close"), 15, theme.TEXT_ON_DARK, r.center, anchor="center", bold=True)
        draw_replay_button(self, surface, layout)


# --- the way to the analysis (finished games) -------------------------------------------------------

def can_analyse(saved) -> bool:
    return saved is not None and saved.finished and len(saved.actions) > 0


REPLAY_BUTTON = (1394, 860, 100, 30)       # left of the replay's Close button


def replay_button_rect(scene) -> pygame.Rect:
    return scene.layout.rect(*REPLAY_BUTTON)


def draw_replay_button(scene, surface, layout) -> None:
    """The replay viewer's "Analysis" button (finished games only)."""
    if not can_analyse(scene.saved):
        return
    r = replay_button_rect(scene)
    hot = r.collidepoint(scene.mouse)
    rounded(surface, r, theme.BRONZE if hot else theme.UMBER, layout.px(8), max(1, layout.px(1.5)), theme.BRONZE_LIGHT)
    text(surface, layout, t("insight.analysis.button"), 15, theme.TEXT_ON_DARK, r.center, anchor="center", bold=True,
         max_width=REPLAY_BUTTON[2] - 8)


def replay_click(scene, pos) -> bool:
    """Open the analysis when the replay's button was clicked; True when the click was used."""
    if can_analyse(scene.saved) and replay_button_rect(scene).collidepoint(pos):
        screen("open_analysis")(scene.app, scene.saved, replay=scene)     # the analysis sits above the replay
        return True
    return False
