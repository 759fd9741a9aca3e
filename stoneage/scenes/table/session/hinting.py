"""The Hint at the table: the Hard bot's best move for the human deciding now, asked for with
the Hint button or H, worked out off the window's thread, shown once ready."""

from __future__ import annotations

from collections.abc import Callable

from stoneage.play.assist import Hint, HintService
from stoneage.play.match import Match


class Hinting:
    """The hint asked at this decision, and the service that works it out."""

    def __init__(self, seed: int, notify: Callable[[], None] | None, threaded: bool) -> None:
        self.service = HintService(seed, notify, threaded)
        self.asked: tuple[int, int] | None = None  # (ply, seat) the human asked a hint for

    def ask(self, match: Match) -> bool:
        """Ask for the best move of the human deciding now; False when nobody decides."""
        seat = match.human_to_act()
        if seat is None:
            return False
        self.asked = (match.state.ply, seat)
        self.service.request(match.state, seat)
        return True

    def current(self, match: Match) -> Hint | None:
        """The hint asked for at this decision, once it is ready."""
        seat = match.human_to_act()
        if seat is None or self.asked != (match.state.ply, seat):
            return None
        return self.service.hint_for(match.state, seat)

    def thinking(self, match: Match) -> bool:
        """True while the hint asked for at this decision is being worked out."""
        return self.asked is not None and self.service.thinking(match.state)

    def close(self) -> None:
        """Stop the hint's worker thread."""
        self.service.close()
