"""The server's ratings of its players: how good each player identity is, from the finished
games it played against other people.

Ratings come from ``openskill`` (the Weng-Lin Bayesian rating system, its Plackett-Luce model):
made for games of more than two sides, it rates a three- or four-player free-for-all from its
whole finishing order at once (Elo and Glicko rate pairs only; TrueSkill is patented and its
Python package unmaintained), keeps each player's uncertainty (a newcomer moves fast, a
regular slowly), and is a small pure-Python package, MIT-licensed and kept up to date.

Only the seats people played are rated, among themselves (two or more of them, each with an
identity): a bot's seat, or a seat a bot took because nobody joined, is not. A seat whose
player dropped and a stand-in finished is still that player's. The order is the final
scoring's (the rules' tie-break splits equal totals; a shared win is a tie).

The rating shown (``shown``) is the cautious estimate (mean less three deviations) on a scale
where a newcomer has 1000; the leaderboard orders by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.rules import GameState

from .store import Rating, TableStore
from .table import TableRecord

#: A newcomer's rating as shown, and how many points one unit of the model's skill is worth.
SHOWN_BASE = 1000
SHOWN_SCALE = 40


def shown(rating: Rating | None) -> int:
    """The rating a player sees: the cautious estimate, a newcomer at 1000 (None: never rated,
    shown as a newcomer)."""
    if rating is None:
        return SHOWN_BASE
    return round(SHOWN_BASE + SHOWN_SCALE * (rating.mu - 3 * rating.sigma))


def _model() -> Any:
    # Imported here: only a server rates, and the window never loads the library.
    from openskill.models import PlackettLuce

    return PlackettLuce()


def finishing_ranks(state: GameState, seats: Sequence[int]) -> list[int]:
    """The rank of each of ``seats`` (0: first) by the final scoring and its tie-break; equal
    seats share a rank."""
    totals = state.final_scoring()

    def key(seat: int) -> tuple[int, int]:
        p = state.players[seat]
        return totals[seat]["total"], p.track + p.tool_value + p.people

    keys = [key(seat) for seat in seats]
    return [sum(other > mine for other in keys) for mine in keys]


def rate_game(
    store: TableStore, record: TableRecord, state: GameState
) -> dict[int, tuple[int, int]]:
    """Rate the finished game of ``record`` among its people's seats and keep the new ratings;
    per seat rated, its rating (as shown) before and after. Nothing when fewer than two seats
    played by people have an identity."""
    seats = [
        i
        for i, s in enumerate(record.seats)
        if s.is_player and i < len(record.players) and record.players[i]
    ]
    if len(seats) < 2 or not state.is_terminal():
        return {}
    model = _model()
    before: list[Rating] = []
    for seat in seats:
        identity = record.players[seat]
        assert identity is not None
        known = store.rating(identity)
        if known is None:
            fresh = model.rating()
            known = Rating(identity, record.seats[seat].name, fresh.mu, fresh.sigma, 0)
        before.append(known)
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = model.rate(teams, ranks=finishing_ranks(state, seats))
    changes: dict[int, tuple[int, int]] = {}
    for seat, old, (new,) in zip(seats, before, after):
        rated = Rating(old.identity, record.seats[seat].name, new.mu, new.sigma, old.games + 1)
        store.save_rating(rated)
        changes[seat] = (shown(old if old.games else None), shown(rated))
    return changes


def leaderboard(store: TableStore, limit: int = 20) -> list[dict[str, Any]]:
    """The best rated players: name, rating as shown and games played, best first."""
    return [{"name": r.name, "rating": shown(r), "games": r.games} for r in store.leaders(limit)]
