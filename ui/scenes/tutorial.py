"""A lesson of the tutorial (Learn to play): the real game table, driven by a lesson's script.

The lesson (game/lesson.py, data/lessons/<id>.yaml) is a list of steps. The scene is the game
scene with three differences: the opponent plays the moves the script names (LessonSession),
`choose` accepts only the action the step teaches (anything else gets the step's one-line
nudge, and the step goes on), and the coach panel (tutorial_coach.py) shows the step's text,
what the last move did (read from its events) and Back / Skip / Next. The element a step is
about is outlined where it sits, like the marks of the real decisions: the taught action's
target in the open overlay or on the table, or the step's `point` list.

The step reached is kept (ui/files/lesson_progress.py): Learn to play offers to continue
there. At the end the coach offers a first game against Easy, with hints on for it, and the
rules-help chapters the lesson left out.
"""
from __future__ import annotations

import pygame

from game.actions import IllegalActionError, is_forfeit
from game.lesson import LessonError, load_lesson, seat_of
from ui.draw import theme
from ui.files import lesson_progress
from ui.scenes import tutorial_coach as coach
from ui.scenes.game import GameScene
from ui.scenes.tutorial_session import LessonSession
from ui.table import geometry as G
from ui.table.session import CURRENT
from ui.text.i18n import join_words, t
from ui.text.names import display_name

DEFAULT_NUDGE = "tutorial.nudge"
NEXT_NUDGE = "tutorial.nudge_next"


def then_params(events, actor: int) -> dict:
    """What a move did, for the step's `then` line: read from its events (game/events.py)."""
    out = {"card": "", "paid": 0, "gained": 0, "lost": 0, "wonder": "", "token": "", "shields": 0,
           "pawn": 0, "symbol": ""}
    for e in events:
        if e.kind == "coins":
            reason = e.get("reason")
            if e.player == actor and e.delta < 0 and reason and reason[0] == "payment":
                out["paid"] += -e.delta
            elif e.player == actor and e.delta > 0:
                out["gained"] += e.delta
            elif e.player != actor and e.delta < 0:
                out["lost"] += -e.delta
        elif e.kind == "card" and e.get("player") == actor and e.get("frm") == "structure":
            out["card"] = display_name(e.get("card") or "")
        elif e.kind == "wonder" and e.get("action") == "built":
            out["wonder"] = display_name(e.get("wonder") or "")
        elif e.kind == "progress" and e.get("action") == "gained":
            out["token"] = display_name(e.get("token") or "")
        elif e.kind == "pawn":
            out["pawn"] = abs(e.get("to") or 0)
            out["shields"] += abs((e.get("to") or 0) - (e.get("start") or 0))
        elif e.kind == "science_pair":
            out["symbol"] = t(f"names.{e.get('symbol')}")
    return out


# What a move does to its card, for the nudge after the right card with another action.
VERBS = ("build", "discard", "wonder", "recruit", "prepare", "trigger", "keep", "draft", "progress", "place", "move",
         "remove")


def card_of(action):
    """The thing a move is made with: the card under a Wonder or a Conspiracy, else its subject."""
    return action.target if action.kind in ("wonder", "prepare") else action.subject


def verb_of(action) -> str:
    if action.kind == "return":
        return t(f"tutorial.verb.return_{action.target}")
    return t(f"tutorial.verb.{action.kind}") if action.kind in VERBS else ""


def nudge_for(chosen, taught, step_nudge: str | None) -> str:
    """What the coach says after a move the step does not teach: the right card with another
    action names both actions (build it, not discard it); any other move gets the step's own
    nudge (which card or place to take)."""
    if taught is not None and not is_forfeit(chosen) and card_of(chosen) == card_of(taught) \
            and card_of(chosen) is not None and (chosen.kind != taught.kind or chosen.kind == "return"):
        want, did = verb_of(taught), verb_of(chosen)
        if want and did and want != did:
            return t("tutorial.nudge_action", want=want, did=did)
    return t(step_nudge or DEFAULT_NUDGE)


