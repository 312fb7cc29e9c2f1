"""Synthesise the game's sound effects as small WAV files, deterministically.

    make(out)  # writes out/sounds/*.wav and returns the paths

Everything is built in pure Python from a handful of blocks: sine oscillators, white noise,
one-pole and biquad filters, a swept state-variable band-pass, envelopes, mixing, and a
finishing step that removes DC, fades both ends and normalises the peak. Each sound is one
short function returning a list of float samples in [-1, 1]. Noise comes from a
``random.Random`` seeded per sound, so two runs write byte-identical files.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050  # samples per second; mono, 16-bit
TAU = 2.0 * math.pi

Signal = list[float]


# --- Building blocks ----------------------------------------------------------------------


def samples(seconds: float) -> int:
    return max(1, round(seconds * RATE))


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def sine(freq: float | Callable[[float], float], seconds: float) -> Signal:
    """A sine wave; ``freq`` is a constant or a function of time (for glides and vibrato)."""
    out: Signal = []
    phase = 0.0
    for i in range(samples(seconds)):
        out.append(math.sin(phase))
        phase += TAU * (freq(i / RATE) if callable(freq) else freq) / RATE
    return out


def decay(seconds: float, tau: float, attack: float = 0.002) -> Signal:
    """A short linear attack, then an exponential decay with time constant ``tau``."""
    n_attack = samples(attack)
    return [
        min(1.0, i / n_attack) * math.exp(-max(0.0, i / RATE - attack) / tau)
        for i in range(samples(seconds))
    ]


def adsr(seconds: float, attack: float, dec: float, sustain: float, release: float) -> Signal:
    """A piecewise-linear attack, decay, sustain and release envelope filling ``seconds``."""
    out: Signal = []
    release_at = seconds - release
    for i in range(samples(seconds)):
        t = i / RATE
        if t < attack:
            level = t / attack
        elif t < attack + dec:
            level = 1.0 - (1.0 - sustain) * (t - attack) / dec
        else:
            level = sustain
        if t > release_at:
            level *= max(0.0, 1.0 - (t - release_at) / release)
        out.append(level)
    return out


def hump(seconds: float, peak_at: float) -> Signal:
    """A smooth rise to 1 at ``peak_at`` (a fraction of the length) and a smooth fall."""
    n = samples(seconds)
    out: Signal = []
    for i in range(n):
        x = i / n
        part = x / peak_at if x < peak_at else (1.0 - x) / (1.0 - peak_at)
        out.append(math.sin(0.5 * math.pi * part) ** 2)
    return out


def mul(a: Sequence[float], b: Sequence[float]) -> Signal:
    return [x * y for x, y in zip(a, b, strict=False)]


def gain(a: Sequence[float], g: float) -> Signal:
    return [x * g for x in a]


def place(track: Signal, sig: Sequence[float], at: float, level: float = 1.0) -> None:
    """Add ``sig`` into ``track`` starting ``at`` seconds in (clipped to the track's end)."""
    start = round(at * RATE)
    for i, x in enumerate(sig[: max(0, len(track) - start)]):
        track[start + i] += x * level


def one_pole_lowpass(x: Sequence[float], cutoff: float) -> Signal:
    a = math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out: Signal = []
    for v in x:
        y = (1.0 - a) * v + a * y
        out.append(y)
    return out


def biquad(x: Sequence[float], kind: str, freq: float, q: float = 0.707) -> Signal:
    """A second-order low-pass, high-pass or (0 dB peak) band-pass filter."""
    w = TAU * freq / RATE
    cos_w, alpha = math.cos(w), math.sin(w) / (2.0 * q)
    if kind == "lowpass":
        b0 = b2 = (1.0 - cos_w) / 2.0
        b1 = 1.0 - cos_w
    elif kind == "highpass":
        b0 = b2 = (1.0 + cos_w) / 2.0
        b1 = -(1.0 + cos_w)
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(f"unknown filter kind {kind!r}")
    a0 = 1.0 + alpha
    b0, b1, b2 = b0 / a0, b1 / a0, b2 / a0
    a1, a2 = -2.0 * cos_w / a0, (1.0 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out: Signal = []
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def swept_bandpass(x: Sequence[float], centre: Callable[[float], float], q: float) -> Signal:
    """A state-variable band-pass whose centre frequency follows ``centre(t)``."""
    low = band = 0.0
    damping = 1.0 / q
    out: Signal = []
    for i, v in enumerate(x):
        f = 2.0 * math.sin(math.pi * centre(i / RATE) / RATE)
        low += f * band
        high = v - low - damping * band
        band += f * high
        out.append(band / q)  # unity gain at the centre
    return out


def finish(x: Sequence[float], peak: float = 0.7, fade_in: float = 0.002,
           fade_out: float = 0.015) -> Signal:
    """Remove DC, fade both ends with raised-cosine ramps and scale to the given peak."""
    y, prev_in, prev_out = [], 0.0, 0.0
    for v in x:  # one-pole DC blocker (about 20 Hz)
        prev_out = v - prev_in + 0.9943 * prev_out
        prev_in = v
        y.append(prev_out)
    n_in, n_out = samples(fade_in), samples(fade_out)
    for i in range(n_in):
        y[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(n_out):
        y[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    top = max(abs(v) for v in y)
    return [v * peak / top for v in y] if top > 0 else y


def write_wav(path: Path, x: Sequence[float]) -> Path:
    pcm = array("h", (max(-32767, min(32767, round(v * 32767))) for v in x))
    if sys.byteorder == "big":
        pcm.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(pcm.tobytes())
    return path


# --- Instruments --------------------------------------------------------------------------


def mallet(freq: float, seconds: float, tau: float, bright: float = 1.0) -> Signal:
    """A marimba-like note: a fundamental and two faster-dying overtones."""
    out = mul(sine(freq, seconds), decay(seconds, tau))
    for ratio, level in ((3.93, 0.28 * bright), (9.2, 0.07 * bright)):
        if freq * ratio < RATE / 2.5:
            partial = mul(sine(freq * ratio, seconds), decay(seconds, tau / ratio))
            out = [a + level * b for a, b in zip(out, partial, strict=True)]
    return out


def soft_note(freq: float, seconds: float, tau: float) -> Signal:
    """A mellow note: a sine with a little second harmonic, a gentle attack."""
    env = decay(seconds, tau, attack=0.025)
    tone = [a + 0.25 * b for a, b in zip(sine(freq, seconds), sine(2 * freq, seconds),
                                          strict=True)]
    return mul(tone, env)


def brass(freq: float, seconds: float, attack: float = 0.03, release: float = 0.08) -> Signal:
    """A brass-like note: harmonics that brighten as it swells, with delayed vibrato."""
    env = adsr(seconds, attack, 0.06, 0.8, release)
    out: Signal = []
    phase = 0.0
    for i, level in enumerate(env):
        t = i / RATE
        depth = 0.006 * min(1.0, max(0.0, (t - 0.12) / 0.2))
        phase += TAU * freq * (1.0 + depth * math.sin(TAU * 5.5 * t)) / RATE
        value = 0.0
        for k in range(1, 8):
            if freq * k < RATE / 2.5:
                value += level ** (1.0 + 0.45 * (k - 1)) * math.sin(k * phase) / k
        out.append(value)
    return one_pole_lowpass(out, 3500.0)


def click(rng: random.Random, centre: float, tau: float, seconds: float = 0.006) -> Signal:
    """One tiny card-edge click: a band-passed noise grain."""
    grain = mul(noise(rng, seconds), decay(seconds, tau, attack=0.0003))
    return biquad(grain, "bandpass", centre, 1.2)


# --- The sounds ---------------------------------------------------------------------------


def card_play(rng: random.Random) -> Signal:
    """A card slid in and slapped down: a soft lead-in, a papery slap and a dull thump."""
    length = 0.17
    track = silence(length)
    lead = mul(biquad(noise(rng, 0.035), "bandpass", 1800.0, 0.9), hump(0.035, 0.85))
    place(track, lead, 0.0, 0.25)
    slap = mul(biquad(noise(rng, 0.13), "bandpass", 2400.0, 0.8), decay(0.13, 0.018, 0.003))
    place(track, slap, 0.03, 1.0)
    body = mul(biquad(noise(rng, 0.13), "lowpass", 600.0), decay(0.13, 0.03, 0.004))
    place(track, body, 0.03, 0.9)
    thump = mul(sine(140.0, 0.1), decay(0.1, 0.02, 0.004))
    place(track, thump, 0.03, 0.35)
    return one_pole_lowpass(track, 5000.0)


def card_slide(rng: random.Random) -> Signal:
    """A card drawn across the cloth: a short rising hiss with a smooth swell."""
    length = 0.15
    hiss = swept_bandpass(noise(rng, length), lambda t: 900.0 + 12000.0 * t, 1.4)
    return one_pole_lowpass(mul(hiss, hump(length, 0.35)), 4000.0)


def deal(rng: random.Random) -> Signal:
    """One dealt card flicked off the pack: a very short, bright-ish flick."""
    length = 0.07
    flick = biquad(noise(rng, length), "bandpass", 2800.0, 1.0)
    flick = mul(flick, decay(length, 0.011, 0.002))
    body = mul(biquad(noise(rng, length), "lowpass", 900.0), decay(length, 0.008, 0.002))
    return one_pole_lowpass([a + 0.5 * b for a, b in zip(flick, body, strict=True)], 6000.0)


def shuffle(rng: random.Random) -> Signal:
    """A riffle: clicks that speed up and thin out, then the bridge's closing "brrt"."""
    length = 0.82
    track = silence(length)
    t, gap = 0.015, 0.03
    while t < 0.56:
        swell = min(1.0, t / 0.08) * (1.0 - 0.45 * t / 0.56)
        place(track, click(rng, rng.uniform(1800.0, 4200.0), 0.0012), t,
              swell * rng.uniform(0.55, 1.0))
        gap = max(0.007, gap * 0.93)
        t += gap * rng.uniform(0.8, 1.2)
    bed = mul(biquad(noise(rng, 0.56), "bandpass", 1500.0, 0.7), hump(0.56, 0.3))
    place(track, bed, 0.015, 0.18)
    # The bridge: cards cascading back together, a fast flutter under a quick swell.
    bridge_len = 0.24
    flutter = [0.55 + 0.45 * math.sin(TAU * (45.0 * s + 40.0 * s * s))
               for s in (i / RATE for i in range(samples(bridge_len)))]
    brrt = biquad(noise(rng, bridge_len), "bandpass", 1300.0, 0.8)
    brrt = mul(mul(brrt, flutter), adsr(bridge_len, 0.02, 0.05, 0.6, 0.16))
    place(track, brrt, 0.575, 0.9)
    return one_pole_lowpass(track, 6000.0)


def trick(rng: random.Random) -> Signal:
    """The trick swept off the table: a band-passed whoosh that rises and falls."""
    length = 0.3

    def centre(t: float) -> float:
        return 500.0 + 1700.0 * math.sin(math.pi * min(1.0, t / length)) ** 1.5

    whoosh = swept_bandpass(noise(rng, length), centre, 2.0)
    return one_pole_lowpass(mul(whoosh, hump(length, 0.4)), 4000.0)


def bid(rng: random.Random) -> Signal:
    """A bid: a short wooden mallet tick with a touch of strike noise."""
    length = 0.12
    tone = mallet(880.0, length, 0.03)
    strike = mul(biquad(noise(rng, 0.01), "bandpass", 3000.0, 1.0), decay(0.01, 0.0015, 0.0005))
    out = tone[:]
    place(out, strike, 0.0, 0.25)
    return out


def contract_made(rng: random.Random) -> Signal:
    """The contract is made: a bright rising C-major arpeggio on mallets."""
    length = 0.85
    track = silence(length)
    notes = ((523.25, 0.0), (659.25, 0.09), (783.99, 0.18), (1046.5, 0.27))
    for i, (freq, at) in enumerate(notes):
        tau = 0.17 if i == len(notes) - 1 else 0.12
        place(track, mallet(freq, length - at, tau), at, 0.8 if i < 3 else 1.0)
    place(track, mallet(523.25, length - 0.27, 0.16, bright=0.5), 0.27, 0.45)
    return track


def contract_lost(rng: random.Random) -> Signal:
    """The contract is lost: a soft descending C-minor figure."""
    length = 0.85
    track = silence(length)
    notes = ((392.0, 0.0, 0.1), (349.23, 0.15, 0.1), (311.13, 0.3, 0.1), (261.63, 0.45, 0.11))
    for freq, at, tau in notes:
        place(track, soft_note(freq, length - at, tau), at)
    return one_pole_lowpass(track, 2500.0)


def slam(rng: random.Random) -> Signal:
    """A grand slam: a brass fanfare, three pickups rising to a held C-major chord."""
    length = 1.5
    track = silence(length)
    figure = ((392.0, 0.0, 0.11), (392.0, 0.13, 0.11), (392.0, 0.26, 0.11),
              (523.25, 0.4, 0.2), (659.25, 0.62, 0.16))
    for freq, at, dur in figure:
        place(track, brass(freq, dur, attack=0.02, release=0.04), at)
    chord_at = 0.8
    for freq, level in ((523.25, 0.7), (659.25, 0.6), (783.99, 0.8), (261.63, 0.5)):
        place(track, brass(freq, length - chord_at, attack=0.04, release=0.3), chord_at, level)
    return track


#: File name, synthesis function and peak level (the softer sounds sit a little lower).
SOUNDS: list[tuple[str, Callable[[random.Random], Signal], float]] = [
    ("card_play", card_play, 0.7),
    ("card_slide", card_slide, 0.6),
    ("deal", deal, 0.6),
    ("shuffle", shuffle, 0.7),
    ("trick", trick, 0.7),
    ("bid", bid, 0.7),
    ("contract_made", contract_made, 0.7),
    ("contract_lost", contract_lost, 0.6),
    ("slam", slam, 0.7),
]


def make(out: Path) -> list[Path]:
    """Write every sound to ``out/sounds/<name>.wav`` and return the paths written."""
    written: list[Path] = []
    for seed, (name, voice, peak) in enumerate(SOUNDS, start=1):
        signal = finish(voice(random.Random(seed)), peak=peak)
        written.append(write_wav(Path(out) / "sounds" / f"{name}.wav", signal))
    return written
