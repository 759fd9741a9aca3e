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
taken, the feeding, the end of a round) and build the event with the functions at the end of
this module. The action's own event is read off the action and the state before it
(``action_event``). Neither costs ``apply`` anything but a test of the slot.

Hidden information: ``ExtraCardDrawn`` names the card drawn face down; ``hidden_from`` gives
the events as a seat (or a spectator) may know them, another seat's card as ``"?"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias, get_args

from . import data
from .actions import (
    Action,
    Decline,
    DrawExtra,
    Feed,
    Place,
    RevealCard,
    RevealTile,
    Roll,
    RollItems,
    Starve,
    TakeTwo,
    UseTools,
)
from .nodes import (
    EXTRA,
    ITEMS_ROLL,
    PAY_BUILDING,
    PAY_CARD,
    REVEAL_CARD,
    REVEAL_TILE,
    ROLL,
    TOOLS,
)
from .scoring import CATEGORIES, final_scoring, winners

if TYPE_CHECKING:
    from .core import StateCore
    from .player import Player

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


# --- how the engine records them (run only while ``apply_with_events`` asks) ----------------------
def action_event(state: StateCore, action: Action) -> Event | None:
    """The event of ``action`` itself, read off the action and ``state`` (the state it is
    applied to; legal there); None where the handler records what happens (a space used, a
    payment, a die for items chosen)."""
    pending = state.pending
    seat = state.current_player()
    if isinstance(action, Place):
        card, tile = thing_on(state, action.space)
        return FiguresPlaced(seat, action.space, action.count, card, tile)
    if isinstance(action, Roll) and pending is not None and pending[0] == ROLL:
        return DiceRolled(state.turn, pending[1], pending[2], action.total, pending[3])
    if isinstance(action, UseTools) and pending is not None and pending[0] == TOOLS:
        return ToolsAdded(seat, pending[2], action.tiles, action.cards)
    if isinstance(action, Decline) and pending is not None:
        if pending[0] == PAY_CARD:
            space = data.CARD_SPACES[pending[1]]
        elif pending[0] == PAY_BUILDING:
            space = data.BUILDING_SPACES[pending[1]]
        else:
            return None
        card, tile = thing_on(state, space)
        return Declined(seat, space, card, tile)
    if isinstance(action, RollItems) and pending is not None and pending[0] == ITEMS_ROLL:
        return ItemDiceRolled(pending[1], action.faces)
    if isinstance(action, TakeTwo):
        return TwoResourcesTaken(seat, action.first, action.second)
    if isinstance(action, Feed):
        return FedWithResources(seat, action.resources)
    if isinstance(action, Starve):
        return WentHungry(seat, True)
    if isinstance(action, DrawExtra) and pending is not None and pending[0] == EXTRA:
        return ExtraCardDrawn(pending[1], action.card)
    if isinstance(action, RevealCard) and pending is not None and pending[0] == REVEAL_CARD:
        return CardTurnedUp(pending[1], action.card)
    if isinstance(action, RevealTile) and pending is not None and pending[0] == REVEAL_TILE:
        return BuildingTurnedUp(pending[1], action.tile)
    return None


def thing_on(state: StateCore, space: int) -> tuple[str | None, str | None]:
    """The card and the building tile on ``space`` (None, None on any other space)."""
    if space in data.CARD_SPACES:
        return state.display[space - data.CARD_SPACES[0]], None
    if space in data.BUILDING_SPACES:
        return None, state.tops[space - data.BUILDING_SPACES[0]]
    return None, None


def space_used(
    state: StateCore, seat: int, space: int, figures: int, chosen: bool, was: Player
) -> Event:
    """What using ``space`` did (``was``: the seat's board before): a village space's gain, a
    gathering space's roll or a payment now asked for, or the figure taken back."""
    now = state.players[seat]
    if space == data.TOOL_MAKER:
        return SpaceUsed(seat, space, figures, chosen, Gains(tool=tool_change(was, now)))
    if space == data.HUT:
        return SpaceUsed(seat, space, figures, chosen, Gains(people=now.people - was.people))
    if space == data.FIELD:
        return SpaceUsed(seat, space, figures, chosen, Gains(track=now.track - was.track))
    card, tile = thing_on(state, space)
    pending = state.pending
    if space in data.GATHER_SPACES or (
        pending is not None and pending[0] in (PAY_CARD, PAY_BUILDING)
    ):
        return SpaceUsed(seat, space, figures, chosen, NOTHING, card, tile)
    return FiguresTakenBack(seat, space, figures, chosen, card, tile)


def gathered(seat: int, space: int, pips: int, amount: int) -> Gathered:
    """``amount`` of the food or resource of ``space`` gathered with ``pips``."""
    if space == data.HUNT:
        return Gathered(seat, space, pips, amount, NO_RESOURCES)
    resources = [0, 0, 0, 0]
    resources[space - data.FOREST] = amount
    return Gathered(seat, space, pips, 0, (resources[0], resources[1], resources[2], resources[3]))


def card_taken(
    seat: int, slot: int, card: data.Card, cost: Resources, was: Player, now: Player
) -> CardTaken:
    """``card`` paid for, and what its effect gave at once (``was``: the board before it)."""
    return CardTaken(seat, slot, card.id, cost, gains_between(was, now, card.effect))


def item_taken(seat: int, face: int, chose: bool, was: Player, now: Player) -> ItemTaken:
    """The die showing ``face`` taken (``was``: the board before)."""
    if face == data.ITEM_TOOL_FACE:
        effect = "permanent_tool"
    elif face == data.ITEM_FIELD_FACE:
        effect = "food_production"
    else:
        effect = "resource"
    return ItemTaken(seat, face, chose, gains_between(was, now, effect))


def gains_between(was: Player, now: Player, effect: str) -> Gains:
    """What changed from ``was`` to ``now`` by an effect of a card's kind (``effect``): the
    food track and a tool are named even where they could not change."""
    return Gains(
        food=now.food - was.food,
        resources=_difference(was.res, now.res),
        track=now.track - was.track if effect == "food_production" else None,
        tool=tool_change(was, now) if effect == "permanent_tool" else None,
        one_use=_new_one_use(was.one_use, now.one_use),
        two_resources=now.two_res - was.two_res,
        points=now.card_points - was.card_points,
    )


def tool_change(was: Player, now: Player) -> ToolChange:
    """The tile a tool gained changed: a new one, one upgraded, or none (every tile at 4)."""
    old = sorted(was.tools_free + was.tools_used)
    new = sorted(now.tools_free + now.tools_used)
    if len(new) > len(old):
        return ToolChange(0, 1)
    for value in old:
        if value not in new:
            return ToolChange(value, value + 1)
        new.remove(value)
    return ToolChange(data.MAX_TOOL_VALUE, data.MAX_TOOL_VALUE)


def _difference(was: Resources, now: Resources) -> Resources:
    return (now[0] - was[0], now[1] - was[1], now[2] - was[2], now[3] - was[3])


def _new_one_use(was: tuple[int, ...], now: tuple[int, ...]) -> int:
    """The value of the one-use tool card gained (0: none)."""
    if len(now) <= len(was):
        return 0
    gained = list(now)
    for value in was:
        gained.remove(value)
    return gained[0]


def game_ended(state: StateCore) -> GameEnded:
    """The final scoring and the winners of the game over in ``state``."""
    rows = final_scoring(state)
    return GameEnded(
        tuple(tuple(row[k] for k in CATEGORIES) for row in rows), tuple(winners(state))
    )
