"""Names for the pending sub-steps of a turn and the phases of a round.

A state's ``pending`` is ``None`` (the seat in ``turn`` places or picks its next space) or a
``Step`` of one of the kinds below, its parameters named (the classes at the end).
"""

from __future__ import annotations

from typing import Final, Literal, final

from mypy_extensions import mypyc_attr

CHANCE: Final = -1
TERMINAL: Final = -2

# phases of a round
Phase = Literal["refill", "place", "resolve", "feed", "over"]
REFILL: Final = "refill"
PLACE: Final = "place"
RESOLVE: Final = "resolve"
FEED: Final = "feed"
OVER: Final = "over"

# The kinds of pending step (``Step.kind``; the wire writes a step as its kind and parameters).
# chance nodes
REVEAL_CARD: Final = "reveal_card"  # RevealCardStep
REVEAL_TILE: Final = "reveal_tile"  # RevealTileStep
ROLL: Final = "roll"  # RollStep
ITEMS_ROLL: Final = "items_roll"  # ItemsRollStep
EXTRA: Final = "extra"  # ExtraStep
CHANCE_KINDS: Final = frozenset({REVEAL_CARD, REVEAL_TILE, ROLL, ITEMS_ROLL, EXTRA})

# decision nodes inside a phase
TOOLS: Final = "tools"  # ToolsStep
PAY_CARD: Final = "pay_card"  # PayCardStep
PAY_BUILDING: Final = "pay_building"  # PayBuildingStep
ITEMS_PICK: Final = "items_pick"  # ItemsPickStep
FEED_SHORT: Final = "feed"  # FeedShortStep


@mypyc_attr(acyclic=True)
class Step:
    """A pending sub-step of a turn (``GameState.pending``): its ``kind`` (one of the names
    above) and, in each subclass, its parameters by name. Never changed once a state holds
    it. Compiled, a native class (a C struct read by offset), as cheap to make and read as the
    tuple it replaced. Equal steps compare and hash equal; ``as_tuple`` gives the kind and the
    parameters in order (the wire's layout).

    Each kind is a final class, and the engine tells them apart by the exact class,
    ``type(step) is RollStep`` (mypy narrows on it as on ``isinstance``): compiled, a pointer
    comparison either way; as plain Python an ``isinstance`` that fails walks the class's bases
    and looks ``__class__`` up, several times the cost, on steps of the wrong kind at every
    turn. Likewise ``type(step) in CHANCE_STEPS`` rather than ``step.kind``: read on steps of
    every class, an attribute is looked up the slow, generic way."""

    __slots__ = ("kind",)

    kind: str

    def params(self) -> tuple[object, ...]:
        """The parameters, in order."""
        return ()

    def as_tuple(self) -> tuple[object, ...]:
        """The kind, then the parameters in order."""
        return (self.kind, *self.params())

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Step) and self.kind == other.kind and self.params() == other.params()
        )

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.params()!r}"


@final
@mypyc_attr(acyclic=True)
class RevealCardStep(Step):
    """The card for an empty display slot is turned up (chance)."""

    __slots__ = ("slot",)

    slot: int

    def __init__(self, slot: int) -> None:
        self.kind = REVEAL_CARD
        self.slot = slot

    def params(self) -> tuple[object, ...]:
        return (self.slot,)


@final
@mypyc_attr(acyclic=True)
class RevealTileStep(Step):
    """The top tile of a building stack is turned up (chance)."""

    __slots__ = ("stack",)

    stack: int

    def __init__(self, stack: int) -> None:
        self.kind = REVEAL_TILE
        self.stack = stack

    def params(self) -> tuple[object, ...]:
        return (self.stack,)


@final
@mypyc_attr(acyclic=True)
class RollStep(Step):
    """Dice are rolled for a gathering space (chance): ``dice`` of them, for the hunt or a
    resource space, ``by_card`` when they are the two dice of a card just bought rather than
    figures'."""

    __slots__ = ("by_card", "dice", "space")

    space: int
    dice: int
    by_card: bool

    def __init__(self, space: int, dice: int, by_card: bool) -> None:
        self.kind = ROLL
        self.space = space
        self.dice = dice
        self.by_card = by_card

    def params(self) -> tuple[object, ...]:
        return (self.space, self.dice, self.by_card)


