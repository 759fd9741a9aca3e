"""Which resource combinations pay for a card, a building or a feeding shortfall.

Enumeration is cached on the holdings capped at what could ever be paid, so the few shapes
that recur all game are computed once.
"""

from __future__ import annotations

from functools import cache

from .data import RESOURCE_VALUES, Building

Resources = tuple[int, int, int, int]


@cache
def exact_payments(holdings: Resources, count: int) -> tuple[Resources, ...]:
    """Every way to pay exactly ``count`` resources out of ``holdings``, in a fixed order.

    The order is lexicographic with gold varying fastest, so the first entries spend
    wood and brick before stone and gold.
    """
    w_max, b_max, s_max, g_max = (min(h, count) for h in holdings)
    found: list[Resources] = []
    for w in range(min(w_max, count), -1, -1):
        for b in range(min(b_max, count - w), -1, -1):
            for s in range(min(s_max, count - w - b), -1, -1):
                g = count - w - b - s
                if g <= g_max:
                    found.append((w, b, s, g))
    return tuple(found)


def capped(holdings: Resources, cap: int) -> Resources:
    """Holdings with each amount capped at ``cap`` (the cache key of the enumerations)."""
    return (min(holdings[0], cap), min(holdings[1], cap), min(holdings[2], cap), min(holdings[3], cap))


def kinds_of(payment: Resources) -> int:
    """How many different resources a payment uses."""
    return (payment[0] > 0) + (payment[1] > 0) + (payment[2] > 0) + (payment[3] > 0)


def value_of(payment: Resources) -> int:
    """Points a payment is worth in a variable or flexible building (wood 3 ... gold 6)."""
    return sum(n * v for n, v in zip(payment, RESOURCE_VALUES))


@cache
def building_payments(tile: Building, holdings: Resources) -> tuple[Resources, ...]:
    """Every legal payment for a building tile out of ``holdings`` (capped by the caller)."""
    if tile.kind == "fixed":
        cost = tile.cost
        affordable = all(h >= c for h, c in zip(holdings, cost))
        return (cost,) if affordable else ()
    if tile.kind == "variable":
        return tuple(p for p in exact_payments(holdings, tile.count) if kinds_of(p) == tile.kinds)
    found: list[Resources] = []
    for count in range(tile.max_count, tile.min_count - 1, -1):
        found.extend(exact_payments(holdings, count))
    return tuple(found)


def building_points(tile: Building, payment: Resources) -> int:
    """Points scored for a building: printed for fixed tiles, the value paid otherwise."""
    return tile.points if tile.kind == "fixed" else value_of(payment)


def payment_cap(tile: Building) -> int:
    """The most of one resource a building could ever take (for the cache key)."""
    if tile.kind == "fixed":
        return max(tile.cost)
    return tile.count if tile.kind == "variable" else tile.max_count
