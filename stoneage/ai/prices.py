"""The bots' prices: what a person, a food, a tool point, a figure ... is worth, by table size.

Every level but the frozen ones prices things through ``prices_for(n)``. The values were set by
hand first (``HAND``); the ones in use are fitted by self-play of Normal against Normal
(``tools/tune_prices.py``, see docs/ai.md) and ship in ``stoneage/ai/data/prices.json``, one set
per table size. A table size the file does not hold, or a file that cannot be read, plays with
the hand prices (one log line says why).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass, fields
from functools import lru_cache
from importlib import resources

log = logging.getLogger(__name__)

PRICES_FILE = "prices.json"


@dataclass(frozen=True, slots=True)
class Prices:
    """One table size's prices (the defaults are the hand-set ones)."""

    figure_round: float = 2.5  # points one figure produces in one round
    food_short: float = 3.0  # a food missing at the coming feeding costs a resource or worse
    food_needed: float = 1.6  # a food needed in a later feeding
    food_spare: float = 0.25  # food beyond any foreseeable need
    conversion: float = 0.66  # share of a resource's pips that ends up as points
    tool_use: float = 0.8  # points a tool point adds per round in which it is used
    one_use_pip: float = 0.55  # a one-use tool card, per pip
    track_growth: float = 0.25  # food track steps still expected per round left
    people_growth: float = 0.25  # people still expected per round left
    tool_growth: float = 0.45  # tool points still expected per round left
    green_share: float = 0.45  # share of the cards still to come that are this seat's greens
    figure_cost: float = 2.0  # what a figure would earn on an ordinary gathering space
    certainty: float = 0.8  # share of this round's expected gathering counted on to pay
    block: float = 0.35  # Normal's weight of denying a space to the rival who wants it most
    timing: float = 0.5  # Normal's weight of the lead when an action would end the game


HAND = Prices()
NAMES = tuple(f.name for f in fields(Prices))
# Prices that replace the shipped ones in the current context (self-play tuning: the deciding
# seat's own set; a benchmark's worker: a fitted file). A context variable, so an override
# lives exactly as long as the ``with`` block (or the worker) that made it.
_override: ContextVar[Prices | None] = ContextVar("stoneage_bot_prices", default=None)


def prices_for(n: int) -> Prices:
    """The prices the bots use at a table of ``n`` players."""
    chosen = _override.get()
    if chosen is not None:
        return chosen
    return _fitted().get(n, HAND)


def override(prices: Prices | None) -> Token[Prices | None]:
    """Make every table of this context (this thread, this worker) use ``prices`` (None: the
    shipped ones); the token undoes it (``undo``). ``using`` is the scoped form."""
    return _override.set(prices)


def undo(token: Token[Prices | None]) -> None:
    """Undo the ``override`` that gave ``token``."""
    _override.reset(token)


@contextmanager
def using(prices: Prices | None) -> Iterator[None]:
    """Every table prices by ``prices`` inside the ``with`` block (tuning, tests)."""
    token = override(prices)
    try:
        yield
    finally:
        undo(token)


def from_mapping(row: Mapping[str, object], base: Prices = HAND) -> Prices:
    """``base`` with the numeric fields of ``row`` (unknown names are ignored)."""
    values = {
        name: float(v)
        for name, v in row.items()
        if name in NAMES and isinstance(v, (int, float)) and not isinstance(v, bool)
    }
    return Prices(**{**{name: getattr(base, name) for name in NAMES}, **values})


@lru_cache(maxsize=1)
def _fitted() -> dict[int, Prices]:
    try:
        text = resources.files("stoneage.ai").joinpath("data", PRICES_FILE).read_text("utf-8")
        table = json.loads(text)["by_players"]
        return {int(n): from_mapping(row) for n, row in table.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        log.warning("bot prices not read (%s): playing with the hand-set prices", error)
        return {}
