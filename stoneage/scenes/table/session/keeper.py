"""What the table keeps of a game of the player's own: the autosave after every action (written
off the window's thread), the game's clock, and its record at the end (the history, the replay
and the achievements). A table that keeps nothing (a replay, bots playing alone) has no keeper.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from stoneage.play.match import Step
from stoneage.play.savefile import save_payload
from stoneage.play.seats import Seat
from stoneage.records import Records
from stoneage.records.achievements import GameEnd
from stoneage.records.autosaver import Autosaver
from stoneage.records.recorder import GameRecorder, PlayClock
from stoneage.rules import GameState
from stoneage.scenes.kit.toasts import ACHIEVEMENT, WARNING, ToastBoard

Job = Callable[[], object]


class KeptGame(Protocol):
    """What the keeper reads of the game: its seed, its state and the steps that led there."""

    @property
    def seed(self) -> int:
        """The game's seed."""

    @property
    def state(self) -> GameState:
        """The current state."""

    @property
    def steps(self) -> Sequence[Step]:
        """The steps so far, oldest first."""

    def is_over(self) -> bool:
        """True once the game has ended."""


class Keeper:
    """The autosave and the record of one game of the player's own."""

    def __init__(
        self, records: Records, seats: Sequence[Seat], seed: int, clock: PlayClock, over: bool
    ) -> None:
        """``over``: the game was over when the table opened it (it was recorded then)."""
        self.records = records
        self.saver = Autosaver()
        self.recorder = GameRecorder(records.achievements, seats, seed, clock, over)

    @property
    def clock(self) -> PlayClock:
        """When the game began and how long it has been played."""
        return self.recorder.clock

    def payload(self, seats: Sequence[Seat], match: KeptGame) -> dict[str, Any]:
        """The game as a save file's content (the autosave, a named save), with its clock."""
        return save_payload(seats, match.seed, match.state, **self.clock.save_fields())

    def autosave(self, seats: Sequence[Seat], match: KeptGame) -> None:
        """Keep the game in progress for Continue; a game over is forgotten (its record is in
        the history). The writing is handed to the autosave thread."""
        autosave = self.records.autosave
        if match.is_over():
            self.saver.submit(autosave.delete)
            return
        # The engine's JSON is made on the writer thread too: only the values are taken now.
        kept, seed, state, played = list(seats), match.seed, match.state, self.clock.save_fields()
        self.saver.submit(lambda: autosave.write(save_payload(kept, seed, state, **played)))

    def submit(self, job: Job) -> None:
        """Run ``job`` on the autosave thread (the lesson's own file)."""
        self.saver.submit(job)

    def finish(self, match: KeptGame, toasts: ToastBoard) -> GameEnd | None:
        """The game just ended on screen: record it once (None when it was recorded before)
        and show what it earned, and any notice about the files, on ``toasts``."""
        end = self.recorder.finish(match.state, match.steps)
        if end is not None:
            for text in end.toasts():
                toasts.show(text, ACHIEVEMENT)
            for text in end.notices:
                toasts.show(text, WARNING)
        return end

    def replay(self) -> str | None:
        """The replay file the game's record wrote at its end (None before, or when it
        could not be written)."""
        end = self.recorder.end
        return end.record.replay if end is not None and end.record is not None else None

    def flush(self) -> None:
        """Wait until everything handed to the autosave thread is on disk."""
        self.saver.flush()

    def close(self) -> None:
        """Write what waits and stop the autosave thread."""
        self.saver.close()
