"""Player settings, kept in the per-user config folder (ui/files/storage.py).

`SETTINGS` is the one shared instance; scenes read it every frame, so a change in the
settings screen applies at once. `load()` reads the file at start-up (a missing file gives
the defaults; a damaged one gives the defaults too, keeps a copy of the bad file beside it
and reports a notice for the menu to show once); `save()` writes it atomically.

The file (`settings.json`):
    {"format": "agora-duel-settings", "version": 1, "language": "ko", "animation_speed": "fast",
     "hard_think_seconds": 4, "show_opponent_prices": true, "undo": true,
     "fullscreen": false, "window_size": [1600, 900],
     "master_volume": 80, "effects_volume": 80, "muted": false,
     "new_game": {"mode": "ai", "opponent": "hard", "agora": "on", "first": "random", "names": ["", ""]},
     "online_host": {"agora": "on", "first": "me", "clock": 20}}

`window_size` is null until the player picks a size (or drags the window): the window then
opens at the largest size that fits the screen (ui/draw/window_fit.py). `new_game` holds the last
choices of the new-game screen (null before the first game), `online_host` those of the Host
a game screen.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field, fields
from pathlib import Path

log = logging.getLogger(__name__)

FORMAT = "agora-duel-settings"
VERSION = 1

# Animation speed: name -> multiplier of the animation clock (instant skips animations).
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0, "turbo": 5.0}  # turbo: autoplay only
SPEED_ORDER = ("slow", "normal", "fast", "instant")
HARD_THINK = (1.0, 2.0, 4.0, 8.0, 15.0)       # seconds per decision for the `hard` AI
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
LANGUAGES = ("en", "ko")
MIN_WINDOW, MAX_WINDOW = (640, 360), (7680, 4320)
VOLUME_STEP = 10                                # volumes are percentages, changed in tens


@dataclass
class Settings:
    language: str | None = None         # None: from the system locale
    animation_speed: str = "normal"
    hard_think_seconds: float = 2.0
    show_opponent_prices: bool = True   # as in the reference online version
    undo: bool = True                   # take-backs allowed in new games (fixed in each save)
    undo_reveals: bool = False          # ... also across a card turned up or anything else shown (game/takeback.py)
    fullscreen: bool = False
    window_size: tuple | None = None    # None: never chosen, the largest that fits the screen
    master_volume: int = 80             # percent
    effects_volume: int = 80            # percent
    muted: bool = False                 # the M key
    hints: bool = False                 # the table's Hint button and H key (ui/table/hint.py)
    new_game: dict | None = None        # the new-game screen's last choices (ui/scenes/setup.py)
    online_host: dict | None = None     # the Host a game screen's last choices (ui/scenes/online_host.py)
    ai_delay: float = field(default=0.35, metadata={"saved": False})  # hold before the AI's move is shown

    @property
    def speed_factor(self) -> float:
        return SPEEDS.get(self.animation_speed, 1.0)

    def cycle_speed(self, step: int = 1) -> None:
        i = SPEED_ORDER.index(self.animation_speed) if self.animation_speed in SPEED_ORDER else 1
        self.animation_speed = SPEED_ORDER[(i + step) % len(SPEED_ORDER)]

    def cycle_think(self, step: int = 1) -> None:
        i = HARD_THINK.index(self.hard_think_seconds) if self.hard_think_seconds in HARD_THINK else 1
        self.hard_think_seconds = HARD_THINK[(i + step) % len(HARD_THINK)]

    def step_volume(self, name: str, step: int) -> None:
        """Change 'master_volume' or 'effects_volume' by `step` tens, stopping at 0 and 100."""
        self.set_volume(name, getattr(self, name) + step * VOLUME_STEP)

    def set_volume(self, name: str, value: float) -> None:
        """Set 'master_volume' or 'effects_volume' to a percentage (kept within 0-100)."""
        setattr(self, name, max(0, min(100, round(value))))

    def reset(self) -> None:
        for f in fields(self):
            setattr(self, f.name, f.default)

    # --- data -------------------------------------------------------------------------

    def to_dict(self) -> dict:
        d = {"format": FORMAT, "version": VERSION}
        for f in fields(self):
            if f.metadata.get("saved", True):
                value = getattr(self, f.name)
                d[f.name] = list(value) if isinstance(value, tuple) else value
        return d

    def update_from(self, d: dict) -> list[str]:
        """Take every valid value of `d`; returns the names of the invalid ones (left at default)."""
        bad = []
        for f in fields(self):
            if not f.metadata.get("saved", True) or f.name not in d:
                continue
            value = _check(f.name, d[f.name])
            if value is _INVALID:
                bad.append(f.name)
            else:
                setattr(self, f.name, value)
        return bad


_INVALID = object()


def _check(name: str, value):
    """The value if it is acceptable for setting `name`, else _INVALID."""
    if name == "language":
        return value if value is None or value in LANGUAGES else _INVALID
    if name == "animation_speed":
        return value if value in SPEED_ORDER else _INVALID
    if name == "hard_think_seconds":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0.2 <= value <= 60
        return float(value) if ok else _INVALID
    if name in ("master_volume", "effects_volume"):
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
        return value if ok else _INVALID
    if name in ("show_opponent_prices", "undo", "undo_reveals", "fullscreen", "muted"):
        return value if isinstance(value, bool) else _INVALID
    if name == "hints":
        return value if isinstance(value, bool) else _INVALID
    if name == "window_size":
        if value is None:
            return None
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0] and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1]):
            return (int(value[0]), int(value[1]))
        return _INVALID
    if name == "new_game":
        return _new_game_choices(value)
    if name == "online_host":
        return _host_choices(value)
    return _INVALID


HOST_CHOICES = {"agora": ("on", "off"), "first": ("random", "me", "other"), "clock": (0, 10, 20, 30)}


def _host_choices(value):
    """The Host a game screen's remembered rules, first player and clock (words and minutes
    it offers; a value it does not offer makes the whole choice invalid)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= set(HOST_CHOICES):
        return _INVALID
    for key, allowed in HOST_CHOICES.items():
        if key in value and (isinstance(value[key], bool) or value[key] not in allowed):
            return _INVALID
    return dict(value)


