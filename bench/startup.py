"""Cold start to the first menu frame: this checkout against an earlier commit, side by side.

    python bench/startup.py [--runs 9] [--base fd3ecee] [--display :52]
                            [--build DIR] [--base-build DIR] [--make-builds]

Each run is a new process, `main.py --exit-after-frames 1` (the window opens, the title
menu draws one frame and is presented, then the app exits); its wall time, from the
process's start to its exit, is the figure: an upper bound on the time to the first menu
frame (the exit after it takes a few milliseconds).

Variants: this checkout from source, and the earlier commit's source (`git archive` into a
temporary folder); with --build / --base-build (a one-folder PyInstaller app, the folder
holding the AgoraDuel executable) or --make-builds (builds both now, minutes), the two apps
too. Runs alternate between the variants (ABAB...), after one untimed warm-up run each
(it writes Python's bytecode caches, even where PYTHONDONTWRITEBYTECODE is set, and fills the
disk cache), so a busy machine slows all of them alike.
Headless (SDL's dummy video driver) unless --display names an X display; sound is off
(SDL's dummy audio driver) either way. Prints the median, min and max wall time of each, in
seconds, and the median CPU time (user + system: less swayed by other work on the machine).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = "1280x720"


def export_commit(commit: str, folder: Path) -> Path:
    """The commit's tracked files, unpacked into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def build_app(tree: Path, out: Path) -> Path:
    """PyInstaller's one-folder app of the tree's build.spec (nice'd: it takes minutes)."""
    subprocess.run(["nice", sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(out / "dist"), "--workpath", str(out / "work"), str(tree / "build.spec")],
                   cwd=out, check=True)
    return out / "dist" / "AgoraDuel"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run."""
    cpu, start = _children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    elapsed, cpu = time.perf_counter() - start, _children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each variant (default 9)")
    parser.add_argument("--base", default="fd3ecee", help="the earlier commit (default fd3ecee)")
    parser.add_argument("--display", help="an X display (e.g. :52) for a real window; default headless")
    parser.add_argument("--build", type=Path, help="this checkout's one-folder app")
    parser.add_argument("--base-build", type=Path, help="the earlier commit's one-folder app")
    parser.add_argument("--make-builds", action="store_true", help="build both apps first (minutes)")
    args = parser.parse_args(argv)

    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)      # a player's source start reads cached bytecode
    if args.display:
        env["DISPLAY"] = args.display
        env.pop("SDL_VIDEODRIVER", None)
    else:
        env["SDL_VIDEODRIVER"] = "dummy"

    with tempfile.TemporaryDirectory(prefix="agora-startup-") as scratch:
        scratch = Path(scratch)
        base_tree = export_commit(args.base, scratch / "base")
        if args.make_builds:
            args.build = build_app(ROOT, scratch / "build-new")
            args.base_build = build_app(base_tree, scratch / "build-base")
        variants: dict[str, tuple[list[str], Path]] = {
            "source (this checkout)": ([sys.executable, str(ROOT / "main.py")], ROOT),
            f"source ({args.base})": ([sys.executable, str(base_tree / "main.py")], base_tree),
        }
        if args.build:
            variants["build (this checkout)"] = ([str(args.build / "AgoraDuel")], scratch)
        if args.base_build:
            variants[f"build ({args.base})"] = ([str(args.base_build / "AgoraDuel")], scratch)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
        commands = {}
        for i, (name, (program, cwd)) in enumerate(variants.items()):
            data = scratch / f"data-{i}"            # each its own saves and settings
            commands[name] = (program + ["--data-dir", str(data), "--size", SIZE, "--lang", "en",
                                         "--exit-after-frames", "1"], cwd)
            timed_run(*commands[name], env)         # warm-up, not counted
        for _ in range(args.runs):
            for name, (command, cwd) in commands.items():
                times[name].append(timed_run(command, cwd, env))

    where = f"X display {args.display}" if args.display else "headless (SDL dummy video)"
    print(f"Start to first menu frame, {args.runs} runs each, {where}, {SIZE}; seconds:")
    width = max(len(name) for name in times)
    for name, runs in times.items():
        wall, cpu = [w for w, _ in runs], [c for _, c in runs]
        print(f"  {name:<{width}}  median {statistics.median(wall):.3f}   min {min(wall):.3f}   "
              f"max {max(wall):.3f}   (CPU median {statistics.median(cpu):.3f})")
    return 0


if __name__ == "__main__":
    if shutil.which("git") is None:
        raise SystemExit("bench/startup.py needs git (to unpack the earlier commit)")
    sys.exit(main())
