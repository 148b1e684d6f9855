"""The player's statistics, from the finished games in the saves folder (no pygame here).

Each finished save is replayed once (the final score sheet by category is not in the file's
summary) and becomes a `GameRecord` seen from "your" seat: the human seat against the
computer, the first seat in hot-seat. Files that cannot be read or replayed — damaged,
foreign, from another version — are skipped and counted, never fatal. Unfinished games
are simply not part of the statistics.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game import CATEGORIES
from game.savegame import SaveError, scan

LEVELS = ("random", "easy", "normal", "hard")
VICTORIES = ("military", "science", "political", "civilian")
HOTSEAT = "hotseat"


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


def your_seat(saved) -> int:
    if saved.mode != HOTSEAT:
        for seat, p in enumerate(saved.players):
            if p.get("kind") == "human":
                return seat
    return 0


def record_of(saved) -> GameRecord:
    """The record of one finished save (raises SaveError if it does not replay to an end)."""
    state = saved.replay()
    result = state.result
    if result is None:
        raise SaveError("the game in this file is not finished", "damaged")
    seat = your_seat(saved)
    if saved.mode == HOTSEAT:
        group = HOTSEAT
    else:
        ai = next((p for p in saved.players if p.get("kind") == "ai"), {})
        group = str(ai.get("ai") or "normal")
    return GameRecord(group, seat, result.winner, result.victory,
                      (dict(result.scores[seat]), dict(result.scores[1 - seat])),
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
