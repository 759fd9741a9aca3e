"""The guided first game as the table asks it: the lesson's side of the seam
(``stoneage.play.seam.TableMatch``).

``LessonMatch`` is made of the lesson (``Tutorial``: the script's step and its planned moves) and
the one match they are played on, seen as a local game (``LocalMatch``). While the lessons run
nothing moves by itself: the script's moves come one at a time, as the next automatic action
(the opponent's, the dice, and the player's own when Next or the click on the dice made it);
the player's choice is taken only when it is the one the step waits for, and anything else is
answered with a friendly word for the bubble (``friendly``), quietly. A follow-up holds the
next decision until Next (its dialog would cover what the bubble talks about). After the last
step (or Skip) it is a local game against an Easy bot: the match's own bots and rules answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.play.match import Match, Step
from stoneage.play.seam import Answer, LocalMatch, OnThisComputer
from stoneage.play.seats import Seat
from stoneage.play.story import Story
from stoneage.rules import Action, ActionError, GameState, parse_action
from stoneage.tutorial.session import Tutorial


class LessonMatch(OnThisComputer):
    """The lesson's game, as the table asks it (see the module's docstring)."""

    def __init__(self, tutorial: Tutorial, match: Match | None = None) -> None:
        """The lesson ``tutorial``, played on ``match`` when one is given (the table's: its
        bots think off the window's thread), else on the tutorial's own."""
        if match is not None:
            tutorial.drive(match)
        self.tutorial = tutorial
        self.local = LocalMatch(tutorial.match)
        self.seed = tutorial.seed
        self.friendly = ""  # the word for the last move refused, shown in the lesson's bubble

    @property
    def state(self) -> GameState:
        """The game now."""
        return self.local.state

    @property
    def steps(self) -> Sequence[Step]:
        """Every step played so far (the setup, the script, free play)."""
        return self.local.steps

    # --- who acts -------------------------------------------------------------------------------
    def actor(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.local.actor()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.local.is_over()

    def replaying(self) -> bool:
        """Never: the lesson is played."""
        return False

    def replay_finished(self) -> bool:
        """Never (no replay)."""
        return False

    def human_to_act(self) -> int | None:
        """The player, when the game waits for them: not while the lesson's moves are still
        to be played, nor while a follow-up holds the next decision until Next."""
        tutorial = self.tutorial
        if tutorial.planned or (self.guided() and tutorial.answered):
            return None
        return self.local.human_to_act()

    def thinking(self) -> bool:
        """True while the Easy bot works on its decision (after the lessons)."""
        return self.local.thinking()

    def humans(self) -> list[int]:
        """The player's seat."""
        return self.local.humans()

    def guided(self) -> bool:
        """True while the lessons run (until the last step or Skip)."""
        return not self.tutorial.finished

    # --- the steps ---------------------------------------------------------------------------------
    def automatic_action(self) -> Action | None:
        """The lesson's next move; none while the lessons wait for the player or for Next;
        after the lessons, the match's chance and Easy bot."""
        planned = self.tutorial.next_move()
        if planned is not None or self.guided():
            return planned
        return self.local.automatic_action()

    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Apply ``action`` on the match (a planned move is then taken off the plan)."""
        planned = self.tutorial.next_move()
        step = self.local.apply(action, seat)
        if planned is not None and step.action == planned:
            self.tutorial.played()
        return step

    def mine(self, step: Step) -> bool:
        """Never: the player's own choices are shown when taken (``choose``)."""
        return False

    def story_of(self, step: Step) -> Story | None:
        """None: the table tells the lesson's steps itself."""
        return None

    def recent_stories(self, count: int) -> list[Story]:
        """The stories of the last ``count`` steps."""
        return self.local.recent_stories(count)

    def log_lines(self, seats: Sequence[Seat]) -> list[tuple[str, bool]]:
        """The log told from every step."""
        return self.local.log_lines(seats)

    def keeps_history(self) -> bool:
        """True: every step is here."""
        return True

    # --- the player's choice --------------------------------------------------------------------------
    def choose(self, action: Action, seat: int) -> Answer:
        """During the lessons only the expected move is taken (played at once as the player's,
        the script's answer planned after it); anything else leaves the game as it was, with a
        friendly word for the bubble. After the lessons the rules decide, as in any game."""
        tutorial = self.tutorial
        if not self.guided():
            return self.local.choose(action, seat)
        verdict = tutorial.act(action)
        if not verdict.ok:
            self.friendly = verdict.text()
            return Answer(False, quiet=True)
        self.friendly = ""
        own = tutorial.next_move()  # the player's own move, planned first
        assert own is not None
        return Answer(True, self.apply(own, seat), quiet=True)

    def suggestion(self, state: GameState) -> Action | None:
        """The action the lesson waits for, read in ``state`` (None: none, or it does not
        fit): a payment dialog starts at the payment the lesson asks for."""
        expected = self.tutorial.expected() if self.guided() else None
        if expected is None:
            return None
        try:
            return parse_action(state, expected)
        except ActionError:
            return None

    def undoable(self) -> tuple[int, Step] | None:
        """The player's last decision, when it may be taken back (the table offers Undo only
        after the lessons)."""
        return self.local.undoable()

    def undo(self) -> Step | None:
        """Take back the player's last decision and the bot's moves after it."""
        return self.local.undo()

    # --- elsewhere: nothing (OnThisComputer); Back and the steps are the lesson's own part's -------
    def close(self) -> None:
        """Stop the bot's thread."""
        self.local.close()
