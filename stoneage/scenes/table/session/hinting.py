"""The Hint at the table: the Hard bot's best move for the human deciding now, asked for with
the Hint button or H, worked out off the window's thread, shown once ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from stoneage.play.assist import Hint, HintService
from stoneage.play.worker import DecisionWorker
from stoneage.rules import GameState


class Deciding(Protocol):
    """What the Hint reads of the game: the state and the human deciding in it."""

    @property
    def state(self) -> GameState:
        """The current state."""

    def human_to_act(self) -> int | None:
        """The human seat that decides now, if any."""


class Hinting:
    """The hint asked at this decision, and the service that works it out."""

    def __init__(
        self,
        seed: int,
        notify: Callable[[], None] | None,
        threaded: bool,
        worker: DecisionWorker | None = None,
    ) -> None:
        self.service = HintService(seed, notify, threaded, worker)
        self.asked: tuple[int, int] | None = None  # (ply, seat) the human asked a hint for

    def ask(self, match: Deciding) -> bool:
        """Ask for the best move of the human deciding now; False when nobody decides."""
        seat = match.human_to_act()
        if seat is None:
            return False
        self.asked = (match.state.ply, seat)
        self.service.request(match.state, seat)
        return True

    def current(self, match: Deciding) -> Hint | None:
        """The hint asked for at this decision, once it is ready."""
        seat = match.human_to_act()
        if seat is None or self.asked != (match.state.ply, seat):
            return None
        return self.service.hint_for(match.state, seat)

    def thinking(self, match: Deciding) -> bool:
        """True while the hint asked for at this decision is being worked out."""
        return self.asked is not None and self.service.thinking(match.state)

    def close(self) -> None:
        """Stop the hint's worker thread."""
        self.service.close()
