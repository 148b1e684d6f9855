"""The player's statistics (no pygame here).

The Statistics screen reads them from the history database with SQL (`load`, over every
finished game, filtered by period, opponent and rule set: game/history.py `Summary`), so
opening it costs the same with five games or five thousand. `collect(folder)` is the old
way — replay every finished save of a folder — kept as the reference the SQL figures are
checked against: each finished save becomes a `GameRecord` seen from "your" seat (the
human seat against the computer, the first seat in hot-seat); files that cannot be read or
replayed are skipped and counted, never fatal; unfinished games are not results.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game import CATEGORIES
from game.history import Filter, HistoryError, Summary
from game.history import HOTSEAT, your_seat  # noqa: F401  (shared with the history)
from game.savegame import SaveError, scan

LEVELS = ("random", "easy", "normal", "hard")
VICTORIES = ("military", "science", "political", "civilian", "concession")


@dataclass
class HistoryStats:
    """What the Statistics screen shows: the SQL summary, the files the saves-folder import
    skipped, and the history's problem if it cannot be read (the screen says how to fix it)."""
    summary: Summary = field(default_factory=Summary)
    skipped: int = 0
    problem: HistoryError | None = None
    filter: Filter = field(default_factory=Filter)
    opponents: list = field(default_factory=list)       # every opponent in the history (filter choices)

    @property
    def games(self) -> int:
        return self.summary.games

    def by_group(self) -> dict:
        """opponent -> (games, your wins): levels in order, hot-seat, then any other."""
        groups = self.summary.groups
        order = [g for g in LEVELS + (HOTSEAT,) if g in groups] + sorted(g for g in groups
                                                                        if g not in LEVELS + (HOTSEAT,))
        return {g: tuple(groups[g]) for g in order}

    def victories(self) -> dict:
        """kind -> [your victories, the opponent's]: the known kinds always, any other after."""
        out = {k: [0, 0] for k in VICTORIES}
        for kind, pair in sorted(self.summary.victories.items()):
            out[kind] = list(pair)
        return out

    def average_scores(self) -> dict:
        return dict(self.summary.averages)

    def results(self) -> list:
        """'W', 'L' or 'D' of the newest games (game/history.py RECENT), oldest first."""
        return list(self.summary.recent)

    def longest_streak(self) -> int:
        return self.summary.streak

    def first_player(self) -> tuple:
        return tuple(self.summary.first)

    def hinted(self) -> int:
        return self.summary.hinted


def load(flt: Filter = Filter()) -> HistoryStats:
    """The statistics of the current data folder's history (never raises: a problem is kept)."""
    from ui.files import saves
    db = saves.history()
    stats = HistoryStats(filter=flt, problem=saves.history_problem())
    if db is None:
        return stats
    try:
        stats.summary = db.summary(flt)
        stats.skipped = db.skipped_files()
        stats.opponents = db.opponents()
    except HistoryError as exc:
        stats.problem = exc
    return stats


@dataclass
class GameRecord:
    group: str                  # the opponent's level ('easy', ...) or 'hotseat'
    seat: int                   # "your" seat
    winner: int | None          # seat, or None for a draw
    victory: str
    scores: tuple               # (yours, theirs): category -> points, with 'total'
    first_player: int
    when: float
    hinted: bool = False

    @property
    def won(self) -> bool:
        return self.winner == self.seat

    @property
    def lost(self) -> bool:
        return self.winner is not None and self.winner != self.seat


@dataclass
class Stats:
    records: list = field(default_factory=list)     # GameRecord, oldest first
    skipped: int = 0                                 # files that could not be used

    @property
    def games(self) -> int:
        return len(self.records)

    def by_group(self) -> dict:
        """group -> (games, your wins), levels in order then hot-seat; only groups played."""
        out = {}
        for group in LEVELS + (HOTSEAT,):
            games = [r for r in self.records if r.group == group]
            if games:
                out[group] = (len(games), sum(r.won for r in games))
        for r in self.records:                       # a level this version does not know
            if r.group not in out:
                games = [x for x in self.records if x.group == r.group]
                out[r.group] = (len(games), sum(x.won for x in games))
        return out

    def victories(self) -> dict:
        """kind -> [your victories of that kind, the opponent's]."""
        out = {k: [0, 0] for k in VICTORIES}
        for r in self.records:
            if r.winner is not None and r.victory in out:
                out[r.victory][0 if r.won else 1] += 1
        return out

    def average_scores(self) -> dict:
        """category -> (your average, the opponent's), over every finished game."""
        n = len(self.records)
        out = {}
        for cat in tuple(CATEGORIES) + ("total",):
            if n == 0:
                out[cat] = (0.0, 0.0)
                continue
            mine = sum(r.scores[0].get(cat, 0) for r in self.records) / n
            theirs = sum(r.scores[1].get(cat, 0) for r in self.records) / n
            out[cat] = (mine, theirs)
        return out

    def results(self) -> list:
        """'W', 'L' or 'D' per game, oldest first."""
        return ["W" if r.won else "L" if r.lost else "D" for r in self.records]

    def longest_streak(self) -> int:
        best = run = 0
        for r in self.records:
            run = run + 1 if r.won else 0
            best = max(best, run)
        return best

    def first_player(self) -> tuple:
        """(games won by the player who began, decided games)."""
        decided = [r for r in self.records if r.winner is not None]
        return sum(r.winner == r.first_player for r in decided), len(decided)

    def hinted(self) -> int:
        return sum(r.hinted for r in self.records)


def record_of(saved) -> GameRecord:
    """The record of one finished save (raises SaveError if it does not replay to an end)."""
    from game.history import facts_of, opponent_of
    facts = facts_of(saved)
    seat = your_seat(saved)
    return GameRecord(opponent_of(saved), seat, facts.winner, facts.victory,
                      (dict(facts.sheets[seat]), dict(facts.sheets[1 - seat])),
                      saved.first_player, saved.updated, bool(getattr(saved, "hints", 0)))


_cache: dict = {}           # (path, updated, moves) -> GameRecord: a replay per game, once


def collect(folder) -> Stats:
    """The statistics of every finished game in `folder` (damaged files skipped and counted)."""
    stats = Stats()
    if folder is None:
        return stats
    for entry in scan(Path(folder)):
        if not entry.ok:
            stats.skipped += 1
            continue
        saved = entry.saved
        if not saved.finished:
            continue
        key = (str(entry.path), saved.updated, len(saved.actions))
        record = _cache.get(key)
        if record is None:
            try:
                record = record_of(saved)
            except (SaveError, ValueError, KeyError, IndexError, TypeError, AttributeError):
                stats.skipped += 1
                continue
            _cache[key] = record
        stats.records.append(record)
    stats.records.sort(key=lambda r: r.when)
    return stats
