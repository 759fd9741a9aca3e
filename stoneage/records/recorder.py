"""The record of a game of the player's own: how long it has been played, and at its end the
history entry, the replay file and the achievements earned.

The table holds one ``GameRecorder`` for a game the player plays (never for a replay, a
screenshot or bots playing on their own). ``finish`` is called the first time the game is over
and records it once; a game that was already over when the table opened it (a finished game
loaded from a save) was recorded when it ended and is not recorded again. A game left before
its end is never recorded: quitting is not a loss. ``finish`` returns what the end produced
(``GameEnd``: the achievements earned and notices to show); the window shows them.

The time played is kept in the save (``played_seconds`` and ``started_at``), so a game
continued from a save knows its whole length; saves from before have neither and start the
clock at zero.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stoneage.play.practice import Practice
from stoneage.play.savefile import now_iso, replay_document
from stoneage.play.seats import Seat
from stoneage.records.achievements import Achievements, GameEnd
from stoneage.records.files import atomic_write, data_dir
from stoneage.rules import GameState

if TYPE_CHECKING:  # for annotations: the play clock on the title screen needs no match driver
    from stoneage.play.match import Step

log = logging.getLogger(__name__)

REPLAY_FOLDER = "replays"


def export_replay(
    seats: Sequence[Seat],
    seed: int,
    steps: Sequence[Step],
    final: GameState,
    practice: Practice | None = None,
) -> Path:
    """Write the replay file (a practice game's with its mark) into the data folder's replays
    folder; its path."""
    folder = data_dir() / REPLAY_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kind = "stoneage-practice" if practice is not None else "stoneage"
    path = folder / f"{kind}-{seed}-{stamp}.json"
    document = replay_document(seats, seed, steps, final, practice)
    text = json.dumps(document, ensure_ascii=False, indent=1)
    atomic_write(path, text, keep_previous=False)
    return path


@dataclass
class PlayClock:
    """When a game began and how long it has been played (this session and those before)."""

    started_at: str = field(default_factory=now_iso)
    played_before: float = 0.0  # seconds played in earlier sessions (from the save)
    since: float = field(default_factory=time.monotonic)

    @classmethod
    def resumed(cls, started_at: str, played: float) -> PlayClock:
        """The clock of a game continued from a save ('' and 0 for an older save)."""
        return cls(started_at or now_iso(), max(0.0, played))

    def seconds(self) -> float:
        """Seconds played in all, this session included."""
        return self.played_before + max(0.0, time.monotonic() - self.since)

    def save_fields(self) -> dict[str, Any]:
        """What a save keeps of the clock (read back by ``stoneage.play.savefile``)."""
        return {"started_at": self.started_at, "played_seconds": round(self.seconds(), 1)}


class GameRecorder:
    """Records one game of the player's at its end (once)."""

    def __init__(
        self,
        achievements: Achievements,
        seats: Sequence[Seat],
        seed: int,
        clock: PlayClock,
        over_at_start: bool = False,
        practice: Practice | None = None,
    ) -> None:
        """``practice``: a practice game (recorded with its mark; it earns no achievement)."""
        self.achievements = achievements
        self.seats, self.seed, self.clock = list(seats), seed, clock
        self.practice = practice
        self.done = over_at_start  # a game over before this table began was recorded already
        self.end: GameEnd | None = None

    def finish(self, state: GameState, steps: Sequence[Step]) -> GameEnd | None:
        """The game just ended: record it, write its replay and award the achievements; what
        that produced (the window shows its toasts and notices). Does nothing for a game not
        over or already recorded. Never raises: a record that cannot be written is kept and
        retried (the write health tells the player)."""
        if self.done or not state.is_terminal():
            return None
        self.done = True
        seats, seed, taken, practice = list(self.seats), self.seed, list(steps), self.practice
        try:
            end = self.achievements.record_and_award(
                seats,
                seed,
                state,
                self.clock.started_at,
                self.clock.seconds(),
                export_replay=lambda: export_replay(seats, seed, taken, state, practice),
                practice=practice,
            )
        except Exception:  # the end of a game must never fail for its record
            log.exception("could not record the finished game")
            return None
        self.end = end
        return end
