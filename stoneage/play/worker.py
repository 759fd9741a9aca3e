"""The searches beside the window: one worker process that the window owns.

A Hard bot's search (and the Hint's) is pure Python; run in a thread of the window's process it
shares the interpreter lock with the frames, and single frames stretch to 45-60 ms while four
Hard bots think. ``DecisionWorker`` runs such work in a second process instead, so that the
search uses the machine's other core and the window's thread keeps the interpreter to itself.

What crosses: a job (a module-level function of this module) and its arguments, pickled. For a
bot's decision that is the bot itself (whatever ``make_bot`` built, with what it remembers of
this game, such as the time it spent) and the state (a few kB pickled); back come the action
and the bot as it is after deciding, which replaces the window's copy. Because ``bot_decision``
seeds the bot's generator from the seed, the seat and the move before each decision, the worker
decides exactly what the window's thread would (with a fixed rollout count; under a time budget
as exactly as two runs on one machine ever do).

The window comes first: the worker lowers its own scheduling priority as it starts
(``lower_priority``: niceness ``WORKER_NICENESS`` on Linux and macOS, the below-normal class on
Windows). On an idle second core the search runs as fast as before; when the machine is busy,
the window's frames get the core before the search does (``bench/ui_bench.py`` found the
slowest frames with the search beside them were frames that waited for a core, not frames that
worked longer: 251.9 ms of wall time with 1.6 ms of the window thread's CPU, 250.3 ms of it
queued for a core, and no garbage collection in it).

The worker is started early (``start``: from a thread of its own, once the first frame of the
program is on screen, see ``App.run``), so that the first Hard decision does not wait about a
second for a process to start and import the bots.

The worker never imports pygame (it imports only what unpickling the job needs: the rules and
the bots). It is started with the 'spawn' method (a process started with 'fork' from the
window's threads may deadlock, and 'spawn' is what Windows and macOS have); the frozen build's
entry script calls ``multiprocessing.freeze_support`` (``packaging/launcher.py``).

The table never waits forever: a job has a deadline; a worker that dies or overruns it is
killed and started afresh for the next job, and the caller is told (``WorkerFailed``) so that
it decides some other way (``Match.decide`` falls back to the Normal policy in its own thread).
A job the caller gives up on (``run``'s ``cancel``: the review left before its analysis
ended) kills the worker, which is started afresh at once. A job that cannot be pickled (a bot holding something that cannot cross) raises
``WorkerUnusable`` before anything is sent: it is then done in the caller's process, as before.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The most seconds one job may take before its worker is killed (a Hard decision at the
#: default budget takes at most 1.6 s; the first job also waits for the process to start).
JOB_TIMEOUT = 30.0
#: How often a waiting caller looks whether the worker was closed or the job cancelled.
POLL = 0.1
#: How much the worker lowers its priority (POSIX niceness; Windows: below normal).
WORKER_NICENESS = 10


class WorkerFailed(RuntimeError):
    """The worker died, overran its deadline, failed inside the job, or was closed."""


class WorkerUnusable(RuntimeError):
    """The job cannot be sent to the worker (it cannot be pickled): do it in this process."""


class WorkerCancelled(WorkerFailed):
    """The caller gave up on the job (its ``cancel`` was set): the worker was stopped."""


def lower_priority() -> None:
    """Lower this process's scheduling priority (the worker's, so that the window's frames
    get a busy machine's cores first); where that is not possible, nothing changes."""
    try:
        if sys.platform == "win32":
            import ctypes

            below_normal = 0x4000  # BELOW_NORMAL_PRIORITY_CLASS
            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
        else:
            os.nice(WORKER_NICENESS)
    except (OSError, AttributeError) as error:  # not allowed or not there: run as we are
        log.debug("the worker keeps its priority: %s", error)


def niceness() -> int:
    """This process's POSIX niceness (a job: the tests check the worker's is lowered)."""
    return os.nice(0)


def warm_up() -> int:
    """Import what a bot's decision needs (a job sent when the worker is started early, so
    that the first decision does not pay for the imports); the worker's process id."""
    import stoneage.ai  # noqa: F401  # the bots and the rules, as unpickling a decision would

    return os.getpid()


def serve(conn: Connection, lower: bool = True) -> None:
    """The worker's loop: run each job received and send back ("ok", result) or ("error",
    text); stop on None or when the window's end of the pipe closes. ``lower``: at a lower
    priority than the window (``lower_priority``)."""
    if lower:
        lower_priority()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job, args = message
        try:
            reply: tuple[str, object] = ("ok", job(*args))
        except Exception as error:  # told to the caller, which decides another way
            reply = ("error", f"{type(error).__name__}: {error}")
        try:
            conn.send(reply)
        except (OSError, pickle.PicklingError, TypeError, AttributeError) as error:
            try:
                conn.send(("error", f"the result cannot be sent back: {error}"))
            except OSError:
                return


