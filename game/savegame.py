"""Saved games: the seed, the options and every action, written so a crash never loses one.

A save is a small JSON file (format `agora-duel-save`, version 1; docs/save-format.md).
Because the engine is deterministic, replaying the actions from the seed rebuilds the exact
game — which also gives undo (replay one decision less) and step-by-step replays of finished
games. Files are written atomically: a temporary file in the same folder, flushed to disk,
then renamed over the old save, so a crash mid-write leaves the previous save intact.
"""

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .actions import IllegalActionError, is_forfeit
from .scoring import score_sheet
from .setup import new_game

FORMAT = "agora-duel-save"
VERSION = 1
SUFFIX = ".json"
MAX_BYTES = 8 * 1024 * 1024       # a long game is a few kilobytes; anything this big is something else


class SaveError(ValueError):
    """A save that cannot be used; the message says why, in a sentence a player understands.

    `code` names the problem for translated messages (`unreadable`, `empty`, `not_json`,
    `too_large`, `foreign`, `newer`, `other_version`, `damaged`, `wrong_player`, `illegal`) and `params`
    holds its details (the move number, the versions, ...).
    """

    def __init__(self, message: str, code: str = "damaged", **params):
        super().__init__(message)
        self.code = code
        self.params = params


# 'ai': one person against the computer; 'hotseat': two people at one screen; 'online': two
# people through a game server (the record the server sends at the end, net/referee.py).
MODES = ("ai", "hotseat", "online")


@dataclass
class SavedGame:
    seed: int
    agora: bool = True
    first_player: int = 0
    mode: str = "ai"                            # one of MODES
    players: list = field(default_factory=lambda: [{"name": "Player", "kind": "human"},
                                                   {"name": "Computer", "kind": "ai", "ai": "normal"}])
    actions: list = field(default_factory=list)   # [player, notation] in play order
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    summary: dict = field(default_factory=dict)   # age, scores, finished, winner: for listings
    options: dict = field(default_factory=dict)   # table options fixed at creation, e.g. {"undo": false}
    hints: int = 0                                 # hints shown during the game (optional key)

    # -- building states

    def new_state(self):
        return new_game(self.seed, agora=self.agora, first_player=self.first_player)

    def replay(self, upto: int = None):
        """The state after the first `upto` actions (all by default)."""
        state = self.new_state()
        for i, (player, text) in enumerate(self.actions[:upto]):
            replay_move(state, i, player, text)
        return state

    def record(self, state, action):
        """Note an action just applied to `state` (call after `state.apply(action)`)."""
        self.actions.append([action.player, str(action)])
        self.touch(state)

    def truncate(self, count: int, state=None):
        """Forget every action after the first `count` (undo)."""
        del self.actions[count:]
        self.touch(state if state is not None else self.replay())

    def touch(self, state):
        self.updated = time.time()
        sheets = state.result.scores if state.result else (score_sheet(state, 0), score_sheet(state, 1))
        self.summary = {
            "age": state.age, "phase": state.phase,
            "scores": [sheets[0]["total"], sheets[1]["total"]],
            "finished": state.is_terminal,
            "winner": state.result.winner if state.result else None,
            "victory": state.result.victory if state.result else None,
        }

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("finished"))

    # -- data

    def to_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "seed": self.seed, "agora": self.agora,
                "first_player": self.first_player, "mode": self.mode, "players": self.players,
                "actions": self.actions, "created": self.created, "updated": self.updated,
                "summary": self.summary, "options": self.options,
                **({"hints": self.hints} if self.hints else {})}

    def copy(self) -> "SavedGame":
        """An independent copy (for writing in the background while play goes on)."""
        return SavedGame(seed=self.seed, agora=self.agora, first_player=self.first_player, mode=self.mode,
                         players=[dict(p) for p in self.players], actions=[list(a) for a in self.actions],
                         created=self.created, updated=self.updated, summary=dict(self.summary),
                         options=dict(self.options), hints=self.hints)

    @classmethod
    def from_dict(cls, d) -> "SavedGame":
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise SaveError("this is not an Agora Duel saved game", "foreign")
        version = d.get("version")
        if version != VERSION:
            newer = isinstance(version, int) and version > VERSION
            raise SaveError(f"this save was made by a {'newer' if newer else 'different'} version "
                            f"of the game (save format {version!r}, this game reads {VERSION})",
                            "newer" if newer else "other_version", version=version, reads=VERSION)
        try:
            saved = cls(seed=int(d["seed"]), agora=bool(d["agora"]),
                        first_player=int(d["first_player"]), mode=str(d["mode"]),
                        players=list(d["players"]),
                        actions=[[int(p), str(t)] for p, t in d["actions"]],
                        created=float(d["created"]), updated=float(d["updated"]),
                        summary=dict(d.get("summary") or {}), options=dict(d.get("options") or {}),
                        hints=max(0, int(d.get("hints") or 0)))
            if len(saved.players) != 2 or not all(isinstance(p, dict) for p in saved.players):
                raise ValueError("players must be two objects")
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the save is damaged ({type(exc).__name__}: {exc})", "damaged",
                            detail=f"{type(exc).__name__}: {exc}") from None
        if saved.first_player not in (0, 1) or saved.mode not in MODES:
            raise SaveError("the save is damaged (unknown options)", "damaged", detail="unknown options")
        return saved


