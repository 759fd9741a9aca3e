"""Headless games between bots, and the statistics of a series of them.

``play_game`` plays one seeded game on the program's one match driver (``stoneage.play.match``)
and so under its one seed policy: the chance outcome at each node is drawn from the game's seed
and the number of actions taken, and each bot decision from the seed, the seat and the move, so
a game replays exactly (Hard too when it thinks by rollouts rather than by the clock), and the
same seed gives the same game here and in the window. ``run_series`` plays many games on
several processes, rotating the seating so that every bot sits in every seat equally often.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from stoneage.ai import Bot, Budget
from stoneage.ai.leanings import KIND_OF_SPACE, KINDS
from stoneage.play.match import Match
from stoneage.play.seats import bot_seats
from stoneage.rules import GameState, Place

ROUND_CAP = 50  # a game still running after this many rounds has stalled: a failure


@dataclass(slots=True)
class SeatResult:
    """One seat of one game: who sat there and how it went."""

    level: str
    score: int
    won: bool
    shared: bool  # the win was shared with another seat
    decision_times: list[float] = field(default_factory=list)
    # How it played (its style fingerprint, ``stoneage.sim.style``): figures placed by kind of
    # space and final points by source; empty in logs written before they were kept.
    placed: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class GameResult:
    """One game: its index, seed, rounds, whether it hit the round cap, and every seat."""

    index: int
    seed: int
    rounds: int
    capped: bool
    seats: list[SeatResult]


@dataclass(frozen=True, slots=True)
class SeriesSpec:
    """What to play: the seat levels (before rotation), Hard's budget and the round cap."""

    levels: tuple[str, ...]
    seed: int = 1
    budget: Budget = Budget()
    round_cap: int = ROUND_CAP


def derived_seed(*parts: object) -> int:
    """A 63-bit seed that depends on every part (stable across runs and machines)."""
    return random.Random("/".join(map(str, parts))).getrandbits(63)


def seating(levels: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The seat order of game ``index``: the level list rotated by ``index`` places."""
    shift = index % len(levels)
    return levels[shift:] + levels[:shift]


def game_seed(spec: SeriesSpec, index: int) -> int:
    """The seed of game ``index`` of the series ``spec``: its dice, its bots' seeds, and what
    ``--resume`` matches a logged game by."""
    return derived_seed("stoneage-sim", spec.seed, index)


def play_game(spec: SeriesSpec, index: int) -> GameResult:
    """Play game ``index`` of the series ``spec`` to its end (or the round cap)."""
    levels = seating(spec.levels, index)
    seed = game_seed(spec, index)
    match = Match(bot_seats(levels), seed, threaded=False, budget=spec.budget)
    times = match.play_out(spec.round_cap)
    result = _result(index, seed, match.state, levels, times)
    for seat, placed in enumerate(figures_placed(match)):
        result.seats[seat].placed = placed
    return result


def figures_placed(match: Match) -> list[dict[str, int]]:
    """Each seat's figures placed in ``match`` by kind of space (``leanings.KINDS``)."""
    placed = [dict.fromkeys(KINDS, 0) for _ in range(match.state.n)]
    for step in match.steps:
        action = step.action
        if isinstance(action, Place) and step.actor >= 0:
            placed[step.actor][KIND_OF_SPACE[action.space]] += action.count
    return placed


def run_game(
    bots: Sequence[Bot], seed: int, round_cap: int = ROUND_CAP
) -> tuple[GameState, list[list[float]]]:
    """Play a game of ``seed`` between these bots (one a seat, in seat order) to its end (or
    past ``round_cap``) on the match driver: the benchmarks' way to seat bots of their own.
    The final state and each seat's decision times."""
    seats = bot_seats([bot.level for bot in bots])
    match = Match(seats, seed, threaded=False, bots=dict(enumerate(bots)))
    times = match.play_out(round_cap)
    return match.state, times


def _result(
    index: int, seed: int, state: GameState, levels: tuple[str, ...], times: list[list[float]]
) -> GameResult:
    capped = not state.is_terminal()
    winners = [] if capped else state.winners()
    scoring = state.final_scoring()
    seats = [
        SeatResult(
            level,
            scoring[seat]["total"],
            seat in winners,
            seat in winners and len(winners) > 1,
            times[seat],
            points={k: v for k, v in scoring[seat].items() if k != "total"},
        )
        for seat, level in enumerate(levels)
    ]
    return GameResult(index, seed, state.round, capped, seats)


def result_to_json(result: GameResult) -> dict[str, Any]:
    """A game result as JSON-ready data (decision times in seconds, rounded to 0.1 ms)."""
    return {
        "index": result.index,
        "seed": result.seed,
        "rounds": result.rounds,
        "capped": result.capped,
        "seats": [
            {
                "level": s.level,
                "score": s.score,
                "won": s.won,
                "shared": s.shared,
                "decision_times": [round(t, 4) for t in s.decision_times],
                **({"placed": s.placed} if s.placed else {}),
                **({"points": s.points} if s.points else {}),
            }
            for s in result.seats
        ],
    }


def result_from_json(data: dict[str, Any]) -> GameResult:
    """The inverse of ``result_to_json``."""
    seats = [
        SeatResult(
            s["level"],
            s["score"],
            s["won"],
            s["shared"],
            s["decision_times"],
            {str(k): int(v) for k, v in s.get("placed", {}).items()},
            {str(k): int(v) for k, v in s.get("points", {}).items()},
        )
        for s in data["seats"]
    ]
    return GameResult(data["index"], data["seed"], data["rounds"], data["capped"], seats)


def read_log(text: str) -> tuple[list[GameResult], str]:
    """The games in a run's log (JSON lines, as ``--log`` writes them) and its unfinished last
    line ("" when the text ends with a newline): a run killed while writing a game leaves one,
    and it is not a game. Raises ``ValueError`` naming a complete line that is not a game."""
    *lines, unfinished = text.split("\n")
    results = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            results.append(result_from_json(json.loads(line)))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"line {number} is not a logged game ({error})") from error
    return results, unfinished


