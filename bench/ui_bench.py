"""Figures for the pygame-ce table: start-up time, frame times while animating, idle CPU.

    python bench/ui_bench.py [--frames 600] [--idle 5] [--no-music] [--hard-frames 600] [--rounds 1]

- start to title: wall time from launching a fresh Python process to the first frame of the
  title screen on screen (budget 1.5 s);
- frame time while animating at 1920x1080: four Normal bots playing at normal animation speed,
  one loop iteration (events, update, draw, flip) per frame (budget: median 8 ms, p99 16 ms);
- frame time while Hard thinks: the same with four Hard bots, whose searches run in the window's
  worker process (``stoneage.play.worker``, started early, at a lower priority), and again
  with the worker at the window's priority and with the searches in the bot thread of the
  window's process (the path before issue 43.7); with ``--hard-frames`` these and the review
  screen's frames while it analyses (in the worker, and in its thread as before) are measured
  side by side, alternating ``--rounds`` times, each round's figures with the load average
  (budget: Hard in the worker no worse than Normal animating, slowest frame included);
  each figure says what its slowest frame spent (the window thread's CPU, the garbage
  collector, the wait for a core from Linux's schedstat) and the frames less their waits for a
  core (the path's own cost, whatever else a shared machine runs);
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
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

TITLE_CHILD = """
import time
from stoneage.app import App
from stoneage.scenes.menus.title_scene import TitleScene
app = App((1280, 720))
app.open_window()
import sys
if sys.argv[1:] == ["early"]:
    app.start_worker_soon()  # as App.run does: the bots' worker starts after the first frame
app.push(TitleScene(app))
app.step(block=False)
print("ready", flush=True)
slowest = 0.0
for _ in range(90):  # the title's next frames while the worker starts beside them
    begin = time.perf_counter()
    app.step(block=False)
    slowest = max(slowest, time.perf_counter() - begin)
    time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - begin)))
print(f"after {slowest * 1000:.1f} {app.bot_worker.starts}", flush=True)
app.bot_worker.close()
"""


def start_to_title(runs: int = 3, early: bool = True) -> tuple[float, float]:
    """Best of ``runs`` fresh-process start-ups, in seconds, and the slowest of the title's
    next 90 frames (ms), with the bots' worker process starting beside them (``early``, as
    the program does) or not."""
    best, after = float("inf"), 0.0
    for _ in range(runs):
        begin = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", TITLE_CHILD, "early" if early else "late"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert child.stdout is not None  # stdout=PIPE
        for line in child.stdout:
            if line.strip() == "ready":
                best = min(best, time.perf_counter() - begin)
            elif line.startswith("after "):
                _word, slowest, starts = line.split()
                if starts != ("1" if early else "0"):
                    print(f"  (the worker was not started early: {starts} starts)")
                after = max(after, float(slowest))
        child.wait()
    return best, after


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


Frame = tuple[float, float, float, float]  # wall, window-thread CPU, GC, waiting for a core (ms)


def queued_ms() -> float:
    """The window thread's time so far runnable but waiting for a core (ms; Linux's
    ``/proc/thread-self/schedstat``; 0 elsewhere)."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[1]) / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


class FrameClock:
    """Each frame's wall time, and in it the window thread's CPU time, the garbage
    collector's time and the time the thread was ready to run but waited for a core (ms): a
    slow frame worked long, collected garbage, or waited (for a core, or for the interpreter
    lock while another thread of the process ran)."""

    def __init__(self) -> None:
        self.rows: list[Frame] = []
        self._gc = 0.0
        self._gc_began = 0.0

    def _collecting(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_began = time.perf_counter()
        else:
            self._gc += (time.perf_counter() - self._gc_began) * 1000

    def __enter__(self) -> FrameClock:
        gc.callbacks.append(self._collecting)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._collecting)

    def frame(self, step: Callable[[], None]) -> float:
        """Run one frame; its wall time (s)."""
        self._gc = 0.0
        queued = queued_ms()
        begin, cpu = time.perf_counter(), time.thread_time()
        step()
        wall = time.perf_counter() - begin
        cpu = time.thread_time() - cpu
        self.rows.append((wall * 1000, cpu * 1000, self._gc, queued_ms() - queued))
        return wall


def animation_frames(
    frames: int, level: str = "normal", worker: bool = True, lower: bool = True
) -> list[Frame]:
    """Frames (wall, window thread CPU, GC, in ms) of four bots of ``level`` playing at normal
    speed at 1920x1080 (with ``hard``, the frames drawn while the bots' searches run: in the
    window's worker process, or with ``worker=False`` in the bot thread of this process, the
    path before issue 43.7; ``lower=False``: the worker at the window's priority, as before
    it lowered its own)."""
    from stoneage.play.seats import Seat
    from stoneage.play.worker import DecisionWorker
    from stoneage.scenes.table.scene import TableScene

    app = _open_app((1920, 1080), "normal")
    if worker and not lower:
        app.bot_worker = DecisionWorker(lower=False)
    if worker:
        # started early and warm, as the program does once its first frame is on screen
        started = app.bot_worker.start()
        if started is not None:
            started.join(60)
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
    thinking = 0
    with FrameClock() as clock:
        for _ in range(frames):
            wall = clock.frame(lambda: app.step(block=False))
            thinking += scene.match.thinking()
            time.sleep(max(0.0, 1 / 60 - wall))  # real frame pacing
    if level != "normal":
        print(f"  (a bot was thinking during {thinking} of the {frames} frames)")
    while app.stack:
        app.stack.pop().exit()
    if app.bot_worker is not None:
        app.bot_worker.close()
    import pygame

    pygame.display.quit()
    return clock.rows