def loaded_modules() -> list[str]:
    """The modules imported in the worker (a job: the tests check pygame is not among them)."""
    import sys

    return sorted(sys.modules)


class DecisionWorker:
    """One worker process for the window's searches, started early (``start``) or at the first
    job, restarted after it dies, hangs or is cancelled, stopped by ``close``. Jobs run one at a time (callers from several
    threads queue on a lock): one process is the one spare core of a two-core machine."""

    def __init__(self, timeout: float = JOB_TIMEOUT, lower: bool = True) -> None:
        """``timeout``: the most seconds a job may take; ``lower=False`` keeps the worker at
        the window's priority (the benchmark's comparison)."""
        self.timeout = timeout
        self.lower = lower
        self.starts = 0  # processes started so far (the first, then each restart)
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._lock = threading.Lock()  # one job at a time
        self._closed = threading.Event()

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs (None: not started, or stopped)."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def alive(self) -> bool:
        """True while the worker process runs."""
        return self.pid is not None

    def start(self) -> threading.Thread | None:
        """Start the worker now, off the caller's thread (the window's frames go on): a thread
        starts the process and has it import the bots (``warm_up``). Nothing when it runs
        already or was closed; the thread, for a caller that wants to wait for it."""
        if self._closed.is_set() or self.alive():
            return None
        thread = threading.Thread(target=self._warm, name="stoneage-search-start", daemon=True)
        thread.start()
        return thread

    def _warm(self) -> None:
        try:
            self.run(warm_up)
        except WorkerFailed as error:  # the first job starts it again
            log.info("the worker was not started early: %s", error)

    def run(
        self,
        job: Callable[..., T],
        *args: Any,
        timeout: float | None = None,
        cancel: threading.Event | None = None,
    ) -> T:
        """``job(*args)`` done in the worker; its result. Raises ``WorkerUnusable`` when the
        job cannot be pickled (nothing was sent), ``WorkerFailed`` when the worker died, took
        longer than ``timeout`` seconds (default ``self.timeout``; it is then killed), failed
        inside the job or was closed, and ``WorkerCancelled`` once ``cancel`` is set while it
        waits (the worker is then killed and started afresh)."""
        try:
            message = pickle.dumps((job, args), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            raise WorkerUnusable(str(error)) from error
        with self._lock:
            if self._closed.is_set():
                raise WorkerFailed("the worker is closed")
            conn = self._started()
            try:
                conn.send_bytes(message)
            except OSError as error:
                self._stop()
                raise WorkerFailed(f"the worker could not be reached: {error}") from error
            status, value = self._reply(
                conn, timeout if timeout is not None else self.timeout, cancel
            )
        if status != "ok":
            raise WorkerFailed(f"the job failed in the worker: {value}")
        return value  # type: ignore[no-any-return]  # what ``job`` returned

    def _reply(
        self, conn: Connection, timeout: float, cancel: threading.Event | None
    ) -> tuple[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            if self._closed.is_set():
                self._stop()
                raise WorkerFailed("the worker was closed")
            if cancel is not None and cancel.is_set():
                self._stop()
                self.start()  # waits for the lock this caller holds, then starts it afresh
                raise WorkerCancelled("the job was cancelled")
            left = deadline - time.monotonic()
            if left <= 0:
                log.warning("the worker took over %.1f s: killed, to be started afresh", timeout)
                self._stop()
                raise WorkerFailed(f"the worker took longer than {timeout:.1f} s")
            try:
                if conn.poll(min(POLL, left)):
                    reply: tuple[str, Any] = conn.recv()
                    return reply
            except (EOFError, OSError) as error:  # the process died: its end of the pipe closed
                log.warning("the worker died (%s): to be started afresh", error)
                self._stop()
                raise WorkerFailed("the worker died") from error

    def _started(self) -> Connection:
        if self._process is not None and self._conn is not None and self._process.is_alive():
            return self._conn
        self._stop()
        ours, theirs = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=serve, args=(theirs, self.lower), name="stoneage-search", daemon=True
        )
        process.start()
        theirs.close()  # the worker holds its own copy; ours alone tells it when we are gone
        self._process, self._conn = process, ours
        self.starts += 1
        return ours

    def _stop(self) -> None:
        """Stop the worker at once (no job of it is wanted any more)."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(timeout=5)

    def close(self) -> None:
        """Stop the worker (the window closes); a job waiting on it ends with ``WorkerFailed``
        and no job starts any more."""
        self._closed.set()
        with self._lock:  # a caller still waiting notices the close within ``POLL`` seconds
            process, conn = self._process, self._conn
            if conn is not None and process is not None and process.is_alive():
                try:
                    conn.send(None)  # ask it to leave
                    process.join(timeout=1)
                except OSError:
                    pass
            self._stop()