def logged_games(spec: SeriesSpec, games: int, logged: Sequence[GameResult]) -> list[GameResult]:
    """The games of ``spec`` (indexes below ``games``) among the ``logged`` ones, by index.

    Raises ``ValueError`` when a logged game is not the one this series would play at its index
    (another seed or seating), so a resumed run never mixes two series.
    """
    found: dict[int, GameResult] = {}
    for result in logged:
        if result.index >= games:
            continue
        expected_seed = game_seed(spec, result.index)
        levels = tuple(seat.level for seat in result.seats)
        if result.seed != expected_seed or levels != seating(spec.levels, result.index):
            raise ValueError(
                f"game {result.index} belongs to another series "
                "(its seed or seating differs from --seats/--seed)"
            )
        found[result.index] = result
    return [found[index] for index in sorted(found)]


def _play_indexed(args: tuple[SeriesSpec, int]) -> GameResult:
    return play_game(*args)


Progress = Callable[[GameResult], None]


def run_series(
    spec: SeriesSpec, games: int, jobs: int = 1, progress: Progress | None = None
) -> list[GameResult]:
    """Play ``games`` games (indexes 0..games-1) on ``jobs`` processes, in index order."""
    return run_work([(spec, index) for index in range(games)], jobs, progress)


def run_work(
    work: list[tuple[SeriesSpec, int]], jobs: int = 1, progress: Progress | None = None
) -> list[GameResult]:
    """Play the given (series, game index) pairs on ``jobs`` processes; results in the order
    of ``work`` whatever order they finish in."""
    if jobs <= 1:
        results = []
        for item in work:
            results.append(_play_indexed(item))
            if progress:
                progress(results[-1])
        return results
    with get_context("spawn").Pool(jobs) as pool:
        finished: list[GameResult | None] = [None] * len(work)
        for position, result in pool.imap_unordered(_play_numbered, list(enumerate(work))):
            finished[position] = result
            if progress:
                progress(result)
    return [result for result in finished if result is not None]


def _play_numbered(item: tuple[int, tuple[SeriesSpec, int]]) -> tuple[int, GameResult]:
    position, args = item
    return position, play_game(*args)
