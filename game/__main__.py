"""Command line: `python -m game simulate ...`, `python -m game analyse SAVEFILE`,
`python -m game history export|import FILE` (see --help)."""

import argparse
import json
import sys

from .ai import available
from .data import DataError


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description="Agora Duel rules engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play headless games and print statistics")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    sim.add_argument("--p0", default="random", choices=available(), help="player in seat 0")
    sim.add_argument("--p1", default="random", choices=available(), help="player in seat 1")
    sim.add_argument("--think", type=float, default=None, metavar="SECONDS",
                     help="thinking time per decision for search players")
    sim.add_argument("--base-only", action="store_true", help="base game without Agora")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    ana = sub.add_parser("analyse", help="estimate a saved game's chance to win after every decision")
    ana.add_argument("savefile", help="a saved game (.json)")
    ana.add_argument("--seconds", type=float, default=0.3, metavar="S",
                     help="search time per decision (default 0.3)")
    ana.add_argument("--iterations", type=int, default=None,
                     help="a fixed number of search iterations per decision instead (repeatable)")
    ana.add_argument("--seat", type=int, choices=(0, 1), default=None,
                     help="whose chance to show (default: the human seat, or seat 0)")
    ana.add_argument("--seed", type=int, default=0, help="search seed (default 0)")
    ana.add_argument("--json", action="store_true", help="print one JSON object")
    his = sub.add_parser("history", help="copy the history of finished games out to a file, or back in",
                         description="The history of finished games (history.sqlite3 in the data folder) "
                                     "as JSON lines: one saved game per line (docs/save-format.md).")
    his.add_argument("action", choices=("export", "import"),
                     help="export: write every game to FILE; import: add FILE's games, skipping duplicates")
    his.add_argument("file", metavar="FILE", help="the JSON-lines file ('-' for standard output/input)")
    his.add_argument("--data-dir", metavar="PATH", default=None,
                     help="the game's data folder (default: the same per-user folder as the window, "
                          "or the window's --data-dir)")
    args = parser.parse_args(argv)
    if args.command == "analyse":
        return _analyse(parser, args)
    if args.command == "history":
        return _history(args)
    if args.games < 1:
        parser.error("--games must be at least 1")

    from .simulate import simulate
    try:
        stats = simulate(args.games, args.seed, args.p0, args.p1, agora=not args.base_only,
                         think_seconds=args.think)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({k: v for k, v in stats.items() if k != "error_messages"}))
    else:
        mode = "Agora" if stats["agora"] else "base game"
        print(f"{stats['games']} {mode} games, {args.p0} (seat 0) vs {args.p1} (seat 1)")
        print(f"  wins: seat 0 {stats['wins'][0]}, seat 1 {stats['wins'][1]}, draws {stats['draws']}")
        print("  victories: " + ", ".join(f"{k} {v}" for k, v in stats["victories"].items()))
        print(f"  {stats['actions_per_game']} actions per game, {stats['games_per_second']} games/s,"
              f" {stats['seconds']} s")
        print(f"  decision ms (mean/p95): seat 0 {stats['decision_ms'][0]['mean']}/"
              f"{stats['decision_ms'][0]['p95']}, seat 1 {stats['decision_ms'][1]['mean']}/"
              f"{stats['decision_ms'][1]['p95']}")
        print(f"  errors: {stats['errors']}")
    for message in stats["error_messages"]:
        print(message, file=sys.stderr)
    return 1 if stats["errors"] else 0


def _analyse(parser, args) -> int:
    from .analysis import analyse
    from .savegame import SaveError, read
    if args.seconds <= 0 or (args.iterations is not None and args.iterations < 1):
        parser.error("--seconds and --iterations must be positive")
    try:
        saved = read(args.savefile)
        result = analyse(saved, seconds=args.seconds, iterations=args.iterations,
                         seed=args.seed, seat=args.seat)
    except (SaveError, DataError) as exc:
        print(f"error: {args.savefile}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    print(f"{len(result.series)} decisions, chance to win of seat {result.seat} "
          f"(start {result.start:.0%}):")
    print("  " + " ".join(f"{v:.2f}" for v in result.series))
    for tp in result.turning_points:
        print(f"  turning point: decision {tp.decision + 1} (seat {tp.seat} played '{tp.played}'): "
              f"{tp.before:.0%} -> {tp.after:.0%}; the search preferred '{tp.best}' "
              f"({tp.best_chance:.0%} for the mover)")
    return 0


def _history(args) -> int:
    import io

    from .history import HistoryError, open_history
    from .savegame import write_atomic
    from .userdata import HISTORY_FILE, SAVES_FOLDER, data_dir
    try:
        folder = data_dir(args.data_dir)
    except Exception as exc:            # no platformdirs, no home folder...
        print(f"error: cannot find the data folder ({exc}); give --data-dir PATH", file=sys.stderr)
        return 2
    path = folder / HISTORY_FILE
    try:
        db = open_history(path)
    except HistoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if exc.code == "locked":
            print("  close the game (or the other program using it) and try again", file=sys.stderr)
        return 2
    with db:
        if db.notice is not None:
            print(f"note: {db.notice}", file=sys.stderr)
        try:
            db.import_saves(folder / SAVES_FOLDER)       # finished games still only in the saves folder
            if args.action == "export":
                out = io.StringIO()
                n = db.export(out)
                if args.file == "-":
                    sys.stdout.write(out.getvalue())
                else:
                    write_atomic(args.file, out.getvalue().encode("utf-8"))
                print(f"exported {n} {'game' if n == 1 else 'games'} from {path} to {args.file}", file=sys.stderr)
                return 0
            if args.file == "-":
                lines = sys.stdin.read().splitlines()
            else:
                with open(args.file, encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
            added, duplicates, bad = db.import_lines(lines)
        except HistoryError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"error: {args.file}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    print(f"imported {added} {'game' if added == 1 else 'games'} into {path}; "
          f"{duplicates} already there, {bad} unusable {'line' if bad == 1 else 'lines'} skipped", file=sys.stderr)
    return 1 if bad and not added and not duplicates else 0


if __name__ == "__main__":
    sys.exit(main())
