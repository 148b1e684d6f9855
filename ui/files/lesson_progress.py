"""Where each lesson of the tutorial was left: `lessons.json` in the player's data folder,
{lesson id: step id}. A lesson finished or started over has no such entry; a lesson finished
once has "finished:<lesson id>" (the Learn-to-play menu marks it). Without a data folder
(tests, --autoplay without --data-dir) the progress lives in memory only."""
from __future__ import annotations

import json
import logging

from ui.files import storage

FILE_NAME = "lessons.json"
FINISHED = "finished:"
_MEMORY: dict = {}
log = logging.getLogger(__name__)


def _path():
    saves = storage.saves_dir()
    return saves.parent / FILE_NAME if saves is not None else None


def _read() -> dict:
    path = _path()
    if path is None:
        return dict(_MEMORY)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}                       # none yet, or damaged: every lesson starts afresh
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _write(data: dict) -> None:
    path = _path()
    if path is None:
        _MEMORY.clear()
        _MEMORY.update(data)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:              # the lesson goes on; only resuming it later is lost
        log.warning("cannot keep the lesson's progress: %s", exc)


def step_of(lesson_id: str) -> str | None:
    """The step the lesson was left at, or None."""
    return _read().get(lesson_id)


def remember(lesson_id: str, step_id: str | None) -> None:
    """Keep the step reached (None: the lesson is finished or started over)."""
    data = _read()
    if step_id is None:
        data.pop(lesson_id, None)
    else:
        data[lesson_id] = step_id
    _write(data)


def mark_finished(lesson_id: str) -> None:
    data = _read()
    data[FINISHED + lesson_id] = "yes"
    _write(data)


def finished(lesson_id: str) -> bool:
    """Whether the lesson was played to its end at least once."""
    return FINISHED + lesson_id in _read()
