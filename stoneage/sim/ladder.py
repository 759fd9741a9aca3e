"""The ladder: a round robin of the bot levels and an Elo-style rating for each.

Every pair of levels plays ``games`` 2-player games and every set of four levels plays
``games`` 4-player games (seating rotated). With opponents (``opponent_tables``), each
opponent at each of its levels (``scholar:hard``) also plays ``games`` 2-player games against the
balanced bot of its level (``hard``) and ``games`` 4-player games against three balanced Normal:
a star around the levels, so that every opponent is rated at every level on the same scale
without a round robin of them all (18 entrants would make 3,213 tables). Each game is read as pairwise results: for every
two seats, a winner beats a non-winner; otherwise the higher final score beats the lower, and
equal scores or a shared win are half a win each. The ratings are the Bradley-Terry fit of
those pairwise results (strengths ``s`` with P(i beats j) = s_i / (s_i + s_j)) by maximum
likelihood, on the Elo scale (rating = 400 log10 s, so 200 points ~ 76 % and 400 points ~ 91 %
expected score), anchored at ``ANCHOR``. One virtual drawn game between every two levels that
met keeps the fit finite when a level never beats another (0 wins in 20 games reads as 0.5 in
21, about 650 points apart, where the bare fit would put the two infinitely far apart).
The 95 % intervals come from a bootstrap: the games of each table are resampled with
replacement and the ratings refitted, ``BOOTSTRAP`` times, seeded, so a run replays exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from stoneage.ai import Budget, spec_text
from stoneage.sim import GameResult, SeriesSpec, derived_seed, game_seed, seating

LADDER_LEVELS = ("random", "easy", "normal", "hard1", "hard")
OPPONENT_LEVELS = ("easy", "normal", "hard")  # the levels every opponent is rated at
STAR_RIVALS = "normal"  # the three seats an opponent meets in its 4-player table
ANCHOR = ("normal", 1500.0)  # the level whose rating is fixed, and its rating
BOOTSTRAP = 200
PRIOR_DRAWS = 1.0  # virtual drawn games between every two levels that met
ELO = 400.0 / math.log(10.0)  # rating points per unit of natural-log strength

Pairwise = dict[tuple[str, str], tuple[float, float]]  # (a, b) -> (a's wins, games), a < b


@dataclass(frozen=True, slots=True)
class Rating:
    """One level's rating with its 95 % bootstrap interval."""

    level: str
    rating: float
    low: float
    high: float


