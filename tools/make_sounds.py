"""Synthesise the game's sound effects (our own, no recordings) into assets/sounds/*.wav.

    python tools/make_sounds.py            # writes every sound
    python tools/make_sounds.py --check    # exit 1 when a committed file differs

Pure Python (math, random with fixed seeds, wave): the same script always writes the same
bytes, so tests/test_sound.py can check the committed files against it. Every sound is
16-bit mono at 16 kHz, faded in and out (no clicks), gently low-passed (nothing harsh)
and levelled to a loudness target per sound so that the set sits together.
"""
from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 16000             # enough for sounds low-passed under 6 kHz, and small files
PEAK_LIMIT = 0.89          # -1 dBFS: never clip

Track = list


# --- building blocks ------------------------------------------------------------------

def silence(seconds: float) -> Track:
    return [0.0] * int(seconds * RATE)


def release(t: float, seconds: float) -> float:
    """A raised-cosine fade over a note's last moments: a note that stops never clicks."""
    r = min(0.08, seconds / 4)
    if t < seconds - r:
        return 1.0
    return 0.5 * (1 + math.cos(math.pi * min(1.0, (t - (seconds - r)) / r)))


def tone(freq: float, seconds: float, *, partials=((1, 1.0),), attack=0.005, decay=0.3,
         vibrato=0.0, glide=1.0, inharmonic_decay=1.0) -> Track:
    """A note: partials (ratio, amplitude), an exponential decay (seconds to 1/e) after a
    soft attack; higher partials die faster (inharmonic_decay > 1) as struck things do.
    glide: the pitch at the end relative to the start (a falling thud < 1)."""
    n = int(seconds * RATE)
    out = [0.0] * n
    sin, two_pi = math.sin, 2 * math.pi
    # The envelope and the pitch curve are the same for every partial: compute them once.
    shape = [min(1.0, (i / RATE) / attack) * release(i / RATE, seconds) for i in range(n)]
    bend = [1.0] * n
    if glide != 1.0 or vibrato:
        for i in range(n):
            t = i / RATE
            bend[i] = glide ** (t / seconds) * (1 + vibrato * sin(two_pi * 5.5 * t))
    for ratio, amp in partials:
        if freq * ratio > 0.45 * RATE:      # above what the file can hold: it would alias
            continue
        tau = decay / (ratio ** (inharmonic_decay - 1)) if inharmonic_decay != 1 else decay
        fall = math.exp(-1 / (tau * RATE))   # the decay, one sample at a time
        step = two_pi * freq * ratio / RATE
        phase, level = 0.0, amp
        for i in range(n):
            phase += step * bend[i]
            out[i] += level * shape[i] * sin(phase)
            level *= fall
    return out


def thud(freq: float, seconds: float, *, drop=0.55, decay=0.08) -> Track:
    """A struck wooden/skin body: a sine whose pitch falls quickly."""
    n = int(seconds * RATE)
    out, phase = [0.0] * n, 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (drop + (1 - drop) * math.exp(-t / 0.03))
        phase += 2 * math.pi * f / RATE
        out[i] = min(1.0, t / 0.002) * math.exp(-t / decay) * release(t, seconds) * math.sin(phase)
    return out


def noise(seconds: float, seed: int) -> Track:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def envelope(x: Track, attack: float, decay: float, hold: float = 0.0) -> Track:
    out = []
    for i, v in enumerate(x):
        t = i / RATE
        a = min(1.0, t / attack) if attack > 0 else 1.0
        d = 1.0 if t < hold else math.exp(-(t - hold) / decay)
        out.append(v * a * d)
    return out


def swell(x: Track, rise: float, fall: float) -> Track:
    """Rise (smooth) for `rise` seconds, then fall exponentially."""
    out = []
    for i, v in enumerate(x):
        t = i / RATE
        g = math.sin(0.5 * math.pi * t / rise) ** 2 if t < rise else math.exp(-(t - rise) / fall)
        out.append(v * g)
    return out


