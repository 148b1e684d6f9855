"""Screenshots of every kind of decision prompt (the 23 of tests/test_ui_targets.py), at one
window size, in English and Korean, with a contact sheet of them all.

    .venv/bin/python tools/prompt_shots.py 1102x620 /tmp/shots47 [--lang en --lang ko] [--kind keep]

Runs headless (SDL dummy driver)."""
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
    parser.add_argument("--lang", action="append")
    parser.add_argument("--kind", action="append")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from main import parse_size
    from ui.text import i18n
    from ui.files import storage
    from ui.files.settings import SETTINGS
    from ui.shell.app import App
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from test_ui_targets import POSITIONS, hot_seat_session

    storage.use(storage.Storage.under(Path(tempfile.mkdtemp())))
    SETTINGS.animation_speed = "instant"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    size = parse_size(args.size)
    app = App(size, home=MenuScene)
    shots = []
    for lang in args.lang or ["en", "ko"]:
        i18n.set_language(lang)
        for kind in args.kind or sorted(POSITIONS):
            app.reset(GameScene(hot_seat_session(*POSITIONS[kind])))
            for _ in range(4):
                app.step(1 / 60)
            path = out / f"{kind}-{lang}-{size[0]}x{size[1]}.png"
            pygame.image.save(app.screen, str(path))
            shots.append((f"{kind} {lang}", path))
    _sheet(shots, out / f"sheet-{size[0]}x{size[1]}.png", size)
    app.close()
    return 0


def _sheet(shots, path, size, per_row=6):
    """Every shot at a quarter of its size, in rows, captioned."""
    import pygame
    from ui.draw import fonts
    w, h = size[0] // 3, size[1] // 3
    rows = (len(shots) + per_row - 1) // per_row
    sheet = pygame.Surface((per_row * w, rows * (h + 16)))
    sheet.fill((40, 30, 20))
    for n, (caption, shot) in enumerate(shots):
        r, c = divmod(n, per_row)
        img = pygame.transform.smoothscale(pygame.image.load(str(shot)), (w, h))
        sheet.blit(img, (c * w, r * (h + 16) + 16))
        sheet.blit(fonts.render(caption, 13, (255, 240, 200)), (c * w + 4, r * (h + 16)))
    pygame.image.save(sheet, str(path))


if __name__ == "__main__":
    sys.exit(main())
