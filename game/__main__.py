"""Command line: `python -m game simulate ...`, `python -m game analyse SAVEFILE|latest|ID`,
`python -m game history list`, `python -m game history export|import FILE` (see --help)."""

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
    ana.add_argument("savefile", metavar="GAME",
                     help="a saved game (.json), or a finished game of the history: 'latest' or the ID "
                          "that 'python -m game history list' prints")
    ana.add_argument("--data-dir", metavar="PATH", default=None,
                     help="the data folder whose history holds the game (default: the window's)")
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
    his.add_argument("action", choices=("list", "export", "import"),
                     help="export: write every game to FILE; import: add FILE's games, skipping duplicates")
    his.add_argument("file", metavar="FILE", nargs="?",
                     help="export/import: the JSON-lines file ('-' for standard output/input)")
    his.add_argument("--limit", type=int, default=20, metavar="N", help="list: the N newest games (default 20)")
    his.add_argument("--data-dir", metavar="PATH", default=None,
                     help="the game's data folder (default: the same per-user folder as the window, "
                          "or the window's --data-dir)")
    args = parser.parse_args(argv)
    if args.command == "analyse":
        return _analyse(parser, args)
    if args.command == "history":
        if args.action != "list" and args.file is None:
            parser.error(f"history {args.action} needs FILE")
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


def _game_of_history(which: str, data_dir):
    """A finished game of the history: 'latest' or an ID of `history list`. (SavedGame, None) or
    (None, a one-line reason)."""
    from .savegame import SaveError
    number = which[1:] if which.startswith("#") else which
    if which != "latest" and not number.isdigit():
        return None, "no such file; give a saved game (.json), 'latest' or a game ID of 'python -m game history list'"
    opened = _open_history(data_dir)
    if isinstance(opened, str):
        return None, opened
    db, path = opened
    with db:
        rows = db.page(0, 1) if which == "latest" else None
        if which == "latest" and not rows:
            return None, f"no finished game in the history ({path})"
        game_id = rows[0].id if rows else int(number)
        try:
            return db.saved_game(game_id), None
        except SaveError:
            return None, f"no game {game_id} in the history ({path}); 'python -m game history list' shows the IDs"


def _analyse(parser, args) -> int:
    import os

    from .analysis import analyse
    from .savegame import SaveError, read
    if args.seconds <= 0 or (args.iterations is not None and args.iterations < 1):
        parser.error("--seconds and --iterations must be positive")
    try:
        if os.path.exists(args.savefile):           # a file wins over a history ID of the same name
            saved = read(args.savefile)
        else:
            saved, problem = _game_of_history(args.savefile, args.data_dir)
            if saved is None:
                print(f"error: {args.savefile}: {problem}", file=sys.stderr)
                return 2
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


def _open_history(given_dir):
    """(History, its path), finished games still only in the saves folder brought in as the
    Saved-games screen does; or a one-line reason it cannot be opened."""
    from .history import HistoryError, open_history
    from .userdata import HISTORY_FILE, SAVES_FOLDER, data_dir
    try:
        folder = data_dir(given_dir)
    except Exception as exc:            # no platformdirs, no home folder...
        return f"cannot find the data folder ({exc}); give --data-dir PATH"
    path = folder / HISTORY_FILE
    try:
        db = open_history(path)
    except HistoryError as exc:
        hint = "; close the game (or the other program using it) and try again" if exc.code == "locked" else ""
        return f"{exc}{hint}"
    if db.notice is not None:
        print(f"note: {db.notice}", file=sys.stderr)
    try:
        db.import_saves(folder / SAVES_FOLDER)
    except HistoryError as exc:
        db.close()
        return str(exc)
    return db, path


def _list_history(db, limit: int) -> None:
    """The newest games, one a line, with the ID that `analyse` takes."""
    import time
    rows = db.page(0, max(1, limit))
    if not rows:
        print("no finished game in the history")
        return
    print(f"{'ID':>5}  {'played':16}  {'opponent':10}  {'rules':6}  result  {'score':>7}  moves")
    for r in rows:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.played_at))
        who = r.opponent if r.mode == "ai" else r.mode
        result = {"W": "won", "L": "lost", "D": "draw"}.get(r.outcome, r.outcome or "?")
        victory = f" ({r.victory})" if r.victory and r.winner in (0, 1) else ""
        score = f"{int(r.totals[r.you])}-{int(r.totals[1 - r.you])}"
        print(f"{r.id:>5}  {when:16}  {who:10}  {r.rules:6}  {result + victory:<6}  {score:>7}  {r.decisions}")


def _history(args) -> int:
    import io

    from .history import HistoryError
    from .savegame import write_atomic
    opened = _open_history(args.data_dir)
    if isinstance(opened, str):
        print(f"error: {opened}", file=sys.stderr)
        return 2
    db, path = opened
    with db:
        try:
            if args.action == "list":
                _list_history(db, args.limit)
                return 0
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
