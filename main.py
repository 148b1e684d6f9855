"""Agora Duel — start the desktop window (or, with --server, the headless game server).

Only command-line parsing lives here; everything else is in ui/, game/ and net/.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

MIN_SIZE = (640, 360)
MAX_SIZE = (7680, 4320)
LANGUAGES = ("en", "ko")


def parse_size(text: str) -> tuple[int, int]:
    """'1600x900' -> (1600, 900), for argparse."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT (for example 1600x900)")
    size = (int(match.group(1)), int(match.group(2)))
    if not (MIN_SIZE[0] <= size[0] <= MAX_SIZE[0] and MIN_SIZE[1] <= size[1] <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range: width {MIN_SIZE[0]}-{MAX_SIZE[0]}, height {MIN_SIZE[1]}-{MAX_SIZE[1]}")
    return size


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def ai_names() -> list[str]:
    """The AI players --p0/--p1 accept (game.ai's registry); none when the AI's data is
    damaged (check_data() then stops the game with one clear line)."""
    from game.data import DataError
    try:
        from game.ai import available
    except DataError:
        return []
    return available()


def default_folders() -> tuple[str, str]:
    """Where saves and settings go without --data-dir (for the help text)."""
    try:
        import platformdirs
        from game.userdata import APP_NAME, SAVES_FOLDER, SETTINGS_FILE
        return (str(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / SAVES_FOLDER),
                str(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / SETTINGS_FILE))
    except Exception:                      # the help must print even without platformdirs
        return ("your user data folder", "your user config folder")


def build_parser() -> argparse.ArgumentParser:
    saves, settings = default_folders()
    parser = argparse.ArgumentParser(
        description="Agora Duel: 7 Wonders Duel with the Agora expansion, for two players —\n"
                    "against the computer, or two people sharing one screen (hot-seat).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"""files:
  Every game is saved after each move (Continue and Load in the main menu); every
  finished game is kept in your history (history.sqlite3 beside saves; statistics,
  replays; `python -m game history export FILE` copies it out).
    saves:     {saves}
    settings:  {settings}
  --data-dir PATH uses PATH/saves and PATH/settings.json instead. Options given here
  (--size, --fullscreen, --lang) win over the settings for this run only.

keys in a game:
  Esc menu · Ctrl+Z or Backspace take back a move (when take-backs are on) · F11 fullscreen · M sound off/on
  Left/Right or Tab pick a card · Enter its actions · 1-9 or Tab+Enter choose a highlighted target · Space skip an animation""")
    parser.add_argument("--size", type=parse_size, metavar="WxH",
                        help="window size in pixels, e.g. 1600x900 or 1280x720 (default: the size chosen in the "
                             "settings, else the largest of 1280x720, 1600x900, 1920x1080 and 2560x1440 "
                             "that fits the screen)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="interface language (default: from the settings, else the system locale)")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="save a PNG of the window when the app exits (for tests)")
    parser.add_argument("--exit-after-frames", type=positive_int, metavar="N",
                        help="quit after N frames (with --screenshot, default 3)")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="folder for saved games (PATH/saves) and settings (PATH/settings.json) "
                             "instead of your user folders (see 'files' below)")
    parser.add_argument("--selftest", action="store_true",
                        help="check data, art, text, one AI game and one online game on this computer "
                             "headless, then exit (0 = all good)")
    parser.add_argument("--server", action="store_true",
                        help="run the online game server instead of the window: every option after "
                             "--server is the server's, e.g. --server --port 8765 --data-dir DIR "
                             "(--server --help lists them; docs/server.md)")
    parser.add_argument("--tutorial", metavar="LESSON",
                        help="open a lesson of Learn to play: base or agora (with --autoplay: a pilot follows it)")
    test = parser.add_argument_group("testing")
    test.add_argument("--autoplay", action="store_true",
                      help="play a whole game AI against AI through the real screens (synthetic input)")
    test.add_argument("--seed", type=int, help="game seed for --autoplay")
    names = ai_names()
    test.add_argument("--p0", metavar="NAME", choices=names or None,
                      help=f"AI that clicks for seat 0 in --autoplay: {', '.join(names)} (default random)")
    test.add_argument("--p1", metavar="NAME", choices=names or None,
                      help=f"AI opponent in --autoplay: {', '.join(names)} (default random)")
    test.add_argument("--base-only", action="store_true", help="--autoplay the base game (no Agora)")
    test.add_argument("--hotseat", action="store_true",
                      help="--autoplay a two-player game: the clicking AI plays both seats through every hand-over")
    test.add_argument("--frame-stats", action="store_true",
                      help="print one JSON line of frame-time statistics at the end of --autoplay")
    test.add_argument("--show-errors", action="store_true",
                      help="show a start-up error (damaged data) in a window, as the packaged app does")
    test.add_argument("--exit-when-done", action="store_true", help="quit --autoplay once the game is over")
    test.add_argument("--lesson-shots", metavar="DIR",
                      help="with --tutorial --autoplay: save a screenshot of every step of the lesson in DIR")
    return parser


SERVER_FLAG = "--server"


def split_server_args(argv: list[str]) -> list[str] | None:
    """The server's own options when the command line asks for the server (`--server` first,
    then net.server's options), else None. The game's options cannot be mixed in."""
    if SERVER_FLAG not in argv:
        return None
    at = argv.index(SERVER_FLAG)
    if at:
        build_parser().error(f"{SERVER_FLAG} must come first: the options after it are the server's")
    return argv[at + 1:]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    args = build_parser().parse_args(argv)
    if args.screenshot and args.exit_after_frames is None and not args.autoplay:
        args.exit_after_frames = 3
    return args


def check_data() -> str | None:
    """A broken data/cards.yaml, AI data file (data/ai_weights.json, data/ai_choices.json)
    or text catalogue stops the game with one clear line, never a traceback (nor a window
    full of untranslated keys)."""
    from game.data import DataError, load_database
    try:
        load_database()
        from game.ai import weights
        weights.load_weights(weights.DEFAULT_PATH)
        weights.load_choice_values(weights.CHOICES_PATH)
    except DataError as exc:
        return str(exc)
    return check_catalogues()


def check_catalogues() -> str | None:
    import yaml

    from ui.files.paths import locale_dir
    folder = locale_dir()
    paths = [folder / f"{code}.yaml" for code in LANGUAGES]
    paths += [p for code in LANGUAGES for p in sorted((folder / code).glob("*.yaml"))]
    for path in paths:
        where = f"data/locale/{path.relative_to(folder).as_posix()}"
        try:
            # libyaml's loader where PyYAML has it: the pure-Python one took most of a second
            tree = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except OSError as exc:
            return f"{where}: cannot be read ({exc.strerror or exc})"
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = f" line {mark.line + 1}" if mark is not None else ""
            return f"{where}{line}: not valid YAML ({getattr(exc, 'problem', None) or 'syntax error'})"
        if not isinstance(tree, dict):
            return f"{where}: not a table of texts"
    return None


def run_server(server_args: list[str]) -> int:
    """The headless server (net.server's own command line), as `python -m net.server`."""
    if "-h" not in server_args and "--help" not in server_args:
        problem = check_data()
        if problem:
            if sys.stderr is not None:
                print(f"Agora Duel cannot start the server: the game data is damaged.\n  {problem}",
                      file=sys.stderr)
            return 2
    from net.server import main as server_main
    try:
        return server_main(server_args, prog=f"{Path(sys.argv[0]).name} {SERVER_FLAG}")
    except SystemExit as stop:               # --help, or a wrong server option (argparse)
        return stop.code if isinstance(stop.code, int) else 1


def no_console() -> bool:
    """A packaged app started from the desktop: nobody would read stderr."""
    return bool(getattr(sys, "frozen", False)) or sys.stderr is None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    server_args = split_server_args(argv)
    if server_args is not None:
        return run_server(server_args)
    args = parse_args(argv)
    if args.selftest:
        from ui.testing.selftest import run as selftest
        return selftest()
    problem = check_data()
    if problem:
        if sys.stderr is not None:
            print(f"Agora Duel cannot start: the game data is damaged.\n  {problem}", file=sys.stderr)
        if no_console() or args.show_errors:
            from ui.scenes.error import show_startup_error
            show_startup_error(problem, frames=args.exit_after_frames, screenshot=args.screenshot)
        return 2
    if args.autoplay and args.tutorial:
        from ui.testing.lesson_pilot import run_lesson_pilot
        return run_lesson_pilot(args)
    if args.autoplay:
        from ui.testing.autoplay import run_autoplay
        return run_autoplay(args)
    from ui.shell.app import run  # after parsing, so --help and errors don't start pygame

    return run(args)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()     # the AI runs in a child process (frozen builds need this)
    sys.exit(main())
