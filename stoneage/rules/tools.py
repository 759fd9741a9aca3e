"""Tool choices after a roll: which unused tiles and one-use cards may be added."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .actions import Action, UseTools
from .data import gather_divisor
from .player import Player


def tool_options(p: Player, space: int, total: int) -> tuple[Action, ...]:
    """Tool choices after a roll: none, or any set of unused tiles and one-use cards in which
    every tool raises the yield (adding a tool that changes nothing is never offered)."""
    div = gather_divisor(space)
    # Only the remainder of the dice total matters: whether a tool crosses the next multiple.
    free, one_use, remainder = p.tools_free, p.one_use, total % div
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
