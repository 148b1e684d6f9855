"""`--tutorial LESSON --autoplay`: a pilot goes through a lesson the way a new player would.

It clicks what each step asks, through the real scenes and input handlers: the highlighted
target of a taught move (the card, the row of the card's popup, the Wonder of the draft, the
token of a prompt — wherever the open scene says it is: `target_for`), the coach's Next
button where the step only asks to read, the Age banner. The scripted opponent and the quick
jumps play by themselves. It ends when the lesson's end panel shows (exit 0), or with a
message naming the step that could not be completed (exit 1). `--lesson-shots DIR` saves a
screenshot of every step (for looking at each step's layout).
"""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from ui.draw.layout import DESIGN_SIZE
from ui.testing.autoplay import CLICK_EVERY, click, prepare_pilot

log = logging.getLogger(__name__)

STUCK_FRAMES = 1800       # a step that neither moves nor changes for this long is a failure


class LessonPilot:
    def __init__(self, shots: Path | None = None) -> None:
        self.shots = shots
        self.mark = None          # (step index, session version, waiting) when things last moved
        self.still = 0
        self.shot_taken = set()
        self.clicks = 0

    def step(self, app, frame: int) -> bool:
        """One look at the screen; True once the lesson is over."""
        from ui.scenes.tutorial import TutorialScene
        scene = next((s for s in app.stack if isinstance(s, TutorialScene)), None)
        if scene is None:
            raise RuntimeError("lesson pilot: the lesson's table is gone")
        top = app.top
        mark = (scene.index, scene.session.version, scene.waiting)
        if mark != self.mark:
            self.mark, self.still = mark, 0
        else:
            self.still += 1
            if self.still > STUCK_FRAMES:
                step = scene.step
                raise RuntimeError(f"lesson pilot: step '{step.id if step else 'end'}' of '{scene.lesson.id}' "
                                   f"could not be completed (waiting on {type(top).__name__})")
        if frame % CLICK_EVERY:
            return False
        if scene.finished:
            self._shoot(app, scene, "end")
            return True
        name = type(top).__name__
        if name == "AgeScene":
            click(top.target_for(None))
            return False
        if scene.anim.busy or scene.laid is None:
            return False
        step = scene.step
        if scene.waiting or step.kind == "next":
            self._shoot(app, scene, step.id)
            self._press(scene, "next")
            return False
        if step.kind != "do" or not scene.session.human_to_act:
            return False
        action = scene.taught_action()
        if action is None:
            return False
        pos = top.target_for(action) if top is not scene and hasattr(top, "target_for") else scene.target_for(action)
        if pos is None:
            return False
        self._shoot(app, scene, step.id)
        click(pos)
        self.clicks += 1
        return False

    def _press(self, scene, ident: str) -> None:
        rect = scene.laid.buttons.get(ident) if scene.laid is not None else None
        if rect is not None:
            click(rect.center)
            self.clicks += 1

    def _shoot(self, app, scene, label: str) -> None:
        if self.shots is None:
            return
        key = (scene.index, label, type(app.top).__name__)
        if key in self.shot_taken:
            return
        self.shot_taken.add(key)
        app.save_screenshot(self.shots / f"{scene.lesson.id}-{scene.index + 1:02d}-{label}-{type(app.top).__name__}.png")


def run_lesson_pilot(args) -> int:
    from ui.files import storage
    from ui.scenes.menu import MenuScene
    from ui.scenes.tutorial import open_lesson
    from ui.shell.app import App

    previous = prepare_pilot(args)
    shots = Path(args.lesson_shots) if getattr(args, "lesson_shots", None) else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    app = App(size=getattr(args, "size", None) or DESIGN_SIZE, home=MenuScene)
    app.push(MenuScene())
    pilot = LessonPilot(shots)
    code, frames, done = 0, 0, 0
    try:
        if not open_lesson(app, args.tutorial, start_over=True):
            log.error("lesson pilot: %s", getattr(app.top, "body", "the lesson cannot be opened"))
            return 1
        while app.running and app.stack:
            app.step(1 / 60)
            frames += 1
            if app.last_error is not None:
                log.error("lesson pilot stopped by an error: %r", app.last_error)
                code = 1
                break
            try:
                finished = pilot.step(app, frames)
            except RuntimeError as exc:
                log.error("%s", exc)
                code = 1
                break
            if finished:
                done += 1
                if done > 3 and args.exit_when_done:
                    break
        if args.screenshot:
            app.save_screenshot(args.screenshot)
        from ui.scenes.tutorial import TutorialScene
        scene = next((s for s in app.stack if isinstance(s, TutorialScene)), None)
        result = {"lesson": args.tutorial, "finished": bool(scene and scene.finished), "frames": frames,
                  "clicks": pilot.clicks, "seconds": round(time.perf_counter() - start, 2)}
        if scene is not None:
            result["steps"] = len(scene.lesson.steps)
        print(json.dumps(result), flush=True)
        if code == 0 and not result["finished"]:
            code = 1
    finally:
        app.close()
        storage.use(previous)
    return code
