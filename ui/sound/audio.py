"""Sound: one effect per kind of game event, the interface's clicks and hovers, volume and mute.

`AUDIO` is the one shared player:
    AUDIO.start()                     the App opens the mixer (silence, never an error, without a device)
    AUDIO.play_event(event, viewer)   the animator, when it shows an engine Event (game/events.py)
    AUDIO.ui("click" | "hover")       the widgets
    AUDIO.flush()                     the App, once per frame: plays what was asked in the frame
    AUDIO.toggle_mute()               the M key
    AUDIO.stop()                      the App, before pygame quits

Requests are collected during a frame and played at its end, so a burst of events (a skipped
animation, a Wonder that pays, moves a pawn and takes a token) never piles up into noise:
repeats of one sound are merged and at most MAX_PER_FRAME sounds start, the most telling
first. The sounds are ours, synthesised by tools/make_sounds.py into assets/sounds/.
Volumes and mute are player settings (ui/files/settings.py), read at every play.
"""
from __future__ import annotations

import logging
import time

import pygame

from ui.files.paths import resource_path
from ui.files.settings import SETTINGS

log = logging.getLogger(__name__)

MAX_PER_FRAME = 3
MIN_REPEAT = 0.06          # seconds before one sound may start again (a fast run of coin events)
MIXER = dict(frequency=44100, size=-16, channels=2, buffer=512)
CHANNELS = 16

# Every sound file (assets/sounds/<name>.wav), most telling first: when a frame asks for
# more than MAX_PER_FRAME sounds, the ones earlier in this list win.
SOUND_NAMES = (
    "victory", "defeat", "age", "wonder", "conspiracy_triggered", "conspiracy_prepared",
    "decree", "science", "progress", "military_token", "control_gained", "control_lost",
    "senator", "card_build", "card_discard", "pawn", "cube_placed", "cube_moved", "cube_removed",
    "coins_gain", "coins_loss", "card_flip", "click", "hover",
)
PRIORITY = {name: rank for rank, name in enumerate(SOUND_NAMES)}
UI_SOUNDS = ("click", "hover")

_CUBE = {"placed": "cube_placed", "moved": "cube_moved", "removed": "cube_removed"}
_CONSPIRACY = {"prepared": "conspiracy_prepared", "triggered": "conspiracy_triggered"}


def sound_for(event, viewer: int | None = None) -> str | None:
    """The sound that shows `event` (a game.events.Event) to the player at seat `viewer`
    (None: nobody in particular, as in hot-seat or a computer duel). None: no sound."""
    kind = event.kind
    action = event.get("action")
    if kind == "coins":
        delta = event.get("delta", 0) or 0
        return "coins_gain" if delta > 0 else "coins_loss" if delta < 0 else None
    if kind == "card":
        # Only where a card lands says what the player did; a card tucked under a Wonder or a
        # Conspiracy is heard through the wonder / conspiracy event, dealing is silent.
        return {"city": "card_build", "discard": "card_discard", "senate": "senator"}.get(event.get("to"))
    if kind == "reveal":
        return "card_flip"
    if kind == "wonder":
        return "wonder" if action == "built" else "card_flip" if action == "drafted" else None
    if kind == "progress":
        return "progress" if action == "gained" else None
    if kind in ("pawn", "military_token", "age"):
        return kind
    if kind == "science_pair":
        return "science"
    if kind == "cube":
        return _CUBE.get(action)
    if kind == "control":
        if event.player == event.get("previous"):
            return None
        if viewer is None:
            return "control_gained" if event.player is not None else "control_lost"
        return "control_gained" if event.player == viewer else "control_lost"
    if kind == "decree":
        return "decree" if action == "revealed" else None
    if kind == "conspiracy":
        return _CONSPIRACY.get(action)
    if kind == "game_over":
        # A draw, or a duel watched by nobody in particular, ends on the major cadence.
        lost = viewer is not None and event.player is not None and event.player != viewer
        return "defeat" if lost else "victory"
    return None            # turn, extra_turn: the table shows them; a sound each turn would nag


