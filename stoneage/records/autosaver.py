"""Writing the autosave off the window's thread.

A game is saved after every action. One save (the engine's JSON, a temporary file, a flush and
an fsync, the previous copy kept) takes about 10 ms on an ordinary disk, most of it waiting for
the disk; done on the window's thread it would cost a frame at every bot move. The writer thread
takes the newest game handed to it and writes it; a game handed over while a write is under way
replaces any older one still waiting (only the newest position matters). ``flush`` waits until
everything handed over is on disk: the game scene flushes when it is left, and tests flush
before they look at the file.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], object]  # what it returns is ignored


class Autosaver:
    """One background thread that runs the newest save job handed to it."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._waiting: Job | None = None
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> None:
        """Run ``job`` soon on the writer thread (an older job still waiting is dropped)."""
        with self._lock:
            if self._closed:
                return
            self._waiting = job
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job handed over has run; False if that took longer than ``timeout``."""
        with self._lock:
            return self._lock.wait_for(lambda: self._waiting is None and not self._busy, timeout)

    def close(self) -> None:
        """Run what is waiting, then stop the thread."""
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=10.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._waiting is not None or self._closed)
                if self._waiting is None:
                    return  # closed with nothing left to write
                job, self._waiting, self._busy = self._waiting, None, True
            try:
                job()
            except Exception:  # a save that fails must not stop later saves (nor the game)
                log.exception("autosave failed")
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
