"""Figures for the pygame-ce table: start-up time, frame times while animating, idle CPU.

    python bench/ui_bench.py [--frames 600] [--idle 5] [--no-music] [--hard-frames 600] [--rounds 1]

- start to title: wall time from launching a fresh Python process to the first frame of the
  title screen on screen (budget 1.5 s);
- frame time while animating at 1920x1080: four Normal bots playing at normal animation speed,
  one loop iteration (events, update, draw, flip) per frame (budget: median 8 ms, p99 16 ms);
- frame time while Hard thinks: the same with four Hard bots, whose searches run in the window's
  worker process (``stoneage.play.worker``), and again with the searches in the bot thread of
  the window's process (the path before issue 43.7); with ``--hard-frames`` the three (Normal,
  Hard in the worker, Hard in-process) are measured side by side, alternating ``--rounds``
  times (budget: Hard in the worker no worse than Normal animating, slowest frame included);
- CPU while idle on the game screen: process CPU time over wall time while the human's
  placement waits (budget 3 % of a core), once the first idle frames have read the sound files
  (a one-off, reported apart: it is not what waiting costs, and in the game it happens on the
  title screen unless a game is started in the first second).

Uses the real video driver when there is a display (run under ``xvfb-run`` on a headless
machine), else SDL's dummy driver; the report says which. The frame times and the idle CPU are
measured with the background music playing (the app's own sound manager, as in the game) into
SDL's disk audio driver writing a temporary file in real time, so the mixing costs what it costs
with a sound card (unless SDL_AUDIODRIVER is set); ``--no-music`` measures without it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TITLE_CHILD = """
import time
from stoneage.app import App
from stoneage.scenes.menus.title_scene import TitleScene
app = App((1280, 720))
app.open_window()
app.push(TitleScene(app))
app.draw()
print("ready", flush=True)
"""


def start_to_title(runs: int = 3) -> float:
    """Best of ``runs`` fresh-process start-ups, in seconds."""
    best = float("inf")
    for _ in range(runs):
        begin = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", TITLE_CHILD],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert child.stdout is not None  # stdout=PIPE
        for line in child.stdout:
            if line.strip() == "ready":
                best = min(best, time.perf_counter() - begin)
                break
        child.wait()
    return best


MUSIC = True  # the frame and idle figures are taken with the music playing (--no-music: not)


def _open_app(size: tuple[int, int], speed: str):
    from stoneage.app import App
    from stoneage.records.settings import Settings

    app = App(size, Settings(animation=speed))
    app.open_window()
    if MUSIC:
        app.play_music()  # starts with the first frame, as in the game
    return app


def music_playing() -> bool:
    """True when the background music is playing now."""
    import pygame

    return bool(pygame.mixer.get_init() and pygame.mixer.music.get_busy())


def animation_frames(frames: int, level: str = "normal", worker: bool = True) -> list[float]:
    """Frame times (ms) of four bots of ``level`` playing at normal speed at 1920x1080 (with
    ``hard``, the frames drawn while the bots' searches run: in the window's worker process,
    or with ``worker=False`` in the bot thread of this process, the path before issue 43.7)."""
    from stoneage.play.seats import Seat
    from stoneage.scenes.table.scene import TableScene

    app = _open_app((1920, 1080), "normal")
    if worker:
        # started and warm, as from the second Hard decision of a program run on (spawning a
        # process and importing the bots takes about a second of CPU once per run)
        app.bot_worker.run(abs, 0)
    else:
        app.bot_worker.close()
        app.bot_worker = None  # type: ignore[assignment]  # the old path: the bot thread alone
    seats = [
        Seat(f"Bot {i}", c, "bot", level) for i, c in enumerate(("red", "blue", "green", "yellow"))
    ]
    scene = TableScene(app, seats, seed=7)
    app.push(scene)
    for _ in range(30):  # warm the image and text caches
        app.step(block=False)
    print(f"  ({level} bots animating: music playing {music_playing()})")
    times = []
    thinking = 0
    for _ in range(frames):
        begin = time.perf_counter()
        app.step(block=False)
        times.append((time.perf_counter() - begin) * 1000)
        thinking += scene.match.thinking()
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - begin)))  # real frame pacing
    if level != "normal":
        print(f"  (a bot was thinking during {thinking} of the {frames} frames)")
    while app.stack:
        app.stack.pop().exit()
    if app.bot_worker is not None:
        app.bot_worker.close()
    import pygame

    pygame.display.quit()
    return times


def idle_cpu(seconds: float) -> tuple[float, float]:
    """Per cent of one core used while the game waits for the human to place, and the CPU
    seconds the first idle frames spent reading the sound files (before the measured wait)."""
    import pygame

    from stoneage.play.seats import default_seats
    from stoneage.scenes.table.scene import TableScene

    app = _open_app((1920, 1080), "instant")
    scene = TableScene(app, default_seats(), seed=7)
    app.push(scene)
    app.running = True
    while not scene.hands.controls:  # the first human decision
        app.step(block=False)
    app.step(block=False)
    reading = time.process_time()
    give_up = time.perf_counter() + 10
    while not app.sounds_read() and time.perf_counter() < give_up:  # at the idle frame rate
        app.step()
    reading = time.process_time() - reading
    print(f"  (idle: music playing {music_playing()})")
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while app.running:
        app.step()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    while app.stack:
        app.stack.pop().exit()
    pygame.display.quit()
    return 100 * cpu / wall, reading


def main() -> int:
    """Print the three figures against their budgets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--no-music", action="store_true", help="measure without the music")
    parser.add_argument(
        "--rounds", type=int, default=1, help="alternating rounds of the side-by-side frames"
    )
    parser.add_argument(
        "--hard-frames", type=int, default=600, help="frames with four Hard bots (0: skip)"
    )
    args = parser.parse_args()
    global MUSIC
    MUSIC = not args.no_music
    os.environ.setdefault("STONEAGE_HOME", tempfile.mkdtemp(prefix="stoneage-bench-"))
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if MUSIC and "SDL_AUDIODRIVER" not in os.environ:
        # A real-time device that plays nowhere: the mixer mixes the music as for a sound card.
        os.environ["SDL_AUDIODRIVER"] = "disk"
        os.environ["SDL_DISKAUDIOFILE"] = os.path.join(os.environ["STONEAGE_HOME"], "audio.raw")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(
        f"video driver: {os.environ.get('SDL_VIDEODRIVER', 'default (' + os.environ.get('DISPLAY', '?') + ')')}"
    )
    print(f"audio driver: {os.environ['SDL_AUDIODRIVER']}, music {'on' if MUSIC else 'off'}")
    title = start_to_title()
    print(f"start to title screen: {title:.2f} s (budget 1.5 s)")
    times = sorted(animation_frames(args.frames))
    median, p99 = statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"frame time while animating at 1920x1080: median {median:.1f} ms, p99 {p99:.1f} ms, max {times[-1]:.1f} ms "
        f"over {len(times)} frames (budget median 8, p99 16)"
    )
    if args.hard_frames:
        # side by side, alternating, so that the machine's other load falls on all three alike
        kinds = {
            "Normal bots animate": ("normal", True),
            "Hard bots think (worker process)": ("hard", True),
            "Hard bots think (in this process)": ("hard", False),
        }
        frames: dict[str, list[float]] = {name: [] for name in kinds}
        for round_ in range(args.rounds):
            for name, (level, in_worker) in kinds.items():
                count = args.frames if level == "normal" else args.hard_frames
                frames[name] += animation_frames(count, level, in_worker)
            print(f"  (round {round_ + 1} of {args.rounds} done)")
        for name, taken in frames.items():
            taken.sort()
            median = statistics.median(taken)
            p99 = taken[min(len(taken) - 1, int(len(taken) * 0.99))]
            print(
                f"side by side, while {name} at 1920x1080: median {median:.1f} ms, "
                f"p99 {p99:.1f} ms, max {taken[-1]:.1f} ms over {len(taken)} frames"
            )
    cpu, reading = idle_cpu(args.idle)
    print(
        f"CPU while idle on the game screen: {cpu:.1f} % of a core over {args.idle:.0f} s (budget 3 %)"
    )
    print(
        f"  (before it, once: {reading * 1000:.0f} ms of CPU reading the sound files in idle frames)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
