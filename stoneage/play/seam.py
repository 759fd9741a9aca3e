"""Who decides: the one seam between the table on screen and whoever plays the game.

The table (``stoneage.scenes.table``) shows one game and asks it the same questions whatever
kind of game it is: the state and its steps, who acts, the next step nobody at this screen
decides, what becomes of a human's choice, undo. ``TableMatch`` is that list of questions; three
compositions answer it, none a subclass of another:

- ``LocalMatch`` (here): a game on this computer (a game of the player's own, hotseat, a replay,
  bots alone). The match driver (``Match``) draws chance and asks the bots; a human's choice
  goes to the rules at once.
- ``LessonMatch`` (``stoneage.tutorial.lesson_match``): the guided first game. The lesson's
  script plays the opponent and the dice on the same kind of match and takes only the move it
  waits for; after the lessons, a local game against an Easy bot.
- ``RemoteMatch`` (``stoneage.net.remote``): a seat at a table over the network. The host
  decides everything and sends this seat's view step by step; a choice is checked on the view
  and sent.

Nothing here knows pygame: the headless runner, a server or a worker process could drive the
same seam.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from stoneage.play.match import Match, Step
from stoneage.play.names import engine_reason
from stoneage.play.seats import Seat
from stoneage.play.story import Story, log_lines, tell
from stoneage.rules import Action, ActionError, GameState

#: The host's final scoring of every seat, once the game is over (``TableMatch.final_scoring``).
FinalScores = tuple[dict[str, int], ...]


@dataclass(frozen=True)
class Answer:
    """What became of a human's choice (``TableMatch.choose``)."""

    taken: bool
    step: Step | None = (
        None  # applied here: the table shows it now (None: shown when it comes back)
    )
    reason: str = ""  # why it was not taken, for the status line ('' when taken, or told elsewhere)
    quiet: bool = False  # no sound goes with it (the lesson answers in its bubble)


@dataclass(frozen=True)
class News:
    """What a game heard from elsewhere since the last frame (a remote seat from its host)."""

    jumped: bool = False  # the game went to a new position at once: shown afresh, no animation
    refused: tuple[Action, str] | None = None  # a choice sent earlier and refused, and why
    changed: bool = False  # the words over the table changed (a whole new frame)


QUIET = News()


