"""Sound: every kind of event is heard through the real mixer, bursts are merged, mute and
volume silence it, no audio device never stops the game, and the committed sound files
are exactly what tools/make_sounds.py synthesises (soft, levelled, small)."""
import dataclasses
import io
import itertools
import logging
import math
import random
import struct
import sys
import wave
from collections import Counter
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tools"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import make_sounds  # noqa: E402
from game import new_game  # noqa: E402
from game.events import Event  # noqa: E402
from ui.sound import audio as audio_module  # noqa: E402
from ui.files import settings as settings_file  # noqa: E402
from ui.files import storage  # noqa: E402
from ui.shell.app import App  # noqa: E402
from ui.sound.audio import AUDIO, MAX_PER_FRAME, SOUND_NAMES, Audio, sound_for  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.files.settings import SETTINGS  # noqa: E402

SOUNDS = ROOT / "assets" / "sounds"
GAME_SOUNDS = [n for n in SOUND_NAMES if n not in ("click", "hover")]


class CountingSound(pygame.mixer.Sound):
    """A real mixer Sound that counts its play() calls per file."""
    plays: Counter = Counter()

    def __init__(self, path):
        super().__init__(path)
        self.name = Path(path).stem

    def play(self, *args, **kwargs):
        channel = super().play(*args, **kwargs)
        if channel is not None:                  # the mixer really started it
            CountingSound.plays[self.name] += 1
        return channel


@pytest.fixture
def folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    kept = dataclasses.replace(SETTINGS)
    SETTINGS.reset()
    yield tmp_path
    SETTINGS.__dict__.update(kept.__dict__)
    storage.use(previous)


@pytest.fixture
def player(folder):
    """A sound player on the dummy driver whose clock moves a second per frame."""
    ticks = itertools.count()
    sound = Audio(clock=lambda: float(next(ticks)))
    assert sound.start(sound_class=CountingSound), sound.problem
    CountingSound.plays.clear()
    yield sound
    sound.stop()


# Every kind of event and what a player should hear (viewer: the seat at the screen).
EVENTS = [
    (Event("card", 0, card="Lumber Yard", frm="structure", to="city", frm_player=None, to_player=0), 0, "card_build"),
    (Event("card", 0, card="Lumber Yard", frm="structure", to="discard", frm_player=None, to_player=None), 0,
     "card_discard"),
    (Event("card", 0, card="Caesar", frm="structure", to="senate", frm_player=None, to_player=0), 0, "senator"),
    (Event("reveal", None, slot=4, card="Quarry"), 0, "card_flip"),
    (Event("wonder", 1, wonder="The Colossus", action="built", from_player=None, reason=None), 0, "wonder"),
    (Event("coins", 0, delta=3, reason=("discard", "Lumber Yard")), 0, "coins_gain"),
    (Event("coins", 0, delta=-2, reason=("payment", "Quarry")), 0, "coins_loss"),
    (Event("pawn", 0, start=0, to=2, reason=("card", "Stockade")), 0, "pawn"),
    (Event("military_token", 0, token="m2_right", effect="lose2", reason=("military", "m2_right")), 0,
     "military_token"),
    (Event("science_pair", 1, symbol="wheel"), 0, "science"),
    (Event("progress", 0, token="Law", action="gained", reason=("rule", "science_pair")), 0, "progress"),
    (Event("cube", 0, chamber=2, action="placed", to=None, by=0, reason=None), 0, "cube_placed"),
    (Event("cube", 1, chamber=2, action="moved", to=3, by=0, reason=None), 0, "cube_moved"),
    (Event("cube", 1, chamber=3, action="removed", to=None, by=0, reason=None), 0, "cube_removed"),
    (Event("control", 0, chamber=2, previous=None), 0, "control_gained"),
    (Event("control", 1, chamber=2, previous=0), 0, "control_lost"),
    (Event("conspiracy", 0, conspiracy="Coup", action="prepared", card="Quarry"), 0, "conspiracy_prepared"),
    (Event("conspiracy", 0, conspiracy="Coup", action="triggered", card=None), 0, "conspiracy_triggered"),
    (Event("decree", None, decree="Tax", chamber=3, action="revealed", to=None), 0, "decree"),
    (Event("age", 1, age=2), 0, "age"),
    (Event("game_over", 0, victory="political", scores=None), 0, "victory"),
    (Event("game_over", 0, victory="military", scores=None), 1, "defeat"),
]


# --- the files -------------------------------------------------------------------------------

def _samples(path):
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        n = w.getnframes()
        return w.getframerate(), [v / 32767 for v in struct.unpack(f"<{n}h", w.readframes(n))]


def test_committed_sounds_are_what_the_script_makes():
    rendered = make_sounds.render_all()
    assert sorted(rendered) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    assert sorted(p.name for p in SOUNDS.glob("*.wav")) == sorted(rendered)
    for name, data in rendered.items():
        assert (SOUNDS / name).read_bytes() == data, f"{name}: run tools/make_sounds.py"
    assert make_sounds.wav_bytes(make_sounds.click()) == rendered["click.wav"]     # deterministic


