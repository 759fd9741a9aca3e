"""The bots' worker process (issue 43 point 7): the same decisions as in the window's process,
restarted when it dies, given up when it hangs, stopped when the window closes, no pygame."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest

from stoneage.ai import Budget
from stoneage.play.match import CHANCE, Match
from stoneage.play.seats import Seat
from stoneage.play.worker import DecisionWorker, WorkerFailed, loaded_modules


@pytest.fixture
def worker() -> Iterator[DecisionWorker]:
    made = DecisionWorker(timeout=60.0)
    yield made
    made.close()


def _hard_seats() -> list[Seat]:
    return [Seat(f"hard {i}", "red", "bot", "hard") for i in range(4)]


def test_decisions_equal_in_process_and_in_the_worker(worker: DecisionWorker) -> None:
    here = Match(_hard_seats(), 11, threaded=False, budget=Budget.rollouts(12))
    there = Match(_hard_seats(), 11, threaded=False, budget=Budget.rollouts(12), worker=worker)
    decisions = 0
    while decisions < 10 and not here.is_over():
        seat = here.actor()
        if seat == CHANCE:
            outcome = here.chance.outcome(here.state)
            here.apply(outcome)
            there.apply(outcome)
            continue
        mine = here.decide(seat, here.state)
        theirs = there._think(seat, there.state)
        assert theirs == mine, f"decision {decisions} of seat {seat}"
        here.apply(mine, seat=seat)
        there.apply(theirs, seat=seat)
        decisions += 1
    assert decisions == 10
    assert worker.starts == 1  # every decision was made in the worker, never restarted


def test_a_killed_worker_is_started_again(worker: DecisionWorker) -> None:
    assert worker.run(abs, -3) == 3
    pid = worker.pid
    assert pid is not None and pid != os.getpid()
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    with pytest.raises(WorkerFailed):  # the job in hand when it died (or found it dead)
        worker.run(abs, -4)
        raise WorkerFailed("it did not notice")  # unreachable when the death was noticed first
    assert worker.run(abs, -5) == 5
    assert worker.pid not in (None, pid)
    assert worker.starts >= 2


def test_a_hung_worker_times_out_and_the_next_job_runs(worker: DecisionWorker) -> None:
    assert worker.run(abs, -1) == 1  # started (spawning is not what is timed)
    started = time.monotonic()
    with pytest.raises(WorkerFailed):
        worker.run(time.sleep, 30, timeout=0.5)
    assert time.monotonic() - started < 10
    assert worker.run(abs, -2) == 2
    assert worker.starts == 2


def test_closing_stops_the_worker() -> None:
    worker = DecisionWorker()
    assert worker.run(abs, -1) == 1
    process_id = worker.pid
    assert process_id is not None
    worker.close()
    assert not worker.alive()
    with pytest.raises(WorkerFailed):
        worker.run(abs, -1)


def test_the_worker_never_imports_pygame(worker: DecisionWorker) -> None:
    worker.run(abs, 0)
    here = Match(_hard_seats(), 3, threaded=False, budget=Budget.rollouts(4), worker=worker)
    while here.actor() == CHANCE:
        here.apply(here.chance.outcome(here.state))
    here._think(here.actor(), here.state)
    modules = worker.run(loaded_modules)
    assert "stoneage.ai" in modules
    assert not [name for name in modules if name.split(".")[0] == "pygame"]


def test_a_hanging_worker_leaves_the_table_a_legal_move() -> None:
    worker = DecisionWorker(timeout=0.01)  # no decision can come back in time
    try:
        match = Match(_hard_seats(), 5, threaded=False, budget=Budget.rollouts(50), worker=worker)
        while match.actor() == CHANCE:
            match.apply(match.chance.outcome(match.state))
        started = time.monotonic()
        action = match._think(match.actor(), match.state)
        assert action in match.state.legal_actions()
        assert time.monotonic() - started < 10
    finally:
        worker.close()


def test_the_hint_is_the_same_from_the_worker(worker: DecisionWorker) -> None:
    from stoneage.play.assist import HintService

    state = Match(_hard_seats(), 8, threaded=False).state
    while state.current_player() == CHANCE:
        from stoneage.play.match import chance_outcome

        state = state.apply(chance_outcome(state))
    seat = state.current_player()
    here = HintService(4, None, threaded=False)
    there = HintService(4, None, threaded=False, worker=worker)
    for service in (here, there):
        service.bot.budget = Budget.rollouts(8)
        service.bot.rng.seed(1)
        service.request(state, seat)
    assert there.hint_for(state, seat) == here.hint_for(state, seat) is not None
    assert worker.starts == 1
