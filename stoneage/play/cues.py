"""Which sounds a step of the game makes: a reading of the step's events.

The rules take forced steps inside ``apply`` (the hut and the field used at once, feeding with
enough food, the end of the round), so one step can hold several events: the last hunt of a
round gathers food, feeds every seat and starts the next round. The rules tell each of them
(``GameState.apply_with_events``); ``step_cues`` voices them, a cue per kind of thing that
happened, in a fixed order, counting the seats it concerns. Bots' steps sound like a human's.

Nothing here imports pygame or decides a rule; ``stoneage.ui.audio`` plays the cues by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from stoneage.rules import (
    Ate,
    BuildingTaken,
    CardTaken,
    DiceRolled,
    Event,
    FedWithResources,
    FoodShort,
    Gains,
    Gathered,
    ItemDiceRolled,
    ItemTaken,
    NewRound,
    SpaceUsed,
    ToolsAdded,
    TwoResourcesCashed,
    TwoResourcesTaken,
    WentHungry,
)
from stoneage.rules.data import GOLD, RESOURCE_NAMES

DICE = "dice"
FOOD = "food"
TOOL_GAIN = "tool_gain"
TOOL_USE = "tool_use"
CARD = "card"
BUILDING = "building"
BIRTH = "birth"
TRACK = "track"
FEEDING = "feeding"
HUNGER = "hunger"
NEW_ROUND = "new_round"
WON = "won"
LOST = "lost"
YOUR_TURN = "your_turn"
# Resources by kind, in the rules' order: wood, brick (clay), stone, gold.
RESOURCE_CUES = RESOURCE_NAMES
# Cues of the table itself (the scenes play these directly, not from a rules step).
PICK_UP, DROP, SNAP_BACK, CLICK, REFUSED = "pick_up", "drop", "snap_back", "click", "refused"

CUE_NAMES = (
    DICE,
    *RESOURCE_CUES,
    FOOD,
    TOOL_GAIN,
    TOOL_USE,
    CARD,
    BUILDING,
    BIRTH,
    TRACK,
    FEEDING,
    HUNGER,
    NEW_ROUND,
    WON,
    LOST,
    YOUR_TURN,
    PICK_UP,
    DROP,
    SNAP_BACK,
    CLICK,
    REFUSED,
)


@dataclass(frozen=True)
class Cue:
    """A sound to make: its name, a count (dice rolled, or units gained) and the seats it
    concerns (in seat order; empty for the table's own events such as a new round)."""

    name: str
    count: int = 1
    seats: tuple[int, ...] = ()


def step_cues(happened: Iterable[Event]) -> list[Cue]:
    """The cues of one step's events, in this order: the dice, tools used, each resource,
    food, tools gained, cards, buildings, births, the food track, the feeding, hunger, a new
    round. (Who won, and whose turn it is, depend on who listens: a table sounds them
    itself.)"""
    tally = _Tally()
    for event in happened:
        tally.add(event)
    return tally.cues()


class _Tally:
    """What a step's events add up to, per kind of cue and per seat."""

    def __init__(self) -> None:
        self.dice: Cue | None = None
        self.tools_used: Cue | None = None
        self.resources: list[dict[int, int]] = [{} for _ in RESOURCE_CUES]
        self.food: dict[int, int] = {}
        self.no_food: set[int] = set()  # short of food this step: what it gained was eaten
        self.tool_value: dict[int, int] = {}
        self.one_use: dict[int, int] = {}
        self.counts: dict[str, dict[int, int]] = {c: {} for c in (CARD, BUILDING, BIRTH, TRACK)}
        self.fed: list[int] = []
        self.hungry: dict[int, int] = {}
        self.new_round = False

    def add(self, e: Event) -> None:
        """Count one event."""
        if isinstance(e, DiceRolled):
            self.dice = Cue(DICE, e.dice, (e.seat,))
        elif isinstance(e, ItemDiceRolled):
            self.dice = Cue(DICE, len(e.faces), (e.buyer,))
        elif isinstance(e, ToolsAdded):
            if e.tiles or e.cards:
                self.tools_used = Cue(TOOL_USE, len(e.tiles) + len(e.cards), (e.seat,))
            _plus(self.one_use, e.seat, -len(e.cards))
        elif isinstance(e, Gathered):
            self._gained(e.seat, Gains(food=e.food, resources=e.resources))
        elif isinstance(e, (SpaceUsed, ItemTaken)):
            self._gained(e.seat, e.gains)
        elif isinstance(e, CardTaken):
            self._gained(e.seat, e.gains)
            _plus(self.counts[CARD], e.seat, 1)
        elif isinstance(e, BuildingTaken):
            _plus(self.counts[BUILDING], e.seat, 1)
        elif isinstance(e, TwoResourcesTaken):
            _plus(self.resources[e.first], e.seat, 1)
            _plus(self.resources[e.second], e.seat, 1)
        elif isinstance(e, TwoResourcesCashed):
            _plus(self.resources[GOLD], e.seat, e.gold)
        else:
            self._fed(e)

    def _gained(self, seat: int, gains: Gains) -> None:
        for kind, amount in enumerate(gains.resources):
            _plus(self.resources[kind], seat, amount)
        _plus(self.food, seat, gains.food)
        if gains.tool is not None:
            _plus(self.tool_value, seat, gains.tool.new - gains.tool.old)
        _plus(self.one_use, seat, 1 if gains.one_use else 0)
        _plus(self.counts[BIRTH], seat, gains.people or 0)
        _plus(self.counts[TRACK], seat, gains.track or 0)

    def _fed(self, e: Event) -> None:
        """The feeding's events, and the new round."""
        if isinstance(e, (Ate, FedWithResources, WentHungry)):
            self.fed.append(e.seat)
        if isinstance(e, (FoodShort, FedWithResources, WentHungry)):
            self.no_food.add(e.seat)
        if isinstance(e, WentHungry):
            _plus(self.hungry, e.seat, 1)
        elif isinstance(e, NewRound):
            self.new_round = True

    def cues(self) -> list[Cue]:
        """The cues, in their order (see ``step_cues``)."""
        food = {s: n for s, n in self.food.items() if s not in self.no_food}
        tools = {
            s: max(0, self.tool_value.get(s, 0)) + max(0, self.one_use.get(s, 0))
            for s in {*self.tool_value, *self.one_use}
        }
        found = [self.dice, self.tools_used]
        found += [_cue(name, per) for name, per in zip(RESOURCE_CUES, self.resources)]
        found += [_cue(FOOD, food), _cue(TOOL_GAIN, tools)]
        found += [_cue(name, self.counts[name]) for name in (CARD, BUILDING, BIRTH, TRACK)]
        found.append(Cue(FEEDING, len(self.fed), tuple(self.fed)) if self.fed else None)
        found.append(_cue(HUNGER, self.hungry))
        found.append(Cue(NEW_ROUND) if self.new_round else None)
        return [cue for cue in found if cue is not None]


def _plus(per_seat: dict[int, int], seat: int, amount: int) -> None:
    if amount:
        per_seat[seat] = per_seat.get(seat, 0) + amount


def _cue(name: str, per_seat: dict[int, int]) -> Cue | None:
    """One cue for the seats with a positive amount (in seat order), counting them all;
    None if none."""
    seats = tuple(s for s in sorted(per_seat) if per_seat[s] > 0)
    if not seats:
        return None
    return Cue(name, sum(per_seat[s] for s in seats), seats)