def test_sounds_are_small_soft_and_levelled():
    total = sum(p.stat().st_size for p in SOUNDS.glob("*.wav"))
    assert total < 800_000, total
    loud = {}
    for name in SOUND_NAMES:
        rate, x = _samples(SOUNDS / f"{name}.wav")
        peak = max(abs(v) for v in x)
        assert peak <= 0.9, f"{name} peaks at {peak:.2f}: too close to clipping"
        assert 0.02 <= len(x) / rate <= 3.0, name
        assert abs(x[0]) < 0.01 and abs(x[-1]) < 0.01, f"{name} starts or stops with a click"
        loud[name] = 20 * math.log10(make_sounds.short_term_rms(x))
    game = [loud[n] for n in GAME_SOUNDS if n != "card_flip"]
    assert max(game) - min(game) <= 8, loud                  # balanced: no effect drowns another
    assert loud["click"] < min(game) - 8 and loud["hover"] < loud["click"], loud    # the interface is quiet
    assert len({(SOUNDS / f"{n}.wav").read_bytes() for n in SOUND_NAMES}) == len(SOUND_NAMES)


# --- events to sounds ------------------------------------------------------------------------

def test_every_event_kind_is_heard_through_the_mixer(player):
    for event, viewer, expected in EVENTS:
        CountingSound.plays.clear()
        assert player.play_event(event, viewer) == expected
        assert player.flush() == [expected]
        assert CountingSound.plays == Counter({expected: 1}), (event, CountingSound.plays)
    heard = {expected for _, _, expected in EVENTS}
    assert heard == set(GAME_SOUNDS)                         # every effect has an event that plays it


def _seeded_game_events(seed):
    """Every event of one seeded Agora game between random players, one list per move."""
    state = new_game(seed, agora=True)
    rng = random.Random(seed)
    moves = [list(state.events)]                 # the set-up's own events
    while not state.is_terminal:
        moves.append(list(state.apply(rng.choice(state.legal_actions()))))
    return moves


def test_a_seeded_game_is_heard_event_by_event(player):
    """Seeded games from the engine: each shown event starts its own sound through the mixer,
    and together they reach every game sound."""
    expected, kinds = Counter(), set()
    for seed in range(1, 6):
        for move in _seeded_game_events(seed):
            for event in move:
                kinds.add(event.kind)
                name = player.play_event(event, 0)
                player.flush()                    # one event per frame, as the animator shows them
                if name is not None:
                    expected[name] += 1
    assert CountingSound.plays == expected
    assert set(CountingSound.plays) == set(GAME_SOUNDS)
    assert {"card", "coins", "wonder", "pawn", "military_token", "science_pair", "progress", "cube", "control",
            "decree", "conspiracy", "age", "game_over", "reveal"} <= kinds


def test_a_seeded_game_shown_at_once_never_piles_up(player):
    """With animations skipped every event of a move is shown in one frame: a few sounds at
    most, repeats merged, the most telling one always heard."""
    for move in _seeded_game_events(3):
        before = Counter(CountingSound.plays)
        wanted = {n for n in (player.play_event(e, 0) for e in move) if n is not None}
        played = player.flush()
        assert len(played) <= MAX_PER_FRAME and set(played) <= wanted
        assert (CountingSound.plays - before) == Counter(played)
        if wanted:
            assert played[0] == min(wanted, key=SOUND_NAMES.index)


def test_victory_or_defeat_for_the_seat_at_the_screen():
    win = Event("game_over", 1, victory="science", scores=None)
    assert sound_for(win, 1) == "victory" and sound_for(win, 0) == "defeat"
    assert sound_for(win, None) == "victory"                # hot-seat / computer duel: the winner's cadence
    taken = Event("control", 1, chamber=0, previous=0)
    assert sound_for(taken, 1) == "control_gained" and sound_for(taken, 0) == "control_lost"


def test_silent_events():
    quiet = [Event("turn", 0), Event("extra_turn", 0, reason=("rule", "x")),
             Event("card", None, card="Quarry", frm="deck", to="structure", frm_player=None, to_player=None),
             Event("progress", 0, token="Law", action="drawn", reason=None),
             Event("coins", 0, delta=0, reason=None)]
    assert [sound_for(e, 0) for e in quiet] == [None] * len(quiet)


def test_a_burst_is_merged_into_a_few_sounds(player):
    burst = [Event("coins", 0, delta=1, reason=None)] * 6 + \
            [Event("cube", 0, chamber=c, action="placed", to=None, by=0, reason=None) for c in range(4)] + \
            [Event("wonder", 0, wonder="The Colossus", action="built", from_player=None, reason=None),
             Event("pawn", 0, start=0, to=2, reason=None), Event("age", 0, age=3)]
    for event in burst:
        player.play_event(event, 0)
    player.ui("click")
    played = player.flush()
    assert len(played) == MAX_PER_FRAME and sum(CountingSound.plays.values()) == MAX_PER_FRAME
    assert played[:2] == ["age", "wonder"]                  # the most telling win
    assert all(n == 1 for n in CountingSound.plays.values())
    assert player.flush() == []                              # the rest was merged, not delayed