class TutorialScene(GameScene):
    def __init__(self, lesson, start: int = 0) -> None:
        self.lesson = lesson
        super().__init__(LessonSession(lesson))
        self.over_shown = True          # the lesson's end replaces the game-over screen
        self.index = 0
        self.waiting = False            # the step's move is made: its text waits for Next
        self.then_line = ""
        self.nudge = ""
        self.laid = None                # the coach panel as last drawn
        self.fast_forward(min(max(0, start), len(lesson.steps)))

    # --- the lesson's position ------------------------------------------------------------

    @property
    def step(self):
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def fast_forward(self, index: int) -> None:
        """Play every step before `index` at once (resuming a lesson left there)."""
        for step in self.lesson.steps[:index]:
            for action in step.actions:
                self.session.apply(action)
        self.index = index
        self.age_seen, self.phase_seen = self.state.age, self.state.phase
        self._entered()

    def _entered(self) -> None:
        """A step begins: remember it (or that the lesson is done)."""
        self.waiting = False
        self.nudge = ""
        step = self.step
        lesson_progress.remember(self.lesson.id, step.id if step is not None else None)
        if step is None:
            lesson_progress.mark_finished(self.lesson.id)

    def advance(self, keep_then: bool = False) -> None:
        if not keep_then:
            self.then_line = ""
        self.index += 1
        self._entered()

    def actions_before(self, index: int) -> int:
        return sum(len(s.actions) for s in self.lesson.steps[:index])

    def stops_at(self, index: int) -> bool:
        """Whether the lesson waits for the learner at a step (Back goes to such a step)."""
        step = self.lesson.steps[index]
        return step.kind in ("next", "do") or step.say is not None

    def back(self) -> None:
        """To the step before this one that waits for the learner, the game as it was there."""
        j = self.index - 1
        while j > 0 and not self.stops_at(j):
            j -= 1
        if j < 0:
            return
        self.anim.finish()
        self.session.rewind(self.actions_before(j))
        self.index = j
        self.then_line = ""
        self.after_reset()
        self._entered()

    def skip(self) -> None:
        """Make the step's move for the learner (or let the script's come at once) and go on."""
        step = self.step
        if step is None:
            return
        if self.waiting or step.kind == "next":
            self.advance()
            return
        self.anim.finish()
        if step.kind == "do":
            self._play_scripted(step.do)
        elif step.kind == "opponent":
            self._play_scripted(step.opponent)
        else:
            self._play_quickly(step)

    def _play_scripted(self, text_of_action: str) -> None:
        try:
            action = self.state.parse_action(text_of_action)
        except IllegalActionError:
            return
        self.play(action)

    def _play_quickly(self, step) -> None:
        for action in step.actions:
            self.session.apply(action)
        self.anim.finish()
        self.moves_by = {0: [], 1: []}
        self._refresh()
        if step.say:
            self.waiting = True
        else:
            self.advance()

    # --- the game scene's hooks -------------------------------------------------------------

    def on_enter(self) -> None:
        kept = CURRENT.get("session")
        super().on_enter()
        CURRENT["session"] = kept           # a lesson is no game to continue from the title menu
        if self.app is not None:
            self.app.coach = LessonCoach(self)

    def after_reset(self) -> None:
        kept = CURRENT.get("session")
        super().after_reset()
        CURRENT["session"] = kept

    def on_exit(self) -> None:
        if self.app is not None and getattr(self.app.coach, "scene", None) is self:
            self.app.coach = None

    def choose(self, action) -> bool:
        step = self.step
        if step is not None and step.kind == "do" and not self.waiting:
            try:
                taught = self.state.parse_action(step.do)
            except IllegalActionError:
                taught = None
            if action == taught:
                return super().choose(action)
        if self.anim.busy or not self.session.human_to_act:
            return False
        if step is None:
            self.nudge = t("tutorial.nudge_done")
        elif step.kind == "do" and not self.waiting:
            self.nudge = nudge_for(action, self.taught_action(), step.nudge)
        else:
            self.nudge = t(NEXT_NUDGE)
        return False

    def play(self, action) -> None:
        if is_forfeit(action):               # "Concede" in a lesson: leave it (it can be continued)
            if self.app is not None:
                self.app.go_home()
            return
        step = self.step
        super().play(action)
        if step is None or self.waiting or step.kind not in ("do", "opponent"):
            return
        if str(action).lower() != step.actions[0].lower():
            return
        self.nudge = ""
        events = self.session.last_change[2] if self.session.last_change else []
        self.then_line = t(step.then, **then_params(events, action.player)) if step.then else ""
        if step.kind == "opponent" and step.say:
            self.waiting = True
        else:
            self.advance(keep_then=True)

    def tick(self, dt: float) -> None:
        super().tick(dt)
        self._drive(dt)

    def _drive(self, dt: float) -> None:
        """Let the script move: the opponent's scripted move, a quick jump."""
        step = self.step
        if step is None or self.waiting or self.anim.busy or self.app is None:
            return
        top = self.app.top
        if top is not self and not getattr(top, "allows_prompts", False) and type(top).__name__ != "TablePrompt":
            return
        if step.kind == "play":
            self._play_quickly(step)
        elif step.kind == "opponent" and self.state.current_player == self.lesson.opponent:
            if self.session.scripted is None:       # played after the usual pause (GameScene.tick)
                try:
                    self.session.scripted = self.state.parse_action(step.opponent)
                except IllegalActionError:
                    self.session.scripted = None

    # --- what the step points at -------------------------------------------------------------

    def taught_action(self):
        step = self.step
        if step is None or step.kind != "do" or self.waiting:
            return None
        try:
            return self.state.parse_action(step.do)
        except IllegalActionError:
            return None

    def target_rects(self) -> list:
        """Pixel rects of what the step is about: the taught action's next click, else its points."""
        if self.app is None or self.view is None:
            return []
        action = self.taught_action()
        if action is not None:
            rect = self.click_rect(action)
            return [rect] if rect is not None else []
        step = self.step
        if step is None:
            return []
        out = []
        for p in step.point:
            out.extend(self.point_rects(p))
        return out

    def click_rect(self, action):
        """The thing to click next for `action`, where it sits now (overlay or table)."""
        top = self.app.top
        pos = top.target_for(action) if hasattr(top, "target_for") and top is not self else self.target_for(action)
        if pos is None:
            return None
        own = []                            # the open overlay's own rows and buttons come first
        for name in ("options", "items"):
            group = getattr(top, name, None)
            if isinstance(group, (list, tuple)):
                own += [o.rect for o in group if isinstance(getattr(o, "rect", None), pygame.Rect)]
        rects = getattr(top, "rects", None)
        if isinstance(rects, list):
            own += [r for r, _ in rects]
        bar = getattr(top, "bar", None)
        own += [b.rect for b in getattr(bar, "buttons", []) or []]
        for candidates in (own if top is not self else [], [h.rect for h in self.view.hits]):
            inside = [r for r in candidates if r.collidepoint(pos)]
            if inside:
                return min(inside, key=lambda r: r.w * r.h)
        size = self.layout.px(60)
        return pygame.Rect(pos[0] - size // 2, pos[1] - size // 2, size, size)

    def point_rects(self, point) -> list:
        """Pixel rects of one `point` of a step (game/lesson.py's vocabulary)."""
        L = self.layout
        hits = self.view.hits
        kind, arg = point.kind, point.arg
        viewer = self.session.viewer
        if kind in ("card", "senator"):
            return [h.rect for h in hits if h.kind in ("slot", "city") and h.name == arg][:1]
        if kind == "wonder":
            top = self.app.top
            drafted = [r for r, name in getattr(top, "rects", []) if name == arg]
            return drafted or [h.rect for h in hits if h.kind == "wonder" and h.name == arg][:1]
        if kind == "token":
            return [h.rect for h in hits if h.kind in ("progress", "owned_progress") and h.name == arg][:1]
        if kind in ("conflict", "military"):
            return [L.rect(*G.TRACK)]
        if kind == "discard":
            return [L.rect(*G.DISCARD)]
        if kind in ("coins", "city", "science"):
            seat = seat_of(self.lesson, arg)
            band = G.bands(viewer)[seat]
            if kind == "coins":
                return [L.rect(*band.plate)]
            if kind == "city":
                return [L.rect(*band.city)]
            found = [h.rect for h in hits if h.kind == "science" and h.seat == seat]
            return found or [L.rect(*band.city_column(G.CITY_GROUPS.index("green")))]
        if kind == "senate":
            return [h.rect for h in hits if h.kind == "chamber" and h.data == int(arg) - 1][:1]
        if kind == "decree":
            return [h.rect for h in hits if h.kind == "decree" and h.name == arg][:1]
        if kind == "conspiracy":
            return [h.rect for h in hits if h.kind == "conspiracy" and h.seat == self.lesson.learner]
        if kind == "score":
            return [pygame.Rect(r) for r in getattr(self, "score_hits", {}).values()]
        return []

    # --- the coach (drawn by the App above every scene; App.coach) ------------------------------

    def coach_view(self) -> coach.CoachView:
        lesson = self.lesson
        if self.finished:
            chapters = join_words([t(f"rules.page.{c}.title") for c in lesson.more])
            body = t("tutorial.end.body") + ("\n" + t("tutorial.end.more", chapters=chapters) if chapters else "")
            return coach.CoachView(t(lesson.title) + " · " + t("tutorial.end.heading"), self.then_line, body,
                                   self.nudge, [("menu", t("tutorial.button.menu"), True),
                                                ("rules", t("tutorial.button.rules"), True),
                                                ("play", t("tutorial.button.play_easy"), True)])
        step = self.step
        n, total = lesson.step_number(self.index)
        heading = t("tutorial.heading", title=t(lesson.title), n=n, total=total)
        say = t(step.say) if step.say else ""
        if not say and step.kind == "opponent":
            say = t("tutorial.opponent_moves")
        buttons = [("back", t("tutorial.button.back"), self.index > 0)]
        if step.kind == "next" or self.waiting:
            buttons.append(("next", t("tutorial.button.next"), True))
        else:
            buttons.append(("skip", t("tutorial.button.skip"), True))
        sheet = self.score_sheet() if any(p.kind == "score" for p in step.point) else []
        return coach.CoachView(heading, self.then_line, say, self.nudge, buttons, sheet)

    def score_sheet(self) -> list:
        """The final score sheet (label, learner, opponent, is total) once the game is over."""
        from game import CATEGORIES
        result = self.state.result
        if result is None:
            return []
        me, them = self.lesson.learner, self.lesson.opponent
        cats = [c for c in CATEGORIES if c != "senate" or self.lesson.agora] + ["total"]
        out = [("", t("who.you"), t("who.opponent"), True)]
        for cat in cats:
            out.append((t(f"score.{cat}"), str(result.scores[me].get(cat, 0)), str(result.scores[them].get(cat, 0)),
                        cat == "total"))
        return out

    def keep_clear(self) -> list:
        """Pixel rects the coach must not cover: the step's targets and the open overlay's panel."""
        out = list(self.target_rects())
        top = self.app.top if self.app is not None else None
        for name in ("rect", "panel_rect"):
            r = getattr(top, name, None)
            if isinstance(r, pygame.Rect) and top is not self:
                out.append(r)
        return out

    def coach_shown(self) -> bool:
        if self.app is None or self not in self.app.stack:
            return False
        top = self.app.top
        name = type(top).__name__
        return top is self or (getattr(top, "game", None) is self and name != "DiscardScene"
                               and (name == "AgeScene" or not getattr(top, "pauses_game", False)))


def coach_handle(scene: TutorialScene, event) -> bool:
    if not scene.coach_shown() or scene.laid is None:
        return False
    if event.type == pygame.KEYDOWN:
        # Enter or Space: Next (only when the panel offers it: no move is waited for); Backspace: Back.
        offered = {ident for ident, _, enabled in scene.coach_view().buttons if enabled}
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and "next" in offered:
            press(scene, "next")
            return True
        if event.key == pygame.K_BACKSPACE and "back" in offered:
            press(scene, "back")
            return True
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return any(r.collidepoint(event.pos) for r in scene.laid.buttons.values())
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for ident, r in scene.laid.buttons.items():
            if r.collidepoint(event.pos):
                press(scene, ident)
                return True
    return False


def press(scene: TutorialScene, ident: str) -> None:
    """A coach button: back, skip, next; at the end menu, rules, play."""
    if ident == "back":
        scene.back()
    elif ident == "skip":
        scene.skip()
    elif ident == "next":
        scene.advance()
    elif ident == "menu":
        scene.app.go_home()
    elif ident == "rules":
        from ui.scenes.rules import PAGES, RulesScene
        ids = [p[0] for p in PAGES]
        first = next((ids.index(c) for c in scene.lesson.more if c in ids), 0)
        scene.app.push(RulesScene(first))
    elif ident == "play":
        first_game(scene.app, scene.lesson.agora)


def coach_draw(scene: TutorialScene, surface) -> None:
    if not scene.coach_shown():
        scene.laid = None
        return
    L = scene.layout
    view = scene.coach_view()
    targets = scene.target_rects()
    if targets and not scene.anim.busy:
        coach.draw_targets(surface, L, targets, scene.time)
    scene.laid = coach.choose_place(L, view, scene.keep_clear(), scene.lesson.agora)
    coach.draw(surface, L, view, scene.laid, pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1))