def replay_move(state, index: int, player: int, text: str):
    """Apply the save's move number `index` (0-based), `[player, text]`, to `state`.

    Returns (action, events). A move that does not fit the position raises SaveError: made
    by a seat that is not to move, or not legal. A forfeit (`concede`) may come from either
    seat, whoever is to move; its seat is the one recorded."""
    if state.current_player != player and not is_forfeit(text):
        raise SaveError(f"move {index + 1} ('{text}') was made by the wrong player; "
                        "the save does not match this version of the rules",
                        "wrong_player", move=index + 1, action=text)
    try:
        action = state.parse_action(text, player)
        events = state.apply(action)
    except IllegalActionError:
        raise SaveError(f"move {index + 1} ('{text}') is not legal; "
                        "the save does not match this version of the rules",
                        "illegal", move=index + 1, action=text) from None
    return action, events


def write(path, saved: SavedGame) -> Path:
    """Write atomically: the old file stays intact until the new one is complete on disk."""
    data = json.dumps(saved.to_dict(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return write_atomic(path, data)


def write_atomic(path, data: bytes) -> Path:
    """Replace `path` by `data` so that a crash at any moment leaves the old or the new file, whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".saving-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def read(path) -> SavedGame:
    """Load a save; any problem becomes a SaveError with a clear message."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError("the file is far too large to be a saved game", "too_large")
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})", "unreadable",
                        detail=str(exc.strerror or exc)) from None
    if not raw.strip():
        raise SaveError("the file is empty", "empty")
    try:
        d = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise SaveError("the file is not a saved game (unreadable or cut short)", "not_json") from None
    return SavedGame.from_dict(d)


@dataclass
class SaveEntry:
    """One file of the save folder, for the Load screen: either a save or why it is unusable."""
    path: Path
    saved: SavedGame = None
    error: str = None
    code: str = None                 # SaveError.code / .params, for translated messages
    params: dict = None

    @property
    def ok(self) -> bool:
        return self.saved is not None


def scan(folder) -> list:
    """Every save file in `folder`, newest first; broken or foreign files are reported, not hidden."""
    folder = Path(folder)
    try:
        paths = list(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return []
    entries = []
    for path in paths:
        if path.name.startswith(".") or not path.is_file():
            continue                      # temporary files of an interrupted write
        try:
            entries.append(SaveEntry(path, saved=read(path)))
        except SaveError as exc:
            entries.append(SaveEntry(path, error=str(exc), code=exc.code, params=exc.params))
    entries.sort(key=lambda e: (e.saved.updated if e.ok else -1.0, e.path.name), reverse=True)
    return entries


def new_path(folder, saved: SavedGame) -> Path:
    """A fresh file name for a new game in `folder`."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(saved.created))
    base = Path(folder) / f"game-{stamp}"
    path, n = base.with_suffix(SUFFIX), 1
    while path.exists():
        n += 1
        path = Path(f"{base}-{n}{SUFFIX}")
    return path
