"""The reviewed games in the statistics: each game's stored review read from beside its replay
(``stoneage.review``), and the share of a person's decisions that were Hard's move (or within
the margin) in each reviewed game, oldest first, for the Charts tab's trend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stoneage.records.game_record import GameRecord
from stoneage.records.stats import Entry
from stoneage.review import Review, load_or_none, replay_of_record


def stored_reviews(records: Sequence[GameRecord]) -> dict[str, Review]:
    """Record id -> the review stored beside that game's replay, for the games reviewed."""
    found: dict[str, Review] = {}
    for record in records:
        path = replay_of_record(record)
        review = load_or_none(path) if path is not None else None
        if review is not None:
            found[record.id] = review
    return found


def agreement_trend(entries: Sequence[Entry], reviews: Mapping[str, Review]) -> list[float]:
    """The person's agreement with Hard in each reviewed game of ``entries`` (oldest first)."""
    shares = []
    for entry in entries:
        review = reviews.get(entry.record.id)
        seat = review.seat_review(entry.seat) if review is not None else None
        if seat is not None and seat.decisions:
            shares.append(seat.agreement)
    return shares
