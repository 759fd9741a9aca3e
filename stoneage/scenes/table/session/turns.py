"""Who is at the screen: whose face-down cards the table may show, and at a hotseat table (more
than one human seat) the announcement that calls the next human to the screen before their
turn is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from stoneage.play.match import Step
from stoneage.rules import GameState

VIEWS_KEPT = 64  # states whose view is remembered (the animations ask for the same few)


class SeatedGame(Protocol):
    """What the turns read of the game: who plays at this screen, who decides, what was done."""

    @property
    def steps(self) -> Sequence[Step]:
        """The steps so far, oldest first."""

    def humans(self) -> list[int]:
        """The seats played at this screen."""

    def human_to_act(self) -> int | None:
        """The human seat that decides now, if any."""


class Turns:
    """The viewer and the hotseat announcement."""

    def __init__(self, match: SeatedGame, people_play: bool) -> None:
        humans = match.humans() if people_play else []
        self.match = match
        self.people_play = people_play
        self.hotseat = len(humans) > 1
        # One human: their view; several: whoever decides now (see ``viewer``); nobody plays
        # (a replay, bots alone): everything is shown.
        self.single: int | None = humans[0] if len(humans) == 1 else (-1 if humans else None)
        self.announced: int | None = None  # hotseat: the human last shown the table
        self.announcing: int | None = None  # hotseat: the human whose turn is being announced
        self._views: dict[tuple[int, int], tuple[GameState, GameState]] = {}

    def viewer(self) -> int | None:
        """The seat whose hidden cards the table shows now (None: everything; -1: nobody's,
        while a hotseat table waits for the next human)."""
        if not self.hotseat:
            return self.single
        seat = self.match.human_to_act()
        if seat is not None and seat == self.announced and self.announcing is None:
            return seat
        return -1

    def display(self, state: GameState) -> GameState:
        """``state`` as the people at this screen may see it (others' extra cards hidden; at a
        hotseat table, a human sees the own extra cards only during the own turn)."""
        viewer = self.viewer()
        if viewer is None:
            return state
        key = (id(state), viewer)
        cached = self._views.get(key)
        if cached is None or cached[0] is not state:
            if len(self._views) > VIEWS_KEPT:
                self._views.clear()
            cached = self._views[key] = (state, state.view(viewer))
        return cached[1]

    def listeners(self) -> list[int]:
        """The seats played at this screen, for whom "your turn" and "won" or "lost" sound
        (none in a replay or autoplay: a spectator hears every game end as won)."""
        return self.match.humans() if self.people_play else []

    def came_back(self, seat: int) -> bool:
        """True when someone else decided since ``seat`` last did (chance steps, such as the
        roll of the seat's own dice, do not count): the turn has come back to ``seat``."""
        for step in reversed(self.match.steps):
            if step.actor >= 0:
                return step.actor != seat
        return True

    def needs_call(self, seat: int) -> bool:
        """True when ``seat`` must be called to the screen before its controls show."""
        return self.hotseat and seat != self.announced

    def call(self, seat: int) -> bool:
        """Announce ``seat``'s turn; True when the announcement is new."""
        if self.announcing == seat:
            return False
        self.announcing = seat
        return True

    def answer(self) -> int | None:
        """The announced human is at the screen: their turn shows. The seat, or None when no
        announcement was up."""
        if self.announcing is None:
            return None
        self.announced, self.announcing = self.announcing, None
        self._views.clear()
        return self.announced
