#!/usr/bin/env python3
"""Synthesise every sound of the game, reproducibly, into ``assets/sounds/``.

Nothing is recorded or downloaded: each effect and the background music are computed here from
sine partials, filtered noise and envelopes, with the Python standard library only (``math``,
``random`` with a fixed seed per sound, ``array`` and ``wave``). numpy would be faster, but the
whole set renders in well under a minute without it, and the standard library keeps the tool
runnable from a bare checkout and its output identical wherever the same Python runs it.

Output: WAV, mono, 22050 Hz, 16-bit. Effects are levelled to about -16 dBFS RMS over their
sounding part, the music to about -24 dBFS (quieter than the effects even before the music
volume setting), and nothing peaks above -1.5 dBFS. Every sound starts and ends at silence
through short fades (no clicks); the music is rendered on a circular buffer (notes and reverb
tails that run past the end wrap to the start), so its loop point is seamless.

Usage::

    python tools/make_sounds.py                 # write every sound into assets/sounds/
    python tools/make_sounds.py --only click    # just these (names without .wav)
    python tools/make_sounds.py --out DIR       # somewhere else
    python tools/make_sounds.py --check         # measure the files: duration, peak, RMS,
                                                #   dominant frequency; exit 1 on a problem
"""

from __future__ import annotations

import argparse
import cmath
import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "assets" / "sounds"
SR = 22050
MAX_DICE = 10
MAX_TOTAL_BYTES = 5_000_000

EFFECT_RMS_DB = -16.0  # target level of an effect over its sounding part
MUSIC_RMS_DB = -24.0  # the music's level over the whole loop
PEAK_LIMIT_DB = -1.5  # never above this (the bar is -1 dBFS; quantisation stays below)
EDGE_FADE = 0.004  # seconds of fade at both ends of every effect
# Cues heard very often, or meant as a nudge, sit a little below the others (dB).
LEVEL_OFFSETS = {"click": -3.0, "pick_up": -2.0, "drop": -2.0, "your_turn": -2.0, "music": 0.0}

Signal = list[float]


# --- primitives -----------------------------------------------------------------------------
def samples(seconds: float) -> int:
    """The number of samples in ``seconds``."""
    return max(1, round(seconds * SR))


def silence(seconds: float) -> Signal:
    """A silent signal of ``seconds``."""
    return [0.0] * samples(seconds)


def db_to_gain(db: float) -> float:
    return 10.0 ** (db / 20.0)


def gain_to_db(gain: float) -> float:
    return 20.0 * math.log10(gain) if gain > 1e-12 else -240.0


