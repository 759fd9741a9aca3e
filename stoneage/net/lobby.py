"""A server's lobby: the tables it lists, as the ``tables`` message tells them, and the table a
quick match seats a player at.

A table is listed when its creator asked (``create`` with ``listed``) or when it is a quick
match's; any other table of a server is private (its long code is its only way in). Each
entry tells what a player choosing a table wants to know: its code, its seats (a person's
name, whether the seat is taken, the player's rating as shown; a bot's level), how many seats
are free, the language its creator plays in, whether it began, and for a quick match's table
how many seconds remain before bots fill its empty seats. At most ``MAX_LISTED`` waiting tables
and ``MAX_PLAYING`` tables being played (to watch) are listed, the newest first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .ratings import shown
from .store import TableStore
from .table import NetTable

MAX_LISTED = 50
MAX_PLAYING = 20


def _entry(
    table: NetTable, store: TableStore | None, wall: float, starts_at: float
) -> dict[str, Any]:
    record = table.record
    seats = []
    for i, s in enumerate(record.seats):
        claimed = record.digests[i] is not None
        identity = record.players[i] if i < len(record.players) else None
        rating = None
        if s.is_player and claimed:
            rating = shown(store.rating(identity) if store and identity else None)
        seats.append(
            {
                "kind": s.kind,
                "name": s.name if claimed or not s.is_player else "",
                "level": s.level if not s.is_player else "",
                "claimed": claimed,
                "rating": rating,
            }
        )
    free = sum(s.is_player and d is None for s, d in zip(record.seats, record.digests))
    return {
        "code": record.code,
        "seats": seats,
        "free": 0 if table.started else free,
        "language": record.language,
        "started": table.started,
        "spectators": record.spectators,
        "starts_in": round(max(0.0, starts_at - wall), 1) if starts_at else None,
    }


def entries(
    waiting: Sequence[NetTable],
    playing: Sequence[NetTable],
    store: TableStore | None,
    wall: float,
    starts_at: Callable[[str], float],
) -> list[dict[str, Any]]:
    """The lobby's entries: the listed tables waiting for players (with a free seat), then
    those being played."""
    open_ones = [t for t in waiting if _free(t)][-MAX_LISTED:][::-1]
    watched = list(playing)[-MAX_PLAYING:][::-1]
    return [_entry(t, store, wall, starts_at(t.code)) for t in [*open_ones, *watched]]


def _free(table: NetTable) -> int:
    record = table.record
    return sum(s.is_player and d is None for s, d in zip(record.seats, record.digests))


class _Waiting(Protocol):
    """A table being served, as the quick match sees it."""

    table: NetTable
    starts_at: float


W = TypeVar("W", bound=_Waiting)


def pick(
    waiting: Sequence[W], players: int | None, language: str, identity: str | None
) -> W | None:
    """The quick match's table for a player: among the tables waiting for a quick match's
    players, one of ``players`` seats (any size: None) with a free seat and without this
    player already at it; of those, one in the player's language first, then the fullest
    (the game begins soonest), then the one waiting longest."""
    found = []
    for live in waiting:
        record = live.table.record
        if live.table.started or not _free(live.table):
            continue
        if players is not None and len(record.seats) != players:
            continue
        if identity is not None and identity in record.players:
            continue
        taken = sum(d is not None for d in record.digests)
        same = bool(language) and record.language == language
        found.append(((not same, -taken, live.starts_at), live))
    if not found:
        return None
    return min(found, key=lambda pair: pair[0])[1]
