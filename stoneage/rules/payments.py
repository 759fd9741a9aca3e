"""Which resource combinations pay for a card, a building or a feeding shortfall.

Enumeration is cached on the holdings capped at what could ever be paid, so the few shapes
that recur all game are computed once.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from . import data
from .actions import DECLINE, STARVE, Action, Feed, Pay
from .data import RESOURCE_VALUES, Building

Resources = tuple[int, int, int, int]


@cache
def exact_payments(holdings: Resources, count: int) -> tuple[Resources, ...]:
    """Every way to pay exactly ``count`` resources out of ``holdings``, in a fixed order.

    The order is lexicographic with gold varying fastest, so the first entries spend
    wood and brick before stone and gold.
    """
    # Unpacked and capped one by one, not through a generator (compiled, an object built and
    # resumed per item on every cache miss; random play misses often in its first games).
    w_max, b_max, s_max, g_max = holdings
    b_max, s_max, g_max = min(b_max, count), min(s_max, count), min(g_max, count)
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
    w, b, s, g = holdings  # conditional expressions: a third of the cost of four min() calls
    return (
        w if w < cap else cap,
        b if b < cap else cap,
        s if s < cap else cap,
        g if g < cap else cap,
    )


def kinds_of(payment: Resources) -> int:
    """How many different resources a payment uses."""
    return (payment[0] > 0) + (payment[1] > 0) + (payment[2] > 0) + (payment[3] > 0)


def value_of(payment: Resources) -> int:
    """Points a payment is worth in a variable or flexible building (wood 3 ... gold 6)."""
    # Spelled out, not ``sum()`` over a generator: compiled, a generator is an object built
    # and resumed item by item.
    w, b, s, g = RESOURCE_VALUES
    return payment[0] * w + payment[1] * b + payment[2] * s + payment[3] * g


def building_payments(tile: Building, holdings: Resources) -> tuple[Resources, ...]:
    """Every legal payment for a building tile out of ``holdings`` (capped by the caller).

    Not cached itself: its one caller, ``building_payments_for``, keeps what it returns under
    a key of ints, where a cache here would hash the tile's dataclass (Python code) each call.
    """
    if tile.kind == "fixed":
        cost = tile.cost
        affordable = all(h >= c for h, c in zip(holdings, cost))
        return (cost,) if affordable else ()
    if tile.kind == "variable":
        exact = exact_payments(capped(holdings, tile.count), tile.count)
        return tuple(p for p in exact if kinds_of(p) == tile.kinds)
    found: list[Resources] = []
    for count in range(tile.max_count, tile.min_count - 1, -1):
        # Capped at the count, the few small counts hit the cache whatever the holdings.
        found.extend(exact_payments(capped(holdings, count), count))
    return tuple(found)


def building_points(tile: Building, payment: Resources) -> int:
    """Points scored for a building: printed for fixed tiles, the value paid otherwise."""
    return tile.points if tile.kind == "fixed" else value_of(payment)


def payment_cap(tile: Building) -> int:
    """The most of one resource a building could ever take (for the cache key)."""
    if tile.kind == "fixed":
        return max(tile.cost)
    return tile.count if tile.kind == "variable" else tile.max_count


# --- cached per (what is paid for, capped holdings) ----------------------------------------------
# The engine asks these on every purchase and feeding shortfall. Each cache is keyed by one int:
# the capped holdings packed four bits a resource (``packed``), with the cost, the shortfall or
# the tile's number. Compiled, an int is built and hashed at no cost, where a key of tuples
# would be allocated and hashed item by item; run as plain Python it is no dearer either.
_BUILDING_FOUND: Final[dict[int, tuple[Resources, ...]]] = {}
_BUILDING_ACTIONS: Final[dict[int, tuple[Action, ...]]] = {}
_CARD_ACTIONS: Final[dict[int, tuple[Action, ...]]] = {}
_FEED_ACTIONS: Final[dict[int, tuple[Action, ...]]] = {}


def packed(holdings: Resources, cap: int) -> int:
    """``capped(holdings, cap)`` as one int, four bits an amount (``cap`` is at most 15)."""
    w, b, s, g = holdings
    return (
        (w if w < cap else cap) << 12
        | (b if b < cap else cap) << 8
        | (s if s < cap else cap) << 4
        | (g if g < cap else cap)
    )


def _unpacked(key: int) -> Resources:
    """The capped holdings ``packed`` made (from the low 16 bits of ``key``)."""
    return (key >> 12 & 15, key >> 8 & 15, key >> 4 & 15, key & 15)


def _tile_and_cap(tile_id: str) -> tuple[Building, int, int]:
    """The tile, the most of one resource it could take, and its number (a cache key part)."""
    # A dict read rather than a ``functools`` cache: compiled, that is a call through Python's
    # calling convention on every purchase and building resolved.
    found = _TILE_AND_CAP.get(tile_id)
    if found is None:
        tile = data.buildings()[tile_id]
        found = _TILE_AND_CAP[tile_id] = (
            tile,
            payment_cap(tile),
            data.building_ids().index(tile_id),
        )
    return found


_TILE_AND_CAP: Final[dict[str, tuple[Building, int, int]]] = {}


def building_payments_for(tile_id: str, holdings: Resources) -> tuple[Resources, ...]:
    """Every legal payment for the building tile ``tile_id`` out of ``holdings``."""
    tile, cap, number = _tile_and_cap(tile_id)
    if tile.kind == "fixed":  # one payment or none: cheaper to see than to look up
        cost = tile.cost
        w, b, s, g = holdings
        return (cost,) if w >= cost[0] and b >= cost[1] and s >= cost[2] and g >= cost[3] else ()
    key = number << 16 | packed(holdings, cap)
    found = _BUILDING_FOUND.get(key)
    if found is None:
        found = _BUILDING_FOUND[key] = building_payments(tile, _unpacked(key))
    return found


def card_payment_actions(holdings: Resources, cost: int) -> tuple[Action, ...]:
    """``Pay`` actions for a card costing ``cost`` resources, then ``Decline``."""
    key = cost << 16 | packed(holdings, cost)
    found = _CARD_ACTIONS.get(key)
    if found is None:
        payments = exact_payments(_unpacked(key), cost)
        found = _CARD_ACTIONS[key] = _interned(Pay, payments, DECLINE)
    return found


def building_payment_actions(tile_id: str, holdings: Resources) -> tuple[Action, ...]:
    """``Pay`` actions for the building tile ``tile_id``, then ``Decline``."""
    _, cap, number = _tile_and_cap(tile_id)
    key = number << 16 | packed(holdings, cap)
    found = _BUILDING_ACTIONS.get(key)
    if found is None:
        payments = building_payments_for(tile_id, _unpacked(key))
        found = _BUILDING_ACTIONS[key] = _interned(Pay, payments, DECLINE)
    return found


def feed_actions(holdings: Resources, short: int) -> tuple[Action, ...]:
    """``Feed`` actions paying a shortfall of ``short`` food with resources, then ``Starve``."""
    key = short << 16 | packed(holdings, short)
    found = _FEED_ACTIONS.get(key)
    if found is None:
        payments = exact_payments(_unpacked(key), short)
        found = _FEED_ACTIONS[key] = _interned(Feed, payments, STARVE)
    return found


# The one ``Pay`` and the one ``Feed`` per payment, keyed by the payment itself (one dict a
# kind: no key tuple is built per look-up). Typed as tuples of any length, which is what they
# hold: compiled, a ``Resources`` (four ints) is kept unpacked in C, so a payment read as one
# would be unpacked from its tuple and packed into a new tuple again to be looked up.
_INTERNED_PAY: Final[dict[tuple[int, ...], Action]] = {}
_INTERNED_FEED: Final[dict[tuple[int, ...], Action]] = {}


def _interned(
    kind: type[Pay] | type[Feed], payments: tuple[tuple[int, ...], ...], last: Action
) -> tuple[Action, ...]:
    """``Pay`` or ``Feed`` actions for the payments (each a ``Resources``), followed by
    ``last``; the same payment gives the same action object everywhere (cheaper to build, and
    compared by identity)."""
    interned = _INTERNED_PAY if kind is Pay else _INTERNED_FEED
    found: list[Action] = []
    for payment in payments:
        action = interned.get(payment)
        if action is None:
            w, b, s, g = payment  # a new payment: checked to be four amounts as it is made
            action = interned[payment] = kind((w, b, s, g))
        found.append(action)
    found.append(last)
    return tuple(found)
