"""Static game data: board spaces, resources, civilization cards and building tiles.

Cards and tiles live in YAML beside this module (``data/cards.yaml``, ``data/buildings.yaml``)
and are loaded once, at first use, into frozen dataclasses. A card is a parameter, never an
``if`` branch elsewhere in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources as _resources
from typing import Any, Final

import yaml

# --- resources ---------------------------------------------------------------------------
WOOD: Final = 0
BRICK: Final = 1
STONE: Final = 2
GOLD: Final = 3
RESOURCE_NAMES: Final = ("wood", "brick", "stone", "gold")
RESOURCE_VALUES: Final = (3, 4, 5, 6)  # points per unit paid into a building; also pips per unit
FOOD_DIVISOR: Final = 2

# --- board spaces (an int each; the order is the display and legal-action order) ----------
# Each constant is ``Final``, one a line: compiled, a final name is a C constant where any other
# module-level name is a dictionary look-up.
TOOL_MAKER: Final = 0
HUT: Final = 1
FIELD: Final = 2
HUNT: Final = 3
FOREST: Final = 4
CLAY_PIT: Final = 5
QUARRY: Final = 6
RIVER: Final = 7
# The spaces as tuple objects, not fixed tuples: compiled, a constant of a few ints is kept
# unpacked in C and packed into a new tuple whenever it is looped over or indexed. The card
# slots cost 1, 2, 3, 4 resources (right to left).
CARD_SPACES: Final[tuple[int, ...]] = (8, 9, 10, 11)
BUILDING_SPACES: Final[tuple[int, ...]] = (12, 13, 14, 15)  # building stacks 1..4
NUM_SPACES: Final = 16
VILLAGE: Final[tuple[int, ...]] = (TOOL_MAKER, HUT, FIELD)
RESOURCE_SPACES: Final[tuple[int, ...]] = (FOREST, CLAY_PIT, QUARRY, RIVER)
GATHER_SPACES: Final[tuple[int, ...]] = (HUNT, FOREST, CLAY_PIT, QUARRY, RIVER)
RESOURCE_SPACE_CAPACITY: Final = 7
SPACE_NAMES: Final = (
    "toolmaker",
    "hut",
    "field",
    "hunt",
    "forest",
    "claypit",
    "quarry",
    "river",
    "card1",
    "card2",
    "card3",
    "card4",
    "building1",
    "building2",
    "building3",
    "building4",
)
SPACE_BY_NAME: Final = {name: index for index, name in enumerate(SPACE_NAMES)}

# --- people, tools, tracks ----------------------------------------------------------------
START_PEOPLE: Final = 5
MAX_PEOPLE: Final = 10
START_FOOD: Final = 12
MAX_FOOD_TRACK: Final = 10
MAX_TOOL_TILES: Final = 3
MAX_TOOL_VALUE: Final = 4
STARVATION_PENALTY: Final = 10
NUM_CARD_SLOTS: Final = 4
TILES_PER_STACK: Final = 7

CULTURE_SYMBOLS: Final = (
    "pottery",
    "medicine",
    "writing",
    "time",
    "transport",
    "art",
    "weaving",
    "music",
)
ROLES: Final = ("farmer", "tool_maker", "hut_builder", "shaman")
#: The categories of the final scoring, in the order they are shown (``scoring``).
SCORING_CATEGORIES: Final = (
    "buildings",
    "card_points",
    "green_sets",
    "farmers",
    "tool_makers",
    "hut_builders",
    "shamans",
    "resources",
    "feeding_penalties",
    "total",
)
CARD_EFFECTS: Final = (
    "dice_for_items",
    "food",
    "resource",
    "resource_2_dice",
    "points",
    "food_production",
    "one_use_tool",
    "permanent_tool",
    "extra_card",
    "any_two_resources",
)
# Faces of the dice-for-items card: 1-4 a resource, 5 a tool, 6 +1 food production.
ITEM_TOOL_FACE: Final = 5
ITEM_FIELD_FACE: Final = 6


def gather_divisor(space: int) -> int:
    """Pips needed per unit gathered on the hunt (food) or a resource space."""
    return FOOD_DIVISOR if space == HUNT else _PIPS_PER_UNIT[space - FOREST]


# ``RESOURCE_VALUES`` as a tuple object: compiled, a constant of four ints is kept unpacked in
# C, and indexing it by a variable packed it into a new tuple first.
_PIPS_PER_UNIT: Final[tuple[int, ...]] = RESOURCE_VALUES


@dataclass(frozen=True, slots=True)
class Card:
    """A civilization card: an immediate effect (top) and a final-scoring half (bottom)."""

    id: str
    effect: str
    amount: int = 0
    resource: int | None = None  # resource index for 'resource' and 'resource_2_dice'
    culture: str | None = None  # green bottom
    role: str | None = None  # sand bottom
    role_count: int = 0

    def __reduce__(self) -> tuple[type[Card], tuple[object, ...]]:
        """Pickled as the constructor's arguments: compiled, a frozen dataclass is otherwise
        unpickled by setting its fields, which it refuses."""
        fields = (self.id, self.effect, self.amount, self.resource, self.culture, self.role)
        return (Card, (*fields, self.role_count))


@dataclass(frozen=True, slots=True)
class Building:
    """A building tile: fixed cost, variable (count and kinds) or flexible (1..7 of any kind)."""

    id: str
    kind: str  # 'fixed' | 'variable' | 'flexible'
    cost: tuple[int, int, int, int] = (0, 0, 0, 0)
    points: int = 0
    count: int = 0  # variable: resources to pay
    kinds: int = 0  # variable: different kinds to pay
    min_count: int = 0  # flexible
    max_count: int = 0  # flexible

    def __reduce__(self) -> tuple[type[Building], tuple[object, ...]]:
        """Pickled as the constructor's arguments (see ``Card.__reduce__``)."""
        fields = (self.id, self.kind, self.cost, self.points, self.count, self.kinds)
        return (Building, (*fields, self.min_count, self.max_count))


