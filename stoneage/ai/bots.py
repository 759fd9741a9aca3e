"""The common bot interface and the two simple kinds: random-legal and heuristic.

A bot is handed the view of its own seat (``state.view(seat)``) and returns one of that view's
legal actions. It owns a ``random.Random(seed)`` and nothing else that changes, so the same
seed and the same views give the same decisions.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from stoneage.rules import Action, GameState

from .opponents import BALANCED
from .policy import Style, score_actions


class Bot(ABC):
    """A player for one seat: ``choose(view)`` returns one of ``view.legal_actions()``."""

    level: str = "bot"
    opponent: str = BALANCED  # who plays (``opponents``): its leanings are in the bot's style

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: GameState) -> Action:
        """One legal action for the seat that decides in ``view``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.opponent}:{self.level} seed={self.seed}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every level must beat."""

    level = "random"

    def choose(self, view: GameState) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(view.legal_actions())


@dataclass(frozen=True, slots=True)
class Temper:
    """How carelessly a heuristic bot follows its own judgement."""

    noise: float = 0.0  # spread (points) of the random error added to each placement's score
    blunder: float = 0.0  # chance, at a placement, to take any of the three best instead


class HeuristicBot(Bot):
    """Takes the action its heuristic scores highest, with the level's noise and blunders."""

    def __init__(
        self,
        seed: int = 0,
        style: Style = Style(),
        temper: Temper = Temper(),
        level: str = "heuristic",
    ) -> None:
        super().__init__(seed)
        self.style, self.temper, self.level = style, temper, level

    def choose(self, view: GameState) -> Action:
        """The best-scored legal action (after this level's noise)."""
        actions = view.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.ranked(view)[0][0]

    def ranked(self, view: GameState) -> list[tuple[Action, float]]:
        """Legal actions with their (noisy) scores, best first."""
        scored = score_actions(view, view.current_player(), self.style)
        placing = view.placing()
        if placing and self.temper.noise:
            scored = [(a, s + self.rng.gauss(0.0, self.temper.noise)) for a, s in scored]
        order = sorted(
            range(len(scored)), key=lambda i: -scored[i][1]
        )  # stable: ties keep legal order
        ranked = [scored[i] for i in order]
        if placing and self.temper.blunder and self.rng.random() < self.temper.blunder:
            pick = self.rng.randrange(min(3, len(ranked)))
            ranked.insert(0, ranked.pop(pick))
        return ranked