@final
@mypyc_attr(acyclic=True)
class ItemsRollStep(Step):
    """The dice for items of a card ``buyer`` bought are rolled (chance)."""

    __slots__ = ("buyer",)

    buyer: int

    def __init__(self, buyer: int) -> None:
        self.kind = ITEMS_ROLL
        self.buyer = buyer

    def params(self) -> tuple[object, ...]:
        return (self.buyer,)


@final
@mypyc_attr(acyclic=True)
class ExtraStep(Step):
    """``owner`` draws an extra card face down (chance)."""

    __slots__ = ("owner",)

    owner: int

    def __init__(self, owner: int) -> None:
        self.kind = EXTRA
        self.owner = owner

    def params(self) -> tuple[object, ...]:
        return (self.owner,)


@final
@mypyc_attr(acyclic=True)
class ToolsStep(Step):
    """The seat in turn may add tools to the dice ``total`` it rolled on ``space``; ``by_card``
    when the roll was the two dice of a card just bought (``space`` is then that resource's)."""

    __slots__ = ("by_card", "space", "total")

    space: int
    total: int
    by_card: bool

    def __init__(self, space: int, total: int, by_card: bool) -> None:
        self.kind = TOOLS
        self.space = space
        self.total = total
        self.by_card = by_card

    def params(self) -> tuple[object, ...]:
        return (self.space, self.total, self.by_card)


@final
@mypyc_attr(acyclic=True)
class PayCardStep(Step):
    """The seat in turn pays for the card in display ``slot`` (or declines)."""

    __slots__ = ("slot",)

    slot: int

    def __init__(self, slot: int) -> None:
        self.kind = PAY_CARD
        self.slot = slot

    def params(self) -> tuple[object, ...]:
        return (self.slot,)


@final
@mypyc_attr(acyclic=True)
class PayBuildingStep(Step):
    """The seat in turn pays for the top tile of ``stack`` (or declines)."""

    __slots__ = ("stack",)

    stack: int

    def __init__(self, stack: int) -> None:
        self.kind = PAY_BUILDING
        self.stack = stack

    def params(self) -> tuple[object, ...]:
        return (self.stack,)


@final
@mypyc_attr(acyclic=True)
class ItemsPickStep(Step):
    """``picker`` takes one of the dice for items left (``faces``) of ``buyer``'s card."""

    __slots__ = ("buyer", "faces", "picker")

    faces: tuple[int, ...]
    picker: int
    buyer: int

    def __init__(self, faces: tuple[int, ...], picker: int, buyer: int) -> None:
        self.kind = ITEMS_PICK
        self.faces = faces
        self.picker = picker
        self.buyer = buyer

    def params(self) -> tuple[object, ...]:
        return (self.faces, self.picker, self.buyer)


@final
@mypyc_attr(acyclic=True)
class FeedShortStep(Step):
    """The seat in turn is ``short`` food: it pays resources for it or takes the penalty."""

    __slots__ = ("short",)

    short: int

    def __init__(self, short: int) -> None:
        self.kind = FEED_SHORT
        self.short = short

    def params(self) -> tuple[object, ...]:
        return (self.short,)


# Every pending step: ``isinstance`` narrows it to one kind.
Pending = (
    RevealCardStep
    | RevealTileStep
    | RollStep
    | ItemsRollStep
    | ExtraStep
    | ToolsStep
    | PayCardStep
    | PayBuildingStep
    | ItemsPickStep
    | FeedShortStep
)


# The steps decided by chance (their kinds are ``CHANCE_KINDS``).
CHANCE_STEPS: Final[frozenset[type[Step]]] = frozenset(
    {RevealCardStep, RevealTileStep, RollStep, ItemsRollStep, ExtraStep}
)
