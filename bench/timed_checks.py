"""The timings the test run does not judge: each measured here, printed, and held to its limit.

The test suite checks what happens, never how long it takes (a busy machine would turn it red
for nothing); these three were timed assertions there and are measured here instead:

- Hard's time cap bounds a decision whatever its rollout budget (a 0.1 s cap on a million
  rollouts: the decision must end within 1 s);
- the statistics screen's figures over a history of 500 games are summed within 1 s;
- ``--autoplay --quit-at-end`` plays a 2-player game at fast speed to its scoring and quits
  within 90 s (about 30 s on a busy 2-core machine).

    python bench/timed_checks.py [--skip-autoplay]

Exit status 0 when every measurement is within its limit, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stoneage.ai import Budget, HardBot
from stoneage.records import stats
from stoneage.rules import CHANCE, GameState, new_game, sample_chance

ROOT = Path(__file__).resolve().parents[1]
CAP_LIMIT = 1.0  # seconds for a decision capped at 0.1 s
STATS_LIMIT = 1.0  # seconds to sum 500 games
AUTOPLAY_LIMIT = 90.0  # seconds for a fast 2-player autoplay game, start to exit


def first_placement(players: int) -> GameState:
    """The first placement of a seeded game, as its seat sees it (the test's position)."""
    dice = random.Random(8)
    state = new_game(players, seed=8)
    while state.current_player() == CHANCE:
        state = state.apply(sample_chance(state, dice))
    return state.view(state.current_player())


def capped_decision() -> float:
    """Seconds Hard takes for one placement with a 0.1 s cap and a million rollouts."""
    bot = HardBot(3, Budget(iterations=1_000_000, cap=0.1), speed=1e9)
    view = first_placement(4)
    started = time.perf_counter()
    bot.choose(view)
    return time.perf_counter() - started


def summed_history() -> float:
    """Seconds to sum the statistics of a made-up history of 500 games."""
    records = stats.made_up_history(7, 500)
    started = time.perf_counter()
    stats.summarise(records)
    return time.perf_counter() - started


def fast_autoplay() -> float:
    """Seconds a fast 2-player ``--autoplay --quit-at-end`` runs, in a temporary home."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env["STONEAGE_HOME"] = home
        argv = ["--autoplay", "--players", "2", "--seed", "3", "--speed", "fast", "--quit-at-end"]
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "stoneage", *argv],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=AUTOPLAY_LIMIT * 3,
            check=False,
        )
        elapsed = time.monotonic() - started
    if done.returncode != 0:
        raise SystemExit(f"autoplay failed: {done.stderr.decode()[-2000:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    """Measure, print, and judge against the limits."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-autoplay", action="store_true", help="leave out the autoplay run")
    args = parser.parse_args(argv)
    checks = [
        ("Hard's capped decision (0.1 s cap, 1e6 rollouts)", capped_decision, CAP_LIMIT),
        ("statistics of 500 games", summed_history, STATS_LIMIT),
    ]
    if not args.skip_autoplay:
        checks.append(("fast 2-player autoplay to the scoring", fast_autoplay, AUTOPLAY_LIMIT))
    failed = 0
    for name, measure, limit in checks:
        seconds = measure()
        verdict = "ok" if seconds < limit else "TOO SLOW"
        failed += seconds >= limit
        print(f"{name}: {seconds:.3f} s (limit {limit:.1f} s) {verdict}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
