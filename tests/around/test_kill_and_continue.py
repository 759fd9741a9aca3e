"""Kill the program at a random moment and continue: the game resumes where it was.

The game runs in a subprocess (the real scenes, headless, saving after every action). It is
killed with SIGKILL at a random moment; a second run continues it from the title screen and
plays it to the end. The game is a function of its seed (dice come from the position, bots
are seeded per decision, the human follows a fixed rule), so the resumed position must be one
the uninterrupted game passed through, and the final scores must be the uninterrupted game's.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stoneage.play.match import Match
from tests.around.autoplay import GAME_OVER_MARK, SEED, actions_digest, human_choice, seats

ROOT = Path(__file__).resolve().parents[2]
RUNS = 20


def reference_game() -> tuple[list, list[int]]:
    """The uninterrupted game: its steps and the final totals."""
    driver = Match(seats(), SEED, threaded=False)
    while not driver.is_over():
        seat = driver.human_to_act()
        action = human_choice(driver.state) if seat is not None else driver.automatic_action()
        driver.apply(action, seat=seat)
    return driver.steps, [row["total"] for row in driver.state.final_scoring()]


def start(mode: str, home: Path) -> subprocess.Popen:
    env = dict(
        os.environ,
        STONEAGE_HOME=str(home),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONHASHSEED="0",
    )
    return subprocess.Popen(
        [sys.executable, "-m", "tests.around.autoplay", mode],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_line(process: subprocess.Popen, prefix: str, timeout: float = 60.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if line.startswith(prefix):
            return line.strip()
    process.kill()
    raise AssertionError(f"no {prefix!r} line; stderr: {process.stderr.read()[-2000:]}")


@pytest.fixture(scope="module")
def reference():
    return reference_game()


@pytest.fixture(scope="module")
def game_seconds(tmp_path_factory) -> float:
    """How long the uninterrupted game takes in a subprocess after it says 'started'."""
    process = start("new", tmp_path_factory.mktemp("timing"))
    wait_for_line(process, "started")
    began = time.monotonic()
    process.communicate(timeout=300)
    return time.monotonic() - began


@pytest.mark.parametrize("run", range(RUNS))
def test_killed_at_a_random_moment_the_game_continues_exactly(
    run, reference, game_seconds, tmp_path
):
    steps, totals = reference
    rng = random.Random(run)
    window = 0.8 * game_seconds
    for _attempt in range(6):  # a busy machine may make a game faster or slower than measured
        (tmp_path / GAME_OVER_MARK).unlink(missing_ok=True)
        process = start("new", tmp_path)
        wait_for_line(process, "started")
        time.sleep(rng.uniform(0.0, window))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.communicate(timeout=60)
            # Killed after the game had ended (the autosave deleted) but before the process
            # exited: there is rightly nothing to continue.
            if not (tmp_path / GAME_OVER_MARK).exists():
                break
        else:
            process.communicate(timeout=60)  # the game ended before the kill
        # try another moment, earlier: the game ran faster than when it was measured
        window /= 2
    else:
        pytest.fail("the game always ended before the kill")

    resumed = start("continue", tmp_path)
    _word, at, digest = wait_for_line(resumed, "resumed").split()
    out, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err[-2000:]
    assert 0 < int(at) <= len(steps)
    assert digest == actions_digest(steps[: int(at)]), (
        "the continued game is not a position the game passed through"
    )
    assert json.loads(out.strip().splitlines()[-1]) == totals, (
        "the continued game ended differently"
    )
