"""The lessons of the guided first game (issue 14, item 3) and the names of what a bubble may
point at.

A lesson is a short id; every step of the script says which lessons it teaches, and the tests
check that each lesson below is taught by at least one step, with the situation it names
really happening in the engine at that step.
"""

from __future__ import annotations

from typing import Final

# --- lessons, in the order the script teaches them --------------------------------------------
INTRO: Final = "intro"  # the goal, the board, carrying on after the lessons
PLACING: Final = "placing"  # placing figures: how many, taking turns
HUNT: Final = "hunt"  # the hunting grounds: any number of figures, every player
HUT: Final = "hut"  # the hut: exactly 2 figures, +1 figure
VILLAGE_FEW: Final = "village_few"  # 2-3 players: only 2 of the 3 village spaces a round
ONE_GROUP: Final = "one_group"  # one group per space and round
RESOURCE_SPACES_FEW: Final = "resource_spaces_few"  # 2 players: one player per resource space
DICE: Final = "dice"  # resource yields: one die per figure, pips / value, rounded down
FEEDING: Final = "feeding"  # 1 food per figure at the end of a round
TOOL_MAKER: Final = "tool_maker"  # the tool maker: +1 tool
RESOLVE_ORDER: Final = "resolve_order"  # the player chooses the order groups work in
TOOLS: Final = "tools"  # tools add their value to a roll, once a round
CARD_SAND: Final = "card_sand"  # buying a card with a sand bottom
ONE_USE_TOOL: Final = "one_use_tool"  # a one-use tool card
FIELD: Final = "field"  # the field: +1 on the food track
BUILD_FIXED: Final = "build_fixed"  # a building with a fixed price
CARD_GREEN: Final = "card_green"  # buying a card with a green bottom
DICE_FOR_ITEMS: Final = "dice_for_items"  # the dice-for-items card
HUNGER: Final = "hunger"  # a feeding shortfall: pay resources or lose 10 points
BUILD_VARIABLE: Final = "build_variable"  # a building with a variable payment
BUILD_FLEXIBLE: Final = "build_flexible"  # a building with a flexible payment (1-7 of any)
GAME_END: Final = "game_end"  # how the game ends
SCORE_GREEN: Final = "score_green"  # final scoring: sets of different green symbols
SCORE_SAND: Final = "score_sand"  # final scoring: sand figures multiply
TALLY: Final = "tally"  # the player's own final-scoring tally

LESSONS: Final = (
    INTRO,
    PLACING,
    HUNT,
    HUT,
    VILLAGE_FEW,
    ONE_GROUP,
    RESOURCE_SPACES_FEW,
    DICE,
    FEEDING,
    TOOL_MAKER,
    RESOLVE_ORDER,
    TOOLS,
    CARD_SAND,
    ONE_USE_TOOL,
    FIELD,
    BUILD_FIXED,
    CARD_GREEN,
    DICE_FOR_ITEMS,
    HUNGER,
    BUILD_VARIABLE,
    BUILD_FLEXIBLE,
    GAME_END,
    SCORE_GREEN,
    SCORE_SAND,
    TALLY,
)

# --- targets: what a bubble points at (the scene maps each name to a rectangle) --------------
# space:<name>        an action space, named as in the rules' text form (hunt, forest, claypit,
#                     quarry, river, hut, field, toolmaker)
# card:slot<N>        the card in display slot N, N = 1..4 = its cost (the rules' card1..card4)
# building:<N>        the top tile of building stack N, N = 1..4 (the rules' building1..4)
# board:player<S>     seat S's player board; board:player<S>:<part> one part of it
# dice                where a roll is made and shown (a roll step: the click that rolls)
# dialog:<kind>       the decision panel open now: tools, payment, items, feed
# deck                the deck of civilization cards
# button:next         the bubble's own Next button (nothing else on the table to point at)
SPACE_TARGETS: Final = tuple(
    f"space:{name}"
    for name in ("hunt", "forest", "claypit", "quarry", "river", "toolmaker", "hut", "field")
)
CARD_TARGETS: Final = tuple(f"card:slot{n}" for n in range(1, 5))
BUILDING_TARGETS: Final = tuple(f"building:{n}" for n in range(1, 5))
BOARD_PARTS: Final = (
    "figures",
    "food",
    "track",
    "tools",
    "resources",
    "cards",
    "buildings",
    "score",
)
BOARD_TARGETS: Final = tuple(
    [f"board:player{seat}" for seat in range(4)]
    + [f"board:player{seat}:{part}" for seat in range(4) for part in BOARD_PARTS]
)
DIALOG_TARGETS: Final = ("dialog:tools", "dialog:payment", "dialog:items", "dialog:feed")
TARGETS: Final = frozenset(
    SPACE_TARGETS
    + CARD_TARGETS
    + BUILDING_TARGETS
    + BOARD_TARGETS
    + DIALOG_TARGETS
    + ("dice", "deck", "button:next")
)
