"""Lessons of the tutorial: a fixed deal and a script of steps, read from data/lessons/<id>.yaml.

A lesson is data (format: docs/tutorial.md). Every action of the game until the lesson ends
sits in one step, in order, so the position before any step is the deal replayed through the
steps before it. A step is one of:
  * a *Next* step: something to read (`say`), with table elements to point at (`point`);
  * a *do* step: the one action the learner is taught (`do`, in action notation);
  * an *opponent* step: the scripted opponent's move (`opponent`);
  * a *play* step: actions of either side applied quickly to jump ahead (`play`).
Loading checks the file's shape and replays every step from the deal: an action that is not
legal where it stands, for the seat that should play it, is an error. A problem is one line
naming the file and the step, like data/cards.yaml's (`LessonError`). Pure: no pygame.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from .actions import IllegalActionError
from .setup import new_game

# In a PyInstaller bundle the data files sit under sys._MEIPASS with the same layout.
LESSON_DIR = (Path(getattr(sys, "_MEIPASS", "")) if getattr(sys, "_MEIPASS", None)
              else Path(__file__).resolve().parent.parent) / "data" / "lessons"

LESSON_KEYS = {"lesson", "title", "agora", "seed", "learner", "first", "more", "steps"}
STEP_KEYS = {"id", "say", "point", "do", "nudge", "then", "opponent", "play"}
ACTION_KEYS = ("do", "opponent", "play")
# What a step may point at: kind -> whether it takes an argument. docs/tutorial.md explains each.
POINT_KINDS = {
    "card": True, "wonder": True, "token": True, "conflict": False, "coins": True, "science": True,
    "senate": True, "senator": True, "decree": True, "conspiracy": False, "score": False,
    "discard": False, "city": True, "military": False,
}
SEAT_WORDS = {"me": "learner", "learner": "learner", "you": "learner", "opponent": "opponent", "them": "opponent"}


class LessonError(Exception):
    """A lesson file that cannot be used; the message is one line naming the file and the step."""

    def __init__(self, path, problem: str, step: str | None = None) -> None:
        where = f"{_shown(path)} step '{step}'" if step else _shown(path)
        super().__init__(f"{where}: {problem}")
        self.step = step


def _shown(path) -> str:
    """The file as a repository-relative path where it lies in the checkout."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(LESSON_DIR.parent.parent)).replace("\\", "/")
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Point:
    kind: str
    arg: str | None = None

    def __str__(self) -> str:
        return self.kind if self.arg is None else f"{self.kind} {self.arg}"


@dataclass(frozen=True)
class Step:
    id: str
    say: str | None = None
    point: tuple = ()            # Point
    do: str | None = None
    nudge: str | None = None
    then: str | None = None
    opponent: str | None = None
    play: tuple = ()             # action texts

    @property
    def kind(self) -> str:
        """'do', 'opponent', 'play' or 'next' (a step with nothing to play)."""
        if self.do is not None:
            return "do"
        if self.opponent is not None:
            return "opponent"
        if self.play:
            return "play"
        return "next"

    @property
    def actions(self) -> tuple:
        """The action texts this step plays, in order."""
        if self.do is not None:
            return (self.do,)
        if self.opponent is not None:
            return (self.opponent,)
        return tuple(self.play)

    def keys(self) -> list[str]:
        """The catalogue keys the step uses."""
        return [k for k in (self.say, self.nudge, self.then) if k]

    @property
    def stops(self) -> bool:
        """Does the lesson stop at this step (a move to teach or a text to read)? An opponent
        or `play` step without a text is played straight through."""
        return self.kind in ("do", "next") or bool(self.say)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    agora: bool
    seed: int
    learner: int
    first: int                   # who starts the game (the draft)
    steps: tuple                 # Step
    more: tuple = ()             # rules-help chapters the lesson leaves to the help
    path: str = ""

    @property
    def opponent(self) -> int:
        return 1 - self.learner

    def new_state(self):
        return new_game(self.seed, agora=self.agora, first_player=self.first)

    def index_of(self, step_id: str) -> int | None:
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), None)

    def state_before(self, index: int):
        """The position just before step `index` (the deal replayed through the steps before it)."""
        state = self.new_state()
        for step in self.steps[:index]:
            for text in step.actions:
                state.apply(state.parse_action(text))
        return state

    def step_number(self, index: int) -> tuple[int, int]:
        """(n, total) as the learner counts: only the steps where the lesson stops; a step
        played straight through takes the number of the next one that stops."""
        stops = [i for i, step in enumerate(self.steps) if step.stops]
        n = sum(1 for i in stops if i < index) + 1
        return min(n, len(stops)), len(stops)

    def keys(self) -> list[str]:
        """Every catalogue key the lesson uses."""
        out = [self.title]
        for step in self.steps:
            out.extend(step.keys())
        return out


