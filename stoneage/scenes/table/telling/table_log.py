"""The table's short log: the last lines of what happened, told in the language of the moment.

A step gives one line, or a few when the rules did things by themselves after it (figures used
without a choice, the feeding, the end of the game): the lines of ``Story.paragraphs``, as the
log scene (L) shows them. Each line is kept with its step's story and its place in it, so a
language switch tells them again in the new language.

The box under the player boards holds only the newest few lines (four at 1024x640), so a bot's
whole turn ran out of it before it was read: the wheel scrolls the box back through the kept
lines (``scroll``), and while it is scrolled back, new lines wait below (``newer`` counts them)
instead of moving what the player reads.
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
        self.newer = 0  # the newest lines below the box while it is scrolled back

    def add(self, story: Story, seats: Sequence[Seat]) -> None:
        """Show the lines of ``story`` (a story with nothing to say adds none); while the box
        is scrolled back they wait below it, and what the player reads stays put."""
        for index, line in enumerate(story.paragraphs([seat.name for seat in seats])):
            self.lines.append(line)
            self._stories.append((story, index))
            if self.newer:
                self.newer = min(self.newer + 1, len(self.lines) - 1)

    def scroll(self, lines: int) -> bool:
        """Scroll the box back (``lines`` > 0, the wheel turned up) or on towards the newest
        line; True when what it shows changed."""
        newer = max(0, min(self.newer + lines, len(self.lines) - 1))
        changed, self.newer = newer != self.newer, newer
        return changed

    def window(self) -> tuple[str, ...]:
        """The lines the box may show: every kept line up to where it is scrolled."""
        return tuple(self.lines)[: len(self.lines) - self.newer]

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
        self.newer = 0
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
