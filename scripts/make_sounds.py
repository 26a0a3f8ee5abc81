"""Synthesise the game's three sounds (seed 002) into src/tictactoe/session/sounds/.

- ``win.wav``: a bright rising arpeggio fanfare (C major, ending on a held chord);
- ``lose.wav``: a descending "wah-wah" (a muted trombone sliding down);
- ``draw.wav``: a cat's "meow" for the cat's game: a pitch glide up and down
  with vibrato, shaped by vowel-like formants moving from "m-ee" to "ow".

Only the standard library (``wave``, ``math``, ``struct``); 22050 Hz, mono,
16-bit, each under 1.5 s. Run ``python scripts/make_sounds.py`` to regenerate.
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
"""Samples per second."""
PEAK = 0.85
"""Loudest sample after normalising, as a fraction of full scale (headroom against clicks)."""
OUT = Path(__file__).resolve().parent.parent / "src" / "tictactoe" / "sounds"

Signal = list[float]


def silence(seconds: float) -> Signal:
    """``seconds`` of nothing."""
    return [0.0] * int(seconds * RATE)


def envelope(count: int, attack: float, release: float) -> list[float]:
    """A linear attack, a flat body and an exponential-ish release, in samples."""
    a, r = max(1, int(attack * RATE)), max(1, int(release * RATE))
    values = []
    for i in range(count):
        level = min(1.0, i / a)
        remaining = count - i
        if remaining < r:
            level *= (remaining / r) ** 2
        values.append(level)
    return values


def brass_note(freq: float, seconds: float) -> Signal:
    """A bright trumpet-like note: a few harmonics, with a little vibrato."""
    count = int(seconds * RATE)
    env = envelope(count, 0.01, min(0.12, seconds / 2))
    out = []
    phase = 0.0
    for i in range(count):
        t = i / RATE
        f = freq * (1 + 0.004 * math.sin(2 * math.pi * 5.5 * t))
        phase += 2 * math.pi * f / RATE
        sample = sum(math.sin(h * phase) / h**0.9 for h in range(1, 7))
        out.append(sample * env[i])
    return out


def mix_at(base: Signal, other: Signal, start: float, gain: float = 1.0) -> Signal:
    """``base`` with ``other`` added from ``start`` seconds on (extending ``base``)."""
    offset = int(start * RATE)
    needed = offset + len(other)
    if needed > len(base):
        base = base + [0.0] * (needed - len(base))
    for i, value in enumerate(other):
        base[offset + i] += gain * value
    return base


def fanfare() -> Signal:
    """C5 E5 G5 quickly rising, then a held C6 major chord."""
    notes = (523.25, 659.25, 783.99)
    out: Signal = []
    for index, freq in enumerate(notes):
        out = mix_at(out, brass_note(freq, 0.16), index * 0.12)
    for freq in (1046.5, 783.99, 659.25):
        out = mix_at(out, brass_note(freq, 0.75), 0.38, gain=0.6)
    return out


def wah(start_freq: float, end_freq: float, seconds: float) -> Signal:
    """One muted-trombone "wah": a sawtooth gliding down through a closing filter."""
    count = int(seconds * RATE)
    env = envelope(count, 0.03, 0.15)
    out = []
    phase = 0.0
    for i in range(count):
        progress = i / count
        freq = start_freq * (end_freq / start_freq) ** progress
        phase += 2 * math.pi * freq / RATE
        # The "wah": harmonics open up then close, like a plunger mute.
        brightness = math.sin(math.pi * min(1.0, progress * 1.6)) * 0.8 + 0.2
        sample = sum(math.sin(h * phase) / h * brightness ** (h - 1) for h in range(1, 9))
        out.append(sample * env[i])
    return out


def lose() -> Signal:
    """Four descending wahs, the last one long and sagging (the "sad trombone")."""
    out: Signal = []
    steps = ((392.0, 380.0, 0.26), (370.0, 358.0, 0.26), (349.2, 338.0, 0.26))
    at = 0.0
    for start, end, seconds in steps:
        out = mix_at(out, wah(start, end, seconds), at)
        at += seconds + 0.02
    return mix_at(out, wah(329.6, 293.7, 0.55), at)


def resonate(signal: Signal, formants: Callable[[float], Sequence[tuple[float, float]]]) -> Signal:
    """Pass ``signal`` through parallel two-pole resonators whose (frequency, gain) move in time."""
    count = len(signal)
    bands = len(formants(0.0))
    state = [[0.0, 0.0] for _ in range(bands)]
    bandwidth = 120.0
    r = math.exp(-math.pi * bandwidth / RATE)
    out = []
    for i, x in enumerate(signal):
        total = 0.0
        for band, (freq, gain) in enumerate(formants(i / count)):
            y1, y2 = state[band]
            y = (1 - r) * x + 2 * r * math.cos(2 * math.pi * freq / RATE) * y1 - r * r * y2
            state[band] = [y, y1]
            total += gain * y
        out.append(total)
    return out


def meow() -> Signal:
    """A cat's meow: the pitch rises then falls with vibrato; formants move "ee" -> "ow"."""
    seconds = 0.9
    count = int(seconds * RATE)
    source = []
    phase = 0.0
    for i in range(count):
        progress = i / count
        # Glide 550 -> 800 -> 450 Hz, with a 7 Hz vibrato that deepens at the end.
        contour = 550 + 250 * math.sin(math.pi * min(1.0, progress * 1.4))
        if progress > 0.7:
            contour -= 350 * (progress - 0.7)
        vibrato = 1 + (0.01 + 0.02 * progress) * math.sin(2 * math.pi * 7 * i / RATE)
        phase += 2 * math.pi * contour * vibrato / RATE
        # A glottal-like pulse train: rich in harmonics for the formants to shape.
        source.append(sum(math.sin(h * phase) / h for h in range(1, 16)))

    def formants(progress: float) -> Sequence[tuple[float, float]]:
        # "m" (closed, low) -> "ee" (F1 low, F2 high) -> "ow" (F1 mid, F2 low).
        if progress < 0.1:
            return ((300.0, 1.0), (1200.0, 0.2), (2600.0, 0.05))
        if progress < 0.45:
            blend = (progress - 0.1) / 0.35
            return (
                (300 + 100 * blend, 1.0),
                (2200 - 300 * blend, 0.6),
                (3000.0, 0.2),
            )
        blend = min(1.0, (progress - 0.45) / 0.4)
        return ((400 + 300 * blend, 1.0), (1900 - 900 * blend, 0.6 - 0.2 * blend), (2800.0, 0.15))

    shaped = level_out(resonate(source, formants))
    # Loudness of a real meow: a quick "m", loudest on the open vowel, fading "ow".
    env = [
        min(1.0, p / 0.08) * (0.55 + 0.45 * math.sin(math.pi * min(1.0, p / 0.75)))
        for p in (i / count for i in range(count))
    ]
    release = envelope(count, 0.01, 0.25)
    return [v * e * r for v, e, r in zip(shaped, env, release, strict=True)]


