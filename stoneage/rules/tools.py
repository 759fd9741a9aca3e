"""Tool choices after a roll: which unused tiles and one-use cards may be added."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .actions import Action, UseTools
from .core import compiled
from .data import gather_divisor
from .player import Player


def tool_options(p: Player, space: int, total: int) -> tuple[Action, ...]:
    """Tool choices after a roll: none, or any set of unused tiles and one-use cards in which
    every tool raises the yield (adding a tool that changes nothing is never offered)."""
    div = gather_divisor(space)
    # Only the remainder of the dice total matters: whether a tool crosses the next multiple.
    free, one_use, remainder = p.tools_free, p.one_use, total % div
    if _NATIVE and len(free) <= 3 and len(one_use) <= 3:
        # Compiled, the options are kept by an int (a tuple of tuples built and hashed at every
        # roll with tools cost more than finding them): the divisor and the remainder, then
        # each tool's value (1-4) in three bits, the tiles from bit 6 and the cards from bit 15
        # (at most three of each, and a value is never 0, so the key is unambiguous).
        packed = div | remainder << 3
        shift = 6
        for value in free:
            packed |= value << shift
            shift += 3
        shift = 15
        for value in one_use:
            packed |= value << shift
            shift += 3
        known = _OPTIONS_BY_INT.get(packed)
        if known is None:
            if len(_OPTIONS_BY_INT) > 4096:  # a bound on memory, as below
                _OPTIONS_BY_INT.clear()
            known = _OPTIONS_BY_INT[packed] = _options(free, one_use, div, remainder)
        return known
    key = (free, one_use, div, remainder)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) > 4096:  # a bound on memory; the same few keys recur all game
            _OPTIONS.clear()
        found = _OPTIONS[key] = _options(free, one_use, div, remainder)
    return found


# The options by (unused tiles, one-use cards, divisor, remainder): a dict read here rather
# than a ``functools`` cache, which compiled is a call through Python's calling convention.
_OPTIONS: Final[dict[tuple[tuple[int, ...], tuple[int, ...], int, int], tuple[Action, ...]]] = {}
_OPTIONS_BY_INT: Final[dict[int, tuple[Action, ...]]] = {}
_NATIVE: Final = compiled()


def _options(
    free: tuple[int, ...], one_use: tuple[int, ...], div: int, remainder: int
) -> tuple[Action, ...]:
    options: list[Action] = [UseTools((), ())]
    for tiles in _sub_multisets(free):
        for cards in _sub_multisets(one_use):
            used = tiles + cards
            amount = sum(used)
            if used and (remainder + amount - min(used)) // div < (remainder + amount) // div:
                options.append(UseTools(tiles, cards))
    return tuple(options)


def tools_could_help(p: Player, space: int, total: int) -> bool:
    """Whether adding every unused tool would raise this roll's yield."""
    div = gather_divisor(space)
    return (total + sum(p.tools_free) + sum(p.one_use)) // div > total // div


@lru_cache(maxsize=256)
def _sub_multisets(values: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Distinct sub-multisets of a descending tuple, each descending (at most 8 for 3 items)."""
    found: set[tuple[int, ...]] = {()}
    for value in values:
        found |= {tuple(sorted(sub + (value,), reverse=True)) for sub in found}
    return sorted(found, key=lambda sub: (len(sub), [-v for v in sub]))
