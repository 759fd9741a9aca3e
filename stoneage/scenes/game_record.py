"""The record of a game of the player's own: how long it has been played, and at its end the
history entry, the replay file and the achievements earned (shown as toasts).

The game scene holds one ``GameRecorder`` for a game the player plays (never for a replay,
a screenshot or bots playing on their own). ``finish`` is called the first time the game is
over and records it once; a game that was already over when the scene opened it (a finished
game loaded from a save) was recorded when it ended and is not recorded again. A game left
before its end is never recorded: quitting is not a loss.

The time played is kept in the save (``played_seconds`` and ``started_at``), so a game
continued from a save knows its whole length; saves from before have neither and start the
clock at zero.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stoneage.rules import GameState
from stoneage.ui import achievements, storage

from . import toasts
from .driver import Seat, Step
from .log_view import export_replay

log = logging.getLogger(__name__)


@dataclass
class PlayClock:
    """When a game began and how long it has been played (this session and those before)."""

    started_at: str = field(default_factory=storage.now_iso)
    played_before: float = 0.0  # seconds played in earlier sessions (from the save)
    since: float = field(default_factory=time.monotonic)

    @classmethod
    def resumed(cls, started_at: str, played: float) -> PlayClock:
        """The clock of a game continued from a save ('' and 0 for an older save)."""
        return cls(started_at or storage.now_iso(), max(0.0, played))

    def seconds(self) -> float:
        """Seconds played in all, this session included."""
        return self.played_before + max(0.0, time.monotonic() - self.since)

    def save_fields(self) -> dict[str, Any]:
        """What a save keeps of the clock (read back by ``saves``)."""
        return {"started_at": self.started_at, "played_seconds": round(self.seconds(), 1)}


class GameRecorder:
    """Records one game of the player's at its end (once), and shows what it earned."""

    def __init__(
        self, seats: Sequence[Seat], seed: int, clock: PlayClock, over_at_start: bool = False
    ) -> None:
        self.seats, self.seed, self.clock = list(seats), seed, clock
        self.done = over_at_start  # a game over before this scene began was recorded already
        self.end: achievements.GameEnd | None = None

    def finish(self, state: GameState, steps: Sequence[Step]) -> achievements.GameEnd | None:
        """The game just ended: record it, write its replay, award the achievements and show
        them as toasts. Does nothing for a game not over or already recorded. Never raises: a
        record that cannot be written is kept and retried (the write health tells the player)."""
        if self.done or not state.is_terminal():
            return None
        self.done = True
        seats, seed, taken = list(self.seats), self.seed, list(steps)
        try:
            end = achievements.record_and_award(
                seats,
                seed,
                state,
                self.clock.started_at,
                self.clock.seconds(),
                export_replay=lambda: export_replay(seats, seed, taken, state),
            )
        except Exception:  # the end of a game must never fail for its record
            log.exception("could not record the finished game")
            return None
        self.end = end
        for text in end.toasts():
            toasts.show(text, toasts.ACHIEVEMENT)
        for text in end.notices:
            toasts.show(text, toasts.WARNING)
        return end
