"""Hard as it played at commit 0bad382, frozen as ``hard1`` (do not change: see ``bench.frozen``).

The Hard bot: Normal's judgement to pick candidates, sampled futures to choose among them.

Thinking time is spent where it matters. A forced move or a step whose heuristic answer is far
ahead of the rest is answered at once; tool choices, dice picks and feeding get a sliver of the
budget, the order of resolution and payments a part, placements the full amount. Under a time
budget the bot also paces itself over the game, so a whole 4-player game stays within
``game_seconds`` of thinking.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from stoneage.ai.bots import Bot
from stoneage.rules import Action, GameState

from .outlook import rounds_left
from .policy import Style, score_actions, step_kind
from .search import Candidate, Limits, search

# Share of the per-decision budget by the kind of step (placement = 1).
STEP_SHARE = {
    None: 1.0,
    "resolve": 0.35,
    "pay_card": 0.35,
    "pay_building": 0.35,
    "tools": 0.12,
    "items_pick": 0.1,
    "feed": 0.1,
}
OBVIOUS_GAP = {
    None: 40.0,
    "resolve": 1e9,
    "pay_card": 12.0,
    "pay_building": 12.0,
    "tools": 4.0,
    "items_pick": 4.0,
    "feed": 6.0,
}
CANDIDATES = 6  # placements studied from the start; the next ones wait in reserve
RESERVE = 4
MIN_ROLLOUTS = 12  # with a rollout budget, the fewest rollouts a searched step gets
NORMAL_STYLE = Style(block=0.35, timing=0.5, foresight=True)  # Normal's judgement, as at 0bad382
DECISIONS_PER_ROUND = 7.0  # placements-equivalent decisions of one seat in a round (pacing)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long Hard thinks: ``iterations`` rollouts per decision (deterministic) or
    ``seconds`` per decision (machine-dependent), both scaled by the kind of step."""

    seconds: float | None = 0.45
    iterations: int | None = None
    game_seconds: float = 25.0  # with ``seconds``: the most to think over one game

    @staticmethod
    def rollouts(iterations: int) -> Budget:
        """A reproducible budget: a fixed number of rollouts per placement."""
        return Budget(seconds=None, iterations=iterations)


class HardBot(Bot):
    """Monte Carlo search over the rest of the round (see ``search``)."""

    level = "hard1"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget = Budget(),
        style: Style = NORMAL_STYLE,
    ) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)  # its own, whatever the live base class does
        self.budget, self.style = budget, style
        self.spent = 0.0  # seconds thought in the current game
        self._last_round = 0

    def choose(self, view: GameState) -> Action:
        """The candidate whose sampled futures end best for this seat."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.analyse(view)[0][0]

    def analyse(self, view: GameState) -> list[tuple[Action, float | None]]:
        """Every legal action, best first, with its estimated value: the mean over sampled
        futures of (own estimated final score - best rival's) at the end of the round. Actions
        the search did not study follow, in heuristic order, with value ``None``; where no
        search was needed (a forced or obvious step) the values are the heuristic's scores."""
        started = time.perf_counter()
        self._new_game_check(view)
        ranked = self._think(view, started)
        self.spent += time.perf_counter() - started
        return ranked

    def _new_game_check(self, view: GameState) -> None:
        if view.round < self._last_round:
            self.spent = 0.0
        self._last_round = view.round

    def _think(self, view: GameState, started: float) -> list[tuple[Action, float | None]]:
        scored = sorted(score_actions(view, view.current_player(), self.style), key=lambda x: -x[1])
        step = step_kind(view)
        if len(scored) == 1 or scored[0][1] - scored[1][1] >= OBVIOUS_GAP[step]:
            return [(a, s) for a, s in scored]
        limits = self._limits(view, step, started)
        width = CANDIDATES if step is None else 4
        pool = [Candidate(a, s) for a, s in scored[: width + RESERVE]]
        studied = search(view, pool[:width], self.rng, limits, reserve=pool[width:])
        seen = {c.action for c in studied if c.results}
        rest = [(a, s) for a, s in scored if a not in seen]
        return [(c.action, c.mean) for c in studied if c.results] + [(a, None) for a, _ in rest]

    def _limits(self, view: GameState, step: str | None, started: float) -> Limits:
        share = STEP_SHARE.get(step, 0.3)
        if self.budget.iterations is not None:
            return Limits(iterations=max(MIN_ROLLOUTS, int(self.budget.iterations * share)))
        seconds = (self.budget.seconds or 0.0) * share
        seconds = min(seconds, self._pace(view) * share)
        return Limits(deadline=started + max(seconds, 0.01))

    def _pace(self, view: GameState) -> float:
        """Seconds per placement left to stay within the game's thinking budget."""
        left_rounds = rounds_left(view) + 1.0
        remaining = max(0.5, self.budget.game_seconds - self.spent)
        return remaining / (left_rounds * DECISIONS_PER_ROUND)
