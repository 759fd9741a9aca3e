"""What a gathering space can yield: the chance of each amount for a number of figures.

The placing player sees this while hovering a space. The dice are thrown later, one die per
figure; the total divided by the space's number (2 for food, 3 wood, 4 brick, 5 stone, 6 gold),
rounded down, is the yield. Unused tools (tiles not yet used this round and one-use cards) are
added after the dice are seen, so the best the player can make of a roll is the yield of the
total plus all of them. The preview gives both: with every unused tool and without any.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from stoneage.rules import GameState, dice_sum_weights
from stoneage.rules.data import GATHER_SPACES, gather_divisor


@dataclass(frozen=True, slots=True)
class YieldPreview:
    """The yield of ``figures`` figures on a gathering space for one player."""

    space: int
    figures: int
    divisor: int
    tools: int  # pips of the player's unused tool tiles and one-use tool cards
    chances: tuple[tuple[int, Fraction], ...]  # (amount, probability) using every unused tool
    expected: float  # with every unused tool
    expected_without_tools: float

    def grouped(self, floor: float = 0.03) -> tuple[tuple[str, Fraction], ...]:
        """Every amount with its chance, the unlikely tails folded into ranges ('0–2', '6–9') so
        the list stays short: each shown entry has at least ``floor`` chance (or is a folded tail)."""
        chances = list(self.chances)
        low: list[tuple[int, Fraction]] = []
        while len(chances) > 1 and chances[0][1] < floor:
            low.append(chances.pop(0))
        high: list[tuple[int, Fraction]] = []
        while len(chances) > 1 and chances[-1][1] < floor:
            high.insert(0, chances.pop())
        out: list[tuple[str, Fraction]] = []
        if low:
            chances[0] = (chances[0][0], chances[0][1] + sum(c for _a, c in low))
            out.append((f"{low[0][0]}–{chances[0][0]}", chances.pop(0)[1]))
        tail = None
        if high:
            last = chances.pop()
            tail = (f"{last[0]}–{high[-1][0]}", last[1] + sum(c for _a, c in high))
        out.extend((str(amount), chance) for amount, chance in chances)
        if tail is not None:
            out.append(tail)
        return tuple(out)


def yield_distribution(figures: int, divisor: int, bonus: int) -> tuple[tuple[int, Fraction], ...]:
    """(amount, probability) of ``(dice total + bonus) // divisor`` for ``figures`` dice."""
    sums, weights = dice_sum_weights(figures)
    total = sum(weights)
    amounts: dict[int, int] = {}
    for dice, ways in zip(sums, weights):
        amount = (dice + bonus) // divisor
        amounts[amount] = amounts.get(amount, 0) + ways
    return tuple((amount, Fraction(ways, total)) for amount, ways in sorted(amounts.items()))


def expected_value(chances: tuple[tuple[int, Fraction], ...]) -> float:
    """The mean of a distribution of amounts."""
    return float(sum(amount * chance for amount, chance in chances))


def yield_preview(state: GameState, seat: int, space: int, figures: int) -> YieldPreview | None:
    """The preview for ``figures`` figures of ``seat`` on ``space`` (None for a space that
    rolls no dice, or for no figures)."""
    if space not in GATHER_SPACES or figures <= 0:
        return None
    player = state.players[seat]
    divisor = gather_divisor(space)
    tools = sum(player.tools_free) + sum(player.one_use)
    chances = yield_distribution(figures, divisor, tools)
    plain = yield_distribution(figures, divisor, 0)
    return YieldPreview(
        space, figures, divisor, tools, chances, expected_value(chances), expected_value(plain)
    )