class TableMatch(Protocol):
    """The game a table shows, as the table asks it (see the module's docstring)."""

    seed: int  # the game's seed (0 where this screen does not know it: a remote seat)

    @property
    def state(self) -> GameState:
        """The current state (a seat's view at a remote seat)."""

    @property
    def steps(self) -> Sequence[Step]:
        """The steps applied (shown) so far, oldest first."""

    # --- who acts -----------------------------------------------------------------------------------
    def actor(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""

    def is_over(self) -> bool:
        """True once the game has ended (and every step is shown)."""

    def replaying(self) -> bool:
        """True when a replay file is played back (nobody decides)."""

    def replay_finished(self) -> bool:
        """True when a replay has shown every action it holds."""

    def human_to_act(self) -> int | None:
        """The human seat at this screen that decides now, if any."""

    def thinking(self) -> bool:
        """True while somebody not at this screen works on a decision."""

    def humans(self) -> list[int]:
        """The seats played by people at this screen."""

    def guided(self) -> bool:
        """True while someone else leads every move (the lessons run): no Undo, Hint or tips."""

    # --- the steps --------------------------------------------------------------------------------
    def automatic_action(self) -> Action | None:
        """The next action nobody at this screen decides (chance, a bot, the script, the host),
        or None (a human decides, a bot still thinks, nothing came, the game is over)."""

    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Apply ``action`` (the one ``automatic_action`` named, or a human's for ``seat``)."""

    def mine(self, step: Step) -> bool:
        """True for an automatic step that a human at this screen chose (a remote seat's own
        move, back from the host): it is shown as the human's."""

    def story_of(self, step: Step) -> Story | None:
        """What someone who knows more than this screen told of ``step`` (the host), or None."""

    def recent_stories(self, count: int) -> list[Story]:
        """The stories of the last ``count`` things that happened, oldest first (a log told
        afresh after a jump)."""

    def log_lines(self, seats: Sequence[Seat]) -> list[tuple[str, bool]]:
        """The whole log as (line, is_heading), a heading at each new round."""

    def keeps_history(self) -> bool:
        """True when this screen holds every action of the game (a replay file can be made)."""

    # --- the human's choice ------------------------------------------------------------------------
    def choose(self, action: Action, seat: int) -> Answer:
        """A human at ``seat`` chose ``action``: applied, sent, or refused with a reason."""

    def suggestion(self, state: GameState) -> Action | None:
        """While guided: the choice a dialog starts at in ``state`` (None: none)."""

    def undoable(self) -> tuple[int, Step] | None:
        """The step an undo would take back and its index in ``steps``, or None."""

    def undo(self) -> Step | None:
        """Take back the step ``undoable`` names (and everything after it)."""

    # --- elsewhere ----------------------------------------------------------------------------------
    def hear(self, now: float) -> News:
        """Take in what came from elsewhere since the last frame (``now``: the monotonic
        clock)."""

    def menu_options(self) -> Mapping[str, bool]:
        """The pause menu's options over this game (a network seat's: leaving, hosting)."""

    def ended(self) -> None:
        """The game's end is on screen: what ends it elsewhere (a remote seat is forgotten)."""

    def final_scoring(self) -> FinalScores | None:
        """Every seat's final scoring as the host counted it (None: count from the state)."""

    def close(self) -> None:
        """The table closes: stop the bots' thread, leave a network table."""


class OnThisComputer:
    """What a game played wholly on this computer answers of elsewhere: nothing is heard, the
    pause menu is this computer's, nobody is told of the end, the state counts the scores.
    The local match and the lesson share it."""

    def hear(self, now: float) -> News:
        """Nothing comes from elsewhere."""
        return QUIET

    def menu_options(self) -> Mapping[str, bool]:
        """None: the pause menu of a game on this computer."""
        return {}

    def ended(self) -> None:
        """Nothing to do elsewhere."""

    def final_scoring(self) -> FinalScores | None:
        """None: the scoring screen counts from the state."""
        return None


class LocalMatch(OnThisComputer):
    """A game on this computer: the match driver decides chance and the bots, and a human's
    choice goes to the rules at once (their reason when they refuse it)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seed = match.seed

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.match.state

    @property
    def steps(self) -> Sequence[Step]:
        """Every step applied so far."""
        return self.match.steps

    def actor(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
        return self.match.actor()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.match.is_over()

    def replaying(self) -> bool:
        """True when a replay file is played back."""
        return self.match.replaying()

    def replay_finished(self) -> bool:
        """True when a replay has shown every action it holds."""
        return self.match.replay_finished()

    def human_to_act(self) -> int | None:
        """The human seat that decides now, if any."""
        return self.match.human_to_act()

    def thinking(self) -> bool:
        """True while a bot works on its decision."""
        return self.match.thinking()

    def humans(self) -> list[int]:
        """The seats played by people."""
        return self.match.humans()

    def guided(self) -> bool:
        """Never: the players decide for themselves."""
        return False

    def automatic_action(self) -> Action | None:
        """The next chance outcome or bot decision (or the replay's next action)."""
        return self.match.automatic_action()

    def apply(self, action: Action | str, seat: int | None = None) -> Step:
        """Apply ``action`` through the rules (``ActionError`` when they refuse it)."""
        return self.match.apply(action, seat=seat)

    def mine(self, step: Step) -> bool:
        """Never: a human's own steps are shown when chosen (``choose``)."""
        return False

    def story_of(self, step: Step) -> Story | None:
        """None: the table tells a local step itself."""
        return None

    def recent_stories(self, count: int) -> list[Story]:
        """The stories of the last ``count`` steps."""
        return [tell(step) for step in self.match.steps[-count:]]

    def log_lines(self, seats: Sequence[Seat]) -> list[tuple[str, bool]]:
        """The log told from every step."""
        return log_lines(self.match.steps, seats)

    def keeps_history(self) -> bool:
        """True: every step is here."""
        return True

    def choose(self, action: Action, seat: int) -> Answer:
        """Apply the human's choice, or the rules' reason for refusing it."""
        try:
            step = self.match.apply(action, seat=seat)
        except ActionError as error:
            return Answer(False, reason=engine_reason(error))
        return Answer(True, step)

    def suggestion(self, state: GameState) -> Action | None:
        """None: nobody guides a local game (the table asks its own bot)."""
        return None

    def undoable(self) -> tuple[int, Step] | None:
        """The human's last decision, when it may be taken back (see ``Match.undoable``)."""
        return self.match.undoable()

    def undo(self) -> Step | None:
        """Take back the human's last decision and the bots' moves after it."""
        return self.match.undo()

    def close(self) -> None:
        """Stop the bots' thread."""
        self.match.close()
