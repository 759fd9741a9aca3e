"""Per-level statistics of a series: win rates with Wilson intervals, scores, thinking time.

A shared win counts as a win for each of the winners (so win rates of a series can add up to
more than 100 %); ``shared_wins`` says how many of the wins were shared.
"""

from __future__ import annotations

import math
from statistics import mean, median
from typing import Any

from stoneage.ai import roster
from stoneage.sim import GameResult

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a win rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denom = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denom
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denom
    # Rounding can leave the bound a hair inside an all-or-nothing rate; it holds it exactly.
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


def level_stats(results: list[GameResult]) -> dict[str, dict[str, Any]]:
    """Statistics per seat type (level), over every seat that level held in the series."""
    levels = sorted({seat.level for game in results for seat in game.seats}, key=_level_order)
    return {level: _one_level(results, level) for level in levels}


def _level_order(label: str) -> tuple[int, int, str]:
    """Levels strongest first, each level's opponents in the roster's order (``hard``, then
    ``farmer:hard`` ...), anything else last."""
    order = ("hard", "hard1", "normal", "easy", "random")
    opponent, _, level = label.rpartition(":")
    ids = [o.id for o in roster()]
    rank = ids.index(opponent) if opponent in ids else (0 if not opponent else len(ids))
    return (order.index(level) if level in order else len(order), rank, label)


def wins_by_seat(results: list[GameResult], level: str) -> list[list[int]]:
    """``[wins, finished games]`` of ``level`` in each seat (seat 0 starts the first round).

    Between two searching bots at 2 players the first seat is worth a lot (docs/ai.md), so a
    level's strength is only comparable over rotated seats; this shows where it wins."""
    seats = max((len(game.seats) for game in results), default=0)
    table = [[0, 0] for _ in range(seats)]
    for game in results:
        if game.capped:
            continue
        for index, seat in enumerate(game.seats):
            if seat.level == level:
                table[index][0] += seat.won
                table[index][1] += 1
    return table


def _one_level(results: list[GameResult], level: str) -> dict[str, Any]:
    seats = [(game, seat) for game in results for seat in game.seats if seat.level == level]
    finished = [(g, s) for g, s in seats if not g.capped]
    wins = sum(s.won for _, s in finished)
    low, high = wilson(wins, len(finished))
    scores = [s.score for _, s in finished]
    winning = [s.score for _, s in finished if s.won]
    times = [t for _, s in seats for t in s.decision_times]
    per_game = [sum(s.decision_times) for _, s in seats]
    return {
        "seat_games": len(seats),
        "games_finished": len(finished),
        "wins": wins,
        "shared_wins": sum(s.shared for _, s in finished),
        "win_rate": wins / len(finished) if finished else 0.0,
        "win_rate_ci95": [low, high],
        "mean_score": mean(scores) if scores else None,
        "median_score": median(scores) if scores else None,
        "mean_winning_score": mean(winning) if winning else None,
        "decisions": len(times),
        "mean_decision_s": mean(times) if times else None,
        "median_decision_s": median(times) if times else None,
        "slowest_decision_s": max(times) if times else None,
        "mean_thinking_per_game_s": mean(per_game) if per_game else None,
        "max_thinking_per_game_s": max(per_game) if per_game else None,
        "round_cap_failures": sum(g.capped for g, _ in seats),
        "wins_by_seat": wins_by_seat(results, level),
    }


def series_summary(results: list[GameResult]) -> dict[str, Any]:
    """Whole-series figures: games, mean rounds and the games that hit the round cap."""
    return {
        "games": len(results),
        "mean_rounds": mean(r.rounds for r in results) if results else None,
        "round_cap_failures": [r.index for r in results if r.capped],
    }
