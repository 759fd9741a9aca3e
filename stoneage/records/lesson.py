"""The guided first game's progress on disk: ``tutorial.json`` in the data folder, written
atomically after every move and on leaving, so "Learn to play" resumes at the same step."""

from __future__ import annotations

import logging
from pathlib import Path

from stoneage.records.files import atomic_write, data_dir, read_limited

log = logging.getLogger(__name__)

LESSON_FILE = "tutorial.json"
MAX_LESSON_BYTES = 2_000_000


def lesson_path() -> Path:
    """Where the lesson in progress is kept (the data folder, beside the autosave)."""
    return data_dir() / LESSON_FILE


def read_lesson() -> str | None:
    """The stored progress as text, or None when there is none or it cannot be read."""
    try:
        return read_limited(lesson_path(), MAX_LESSON_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_lesson(text: str) -> None:
    """Store the progress atomically (a kill at any instant leaves a complete file)."""
    try:
        atomic_write(lesson_path(), text, keep_previous=False)
    except OSError as error:
        log.warning("could not store the lesson's progress: %s", error)


def delete_lesson() -> None:
    """Forget the lesson in progress (the lessons are over)."""
    try:
        lesson_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not remove the lesson's progress: %s", error)
