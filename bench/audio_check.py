"""Is the game heard? Play a whole autoplay game into SDL's disk audio driver and measure the file.

    python bench/audio_check.py                     # run the game (under xvfb-run if there is
                                                    # no display), then measure
    python bench/audio_check.py --raw /tmp/out.raw  # only measure a file written before

The game is ``python -m stoneage --autoplay --players 4 --seed 3 --speed fast --quit-at-end``
with ``SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=<file>``: SDL writes what the mixer plays, in real
time, as raw samples in the format the game opens the mixer with (``audio.MIXER_FORMAT``:
22.05 kHz, signed 16-bit, mono: the sound files' own). The report: the exit code and wall time of the game, the
file's length, the RMS level of every second (how many seconds are heard, above
``SILENCE_DB``), the peak level and the samples at full scale (clipping: there must be none).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from stoneage.ui.audio import MIXER_FORMAT  # noqa: E402 (the repository's package, run from here)

RATE, CHANNELS = MIXER_FORMAT[0], MIXER_FORMAT[2]
FULL_SCALE = 32768
SILENCE_DB = -60.0  # a second quieter than this (RMS, dBFS) counts as silent
CLIP = 32767  # a sample at full scale either way counts as clipped


def run_game(
    raw: Path, players: int, seed: int, speed: str, music: bool = True
) -> tuple[int, float]:
    """Play the autoplay game with the disk audio driver writing ``raw``; (exit code, seconds).
    Without ``music`` the game's settings put the music at 0 (the effects alone are heard)."""
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw))
    home = Path(tempfile.mkdtemp(prefix="stoneage-audio-"))
    env["STONEAGE_HOME"] = str(home)  # the player's own settings and saves stay out of it
    volumes = {"language": "en"} if music else {"language": "en", "music_volume": 0}
    (home / "settings.json").write_text(json.dumps(volumes), encoding="utf-8")
    command = [sys.executable, "-m", "stoneage", "--autoplay", "--players", str(players)]
    command += ["--seed", str(seed), "--speed", speed, "--quit-at-end"]
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", *command]
    elif not os.environ.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    begin = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - begin
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
    return done.returncode, elapsed


def levels(raw: Path) -> tuple[list[float], int, int]:
    """The RMS of each second in dBFS (both channels together), the peak sample's magnitude and
    how many samples sit at full scale."""
    samples = array("h")
    data = raw.read_bytes()
    samples.frombytes(data[: len(data) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()  # SDL's AUDIO_S16SYS is the machine's order; the file is read as LE
    per_second = RATE * CHANNELS
    seconds: list[float] = []
    for start in range(0, len(samples), per_second):
        chunk = samples[start : start + per_second]
        if len(chunk) < per_second // 10:
            break  # a last sliver of a second says nothing
        power = sum(s * s for s in chunk) / len(chunk)
        rms = math.sqrt(power) / FULL_SCALE
        seconds.append(20 * math.log10(rms) if rms > 0 else -math.inf)
    peak = max((abs(s) for s in samples), default=0)
    clipped = sum(1 for s in samples if s >= CLIP or s <= -CLIP)
    return seconds, peak, clipped


def report(seconds: list[float], peak: int, clipped: int) -> bool:
    """Print the figures; True when the file is heard and nothing clips."""
    heard = [db for db in seconds if db > SILENCE_DB]
    longest_quiet = run = 0
    for db in seconds:
        run = run + 1 if db <= SILENCE_DB else 0
        longest_quiet = max(longest_quiet, run)
    peak_db = 20 * math.log10(peak / FULL_SCALE) if peak else -math.inf
    loudest = max(seconds, default=-math.inf)
    mean_heard = sum(heard) / len(heard) if heard else -math.inf
    print(f"length: {len(seconds)} s of audio")
    print(
        f"heard (RMS above {SILENCE_DB:.0f} dBFS): {len(heard)} of {len(seconds)} seconds; "
        f"longest silence {longest_quiet} s"
    )
    print(f"RMS per second: loudest {loudest:.1f} dBFS, mean of the heard seconds {mean_heard:.1f}")
    print(f"peak: {peak} of {FULL_SCALE} ({peak_db:.1f} dBFS); samples at full scale: {clipped}")
    return bool(heard) and clipped == 0


def main() -> int:
    """Run the game (unless --raw names a file already written) and report its audio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raw", type=Path, help="measure this file instead of playing a game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--speed", default="fast", choices=("slow", "normal", "fast"))
    parser.add_argument("--no-music", action="store_true", help="the effects alone (music at 0)")
    args = parser.parse_args()
    raw = args.raw
    if raw is None:
        raw = Path(tempfile.mkdtemp(prefix="stoneage-audio-")) / "out.raw"
        code, elapsed = run_game(raw, args.players, args.seed, args.speed, not args.no_music)
        print(f"autoplay: exit code {code}, {elapsed:.1f} s wall time")
        if code != 0 or not raw.exists():
            return 1
    seconds, peak, clipped = levels(raw)
    return 0 if report(seconds, peak, clipped) else 1


if __name__ == "__main__":
    sys.exit(main())
