"""The post-game review, without pygame: each human decision of a recorded game judged against
Hard's, the key moments worded for a player, and the summary the statistics keep.

The data (``model``) holds no words; ``words`` words it in the language of the moment.
``analyse_replay`` makes a review, ``load_replay`` reads a replay (a ``ReviewError`` with a
message for the player when it cannot), ``review_path`` / ``load_or_none`` / ``store`` keep a
review beside its replay (computed once).
"""

from .analysis import AGREE_MARGIN, DEFAULT_BUDGET, analyse_replay
from .model import (
    CATEGORIES,
    Judged,
    Review,
    ReviewCancelled,
    ReviewError,
    ReviewFormatError,
    ReviewPlayer,
    SeatReview,
)
from .replay import NotAReplay, Replay, ReplayError, load_replay, parse_replay
from .store import load_or_none, replay_of_record, review_path, store
from .trend import TrendPoint, review_trend

__all__ = [
    "AGREE_MARGIN",
    "CATEGORIES",
    "DEFAULT_BUDGET",
    "Judged",
    "NotAReplay",
    "Replay",
    "ReplayError",
    "Review",
    "ReviewCancelled",
    "ReviewError",
    "ReviewFormatError",
    "ReviewPlayer",
    "SeatReview",
    "TrendPoint",
    "analyse_replay",
    "load_or_none",
    "load_replay",
    "parse_replay",
    "replay_of_record",
    "review_path",
    "review_trend",
    "store",
]
