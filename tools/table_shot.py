"""Screenshot of a crowded late-Age-III Agora table (tests/crowded.py) at a window size.

    .venv/bin/python tools/table_shot.py 1280x720 shot.png [--lang ko] [--hover slot|city|...]

Runs headless (SDL dummy driver) unless DISPLAY-based drivers are asked for."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("size")
    parser.add_argument("out")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hover", help="hover the first thing of this kind (shows its tooltip)")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from main import parse_size
    from ui.text import i18n
    from ui.files import storage
    from ui.shell.app import App
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from crowded import crowded_session

    storage.use(storage.Storage.under(Path(tempfile.mkdtemp())))
    i18n.set_language(args.lang)
    app = App(parse_size(args.size), home=MenuScene)
    session = crowded_session(args.seed)
    scene = GameScene(session)
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    if args.hover:
        hit = next(h for h in scene.view.hits if h.kind == args.hover)
        scene.hover_at(hit.rect.center)
        for _ in range(30):
            app.step(1 / 60)
    import pygame
    pygame.image.save(app.screen, args.out)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
