"""The game table scene: draws the state, takes the human's clicks, runs the AI's turns.

Every move goes through `choose` (human) or the AI worker, then `session.apply`; the
animator shows what changed and the log records it. Decisions other than the card turn
open dialogs (choice.py); the draft, Age changes, the end and the pause menu are
overlays pushed from here. In a hot-seat game the hand-over screen (handover.py) covers
the table whenever the other person must act; the table is always drawn for the seat at
the screen (`session.viewer`). Undo (button, Ctrl+Z or Backspace) replays the save one
decision shorter (session.undo).
"""
from __future__ import annotations

import math

import pygame

from ui.draw import theme
from ui.text.i18n import language, t
from ui.scenes.base import Scene, screen
from ui.files.settings import SETTINGS
from ui.table import geometry as G
from ui.table.anim import Animator
from ui.table.artkit import back_of, icon
from ui.table.choice_tips import hit_lines
from ui.table.keys import HeldKeys, KeyGate, is_undo_key
from ui.table.logpanel import LogPanel
from ui.table.paint import PLAYER_COLORS, rounded, text, text_block
from ui.table.session import CURRENT, GameSession
from ui.table.tooltip import TOOLTIP_DELAY, lines_for, place as place_tip, render as render_tip
from ui.table.view import SENATE_DECISIONS, TableView

MENU_BUTTON = (1500, 860, 84, 30)
UNDO_BUTTON = (1500, 824, 84, 28)


