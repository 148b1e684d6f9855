"""Testing mode: a whole game, AI against AI, through the real scenes and input handlers.

Seat 0 is played by a "pilot": an AI player whose choices are turned into synthetic
pygame mouse events at the widgets, exactly as a person would click them: the table's
cards and the card popup's rows, a decision's targets in place on the table (the Chamber,
the token, the card), its off-table choices in the prompt bar (counted per decision in
the result's "prompt_clicks"). Seat 1 is the ordinary AI opponent — or, with --hotseat,
the pilot plays both seats of a two-player game and clicks through every hand-over
screen. The run starts at the title menu and goes through the new-game screen. Frame
times are measured per frame. Nothing is saved unless --data-dir is given.
"""
from __future__ import annotations

import json
import logging
import statistics
import sys
import time

import pygame

from ui.text.i18n import set_language
from ui.draw.layout import DESIGN_SIZE
from ui.files.settings import SETTINGS
from ui.table.ai_worker import AIWorker, PlayerSpec

log = logging.getLogger(__name__)

CLICK_EVERY = 3          # frames between two synthetic clicks (scenes react in between)
STUCK_FRAMES = 1200      # a human decision nobody can click for this long is a bug


def click(pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


class Pilot:
    """Decides seat 0's moves with an AI and clicks them in."""

    def __init__(self, name: str, seed: int) -> None:
        self.specs = [PlayerSpec(name, seed), PlayerSpec(name, seed + 1)]     # one per seat (hot-seat)
        self.worker: AIWorker | None = None
        self.version = None
        self.action = None
        self.wait = 0
        self.idle = 0
        self.handovers = 0
        self.prompt_clicks: dict[str, int] = {}     # 'table:senate' -> clicks made on the table for it

    def step(self, app, frame: int) -> None:
        from ui.scenes.game import GameScene
        from ui.scenes.menu import MenuScene
        from ui.scenes.setup import SetupScene

        top = app.top
        if frame % CLICK_EVERY:
            return
        if isinstance(top, MenuScene):
            click(top.group.buttons[0].rect.center)
            return
        if isinstance(top, SetupScene):
            self._setup(top)
            return
        game = next((s for s in app.stack if isinstance(s, GameScene)), None)
        if game is None:
            return
        age_or_over = type(top).__name__
        if age_or_over in ("AgeScene", "HandOverScene"):
            target = top.target_for(None)
            if target is not None:
                self.handovers += age_or_over == "HandOverScene"
                click(target)
            return
        session = game.session
        if not session.human_to_act or game.anim.busy:
            self.idle = 0
            return
        if self.version != session.version:
            if self.worker is None or self.worker.version != session.version:
                self.worker = AIWorker(self.specs[session.actor], session.state, session.actor)
                self.worker.version = session.version
            if not self.worker.done:
                return
            self.action = self.worker.result()
            self.version = session.version
        target = top.target_for(self.action) if hasattr(top, "target_for") else None
        if target is None:
            self.idle += CLICK_EVERY
            if self.idle > STUCK_FRAMES:
                raise RuntimeError(f"autoplay: nothing to click for {self.action} on {type(top).__name__}")
            return
        self.idle = 0
        place = top.place_of(self.action) if hasattr(top, "place_of") else None
        if place is not None:       # a decision answered through the prompt: count where it was clicked
            self.prompt_clicks[f"{place}:{session.state.decision}"] = \
                self.prompt_clicks.get(f"{place}:{session.state.decision}", 0) + 1
        click(target)

    def _setup(self, scene) -> None:
        for key, value in scene.pilot_wishes.items():
            target = scene.target_for_wish(key, value)
            if target is not None:
                click(target)
                return
        click(scene.target_for_start())


def prepare_pilot(args):
    """What every pilot of the window sets up from its command line: warnings logged, the
    player's files in --data-dir (or in memory), the language, quick animations and AI.
    Returns the storage in use before, to be put back at the end."""
    from ui.files import storage

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    data_dir = getattr(args, "data_dir", None)
    previous = storage.use(storage.Storage.under(data_dir) if data_dir else storage.Storage.memory())
    if getattr(args, "lang", None):
        set_language(args.lang)
    SETTINGS.animation_speed = getattr(args, "anim_speed", None) or "fast"
    SETTINGS.ai_delay = 0.1
    return previous


def run_autoplay(args) -> int:
    from ui.files import storage
    from ui.shell.app import App
    from ui.scenes.menu import MenuScene
    from ui.scenes.setup import SetupScene

    previous = prepare_pilot(args)
    seed = args.seed if args.seed is not None else 1
    p0, p1 = args.p0 or "random", args.p1 or "random"
    hotseat = bool(getattr(args, "hotseat", False))
    SetupScene.pilot_wishes = {"mode": "hotseat" if hotseat else "ai", "agora": "off" if args.base_only else "on",
                               "first": "random"}
    if not hotseat:
        SetupScene.pilot_wishes = {"mode": "ai", "opponent": p1, **SetupScene.pilot_wishes}
    SetupScene.forced_seed = seed
    start = time.perf_counter()
    app = App(size=getattr(args, "size", None) or DESIGN_SIZE, home=MenuScene)
    app.push(MenuScene())
    pilot = Pilot(p0, seed + 7)
    times: list[float] = []
    done_frames = 0
    first_frame = None
    code = 0
    try:
        while app.running and app.stack:
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append(time.perf_counter() - t0)
            if first_frame is None:
                first_frame = time.perf_counter() - start
            frame = len(times)
            if app.last_error is not None:
                log.error("autoplay stopped by an error: %r", app.last_error)
                code = 1
                break
            try:
                pilot.step(app, frame)
            except Exception as exc:
                log.error("%s", exc)
                code = 1
                break
            if type(app.top).__name__ == "GameOverScene":
                done_frames += 1
                if done_frames > 30 and args.exit_when_done:
                    break
        if args.screenshot:
            app.save_screenshot(args.screenshot)
        result = _result(app)
        if result is not None and hotseat:
            result["handovers"] = pilot.handovers
        if result is not None:
            result["prompt_clicks"] = dict(sorted(pilot.prompt_clicks.items()))
    finally:
        app.close()
        storage.use(previous)
    wall = time.perf_counter() - start
    if args.frame_stats:
        print(json.dumps(frame_stats(times, wall, first_frame, result)), flush=True)
    elif result:
        print(json.dumps(result), flush=True)
    return code


def _result(app):
    from ui.scenes.game import GameScene
    game = next((s for s in app.stack if isinstance(s, GameScene)), None)
    if game is None or game.session.state.result is None:
        return None
    r = game.session.state.result
    return {"winner": r.winner, "victory": r.victory, "totals": [r.scores[0]["total"], r.scores[1]["total"]],
            "actions": len(game.session.state.history), "agora": game.session.state.agora,
            "mode": game.session.mode}


def frame_stats(times: list[float], wall: float, first_frame, result) -> dict:
    ms = sorted(t * 1000 for t in times) or [0.0]

    def pct(q):
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 2)

    out = {"frames": len(times), "fps_mean": round(len(times) / wall, 1) if wall else 0.0,
           "frame_ms_p50": pct(0.50), "frame_ms_p95": pct(0.95), "frame_ms_p99": pct(0.99),
           "frame_ms_mean": round(statistics.fmean(ms), 2), "first_frame_s": round(first_frame or 0, 3),
           "seconds": round(wall, 2)}
    if result:
        out["game"] = result
    return out


if __name__ == "__main__":
    sys.exit("run through main.py --autoplay")
