"""How long the game will last, and what that makes each belonging worth to one seat.

Every bot prices things in *points at the end of the game*. A person, a tool or a step on the
food track is worth what it will produce in the rounds that are left; a resource is worth the
building points it will become, and exactly 1 point once the game is over; a multiplier card
is worth its figures times the track it multiplies as that track is expected to stand at the end.
``Outlook`` gathers these prices for one seat at one moment, computed once per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from stoneage.rules import GameState, Player
from stoneage.rules.data import (
    MAX_FOOD_TRACK,
    MAX_PEOPLE,
    NUM_CARD_SLOTS,
    RESOURCE_VALUES,
    TILES_PER_STACK,
)

from .prices import Prices, prices_for

# Prior guesses (per round, whole table) before the game has shown its own pace.
CARDS_PER_ROUND = {2: 2.2, 3: 2.8, 4: 3.2}
BUILDINGS_PER_ROUND = {2: 1.2, 3: 1.7, 4: 2.1}
PRIOR_WEIGHT = 2.0  # rounds' worth of confidence in the priors
TOTAL_CARDS = 36

# The prices themselves (a person's production, food, tools, the tracks' growth ...) are
# fitted per table size: ``stoneage.ai.prices``.


@dataclass(slots=True)
class Outlook:
    """The prices of things for one seat now (see the module docstring)."""

    rounds_left: float  # whole rounds expected after the current one
    last_round: bool  # the current round is certainly the last
    res_value: tuple[float, float, float, float]  # points per wood, brick, stone, gold held
    person: float  # points per person (production in later rounds, net of food)
    track: float  # points per step on the food track
    tool: float  # points per tool value
    final_track: float  # expected food track, people, tool value and buildings at the end
    final_people: float
    final_tools: float
    final_buildings: float
    future_greens: float  # green cards this seat may still take
    food_need_now: int  # food missing for the coming feeding (0 when covered)
    food_need_later: int  # food needed for the feedings after it (within a short horizon)
    prices: Prices  # this table size's prices, the ones this outlook was made with


def pace(state: GameState) -> tuple[float, float]:
    """Cards and buildings taken per round at this table (observed, shrunk toward a prior)."""
    return _pace(state.n, state.round, state.deck_size, state.stack_sizes)


@lru_cache(maxsize=4096)
def _pace(n: int, round_: int, deck_size: int, stack_sizes: tuple[int, ...]) -> tuple[float, float]:
    done = max(0, round_ - 1)
    # Cards gone from deck and display (the display is refilled each round, extras count too).
    cards_taken = max(0, TOTAL_CARDS - deck_size - NUM_CARD_SLOTS)
    buildings_taken = TILES_PER_STACK * n - sum(stack_sizes)
    card_rate = (cards_taken + PRIOR_WEIGHT * CARDS_PER_ROUND[n]) / (done + PRIOR_WEIGHT)
    building_rate = (buildings_taken + PRIOR_WEIGHT * BUILDINGS_PER_ROUND[n]) / (
        done + PRIOR_WEIGHT
    )
    return card_rate, building_rate


def rounds_left(state: GameState) -> float:
    """Expected number of rounds after the current one (0 in the last round)."""
    if state.phase == "over":
        return 0.0
    return _rounds_left(state.n, state.round, state.deck_size, state.stack_sizes)


@lru_cache(maxsize=4096)
def _rounds_left(n: int, round_: int, deck_size: int, stack_sizes: tuple[int, ...]) -> float:
    if 0 in stack_sizes:
        return 0.0
    card_rate, building_rate = _pace(n, round_, deck_size, stack_sizes)
    # The shortest stack runs out first; tiles are spread unevenly, so shave the estimate.
    per_stack = building_rate / n
    by_stacks = min(stack_sizes) / max(per_stack, 0.05) * 0.85
    by_deck = (deck_size + 1) / max(card_rate, 0.3)
    return max(0.0, min(by_stacks, by_deck) - 1.0)


def make_outlook(state: GameState, seat: int) -> Outlook:
    """The prices of things for ``seat`` in ``state``."""
    p = state.players[seat]
    price = prices_for(state.n)
    table = _table_prices(state, price)
    left = table.left
    need_round = max(0, p.people - p.track)
    need_now = max(0, need_round - p.food) if not _fed_this_round(state, seat) else 0
    return Outlook(
        rounds_left=left,
        last_round=table.last,
        res_value=table.res_value,
        person=_person_value(p, left, price),
        track=_track_value(p, left, price),
        tool=table.tool if p.tool_value < 12 else 0.0,
        final_track=min(MAX_FOOD_TRACK, p.track + table.track_growth),
        final_people=min(MAX_PEOPLE, p.people + table.people_growth),
        final_tools=min(12.0, p.tool_value + table.tool_growth),
        final_buildings=len(p.buildings) + table.buildings_to_come,
        future_greens=table.future_greens,
        food_need_now=need_now,
        food_need_later=int(need_round * table.horizon),
        prices=price,
    )


@dataclass(frozen=True, slots=True)
class _TablePrices:
    """The part of an ``Outlook`` that is the same for every seat at one moment of the game."""

    prices: Prices
    left: float
    last: bool
    res_value: tuple[float, float, float, float]
    tool: float
    track_growth: float
    people_growth: float
    tool_growth: float
    buildings_to_come: float
    future_greens: float
    horizon: float


# Outlooks are made for every seat at every decision of every rollout, and a game has few
# distinct (round, deck, stacks) moments: their shared part is made once (keyed with the
# prices' identity, so tuning with other prices never reads a stale entry).
_TABLE_CACHE: dict[tuple[int, int, int, tuple[int, ...], bool, int], _TablePrices] = {}
_TABLE_CACHE_SIZE = 4096


def _table_prices(state: GameState, price: Prices) -> _TablePrices:
    key = (
        state.n,
        state.round,
        state.deck_size,
        state.stack_sizes,
        state.phase == "over",
        id(price),
    )
    found = _TABLE_CACHE.get(key)
    if found is not None and found.prices is price:
        return found
    left = rounds_left(state)
    card_rate, building_rate = pace(state)
    share = 1.0 / state.n
    if len(_TABLE_CACHE) >= _TABLE_CACHE_SIZE:
        _TABLE_CACHE.clear()
    made = _TablePrices(
        prices=price,
        left=left,
        last=0 in state.stack_sizes and state.phase != "over",
        res_value=_resource_values(round(left, 1), price.conversion),
        tool=price.tool_use * left,
        track_growth=price.track_growth * left,
        people_growth=price.people_growth * left,
        tool_growth=price.tool_growth * left,
        buildings_to_come=building_rate * share * left,
        future_greens=card_rate * share * left * price.green_share,
        horizon=min(left, 3.0),
    )
    _TABLE_CACHE[key] = made
    return made


def _fed_this_round(state: GameState, seat: int) -> bool:
    """Whether this seat's feeding of the current round is already behind it."""
    if state.phase != "feed":
        return False
    # Feeding goes seat by seat from the start player; ``turn`` is the seat being fed.
    start = state.start
    return (seat - start) % state.n < (state.turn - start) % state.n


