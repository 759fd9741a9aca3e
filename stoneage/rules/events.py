"""What applying an action caused, as typed public data: ``GameState.apply_with_events``.

``apply`` returns the next state and nothing more: the bots' rollouts and searches apply
millions of actions and ask for no account of them. ``apply_with_events`` also returns the
events of the step, in the order they happened: the action's own (figures placed, dice rolled,
a card paid for) and those of the forced steps the rules took inside it (the hut and the
field used at once, a seat's only space left, the feeding, the end of the round and of the
game). Each event is a frozen dataclass naming its seat and what changed on that seat's
board, so that a log, the sounds or a network client can tell the step without running a rule
again (``tests/play/test_log_coverage.py`` checks that the events of whole games account for
every change of every board).

The engine records them through one slot of the state (``StateCore._events``), None but while
``apply_with_events`` runs; the handlers check it at the few places where something happens
that the action alone does not tell (a space used, a gathering, a purchase, a die for items
taken, the feeding, the end of a round) and build the event there or with the functions of
``recording``, which also reads the action's own event off the action and the state before it
(``action_event``). Neither costs ``apply`` anything but a test of the slot. This module is
the events' types alone: it imports nothing of the state.

Hidden information: ``ExtraCardDrawn`` names the card drawn face down; ``hidden_from`` gives
the events as a seat (or a spectator) may know them, another seat's card as ``"?"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, TypeAlias, get_args

from .data import SCORING_CATEGORIES as CATEGORIES

Resources = tuple[int, int, int, int]
NO_RESOURCES: Final[Resources] = (0, 0, 0, 0)
#: The card of another seat's face-down draw, as that seat's view and the hidden events show it.
HIDDEN: Final = "?"


# --- what a seat gained at once ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ToolChange:
    """A tool gained: ``old`` is 0 for a new tile (``new`` is then 1), else the value of the
    tile upgraded to ``new``; ``new == old`` when every tile was at 4 already (nothing
    changed)."""

    old: int
    new: int

    @property
    def changed(self) -> bool:
        """True unless every tile was at 4 already."""
        return self.new != self.old


@dataclass(frozen=True, slots=True)
class Gains:
    """What an effect gave a seat at once (a village space, a card, a die for items).

    ``people`` and ``track`` are None where the effect is not about them, 1 for one gained and
    0 where there was no room (10 people, the food track at 10); ``tool`` is None where the
    effect gives no tool; ``one_use`` is the value of a one-use tool card gained (0: none)."""

    food: int = 0
    resources: Resources = NO_RESOURCES
    people: int | None = None
    track: int | None = None
    tool: ToolChange | None = None
    one_use: int = 0
    two_resources: int = 0
    points: int = 0


NOTHING: Final = Gains()


# --- figures --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FiguresPlaced:
    """``seat`` put ``count`` figures on ``space``, where ``card`` (a card slot) or ``tile`` (a
    building stack) lay."""

    seat: int
    space: int
    count: int
    card: str | None = None
    tile: str | None = None


@dataclass(frozen=True, slots=True)
class SpaceUsed:
    """``seat`` took its ``figures`` back from ``space`` to use it, by its choice (``chosen``)
    or without one (the hut and the field at once, an only space left). ``gains`` is what a
    village space gave; on a gathering space the roll follows (``DiceRolled``), on a card or
    a building (``card``, ``tile``) the payment."""

    seat: int
    space: int
    figures: int
    chosen: bool
    gains: Gains = NOTHING
    card: str | None = None
    tile: str | None = None


@dataclass(frozen=True, slots=True)
class FiguresTakenBack:
    """``seat`` could not pay for the card or building on ``space`` and took its figure back."""

    seat: int
    space: int
    figures: int
    chosen: bool
    card: str | None = None
    tile: str | None = None


# --- gathering ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DiceRolled:
    """The ``dice`` of ``seat`` on the gathering ``space`` came to ``total``; ``by_card`` when
    they are the two dice of a card just bought, not figures."""

    seat: int
    space: int
    dice: int
    total: int
    by_card: bool = False


@dataclass(frozen=True, slots=True)
class ToolsAdded:
    """After its roll of ``total``, ``seat`` added these tool tiles and one-use tool cards
    (values; none at all is a choice too)."""

    seat: int
    total: int
    tiles: tuple[int, ...]
    cards: tuple[int, ...]

    @property
    def value(self) -> int:
        """The pips the tools added."""
        return sum(self.tiles) + sum(self.cards)


@dataclass(frozen=True, slots=True)
class Gathered:
    """``pips`` (the dice and any tools) on the gathering ``space`` gave ``seat`` this food and
    these resources."""

    seat: int
    space: int
    pips: int
    food: int
    resources: Resources


# --- buying ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardTaken:
    """``seat`` paid ``cost`` for ``card`` from display ``slot``; ``gains``: what the card gave
    at once (an extra card, dice for a resource or dice for items come as the next step)."""

    seat: int
    slot: int
    card: str
    cost: Resources
    gains: Gains = NOTHING


@dataclass(frozen=True, slots=True)
class BuildingTaken:
    """``seat`` paid ``cost`` for the building ``tile`` of ``stack``, worth ``points``."""

    seat: int
    stack: int
    tile: str
    cost: Resources
    points: int


@dataclass(frozen=True, slots=True)
class Declined:
    """``seat`` did not buy the card or building (``card``, ``tile``) on ``space``."""

    seat: int
    space: int
    card: str | None = None
    tile: str | None = None


@dataclass(frozen=True, slots=True)
class ItemDiceRolled:
    """The dice-for-items card ``buyer`` bought rolled these ``faces`` (ascending)."""

    buyer: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ItemTaken:
    """``seat`` took the die showing ``face``, by its choice (``chose``) or because every die
    left showed it; ``gains``: the item."""

    seat: int
    face: int
    chose: bool
    gains: Gains


@dataclass(frozen=True, slots=True)
class TwoResourcesTaken:
    """``seat`` used its two-resources card for ``first`` and ``second`` (resource indices)."""

    seat: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class ExtraCardDrawn:
    """``seat`` drew ``card`` face down (``HIDDEN`` where the listener may not know it)."""

    seat: int
    card: str

    @property
    def hidden(self) -> bool:
        """True where the card is masked (another seat's draw)."""
        return self.card == HIDDEN


# --- feeding --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ate:
    """The ``people`` of ``seat`` ate: ``track`` food from the food track, the rest from its
    food (what the track gives beyond them is kept as food)."""

    seat: int
    people: int
    track: int


@dataclass(frozen=True, slots=True)
class FoodShort:
    """``seat`` had only its ``food`` and ``track`` for ``people``: it gave all of it and is
    ``short`` food short (resources pay the rest, or it goes hungry)."""

    seat: int
    people: int
    track: int
    food: int
    short: int


@dataclass(frozen=True, slots=True)
class FedWithResources:
    """``seat`` paid these resources for its missing food."""

    seat: int
    resources: Resources


@dataclass(frozen=True, slots=True)
class WentHungry:
    """``seat`` took the 10-point penalty: by its choice (``chose``), or with nothing to pay."""

    seat: int
    chose: bool


# --- the table ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CardTurnedUp:
    """``card`` was turned up into display ``slot``."""

    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class BuildingTurnedUp:
    """``tile`` was turned up on building ``stack``."""

    stack: int
    tile: str


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """Round ``round`` ended; ``scores`` per seat on the scoring track."""

    round: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NewRound:
    """Round ``round`` begins, ``start`` its start player."""

    round: int
    start: int


@dataclass(frozen=True, slots=True)
class TwoResourcesCashed:
    """The game ended with ``seat``'s ``cards`` two-resources cards unused: ``gold`` taken."""

    seat: int
    cards: int
    gold: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: per seat its final scoring (the points of each of
    ``SCORING_CATEGORIES``, in that order, the extra cards turned up), and the ``winners``
    after the tie-break."""

    scoring: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]

    def final_scoring(self) -> list[dict[str, int]]:
        """Per seat, as ``GameState.final_scoring`` gives it: every category and the total."""
        return [dict(zip(CATEGORIES, row)) for row in self.scoring]


Event: TypeAlias = (
    FiguresPlaced
    | SpaceUsed
    | FiguresTakenBack
    | DiceRolled
    | ToolsAdded
    | Gathered
    | CardTaken
    | BuildingTaken
    | Declined
    | ItemDiceRolled
    | ItemTaken
    | TwoResourcesTaken
    | ExtraCardDrawn
    | Ate
    | FoodShort
    | FedWithResources
    | WentHungry
    | CardTurnedUp
    | BuildingTurnedUp
    | RoundEnded
    | NewRound
    | TwoResourcesCashed
    | GameEnded
)
#: Every kind of event, in the order above.
EVENT_TYPES: Final[tuple[type, ...]] = get_args(Event)


def hidden_from(events: Iterable[Event], viewer: int) -> tuple[Event, ...]:
    """The events as ``viewer`` may know them (a seat; any other number, such as the wire's
    ``SPECTATOR``, for somebody watching): the card of another seat's face-down draw is
    ``HIDDEN``."""
    return tuple(
        ExtraCardDrawn(e.seat, HIDDEN) if type(e) is ExtraCardDrawn and e.seat != viewer else e
        for e in events
    )