def test_one_sound_does_not_restart_at_once():
    ticks = iter([0.0, 0.01, 0.5])
    sound = Audio(clock=lambda: next(ticks))
    assert sound.start(sound_class=CountingSound)
    try:
        CountingSound.plays.clear()
        coin = Event("coins", 0, delta=2, reason=None)
        for _ in range(3):
            sound.play_event(coin, 0)
            sound.flush()
        assert CountingSound.plays["coins_gain"] == 2       # the one 10 ms after the first is merged
    finally:
        sound.stop()


def test_mute_and_zero_volume_silence_everything(player):
    SETTINGS.muted = True
    for event, viewer, _ in EVENTS:
        player.play_event(event, viewer)
    player.ui("click")
    assert player.flush() == [] and not CountingSound.plays
    SETTINGS.muted = False
    SETTINGS.effects_volume = 0
    player.play_event(EVENTS[0][0], 0)
    assert player.flush() == [] and not CountingSound.plays
    SETTINGS.effects_volume = 50
    SETTINGS.master_volume = 50
    player.play_event(EVENTS[0][0], 0)
    assert player.flush() == ["card_build"]
    assert player.sounds["card_build"].get_volume() == pytest.approx(0.25, abs=0.01)


def test_volume_and_mute_are_saved_and_checked(folder):
    SETTINGS.master_volume, SETTINGS.effects_volume, SETTINGS.muted = 30, 70, True
    settings_file.save()
    SETTINGS.reset()
    assert settings_file.load() is None
    assert (SETTINGS.master_volume, SETTINGS.effects_volume, SETTINGS.muted) == (30, 70, True)
    bad = settings_file.Settings()
    assert sorted(bad.update_from({"master_volume": 140, "effects_volume": True, "muted": "yes"})) == \
        ["effects_volume", "master_volume", "muted"]
    SETTINGS.master_volume = 100
    SETTINGS.step_volume("master_volume", 1)
    assert SETTINGS.master_volume == 100                     # arrows stop at the ends


# --- in the window ----------------------------------------------------------------------------

def _key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_m_mutes_anywhere_but_not_while_typing_a_name(folder):
    from ui.scenes.setup import SetupScene
    app = App((1280, 720), home=MenuScene)
    try:
        app.push(MenuScene())
        app.step(1 / 60)
        _key(pygame.K_m)
        app.step(1 / 60)
        assert SETTINGS.muted and app.toast
        assert settings_file.load() is None and SETTINGS.muted      # saved at once
        _key(pygame.K_m, pygame.KMOD_CTRL)
        app.step(1 / 60)
        assert SETTINGS.muted                                       # Ctrl+M is not M
        setup = SetupScene()
        app.push(setup)
        app.step(1 / 60)
        setup.fields[0].focus(True)
        _key(pygame.K_m)
        app.step(1 / 60)
        assert SETTINGS.muted                                       # the M was typed, not a toggle
        setup.fields[0].focus(False)
        _key(pygame.K_m)
        app.step(1 / 60)
        assert not SETTINGS.muted
        assert app.last_error is None
    finally:
        app.close()


def test_buttons_click_and_hover_through_the_app(folder, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "Sound", CountingSound)      # the App's own player counts
    app = App((1280, 720), home=MenuScene)
    try:
        assert AUDIO.available
        CountingSound.plays.clear()
        app.push(MenuScene())
        app.step(1 / 60)
        _key(pygame.K_DOWN)
        app.step(1 / 60)
        assert CountingSound.plays == Counter({"hover": 1})
        SETTINGS.muted = True
        _key(pygame.K_UP)
        app.step(1 / 60)
        assert CountingSound.plays == Counter({"hover": 1})        # muted: the focus moves in silence
        SETTINGS.muted = False
        _key(pygame.K_RETURN)
        app.step(1 / 60)
        assert CountingSound.plays == Counter({"hover": 1, "click": 1})
    finally:
        app.close()


def test_no_audio_device_leaves_the_game_silent_and_playing(folder, monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("no available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(AUDIO, "_noticed", False)
    with caplog.at_level(logging.WARNING, logger="ui.sound.audio"):
        for _ in range(2):                                          # a second window: no second notice
            app = App((1280, 720), home=MenuScene)
            try:
                app.push(MenuScene())
                assert not AUDIO.available
                AUDIO.play_event(EVENTS[0][0], 0)
                AUDIO.ui("click")
                _key(pygame.K_m)
                for _ in range(3):
                    app.step(1 / 60)
                assert app.last_error is None and app.running
            finally:
                app.close()
    notices = [r for r in caplog.records if "sound is off" in r.getMessage()]
    assert len(notices) == 1


# A whole game without an audio device: tests/test_ui_game.py's base-game autoplay runs with
# SDL_AUDIODRIVER=no-such-driver and checks the one "sound is off" line.