def review_frames(frames: int, worker: bool = True) -> list[Frame]:
    """Frames (as ``animation_frames``) of the review screen at 1920x1080 while it analyses a
    finished four-player game at the review's default budget: its searches in the window's
    worker process, or with ``worker=False`` in its thread of this process (before 43.7)."""
    from functools import partial

    from stoneage.play.match import replay_steps
    from stoneage.play.seats import Seat, default_seats, settle_names
    from stoneage.records.recorder import export_replay
    from stoneage.scenes.review.review_scene import ReviewScene
    from stoneage.scenes.review.source import engine_analysis
    from stoneage.staging import find, game_over

    seats = [
        Seat(s.name, s.colour, "human" if i == 0 else "bot", s.level)
        for i, s in enumerate(default_seats()[:4])
    ]
    settle_names(seats)
    seed, state, _steps = find(1, game_over, n=4)
    path = str(export_replay(seats, seed, replay_steps(state), state))
    app = _open_app((1920, 1080), "normal")
    if worker:
        started = app.bot_worker.start()
        if started is not None:
            started.join(60)
        scene = ReviewScene(app, path)
    else:
        scene = ReviewScene(app, path, analyse=partial(engine_analysis, worker=None))
    app.push(scene)
    for _ in range(30):  # the screen's first frames: its layout, images and text drawn once
        app.step(block=False)
    with FrameClock() as clock:
        for _ in range(frames):
            wall = clock.frame(lambda: app.step(block=False))
            time.sleep(max(0.0, 1 / 60 - wall))
    print(f"  (the review's analysis at {100 * scene.job.progress if scene.job else 100:.0f} %)")
    while app.stack:
        app.stack.pop().exit()  # Cancel: the analysis stops
    job = scene.job
    if job is not None:
        job.wait(60)
    app.bot_worker.close()
    import pygame

    pygame.display.quit()
    return clock.rows


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def summary(rows: list[Frame]) -> str:
    """Median, p99 and slowest frame, what the slowest one spent (thread CPU, GC, waiting for
    a core), and the frames' times less their waits for a core (what this program's path
    costs a frame whatever else the machine runs)."""
    walls = [r[0] for r in rows]
    wall, cpu, collecting, queued = max(rows)
    own = [max(0.0, r[0] - r[3]) for r in rows]  # schedstat may count a wait just before
    cpus = [r[1] for r in rows]
    return (
        f"median {statistics.median(walls):.1f} ms, p99 {_p99(walls):.1f} ms, max {wall:.1f} ms "
        f"(its window-thread CPU {cpu:.1f} ms, GC {collecting:.1f} ms, waiting for a core "
        f"{queued:.1f} ms); less the waits for a core: p99 {_p99(own):.1f} ms, "
        f"max {max(own):.1f} ms; the window thread's CPU a frame: p99 {_p99(cpus):.1f} ms, "
        f"max {max(cpus):.1f} ms"
    )


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
    title, after, late, alone = float("inf"), 0.0, float("inf"), 0.0
    for _ in range(3):  # alternating, the worker started early (as the program does) or not
        first, slowest = start_to_title(1, early=True)
        title, after = min(title, first), max(after, slowest)
        first, slowest = start_to_title(1, early=False)
        late, alone = min(late, first), max(alone, slowest)
    print(f"start to title screen: {title:.2f} s (budget 1.5 s)")
    print(
        f"  (the title's next 90 frames: slowest {after:.1f} ms with the worker starting beside "
        f"them, {alone:.1f} ms without; start to title without it {late:.2f} s)"
    )
    times = animation_frames(args.frames)
    print(
        f"frame time while animating at 1920x1080: {summary(times)} "
        f"over {len(times)} frames (budget median 8, p99 16)"
    )
    if args.hard_frames:
        # side by side, alternating, so that the machine's other load falls on all alike
        kinds = {
            "Normal bots animate": ("normal", True, True),
            "Hard bots think (worker process)": ("hard", True, True),
            "Hard bots think (worker at the window's priority)": ("hard", True, False),
            "Hard bots think (in this process)": ("hard", False, True),
        }
        reviews = {
            "the review analyses (worker process)": True,
            "the review analyses (its thread in this process)": False,
        }
        frames: dict[str, list[Frame]] = {name: [] for name in [*kinds, *reviews]}
        for round_ in range(args.rounds):
            print(f"round {round_ + 1} of {args.rounds}, load average {os.getloadavg()[0]:.1f}:")
            for name, (level, in_worker, lower) in kinds.items():
                count = args.frames if level == "normal" else args.hard_frames
                taken = animation_frames(count, level, in_worker, lower)
                print(f"  {name}: {summary(taken)}")
                frames[name] += taken
            for name, in_worker in reviews.items():
                taken = review_frames(args.hard_frames, in_worker)
                print(f"  {name}: {summary(taken)}")
                frames[name] += taken
            print(f"  (load average after it {os.getloadavg()[0]:.1f})")
        for name, taken in frames.items():
            print(
                f"side by side, while {name} at 1920x1080: {summary(taken)} "
                f"over {len(taken)} frames"
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
