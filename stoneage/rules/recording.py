"""How the engine records a step's events (``stoneage.rules.events``), run only while
``GameState.apply_with_events`` asks: the action's own event, read off the action and the state
before it (``action_event``), and the events the handlers build where something happens that
the action alone does not tell (a space used, a gathering, a purchase, a die for items taken,
the end of the game). Apart from the event types so that those stay plain data, importing
nothing of the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from .events import (
    NO_RESOURCES,
    NOTHING,
    BuildingTurnedUp,
    CardTaken,
    CardTurnedUp,
    Declined,
    DiceRolled,
    Event,
    ExtraCardDrawn,
    FedWithResources,
    FiguresPlaced,
    FiguresTakenBack,
    Gains,
    GameEnded,
    Gathered,
    ItemDiceRolled,
    ItemTaken,
    Resources,
    SpaceUsed,
    ToolChange,
    ToolsAdded,
    TwoResourcesTaken,
    WentHungry,
)
from .nodes import (
    ExtraStep,
    ItemsRollStep,
    PayBuildingStep,
    PayCardStep,
    RevealCardStep,
    RevealTileStep,
    RollStep,
    ToolsStep,
)
from .scoring import CATEGORIES, final_scoring, winners

if TYPE_CHECKING:
    from .core import StateCore
    from .player import Player


# --- the action's own event -----------------------------------------------------------------------
def action_event(state: StateCore, action: Action) -> Event | None:
    """The event of ``action`` itself, read off the action and ``state`` (the state it is
    applied to; legal there); None where the handler records what happens (a space used, a
    payment, a die for items chosen)."""
    pending = state.pending
    seat = state.current_player()
    if isinstance(action, Place):
        card, tile = thing_on(state, action.space)
        return FiguresPlaced(seat, action.space, action.count, card, tile)
    if isinstance(action, Roll) and isinstance(pending, RollStep):
        return DiceRolled(state.turn, pending.space, pending.dice, action.total, pending.by_card)
    if isinstance(action, UseTools) and isinstance(pending, ToolsStep):
        return ToolsAdded(seat, pending.total, action.tiles, action.cards)
    if isinstance(action, Decline) and pending is not None:
        if isinstance(pending, PayCardStep):
            space = data.CARD_SPACES[pending.slot]
        elif isinstance(pending, PayBuildingStep):
            space = data.BUILDING_SPACES[pending.stack]
        else:
            return None
        card, tile = thing_on(state, space)
        return Declined(seat, space, card, tile)
    if isinstance(action, RollItems) and isinstance(pending, ItemsRollStep):
        return ItemDiceRolled(pending.buyer, action.faces)
    if isinstance(action, TakeTwo):
        return TwoResourcesTaken(seat, action.first, action.second)
    if isinstance(action, Feed):
        return FedWithResources(seat, action.resources)
    if isinstance(action, Starve):
        return WentHungry(seat, True)
    if isinstance(action, DrawExtra) and isinstance(pending, ExtraStep):
        return ExtraCardDrawn(pending.owner, action.card)
    if isinstance(action, RevealCard) and isinstance(pending, RevealCardStep):
        return CardTurnedUp(pending.slot, action.card)
    if isinstance(action, RevealTile) and isinstance(pending, RevealTileStep):
        return BuildingTurnedUp(pending.stack, action.tile)
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
    if space in data.GATHER_SPACES or (isinstance(pending, (PayCardStep, PayBuildingStep))):
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
