"""From the end of the round to the end of the game: what the gap between two moves, as Hard's
search measures it at the end of the round, is worth by the end of the game.

Hard judges a move by the seat's *expected lead at the end of the round* (its estimate, there,
of every seat's final score; the Hint's measure). Held against what the two moves lead to by the
end of the game (playouts to the end with Normal's judgement in every seat and fresh dice), that
gap is about right in the game's last round (its end is the game's), more than twice too big for
a placement or any other step of the play before it, and says next to nothing for a payment
(which resources to pay with, or whether to buy), whose worth shows only later
(``bench/review_accuracy.py --fit``, docs/ai.md).

``game_gap`` carries a round's gap to the game's end by a factor fitted for its group of
decisions (``FACTORS``); ``blended`` weighs that against two moves played to the end of the game
(``ending``), each by how far it is known to stray: the carried gap by ``SPREADS`` (fitted with
the factors), the playouts by their standard error.
"""

from __future__ import annotations

from typing import Final

from .ending import Ending

#: The end-of-game worth of one point of the round's gap, by group of decisions (``group_of``):
#: least squares through the origin on 102 decisions of 15 seeded 4-player games (seeds
#: 5000-5003, 5100-5104, 5200-5201, 5300-5301, 5400-5402; 300 playouts to the end each), with
#: ``python bench/review_accuracy.py --fit`` (docs/ai.md). Feeding had no decision in the sample:
#: left as measured.
FACTORS: Final[dict[str, float]] = {
    "play": 0.42,  # placements and the other steps of the round's play before the last round
    "payment": 0.07,  # paying for a card or a building, or not, before the last round
    "feeding": 1.0,  # hunger's 10 points are counted at once: left as measured
    "last_round": 1.0,  # any step of the game's last round: its end is the game's
}

#: How far the game's end strays from the carried gap (points, one standard deviation beyond
#: the playouts' own noise), by group, fitted with ``FACTORS``.
SPREADS: Final[dict[str, float]] = {
    "play": 6.0,
    "payment": 4.0,
    "feeding": 6.0,  # no decision in the sample: as the play's
    "last_round": 1.9,
}


def group_of(category: str, rounds_left: int) -> str:
    """The group of a decision of ``category`` (``model.CATEGORIES``) with ``rounds_left``
    rounds expected after its own."""
    if rounds_left <= 0:
        return "last_round"
    if category in ("payment", "feeding"):
        return category
    return "play"


def game_gap(gap: float, category: str, rounds_left: int) -> float:
    """The round's ``gap`` between two moves (Hard's lead minus the player's, points) as the
    points it is worth by the end of the game."""
    return gap * FACTORS[group_of(category, rounds_left)]


def blended(gap: float, category: str, rounds_left: int, ending: Ending) -> float:
    """The points a move gave away by the end of the game, from the round's ``gap`` carried
    there (``game_gap``) and the two moves played to the end (``ending``), each weighted by
    the inverse of its variance."""
    carried = game_gap(gap, category, rounds_left)
    spread = SPREADS[group_of(category, rounds_left)]
    total = spread**2 + ending.error**2
    if total <= 0.0:
        return ending.gap
    weight = spread**2 / total
    return weight * ending.gap + (1.0 - weight) * carried
