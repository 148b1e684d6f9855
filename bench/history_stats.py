"""How long the Statistics screen's queries take with a large history (not a test).

    python bench/history_stats.py                      # 5,000 generated games in a temporary folder
    python bench/history_stats.py --games 5000 --data-dir /tmp/big   # keep the folder (then:
    python main.py --data-dir /tmp/big  shows the Statistics and Saved games screens with it)

The history is filled with generated games: a pool of real games (random moves, so every one
replays and opens in the replay viewer) copied with different dates, opponents, seats and
names over three years, the player's win rate depending on the level and rising with time,
and a few games ended by a concession (cut short, the winner in the summary). Then it
prints the time of what the Statistics screen does when it opens — open the database and
read every aggregate (ui/files/stats.py `load`) — for each period filter, and of one page of the
Saved games list. The goal (issue #34): under 200 ms with 5,000 games.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.history import Filter, GameFacts, open_history  # noqa: E402
from game.savegame import SavedGame  # noqa: E402
from game.userdata import HISTORY_FILE  # noqa: E402

LEVELS = {"easy": 0.75, "normal": 0.5, "hard": 0.3, "random": 0.9}
NAMES = ["Ana", "Bob", "지민", "Chloé", "Marcus", "서연"]


def pool_games(n: int, seed: int) -> list:
    """n finished games with random moves (both rule sets), with their results."""
    out = []
    for i in range(n):
        rng = random.Random(seed + i)
        saved = SavedGame(seed=seed + i, agora=i % 4 != 0, first_player=i % 2)
        state = saved.new_state()
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            saved.record(state, action)
        out.append((saved, state.result))
    return out


def generated(pool, count: int, seed: int, now: float):
    """`count` (SavedGame, GameFacts) pairs spread over three years before `now`."""
    rng = random.Random(seed)
    start = now - 3 * 365 * 86400
    times = sorted(rng.uniform(start, now) for _ in range(count))
    for k, played in enumerate(times):
        base, result = pool[rng.randrange(len(pool))]
        saved = base.copy()
        progress = (played - start) / (now - start)
        hotseat = rng.random() < 0.12
        winner, victory = result.winner, result.victory
        sheets = tuple(dict(s) for s in result.scores)
        if hotseat:
            saved.mode = "hotseat"
            a, b = rng.sample(NAMES, 2)
            saved.players = [{"name": a, "kind": "human"}, {"name": b, "kind": "human"}]
            you = 0
        else:
            level = rng.choices(list(LEVELS), weights=(3, 5, 3, 1))[0]
            chance = min(0.95, LEVELS[level] + 0.15 * progress)
            you = winner if winner is not None and rng.random() < chance else (1 - winner if winner is not None else 0)
            saved.players = [None, None]
            saved.players[you] = {"name": "", "kind": "human"}
            saved.players[1 - you] = {"name": "", "kind": "ai", "ai": level}
        conceded = None
        if rng.random() < 0.03 and len(saved.actions) > 20:          # a concession, half-way through
            from game.scoring import score_sheet
            saved.actions = saved.actions[:len(saved.actions) // 2]
            state = saved.replay()
            loser = rng.randrange(2)
            winner, victory, conceded = 1 - loser, "concession", loser
            sheets = (score_sheet(state, 0), score_sheet(state, 1))
            saved.summary = dict(saved.summary, finished=True, winner=winner, victory=victory,
                                 scores=[sheets[0]["total"], sheets[1]["total"]])
        saved.created = played - rng.uniform(600, 2400) + k * 1e-3     # distinct games
        saved.updated = played
        saved.hints = 1 if rng.random() < 0.05 else 0
        yield saved, GameFacts(winner, victory, sheets, conceded, len(saved.actions))


def fill(folder: Path, games: int, seed: int = 1) -> Path:
    path = folder / HISTORY_FILE
    db = open_history(path)
    db.db.execute("PRAGMA synchronous = OFF")          # filling only: the window always writes FULL
    pool = pool_games(min(games, 150), seed)
    for saved, facts in generated(pool, games - db.count(), seed, time.time()):
        db.add(saved, facts)
    db.close()
    return path


def timed(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--data-dir", type=Path, default=None, help="fill and keep this folder")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    folder = args.data_dir or Path(tempfile.mkdtemp(prefix="history-bench-"))
    (folder / "saves").mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    path = fill(folder, args.games, args.seed)
    print(f"history: {path} ({path.stat().st_size / 1e6:.1f} MB), filled in {time.perf_counter() - t0:.1f} s")

    def screen(flt):
        db = open_history(path)                         # what the screen does the first time: open, read
        try:
            db.summary(flt)
            db.opponents()
            db.skipped_files()
        finally:
            db.close()

    with open_history(path) as db:
        n = db.count()
        print(f"{n} games")
        for flt in (Filter("all"), Filter("last20"), Filter("days30"), Filter("all", opponent="hard"),
                    Filter("all", rules="base")):
            warm = timed(lambda: db.summary(flt))
            cold = timed(lambda: screen(flt))
            label = flt.period + (f", {flt.opponent}" if flt.opponent else "") + (f", {flt.rules}" if flt.rules else "")
            print(f"  statistics ({label}): {cold:.1f} ms opening the history and reading it, {warm:.1f} ms a re-read")
        print(f"  saved games list, one page: {timed(lambda: (db.count(), db.page(0, 6))):.1f} ms,"
              f" the last page: {timed(lambda: db.page(n - 6, 6)):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
