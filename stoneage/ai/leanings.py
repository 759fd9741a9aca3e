"""What one opponent favours, as data: the leanings a heuristic bot adds to its judgement.

A ``Leaning`` changes how the heuristic (``policy.score_actions``) prices a placement and a
payment, never which actions are legal: a factor on the expected gain of each kind of space and
a bonus in points for placing there (the same factor and bonus when paying for a card or a
building), factors on the table's prices (what a person, a food-track step, a tool point or the
greens to come are worth, so its estimate of a position leans the same way), and a factor on
the level's blocking (denying a space to the rival who wants it most). Hard searches with the
same judgement: its candidates are its judgement's best and its own seat plays it in the
rollouts (``hard.Tactics.own_style``); the futures are judged by the balanced evaluation.
The balanced opponent has no leaning at all (None), so it plays exactly as the levels always
did.

Kinds of space, in the order the tuples below use: the hunting grounds, the four resource spaces,
the hut, the field, the tool maker, the civilization cards, the buildings (``KINDS``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import lru_cache

from . import prices as price_table
from .prices import Prices

KINDS = ("hunt", "wood", "brick", "stone", "gold", "hut", "field", "tools", "cards", "buildings")
# The kind of each board space (by the rules' space index: tool maker, hut, field, hunting
# grounds, forest, clay pit, quarry, river, the four card slots, the four building stacks).
KIND_OF_SPACE = (
    "tools",
    "hut",
    "field",
    "hunt",
    "wood",
    "brick",
    "stone",
    "gold",
    *("cards",) * 4,
    *("buildings",) * 4,
)
PRICE_NAMES = tuple(f.name for f in fields(Prices))
LIMITS = (0.0, 5.0)  # a factor outside this range is a mistake in the roster, not a style


@dataclass(frozen=True, slots=True)
class Leaning:
    """An opponent's leanings (see the module docstring). ``gain`` and ``bonus`` hold one
    value per board space (16), made from the kinds by ``leaning``."""

    gain: tuple[float, ...] = (1.0,) * 16  # factor on a placement's expected gain, by space
    bonus: tuple[float, ...] = (0.0,) * 16  # points added to a placement there, by space
    prices: tuple[tuple[str, float], ...] = ()  # (price name, factor) pairs
    block: float = 1.0  # factor on the level's weight of blocking

    def priced(self, base: Prices) -> Prices:
        """``base`` with this leaning's factors applied (made once per base)."""
        return _priced(self.prices, base) if self.prices else base


def leaning(
    gain: Mapping[str, float] | None = None,
    bonus: Mapping[str, float] | None = None,
    prices: Mapping[str, float] | None = None,
    block: float = 1.0,
) -> Leaning:
    """A ``Leaning`` from factors and bonuses by kind of space (``KINDS``) and factors by price
    name (``prices.Prices``' fields); ``ValueError`` names anything unknown or out of range."""
    gains, bonuses = dict(gain or {}), dict(bonus or {})
    factors = dict(prices or {})
    for name in (*gains, *bonuses):
        if name not in KINDS:
            raise ValueError(f"unknown kind of space {name!r}; the kinds: {', '.join(KINDS)}")
    for name in factors:
        if name not in PRICE_NAMES:
            raise ValueError(f"unknown price {name!r}; the prices: {', '.join(PRICE_NAMES)}")
    for name, value in (*gains.items(), *factors.items(), ("block", block)):
        _check_factor(name, value)
    for name, value in bonuses.items():
        if not -50.0 <= value <= 50.0:
            raise ValueError(f"the bonus of {name} must lie between -50 and 50, got {value!r}")
    return Leaning(
        gain=tuple(float(gains.get(kind, 1.0)) for kind in KIND_OF_SPACE),
        bonus=tuple(float(bonuses.get(kind, 0.0)) for kind in KIND_OF_SPACE),
        prices=tuple(sorted((name, float(value)) for name, value in factors.items())),
        block=float(block),
    )


def _check_factor(name: str, value: float) -> None:
    low, high = LIMITS
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(f"the factor of {name} must lie between {low} and {high}, got {value!r}")


@lru_cache(maxsize=64)
def _priced(factors: tuple[tuple[str, float], ...], base: Prices) -> Prices:
    values = {name: getattr(base, name) for name in PRICE_NAMES}
    for name, factor in factors:
        values[name] *= factor
    return Prices(**values)


@contextmanager
def priced_by(lean: Leaning | None, players: int) -> Iterator[None]:
    """Inside the block every table of ``players`` prices things as ``lean`` leans (its price
    factors on the prices in force); nothing changes without a leaning or price factors."""
    if lean is None or not lean.prices:
        yield
        return
    token = price_table.override(lean.priced(price_table.prices_for(players)))
    try:
        yield
    finally:
        price_table.undo(token)