def lesson_paths(folder: Path | None = None) -> list[Path]:
    folder = LESSON_DIR if folder is None else Path(folder)
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def lesson_ids(folder: Path | None = None) -> list[str]:
    return [p.stem for p in lesson_paths(folder)]


_CACHE: dict = {}


def load_lesson(lesson_id_or_path, folder: Path | None = None) -> Lesson:
    """The lesson `id` of data/lessons (or a file path), checked; cached per file."""
    path = Path(lesson_id_or_path)
    if path.suffix != ".yaml":
        path = (LESSON_DIR if folder is None else Path(folder)) / f"{lesson_id_or_path}.yaml"
    key = str(path.resolve())
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        raise LessonError(path, "no such lesson file") from None
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    lesson = parse_lesson(_read(path), path)
    _CACHE[key] = (stamp, lesson)
    return lesson


def _read(path: Path):
    import yaml
    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        with open(path, encoding="utf-8") as f:
            return yaml.load(f, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        raise LessonError(path, f"not valid YAML{line}") from None


def parse_lesson(raw, path="lesson") -> Lesson:
    """Check a lesson's data (as read from YAML) and replay it; a LessonError names the step."""
    if not isinstance(raw, dict):
        raise LessonError(path, "the file must be a mapping with 'lesson', 'title', 'seed' and 'steps'")
    unknown = sorted(set(map(str, raw)) - LESSON_KEYS)
    if unknown:
        raise LessonError(path, f"unknown key '{unknown[0]}' (known: {', '.join(sorted(LESSON_KEYS))})")
    for key in ("lesson", "title", "seed", "steps"):
        if key not in raw:
            raise LessonError(path, f"'{key}' is missing")
    ident = raw["lesson"]
    if not isinstance(ident, str) or not ident:
        raise LessonError(path, "'lesson' must be the lesson's id (its file name)")
    if isinstance(path, Path) and path.stem != ident:
        raise LessonError(path, f"'lesson: {ident}' does not match the file name '{path.stem}'")
    title = _key(path, raw["title"], "title")
    agora = raw.get("agora", False)
    if not isinstance(agora, bool):
        raise LessonError(path, "'agora' must be true or false")
    seed = raw["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LessonError(path, "'seed' must be an integer")
    learner = raw.get("learner", 0)
    if learner not in (0, 1) or isinstance(learner, bool):
        raise LessonError(path, "'learner' must be 0 or 1")
    first = raw.get("first", learner)
    if first not in (0, 1) or isinstance(first, bool):
        raise LessonError(path, "'first' must be 0 or 1 (the seat that starts)")
    more = raw.get("more", [])
    if not isinstance(more, list) or not all(isinstance(m, str) for m in more):
        raise LessonError(path, "'more' must be a list of rules-help chapter ids")
    steps_raw = raw["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        raise LessonError(path, "'steps' must be a non-empty list")
    steps, seen = [], set()
    for n, item in enumerate(steps_raw, 1):
        step = _step(path, item, n)
        if step.id in seen:
            raise LessonError(path, "the id is used by an earlier step", step.id)
        seen.add(step.id)
        steps.append(step)
    lesson = Lesson(ident, title, agora, seed, learner, first, tuple(steps), tuple(more), str(path))
    replay(lesson, path)
    return lesson


def _key(path, value, field, step=None) -> str:
    if not isinstance(value, str) or not value.strip() or " " in value.strip():
        raise LessonError(path, f"'{field}' must be a catalogue key (e.g. lesson.base.welcome)", step)
    return value.strip()


def _step(path, item, n: int) -> Step:
    if not isinstance(item, dict):
        raise LessonError(path, f"step {n} must be a mapping")
    sid = item.get("id")
    if not isinstance(sid, str) or not sid.strip():
        raise LessonError(path, f"step {n} has no 'id'")
    sid = sid.strip()
    unknown = sorted(set(map(str, item)) - STEP_KEYS)
    if unknown:
        raise LessonError(path, f"unknown key '{unknown[0]}' (known: {', '.join(sorted(STEP_KEYS))})", sid)
    present = [k for k in ACTION_KEYS if item.get(k) not in (None, [], "")]
    if len(present) > 1:
        raise LessonError(path, f"a step has one of 'do', 'opponent' and 'play', not {' and '.join(present)}", sid)
    fields = {}
    for field in ("say", "nudge", "then"):
        if item.get(field) is not None:
            fields[field] = _key(path, item[field], field, sid)
    for field in ("do", "opponent"):
        value = item.get(field)
        if value is not None:
            if not isinstance(value, str) or not value.strip():
                raise LessonError(path, f"'{field}' must be one action in notation (e.g. build Lumber Yard)", sid)
            fields[field] = " ".join(value.split())
    play = item.get("play")
    if play is not None:
        if isinstance(play, str):
            play = [play]
        if not isinstance(play, list) or not all(isinstance(a, str) and a.strip() for a in play):
            raise LessonError(path, "'play' must be a list of actions in notation", sid)
        fields["play"] = tuple(" ".join(a.split()) for a in play)
    if "then" in fields and "do" not in fields and "opponent" not in fields:
        raise LessonError(path, "'then' belongs to a step with 'do' or 'opponent'", sid)
    if "nudge" in fields and "do" not in fields:
        raise LessonError(path, "'nudge' belongs to a step with 'do'", sid)
    point = item.get("point", [])
    if isinstance(point, str):
        point = [point]
    if not isinstance(point, list):
        raise LessonError(path, "'point' must be a list such as [card Lumber Yard, conflict]", sid)
    fields["point"] = tuple(parse_point(path, p, sid) for p in point)
    if not present and "say" not in fields:
        raise LessonError(path, "a step with nothing to play needs 'say'", sid)
    return Step(sid, **fields)


def parse_point(path, text, sid) -> Point:
    if not isinstance(text, str) or not text.strip():
        raise LessonError(path, f"'point' entries are texts such as 'card Lumber Yard', not {text!r}", sid)
    kind, _, arg = text.strip().partition(" ")
    arg = arg.strip() or None
    if kind not in POINT_KINDS:
        raise LessonError(path, f"cannot point at '{kind}' (known: {', '.join(sorted(POINT_KINDS))})", sid)
    if POINT_KINDS[kind] and arg is None:
        raise LessonError(path, f"'point: {kind}' needs a name (e.g. '{kind} ...')", sid)
    if not POINT_KINDS[kind] and arg is not None:
        raise LessonError(path, f"'point: {kind}' takes no name", sid)
    if kind in ("coins", "science", "city") and arg not in SEAT_WORDS:
        raise LessonError(path, f"'point: {kind}' names a seat: me or opponent", sid)
    if kind == "senate" and arg not in {str(i) for i in range(1, 7)}:
        raise LessonError(path, "'point: senate' names a Chamber, 1 to 6", sid)
    return Point(kind, arg)


def seat_of(lesson: Lesson, word: str) -> int:
    """The seat a `point` argument such as 'me' or 'opponent' names."""
    return lesson.learner if SEAT_WORDS.get(word) == "learner" else lesson.opponent


def known_names(rules) -> dict:
    """Point kind -> the names it may use (components of this rule set)."""
    return {
        "card": {c.name for c in rules.cards},
        "wonder": {w.name for w in rules.wonders},
        "token": {p.name for p in rules.progress},
        "senator": {c.name for c in rules.cards if c.senator},
        "decree": {d.name for d in rules.decrees},
    }


def replay(lesson: Lesson, path="lesson"):
    """Play every step from the deal; the first action that is not legal for its seat where it
    stands is a LessonError naming the step. Returns the final state."""
    state = lesson.new_state()
    names = known_names(state.rules)
    for step in lesson.steps:
        for p in step.point:
            group = names.get(p.kind)
            if group is not None and p.arg not in group:
                raise LessonError(path, f"'point: {p}': no {p.kind} of that name in this game", step.id)
        seat = lesson.learner if step.kind == "do" else lesson.opponent if step.kind == "opponent" else None
        for text in step.actions:
            if state.is_terminal:
                raise LessonError(path, f"'{text}' comes after the end of the game", step.id)
            try:
                action = state.parse_action(text)
            except IllegalActionError:
                raise LessonError(path, f"'{text}' is not legal here", step.id) from None
            if seat is not None and action.player != seat:
                who = "the learner" if seat == lesson.learner else "the opponent"
                raise LessonError(path, f"'{text}' is not {who}'s to play here (seat {action.player} is to move)",
                                  step.id)
            state.apply(action)
    return state


def taught_action(lesson: Lesson, index: int, state):
    """The Action a `do` step accepts in `state` (the position before it), or None."""
    step = lesson.steps[index]
    if step.do is None:
        return None
    try:
        return state.parse_action(step.do)
    except IllegalActionError:
        return None