def lowpass(x: Track, cutoff: float) -> Track:
    """Two one-pole low-pass stages (12 dB/octave): takes the edge off."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    for _ in range(2):
        y, out = 0.0, []
        for v in x:
            y += a * (v - y)
            out.append(y)
        x = out
    return x


def bandpass(x: Track, centre: float, q: float) -> Track:
    """RBJ biquad band-pass (constant peak gain)."""
    w = 2 * math.pi * centre / RATE
    alpha = math.sin(w) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w), 1 - alpha
    b0, b2, a1, a2 = b0 / a0, b2 / a0, a1 / a0, a2 / a0
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for v in x:
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def sweep_bandpass(x: Track, start: float, end: float, q: float) -> Track:
    """A band-pass whose centre glides from start to end (a card's 'thwip')."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    n = len(x)
    for i, v in enumerate(x):
        centre = start * (end / start) ** (i / max(1, n - 1))
        w = 2 * math.pi * centre / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        y = (alpha * v - alpha * x2 + 2 * math.cos(w) * y1 - (1 - alpha) * y2) / a0
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def mix(*parts: tuple[float, float, Track]) -> Track:
    """Sum (start seconds, gain, track) parts into one track."""
    length = max(int(start * RATE) + len(track) for start, _, track in parts)
    out = [0.0] * length
    for start, gain, track in parts:
        offset = int(start * RATE)
        for i, v in enumerate(track):
            out[offset + i] += gain * v
    return out


def short_term_rms(x: Track, window: float = 0.05) -> float:
    """The loudest 50 ms of the sound (how loud it seems, whatever its length)."""
    n = max(1, int(window * RATE))
    best, acc = 0.0, 0.0
    squares = [v * v for v in x]
    for i, s in enumerate(squares):
        acc += s
        if i >= n:
            acc -= squares[i - n]
        best = max(best, acc)
    return math.sqrt(best / n)


def trim_tail(x: Track, floor: float = 0.002) -> Track:
    """Drop the inaudible end of a decay (-54 dB under the peak): smaller files."""
    peak = max(abs(v) for v in x) or 1.0
    last = max((i for i, v in enumerate(x) if abs(v) > floor * peak), default=len(x) - 1)
    return x[:last + int(0.01 * RATE)]


def finish(x: Track, loudness_db: float, *, cutoff: float = 6000.0) -> Track:
    """Low-pass, remove DC, fade the ends, level to `loudness_db` (short-term RMS, dBFS)
    without letting the peak pass -1 dBFS."""
    x = lowpass(x, cutoff)
    mean = sum(x) / len(x)
    x = [v - mean for v in x]
    x = trim_tail(x)
    fade_in, fade_out = int(0.002 * RATE), int(0.02 * RATE)
    for i in range(min(fade_in, len(x))):
        x[i] *= i / fade_in
    for i in range(min(fade_out, len(x))):
        x[-1 - i] *= i / fade_out
    rms = short_term_rms(x) or 1.0
    gain = 10 ** (loudness_db / 20) / rms
    peak = max(abs(v) for v in x) or 1.0
    gain = min(gain, PEAK_LIMIT / peak)
    return [v * gain for v in x]


# --- instruments ------------------------------------------------------------------------

BELL = ((1, 1.0), (2.0, 0.45), (2.76, 0.3), (5.4, 0.12))       # struck metal
GLASS = ((1, 1.0), (2.0, 0.18), (3.0, 0.08))                       # nearly pure
BRASS = ((1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2), (5, 0.1))       # warm, buzzy
PAD = ((1, 1.0), (2, 0.3), (3, 0.12))


def note(name: str) -> float:
    """'A4' -> 440.0 (equal temperament)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    semis = steps[pitch[0]] + pitch.count("#") - pitch.count("b") + 12 * (octave - 4)
    return 440.0 * 2 ** (semis / 12)


def ping(freq: float, seconds: float = 0.35) -> Track:
    return tone(freq, seconds, partials=BELL, attack=0.002, decay=0.12, inharmonic_decay=1.6)


def clack(freq: float, seed: int) -> Track:
    """Wood on wood: a resonant knock plus a short click."""
    body = tone(freq, 0.14, partials=((1, 1.0), (2.3, 0.4)), attack=0.001, decay=0.03)
    click = envelope(bandpass(noise(0.05, seed), freq * 3, 4.0), 0.0005, 0.006)
    return mix((0, 1.0, body), (0, 0.9, click))


def chord(names, seconds, *, partials=PAD, attack=0.05, decay=0.8, vibrato=0.0) -> Track:
    return mix(*[(0, 1.0 / len(names), tone(note(n), seconds, partials=partials, attack=attack, decay=decay,
                                               vibrato=vibrato)) for n in names])


def thwip(seconds: float, start: float, end: float, seed: int) -> Track:
    return swell(sweep_bandpass(noise(seconds, seed), start, end, 2.2), seconds * 0.35, seconds * 0.18)


# --- the sounds ---------------------------------------------------------------------------

def card_build():
    """A card slid onto the table and set down: a thwip, then a soft tap."""
    return finish(mix((0, 1.0, thwip(0.14, 1800, 900, 11)), (0.11, 0.8, thud(220, 0.12, decay=0.03))), -17)


def card_discard():
    """A card thrown away for coins: a lighter thwip, then two coin pings."""
    return finish(mix((0, 0.9, thwip(0.12, 1400, 2400, 12)), (0.12, 0.55, ping(1320)), (0.2, 0.45, ping(1568))), -18)


def card_flip():
    """A structure card turned face up (quiet: many happen together)."""
    return finish(thwip(0.09, 1200, 2200, 13), -27)


def coins_gain():
    """Coins into the treasury: two rising metal pings."""
    return finish(mix((0, 0.8, ping(1175)), (0.07, 1.0, ping(1568, 0.45))), -19)


def coins_loss():
    """Coins paid out: two falling, duller pings."""
    return finish(mix((0, 1.0, ping(1046)), (0.09, 0.8, ping(784, 0.4))), -20, cutoff=4500)


def wonder():
    """A Wonder built: a warm, low major chord that blooms and fades."""
    low = chord(("C3", "G3", "C4", "E4"), 1.6, partials=BRASS, attack=0.12, decay=0.7, vibrato=0.003)
    sub = tone(note("C2"), 1.6, partials=PAD, attack=0.08, decay=0.6)
    return finish(mix((0, 1.0, low), (0, 0.5, sub)), -15, cutoff=3200)


def pawn():
    """The Conflict pawn pushed along the track: a wooden thud with a little scrape."""
    scrape = envelope(bandpass(noise(0.12, 21), 700, 1.5), 0.03, 0.03)
    return finish(mix((0, 0.35, scrape), (0.05, 1.0, thud(130, 0.3, decay=0.09))), -16, cutoff=3000)


def military_token():
    """A military token taken: two small drum beats."""
    def beat(seed):
        skin = thud(190, 0.22, drop=0.7, decay=0.07)
        snare = envelope(bandpass(noise(0.15, seed), 1500, 0.9), 0.001, 0.035)
        return mix((0, 1.0, skin), (0, 0.35, snare))
    return finish(mix((0, 0.75, beat(31)), (0.13, 1.0, beat(32))), -16, cutoff=5000)


def science():
    """A pair of science symbols: a glassy chime rising a fifth, then the octave."""
    return finish(mix((0, 0.8, tone(note("E5"), 0.9, partials=GLASS, attack=0.003, decay=0.35)),
                      (0.09, 0.8, tone(note("B5"), 0.9, partials=GLASS, attack=0.003, decay=0.35)),
                      (0.18, 1.0, tone(note("E6"), 1.0, partials=GLASS, attack=0.003, decay=0.4))), -19)


def progress():
    """A progress token gained: one bright bell stroke with its fifth."""
    return finish(mix((0, 1.0, tone(note("A5"), 1.2, partials=BELL, attack=0.002, decay=0.35, inharmonic_decay=1.5)),
                      (0, 0.4, tone(note("E5"), 1.2, partials=GLASS, attack=0.004, decay=0.4))), -18, cutoff=6000)


def senator():
    """A Senator recruited: quill strokes on parchment, then a soft low note of assent."""
    strokes = []
    for k, (start, length) in enumerate(((0, 0.09), (0.11, 0.07), (0.2, 0.12))):
        scratch = bandpass(noise(length, 41 + k), 2600, 1.2)
        strokes.append((start, 0.8, swell(scratch, length * 0.3, length * 0.25)))
    assent = tone(note("G3"), 0.5, partials=PAD, attack=0.03, decay=0.18)
    return finish(mix(*strokes, (0.3, 0.9, assent)), -21, cutoff=5000)


def cube_placed():
    """An Influence cube set into a Chamber: one wooden clack."""
    return finish(clack(760, 51), -19)


def cube_moved():
    """A cube moved: a short slide, then a clack."""
    slide = swell(bandpass(noise(0.12, 52), 900, 1.0), 0.06, 0.03)
    return finish(mix((0, 0.4, slide), (0.1, 1.0, clack(880, 53))), -19)


def cube_removed():
    """A cube taken away: a lower clack and a lift."""
    lift = swell(bandpass(noise(0.1, 54), 600, 1.0), 0.05, 0.03)
    return finish(mix((0, 1.0, clack(560, 55)), (0.06, 0.35, lift)), -20)


def control_gained():
    """A Chamber comes under your control: a two-note horn call, rising a fourth."""
    return finish(mix((0, 0.9, tone(note("G4"), 0.3, partials=BRASS, attack=0.02, decay=0.2)),
                      (0.16, 1.0, tone(note("C5"), 0.6, partials=BRASS, attack=0.02, decay=0.3))), -18, cutoff=4000)


def control_lost():
    """A Chamber changes hands away from you: the call falling a fourth."""
    return finish(mix((0, 0.9, tone(note("C5"), 0.3, partials=BRASS, attack=0.02, decay=0.2)),
                      (0.16, 1.0, tone(note("G4"), 0.6, partials=BRASS, attack=0.02, decay=0.3))), -19, cutoff=3500)


def conspiracy_prepared():
    """A Conspiracy prepared: a dark, low swell (a minor second rubbing) that sinks away."""
    dark = mix((0, 1.0, tone(note("D3"), 1.4, partials=BRASS, attack=0.01, decay=5.0, vibrato=0.004)),
               (0, 0.6, tone(note("Eb3"), 1.4, partials=PAD, attack=0.01, decay=5.0)),
               (0, 0.5, tone(note("D2"), 1.4, partials=PAD, attack=0.01, decay=5.0)),
               (0, 0.25, bandpass(noise(1.4, 81), 500, 0.8)))
    return finish(swell(dark, 0.7, 0.22), -19, cutoff=1800)


def conspiracy_triggered():
    """A Conspiracy triggered: the swell cut by a low hit and a minor stab."""
    rise = swell(mix((0, 1.0, tone(note("D2"), 0.5, partials=BRASS, decay=5.0)),
                     (0, 0.6, tone(note("Eb2"), 0.5, partials=PAD, decay=5.0))), 0.35, 0.05)
    hit = thud(90, 0.5, drop=0.6, decay=0.15)
    stab = chord(("D3", "F3", "A3", "D4"), 1.0, partials=BRASS, attack=0.005, decay=0.3)
    return finish(mix((0, 0.6, rise), (0.33, 1.0, hit), (0.33, 0.8, stab)), -15, cutoff=2200)


def decree():
    """A Decree revealed: a seal pressed into wax (a dull stamp and a paper crackle)."""
    stamp = thud(95, 0.35, drop=0.5, decay=0.06)
    crackle = envelope(bandpass(noise(0.2, 61), 2000, 1.0), 0.002, 0.04)
    seal = tone(note("D4"), 0.5, partials=PAD, attack=0.01, decay=0.15)
    return finish(mix((0, 1.0, stamp), (0, 0.25, crackle), (0.02, 0.35, seal)), -16, cutoff=4000)


def age():
    """A new Age begins: a short brass fanfare, G C E and a held G."""
    parts = []
    for start, name, length in ((0, "G4", 0.16), (0.15, "C5", 0.16), (0.3, "E5", 0.16), (0.45, "G5", 0.9)):
        parts.append((start, 1.0, tone(note(name), length, partials=BRASS, attack=0.015, decay=0.12 if length < 0.5 else 0.45,
                                       vibrato=0.004 if length > 0.5 else 0.0)))
    parts.append((0.45, 0.5, tone(note("C4"), 0.9, partials=PAD, attack=0.02, decay=0.45)))
    return finish(mix(*parts), -16, cutoff=4500)


def victory():
    """Victory: a major cadence, IV - V - I, the last chord held."""
    parts = [(0, 1.0, chord(("F3", "A3", "C4", "F4"), 0.5, partials=BRASS, attack=0.02, decay=0.35)),
             (0.4, 1.0, chord(("G3", "B3", "D4", "G4"), 0.5, partials=BRASS, attack=0.02, decay=0.35)),
             (0.8, 1.2, chord(("C3", "G3", "C4", "E4", "G4", "C5"), 1.8, partials=BRASS, attack=0.03, decay=0.8,
                              vibrato=0.003))]
    return finish(mix(*parts), -15, cutoff=4000)


def defeat():
    """Defeat: a slow minor cadence, iv - V - i, soft and low."""
    parts = [(0, 1.0, chord(("F3", "Ab3", "C4"), 0.7, partials=PAD, attack=0.06, decay=0.45)),
             (0.55, 1.0, chord(("G3", "B3", "D4"), 0.7, partials=PAD, attack=0.06, decay=0.45)),
             (1.1, 1.1, chord(("C3", "G3", "C4", "Eb4"), 1.5, partials=PAD, attack=0.08, decay=0.6))]
    return finish(mix(*parts), -18, cutoff=2500)


def click():
    """An interface button pressed: a tiny soft tick."""
    return finish(mix((0, 1.0, tone(1400, 0.05, attack=0.001, decay=0.008)),
                      (0, 0.5, envelope(bandpass(noise(0.03, 71), 3000, 2.0), 0.0005, 0.004))), -30)


def hover():
    """The pointer or the focus onto a button: a fainter, higher tick."""
    return finish(tone(2100, 0.04, attack=0.001, decay=0.006), -38)


SOUNDS = {f.__name__: f for f in (
    card_build, card_discard, card_flip, coins_gain, coins_loss, wonder, pawn, military_token,
    science, progress, senator, cube_placed, cube_moved, cube_removed, control_gained, control_lost,
    conspiracy_prepared, conspiracy_triggered, decree, age, victory, defeat, click, hover)}


# --- files ------------------------------------------------------------------------------

def wav_bytes(track: Track) -> bytes:
    frames = struct.pack(f"<{len(track)}h", *(max(-32767, min(32767, round(v * 32767))) for v in track))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buffer.getvalue()


def render_all() -> dict[str, bytes]:
    """Every sound's file name -> WAV bytes."""
    return {f"{name}.wav": wav_bytes(make()) for name, make in SOUNDS.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files; write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write (default assets/sounds)")
    args = parser.parse_args(argv)
    rendered = render_all()
    if args.check:
        stale = [name for name, data in rendered.items()
                 if not (args.out / name).exists() or (args.out / name).read_bytes() != data]
        for name in stale:
            print(f"differs: {name}")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in rendered.items():
        (args.out / name).write_bytes(data)
    total = sum(len(d) for d in rendered.values())
    print(f"wrote {len(rendered)} sounds, {total / 1024:.0f} KiB, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