@lru_cache(maxsize=256)
def _resource_values(left: float, conversion: float) -> tuple[float, float, float, float]:
    # Late in the game a resource can still become points this round (1 point left over at worst).
    ramp = min(1.0, (left + 0.6) / 2.0)
    return tuple(1.0 + (v * conversion - 1.0) * ramp for v in RESOURCE_VALUES)  # type: ignore[return-value]


def _person_value(p: Player, left: float, price: Prices) -> float:
    if p.people >= MAX_PEOPLE:
        return 0.0
    return left * (price.figure_round - price.food_needed)


def _track_value(p: Player, left: float, price: Prices) -> float:
    if p.track >= MAX_FOOD_TRACK:
        return 0.0
    per_round = price.food_needed if p.track < p.people else price.food_spare
    return left * per_round


def food_worth(out: Outlook, food: int) -> float:
    """Points that ``food`` units held are worth: the coming feeding first, then later ones."""
    now = min(food, out.food_need_now)
    later = min(food - now, out.food_need_later)
    spare = food - now - later
    price = out.prices
    return price.food_short * now + price.food_needed * later + price.food_spare * spare


def green_worth(points: int, distinct: int, out: Outlook) -> float:
    """Green sets as scored now (``points``), plus what the greens still to come should add."""
    # Each green card still to come adds about 2 x (size of the first set) + 1.
    return points + out.future_greens * (2 * min(distinct, 7) + 1) * 0.5


def role_worth(figures: dict[str, int], out: Outlook) -> float:
    """Sand cards' figures times the tracks as they should stand at the end."""
    return (
        figures["farmer"] * out.final_track
        + figures["tool_maker"] * out.final_tools
        + figures["hut_builder"] * out.final_buildings
        + figures["shaman"] * out.final_people
    )
