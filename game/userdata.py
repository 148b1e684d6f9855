"""Where a player's files live, for the window (ui/files/storage.py) and the command line alike.

One source of truth for the folder names: the per-user data folder
(`platformdirs.user_data_dir("AgoraDuel", appauthor=False)`) holds `saves/` and
`history.sqlite3`; `--data-dir PATH` puts them under PATH instead. No pygame here.
"""
from __future__ import annotations

from pathlib import Path

APP_NAME = "AgoraDuel"
SAVES_FOLDER = "saves"
HISTORY_FILE = "history.sqlite3"
SETTINGS_FILE = "settings.json"


def default_data_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_config_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir(given=None) -> Path:
    """`given` (a --data-dir) or the per-user data folder."""
    return Path(given).expanduser() if given else default_data_dir()
