"""Names for the pending sub-steps of a turn and the phases of a round.

A state's ``pending`` is ``None`` (the seat in ``turn`` places or picks its next space) or a
tuple whose first item is one of the kinds below; the rest are the kind's parameters.
"""

from __future__ import annotations

from typing import Final, Literal

CHANCE: Final = -1
TERMINAL: Final = -2

# phases of a round
Phase = Literal["refill", "place", "resolve", "feed", "over"]
REFILL: Final = "refill"
PLACE: Final = "place"
RESOLVE: Final = "resolve"
FEED: Final = "feed"
OVER: Final = "over"

# chance nodes
REVEAL_CARD: Final = "reveal_card"  # (kind, slot)
REVEAL_TILE: Final = "reveal_tile"  # (kind, stack)
ROLL: Final = "roll"  # (kind, gather space, number of dice, the dice of a card bought?)
ITEMS_ROLL: Final = "items_roll"  # (kind, buyer)
EXTRA: Final = "extra"  # (kind, owner)
CHANCE_KINDS: Final = frozenset({REVEAL_CARD, REVEAL_TILE, ROLL, ITEMS_ROLL, EXTRA})

# decision nodes inside a phase
TOOLS: Final = "tools"  # (kind, gather space, dice total, the dice of a card bought?)
PAY_CARD: Final = "pay_card"  # (kind, slot)
PAY_BUILDING: Final = "pay_building"  # (kind, stack)
ITEMS_PICK: Final = "items_pick"  # (kind, remaining faces, picker, buyer)
FEED_SHORT: Final = "feed"  # (kind, missing food)

# The type of each pending step: plain tuples (a named tuple costs three times as much to build,
# and the engine builds one on most actions), told apart by their first item. mypy narrows the
# union ``Pending`` on a comparison such as ``pending[0] == ROLL``.
RevealCardStep = tuple[Literal["reveal_card"], int]
RevealTileStep = tuple[Literal["reveal_tile"], int]
RollStep = tuple[Literal["roll"], int, int, bool]
ItemsRollStep = tuple[Literal["items_roll"], int]
ExtraStep = tuple[Literal["extra"], int]
ToolsStep = tuple[Literal["tools"], int, int, bool]
PayCardStep = tuple[Literal["pay_card"], int]
PayBuildingStep = tuple[Literal["pay_building"], int]
ItemsPickStep = tuple[Literal["items_pick"], tuple[int, ...], int, int]
FeedShortStep = tuple[Literal["feed"], int]
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