def ladder_tables(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """Every pair of levels, then every set of four (fewer than four levels: pairs only)."""
    tables = [tuple(pair) for pair in combinations(levels, 2)]
    if len(levels) >= 4:
        tables += [tuple(four) for four in combinations(levels, 4)]
    return tables


def opponent_tables(
    opponents: Sequence[str], levels: Sequence[str] = OPPONENT_LEVELS
) -> list[tuple[str, ...]]:
    """For each opponent (an id, not the balanced one) at each of ``levels`` (by default all
    of ``OPPONENT_LEVELS``): a 2-player table against the balanced bot of that level and a
    4-player one against three balanced Normal (see the module docstring)."""
    tables: list[tuple[str, ...]] = []
    for opponent in opponents:
        for level in levels:
            entrant = spec_text(opponent, level)
            tables += [(entrant, level), (entrant, STAR_RIVALS, STAR_RIVALS, STAR_RIVALS)]
    return tables


def ladder_entrants(
    levels: Sequence[str],
    opponents: Sequence[str] = (),
    opponent_levels: Sequence[str] = OPPONENT_LEVELS,
) -> list[str]:
    """Everyone the ladder rates: the levels, then each opponent at each of its levels."""
    return list(levels) + [spec_text(o, level) for o in opponents for level in opponent_levels]


def ladder_work(
    levels: Sequence[str],
    games: int,
    seed: int,
    budget: Budget,
    opponents: Sequence[str] = (),
    opponent_levels: Sequence[str] = OPPONENT_LEVELS,
) -> list[tuple[SeriesSpec, int]]:
    """The (series, game index) pairs the ladder plays, each table with a seed of its own
    (the same table plays the same games whichever other tables the ladder has)."""
    return [
        (SeriesSpec(table, derived_seed("ladder", seed, *table), budget), index)
        for table in ladder_tables(levels) + opponent_tables(opponents, opponent_levels)
        for index in range(games)
    ]


def ladder_logged(
    work: Sequence[tuple[SeriesSpec, int]], logged: Iterable[GameResult]
) -> dict[int, GameResult]:
    """The logged games that are games of this ladder, by their place in ``work``.

    Raises ``ValueError`` for a logged game that no table of it would play (another seed,
    other levels or fewer ``--games``), so a resumed ladder never mixes two runs.
    """
    places = {
        game_seed(spec, index): (place, spec, index) for place, (spec, index) in enumerate(work)
    }
    found: dict[int, GameResult] = {}
    for result in logged:
        place, spec, index = places.get(result.seed, (-1, None, -1))
        levels = tuple(seat.level for seat in result.seats)
        if spec is None or result.index != index or levels != seating(spec.levels, index):
            raise ValueError(
                f"game {result.index} of seats {','.join(levels)} is not a game of this ladder "
                "(its seed, levels or --games differ)"
            )
        found[place] = result
    return found


def pair_outcome(won_a: bool, score_a: int, won_b: bool, score_b: int) -> float:
    """Seat a's share of a win against seat b in one game (1, 0.5 or 0)."""
    if won_a != won_b:
        return 1.0 if won_a else 0.0
    if score_a != score_b:
        return 1.0 if score_a > score_b else 0.0
    return 0.5


def pairwise(results: Iterable[GameResult]) -> Pairwise:
    """Wins and games for every two levels, from every two seats of every finished game
    (seats of the same level are not compared)."""
    table: dict[tuple[str, str], list[float]] = {}
    for game in results:
        if game.capped:
            continue
        for a, b in combinations(game.seats, 2):
            if a.level == b.level:
                continue
            share = pair_outcome(a.won, a.score, b.won, b.score)
            if a.level > b.level:
                a, b, share = b, a, 1.0 - share
            entry = table.setdefault((a.level, b.level), [0.0, 0.0])
            entry[0] += share
            entry[1] += 1.0
    return {pair: (wins, games) for pair, (wins, games) in table.items()}


def fit_ratings(
    pairs: Pairwise,
    levels: Sequence[str],
    anchor: tuple[str, float] = ANCHOR,
    prior_draws: float = PRIOR_DRAWS,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (see the module docstring). The likelihood is
    maximised by Newton's method on the log strengths with the anchor held at 0 (concave, so a
    few steps suffice); levels that played no game get the anchor's rating."""
    anchor_level, anchor_rating = anchor
    games: dict[tuple[str, str], tuple[float, float]] = {}  # (a, b) -> (a's wins, games)
    for (a, b), (won, played) in pairs.items():
        if a in levels and b in levels and played > 0:
            games[(a, b)] = (won + prior_draws / 2, played + prior_draws)
    met = {level for pair in games for level in pair}
    if anchor_level not in met:
        anchor_level = next((lv for lv in levels if lv in met), anchor_level)
    free = [lv for lv in levels if lv in met and lv != anchor_level]
    theta = dict.fromkeys(levels, 0.0)
    for _ in range(100):
        gradient = dict.fromkeys(free, 0.0)
        hessian = {(i, j): 0.0 for i in free for j in free}
        for (a, b), (won, played) in games.items():
            p = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
            curvature = played * p * (1.0 - p)
            for one, other, sign in ((a, b, 1.0), (b, a, -1.0)):
                if one in gradient:
                    gradient[one] += sign * (won - played * p)
                    hessian[(one, one)] += curvature
                    if other in gradient:
                        hessian[(one, other)] -= curvature
        step = _solve([[hessian[(i, j)] for j in free] for i in free], [gradient[i] for i in free])
        largest = max((abs(x) for x in step), default=0.0)
        scale = min(1.0, 2.0 / largest) if largest else 1.0  # damp wild early steps
        for level, x in zip(free, step):
            theta[level] += scale * x
        if largest < 1e-10:
            break
    return {lv: anchor_rating + ELO * (theta[lv] - theta[anchor_level]) for lv in levels}


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector, by Gaussian elimination with partial pivoting (the
    matrix is the small, positive definite negated Hessian)."""
    size = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-300:
            return [0.0] * size
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, size + 1):
                rows[r][c] -= factor * rows[col][c]
    solution = [0.0] * size
    for r in reversed(range(size)):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, size))
        solution[r] = (rows[r][size] - known) / rows[r][r]
    return solution


def bootstrap_ratings(
    results: Sequence[GameResult],
    levels: Sequence[str],
    samples: int = BOOTSTRAP,
    seed: int = 0,
    anchor: tuple[str, float] = ANCHOR,
) -> list[Rating]:
    """The fitted rating of each level with its 95 % interval from ``samples`` resamplings of
    the games (within each table), best first."""
    point = fit_ratings(pairwise(results), levels, anchor)
    by_table: dict[tuple[str, ...], list[GameResult]] = {}
    for game in results:
        by_table.setdefault(tuple(sorted(s.level for s in game.seats)), []).append(game)
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(samples):
        resampled = [rng.choice(games) for games in by_table.values() for _game in games]
        for level, rating in fit_ratings(pairwise(resampled), levels, anchor).items():
            draws[level].append(rating)
    ratings = []
    for level in levels:
        ordered = sorted(draws[level]) or [point[level]]
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        ratings.append(Rating(level, point[level], min(low, point[level]), max(high, point[level])))
    return sorted(ratings, key=lambda r: -r.rating)


def expected_score(rating_a: float, rating_b: float) -> float:
    """Elo expected score of a against b."""
    return 1.0 / (1.0 + float(10.0 ** ((rating_b - rating_a) / 400.0)))
