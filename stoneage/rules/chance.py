"""Exact probabilities of the game's chance events, as integer weights and as fractions.

All tables are computed once: a k-dice sum distribution, and the multiset distribution of the
dice-for-items roll. Sampling uses the integer weights, so it is exact for any ``random.Random``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations_with_replacement
from math import factorial
from typing import Final

FACES: Final = (1, 2, 3, 4, 5, 6)


@cache
def dice_sum_weights(k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sums of k six-sided dice and the number of the 6**k rolls giving each, ascending."""
    counts = {0: 1}
    for _ in range(k):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in FACES:
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    sums = tuple(sorted(counts))
    return sums, tuple(counts[s] for s in sums)


@cache
def dice_multiset_weights(k: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Unordered faces of k dice (ascending tuples) and the number of ordered rolls for each."""
    outcomes = tuple(combinations_with_replacement(FACES, k))
    weights = []
    for faces in outcomes:
        ways = factorial(k)
        for repeat in Counter(faces).values():
            ways //= factorial(repeat)
        weights.append(ways)
    return outcomes, tuple(weights)


@cache
def fraction(weight: int, total: int) -> Fraction:
    """``Fraction(weight, total)``, cached: the same few values recur all game long."""
    return Fraction(weight, total)


@cache
def dice_sum_cumulative(k: int) -> tuple[int, ...]:
    """Running totals of ``dice_sum_weights(k)``, for sampling by bisection."""
    return tuple(accumulate(dice_sum_weights(k)[1]))


@cache
def dice_multiset_cumulative(k: int) -> tuple[int, ...]:
    """Running totals of ``dice_multiset_weights(k)``, for sampling by bisection."""
    return tuple(accumulate(dice_multiset_weights(k)[1]))