def _load_yaml(name: str) -> object:
    text = _resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _card_from_yaml(raw: dict[str, Any]) -> Card:
    top, bottom = raw["top"], raw["bottom"]
    resource = top.get("resource")
    return Card(
        id=raw["id"],
        effect=top["type"],
        amount=int(top.get("amount", 0)),
        resource=RESOURCE_NAMES.index(resource) if resource else None,
        culture=bottom.get("green"),
        role=bottom.get("role"),
        role_count=int(bottom.get("count", 0)),
    )


def _cost_tuple(cost: dict[str, int]) -> tuple[int, int, int, int]:
    wood, brick, stone, gold = (int(cost.get(name, 0)) for name in RESOURCE_NAMES)
    return wood, brick, stone, gold


@cache
def cards() -> dict[str, Card]:
    """All 36 civilization cards by id, in the data file's order."""
    raw = _load_yaml("cards.yaml")
    assert isinstance(raw, list)
    loaded = [_card_from_yaml(entry) for entry in raw]
    return {card.id: card for card in loaded}


@cache
def buildings() -> dict[str, Building]:
    """All 28 building tiles by id: 17 fixed, 8 variable, 3 flexible."""
    raw = _load_yaml("buildings.yaml")
    assert isinstance(raw, dict)
    tiles = [
        Building(t["id"], "fixed", _cost_tuple(t["cost"]), int(t["points"])) for t in raw["fixed"]
    ]
    tiles += [
        Building(t["id"], "variable", count=int(t["count"]), kinds=int(t["kinds"]))
        for t in raw["variable"]
    ]
    tiles += [
        Building(t["id"], "flexible", min_count=int(t["min"]), max_count=int(t["max"]))
        for t in raw["flexible"]
    ]
    return {tile.id: tile for tile in tiles}


# Cached: every new game starts its deck and tile pool from these (sorting 36 ids was 1 % of a
# random game's time compiled).
@cache
def card_ids() -> tuple[str, ...]:
    """Every card id, sorted."""
    return tuple(sorted(cards()))


@cache
def building_ids() -> tuple[str, ...]:
    """Every building tile id, sorted."""
    return tuple(sorted(buildings()))
