"""What a placement is worth: the expected gain of the figures put on a space, in points.

Gathering is valued by its expected yield (dice average 3.5 a die, the seat's tools, the loss
to rounding); the village by what a person, a food-track step or a tool will produce in the
rounds left; a card or a building by its worth minus the worth of the resources it will cost,
and only when the seat can pay (counting what its other figures should gather this round).
Every figure spent costs ``FIGURE_COST``, what it would have earned elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from stoneage.rules import GameState, Player, data
from stoneage.rules.data import (
    BUILDING_SPACES,
    CARD_SPACES,
    FIELD,
    FOREST,
    GATHER_SPACES,
    HUNT,
    HUT,
    MAX_PEOPLE,
    RESOURCE_SPACES,
    TOOL_MAKER,
    gather_divisor,
)

from .outlook import FOOD_NEEDED, FOOD_SHORT, Outlook, food_worth, make_outlook
from .payments import building_gain, card_cost
from .values import card_value, own_figures

FIGURE_COST = 2.0  # points a figure would earn on an ordinary gathering space
UNPAYABLE = -60.0  # a card or building the seat cannot pay: the figure would come back empty
ROUNDING_LOSS = 0.4  # units lost on average to rounding the dice total down
CERTAINTY = 0.8  # share of this round's expected gathering counted on to pay for things


@dataclass(slots=True)
class SeatPlan:
    """One seat's position at a placement: prices, holdings and what is already under way."""

    seat: int
    p: Player
    out: Outlook
    figures: dict[str, int]
    incoming: tuple[float, float, float, float]  # resources expected from figures placed
    incoming_food: float
    tool_pips: float  # tool pips likely to go to the next gathering space
    holdings: tuple[int, int, int, int]  # resources now plus the gathering counted on


def plan_for(state: GameState, seat: int, out: Outlook | None = None) -> SeatPlan:
    """The ``SeatPlan`` of ``seat`` in ``state``."""
    p = state.players[seat]
    out = out or make_outlook(state, seat)
    row = state.placed[seat]
    incoming = [0.0, 0.0, 0.0, 0.0]
    food = 0.0
    gathering = False
    for space in GATHER_SPACES:
        if row[space]:
            gathering = True
            units = gather_units(row[space], gather_divisor(space), 0.0)
            if space == HUNT:
                food += units
            else:
                incoming[space - FOREST] += units
    pips = sum(p.tools_free) * (0.4 if gathering else 0.9) + sum(p.one_use) * 0.3
    holdings = tuple(h + int(CERTAINTY * e) for h, e in zip(p.res, incoming))
    return SeatPlan(seat, p, out, own_figures(p), tuple(incoming), food, pips, holdings)  # type: ignore[arg-type]


def gather_units(count: int, divisor: int, tool_pips: float) -> float:
    """Expected units from ``count`` dice with about ``tool_pips`` of tools added."""
    return max(0.0, (3.5 * count + tool_pips) / divisor - ROUNDING_LOSS)


def space_gain(state: GameState, plan: SeatPlan, space: int, count: int) -> float:
    """Expected points from ``count`` figures of the planning seat on ``space`` (before the
    figures' own cost)."""
    if space == HUNT:
        return hunt_gain(plan, count)
    if space in RESOURCE_SPACES:
        return resource_gain(plan, space, count)
    if space == TOOL_MAKER:
        return plan.out.tool + plan.figures["tool_maker"] if plan.p.tool_value < 12 else 0.0
    if space == FIELD:
        return plan.out.track + plan.figures["farmer"] if plan.p.track < 10 else 0.0
    if space == HUT:
        return hut_gain(plan)
    if space in CARD_SPACES:
        return card_gain(state, plan, space - CARD_SPACES[0])
    return building_space_gain(state, plan, space - BUILDING_SPACES[0])


def hunt_gain(plan: SeatPlan, count: int) -> float:
    """Food from the hunt, priced by how badly the coming feedings need it."""
    held = plan.p.food + plan.incoming_food
    units = gather_units(count, 2, plan.tool_pips)
    return food_worth(plan.out, int(held + units)) - food_worth(plan.out, int(held))


def resource_gain(plan: SeatPlan, space: int, count: int) -> float:
    """Resources from a gathering space; a big pile of one kind is worth a little less each."""
    index = space - FOREST
    units = gather_units(count, gather_divisor(space), plan.tool_pips)
    held = plan.p.res[index] + plan.incoming[index] + units / 2
    pile_discount = max(0.6, 1.0 - 0.05 * max(0.0, held - 4))
    return units * plan.out.res_value[index] * pile_discount


def hut_gain(plan: SeatPlan) -> float:
    """A person: later production, shamans, minus the food to feed it this round."""
    if plan.p.people >= MAX_PEOPLE:
        return 0.0
    p = plan.p
    short = p.food + plan.incoming_food + p.track < p.people + 1
    mouth = FOOD_SHORT if short else FOOD_NEEDED  # the newcomer eats at this round's feeding
    return plan.out.person + plan.figures["shaman"] - mouth


def card_gain(state: GameState, plan: SeatPlan, slot: int) -> float:
    """A display card's worth minus the cheapest resources that pay for it."""
    card_id = state.display[slot]
    if card_id is None:
        return UNPAYABLE
    holdings = plan.holdings
    if plan.p.two_res:
        holdings = (holdings[0], holdings[1], holdings[2], holdings[3] + 2)
    cost = card_cost(holdings, slot + 1, plan.out.res_value)
    if cost is None:
        return UNPAYABLE
    return card_value(card_id, plan.p, plan.out, state.n) - cost


def building_space_gain(state: GameState, plan: SeatPlan, stack: int) -> float:
    """A building's points (and hut builders) minus the worth of what pays for it."""
    tile_id = state.tops[stack]
    if tile_id is None:
        return UNPAYABLE
    found = building_gain(data.buildings()[tile_id], plan.holdings, plan.out.res_value)
    if found is None:
        return UNPAYABLE
    return found[0] + plan.figures["hut_builder"]
