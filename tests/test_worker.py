"""The searches' worker process (``stoneage.play.worker``): the same decisions as in the
window's process, restarted after it dies, timed out when it hangs, stopped by close."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from stoneage.ai import Budget
from stoneage.play.match import Match, bot_decision, decide_job
from stoneage.play.seats import Seat
from stoneage.play.worker import (
    WORKER_NICENESS,
    DecisionWorker,
    WorkerCancelled,
    WorkerFailed,
    loaded_modules,
    niceness,
)


@pytest.fixture
def worker() -> Iterator[DecisionWorker]:
    """A worker, always closed afterwards."""
    made = DecisionWorker(timeout=60)
    yield made
    made.close()


def hard_match() -> Match:
    """Four Hard bots at a fixed rollout count, a bot to decide now."""
    seats = [
        Seat(f"B{i}", c, "bot", "hard") for i, c in enumerate(("red", "blue", "green", "yellow"))
    ]
    match = Match(seats, 11, threaded=False, budget=Budget.rollouts(12))
    match.play_out(round_cap=1)
    while match.actor() < 0:
        match.apply(match.chance.outcome(match.state))
    return match


def test_hard_decides_the_same_in_the_worker(worker: DecisionWorker) -> None:
    match = hard_match()
    for _ in range(6):
        seat = match.actor()
        if seat < 0:
            match.apply(match.chance.outcome(match.state))
            continue
        remote, _bot = worker.run(decide_job, match.bots[seat], match.seed, seat, match.state)
        here = bot_decision(match.bots[seat], match.seed, seat, match.state)
        assert remote == here
        match.apply(here, seat=seat)
    assert "pygame" not in worker.run(loaded_modules)


def test_a_killed_worker_is_restarted(worker: DecisionWorker) -> None:
    worker.run(loaded_modules)
    pid = worker.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    with pytest.raises(WorkerFailed):
        worker.run(time.sleep, 0.0) if worker.alive() else (_ for _ in ()).throw(WorkerFailed())
    assert worker.run(loaded_modules)
    assert worker.starts == 2 and worker.pid not in (None, pid)


def test_a_hung_worker_times_out_and_the_match_goes_on(worker: DecisionWorker) -> None:
    begin = time.monotonic()
    with pytest.raises(WorkerFailed):
        worker.run(time.sleep, 30, timeout=1.0)
    assert time.monotonic() - begin < 10
    assert not worker.alive()
    match = hard_match()
    match.worker = worker
    worker.timeout = 0.0001  # every decision overruns: the Normal policy decides instead
    seat = match.actor()
    assert match._think(seat, match.state) in match.state.legal_actions()


def test_closing_stops_the_worker(worker: DecisionWorker) -> None:
    worker.run(loaded_modules)
    assert worker.alive()
    worker.close()
    assert not worker.alive()
    with pytest.raises(WorkerFailed):
        worker.run(loaded_modules)


def test_the_worker_gives_the_window_the_cores_first(worker: DecisionWorker) -> None:
    if not hasattr(os, "nice"):
        pytest.skip("no POSIX niceness here")
    ours = os.nice(0)
    assert worker.run(niceness) == min(19, ours + WORKER_NICENESS)


def test_started_early_the_worker_is_ready_for_the_first_job(worker: DecisionWorker) -> None:
    thread = worker.start()
    assert thread is not None
    thread.join(60)
    assert worker.starts == 1 and worker.alive()
    assert worker.start() is None  # running already: nothing more is started
    assert "stoneage.ai.hard" in worker.run(loaded_modules)  # the bots were imported
    assert worker.starts == 1


def test_a_closed_worker_is_not_started_early() -> None:
    worker = DecisionWorker()
    worker.close()
    assert worker.start() is None
    assert worker.starts == 0 and not worker.alive()


def test_a_cancelled_job_stops_the_worker_and_a_fresh_one_starts(worker: DecisionWorker) -> None:
    worker.run(loaded_modules)
    first = worker.pid
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    begin = time.monotonic()
    with pytest.raises(WorkerCancelled):
        worker.run(time.sleep, 30, cancel=cancel)
    assert time.monotonic() - begin < 10
    timer.join()
    for _ in range(600):  # the fresh worker is started by a thread of its own: wait, bounded
        if worker.starts >= 2 and worker.alive():
            break
        time.sleep(0.1)
    assert worker.starts == 2 and worker.pid not in (None, first)
    assert worker.run(abs, -2) == 2
