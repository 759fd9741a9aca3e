"""Writes that fail are never silent: which kinds of file cannot be written now, and what the
player has yet to be told.

The autosave, the settings, the history and the achievements each write through a
``WriteHealth`` (``write``), which notes how every write went. The window asks it for
``notices()`` after every action: the start of each failure episode once (the reason and the
folder), and its end once; ``failing()`` keeps a lasting "Not saved" mark up meanwhile. The one
``WriteHealth`` of a program belongs to its ``Records``; nothing here is shared between two.
"""

from __future__ import annotations

import errno
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stoneage.i18n import N_, _
from stoneage.records.files import atomic_write

log = logging.getLogger(__name__)

WRITE_KINDS = ("save", "history", "achievements", "settings")

# What the player is told when a kind of file cannot be written, and when it can be again.
WRITE_FAILED = {
    "save": N_(
        "The game cannot be saved: {reason}. Folder: {folder}. "
        "It is tried again after every move; save it elsewhere from the pause menu."
    ),
    "history": N_(
        "Your game history cannot be written: {reason}. Folder: {folder}. It is tried again later."
    ),
    "achievements": N_(
        "Your achievements cannot be written: {reason}. Folder: {folder}. It is tried again later."
    ),
    "settings": N_(
        "Your settings cannot be written: {reason}. Folder: {folder}. They apply until you quit."
    ),
}
WRITE_WORKS_AGAIN = {
    "save": N_("The game is being saved again."),
    "history": N_("Your game history is being written again."),
    "achievements": N_("Your achievements are being written again."),
    "settings": N_("Your settings are being written again."),
}
REASON_FULL = N_("the disk is full")
REASON_READ_ONLY = N_("the disk is read-only")
REASON_DENIED = N_("the game may not write there")
REASON_MISSING = N_("the folder is missing or is not a folder")
REASON_OTHER = N_("the system reported: {error}")

_REASONS = {
    errno.ENOSPC: REASON_FULL,
    errno.EDQUOT: REASON_FULL,
    errno.EROFS: REASON_READ_ONLY,
    errno.EACCES: REASON_DENIED,
    errno.EPERM: REASON_DENIED,
    errno.ENOENT: REASON_MISSING,
    errno.ENOTDIR: REASON_MISSING,
    errno.EEXIST: REASON_MISSING,  # mkdir on a path that is a file
}


@dataclass(frozen=True)
class WriteProblem:
    """A kind of file that cannot be written now: why (the system's error) and where."""

    kind: str
    errno: int | None
    error: str
    folder: Path

    def reason(self) -> str:
        """Why, in the player's language (a short phrase)."""
        template = _REASONS.get(self.errno) if self.errno is not None else None
        if template is None:
            return _(REASON_OTHER).format(error=self.error)
        return _(template)


@dataclass(frozen=True)
class WriteNotice:
    """One thing to tell the player about writing: a failure that began, or writing that works
    again (``recovered``)."""

    problem: WriteProblem
    recovered: bool = False

    @property
    def kind(self) -> str:
        """Which kind of file: one of ``WRITE_KINDS``."""
        return self.problem.kind

    def message(self) -> str:
        """The sentence to show, in the player's language, translated now."""
        if self.recovered:
            return _(WRITE_WORKS_AGAIN[self.kind])
        return _(WRITE_FAILED[self.kind]).format(
            reason=self.problem.reason(), folder=str(self.problem.folder)
        )


class WriteHealth:
    """Which kinds of file cannot be written now, and what the player has yet to be told.

    Writers call ``failed`` or ``succeeded`` after every attempt (the autosave does so from its
    own thread, hence the lock). A failure episode starts with the first failure of a kind and
    ends with its next success; the UI asks ``notices`` (after every action, say) and gets the
    start of each episode once and its end once, never the same failure again and again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: dict[str, WriteProblem] = {}
        self._pending: list[WriteNotice] = []

    def failed(self, kind: str, error: OSError, folder: Path) -> None:
        """A write of ``kind`` into ``folder`` failed with ``error``."""
        problem = WriteProblem(kind, error.errno, error.strerror or str(error), folder)
        with self._lock:
            if kind not in self._failing:
                self._pending = [n for n in self._pending if n.kind != kind]
                self._pending.append(WriteNotice(problem))
            self._failing[kind] = problem
        log.warning("could not write the %s in %s: %s", kind, folder, error)

    def succeeded(self, kind: str) -> None:
        """A write of ``kind`` worked: a failure episode of that kind, if any, is over."""
        with self._lock:
            problem = self._failing.pop(kind, None)
            if problem is None:
                return
            shown = not any(n.kind == kind and not n.recovered for n in self._pending)
            self._pending = [n for n in self._pending if n.kind != kind]
            if shown:  # a failure the player never saw needs no "works again"
                self._pending.append(WriteNotice(problem, recovered=True))
        log.info("the %s can be written again", kind)

    def failing(self) -> list[WriteProblem]:
        """Every kind that cannot be written now (for a lasting mark on the screen)."""
        with self._lock:
            return list(self._failing.values())

    def is_failing(self, kind: str) -> bool:
        """True while writes of ``kind`` fail."""
        with self._lock:
            return kind in self._failing

    def notices(self) -> list[WriteNotice]:
        """What to tell the player now (each notice is handed out once)."""
        with self._lock:
            out, self._pending = self._pending, []
        return out

    def write(self, kind: str, path: Path, content: str, **options: Any) -> None:
        """``atomic_write`` that notes how it went (``kind`` from ``WRITE_KINDS``). Raises the
        ``OSError`` like ``atomic_write``."""
        try:
            atomic_write(path, content, **options)
        except OSError as error:
            self.failed(kind, error, path.parent)
            raise
        self.succeeded(kind)