NEW_GAME_KEYS = ("mode", "opponent", "agora", "first")
NAME_CHARS = 40             # generous: the screen cuts names to its own limit


def _new_game_choices(value):
    """The new-game screen's remembered choices: words for its rows and two names. The screen
    ignores a word it does not offer (an AI level no longer there)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {*NEW_GAME_KEYS, "names"}:
        return _INVALID
    if not all(isinstance(value[k], str) and len(value[k]) <= NAME_CHARS for k in NEW_GAME_KEYS if k in value):
        return _INVALID
    names = value.get("names", ["", ""])
    if not (isinstance(names, (list, tuple)) and len(names) == 2
            and all(isinstance(n, str) and len(n) <= NAME_CHARS for n in names)):
        return _INVALID
    return {**{k: value[k] for k in NEW_GAME_KEYS if k in value}, "names": [names[0], names[1]]}


@dataclass
class Notice:
    """Why the settings file could not be used as it was (shown once in the menu)."""
    code: str                  # 'unreadable' (not JSON), 'foreign' (not our settings), 'values' (some bad)
    detail: str = ""
    backup: Path | None = None


SETTINGS = Settings()


def load(path: Path | None = None, settings: Settings = SETTINGS) -> Notice | None:
    """Read the settings file into `settings`. Returns a Notice when the file was damaged."""
    from ui.files import storage
    path = path if path is not None else storage.settings_path()
    settings.reset()
    if path is None or not Path(path).exists():
        return None
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        notice = Notice("unreadable", f"{type(exc).__name__}: {exc}")
    else:
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            notice = Notice("foreign", "")
        else:
            bad = settings.update_from(data)
            notice = Notice("values", ", ".join(bad)) if bad else None
    if notice is not None:
        log.warning("settings file %s is damaged (%s %s); using defaults", path, notice.code, notice.detail)
        notice.backup = _set_aside(path)
        save(path, settings)            # a good file again: the notice is shown only once
    return notice


def _set_aside(path: Path) -> Path | None:
    """Keep the damaged file for inspection (settings.json.broken) instead of losing it."""
    backup = path.with_name(path.name + ".broken")
    try:
        os.replace(path, backup)
        return backup
    except OSError as exc:
        log.warning("cannot keep a copy of the damaged settings file: %s", exc)
        return None


def save(path: Path | None = None, settings: Settings = SETTINGS) -> bool:
    """Write the settings atomically. Returns False when there is nowhere (or no way) to write."""
    from game.savegame import write_atomic
    from ui.files import storage
    path = path if path is not None else storage.settings_path()
    if path is None:
        return False
    data = json.dumps(settings.to_dict(), ensure_ascii=False, indent=1).encode("utf-8")
    try:
        write_atomic(path, data)
        return True
    except OSError as exc:
        log.warning("cannot write the settings file %s: %s", path, exc)
        return False
