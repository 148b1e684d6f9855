"""Frame-time figures of the game window (issue: 60 fps at 1600x900, menu within 2 s).

    python bench/ui_frames.py [--speed normal|fast|turbo] [--seed S] [--base-only]

Plays one AI-against-AI game through the real scenes (main.py --autoplay, headless unless
a display is set) and prints one JSON line: frames, fps_mean, frame_ms_p50/p95/p99, plus
the time to the first menu frame of a cold start.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def first_menu_frame_seconds(tmp: Path) -> float:
    """Wall time of a cold start that draws one menu frame and saves it."""
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--size", "1600x900", "--screenshot", str(tmp),
                    "--exit-after-frames", "1"], check=True, capture_output=True, cwd=ROOT)
    return round(time.perf_counter() - start, 3)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", default="normal", choices=("slow", "normal", "fast", "turbo"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base-only", action="store_true")
    parser.add_argument("--size", default="1600x900")
    opts = parser.parse_args()

    import main as entry
    from ui.testing.autoplay import run_autoplay

    args = entry.parse_args(["--autoplay", "--seed", str(opts.seed), "--frame-stats", "--exit-when-done",
                             "--size", opts.size] + (["--base-only"] if opts.base_only else []))
    args.anim_speed = opts.speed
    import contextlib
    import io
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = run_autoplay(args)
    stats = json.loads(buffer.getvalue().strip().splitlines()[-1])
    stats["speed"] = opts.speed
    stats["size"] = opts.size
    stats["menu_first_frame_s"] = first_menu_frame_seconds(Path("/tmp") / "agora_bench_menu.png")
    print(json.dumps(stats))
    return code


if __name__ == "__main__":
    sys.exit(main())
