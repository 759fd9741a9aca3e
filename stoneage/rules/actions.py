"""Actions: small immutable values with a text form that round-trips through ``parse_action``.

Every decision and every chance outcome is an action. They are ``NamedTuple`` subclasses so
that comparing and hashing them costs what comparing tuples costs; the last field is a tag that
keeps two kinds with equal fields apart. Each tag is typed as its own literal, so that a test
of ``action[-1]`` narrows the union ``Action`` to one kind (``GameState.apply`` picks the
handler that way).
"""

from __future__ import annotations

from functools import cache
from typing import Final, Literal, NamedTuple

from .data import NUM_SPACES, RESOURCE_NAMES, SPACE_NAMES

Resources = tuple[int, int, int, int]


def format_resources(amounts: Resources) -> str:
    """``(2, 0, 1, 0)`` -> ``'2wood,1stone'``; all zero -> ``'nothing'``."""
    parts = [f"{n}{RESOURCE_NAMES[i]}" for i, n in enumerate(amounts) if n]
    return ",".join(parts) or "nothing"


class Place(NamedTuple):
    """Put ``count`` figures on ``space`` (placement phase)."""

    space: int
    # The field hides the inherited ``tuple.count`` method, which mypy reports as an
    # incompatible override. Nothing calls ``count()`` on an action, and ``count`` is the
    # public name of the number of figures (the bots, the scenes and the tests read it).
    count: int  # type: ignore[assignment]
    tag: Literal["place"] = "place"

    def __str__(self) -> str:
        return f"place {SPACE_NAMES[self.space]} {self.count}"


class Resolve(NamedTuple):
    """Use the figures on one of the own spaces next (resolution phase)."""

    space: int
    tag: Literal["resolve"] = "resolve"

    def __str__(self) -> str:
        return f"resolve {SPACE_NAMES[self.space]}"


class UseTools(NamedTuple):
    """After a roll: add these unused tool tiles and one-use tool cards (values, descending)."""

    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    tag: Literal["tools"] = "tools"

    def __str__(self) -> str:
        if not self.tiles and not self.cards:
            return "tools none"
        text = "tools " + ("+".join(map(str, self.tiles)) or "-")
        return text + (" cards " + "+".join(map(str, self.cards)) if self.cards else "")


class Pay(NamedTuple):
    """Pay these resources for the card or building being resolved."""

    resources: Resources
    tag: Literal["pay"] = "pay"

    def __str__(self) -> str:
        return "pay " + format_resources(self.resources)


class Decline(NamedTuple):
    """Do not buy the card or building; the figure just returns."""

    tag: Literal["decline"] = "decline"

    def __str__(self) -> str:
        return "decline"


class PickItem(NamedTuple):
    """Dice-for-items card: take the die showing ``face``."""

    face: int
    tag: Literal["pick"] = "pick"

    def __str__(self) -> str:
        return f"pick {self.face}"


class TakeTwo(NamedTuple):
    """Use the two-resources card: take resources ``first`` and ``second`` (indices, sorted)."""

    first: int
    second: int
    tag: Literal["taketwo"] = "taketwo"

    def __str__(self) -> str:
        return f"taketwo {RESOURCE_NAMES[self.first]},{RESOURCE_NAMES[self.second]}"


class Feed(NamedTuple):
    """Feeding shortfall: pay the missing food with these resources."""

    resources: Resources
    tag: Literal["feed"] = "feed"

    def __str__(self) -> str:
        return "feed " + format_resources(self.resources)


class Starve(NamedTuple):
    """Feeding shortfall: do not pay; lose 10 points."""

    tag: Literal["starve"] = "starve"

    def __str__(self) -> str:
        return "starve"


# --- chance outcomes ----------------------------------------------------------------------
class Roll(NamedTuple):
    """Chance: the sum of the dice rolled for a gathering space or a two-dice card."""

    total: int
    tag: Literal["roll"] = "roll"

    def __str__(self) -> str:
        return f"roll {self.total}"


class RollItems(NamedTuple):
    """Chance: the faces of the dice-for-items roll, ascending."""

    faces: tuple[int, ...]
    tag: Literal["items"] = "items"

    def __str__(self) -> str:
        return "items " + ",".join(map(str, self.faces))


class RevealCard(NamedTuple):
    """Chance: the card turned face up into the display."""

    card: str
    tag: Literal["card"] = "card"

    def __str__(self) -> str:
        return f"card {self.card}"


class RevealTile(NamedTuple):
    """Chance: the building tile turned face up on top of a stack."""

    tile: str
    tag: Literal["tile"] = "tile"

    def __str__(self) -> str:
        return f"tile {self.tile}"


class DrawExtra(NamedTuple):
    """Chance: the card drawn face down by the extra-card effect (``?`` when hidden)."""

    card: str
    tag: Literal["extra"] = "extra"

    def __str__(self) -> str:
        return f"extra {self.card}"


Action = (
    Place
    | Resolve
    | UseTools
    | Pay
    | Decline
    | PickItem
    | TakeTwo
    | Feed
    | Starve
    | Roll
    | RollItems
    | RevealCard
    | RevealTile
    | DrawExtra
)


# --- interned actions ----------------------------------------------------------------------
# The engine hands out the same objects every time, so comparing them hits identity first and
# no tuple is built on the hot paths.
PLACE_ACTIONS: Final = tuple(
    tuple(Place(space, count) for count in range(11)) for space in range(NUM_SPACES)
)
RESOLVE_ACTIONS: Final = tuple(Resolve(space) for space in range(NUM_SPACES))


def resolve_actions(spaces: list[int]) -> list[Action]:
    """The ``Resolve`` actions for these spaces."""
    return [RESOLVE_ACTIONS[space] for space in spaces]


DECLINE: Final = Decline()
STARVE: Final = Starve()
# The two-resources card's choices, offered after the other legal actions of any decision.
TAKE_TWO_ACTIONS: Final = tuple(TakeTwo(a, b) for a in range(4) for b in range(a, 4))
PICK_ACTIONS: Final = tuple(PickItem(face) for face in range(7))


# The kinds of action that turn up a card or a tile.
RevealKind = type[RevealCard] | type[RevealTile] | type[DrawExtra]


@cache
def reveal_table(kind: RevealKind) -> dict[str, Action]:
    """The one ``RevealCard``, ``DrawExtra`` (per card id) or ``RevealTile`` (per tile id)."""
    from .data import building_ids, card_ids

    return {item: kind(item) for item in (building_ids() if kind is RevealTile else card_ids())}
