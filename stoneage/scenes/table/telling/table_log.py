"""The table's short log: the last lines of what happened, told in the language of the moment.

A step gives one line, or a few when the rules did things by themselves after it (figures used
without a choice, the feeding, the end of the game): the lines of ``Story.paragraphs``, as the
log scene (L) shows them. Each line is kept with its step's story and its place in it, so a
language switch tells them again in the new language.
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
        self._stories: deque[tuple[Story, int]] = deque(maxlen=LOG_LINES)

    def add(self, story: Story, seats: Sequence[Seat]) -> None:
        """Show the lines of ``story`` (a story with nothing to say adds none)."""
        for index, line in enumerate(story.paragraphs([seat.name for seat in seats])):
            self.lines.append(line)
            self._stories.append((story, index))

    def retell(self, seats: Sequence[Seat]) -> None:
        """Every line told again (the language changed)."""
        names = [seat.name for seat in seats]
        self.lines = deque(
            (story.paragraphs(names)[index] for story, index in self._stories), maxlen=LOG_LINES
        )

    def recent(self, steps: Sequence[Step], seats: Sequence[Seat]) -> None:
        """The log told afresh from the last steps (after a continue, undo or jump)."""
        self.told([tell(step) for step in steps[-LOG_LINES:]], seats)

    def told(self, stories: Sequence[Story], seats: Sequence[Seat]) -> None:
        """The log told afresh from the last of ``stories`` (a network table's past, as its
        host told it on arrival)."""
        self.lines.clear()
        self._stories.clear()
        for story in stories[-LOG_LINES:]:
            self.add(story, seats)

    @property
    def last(self) -> str:
        """The newest move's own line, for the status bar ('' when there is none): the first
        paragraph of the newest story, not what the rules did after it (a round's feeding
        runs to 130 characters at four players and is read in the recent moves' box)."""
        for line, (_story, index) in zip(reversed(self.lines), reversed(self._stories)):
            if index == 0:
                return line
        return self.lines[-1] if self.lines else ""