class LessonCoach:
    """What the App calls: draw above every scene, take the clicks on the panel's buttons."""

    def __init__(self, scene: TutorialScene) -> None:
        self.scene = scene

    def draw(self, surface) -> None:
        if self.scene.app is None or self.scene not in self.scene.app.stack:
            return
        coach_draw(self.scene, surface)

    def handle_event(self, event) -> bool:
        if self.scene.app is None or self.scene not in self.scene.app.stack:
            return False
        return coach_handle(self.scene, event)


def first_game(app, agora: bool) -> None:
    """A first real game against Easy, with the hints on for that game."""
    from ui.scenes.game import GameScene
    from ui.table.session import GameConfig, GameSession, SeatSetup, think_seconds
    config = GameConfig(agora=agora, first="me", seats=[SeatSetup("human"), SeatSetup("ai", "easy", think_seconds("easy"))])
    session = GameSession(config)
    scene = GameScene(session)
    scene.hints_on = True
    app.go_home()
    app.push(scene)


def open_lesson(app, lesson_id: str, start_over: bool = False) -> bool:
    """Open a lesson at the step it was left at (or its start); a broken lesson file is said in a
    dialog, never a crash. True when the lesson opened."""
    try:
        lesson = load_lesson(lesson_id)
    except LessonError as exc:
        from ui.scenes.dialog import DialogScene
        app.push(DialogScene(t("tutorial.broken.title"), str(exc), [(t("dialog.close"), None)]))
        return False
    start = 0
    if start_over:
        lesson_progress.remember(lesson.id, None)
    else:
        left = lesson_progress.step_of(lesson.id)
        found = lesson.index_of(left) if left else None
        start = found or 0
    scene = TutorialScene(lesson, start)
    app.push(scene)
    return True
