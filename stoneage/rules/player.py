"""One seat's belongings: people, food, food track, resources, tools, cards, buildings, score.

A ``Player`` is never changed once a ``GameState`` holding it has been returned: the engine
copies it (``copy``) before the first change within an ``apply``.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from .data import (
    MAX_FOOD_TRACK,
    MAX_PEOPLE,
    MAX_TOOL_TILES,
    MAX_TOOL_VALUE,
    START_FOOD,
    START_PEOPLE,
    STARVATION_PENALTY,
    Card,
)

_FIELDS: Final = (
    "people",
    "food",
    "track",
    "res",
    "tools_free",
    "tools_used",
    "one_use",
    "two_res",
    "cards",
    "extras",
    "buildings",
    "building_points",
    "card_points",
    "penalties",
)


@mypyc_attr(acyclic=True, free_list_len=1)
class Player:
    """A seat's board. Tool tiles are two multisets of values: unused and used this round."""

    # Spelled out (mypyc compiles a class whose slots are written in its body, not built at
    # run time); the compiled class has a fixed C layout of its own and ignores them.
    __slots__ = (
        "building_points",
        "buildings",
        "card_points",
        "cards",
        "extras",
        "food",
        "one_use",
        "penalties",
        "people",
        "res",
        "tools_free",
        "tools_used",
        "track",
        "two_res",
    )

    people: int
    food: int
    track: int
    res: tuple[int, int, int, int]
    tools_free: tuple[int, ...]  # values of unused tool tiles, descending
    tools_used: tuple[int, ...]  # values of tool tiles used this round, descending
    one_use: tuple[int, ...]  # values of unused one-use tool cards, descending
    two_res: int  # unused two-resources cards (0 or 1)
    cards: tuple[str, ...]  # civilization cards taken from the display, in order taken
    extras: tuple[str, ...]  # face-down extra cards (bottom only); '?' where hidden
    buildings: tuple[str, ...]
    building_points: int
    card_points: int
    penalties: int  # times the player took the -10 for unfed people

    @classmethod
    def new(cls) -> Player:
        """A player at setup: 5 people, 12 food, nothing else."""
        p = Player()
        p.people = START_PEOPLE
        p.food = START_FOOD
        p.track = 0
        p.res = (0, 0, 0, 0)
        p.tools_free = ()
        p.tools_used = ()
        p.one_use = ()
        p.two_res = 0
        p.cards = ()
        p.extras = ()
        p.buildings = ()
        p.building_points = 0
        p.card_points = 0
        p.penalties = 0
        return p

    def copy(self) -> Player:
        """A shallow copy (every field is immutable)."""
        # ``Player()`` and a write per field, one target per line (a multiple assignment would
        # build and unpack a tuple): this runs on most actions. Compiled, a native allocation
        # and native stores; as plain Python, no ``__init__`` frame.
        p = Player()
        p.people = self.people
        p.food = self.food
        p.track = self.track
        p.res = self.res
        p.tools_free = self.tools_free
        p.tools_used = self.tools_used
        p.one_use = self.one_use
        p.two_res = self.two_res
        p.cards = self.cards
        p.extras = self.extras
        p.buildings = self.buildings
        p.building_points = self.building_points
        p.card_points = self.card_points
        p.penalties = self.penalties
        return p

    def key(self) -> tuple[object, ...]:
        """All fields as a tuple, for equality and serialisation."""
        return (
            self.people,
            self.food,
            self.track,
            self.res,
            self.tools_free,
            self.tools_used,
            self.one_use,
            self.two_res,
            self.cards,
            self.extras,
            self.buildings,
            self.building_points,
            self.card_points,
            self.penalties,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return "Player(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in _FIELDS) + ")"

    # --- derived values --------------------------------------------------------------------
    @property
    def score(self) -> int:
        """Points on the scoring track now: buildings, card points, minus feeding penalties."""
        return self.building_points + self.card_points - STARVATION_PENALTY * self.penalties

    @property
    def tool_value(self) -> int:
        """Total value of the tool tiles (one-use cards excluded)."""
        return sum(self.tools_free) + sum(self.tools_used)

    @property
    def tool_tiles(self) -> int:
        """How many tool tiles the player owns."""
        return len(self.tools_free) + len(self.tools_used)

    # --- changes (only on a fresh copy) ------------------------------------------------------
    def gain_tool(self) -> None:
        """+1 tool: a new value-1 tile while fewer than 3, else upgrade the lowest tile.

        An unused tile is upgraded in preference to a used one, so the gain can serve this round.
        At total value 12 nothing happens.
        """
        if self.tool_tiles < MAX_TOOL_TILES:
            # A 1 goes last: every tile is worth at least 1, so the values stay descending
            # (no sort: compiled, ``sorted(..., reverse=True)`` is a generic call).
            self.tools_free = self.tools_free + (1,)
            return
        lowest = min(self.tools_free + self.tools_used)
        if lowest >= MAX_TOOL_VALUE:
            return
        if lowest in self.tools_free:
            self.tools_free = _replace_one(self.tools_free, lowest, lowest + 1)
        else:
            self.tools_used = _replace_one(self.tools_used, lowest, lowest + 1)

    def gain_person(self) -> None:
        """+1 person from the supply, up to 10."""
        self.people = min(MAX_PEOPLE, self.people + 1)

    def gain_track(self) -> None:
        """+1 on the food track, up to 10."""
        self.track = min(MAX_FOOD_TRACK, self.track + 1)

    def add_resources(self, amounts: tuple[int, int, int, int], sign: int = 1) -> None:
        """Add (or with ``sign=-1`` remove) resources."""
        r = self.res
        self.res = (
            r[0] + sign * amounts[0],
            r[1] + sign * amounts[1],
            r[2] + sign * amounts[2],
            r[3] + sign * amounts[3],
        )

    def add_resource(self, index: int, amount: int) -> None:
        """Add ``amount`` of one resource."""
        # The four amounts spelled out, not a list changed and turned back into a tuple:
        # compiled, a tuple of four ints is a plain C value, which a list would box.
        r = self.res
        self.res = (
            r[0] + amount if index == 0 else r[0],
            r[1] + amount if index == 1 else r[1],
            r[2] + amount if index == 2 else r[2],
            r[3] + amount if index == 3 else r[3],
        )

    def take_card_gift(self, card: Card) -> bool:
        """Give what ``card`` gives its buyer at once on their own board (food, a resource, a
        food-track step, points, a tool, a one-use tool, the two-resources card): True. The
        effects that need the table (an extra card, dice for a resource or for items), which the
        rules resolve as a next step, change nothing here: False. (The card itself is added by
        the caller.)"""
        effect = card.effect
        if effect == "food":
            self.food += card.amount
        elif effect == "resource":
            assert card.resource is not None, card
            self.add_resource(card.resource, card.amount)
        elif effect == "food_production":
            self.gain_track()
        elif effect == "points":
            self.card_points += card.amount
        elif effect == "permanent_tool":
            self.gain_tool()
        elif effect == "one_use_tool":
            self.one_use = tuple(sorted(self.one_use + (card.amount,), reverse=True))
        elif effect == "any_two_resources":
            self.two_res += 1
        else:
            return False
        return True

    def use_tools(self, tiles: tuple[int, ...], one_use: tuple[int, ...]) -> None:
        """Turn the given tile values to used and spend the given one-use cards."""
        if tiles:
            free = list(self.tools_free)
            for value in tiles:
                free.remove(value)
            self.tools_free = tuple(free)
            # The first tiles used this round are the used ones as they are (``tiles`` is
            # descending, as every legal ``UseTools`` is): no sort.
            used = self.tools_used
            self.tools_used = tuple(sorted(used + tiles, reverse=True)) if used else tiles
        if one_use:
            cards = list(self.one_use)
            for value in one_use:
                cards.remove(value)
            self.one_use = tuple(cards)

    def restore_tools(self) -> None:
        """End of round: every tool tile is usable again."""
        if self.tools_used:
            # Where every tile was used, the used ones are the answer as they are (descending).
            free = self.tools_free
            if free:
                self.tools_free = tuple(sorted(free + self.tools_used, reverse=True))
            else:
                self.tools_free = self.tools_used
            self.tools_used = ()


def _replace_one(values: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    items = list(values)
    items.remove(old)
    items.append(new)
    return tuple(sorted(items, reverse=True))
