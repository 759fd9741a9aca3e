"""A practice game: a game started again at one decision of a recorded game, to try another
move there and compare the end with the original's.

The practice game is the original game up to that decision (its seed and its actions: under
the seed policy of ``stoneage.play.match`` the dice, the cards and the bots' decisions to come
are those of the original as long as the same moves are made), then whatever the players do.
``Practice`` is the mark it carries: in its save and replay files (``"practice"``, read back
by ``stoneage.play.savefile``) and in its record in the history, where it is shown as practice
and counted in no win rate, streak or achievement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

PATH_LIMIT: Final = 4096
MAX_SEATS: Final = 4
SCORE_LIMIT: Final = 1_000_000


@dataclass(frozen=True)
class Practice:
    """Where a practice game began: the ``step``-th action of the game in the replay file
    ``source`` (the decision of ``seat`` made there), and that game's final ``scores`` by
    seat (the scores reached, for a replay that ends before the game)."""

    source: str
    step: int
    seat: int
    scores: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 0 <= self.seat < len(self.scores) or self.step < 0:
            raise ValueError("a practice starts at a decision of one of the game's seats")

    @property
    def original(self) -> int:
        """The original game's final score of the seat whose decision it was."""
        return self.scores[self.seat]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (in save and replay files and in the history)."""
        return {
            "source": self.source,
            "step": self.step,
            "seat": self.seat,
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Practice:
        """The mark stored by ``to_dict``; ``ValueError`` for anything else."""
        if not isinstance(raw, dict):
            raise ValueError("practice: not an object")
        source, step, seat, scores = (raw.get(k) for k in ("source", "step", "seat", "scores"))
        if not isinstance(source, str) or len(source) > PATH_LIMIT:
            raise ValueError("practice: source")
        if type(step) is not int or type(seat) is not int or not 0 <= step < 10**6:
            raise ValueError("practice: step or seat")
        if (
            not isinstance(scores, list)
            or not 2 <= len(scores) <= MAX_SEATS
            or any(type(s) is not int or abs(s) > SCORE_LIMIT for s in scores)
        ):
            raise ValueError("practice: scores")
        return cls(source, step, seat, tuple(scores))


def practice_or_none(raw: object) -> Practice | None:
    """The mark in a file's ``practice`` field: None when there is none or it is damaged (a
    damaged mark never stops the game from loading)."""
    if raw is None:
        return None
    try:
        return Practice.from_dict(raw)
    except ValueError:
        return None
