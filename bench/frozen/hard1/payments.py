"""The bots' own reckoning of what a card or a building would cost from given holdings.

The engine lists the legal payments only for the step being decided; a bot planning its
placements needs the same answer for holdings it merely expects, so it reckons here. Paying a
unit of a resource turns its held worth into its pips (buildings) or into nothing (cards).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from stoneage.rules.data import RESOURCE_VALUES, Building

Holdings = tuple[int, int, int, int]
Prices = tuple[float, float, float, float]


def card_cost(holdings: Holdings, count: int, prices: Prices) -> float | None:
    """Worth given up paying ``count`` resources for a card (cheapest first); None if short."""
    if sum(holdings) < count:
        return None
    lost, left = 0.0, count
    for index in sorted(range(4), key=prices.__getitem__):
        take = min(left, holdings[index])
        lost += take * prices[index]
        left -= take
    return lost


def building_gain(
    tile: Building, holdings: Holdings, prices: Prices
) -> tuple[float, Holdings] | None:
    """Best (points minus worth paid, payment) for a building tile; None when unaffordable."""
    if tile.kind == "fixed":
        if any(h < c for h, c in zip(holdings, tile.cost)):
            return None
        return tile.points - _worth(tile.cost, prices), tile.cost
    best: tuple[float, Holdings] | None = None
    for payment in _candidate_payments(tile, _cap(holdings, 7)):
        gain = sum(n * (v - p) for n, v, p in zip(payment, RESOURCE_VALUES, prices))
        if best is None or gain > best[0]:
            best = (gain, payment)
    return best


def _worth(amounts: Holdings, prices: Prices) -> float:
    return sum(n * p for n, p in zip(amounts, prices))


def _cap(holdings: Holdings, cap: int) -> Holdings:
    return tuple(min(h, cap) for h in holdings)  # type: ignore[return-value]


@lru_cache(maxsize=8192)
def _candidate_payments(tile: Building, holdings: Holdings) -> tuple[Holdings, ...]:
    """Payments worth considering: for each allowed count, the most valuable resources first.

    Every unit paid into a variable or flexible tile scores its pips, and its pips exceed its
    held worth, so for a given set of kinds the best payment fills up from the dearest kind.
    """
    if tile.kind == "variable":
        counts, kinds_options = [tile.count], [tile.kinds]
    else:
        counts, kinds_options = list(range(tile.min_count, tile.max_count + 1)), [1, 2, 3, 4]
    found: set[Holdings] = set()
    for kinds in kinds_options:
        for chosen in combinations(range(4), kinds):
            for count in counts:
                payment = _fill(holdings, chosen, count, exact_kinds=tile.kind == "variable")
                if payment is not None:
                    found.add(payment)
    return tuple(sorted(found))


def _fill(
    holdings: Holdings, kinds: tuple[int, ...], count: int, exact_kinds: bool
) -> Holdings | None:
    """One of each chosen kind (when exact), then the rest from the dearest kinds down."""
    if sum(holdings[k] for k in kinds) < count or (exact_kinds and len(kinds) > count):
        return None
    pay = [0, 0, 0, 0]
    if exact_kinds:
        for k in kinds:
            if holdings[k] == 0:
                return None
            pay[k] = 1
    left = count - sum(pay)
    for k in sorted(kinds, reverse=True):
        take = min(left, holdings[k] - pay[k])
        pay[k] += take
        left -= take
    return tuple(pay)  # type: ignore[return-value]
