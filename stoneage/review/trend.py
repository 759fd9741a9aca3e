"""The reviews across games, for the statistics' *Charts*: for every game of the history that
has a stored review, how each person played by Hard's measure.

Only reviews already made are read (a review is made when the player asks for it); games
without one are left out. Points are oldest first, one per reviewed human seat, named by the
seat's identity in the history (``SeatRecord.name``), so the statistics' filter by person
applies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from stoneage.records.game_record import GameRecord

from .store import load_or_none, replay_of_record


@dataclass(frozen=True)
class TrendPoint:
    """One reviewed seat of one game: how close to Hard it played and what it gave away."""

    game_id: str
    finished_at: str
    seat: int
    name: str  # the seat's identity in the history (``SeatRecord.name``)
    decisions: int
    agreement: float  # share of decisions on Hard's move or within the margin
    loss: float  # points of expected lead given away over the game
    loss_by_category: dict[str, float]

    @property
    def loss_per_decision(self) -> float:
        """Points given away a decision (games of different lengths compared)."""
        return self.loss / self.decisions if self.decisions else 0.0


def review_trend(records: Iterable[GameRecord], name: str | None = None) -> list[TrendPoint]:
    """A point for each reviewed human seat of ``records`` (of the person ``name`` only, when
    given), the oldest game first. Never raises for a missing or damaged review: that game is
    left out."""
    points: list[TrendPoint] = []
    for record in records:
        replay = replay_of_record(record)
        review = load_or_none(replay) if replay is not None else None
        if review is None or len(review.players) != len(record.seats):
            continue
        for seat in review.seats:
            who = record.seats[seat.seat]
            if not who.is_human or (name is not None and who.name != name):
                continue
            points.append(
                TrendPoint(
                    game_id=record.id,
                    finished_at=record.finished_at,
                    seat=seat.seat,
                    name=who.name,
                    decisions=len(seat.decisions),
                    agreement=seat.agreement,
                    loss=round(seat.total_loss, 3),
                    loss_by_category=dict(seat.loss_by_category),
                )
            )
    points.sort(key=lambda p: (p.finished_at, p.game_id, p.seat))
    return points
