"""What the table announces: one method per event, called at the moment it happens on screen.

Each records the event in ``events`` (newest last; the tests read them) and sounds its cue; the
table's sounds are played from here and nowhere else. A button's click is sounded by the app
for every button of the program; the table only records it. Who listens (the human seats at
this screen) decides between "won" and "lost" and whether "your turn" sounds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from stoneage.play.cues import DROP, LOST, NEW_ROUND, PICK_UP, REFUSED, WON, YOUR_TURN
from stoneage.play.cues import SNAP_BACK as SNAP_BACK_CUE
from stoneage.play.match import Step
from stoneage.play.story import Story
from stoneage.rules import Action
from stoneage.ui.audio import SoundManager

EVENTS_KEPT = 200  # table events remembered
#: Cues a story carries that sound from their own event instead (``new_round``: once, when the
#: round's banner shows).
OWN_CUES = frozenset({NEW_ROUND})
FIGURE_CUES = frozenset({PICK_UP, DROP, SNAP_BACK_CUE})

#: One thing that happened at the table: its kind ("transition", "pick_up", "drop",
#: "snap_back", "click", "refused", "new_round", "your_turn", "game_end") and its detail.
TableEvent = tuple[str, object]


class TableAnnouncer:
    """The table's events and sounds (see the module's docstring)."""

    def __init__(self, sound: SoundManager, listeners: Callable[[], Sequence[int]]) -> None:
        """``listeners`` names the seats played at this screen now (none in a replay or
        autoplay: a spectator hears every game end as won)."""
        self.sound = sound
        self.listeners = listeners
        self.events: deque[TableEvent] = deque(maxlen=EVENTS_KEPT)

    def _note(self, kind: str, detail: object) -> None:
        self.events.append((kind, detail))

    def transition(self, step: Step, story: Story, by_human: bool) -> None:
        """A rules step (a human's, a bot's or chance's) is shown on the table: its result is
        on screen now. Its story's cues sound (dice, gathering, food, tools, cards, buildings,
        births, feeding, hunger); a new round sounds from ``new_round``."""
        self._note("transition", (step.action, by_human))
        self.sound.play_cues(c for c in story.cues if c.name not in OWN_CUES)
        if story.new_round is not None:
            self.new_round(story.new_round)

    def new_round(self, round_number: int) -> None:
        """A new round starts on screen."""
        self._note("new_round", round_number)
        self.sound.play(NEW_ROUND)

    def your_turn(self, seat: int) -> None:
        """A human at this screen must decide, after others did (or is called to the screen)."""
        self._note("your_turn", seat)
        self.sound.play(YOUR_TURN)

    def game_end(self, winners: Sequence[int]) -> None:
        """The game has just ended on screen (the final position, before the scoring screen):
        won when a player at this screen is among the winners (always, for a spectator)."""
        self._note("game_end", list(winners))
        listeners = self.listeners()
        self.sound.play(WON if not listeners or set(winners) & set(listeners) else LOST)

    def figures(self, what: str, count: int) -> None:
        """The human's figures: ``what`` is "pick_up" (a drag starts), "drop" (placed on a
        space) or "snap_back" (a drop refused or off the board, or a drag cancelled)."""
        self._note(what, count)
        if what in FIGURE_CUES:
            self.sound.play(what, count)

    def refused(self, action: Action, reason: str) -> None:
        """The rules refused a human's choice (a drop on a space that does not take it)."""
        self._note("refused", reason)
        self.sound.play(REFUSED)

    def click(self, name: str) -> None:
        """A button on the table was clicked (its sound is the app's, as for every button)."""
        self._note("click", name)
