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

The worker never imports pygame (it imports only what unpickling the job needs: the rules and
the bots). It is started with the 'spawn' method (a process started with 'fork' from the
window's threads may deadlock, and 'spawn' is what Windows and macOS have); the frozen build's
entry script calls ``multiprocessing.freeze_support`` (``packaging/launcher.py``).

The table never waits forever: a job has a deadline; a worker that dies or overruns it is
killed and started afresh for the next job, and the caller is told (``WorkerFailed``) so that
it decides some other way (``Match.decide`` falls back to the Normal policy in its own thread).
A job that cannot be pickled (a bot holding something that cannot cross) raises
``WorkerUnusable`` before anything is sent: it is then done in the caller's process, as before.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import pickle
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
#: How often a waiting caller looks whether the worker was closed meanwhile.
POLL = 0.25


class WorkerFailed(RuntimeError):
    """The worker died, overran its deadline, failed inside the job, or was closed."""


class WorkerUnusable(RuntimeError):
    """The job cannot be sent to the worker (it cannot be pickled): do it in this process."""


def serve(conn: Connection) -> None:
    """The worker's loop: run each job received and send back ("ok", result) or ("error",
    text); stop on None or when the window's end of the pipe closes."""
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
    """One worker process for the window's searches, started at the first job, restarted after
    it dies or hangs, stopped by ``close``. Jobs run one at a time (callers from several
    threads queue on a lock): one process is the one spare core of a two-core machine."""

    def __init__(self, timeout: float = JOB_TIMEOUT) -> None:
        self.timeout = timeout
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

    def run(self, job: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``job(*args)`` done in the worker; its result. Raises ``WorkerUnusable`` when the
        job cannot be pickled (nothing was sent), ``WorkerFailed`` when the worker died, took
        longer than ``timeout`` seconds (default ``self.timeout``; it is then killed), failed
        inside the job or was closed."""
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
            status, value = self._reply(conn, timeout if timeout is not None else self.timeout)
        if status != "ok":
            raise WorkerFailed(f"the job failed in the worker: {value}")
        return value  # type: ignore[no-any-return]  # what ``job`` returned

    def _reply(self, conn: Connection, timeout: float) -> tuple[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            if self._closed.is_set():
                self._stop()
                raise WorkerFailed("the worker was closed")
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
            target=serve, args=(theirs,), name="stoneage-search", daemon=True
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
