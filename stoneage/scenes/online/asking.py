"""Asking a server, never on the frame loop: a blocking call of the client library
(``read_lobby``, ``read_leaders``, ``create_table``: each waits for the server's answer, up to
its timeout) runs on a thread of its own, and the screen reads, once a frame, whether it is
still asking, its answer, or what went wrong in words.

A screen left while a call is under way simply stops reading it: the call ends by itself (its
timeout bounds it) and its answer is dropped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from stoneage.i18n import _
from stoneage.net.protocol import ProtocolError

log = logging.getLogger(__name__)

T = TypeVar("T")


def failure_words(error: BaseException) -> str:
    """What went wrong with a call to a server, in the player's words."""
    if isinstance(error, ProtocolError):
        words = error.params.get("words")
        return str(words) if words else _("The server refused: {code}").format(code=error.code)
    if isinstance(error, TimeoutError):
        return _("The server did not answer in time. Try again in a moment.")
    if isinstance(error, (InvalidHandshake, InvalidURI, WebSocketException)):
        return _("Something answered at this address, but not a Stone Age server.")
    if isinstance(error, OSError):
        return _(
            "Nothing answered at this address. Check it (and the port), and that the server runs."
        )
    return _("Something went wrong: {error}").format(error=type(error).__name__)


class Errand(Generic[T]):
    """One blocking call on a thread of its own (see the module's docstring)."""

    def __init__(self, work: Callable[[], T], wake: Callable[[], None] | None = None) -> None:
        """Start ``work`` at once; ``wake`` (the window's) is called from the thread when it
        ends, so the screen shows the answer without waiting for an idle frame."""
        self.result: T | None = None
        self.error = ""  # what went wrong, in words ("" while asking, or when it went well)
        self._wake = wake
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except Exception as error:  # every failure is told in words; none ends the program
            if not isinstance(error, (ProtocolError, OSError, WebSocketException)):
                log.exception("a call to the server failed")
            self.error = failure_words(error) or str(error)
        finally:
            self._done.set()
            if self._wake is not None:
                self._wake()

    @property
    def done(self) -> bool:
        """True once the call has answered or failed."""
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        """Wait for the answer (scripts and tests; never the frame loop); True when done."""
        return self._done.wait(timeout)
