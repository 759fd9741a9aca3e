"""What is being decided now, in a typed public form: ``GameState.decision()``.

Inside the engine the sub-step of a turn is a plain tuple told apart by its first item (see
``nodes``): it is built on most actions and a tuple is the cheapest thing to build. Everything
outside the rules reads it through the frozen dataclasses here instead, one per kind of decision,
each naming its fields, so no caller depends on a tuple's positions.

A decision is made by a seat (``seat``: 0 to n-1) or by chance (the dice, a card or tile turned
up: the seat the chance step belongs to is given where there is one)::

    >>> from stoneage.rules import new_game, TurnUpCard
    >>> new_game(2, seed=1).decision()
    TurnUpCard(slot=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


# --- a seat decides ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaceFigures:
    """The placement phase: ``seat`` puts figures on a space (``Place``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseSpace:
    """The resolution phase: ``seat`` chooses which of its spaces to use next (``Resolve``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseTools:
    """After a roll on a gathering ``space`` that came to ``total`` pips: which unused tools
    ``seat`` adds (``UseTools``); ``by_card`` when the roll was the two dice of a card just
    bought (``space`` is then that resource's space), not figures on the space."""

    seat: int
    space: int
    total: int
    by_card: bool = False


@dataclass(frozen=True, slots=True)
class PayForCard:
    """``seat`` pays for the card in display ``slot`` (0 costs 1 resource ... 3 costs 4) or
    declines (``Pay``, ``Decline``)."""

    seat: int
    slot: int

    @property
    def cost(self) -> int:
        """How many resources the card costs."""
        return self.slot + 1


@dataclass(frozen=True, slots=True)
class PayForBuilding:
    """``seat`` pays for the top tile of building ``stack`` or declines (``Pay``,
    ``Decline``)."""

    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class PickItemDie:
    """The dice-for-items card: ``seat`` takes one of the dice still lying (``faces``,
    ascending) for itself (``PickItem``); ``buyer`` bought the card and picked first."""

    seat: int
    faces: tuple[int, ...]
    buyer: int


@dataclass(frozen=True, slots=True)
class FeedPeople:
    """``seat`` is ``missing`` food short at feeding: it pays that many resources or goes
    hungry for 10 points (``Feed``, ``Starve``)."""

    seat: int
    missing: int


# --- chance decides ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RollDice:
    """Chance: the ``dice`` rolled for ``seat``'s figures on the gathering ``space``, or the two
    dice of a card ``seat`` bought that yields a resource (``space`` is then that resource's
    space, and ``by_card`` is True)."""

    seat: int
    space: int
    dice: int
    by_card: bool = False


@dataclass(frozen=True, slots=True)
class RollItemDice:
    """Chance: the dice-for-items card ``buyer`` bought rolls one die per seat."""

    buyer: int


@dataclass(frozen=True, slots=True)
class TurnUpCard:
    """Chance: a card from the deck is turned up into display ``slot``."""

    slot: int


@dataclass(frozen=True, slots=True)
class TurnUpBuilding:
    """Chance: a building tile is turned up on top of ``stack``."""

    stack: int


@dataclass(frozen=True, slots=True)
class DrawFaceDown:
    """Chance: ``owner`` draws a card face down (the extra-card effect); only ``owner`` sees
    it until the game ends."""

    owner: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """Nobody decides any more: the final scoring is in."""


SeatDecision = (
    PlaceFigures
    | ChooseSpace
    | ChooseTools
    | PayForCard
    | PayForBuilding
    | PickItemDie
    | FeedPeople
)
ChanceDecision = RollDice | RollItemDice | TurnUpCard | TurnUpBuilding | DrawFaceDown
Decision = SeatDecision | ChanceDecision | GameOver

GAME_OVER: Final = GameOver()

__all__ = [
    "GAME_OVER",
    "ChanceDecision",
    "ChooseSpace",
    "ChooseTools",
    "Decision",
    "DrawFaceDown",
    "FeedPeople",
    "GameOver",
    "PayForBuilding",
    "PayForCard",
    "PickItemDie",
    "PlaceFigures",
    "RollDice",
    "RollItemDice",
    "SeatDecision",
    "TurnUpBuilding",
    "TurnUpCard",
]