class GameScene(Scene):
    interactive = True          # False: a replay (nothing on the table can be played)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.art = None
        self.view: TableView | None = None
        self.event_hooks: list = [self._sound]   # called once per event as it is shown; see ui/table/anim.py
        self.anim = self.new_animator()
        self.moves_by: dict = {0: [], 1: []}   # each seat's events since the other seat last acted
        self.log = LogPanel()
        self.hover = None
        self.hover_time = 0.0
        self.tip_anchor = None          # the focused card's rect when the keyboard chose it
        self.mouse = (-1, -1)
        self.ai_wait = 0.0
        self.time = 0.0
        self.age_seen = session.state.age
        self.phase_seen = session.state.phase
        self.over_shown = False
        self.dialog_version = None
        self.dialog = None
        self._tip_key = None
        self._tip = None
        self._tip_version = None        # the position the hovered thing was found in
        self.tip_rect = None            # where the tooltip was drawn in the last frame
        self.note = (None, None)        # (why a covered card cannot be taken, position it is about)
        self.keys = HeldKeys()          # one key press answers one decision (ui/table/keys.py)
        self.key_gate: KeyGate | None = None
        self._gate_version = None

    # --- lifecycle -------------------------------------------------------------

    def on_enter(self) -> None:
        from ui.cardart import Art

        self.art = Art.for_state(self.session.state)
        self.view = TableView(self.art)
        if not self.session.state.is_terminal:
            CURRENT["session"] = self.session
        self.open_draft()
        if self.session.needs_handover:
            self.open_handover()

    def on_language(self) -> None:
        """The language changed: every picture and line of text is made again, the game goes on."""
        if self.art is not None:
            self.art.clear_cache()
        self.session.rebuild_log()
        self._refresh()
        if self.app is not None:
            from ui.scenes.options import OptionDialog
            from ui.scenes.prompt import TablePrompt
            for scene in list(self.app.stack):
                if isinstance(scene, (OptionDialog, TablePrompt)):     # built with the old words: reopened as needed
                    self.app.remove(scene)
        self.dialog = None
        self.dialog_version = None

    def _refresh(self) -> None:
        if self.view is not None:
            self.view.invalidate()
        self.log.invalidate()
        self.hover = None
        self._tip_key = None

    def on_resize(self, layout) -> None:
        if self.view is not None:
            self.view.invalidate()
        self._tip_key = None

    @property
    def state(self):
        return self.session.state

    # --- the game clock ------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tick(dt)
        self.hint().update()

    def tick(self, dt: float) -> None:
        """Advance animations, let the AI move, and open the human's next decision."""
        self.time += dt
        self.hover_time += dt
        if self.key_gate is not None:
            self.key_gate.update()
        speed = SETTINGS.speed_factor
        if self.anim.busy:
            self.anim.update(dt * speed if speed > 0 else 1e9)
            return
        self.anim.update(dt)
        top = self.app.top if self.app is not None else None
        if top is not self and not getattr(top, "watches_keys", False):
            self.keys.forget()          # another screen has the keyboard (its key-ups never reach us)
        state = self.state
        if self._age_changed() and top is self:
            from ui.scenes.age import AgeScene
            self.keys.forget()
            self.app.push(AgeScene(self, state.age))
            return
        if self.anim.waiting:
            self.anim.resume()          # the new Age's first events, after its banner
            return
        if state.is_terminal:
            if not self.over_shown and top is self:
                GameOverScene = screen("GameOverScene")     # above the game: it can start a new one
                self.over_shown = True
                CURRENT["session"] = None
                self.app.push(GameOverScene(self))
            return
        if top is self and self.open_draft():
            return
        if self.session.is_ai(state.current_player):
            self.ai_wait += dt
            action = self.session.poll_ai()
            hold = SETTINGS.ai_delay / speed if speed > 0 else 0.0
            if action is not None and self.ai_wait >= hold:
                self.play(action)
            return
        self.ai_wait = 0.0
        if self.session.human_to_act and top is not None and (top is self or getattr(top, "allows_prompts", False)):
            if self.session.needs_handover:
                self.open_handover()
                return
            self._prompt()

    def open_handover(self) -> None:
        from ui.scenes.handover import HandOverScene
        if self.app is not None and not any(isinstance(s, HandOverScene) for s in self.app.stack):
            self.anim.finish()
            self.keys.forget()
            self.app.push(HandOverScene(self))

    def viewer_changed(self) -> None:
        """Another person took the screen (hot-seat): everything is drawn again for them."""
        self.anim.finish()
        self._refresh()
        self.log.scroll = 0

    def _age_changed(self) -> bool:
        s = self.state
        if s.phase == "play" and (s.age != self.age_seen or self.phase_seen == "draft"):
            self.age_seen, self.phase_seen = s.age, s.phase
            return True
        self.phase_seen = s.phase
        return False

    def open_draft(self) -> bool:
        """Show the draft panel while a Wonder is being picked (True when it was opened now)."""
        from ui.scenes.draft import DraftScene
        state = self.state
        if self.app is None or state.phase != "draft" or state.decision != "draft" \
                or any(isinstance(s, DraftScene) for s in self.app.stack):
            return False
        self.app.push(DraftScene(self))
        return True

    def _close_draft(self) -> None:
        from ui.scenes.draft import DraftScene
        for scene in list(self.app.stack):
            if isinstance(scene, DraftScene):
                self.app.remove(scene)

    def _prompt(self) -> None:
        kind = self.state.decision
        if kind in ("turn", "draft"):
            return
        if self.dialog_version == self.session.version and self.dialog in self.app.stack:
            return
        from ui.scenes.prompt import TablePrompt
        self._close_draft()                     # nothing of the draft covers the table while this is chosen
        self.dialog_version = self.session.version
        self.dialog = TablePrompt(self)         # chosen on the table; the prompt bar leaves the board in view
        self.app.push(self.dialog)

    # --- moves ---------------------------------------------------------------------

    def choose(self, action) -> bool:
        """The human's move (from a click or a key). Ignored unless legal right now."""
        if self.anim.busy or not self.session.human_to_act or self.session.needs_handover:
            return False                  # (hot-seat: not before the person to act has the screen)
        if action not in self.state.legal_actions():
            return False
        self.play(action)
        return True

    def play(self, action) -> None:
        self._close_prompt()
        before, after, events = self.session.apply(action)
        self.ai_wait = 0.0
        self.log.scroll = 0
        self.show_events(action.player, before, after, events)

    # --- what the player sees of a move: the events, animated and marked -----------------

    def _sound(self, event) -> None:
        from ui.sound.audio import AUDIO
        AUDIO.play_event(event, self.session.viewer)

    def new_animator(self) -> Animator:
        anim = Animator()
        anim.on_shown = self.event_hooks
        return anim

    def show_events(self, actor, before, after, events) -> None:
        """Animate the events of a move (masked for the screen) and remember them as the
        actor's last move (marked on the table until the other seat acts)."""
        from ui.table.story import mask_for
        seen = mask_for(events, self.session.secret_seat)
        if actor in (0, 1):
            self.moves_by[1 - actor] = []
            self.moves_by[actor] = self.moves_by[actor] + seen
        if SETTINGS.speed_factor > 0:
            self.anim.start(before, after, self.session.viewer, seen)
        else:
            self.anim.show_all(seen)

    def last_move_places(self) -> list:
        """Design rects (and the chambers) the opponent's last move touched, to mark them."""
        from ui.table.marks import places_of
        seat = 1 - self.session.viewer
        return places_of(self.moves_by.get(seat, []), self.state, self.session.viewer, self.view)

    def _close_prompt(self) -> None:
        """The decision's prompt bar goes as soon as its decision is answered (the next one opens afresh)."""
        from ui.scenes.prompt import TablePrompt
        prompt = self.dialog
        if isinstance(prompt, TablePrompt) and self.app is not None and prompt in self.app.stack:
            prompt.close()

    # --- undo --------------------------------------------------------------------------

    def undo_visible(self) -> bool:
        s = self.session
        return s.undo_allowed and not s.both_ai and not s.state.is_terminal

    def undo_off_hovered(self) -> str | None:
        """The pointer is on the Undo control while it is off: why it is (or None)."""
        if self.app is None or not self.undo_visible() or self.session.can_undo \
                or not self.undo_rect().collidepoint(self.mouse):
            return None
        return self.session.undo_unavailable()

    def request_undo(self) -> bool:
        """Take back (session.undo_target); any open dialog or overlay of the game closes.
        When the take-back is not allowed, the status line says why (session.undo_unavailable)."""
        if not self.session.can_undo:
            why = self.session.undo_unavailable()
            if why:
                self.note = (why, self.session.version)
            return False
        self.anim.finish()
        if not self.session.undo():
            return False
        self.after_reset()
        return True

    def after_reset(self) -> None:
        """The position was replaced (undo): no animation, no stale dialog, the draft reopened."""
        state = self.state
        self.anim = self.new_animator()
        self.moves_by = {0: [], 1: []}
        if self.app is not None and self in self.app.stack:
            while self.app.top is not self:
                self.app.pop()
        self.dialog = None
        self.dialog_version = None
        self.age_seen, self.phase_seen = state.age, state.phase
        self.over_shown = False
        self.ai_wait = 0.0
        self._refresh()
        self.log.scroll = 0
        if not state.is_terminal:
            CURRENT["session"] = self.session
        self.open_draft()

    # --- input -----------------------------------------------------------------------

    def open_pause(self) -> None:
        from ui.scenes.pause import PauseScene
        self.keys.forget()
        self.app.push(PauseScene(self))

    def hover_at(self, pos) -> None:
        self.mouse = pos if pos is not None else (-1, -1)
        self.tip_anchor = None
        hit = self.view.hit_at(pos) if (pos is not None and self.view is not None) else None
        if hit is not self.hover:
            self.hover = hit
            self.hover_time = 0.0

    def menu_rect(self) -> pygame.Rect:
        return self.layout.rect(*MENU_BUTTON)

    def undo_rect(self) -> pygame.Rect:
        return self.layout.rect(*UNDO_BUTTON)

    def handle_event(self, event) -> None:
        if self._gate_version != self.session.version or self.key_gate is None:
            self._gate_version = self.session.version       # a new position: keys pressed from now on
            self.key_gate = KeyGate(self.keys)
        self.keys.see(event)
        if not self.key_gate.admits(event) and event.key != pygame.K_ESCAPE:
            return                              # still down from the decision before (or its repeat)
        if self.hint().handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif is_undo_key(event):
                self.request_undo()
            elif event.key == pygame.K_SPACE and self.anim.busy:
                self.anim.finish()
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN) or (event.key == pygame.K_TAB and
                                                                 not event.mod & pygame.KMOD_SHIFT):
                self.focus_next(1)
            elif event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB):
                self.focus_next(-1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hover is not None:
                self.activate(self.hover)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover_at(None)                 # the pointer left the window: its tooltip goes too
        elif event.type == pygame.MOUSEWHEEL:
            if self.log.rect.collidepoint(self.mouse):
                self.log.handle_wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)

    def click(self, pos) -> None:
        if self.menu_rect().collidepoint(pos):
            self.open_pause()
            return
        if self.undo_visible() and self.undo_rect().collidepoint(pos):
            self.request_undo()
            return
        if self.view is None:
            return
        hit = self.view.hit_at(pos)
        if hit is not None:
            self.activate(hit)

    def focusable(self) -> list:
        """What the keyboard can pick now: accessible cards, then one's own Conspiracies to trigger."""
        if self.view is None or self.anim.busy or not self.session.human_to_act or self.state.decision != "turn":
            return []
        s = self.state
        cards = [h for h in self.view.hits_of("slot") if h.data in s.accessible]
        cards.sort(key=lambda h: (h.rect.y, h.rect.x))
        triggers = {a.subject for a in s.legal_actions() if a.kind == "trigger"}
        plots = [h for h in self.view.hits_of("conspiracy") if h.seat == s.current_player and h.name in triggers]
        return cards + plots

    def focus_next(self, step: int) -> None:
        """Move the keyboard focus (shown like a hovered card, with its tooltip at once)."""
        options = self.focusable()
        if not options:
            return
        names = [(h.kind, h.data) for h in options]
        here = (self.hover.kind, self.hover.data) if self.hover is not None else None
        i = names.index(here) + step if here in names else (0 if step > 0 else -1)
        self.hover = options[i % len(options)]
        self.hover_time = TOOLTIP_DELAY
        self.tip_anchor = self.hover.rect

    def activate(self, hit) -> None:
        """A click on (or Enter over) a thing on the table."""
        if hit.kind == "discard":
            from ui.scenes.discard import DiscardScene
            self.app.push(DiscardScene(self))
            return
        if self.anim.busy or not self.session.human_to_act or self.state.decision != "turn":
            return
        seat = self.state.current_player
        if hit.kind == "slot" and hit.data in self.state.accessible:
            from ui.scenes.card_actions import CardActionDialog
            self.app.push(CardActionDialog(self, hit.data))
        elif hit.kind == "slot":
            from ui.table.tooltip import covered_note
            self.note = (covered_note(self.state, hit.data), self.session.version)
        elif hit.kind == "conspiracy" and hit.seat == seat:
            cid, status, _ = self.state.conspiracies[seat][hit.data]
            name = self.state.rules.conspiracies[cid].name
            action = next((a for a in self.state.legal_actions() if a.kind == "trigger" and a.subject == name), None)
            if action is not None:
                from ui.scenes.choice import trigger_dialog
                self.app.push(trigger_dialog(self, action))

    def target_for(self, action):
        """Where to click to start `action` on the table (autoplay)."""
        if self.view is None or self.anim.busy or self.state.decision != "turn":
            return None
        if action.kind in ("build", "recruit", "discard", "wonder", "prepare"):
            name = action.subject if action.kind in ("build", "recruit", "discard") else action.target
            for hit in self.view.hits_of("slot"):
                if hit.name == name and hit.data in self.state.accessible:
                    return hit.rect.center
        if action.kind == "trigger":
            seat = self.state.current_player
            for hit in self.view.hits_of("conspiracy"):
                if hit.seat == seat and hit.name == action.subject:
                    return hit.rect.center
        return None

    # --- the hint (a setting; ui/table/hint.py) ---------------------------------------------

    def hint(self):
        """The hint button and panel of this table (made on first use)."""
        if getattr(self, "_hint", None) is None:
            from ui.table.hint import Hint
            self._hint = Hint(self)
        return self._hint

    # --- drawing -------------------------------------------------------------------------

    def _highlight(self):
        s = self.state
        if not self.session.human_to_act or s.decision not in SENATE_DECISIONS:
            return None
        prompt = self.dialog
        if prompt is not None and hasattr(prompt, "chamber_targets") and self.app is not None and prompt in self.app.stack:
            return prompt.chamber_targets()     # the Chambers a click may pick at this step
        names = {a.subject for a in s.legal_actions() if a.kind in ("place", "remove", "move")}
        return frozenset(s.rules.chamber_id[n] for n in names if n in s.rules.chamber_id)

    def draw(self, surface) -> None:
        layout = self.layout
        if self.session.mode == "hotseat" and self.session.looking is None:
            # Nobody has taken the screen yet: draw nothing of either player (the hand-over covers this).
            from ui.draw import art as ui_art
            surface.blit(ui_art.parchment(layout.size), (0, 0))
            return
        hidden = self.anim.hidden
        static = self.view.static(layout, self.session, hidden=hidden,
                                  show_opp=SETTINGS.show_opponent_prices, highlight=self._highlight())
        surface.blit(static, (0, 0))
        pawn = self.anim.pawn_at()
        if pawn is not None:
            self._draw_track(surface, layout, pawn)
        self._draw_last_move(surface, layout)
        self._draw_hover(surface, layout)
        self._draw_coins(surface, layout)
        self._draw_score(surface, layout)
        self._draw_status(surface, layout)
        self._draw_log(surface, layout)
        self._draw_flights(surface, layout)
        self._draw_menu_button(surface, layout)
        if self.undo_visible():
            self._draw_undo_button(surface, layout)
        self.hint().draw(surface, layout)
        if self.app is not None and self.app.top is self:
            self.tooltip_on_top(layout)

    def tooltip_on_top(self, layout) -> None:
        """The pointer's tooltip, drawn last in the frame (over the coach and its frames)."""
        if self.app is not None:
            self.app.draw_last(self, lambda surface: self._draw_tooltip(surface, layout))

    def _draw_last_move(self, surface, layout) -> None:
        """The opponent's last move stays outlined in their colour until the viewer acts."""
        if self.anim.busy or self.view is None:
            return
        from ui.table.marks import draw_marks
        draw_marks(surface, layout, self.last_move_places(), PLAYER_COLORS[1 - self.session.viewer], self.time)

    def _draw_score(self, surface, layout) -> None:
        from ui.table.score import draw_scores
        self.score_hits = draw_scores(surface, layout, self.state, self.session.viewer, self.mouse, self.art)

    def _draw_pulses(self, surface, layout) -> None:
        """Chambers and Wonders glowing as their events are shown."""
        if not self.anim.pulses or self.view is None:
            return
        from ui.table.marks import draw_pulses
        draw_pulses(surface, layout, self.anim, self.state, self.session.viewer, self.view)

    def _draw_log(self, surface, layout) -> None:
        self.log.draw(surface, layout, G.log_rect(self.state.agora), self.session.log, self.session.secret_seat)

    def _draw_track(self, surface, layout, pawn) -> None:
        from ui.draw import art as ui_art
        from ui.table.middle import paint_track

        rect = layout.rect(*G.TRACK)
        bg = ui_art.parchment(layout.size)
        surface.blit(bg, rect, rect)
        ctx = self.view.context(layout, self.session)
        paint_track(ctx, surface, pawn=pawn)

    def _draw_hover(self, surface, layout) -> None:
        hit = self.hover
        if hit is None:
            return
        s = self.state
        active = (self.interactive and hit.kind == "slot" and hit.data in s.accessible and self.session.human_to_act
                  and s.decision == "turn" and not self.anim.busy)
        if active:
            pulse = 0.5 + 0.5 * math.sin(self.time * 6)
            color = tuple(round(a + (b - a) * pulse) for a, b in zip(theme.BRONZE, theme.BRONZE_LIGHT))
            pygame.draw.rect(surface, color, hit.rect.inflate(layout.px(6), layout.px(6)), max(2, layout.px(3)),
                             border_radius=layout.px(6))
        elif hit.kind in ("discard",) or (self.interactive and hit.kind == "conspiracy" and hit.seat == s.current_player
                                          and self.session.human_to_act):
            pygame.draw.rect(surface, theme.BRONZE_LIGHT, hit.rect.inflate(layout.px(4), layout.px(4)),
                             max(1, layout.px(2)), border_radius=layout.px(6))

    def _draw_coins(self, surface, layout) -> None:
        for band in G.bands(self.session.viewer):
            p = band.seat
            value = self.anim.coins_at(p, self.state.coins[p])
            x, y = band.plate.x + 14, band.plate.y + 44
            coin = icon(self.art, "coin", layout.px(38))
            surface.blit(coin, coin.get_rect(midleft=layout.point(x, y + 20)))
            # Two digits are set a little smaller: "To move" beside them stays whole at 1102x620.
            figure = text(surface, layout, str(value), 30 if value < 10 else 25, theme.TEXT_ON_DARK,
                          layout.point(x + 46, y + 20), anchor="midleft", bold=True, shadow=theme.INK)
            if self.state.current_player == p and not self.state.is_terminal:
                # Between the coins and the live score's laurel (ui/table/score.py); a wide coin
                # figure (two digits) pushes it right and narrows it, never under the figure.
                left = max(band.plate.x + 92, layout.to_design(figure.topright)[0] + 5)
                width = max(50, band.plate.x + 156 - left)
                tag = layout.rect(left, y + 8, width, 24)
                rounded(surface, tag, PLAYER_COLORS[p], layout.px(10), max(1, layout.px(1.5)), theme.INK)
                text(surface, layout, t("table.to_move"), 13, theme.INK, tag.center, anchor="center", bold=True,
                     max_width=width - 4)
            for f in self.anim.floaters:
                if f.seat == p and self.anim.time >= f.t0:
                    age = self.anim.time - f.t0
                    col = (120, 230, 120) if f.good else (250, 120, 100)
                    img = layout.text(f.text, 24, col, True)
                    img.set_alpha(max(0, 255 - round(255 * age / 1.1)))
                    surface.blit(img, img.get_rect(midleft=layout.point(x + 110, y + 20 - 24 * age)))

    def _status_text(self) -> str:
        s = self.state
        note, version = self.note
        if note and version == self.session.version:       # said until the position changes
            return note
        why = self.undo_off_hovered()
        if why:
            return why
        if s.is_terminal:
            return t("status.over")
        seat = s.current_player
        pending = s.decision not in ("turn", "draft", None)
        from ui.table.cause import title_for
        what = title_for(s) if pending else ""     # why the decision arose, and what it asks
        if self.session.is_ai(seat):
            thinking = self.session.thinking
            dots = "." * (1 + int(self.time * 3) % 3)
            if pending:                 # the opponent's decision, named from the viewer's side
                return t("prompts.status.theirs", who=self.session.name(seat), what=what) + \
                    (dots if thinking is not None else "")
            return t("status.thinking", who=self.session.name(seat)) + dots if thinking is not None else \
                t("status.ai_move", who=self.session.name(seat))
        if s.decision == "turn":
            if any(a.kind == "trigger" for a in s.legal_actions()):
                return t("status.your_turn_trigger")
            return t("status.your_turn")
        if s.decision == "draft":
            return t("status.draft")
        return t("prompts.status.yours", what=what)

    def prompt_open(self) -> bool:
        from ui.scenes.prompt import TablePrompt
        return isinstance(self.dialog, TablePrompt) and self.app is not None and self.dialog in self.app.stack

    def _draw_status(self, surface, layout) -> None:
        if self.prompt_open():
            return                      # the decision's prompt stands in its place (G.prompt_area)
        rect = G.INFO
        s = self.state
        x = rect.x + 10
        y = rect.bottom - 92
        age = t("table.age", age=t(f"age.roman.{s.age}")) if s.phase != "draft" else t("table.draft")
        text(surface, layout, age, 22, theme.BRONZE_LIGHT, layout.point(x, y), bold=True, shadow=theme.INK,
             max_width=rect.w - 60)
        status = self._status_text()
        block = text_block(surface, layout, status, 16, theme.TEXT_ON_DARK, layout.point(x, y + 30), rect.w - 20,
                           anchor="topleft", align="left")
        problem = self.session.save_error
        if problem:
            why = t(problem) if problem.startswith("saves.problem.") else problem
            text(surface, layout, t("table.save_failed", error=why), 13, (250, 150, 120),
                 (block.x, block.bottom + layout.px(2)), max_width=rect.w - 20)
        if self.session.thinking is not None:
            cx, cy = layout.point(rect.right - 26, y + 14)
            for k in range(8):
                a = self.time * 5 + k * math.tau / 8
                r = layout.px(10)
                alpha = (k + 1) / 8
                col = tuple(round(c * alpha) for c in theme.BRONZE_LIGHT)
                pygame.draw.circle(surface, col, (cx + round(math.cos(a) * r), cy + round(math.sin(a) * r)),
                                   max(1, layout.px(2.5)))

    def _draw_cubes(self, surface, layout) -> None:
        places = {}
        for hit in self.view.hits:
            if hit.kind == "chamber":
                places[("chamber", hit.data)] = hit.rect
            elif hit.kind == "supply":
                places[("supply", hit.seat)] = hit.rect
        size = layout.px(22)
        for move in self.anim.cubes:
            a, b = places.get(move.source), places.get(move.target)
            if a is None or b is None:
                continue
            at = self.anim.cube_at(move, a, b)
            if at is not None:
                img = icon(self.art, f"cube{move.seat}", size)
                surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))

    def _draw_flights(self, surface, layout) -> None:
        if not self.anim.busy:
            return
        self._draw_pulses(surface, layout)
        if self.anim.cubes:
            self._draw_cubes(surface, layout)
        rules = self.state.rules
        for f in self.anim.flights:
            at = f.at(self.anim.time)
            if at is None:
                continue
            r = layout.rect(*at)
            if f.kind == "wonder":
                img = self.art.wonder(rules.wonders[f.ident].name, r.w)
            else:
                card = rules.cards[f.ident]
                img = self.art.card(card.name, r.w) if f.front else self.art.card_back(back_of(card), r.w)
            shadow = r.move(layout.px(6), layout.px(8))
            pygame.draw.rect(surface, (30, 18, 8), shadow, border_radius=layout.px(6))
            surface.blit(img, img.get_rect(center=r.center))

    def _draw_menu_button(self, surface, layout) -> None:
        r = self.menu_rect()
        hot = r.collidepoint(self.mouse)
        rounded(surface, r, theme.BRONZE if hot else theme.UMBER, layout.px(8), max(1, layout.px(1.5)), theme.BRONZE_LIGHT)
        text(surface, layout, t("table.menu"), 15, theme.TEXT_ON_DARK, r.center, anchor="center", bold=True)

    def _draw_undo_button(self, surface, layout) -> None:
        r = self.undo_rect()
        enabled = self.session.can_undo
        hot = enabled and r.collidepoint(self.mouse)
        fill = theme.BRONZE if hot else theme.UMBER if enabled else (110, 96, 80)
        rounded(surface, r, fill, layout.px(8), max(1, layout.px(1.5)),
                theme.BRONZE_LIGHT if enabled else theme.TEXT_DISABLED)
        text(surface, layout, t("table.undo"), 14, theme.TEXT_ON_DARK if enabled else theme.TEXT_DISABLED,
             r.center, anchor="center", bold=True, max_width=80)

    def _draw_tooltip(self, surface, layout) -> None:
        self.tip_rect = None
        if self._tip_version != self.session.version:
            # The position changed: what was under the pointer may have moved or gone.
            self._tip_version = self.session.version
            self.hover_at(self.mouse if self.mouse != (-1, -1) else None)
            self.hover_time = 0.0
        hit = self.hover
        if hit is None or self.hover_time < TOOLTIP_DELAY or self.anim.busy:
            return
        key = (id(hit), self.session.version, layout.size, language())
        if key != self._tip_key:
            lines = hit_lines(hit, self.state, self.session) or lines_for(hit, self.state, self.session)
            self._tip = render_tip(layout, lines, self.art, hit.name, self.state) if lines else None
            self._tip_key = key
        if self._tip is None:
            return
        tip = self._tip
        avoid = []
        if not self.session.human_to_act:       # the opponent's move is shown there: keep it clear
            avoid = [layout.rect(*G.log_rect(self.state.agora))]
            if self.state.agora:
                avoid.append(layout.rect(*G.senate_rect(True)))
        elif self.prompt_open():                # the log says what led to the decision (#47)
            avoid = [layout.rect(*G.log_rect(self.state.agora))]
        rect = place_tip(tip.get_size(), pygame.Rect((0, 0), layout.size), layout.px(10),
                         mouse=self.mouse, anchor=self.tip_anchor, avoid=avoid)
        surface.blit(tip, rect)
        self.tip_rect = rect
