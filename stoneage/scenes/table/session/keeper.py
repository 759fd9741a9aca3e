"""What the table keeps of a game of the player's own: the autosave after every action (written
off the window's thread), the game's clock, and its record at the end (the history, the replay
and the achievements). A table that keeps nothing (a replay, bots playing alone) has no keeper.

A practice game (``practice``: where it began) is kept apart: it never touches the autosave
(the player's own game in progress stays there for Continue), a named save carries its mark,
and its record is marked as practice and earns no achievement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from stoneage.play.match import Step
from stoneage.play.practice import Practice
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
        self,
        records: Records,
        seats: Sequence[Seat],
        seed: int,
        clock: PlayClock,
        over: bool,
        practice: Practice | None = None,
    ) -> None:
        """``over``: the game was over when the table opened it (it was recorded then);
        ``practice``: a practice game and where it began."""
        self.records = records
        self.practice = practice
        self.saver = Autosaver()
        self.recorder = GameRecorder(records.achievements, seats, seed, clock, over, practice)

    @property
    def clock(self) -> PlayClock:
        """When the game began and how long it has been played."""
        return self.recorder.clock

    def payload(self, seats: Sequence[Seat], match: KeptGame) -> dict[str, Any]:
        """The game as a save file's content (a named save), with its clock and a practice
        game's mark."""
        fields = self.clock.save_fields()
        if self.practice is not None:
            fields["practice"] = self.practice.to_dict()
        return save_payload(seats, match.seed, match.state, **fields)

    def autosave(self, seats: Sequence[Seat], match: KeptGame) -> None:
        """Keep the game in progress for Continue; a game over is forgotten (its record is in
        the history). The writing is handed to the autosave thread. A practice game keeps no
        autosave: the one there is the player's own game."""
        if self.practice is not None:
            return
        autosave = self.records.autosave
        if match.is_over():
            self.saver.submit(autosave.delete)
            return
        # The engine's JSON is made on the writer thread too: only the values are taken now.
        kept, seed, state, played = list(seats), match.seed, match.state, self.clock.save_fields()
        self.saver.submit(lambda: autosave.write(save_payload(kept, seed, state, **played)))

    def may_undo(self, index: int) -> bool:
        """Whether the move ``index`` of the game may be taken back: any of a game of its own;
        in a practice game only those from its start on (the moves before are the original's)."""
        return self.practice is None or index >= self.practice.step

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
