"""The game of a lesson: a GameSession whose opponent follows the lesson's script.

The deal is the lesson's (game/lesson.py); nothing is saved as a game or filed into the
history (a lesson's progress is its step, ui/files/lesson_progress.py). The opponent's seat
counts as the computer's for the table (its moves are shown like the computer's), but its
move is the one the current step names, handed over by `poll_ai` once the scene asks for it.
"""
from __future__ import annotations

from game.savegame import SavedGame
from ui.table.ai_worker import PlayerSpec
from ui.table.session import GameConfig, GameSession, SeatSetup


class LessonSession(GameSession):
    def __init__(self, lesson) -> None:
        seats = [SeatSetup("human"), SeatSetup("human")]
        seats[lesson.opponent] = SeatSetup("ai", "easy")
        config = GameConfig(seed=lesson.seed, agora=lesson.agora, seats=seats, undo=False)
        players = [{"name": "", "kind": "human"}, {"name": "", "kind": "human"}]
        players[lesson.opponent] = {"name": "", "kind": "ai", "ai": "easy"}
        saved = SavedGame(seed=lesson.seed, agora=lesson.agora, first_player=lesson.first, mode="ai",
                          players=players, options={"undo": False})
        self.lesson = lesson
        self.scripted = None            # the opponent's next move, set by the scene for an opponent step
        super().__init__(config, saved=saved, path=None)
        self.players[lesson.opponent] = PlayerSpec("easy", 0)      # never started: see poll_ai

    def poll_ai(self):
        """The scripted opponent's move, once the scene has set it (never an AI search)."""
        action, self.scripted = self.scripted, None
        if action is not None and action in self.state.legal_actions():
            return action
        return None

    @property
    def thinking(self):
        return None

    def apply(self, action):
        """As GameSession.apply, without saving the game or filing it into the history."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        log = self.log
        before = self.state.clone()
        events = list(self.state.apply(action) or [])
        self.version += 1
        self.saved.record(self.state, action)
        self.marks.append(len(log))
        log.extend(self._lines(action, events, self.state.rules))
        self.last_change = (before, self.state, events)
        return before, self.state, events

    def rewind(self, count: int) -> None:
        """Back to the position after the first `count` actions (the lesson's Back)."""
        log = self.log
        state = self.saved.replay(upto=count)
        self.saved.truncate(count, state)
        self.state = state
        self.log = log[:self.marks[count]] if count < len(self.marks) else log
        del self.marks[count:]
        self._age, self._phase = state.age, state.phase
        self.last_change = None
        self.scripted = None
        self.version += 1

    def autosave(self) -> None:
        pass
