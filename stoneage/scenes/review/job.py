"""The analysis of a game, run off the window's thread: its progress (0 to 1), a Cancel that
stops it, and its result or the reason it failed, read by the screen once a frame.

The analysis itself is the review engine's (``stoneage.review``); it is handed in as a
function taking the progress callback and the cancel event, so the screen's tests can give a
slow one of their own and the screen never waits on it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The analysis: told where to report its progress (a share, 0 to 1) and the event that asks
#: it to stop; returns its result, or raises (its own cancellation exception when stopped).
Work = Callable[[Callable[[float], None], threading.Event], T]


class Job(Generic[T]):
    """One piece of work on a thread of its own (see the module's docstring)."""

    def __init__(self, work: Work[T], notify: Callable[[], None] | None = None) -> None:
        """``notify`` (the window's wake-up) is called from the worker when the progress moves
        and when the work ends."""
        self.work = work
        self.notify = notify
        self.cancel_event = threading.Event()
        self.progress = 0.0
        self.started = time.monotonic()
        self.result: T | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="review", daemon=True)

    def start(self) -> None:
        """Begin the work."""
        self.started = time.monotonic()
        self._thread.start()

    def seconds_left(self) -> float | None:
        """The time still to go, guessed from the pace so far (None until there is a pace)."""
        progress = self.progress
        if progress < 0.05 or progress >= 1.0:
            return None
        spent = time.monotonic() - self.started
        return spent * (1.0 - progress) / progress

    def _run(self) -> None:
        try:
            self.result = self.work(self._report, self.cancel_event)
        except BaseException as error:  # every failure is shown; none may end the program
            if not self.cancel_event.is_set():
                log.exception("the review's analysis failed")
            self.error = error
        finally:
            self._done.set()
            self._wake()

    def _report(self, share: float) -> None:
        """The worker's progress (the screen reads it; a share outside 0..1 is kept inside)."""
        self.progress = max(0.0, min(1.0, float(share)))
        self._wake()

    def _wake(self) -> None:
        if self.notify is not None:
            self.notify()

    def cancel(self) -> None:
        """Ask the work to stop (it stops at its next check)."""
        self.cancel_event.set()

    @property
    def cancelled(self) -> bool:
        """True once Cancel was asked for."""
        return self.cancel_event.is_set()

    def done(self) -> bool:
        """True once the work has ended (finished, failed or stopped)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the end (the tests); True when it has ended."""
        return self._done.wait(timeout)
