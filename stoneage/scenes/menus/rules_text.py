"""The rules reference, in our own words: pages of short paragraphs, each beside an icon.

Only data: every string is marked with ``N_`` and translated when drawn (``RulesScene``).
An icon is the name of an image in ``assets/images`` (or None).
"""

from __future__ import annotations

from dataclasses import dataclass

from stoneage.i18n import N_


@dataclass(frozen=True)
class RulesPage:
    """One page of the reference: a title and (icon, paragraph) entries."""

    title: str
    entries: tuple[tuple[str | None, str], ...]


RULES_PAGES: tuple[RulesPage, ...] = (
    RulesPage(
        N_("Overview"),
        (
            (
                "icon",
                N_(
                    "You lead a Stone Age tribe. Send your people out to gather food and resources, "
                    "make tools, grow your tribe, and spend resources on civilization cards and buildings."
                ),
            ),
            (
                "score",
                N_(
                    "Whoever has the most points at the end wins. Points come from buildings, from some "
                    "cards, and above all from the final scoring of your civilization cards."
                ),
            ),
            (
                "person",
                N_(
                    "Each player starts with 5 people, 12 food and no tools. A tribe grows to at most 10 people."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("A round"),
        (
            (
                "start_player",
                N_(
                    "1. Place. Starting with the start player, each player in turn puts one or more "
                    "people on one space. Go round until everyone has placed all their people. "
                    "You may not go back to a space where you already have people."
                ),
            ),
            (
                "die_5",
                N_(
                    "2. Use. The start player uses all of their spaces, in any order; then the next player "
                    "does the same, and so on. Every person comes home."
                ),
            ),
            ("food", N_("3. Feed. Every person eats 1 food.")),
            (
                None,
                N_(
                    "Then the start player marker passes to the left, the cards slide right to fill the gaps, "
                    "new cards and buildings are turned up, and a new round begins."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("Gathering"),
        (
            (
                "hunting_grounds",
                N_(
                    "Hunting grounds: any number of people, but each player only once per round. "
                    "Every 2 pips give 1 food."
                ),
            ),
            ("forest", N_("Forest: every 3 pips give 1 wood.")),
            ("clay_pit", N_("Clay pit: every 4 pips give 1 brick.")),
            ("quarry", N_("Quarry: every 5 pips give 1 stone.")),
            (
                "river",
                N_(
                    "River: every 6 pips give 1 gold. Forest, clay pit, quarry and river each hold up to 7 people."
                ),
            ),
            (
                "die_3",
                N_(
                    "Roll one die per person there and add them up; divide by the number shown and round down. "
                    "Example: 3 people in the forest roll 4 + 5 + 2 = 11, which gives 3 wood."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("Village and tools"),
        (
            (
                "tool_maker_place",
                N_(
                    "Tool maker (1 person): take 1 tool. You hold up to 3 tool tiles; after that "
                    "a new tool raises a tile you have, up to 4."
                ),
            ),
            (
                "hut",
                N_(
                    "Hut (exactly 2 people of one player): gain 1 person, who works from the next round on."
                ),
            ),
            (
                "field",
                N_(
                    "Field (1 person): move up 1 on the food track (at most 10). The track gives that much food "
                    "at every feeding."
                ),
            ),
            (
                "tool",
                N_(
                    "Tools: after a roll, add the value of any of your tiles to the total. Each tile "
                    "works once per round; one-use tool cards work once and are then discarded."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("Civilization cards"),
        (
            (
                "card_sand_bg",
                N_(
                    "Four cards lie face up, costing 1 to 4 resources of any kind (the cost is shown "
                    "above each slot). Put 1 person on a card; when you use it, pay the cost to take it, "
                    "or decline and your person comes home."
                ),
            ),
            (
                "wood",
                N_(
                    "Each card gives something at once: food, resources, points, food production, a tool, "
                    "a one-use tool, an extra card, two resources of your choice, or dice for items "
                    "(everyone picks one die in turn and takes what it shows)."
                ),
            ),
            (
                "culture_writing",
                N_(
                    "A green card bears a culture symbol; a sand-coloured card shows farmers, "
                    "tool makers, hut builders or shamans. Both count at the final scoring."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("Buildings"),
        (
            (
                "building_tile_bg",
                N_(
                    "There is one building stack per player; the top tile of each is face up. "
                    "Put 1 person on a stack; when you use it, pay exactly what the tile shows "
                    "and score its points at once, or decline."
                ),
            ),
            (
                "brick",
                N_(
                    "Some tiles ask for a number of resources of a number of different kinds, or for 1 to 7 "
                    "resources of any kind. They score what you pay: wood 3, brick 4, stone 5, gold 6 each."
                ),
            ),
            (
                "figure_hut_builder",
                N_("Every building also counts for hut builders at the final scoring."),
            ),
        ),
    ),
    RulesPage(
        N_("Feeding"),
        (
            (
                "food_track",
                N_("First the food track gives you its food, then each person eats 1 food."),
            ),
            (
                "food",
                N_(
                    "Short of food? Give up all your food, then pay each missing food with 1 resource "
                    "of any kind."
                ),
            ),
            (
                "score",
                N_(
                    "Or keep your resources and lose 10 points instead. Your people are fed either way."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("End and scoring"),
        (
            (
                None,
                N_(
                    "The game ends when the cards cannot be refilled at the start of a round, or after a round "
                    "in which a building stack ran out."
                ),
            ),
            (
                "culture_music",
                N_(
                    "Green cards: each set of different culture symbols scores its size squared: "
                    "1, 4, 9, 16, 25, 36, 49 or 64 points."
                ),
            ),
            (
                "figure_farmer",
                N_(
                    "Sand-coloured cards: farmers × food production, tool makers × the total value of "
                    "your tools, hut builders × your buildings, shamans × your people."
                ),
            ),
            (
                "gold",
                N_(
                    "Every resource you still have scores 1 point. On a tie, the most food production "
                    "+ tool value + people wins."
                ),
            ),
        ),
    ),
    RulesPage(
        N_("2 or 3 players"),
        (
            (
                "worker_red",
                N_(
                    "With 2 or 3 players only two of the three village spaces (tool maker, hut, field) "
                    "may be used each round."
                ),
            ),
            (
                "forest",
                N_(
                    "With 3 players, at most two players may go to each of forest, clay pit, quarry and river; "
                    "with 2 players, only one. The hunting grounds stay open to everyone."
                ),
            ),
            ("building_tile_bg", N_("There are as many building stacks as players.")),
        ),
    ),
)
