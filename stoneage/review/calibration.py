"""From the end of the round to the end of the game: what the gap between two moves, as the
review's search measures it at the end of the round, is worth by the end of the game.

Hard judges a move by the seat's *expected lead* at the end of the round (its evaluation of
every seat's final score there; the Hint's measure). Held against what the two moves lead to by
the end of the game (playouts to the end with Normal bots in every seat and fresh dice), the
round's end overstates placements about twofold and understates a payment declined before the
last round, while a step whose round ends the game is exact (``bench/review_accuracy.py``).
``game_gap`` scales the round's gap by a factor fitted on such playouts for the kind of
decision (``FACTORS``, with the command that fitted them).

The scaling is a pure function of what a judged decision stores (its kind and the rounds left
after it), so a review stored before it existed is brought to the same measure when it is read
(``analysis.upgraded``), and the same replay, budget and seed still give the same review.
"""

from __future__ import annotations

from typing import Final

#: The end-of-game worth of one point of the round's gap, by group of decisions (``group_of``),
#: fitted by ``python bench/review_accuracy.py --fit`` on playouts to the end (docs/ai.md).
FACTORS: Final[dict[str, float]] = {
    "play": 1.0,  # placements and the steps of the round's play (order, tools, dice for items)
    "payment": 1.0,  # paying for a card or a building, or not
    "feeding": 1.0,  # hunger costs its 10 points whenever it comes: left as measured
    "last_round": 1.0,  # any step of the game's last round: its end is the game's
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