def level_out(signal: Signal, window: float = 0.03) -> Signal:
    """Even out the loudness: where a formant meets a harmonic the resonators ring loud."""
    size = max(1, int(window * RATE))
    levels = []
    for start in range(0, len(signal), size):
        chunk = signal[start : start + size]
        levels.append(math.sqrt(sum(v * v for v in chunk) / len(chunk)) or 1.0)
    out = []
    for i, value in enumerate(signal):
        # Interpolate between window levels so the gain changes smoothly.
        position = i / size - 0.5
        low = min(len(levels) - 1, max(0, int(position)))
        high = min(len(levels) - 1, low + 1)
        blend = min(1.0, max(0.0, position - low))
        level = levels[low] * (1 - blend) + levels[high] * blend
        out.append(value / level)
    return out


def normalise(signal: Signal) -> Signal:
    """Scale so the loudest sample is :data:`PEAK`, with a short fade-in and out against clicks."""
    loudest = max(abs(value) for value in signal) or 1.0
    return [value * PEAK / loudest for value in signal]


def write(path: Path, signal: Signal) -> None:
    """Write ``signal`` (floats in -1..1) as 16-bit mono PCM at :data:`RATE`."""
    frames = b"".join(
        struct.pack("<h", round(max(-1.0, min(1.0, value)) * 32767)) for value in signal
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


SOUNDS: dict[str, Callable[[], Signal]] = {"win": fanfare, "lose": lose, "draw": meow}
"""File stem -> synthesiser."""


def main() -> int:
    """Write every sound into :data:`OUT` and print their lengths."""
    OUT.mkdir(parents=True, exist_ok=True)
    for stem, make in SOUNDS.items():
        signal = normalise(make() + silence(0.03))
        path = OUT / f"{stem}.wav"
        write(path, signal)
        print(f"{path}: {len(signal) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
