"""Final scoring (every category per seat) and the winners after the tie-break."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final, Protocol

from . import data
from .data import STARVATION_PENALTY

if TYPE_CHECKING:
    from .core import StateCore
    from .player import Player

#: The categories of the final scoring, in the order they are shown (``data``, which the
#: events read without the scoring).
CATEGORIES: Final = data.SCORING_CATEGORIES


def green_set_points(symbols: list[str]) -> int:
    """Sets of different culture symbols score (set size) squared; duplicates start new sets."""
    counts = Counter(symbols)
    points = 0
    while counts:
        points += len(counts) ** 2
        counts = Counter({s: n - 1 for s, n in counts.items() if n > 1})
    return points


def role_figures(card_ids: tuple[str, ...]) -> dict[str, int]:
    """Sand-card figures per role (farmer, tool_maker, hut_builder, shaman)."""
    figures = dict.fromkeys(data.ROLES, 0)
    for card_id in card_ids:
        card = data.cards().get(card_id)
        if card is not None and card.role:
            figures[card.role] += card.role_count
    return figures


def scoring_cards(p: Player) -> tuple[str, ...]:
    """Every card whose bottom scores: cards taken plus known extra cards ('?' is unknown)."""
    return p.cards + tuple(c for c in p.extras if c != "?")


def player_scoring(p: Player) -> dict[str, int]:
    """The final-scoring breakdown of one player."""
    cards = scoring_cards(p)
    symbols = [culture for c in cards if (culture := data.cards()[c].culture)]
    figures = role_figures(cards)
    result = {
        "buildings": p.building_points,
        "card_points": p.card_points,
        "green_sets": green_set_points(symbols),
        "farmers": figures["farmer"] * p.track,
        "tool_makers": figures["tool_maker"] * p.tool_value,
        "hut_builders": figures["hut_builder"] * len(p.buildings),
        "shamans": figures["shaman"] * p.people,
        "resources": sum(p.res),
        "feeding_penalties": -STARVATION_PENALTY * p.penalties,
    }
    result["total"] = sum(result.values())
    return result


def final_scoring(state: StateCore) -> list[dict[str, int]]:
    """Per seat: the final-scoring categories and the total."""
    return [player_scoring(p) for p in state.players]


class TieBreakFigures(Protocol):
    """What the tie-break reads of a seat: a ``Player``, or anything with these figures (a
    protocol, not the class: compiled, a parameter typed ``Player`` would refuse anything
    else, where the plain Python reads whatever has them)."""

    @property
    def track(self) -> int:
        """Food track."""
        ...

    @property
    def tool_value(self) -> int:
        """Total value of the tool tiles."""
        ...

    @property
    def people(self) -> int:
        """People."""
        ...


def tie_break(p: TieBreakFigures) -> int:
    """The tie-break value: food track + total tool value + people."""
    return p.track + p.tool_value + p.people


def winners(state: StateCore) -> list[int]:
    """Seats with the highest total; among tied seats, those with the highest tie-break.
    Still tied: a shared win (several seats)."""
    totals = [row["total"] for row in final_scoring(state)]
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    best_break = max(tie_break(state.players[seat]) for seat in tied)
    return [seat for seat in tied if tie_break(state.players[seat]) == best_break]
