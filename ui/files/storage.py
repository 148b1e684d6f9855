"""Where the player's files live: saved games and the settings file.

By default the saves go to the per-user data folder
(`platformdirs.user_data_dir("AgoraDuel", appauthor=False)/saves`) and the settings to
the per-user config folder (`.../settings.json`); `--data-dir PATH` puts both under PATH
(`PATH/saves`, `PATH/settings.json`); the history of finished games is `history.sqlite3`
beside `saves/` (game/history.py). The folder names live in game/userdata.py, shared with
`python -m game history`. Until `use()` is called nothing is persisted at all
(`Storage.memory()`): an App built directly by a test never touches the real folders.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.userdata import APP_NAME, HISTORY_FILE, SAVES_FOLDER, SETTINGS_FILE  # noqa: F401  (one source of truth)


@dataclass(frozen=True)
class Storage:
    saves: Path | None = None          # folder of saved games (None: games are not saved)
    settings: Path | None = None       # the settings file (None: settings live in memory only)

    @classmethod
    def default(cls) -> "Storage":
        from game.userdata import default_config_dir, default_data_dir
        return cls(default_data_dir() / SAVES_FOLDER, default_config_dir() / SETTINGS_FILE)

    @classmethod
    def under(cls, folder) -> "Storage":
        folder = Path(folder).expanduser()
        return cls(folder / SAVES_FOLDER, folder / SETTINGS_FILE)

    @classmethod
    def memory(cls) -> "Storage":
        return cls(None, None)

    @classmethod
    def from_args(cls, data_dir) -> "Storage":
        return cls.under(data_dir) if data_dir else cls.default()

    @property
    def persistent(self) -> bool:
        return self.saves is not None

    @property
    def history(self) -> Path | None:
        """The history database of finished games, beside the saves folder."""
        return self.saves.parent / HISTORY_FILE if self.saves is not None else None


_current = Storage.memory()


def use(storage: Storage) -> Storage:
    """Make `storage` the place every screen reads and writes; returns the previous one."""
    global _current
    previous, _current = _current, storage
    return previous


def current() -> Storage:
    return _current


def saves_dir() -> Path | None:
    return _current.saves


def history_path() -> Path | None:
    return _current.history


def settings_path() -> Path | None:
    return _current.settings
