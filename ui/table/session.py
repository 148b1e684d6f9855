"""One game in the window: the engine state, who plays each seat, the log and the save.

The scenes send Actions through `apply`; AI seats are asked through an AIWorker. Every
action is recorded in a `game.savegame.SavedGame` and saved in the background (ui/files/saves.py);
undo replays the save one decision shorter. In a hot-seat game `looking` is the seat whose
person is at the screen: the table is drawn for that seat only, and whenever another seat
must act the game scene covers the table with a hand-over screen until that person takes
over (`hand_over`). Nothing here knows the rules: legality is always the engine's.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai import make_player
from game.savegame import SavedGame, SaveError, replay_move
from game.takeback import reveals_to
from ui.files import saves
from ui.text.i18n import language, t
from ui.files.settings import SETTINGS
from ui.table.ai_worker import AIWorker, PlayerSpec
from ui.table.story import mask_for, story
from ui.table.text import quiet_line

# The AI levels offered in the setup screen, best first when present.
AI_LEVELS = ("easy", "normal", "hard")
THINK_SECONDS: dict = {}          # level -> seconds per decision; None: the player's own default
NAME_LIMIT = 16                   # characters of a player's name


def think_seconds(level: str | None) -> float | None:
    """Thinking time of an AI level: `hard` follows the settings, the others their own default."""
    if level == "hard":
        return SETTINGS.hard_think_seconds
    return THINK_SECONDS.get(level)


@dataclass
class SeatSetup:
    kind: str = "human"            # 'human' or 'ai'
    ai: str = "random"
    think_seconds: float | None = None
    name: str = ""                 # hot-seat: the person's name ('' = "Player n")


@dataclass
class LogEntry:
    text: str                      # the line everybody may read (nobody's secrets)
    seat: int | None = None        # who acted; None for a line about the game (new Age, victory)
    private: dict | None = None    # seat -> the line as that seat reads it (its own secrets shown), if different

    def for_viewer(self, viewer: int | None) -> str:
        if self.private and viewer in self.private:
            return self.private[viewer]
        return self.text


@dataclass
class GameConfig:
    seed: int | None = None
    agora: bool = True
    first: str = "random"          # 'random'; 'me' / 'seat0' = seat 0 starts; 'ai' / 'seat1' = seat 1
    seats: list = field(default_factory=lambda: [SeatSetup("human"), SeatSetup("ai", "random")])
    undo: bool | None = None       # take-backs allowed; None: from the settings

    @property
    def mode(self) -> str:
        return "hotseat" if all(s.kind == "human" for s in self.seats) else "ai"


def _first_player(config: GameConfig, seed: int, human: int) -> int:
    if config.first in ("me", "seat0"):
        return human if config.first == "me" else 0
    if config.first in ("ai", "seat1"):
        return 1 - human if config.first == "ai" else 1
    return random.Random(seed).randrange(2)


def _seat_record(seat: SeatSetup) -> dict:
    if seat.kind == "ai":
        return {"name": "", "kind": "ai", "ai": seat.ai}
    return {"name": seat.name.strip()[:NAME_LIMIT], "kind": "human"}


class GameSession:
    def __init__(self, config: GameConfig, saved: SavedGame | None = None, path=None):
        self.config = config
        humans = [i for i, s in enumerate(config.seats) if s.kind == "human"]
        self.human_seat = humans[0] if humans and len(humans) < 2 else None
        fresh = saved is None
        if fresh:
            seed = config.seed if config.seed is not None else random.randrange(1 << 30)
            undo = SETTINGS.undo if config.undo is None else bool(config.undo)
            options = {"undo": undo}
            if undo and SETTINGS.undo_reveals:
                options["undo_reveals"] = True     # take-backs also across what was shown (a setting)
            saved = SavedGame(seed=seed, agora=config.agora, first_player=_first_player(config, seed, humans[0] if humans else 0),
                              mode=config.mode, players=[_seat_record(s) for s in config.seats],
                              options=options)
        self.saved = saved
        if saved.mode == "online":        # an online game's record: seen from the seat played here
            from game.history import your_seat
            self.human_seat = your_seat(saved)
        self.seed = saved.seed
        self.first_player_arg = saved.first_player
        self.mode = saved.mode if saved.mode == "hotseat" else "ai"
        self.undo_allowed = bool(saved.options.get("undo", True))
        self.undo_reveals = bool(saved.options.get("undo_reveals", False))
        for s in config.seats:
            if s.kind == "ai":
                make_player(s.ai)             # an unknown name fails here, not in the AI process
        self.players = [PlayerSpec(s.ai, self.seed * 2 + i + 1, s.think_seconds) if s.kind == "ai" else None
                        for i, s in enumerate(config.seats)]
        # Who is at the screen: the human (one human), seat 0 (nobody: AI against AI), or in a
        # hot-seat game nobody yet — the first frame asks for the first player.
        self.looking: int | None = None if self.mode == "hotseat" else \
            self.human_seat if self.human_seat is not None else (humans[0] if humans else 0)
        self.turn_start = 0               # hot-seat: actions made before `looking` took over (undo stops there)
        self.replaying = False            # the replay viewer: a chosen side's secrets even at the end
        self.seen_log = [0, 0]            # log length when each seat last left the screen
        self.has_looked = [False, False]  # whether each seat had the screen yet (in this run)
        self.version = 0
        self.worker: AIWorker | None = None
        self.last_change = None
        self.shown: list = []             # per saved action: (seat 0, seat 1) saw something hidden in it
        self.state, self.log, self.marks = self._replay(len(saved.actions))
        self._age, self._phase = self.state.age, self.state.phase
        if fresh:
            saved.touch(self.state)
        self.path = path if path is not None else (saves.create(saved) if fresh else None)
        if fresh and self.path is not None:
            saves.tidy(keep=self.path)        # games abandoned before their first move go

    @classmethod
    def resume(cls, saved: SavedGame, path=None) -> "GameSession":
        """The game of a save, exactly where it stopped (raises SaveError if it cannot be rebuilt)."""
        seats = []
        for p in saved.players:
            kind = p.get("kind")
            if kind not in ("human", "ai"):
                raise SaveError("the save is damaged (unknown kind of player)", "damaged", detail="players")
            level = str(p.get("ai") or "random")
            if kind == "ai":
                try:
                    make_player(level)
                except ValueError:
                    raise SaveError(f"the save needs an AI player this version does not have ({level})",
                                    "unknown_ai", name=level) from None
            seats.append(SeatSetup(kind, level, think_seconds(level) if kind == "ai" else None,
                                   str(p.get("name") or "")))
        if saved.mode == "hotseat" and any(s.kind != "human" for s in seats):
            raise SaveError("the save is damaged (players do not match the mode)", "damaged", detail="mode")
        config = GameConfig(seed=None, agora=saved.agora, first="random", seats=seats,
                            undo=bool(saved.options.get("undo", True)))
        return cls(config, saved=saved, path=path)

    # --- rebuilding a position from the save ----------------------------------------

    def _replay(self, count: int):
        """(state, log, marks) after the first `count` saved actions; marks[i] = log length before action i."""
        state = self.saved.new_state()
        log = [LogEntry(t("log.game_start", seed=self.seed))]
        marks = []
        shown = []
        for i, (player, text) in enumerate(self.saved.actions[:count]):
            action, events = replay_move(state, i, player, text)     # a SaveError if it does not fit
            marks.append(len(log))
            log.extend(self._lines(action, events, state.rules))
            shown.append(_shown_by(events))
        self.shown = shown
        return state, log, marks

    def rebuild_log(self) -> None:
        """Write the log again (after a language change: every line in the new language)."""
        _, self.log, self.marks = self._replay(len(self.saved.actions))

    @property
    def log(self) -> list[LogEntry]:
        """The log in the current language. Its lines are made from the game's events, so a
        language change writes all of them again — also for a game that was not on the
        screen when the language changed (paused to the title menu, then continued)."""
        if self._log_language != language():
            try:
                self.rebuild_log()
            except SaveError:              # a position set up by hand (tests): its lines stay
                self._log_language = language()
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = entries
        self._log_language = language()

    # --- who is who --------------------------------------------------------------------

    @property
    def actor(self) -> int | None:
        return self.state.current_player

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for (bottom band, own secrets visible)."""
        if self.looking is not None:
            return self.looking
        actor = self.state.current_player
        return actor if actor is not None else 0

    @property
    def secret_seat(self) -> int | None:
        """Whose secrets the screen may show: the viewer's — except in a finished hot-seat game,
        where both people look at the final table (nobody's then)."""
        if self.mode == "hotseat" and (self.looking is None or (self.state.is_terminal and not self.replaying)):
            return None
        return self.viewer

    def is_ai(self, seat: int | None) -> bool:
        return seat is not None and self.players[seat] is not None

    @property
    def human_to_act(self) -> bool:
        return self.actor is not None and not self.is_ai(self.actor)

    @property
    def both_ai(self) -> bool:
        return all(self.is_ai(s) for s in (0, 1))

    def name(self, seat: int) -> str:
        if self.saved.mode == "online" and seat != self.human_seat:
            return (self.saved.players[seat].get("name") or "").strip() or t("who.opponent")
        if self.mode == "hotseat":
            return (self.saved.players[seat].get("name") or "").strip() or t("who.player", n=seat + 1)
        if self.human_seat is None:
            return t("who.player", n=seat + 1)
        return t("who.you") if seat == self.human_seat else t("who.opponent")

    # --- hot-seat hand-over -----------------------------------------------------------------

    @property
    def needs_handover(self) -> bool:
        """Another person must take the screen before anything more is shown."""
        s = self.state
        return self.mode == "hotseat" and not s.is_terminal and s.current_player != self.looking

    def hand_over(self) -> None:
        """The person to act now has the screen: draw for them, and undo stops at this point."""
        if self.looking is not None:
            self.seen_log[self.looking] = len(self.log)
        self.looking = self.state.current_player
        self.turn_start = len(self.saved.actions)
        if self.looking is not None:
            self.has_looked[self.looking] = True

    def news_for(self, seat: int, limit: int = 8) -> list[tuple]:
        """(seat, line) of what happened since `seat` last left the screen, newest last.

        Only what `seat` may read: the other player's secrets stay masked."""
        return [(e.seat, e.for_viewer(seat)) for e in self.log[self.seen_log[seat]:]][-limit:]

    # --- moves -------------------------------------------------------------------------

    def apply(self, action):
        """Apply a legal action (an IllegalActionError leaves everything unchanged).

        Returns (before, after, events): the states around it for drawing and the events
        it caused (game.events, unmasked: the scene masks them for the seat at the screen)."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        log = self.log                     # in the current language before this move's lines join it
        before = self.state.clone()
        events = list(self.state.apply(action) or [])
        self.version += 1
        self.cancel_ai()
        self.saved.record(self.state, action)
        self.marks.append(len(log))
        log.extend(self._lines(action, events, self.state.rules))
        self.shown.append(_shown_by(events))
        self.last_change = (before, self.state, events)
        self.autosave()
        if self.state.is_terminal:
            saves.game_over(self.path, self.saved)     # into the history (game/history.py)
        return before, self.state, events

    @property
    def second_person(self) -> int | None:
        """The seat the log calls "you": the human against the AI; nobody in hot-seat or AI vs AI."""
        return self.human_seat if self.mode != "hotseat" else None

    def _lines(self, action, events, rules) -> list[LogEntry]:
        """The log entries of one action, from its events: one line each as both seats may
        read it, with each seat's own version where its secrets make it different."""
        names = [self.name(0), self.name(1)]
        you = self.second_person
        public = story(mask_for(events, None), rules, you, names)
        own = {seat: story(mask_for(events, seat), rules, you, names) for seat in (0, 1)}
        if not public and not any(own.values()):
            line = quiet_line(action, names[action.player] if you != action.player else t("events.who.you"))
            return [LogEntry(line, action.player)] if line else []
        out = []
        for k, (seat, text) in enumerate(public):
            private = {v: own[v][k][1] for v in (0, 1)
                       if k < len(own[v]) and own[v][k][1] != text}
            out.append(LogEntry(text, seat, private or None))
        return out

    # --- undo ---------------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """How many actions stay after an undo now, or None when there is nothing to take back.

        Against the AI: back to just before the human's last decision (the AI's replies go too).
        Hot-seat: the last decision of the person at the screen, made since they took over.
        Never across a moment that showed the asker something hidden (a card turned up, a
        Conspiracy drawn, a Decree revealed...: game/takeback.py), as online."""
        target = self._undo_candidate()
        if target is None or target < self.undo_floor(self._undo_seat()):
            return None
        return target

    def _undo_seat(self) -> int | None:
        return self.looking if self.mode == "hotseat" else self.human_seat

    def _undo_candidate(self) -> int | None:
        """undo_target without the floor: where a take-back would go."""
        if not self.undo_allowed or self.state.is_terminal:
            return None
        actions = self.saved.actions
        if self.mode == "hotseat":
            if self.looking is not None and len(actions) > self.turn_start and actions[-1][0] == self.looking:
                return len(actions) - 1
            return None
        if self.human_seat is None:
            return None
        return next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == self.human_seat), None)

    def undo_floor(self, seat: int | None) -> int:
        """The fewest actions a take-back by `seat` may leave (game.takeback.floor_of); none
        where the game was started with take-backs across what was shown (a setting)."""
        if seat is None or self.undo_reveals:
            return 0
        return next((i + 1 for i in range(len(self.shown) - 1, -1, -1) if self.shown[i][seat]), 0)

    def undo_unavailable(self) -> str | None:
        """Why the Undo control is off although there is a move to take back, or None."""
        target = self._undo_candidate()
        if target is not None and target < self.undo_floor(self._undo_seat()):
            return t("takeback.blocked.reveal")
        return None

    @property
    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo(self) -> bool:
        """Take back (see undo_target): the save is truncated and the position replayed."""
        count = self.undo_target()
        if count is None:
            return False
        log = self.log                     # in the current language while the marks still fit it
        self.cancel_ai(abandon=True)
        state = self.saved.replay(upto=count)
        self.saved.truncate(count, state)
        self.state = state
        self.log = log[:self.marks[count]]
        del self.marks[count:]
        del self.shown[count:]
        self._age, self._phase = state.age, state.phase
        self.last_change = None
        self.version += 1
        self.autosave()
        return True

    # --- saving -----------------------------------------------------------------------------

    def autosave(self) -> None:
        if self.path is not None:
            saves.SAVER.submit(self.path, self.saved)

    @property
    def save_error(self) -> str | None:
        return saves.SAVER.error_for(self.path)

    # --- the AI -------------------------------------------------------------------------------

    def poll_ai(self):
        """Start the AI's thinking if it is on move; returns its action once ready, else None."""
        seat = self.actor
        if not self.is_ai(seat) or self.state.is_terminal:
            return None
        if self.worker is None or self.worker.version != self.version:
            self.worker = AIWorker(self.players[seat], self.state, seat)
            self.worker.version = self.version
            return None
        if not self.worker.done:
            return None
        action = self.worker.result()
        legal = self.state.legal_actions()
        if action not in legal:
            # A broken player must not stall the game: its move is refused loudly.
            raise RuntimeError(f"the AI chose an illegal action: {action!r}")
        return action

    @property
    def thinking(self) -> float | None:
        """Seconds the AI has been thinking, or None."""
        if self.worker is not None and self.worker.version == self.version and not self.worker.done:
            return self.worker.elapsed
        return None

    def cancel_ai(self, abandon: bool = False) -> None:
        """Forget the AI's pending answer; `abandon` also stops a search still running."""
        if abandon and self.worker is not None:
            self.worker.cancel()
        self.worker = None

    def refresh_ai(self) -> None:
        """The thinking time of `hard` changed in the settings: new AI players from the next move."""
        for i, spec in enumerate(self.players):
            if spec is not None and spec.name == "hard":
                self.players[i] = PlayerSpec(spec.name, spec.seed, think_seconds("hard"))
                self.config.seats[i].think_seconds = think_seconds("hard")
        self.cancel_ai(abandon=True)


def _shown_by(events) -> tuple[bool, bool]:
    """Whether each seat was shown something hidden by one action's events."""
    return tuple(any(reveals_to(e, seat) for e in events) for seat in (0, 1))


# The unfinished game the title menu's "Continue" returns to (kept in memory; on disk too).
CURRENT: dict = {"session": None}
