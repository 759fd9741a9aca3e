"""The table's short log: the last lines of what happened, told in the language of the moment.

Each line is kept with its step's story, so a language switch tells them again in the new
language; the log scene (L) tells the whole game from the match's steps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from stoneage.play.match import Step
from stoneage.play.seats import Seat
from stoneage.play.story import Story, tell

LOG_LINES = 40  # lines kept in the table's short log


class TableLog:
    """The recent lines of the log (newest last) and the stories they tell."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=LOG_LINES)
        self._stories: deque[Story] = deque(maxlen=LOG_LINES)

    def add(self, story: Story, seats: Sequence[Seat]) -> None:
        """Show the line of ``story`` (a story with nothing to say adds none)."""
        line = story.text([seat.name for seat in seats])
        if line:
            self.lines.append(line)
            self._stories.append(story)

    def retell(self, seats: Sequence[Seat]) -> None:
        """Every line told again (the language changed)."""
        names = [seat.name for seat in seats]
        self.lines = deque((story.text(names) for story in self._stories), maxlen=LOG_LINES)

    def recent(self, steps: Sequence[Step], seats: Sequence[Seat]) -> None:
        """The log told afresh from the last steps (after a continue, undo or jump)."""
        self.lines.clear()
        self._stories.clear()
        for step in steps[-LOG_LINES:]:
            self.add(tell(step), seats)

    @property
    def last(self) -> str:
        """The newest line ('' when there is none)."""
        return self.lines[-1] if self.lines else ""
