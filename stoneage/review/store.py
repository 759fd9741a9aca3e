"""Where a review is kept: beside its game's replay, written once, read back checked.

``review_path(replay)`` is ``<replay stem>.review.json`` in the replay's folder (the data
folder's ``replays/`` for a game of the history). ``store`` writes it atomically (the records'
``atomic_write``); ``load_or_none`` reads it back, or None when there is none, it is damaged
(it is then made again) or it belongs to another game or budget. A review stored by an earlier
version is read in the current measure (``analysis.upgraded``).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from stoneage.records.files import MAX_FILE_BYTES, atomic_write, data_dir, read_limited
from stoneage.records.game_record import GameRecord
from stoneage.records.recorder import REPLAY_FOLDER

from .analysis import upgraded
from .model import Review, ReviewFormatError

log = logging.getLogger(__name__)

REVIEW_SUFFIX = ".review.json"


def review_path(replay_path: Path | str) -> Path:
    """The file the review of the replay ``replay_path`` is stored in (beside it)."""
    path = Path(replay_path)
    stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    return path.with_name(stem + REVIEW_SUFFIX)


def replay_of_record(record: GameRecord) -> Path | None:
    """The replay file of a game of the history, if it is still there (a relative path is
    read from the data folder's replays folder)."""
    if not record.replay:
        return None
    path = Path(record.replay)
    if not path.is_absolute():
        path = data_dir() / REPLAY_FOLDER / path
    return path if path.is_file() else None


def load_or_none(
    replay_path: Path | str, replay_id: str | None = None, budget: int | None = None
) -> Review | None:
    """The review stored beside ``replay_path`` (in the current measure), or None: none yet,
    unreadable, damaged, or (when given) of another game than ``replay_id`` or another
    ``budget``. Never raises."""
    path = review_path(replay_path)
    try:
        raw = json.loads(read_limited(path, MAX_FILE_BYTES).decode("utf-8"))
        review = upgraded(Review.from_dict(raw))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError, ReviewFormatError) as error:
        log.warning("ignoring the stored review %s: %s", path, error)
        return None
    if replay_id is not None and review.replay_id != replay_id:
        return None
    if budget is not None and review.budget != budget:
        return None
    return review


def store(replay_path: Path | str, review: Review) -> Path:
    """Write ``review`` beside its replay, atomically; its path. Raises ``OSError`` when it
    cannot be written (the review is then kept in memory only)."""
    path = review_path(replay_path)
    text = json.dumps(review.to_dict(), ensure_ascii=False, separators=(",", ":"))
    atomic_write(path, text, keep_previous=False)
    return path