def midi_hz(note: float) -> float:
    """The frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return 440.0 * 2.0 ** ((note - 69.0) / 12.0)


def mix(dst: Signal, src: Signal, at: float, gain: float = 1.0, wrap: bool = False) -> None:
    """Add ``src`` into ``dst`` from ``at`` seconds on; past the end ``dst`` grows or, with
    ``wrap``, ``src`` continues from the start (the music's circular buffer). Nothing is cut:
    a cut tail would be a click."""
    start = round(at * SR)
    if not wrap and start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    size = len(dst)
    for i, value in enumerate(src):
        dst[(start + i) % size] += value * gain


def fit(signal: Signal, seconds: float) -> Signal:
    """``signal`` padded with silence or cut to exactly ``seconds``."""
    n = samples(seconds)
    return signal[:n] + [0.0] * max(0, n - len(signal))


def fade_edges(signal: Signal, fade_in: float = EDGE_FADE, fade_out: float = EDGE_FADE) -> Signal:
    """Raised-cosine fades at both ends, so the first and last samples are silence."""
    out = list(signal)
    for length, reverse in ((samples(fade_in), False), (samples(fade_out), True)):
        length = min(length, len(out))
        for i in range(length):
            weight = 0.5 - 0.5 * math.cos(math.pi * i / length)
            out[len(out) - 1 - i if reverse else i] *= weight
    return out


def partials(
    freq: float,
    seconds: float,
    parts: Iterable[tuple[float, float, float]],
    attack: float = 0.002,
    bend: float = 0.0,
    bend_time: float = 0.02,
) -> Signal:
    """Decaying sine partials: ``parts`` holds (frequency ratio, amplitude, decay time in s).

    ``bend`` starts the pitch that fraction higher and lets it settle within ``bend_time``
    (struck wood and skins sound a little sharp at the hit). The attack is a raised cosine of
    ``attack`` seconds, short enough to keep the hit, long enough to avoid a click.
    """
    n = samples(seconds)
    out = [0.0] * n
    attack_n = max(1, samples(attack))
    for ratio, amp, tau in parts:
        f = freq * ratio
        if f >= SR * 0.45:
            continue  # above what the file can hold: it would fold back as noise
        decay = math.exp(-1.0 / (tau * SR))
        level, phase = amp, 0.0
        bend_decay = math.exp(-1.0 / (bend_time * SR))
        bent = bend
        step = 2.0 * math.pi * f / SR
        for i in range(n):
            out[i] += level * math.sin(phase)
            phase += step * (1.0 + bent)
            bent *= bend_decay
            level *= decay
    for i in range(min(attack_n, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
    return fade_edges(out, 0.0, min(0.02, seconds / 4))


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise in -1..1."""
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def biquad(signal: Signal, kind: str, freq: float, q: float = 0.707) -> Signal:
    """An RBJ-cookbook biquad filter: 'low', 'high' or 'band' (0 dB peak) at ``freq`` Hz."""
    w0 = 2.0 * math.pi * min(freq, SR * 0.45) / SR
    cos_w, alpha = math.cos(w0), math.sin(w0) / (2.0 * q)
    if kind == "low":
        b0, b1, b2 = (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2
    elif kind == "high":
        b0, b1, b2 = (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2
    elif kind == "band":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = [0.0] * len(signal)
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(signal):
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def swept_band(signal: Signal, f_start: float, f_end: float, q: float) -> Signal:
    """A band-pass whose centre glides (exponentially) from ``f_start`` to ``f_end``."""
    out = [0.0] * len(signal)
    x1 = x2 = y1 = y2 = 0.0
    b0 = a1 = a2 = 0.0
    for i, x in enumerate(signal):
        if i % 32 == 0:  # new coefficients every 32 samples: smooth enough, and cheap
            freq = f_start * (f_end / f_start) ** (i / len(signal))
            w0 = 2.0 * math.pi * freq / SR
            alpha = math.sin(w0) / (2.0 * q)
            a0 = 1 + alpha
            b0, a1, a2 = alpha / a0, -2 * math.cos(w0) / a0, (1 - alpha) / a0
        y = b0 * x - b0 * x2 - a1 * y1 - a2 * y2
        out[i] = y
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def envelope(
    signal: Signal, attack: float, decay: float, hold: float = 0.0, release: float = 0.0
) -> Signal:
    """Shape ``signal``: raised-cosine attack, ``hold`` at full level, exponential decay with
    time constant ``decay`` (0: none), and a raised-cosine release over the last ``release``."""
    n = len(signal)
    attack_n, hold_n, release_n = samples(attack), samples(hold), samples(release)
    k = math.exp(-1.0 / (decay * SR)) if decay > 0 else 1.0
    out = [0.0] * n
    level = 1.0
    for i, x in enumerate(signal):
        if i < attack_n:
            g = 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
        elif i < attack_n + hold_n:
            g = 1.0
        else:
            level *= k
            g = level
        if release_n and i >= n - release_n:
            g *= 0.5 + 0.5 * math.cos(math.pi * (i - (n - release_n)) / release_n)
        out[i] = x * g
    return out


def sweep(f_start: float, f_end: float, seconds: float, tau: float, glide: float) -> Signal:
    """A sine gliding from ``f_start`` to ``f_end`` (time constant ``glide``), decaying with
    ``tau``: the body of a skin drum."""
    n = samples(seconds)
    out = [0.0] * n
    phase, level = 0.0, 1.0
    k = math.exp(-1.0 / (tau * SR))
    for i in range(n):
        f = f_end + (f_start - f_end) * math.exp(-i / (glide * SR))
        out[i] = level * math.sin(phase)
        phase += 2.0 * math.pi * f / SR
        level *= k
    return fade_edges(out, 0.0, min(0.02, seconds / 4))


def scaled(signal: Signal, gain: float) -> Signal:
    return [x * gain for x in signal]


def added(*signals: Signal) -> Signal:
    """The sum of signals of any lengths (as long as the longest)."""
    out = [0.0] * max(len(s) for s in signals)
    for s in signals:
        for i, x in enumerate(s):
            out[i] += x
    return out


def reverb(signal: Signal, wet: float, size: float = 1.0, circular: bool = False) -> Signal:
    """A small Schroeder reverb (four damped combs, two allpasses). With ``circular`` the
    signal is treated as a loop: the tail that runs past the end sounds at the start."""
    source = signal + signal if circular else signal + [0.0] * samples(0.4 * size)
    comb_delays = [round(d * size) for d in (557, 593, 641, 677)]
    wet_sum = [0.0] * len(source)
    for delay in comb_delays:
        buffer = [0.0] * delay
        pos, store = 0, 0.0
        feedback, damp = 0.72 + 0.06 * min(size, 1.6) / 1.6, 0.3
        for i, x in enumerate(source):
            y = buffer[pos]
            store = y * (1 - damp) + store * damp
            buffer[pos] = x + store * feedback
            pos = pos + 1 if pos + 1 < delay else 0
            wet_sum[i] += y
    for delay in (278, 110):
        buffer = [0.0] * delay
        pos = 0
        for i, x in enumerate(wet_sum):
            b = buffer[pos]
            buffer[pos] = x + b * 0.5
            wet_sum[i] = b - x  # Freeverb's allpass form
            pos = pos + 1 if pos + 1 < delay else 0
    mixed = [d + w * wet * 0.25 for d, w in zip(source, wet_sum)]
    return mixed[len(signal) :] if circular else mixed


def normalise(signal: Signal, rms_db: float, active: bool = True, drive_db: float = 4.0) -> Signal:
    """Scale to ``rms_db`` (over the sounding part when ``active``), never past the peak limit.

    A sound whose peaks would pass the limit first (dice: sharp clicks, little body) goes
    through a soft (tanh) limiter instead, driven at most ``drive_db`` past the plain peak
    gain: it rounds off sub-millisecond transients, which the ear does not miss, and brings
    the body up to the level of the other effects.
    """
    level = active_rms(signal) if active else rms(signal)
    peak = max(abs(x) for x in signal)
    if level <= 0 or peak <= 0:
        return signal
    limit = db_to_gain(PEAK_LIMIT_DB)
    gain = db_to_gain(rms_db) / level
    if peak * gain <= limit:
        return scaled(signal, gain)
    gain = min(gain, limit / peak * db_to_gain(drive_db))
    return [limit * math.tanh(x * gain / limit) for x in signal]


# --- instruments ----------------------------------------------------------------------------
def marimba(note: float, seconds: float = 1.2, velocity: float = 1.0) -> Signal:
    """A marimba bar: fundamental, the bar's 4th and 10th partials, and a soft mallet knock."""
    f = midi_hz(note)
    low = max(0.0, min(1.0, (72 - note) / 24))  # low bars ring longer
    tone = partials(
        f,
        seconds,
        ((1.0, 1.0, 0.35 + 0.45 * low), (3.93, 0.22, 0.09), (9.2, 0.05, 0.025)),
        attack=0.0025,
        bend=0.004,
    )
    return scaled(fade_edges(tone, 0.0, 0.03), velocity)


def log_drum(note: float, seconds: float = 0.8, velocity: float = 1.0) -> Signal:
    """A slit (log) drum: a hollow, slightly falling tone with a weak octave."""
    f = midi_hz(note)
    tone = partials(
        f, seconds, ((1.0, 1.0, 0.22), (2.02, 0.18, 0.08), (3.1, 0.05, 0.03)), 0.003, bend=0.03
    )
    return scaled(fade_edges(tone, 0.0, 0.03), velocity)


def frame_drum(seconds: float = 0.7, pitch: float = 80.0, velocity: float = 1.0) -> Signal:
    """A soft low skin drum: a gliding sine body and a little muffled slap."""
    body = sweep(pitch * 1.6, pitch, seconds, 0.16, 0.025)
    slap = biquad(noise(0.05, random.Random(int(pitch * 10))), "low", 900)
    slap = envelope(slap, 0.001, 0.012)
    out = added(body, scaled(slap, 0.25))
    return scaled(fade_edges(out, 0.002, 0.05), velocity)


def shaker(velocity: float, rng: random.Random) -> Signal:
    """A seed shaker: bright noise, a quick swell and fall."""
    grain = biquad(noise(0.09, rng), "band", 6000, 1.2)
    return scaled(envelope(grain, 0.012, 0.02, release=0.02), velocity)


def flute(note: float, seconds: float, velocity: float, rng: random.Random) -> Signal:
    """A breathy wooden flute: few harmonics, delayed vibrato, breath noise, soft ends."""
    f = midi_hz(note)
    n = samples(seconds)
    tone = [0.0] * n
    phase = 0.0
    harmonics = ((1, 1.0), (2, 0.28), (3, 0.1), (4, 0.03))
    for i in range(n):
        t = i / SR
        depth = 0.005 * min(1.0, max(0.0, (t - 0.18) / 0.3))
        vibrato = 1.0 + depth * math.sin(2 * math.pi * 5.1 * t)
        phase += 2.0 * math.pi * f * vibrato / SR
        tone[i] = sum(a * math.sin(h * phase) for h, a in harmonics)
    breath = biquad(biquad(noise(seconds, rng), "band", min(2.2 * f, 3000), 2.0), "low", 3500)
    out = added(tone, scaled(breath, 0.12))
    release = min(0.15, seconds / 3)
    return scaled(envelope(out, min(0.07, seconds / 3), 0.0, release=release), velocity)


def bell(note: float, seconds: float = 1.0, velocity: float = 1.0) -> Signal:
    """A small bright bell (inharmonic partials, the higher ones dying faster)."""
    parts = ((1.0, 1.0, 0.45), (2.0, 0.35, 0.3), (2.76, 0.4, 0.2), (5.4, 0.15, 0.08))
    tone = partials(midi_hz(note), seconds, parts, 0.0015)
    return scaled(fade_edges(tone, 0.0, 0.03), velocity)


def click(freq: float, rng: random.Random, seconds: float = 0.05, q: float = 4.0) -> Signal:
    """A short hard click: a burst of noise ringing at ``freq``."""
    burst = envelope(noise(0.006, rng), 0.0005, 0.002)
    ring = biquad(fit(burst, seconds), "band", freq, q)
    return fade_edges(ring, 0.0005, 0.01)


def wood_knock(freq: float, rng: random.Random, seconds: float = 0.18) -> Signal:
    """A knock on wood: a hollow tone and the click of the hit."""
    tone = partials(freq, seconds, ((1.0, 1.0, 0.045), (2.3, 0.4, 0.02), (4.1, 0.15, 0.01)), 0.001)
    return fade_edges(added(tone, scaled(click(freq * 3, rng, seconds), 1.2)), 0.0, 0.02)


# --- effects --------------------------------------------------------------------------------
def dice(count: int, rng: random.Random) -> Signal:
    """A cup shaken, then ``count`` dice landing: each die a clack and a bounce or two, the
    first clacks far enough apart (50-80 ms) to be heard one by one."""
    shake_len = 0.22
    total = shake_len + 0.1 + 0.065 * count + 0.35
    out = silence(total)
    for k in range(9):  # the rattle in the cup: dice knocking against the sides
        at = k * 0.022 + rng.uniform(0, 0.008)
        mix(out, click(rng.uniform(1800, 2600), rng, 0.03, 6.0), at, 0.3 + 0.12 * (k % 3 == 0))
    hiss = envelope(biquad(noise(shake_len, rng), "band", 3500, 0.8), 0.06, 0.0, release=0.08)
    mix(out, hiss, 0.0, 0.08)
    at = shake_len + 0.06
    for _ in range(count):
        pitch = rng.uniform(1100, 1900)
        knock = partials(pitch / 3.2, 0.05, ((1.0, 0.6, 0.012), (2.3, 0.3, 0.008)), 0.001)
        mix(out, added(click(pitch, rng, 0.06, 5.0), knock), at, 0.9)
        bounce = at + rng.uniform(0.05, 0.08)
        mix(out, click(pitch * 1.05, rng, 0.04, 5.0), bounce, 0.35)
        if rng.random() < 0.6:
            mix(out, click(pitch * 1.1, rng, 0.03, 5.0), bounce + rng.uniform(0.03, 0.05), 0.15)
        at += rng.uniform(0.05, 0.08)
    return reverb(out, 0.35, 0.6)


def pick_up(rng: random.Random) -> Signal:
    """A figure lifted: a light wooden tick rising a little."""
    tone = partials(midi_hz(79), 0.25, ((1.0, 1.0, 0.04), (2.7, 0.3, 0.015)), 0.002, bend=-0.04)
    return added(tone, scaled(click(2400, rng, 0.03), 0.4))


def drop(rng: random.Random) -> Signal:
    """A figure set down on a space: a soft, low wooden tock."""
    body = partials(midi_hz(64), 0.3, ((1.0, 1.0, 0.05), (2.4, 0.35, 0.02)), 0.002, bend=0.03)
    thump = sweep(180, 90, 0.15, 0.03, 0.01)
    return added(body, scaled(thump, 0.6), scaled(click(1500, rng, 0.03), 0.3))


def snap_back(rng: random.Random) -> Signal:
    """A figure gliding back home: a short falling whoosh and a soft tock."""
    whoosh = envelope(swept_band(noise(0.2, rng), 3600, 600, 1.5), 0.05, 0.0, release=0.1)
    tock = partials(midi_hz(67), 0.15, ((1.0, 1.0, 0.04), (2.4, 0.3, 0.015)), 0.002)
    out = silence(0.34)
    mix(out, whoosh, 0.0, 0.5)
    mix(out, tock, 0.17, 0.9)
    return out


def wood(rng: random.Random) -> Signal:
    """Wood: two hollow knocks on a log, the second lower."""
    out = silence(0.42)
    mix(out, wood_knock(midi_hz(62), rng, 0.2), 0.0)
    mix(out, wood_knock(midi_hz(57), rng, 0.22), 0.14, 0.85)
    return reverb(out, 0.25, 0.5)


def brick(rng: random.Random) -> Signal:
    """Clay (brick): a dull, soft pat of wet clay."""
    out = silence(0.4)
    for at, gain in ((0.0, 1.0), (0.15, 0.7)):
        pat = envelope(biquad(noise(0.12, rng), "low", 700, 0.9), 0.003, 0.025)
        body = sweep(220, 140, 0.14, 0.035, 0.01)
        mix(out, added(scaled(pat, 1.4), scaled(body, 0.7)), at, gain)
    return out


def stone(rng: random.Random) -> Signal:
    """Stone: two stones knocked together, hard and bright, with a short ring."""
    out = silence(0.4)
    for at, pitch, gain in ((0.0, 2900, 1.0), (0.16, 2500, 0.8)):
        hit = added(
            click(pitch, rng, 0.12, 12.0),
            scaled(click(pitch * 1.6, rng, 0.08, 10.0), 0.5),
            scaled(partials(pitch / 2.1, 0.1, ((1.0, 1.0, 0.02),), 0.0008), 0.3),
        )
        mix(out, hit, at, gain)
    return reverb(out, 0.2, 0.4)


def gold(rng: random.Random) -> Signal:
    """Gold: a bright little two-bell chime, rising."""
    out = silence(0.9)
    mix(out, bell(88, 0.8), 0.0, 0.8)
    mix(out, bell(95, 0.7), 0.09, 0.6)
    mix(out, scaled(click(7000, rng, 0.04), 0.2), 0.0)
    return reverb(out, 0.3, 0.6)


def food(rng: random.Random) -> Signal:
    """Food: a warm marimba pair, rising, and a soft drum underneath."""
    out = silence(0.75)
    mix(out, marimba(67, 0.6), 0.0, 0.8)
    mix(out, marimba(72, 0.6), 0.1, 0.9)
    mix(out, frame_drum(0.4, 110), 0.0, 0.5)
    return reverb(out, 0.25, 0.6)


def tool_gain(rng: random.Random) -> Signal:
    """A tool gained: three quick flint knaps, rising, and a clear ring."""
    out = silence(0.6)
    for k, pitch in enumerate((2200, 2700, 3300)):
        mix(out, click(pitch, rng, 0.06, 9.0), k * 0.07, 0.8)
    mix(out, bell(91, 0.8), 0.21, 0.35)
    return reverb(out, 0.25, 0.5)


def tool_use(rng: random.Random) -> Signal:
    """A tool used: a flint striking stone, a short scrape after."""
    out = silence(0.4)
    mix(out, click(3100, rng, 0.1, 14.0), 0.0, 1.0)
    scrape = envelope(biquad(noise(0.15, rng), "band", 2200, 1.5), 0.02, 0.04, release=0.03)
    mix(out, scrape, 0.03, 0.35)
    mix(out, wood_knock(midi_hz(59), rng, 0.15), 0.0, 0.4)
    return out


def card(rng: random.Random) -> Signal:
    """A card bought: a dry leaf slid across the table, then set down with a tap."""
    out = silence(0.45)
    swish = envelope(biquad(noise(0.25, rng), "band", 4200, 0.9), 0.08, 0.0, release=0.14)
    mix(out, swish, 0.0, 0.6)
    mix(out, wood_knock(midi_hz(71), rng, 0.25), 0.22, 0.5)
    return out


def building(rng: random.Random) -> Signal:
    """A building built: three log-drum hits, rising, over a low drum."""
    out = silence(1.1)
    for k, note in enumerate((45, 50, 57)):
        mix(out, log_drum(note, 0.6), k * 0.16, 0.8 + 0.1 * k)
    mix(out, frame_drum(0.8, 70), 0.32, 0.9)
    mix(out, marimba(69, 0.6), 0.32, 0.4)
    return reverb(out, 0.35, 0.8)


def birth(rng: random.Random) -> Signal:
    """A person born in the hut: a soft rising pentatonic arpeggio."""
    out = silence(1.1)
    for k, note in enumerate((72, 76, 79, 84)):
        mix(out, marimba(note, 0.7, 0.6 + 0.1 * k), k * 0.09)
    mix(out, flute(79, 0.5, 0.25, rng), 0.3)
    return reverb(out, 0.35, 0.8)


def track(rng: random.Random) -> Signal:
    """The food track advanced: a wooden tick, then two notes stepping up."""
    out = silence(0.55)
    mix(out, click(1800, rng, 0.03), 0.0, 0.5)
    mix(out, log_drum(62, 0.3), 0.04, 0.7)
    mix(out, log_drum(67, 0.35), 0.13, 0.8)
    return reverb(out, 0.25, 0.5)


def feeding(rng: random.Random) -> Signal:
    """The people fed: a gentle falling marimba pair and a low drum, 'done'."""
    out = silence(0.95)
    mix(out, marimba(72, 0.6), 0.0, 0.7)
    mix(out, marimba(67, 0.7), 0.12, 0.7)
    mix(out, marimba(60, 0.7), 0.24, 0.6)
    mix(out, frame_drum(0.5, 90), 0.24, 0.6)
    return reverb(out, 0.3, 0.7)


def hunger(rng: random.Random) -> Signal:
    """The hunger penalty: two low, muffled tones falling, not alarming."""
    out = silence(1.0)
    for at, note in ((0.0, 52), (0.25, 47)):
        tone = partials(midi_hz(note), 0.6, ((1.0, 1.0, 0.25), (2.0, 0.3, 0.1)), 0.01, -0.01)
        mix(out, biquad(tone, "low", 600), at, 0.9)
    mix(out, frame_drum(0.6, 60), 0.25, 0.7)
    return reverb(out, 0.3, 0.8)


def new_round(rng: random.Random) -> Signal:
    """A new round: a short log-drum call and a pentatonic chord."""
    out = silence(1.4)
    for k, (note, gain) in enumerate(((57, 0.6), (57, 0.5), (62, 0.7), (64, 0.8))):
        mix(out, log_drum(note, 0.4), k * 0.12, gain)
    for note in (69, 72, 76):
        mix(out, marimba(note, 0.9), 0.48, 0.45)
    mix(out, frame_drum(0.8, 75), 0.48, 0.8)
    return reverb(out, 0.4, 1.0)


def your_turn(rng: random.Random) -> Signal:
    """Your turn: a soft two-note chime, a gentle nudge."""
    out = silence(0.8)
    mix(out, bell(79, 0.6), 0.0, 0.6)
    mix(out, bell(84, 0.6), 0.13, 0.6)
    return reverb(out, 0.35, 0.8)


def won(rng: random.Random) -> Signal:
    """The game won: a rising pentatonic run on marimba and drum, a flute call on top."""
    out = silence(2.6)
    for k, note in enumerate((69, 72, 74, 76, 79, 81)):
        mix(out, marimba(note, 0.8, 0.6 + 0.05 * k), k * 0.11)
        mix(out, frame_drum(0.3, 120), k * 0.11, 0.25)
    mix(out, frame_drum(0.9, 70), 0.66, 1.0)
    for note in (69, 76, 81):
        mix(out, marimba(note, 1.4), 0.66, 0.5)
    mix(out, flute(81, 1.4, 0.35, rng), 0.66)
    return reverb(out, 0.4, 1.2)


def lost(rng: random.Random) -> Signal:
    """The game not won: a gentle falling phrase, resolving calmly."""
    out = silence(2.3)
    for k, note in enumerate((76, 74, 72, 69)):
        mix(out, marimba(note, 0.9, 0.7), k * 0.2)
    mix(out, flute(69, 1.2, 0.3, rng), 0.8)
    mix(out, marimba(57, 1.4, 0.6), 0.8)
    mix(out, frame_drum(0.8, 65), 0.8, 0.6)
    return reverb(out, 0.4, 1.2)


def button_click(rng: random.Random) -> Signal:
    """A button click: one short soft wooden tick."""
    tone = partials(midi_hz(84), 0.1, ((1.0, 1.0, 0.015), (2.3, 0.4, 0.008)), 0.001)
    return added(tone, scaled(click(3000, rng, 0.04), 0.5))


def refused(rng: random.Random) -> Signal:
    """A refused drop: two short low 'bonk's, the second lower; not harsh."""
    out = silence(0.4)
    for at, note in ((0.0, 50), (0.12, 47)):
        tone = partials(midi_hz(note), 0.3, ((1.0, 1.0, 0.05), (2.0, 0.4, 0.03)), 0.003)
        mix(out, tone, at, 0.9)
    return out


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "pick_up": pick_up,
    "drop": drop,
    "snap_back": snap_back,
    "wood": wood,
    "brick": brick,
    "stone": stone,
    "gold": gold,
    "food": food,
    "tool_gain": tool_gain,
    "tool_use": tool_use,
    "card": card,
    "building": building,
    "birth": birth,
    "track": track,
    "feeding": feeding,
    "hunger": hunger,
    "new_round": new_round,
    "your_turn": your_turn,
    "won": won,
    "lost": lost,
    "click": button_click,
    "refused": refused,
}


# --- music ----------------------------------------------------------------------------------
BPM = 80
BEAT = 60.0 / BPM
BARS = 16
# A minor pentatonic (A C D E G) from A2 up: calm, and no two notes of it clash.
PENTA = (45, 48, 50, 52, 55, 57, 60, 62, 64, 67, 69, 72, 74, 76, 79, 81)
ROOTS = (45, 45, 50, 52, 45, 43, 50, 52)  # one per two bars; 43 = G2 under the scale
OSTINATO = ((5, 7, 8, 7, 6, 7, 9, 7), (5, 8, 7, 9, 8, 7, 6, 7))  # steps above the root
ACCENTS = (0.9, 0.45, 0.65, 0.45, 0.75, 0.45, 0.65, 0.5)
# The flute: (beat, beats, MIDI note), in bars 5-8 and 13-16.
MELODY = (
    (16, 1.5, 76),
    (17.5, 0.5, 74),
    (18, 2, 72),
    (20, 1, 69),
    (21, 1, 72),
    (22, 2, 74),
    (24, 1.5, 76),
    (25.5, 0.5, 79),
    (26, 1, 76),
    (27, 1, 74),
    (28, 3, 69),
    (48, 1, 69),
    (49, 1, 72),
    (50, 1.5, 74),
    (51.5, 0.5, 76),
    (52, 2, 79),
    (54, 1, 76),
    (55, 1, 74),
    (56, 1.5, 72),
    (57.5, 0.5, 74),
    (58, 1, 76),
    (59, 1, 72),
    (60, 3.5, 69),
)


def music(rng: random.Random) -> Signal:
    """The background loop: 16 bars at 80 bpm (48 s) of log-drum bass, a marimba ostinato, soft
    frame drum and shaker, and a flute melody in bars 5-8 and 13-16. Rendered on a circular
    buffer with a circular reverb, so the end flows into the start without a seam."""
    length = BARS * 4 * BEAT
    out = silence(length)
    cache: dict[tuple[float, float], Signal] = {}

    def note(key: float, seconds: float, make: Callable[[], Signal]) -> Signal:
        """A note rendered once and reused (the same bar struck the same way sounds alike)."""
        cached = cache.get((key, seconds))
        if cached is None:
            cached = cache[(key, seconds)] = make()
        return cached

    for bar in range(BARS):
        start = bar * 4 * BEAT
        root = ROOTS[bar // 2]
        base = PENTA.index(root) if root in PENTA else 0
        pattern = OSTINATO[bar % 4 == 3]
        for step, (offset, accent) in enumerate(zip(pattern, ACCENTS)):
            pitch = PENTA[min(len(PENTA) - 1, base + offset)]
            sound = note(pitch, 1.4, lambda p=pitch: marimba(p, 1.4))
            swing = 0.02 * BEAT if step % 2 else 0.0  # a slight lilt on the off-beats
            mix(out, sound, start + step * BEAT / 2 + swing, 0.32 * accent, wrap=True)
        mix(out, note(root, 1.6, lambda r=root: log_drum(r, 1.6)), start, 0.55, wrap=True)
        fifth = PENTA[min(len(PENTA) - 1, base + 3)] if root in PENTA else root + 7
        mix(out, note(fifth, 1.2, lambda f=fifth: log_drum(f, 1.2)), start + 2.5 * BEAT, 0.35, True)
        drum = note(-1, 0.7, lambda: frame_drum(0.7, 72))
        mix(out, drum, start, 0.5, wrap=True)
        mix(out, drum, start + 2 * BEAT, 0.3, wrap=True)
        mix(out, drum, start + 3.5 * BEAT, 0.18, wrap=True)
        for step in range(8):
            gain = 0.09 if step % 2 else 0.05
            mix(out, shaker(gain, rng), start + step * BEAT / 2, wrap=True)
    for beat, beats, pitch in MELODY:
        mix(out, flute(pitch, beats * BEAT * 0.97, 0.3, rng), beat * BEAT, wrap=True)
    out = reverb(out, 0.55, 1.4, circular=True)
    return normalise(out, MUSIC_RMS_DB, active=False)


# --- files ----------------------------------------------------------------------------------
def seed_of(name: str) -> int:
    """A fixed seed per sound (crc32 of its name: the same on every run and machine)."""
    return zlib.crc32(name.encode("ascii"))


def sound_names() -> list[str]:
    """Every sound file this tool writes, without the .wav."""
    return [f"dice_{n}" for n in range(1, MAX_DICE + 1)] + list(EFFECTS) + ["music"]


def render(name: str) -> Signal:
    """The finished samples of sound ``name`` (levelled, with clean ends)."""
    rng = random.Random(seed_of(name))
    if name == "music":
        return music(rng)
    if name.startswith("dice_"):
        raw = dice(int(name.split("_")[1]), rng)
    else:
        raw = EFFECTS[name](rng)
    level = EFFECT_RMS_DB + LEVEL_OFFSETS.get(name, 0.0)
    return normalise(fade_edges(trim_tail(raw)), level)


def trim_tail(signal: Signal, floor_db: float = -66.0) -> Signal:
    """``signal`` without the trailing stretch below ``floor_db`` of its peak (plus 10 ms)."""
    threshold = max(abs(x) for x in signal) * db_to_gain(floor_db)
    end = len(signal)
    while end > 1 and abs(signal[end - 1]) < threshold:
        end -= 1
    return signal[: min(len(signal), end + samples(0.01))]


def to_pcm(signal: Signal) -> array:
    """16-bit samples (rounded, clamped)."""
    return array("h", (max(-32767, min(32767, round(x * 32767))) for x in signal))


def write_wav(path: Path, signal: Signal) -> None:
    pcm = to_pcm(signal)
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SR)
        out.writeframes(pcm.tobytes())


def read_wav(path: Path) -> tuple[list[float], int]:
    """A mono 16-bit WAV's samples in -1..1 and its sample rate."""
    with wave.open(str(path), "rb") as src:
        if src.getsampwidth() != 2 or src.getnchannels() != 1:
            raise ValueError(f"{path.name}: not mono 16-bit")
        rate = src.getframerate()
        pcm = array("h", src.readframes(src.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return [x / 32768.0 for x in pcm], rate


# --- measuring ------------------------------------------------------------------------------
def rms(signal: Signal) -> float:
    return math.sqrt(sum(x * x for x in signal) / len(signal)) if signal else 0.0


def active_rms(signal: Signal, block: float = 0.02, floor_db: float = 20.0) -> float:
    """RMS over the blocks of ``block`` seconds within ``floor_db`` of the loudest: the level
    of the part that sounds, not of the tail fading out."""
    size = samples(block)
    levels = [rms(signal[i : i + size]) for i in range(0, len(signal), size)]
    loudest = max(levels, default=0.0)
    kept = [lv for lv in levels if lv > 0 and lv >= loudest * db_to_gain(-floor_db)]
    return math.sqrt(sum(lv * lv for lv in kept) / len(kept)) if kept else 0.0


def loudest_block(signal: Signal, block: float = 0.02) -> float:
    """The RMS of the loudest ``block``-second stretch."""
    size = samples(block)
    return max(rms(signal[i : i + size]) for i in range(0, len(signal), size))


def fft(values: list[complex]) -> list[complex]:
    """An iterative radix-2 FFT (the length must be a power of two)."""
    n = len(values)
    out = list(values)
    j = 0
    for i in range(1, n):  # bit-reversed order
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            out[i], out[j] = out[j], out[i]
    size = 2
    while size <= n:
        step = cmath.exp(-2j * math.pi / size)
        half = size // 2
        for start in range(0, n, size):
            w = 1 + 0j
            for k in range(start, start + half):
                t = w * out[k + half]
                out[k + half] = out[k] - t
                out[k] += t
                w *= step
        size *= 2
    return out


def dominant_frequency(signal: Signal, rate: int, window: int = 8192) -> float:
    """The strongest frequency (Hz) in the loudest stretch of ``signal``, from a Hann-windowed
    FFT (parabolic interpolation between bins)."""
    size = 1 << (min(window, max(len(signal), 256)).bit_length() - 1)
    signal = signal + [0.0] * max(0, size - len(signal))
    starts = range(0, len(signal) - size + 1, size // 4)
    start = max(starts, key=lambda s: sum(x * x for x in signal[s : s + size : 4]))
    chunk = signal[start : start + size]
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / size) for i in range(size)]
    spectrum = fft([complex(x * w) for x, w in zip(chunk, hann)])
    mags = [abs(c) for c in spectrum[: size // 2]]
    k = max(range(1, len(mags) - 1), key=mags.__getitem__)
    a, b, c = mags[k - 1], mags[k], mags[k + 1]
    denom = a - 2 * b + c
    shift = 0.5 * (a - c) / denom if denom else 0.0
    return (k + shift) * rate / size


def measure(path: Path) -> dict[str, float]:
    """Duration (s), peak and RMS (dBFS, whole file and sounding part), dominant frequency
    (Hz), the first and last samples, and the size in bytes of one sound file."""
    signal, rate = read_wav(path)
    return {
        "seconds": len(signal) / rate,
        "peak_db": gain_to_db(max(abs(x) for x in signal)),
        "rms_db": gain_to_db(rms(signal)),
        "active_db": gain_to_db(active_rms(signal)),
        "hz": dominant_frequency(signal, rate),
        "edge": max(abs(signal[0]), abs(signal[-1])),
        "seam": abs(signal[-1] - signal[0]),
        "tail_db": gain_to_db(rms(signal[-samples(0.02) :]) / max(loudest_block(signal), 1e-9)),
        "bytes": path.stat().st_size,
    }


def problems(name: str, m: dict[str, float]) -> list[str]:
    """What is wrong with a measured file (empty when it is fine)."""
    found = []
    if m["peak_db"] > -1.0:
        found.append(f"peak {m['peak_db']:.1f} dBFS above -1")
    if name == "music":
        if not 30 <= m["seconds"] <= 90:
            found.append(f"loop of {m['seconds']:.1f} s, not 30-90")
        if m["active_db"] > EFFECT_RMS_DB - 4:
            found.append("music not quieter than the effects")
        if m["seam"] > 0.02:
            found.append(f"loop seam jumps by {m['seam']:.3f}")
    else:
        if not -20.0 <= m["active_db"] <= -12.0:
            found.append(f"level {m['active_db']:.1f} dBFS outside -20..-12")
        if m["edge"] > 0.002:
            found.append("does not start and end at silence (a click)")
        if m["tail_db"] > -36.0:
            found.append(f"cut off while sounding (last 20 ms at {m['tail_db']:.0f} dB)")
    return found


def check(folder: Path) -> int:
    """Print the measurements of every sound; 1 when a file is missing or out of bounds."""
    bad, total = 0, 0
    print(f"{'file':<16}{'s':>6}{'peak':>7}{'rms':>7}{'active':>8}{'Hz':>7}{'kB':>7}  notes")
    for name in sound_names():
        path = folder / f"{name}.wav"
        if not path.is_file():
            print(f"{name:<16} MISSING")
            bad += 1
            continue
        m = measure(path)
        total += int(m["bytes"])
        notes = problems(name, m)
        bad += bool(notes)
        print(
            f"{name:<16}{m['seconds']:6.2f}{m['peak_db']:7.1f}{m['rms_db']:7.1f}"
            f"{m['active_db']:8.1f}{m['hz']:7.0f}{m['bytes'] / 1000:7.0f}  {'; '.join(notes)}"
        )
    print(f"total {total / 1e6:.2f} MB (limit {MAX_TOTAL_BYTES / 1e6:.0f} MB)")
    if total > MAX_TOTAL_BYTES:
        bad += 1
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    parser.add_argument("--only", nargs="*", default=None, help="sound names to make")
    parser.add_argument("--check", action="store_true", help="measure the files instead")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.out)
    names = sound_names() if not args.only else args.only
    unknown = sorted(set(names) - set(sound_names()))
    if unknown:
        parser.error(f"unknown sounds: {', '.join(unknown)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        write_wav(args.out / f"{name}.wav", render(name))
        print(f"wrote {name}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main())