class Audio:
    def __init__(self, clock=time.monotonic) -> None:
        self.clock = clock
        self.available = False          # a mixer is open and the sounds are loaded
        self.problem = ""               # why there is no sound (shown in the sound settings)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.missing: list[str] = []    # files that could not be loaded (those stay silent)
        self.pending: set[str] = set()
        self.last_played: dict[str, float] = {}
        self.played = 0                 # sounds started since start() (for the tests and the self-test)
        self._noticed = False

    # --- life --------------------------------------------------------------------------

    def start(self, sound_class=None) -> bool:
        """Open the mixer and load every sound. Without an audio device the game goes on in
        silence; the reason is logged once. Returns whether sound is available."""
        sound_class = sound_class or pygame.mixer.Sound
        self.stop()
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(**MIXER)
            pygame.mixer.set_num_channels(CHANNELS)
        except (pygame.error, NotImplementedError, OSError) as exc:
            self._silent(f"no audio device ({exc})")
            return False
        for name in SOUND_NAMES:
            path = resource_path("assets", "sounds", f"{name}.wav")
            try:
                self.sounds[name] = sound_class(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                self.missing.append(name)
                log.warning("cannot load the sound %s: %s", path, exc)
        self.available = bool(self.sounds)
        if not self.available:
            self._silent("no sound file could be loaded")
        else:
            self.problem = ""
        return self.available

    def _silent(self, why: str) -> None:
        self.available = False
        self.problem = why
        if not self._noticed:            # once per run, not at every window
            self._noticed = True
            log.warning("sound is off: %s; the game goes on in silence", why)

    def stop(self) -> None:
        """Drop the sounds and close the mixer (sounds must not outlive pygame)."""
        self.sounds.clear()
        self.missing = []
        self.pending.clear()
        self.last_played.clear()
        self.available = False
        try:
            if pygame.mixer.get_init():
                pygame.mixer.quit()
        except pygame.error as exc:
            log.debug("closing the mixer: %s", exc)

    # --- settings --------------------------------------------------------------------------

    @property
    def muted(self) -> bool:
        return SETTINGS.muted

    def gain(self) -> float:
        """What the effects play at: master x effects, 0 when muted."""
        if SETTINGS.muted:
            return 0.0
        return max(0, min(100, SETTINGS.master_volume)) / 100 * max(0, min(100, SETTINGS.effects_volume)) / 100

    def toggle_mute(self) -> bool:
        """Mute or unmute (saved with the settings). Returns whether sound is now muted."""
        from ui.files import settings as settings_file
        SETTINGS.muted = not SETTINGS.muted
        settings_file.save()
        if SETTINGS.muted:
            self.pending.clear()
            try:
                if pygame.mixer.get_init():
                    pygame.mixer.stop()        # what is ringing stops too
            except pygame.error:
                pass
        return SETTINGS.muted

    # --- requests --------------------------------------------------------------------------

    def play_event(self, event, viewer: int | None = None) -> str | None:
        """Ask for the sound of one shown event (played at the end of the frame). Returns its name."""
        name = sound_for(event, viewer)
        if name is not None:
            self.request(name)
        return name

    def ui(self, name: str) -> None:
        """The interface's own sounds: 'click' or 'hover'."""
        if name in UI_SOUNDS:
            self.request(name)

    def request(self, name: str) -> None:
        if self.available and name in self.sounds and not SETTINGS.muted:
            self.pending.add(name)

    def flush(self) -> list[str]:
        """Play this frame's requests: each sound once, at most MAX_PER_FRAME, most telling
        first; the rest are dropped (already merged into the ones heard). Returns what played."""
        if not self.pending:
            return []
        wanted = sorted(self.pending, key=lambda n: PRIORITY.get(n, len(PRIORITY)))
        self.pending.clear()
        gain = self.gain()
        if gain <= 0 or not self.available:
            return []
        now = self.clock()
        if any(n not in UI_SOUNDS for n in wanted):       # the game's news covers a click
            wanted = [n for n in wanted if n not in UI_SOUNDS] + [n for n in wanted if n == "click"]
        played = []
        for name in wanted:
            if len(played) >= MAX_PER_FRAME:
                break
            if now - self.last_played.get(name, -1e9) < MIN_REPEAT:
                continue
            try:
                sound = self.sounds[name]
                sound.set_volume(gain)
                if pygame.mixer.find_channel() is None:       # all ringing: the oldest gives way
                    pygame.mixer.find_channel(True).stop()
                sound.play()
            except pygame.error as exc:         # a device that vanished: stay quiet, keep playing
                log.debug("cannot play %s: %s", name, exc)
                continue
            self.last_played[name] = now
            played.append(name)
        self.played += len(played)
        return played


AUDIO = Audio()
