"""Style fingerprints: how an opponent plays, seen from outside, over many games.

A fingerprint is the share of its figures an opponent placed on each kind of space (the hunting
grounds, each resource space, the hut, the field, the tool maker, the cards, the buildings) and
its mean final points by source (buildings, the cards' immediate points, green sets, each kind
of sand card's multiplier, resources left, hunger), over seeded games against other bots (the
issue's measure: 4-player games against three balanced Normal, seats rotated). Two opponents'
placement shares are compared by their total variation distance (half the sum of the absolute
differences: 0 for the same shares, 1 for shares on different spaces).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from stoneage.ai import Budget, parse_spec
from stoneage.ai.leanings import KIND_OF_SPACE, KINDS
from stoneage.play.match import Match
from stoneage.play.seats import bot_seats
from stoneage.rules import SCORING_CATEGORIES, GameState, Place

from . import ROUND_CAP, GameResult, SeriesSpec, game_seed, seating
from .ladder import pair_outcome

#: Final points by source: the scoring's categories, the four multipliers apart.
SOURCES = tuple(category for category in SCORING_CATEGORIES if category != "total")
SOURCE_TITLES = {
    "buildings": "build",
    "card_points": "cardpt",
    "green_sets": "green",
    "farmers": "farm",
    "tool_makers": "toolm",
    "hut_builders": "hutb",
    "shamans": "shaman",
    "resources": "res",
    "feeding_penalties": "hunger",
}


@dataclass(slots=True)
class Fingerprint:
    """Figures placed by kind of space and points by source, summed over games."""

    figures: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))
    games: int = 0
    wins: int = 0
    score: int = 0
    pairs: float = 0.0  # pairwise results against the other seats (the ladder's reading)
    pairs_won: float = 0.0

    def shares(self) -> dict[str, float]:
        """The share of all figures placed on each kind of space."""
        total = sum(self.figures.values())
        return {k: (n / total if total else 0.0) for k, n in self.figures.items()}

    def mean_points(self) -> dict[str, float]:
        """Mean final points a game from each source."""
        return {k: (n / self.games if self.games else 0.0) for k, n in self.points.items()}

    def add(self, other: Fingerprint) -> None:
        """Add another fingerprint's games to this one."""
        for kind, count in other.figures.items():
            self.figures[kind] += count
        for source, points in other.points.items():
            self.points[source] += points
        self.games += other.games
        self.wins += other.wins
        self.score += other.score
        self.pairs += other.pairs
        self.pairs_won += other.pairs_won

    def elo(self) -> float | None:
        """The Elo difference its pairwise score against the other seats stands for (the
        ladder's reading of a game: a winner beats a non-winner, else the higher score)."""
        if not self.pairs:
            return None
        share = min(max(self.pairs_won / self.pairs, 0.001), 0.999)
        return 400.0 * math.log10(share / (1.0 - share))

    def to_json(self) -> dict[str, object]:
        """JSON-ready: the sums and the derived shares and means."""
        return {
            "games": self.games,
            "wins": self.wins,
            "mean_score": self.score / self.games if self.games else None,
            "pairwise_score": self.pairs_won / self.pairs if self.pairs else None,
            "elo_against_rivals": self.elo(),
            "figures": dict(self.figures),
            "shares": self.shares(),
            "points": self.mean_points(),
        }


def seat_fingerprint(
    state: GameState,
    seat: int,
    actors: Iterable[tuple[int, object]],
    subjects: Sequence[int] = (),
) -> Fingerprint:
    """The fingerprint of ``seat`` in one finished game: ``actors`` are (actor, action) of
    every step (the match's steps), the final scoring is ``state``'s; it is compared with
    every other seat but ``subjects`` (the seats of the same bot)."""
    found = Fingerprint(games=1)
    for actor, action in actors:
        if actor == seat and isinstance(action, Place):
            found.figures[KIND_OF_SPACE[action.space]] += action.count
    scoring = state.final_scoring()[seat]
    for source in SOURCES:
        found.points[source] = scoring[source]
    found.score = scoring["total"]
    winners = state.winners() if state.is_terminal() else []
    found.wins = int(seat in winners)
    totals = [row["total"] for row in state.final_scoring()]
    for other in range(state.n):
        if other != seat and other not in subjects:
            found.pairs += 1
            found.pairs_won += pair_outcome(
                seat in winners, totals[seat], other in winners, totals[other]
            )
    return found


def logged_fingerprints(results: Iterable[GameResult]) -> dict[str, Fingerprint]:
    """The fingerprint of every bot of a runner's logged games (``--log``: each seat keeps its
    figures placed and points by source), each compared with the seats of the other bots, so
    a run of ``scholar:hard`` against three Normal gives the Hard scholar's fingerprint. Seats
    logged before the runner kept them (no figures placed) are left out."""
    found: dict[str, Fingerprint] = {}
    for game in results:
        if game.capped:
            continue
        for seat in game.seats:
            if not seat.placed:
                continue
            one = Fingerprint(games=1, wins=int(seat.won), score=seat.score)
            for kind in KINDS:
                one.figures[kind] = seat.placed.get(kind, 0)
            for source in SOURCES:
                one.points[source] = seat.points.get(source, 0)
            for other in game.seats:
                if other.level != seat.level:
                    one.pairs += 1
                    one.pairs_won += pair_outcome(seat.won, seat.score, other.won, other.score)
            found.setdefault(seat.level, Fingerprint()).add(one)
    return found


def fingerprint_game(spec: SeriesSpec, index: int, subject: str) -> Fingerprint:
    """Play game ``index`` of ``spec`` (seats rotated, as the runner plays it) and return the
    fingerprint of the seat(s) of bot ``subject`` in it."""
    specs = seating(spec.levels, index)
    match = Match(bot_seats(specs), game_seed(spec, index), threaded=False, budget=spec.budget)
    match.play_out(spec.round_cap)
    steps = [(step.actor, step.action) for step in match.steps]
    found = Fingerprint()
    mine = [seat for seat, seat_spec in enumerate(specs) if seat_spec == subject]
    for seat in mine:
        found.add(seat_fingerprint(match.state, seat, steps, mine))
    return found


def fingerprint_spec(
    subject: str,
    rivals: str = "normal",
    players: int = 4,
    seed: int = 1,
    budget: Budget | None = None,
) -> SeriesSpec:
    """The series a fingerprint of ``subject`` is measured on: one seat of it against
    ``players - 1`` of ``rivals``; each subject has its own seeds (derived from ``seed``)."""
    parse_spec(subject)
    return SeriesSpec(
        (subject, *(rivals,) * (players - 1)), seed, budget or Budget.rollouts(100), ROUND_CAP
    )


def tvd(first: dict[str, float], second: dict[str, float]) -> float:
    """Total variation distance of two placement shares (0 to 1)."""
    return 0.5 * sum(abs(first[k] - second[k]) for k in KINDS)


def tvd_matrix(prints: dict[str, Fingerprint]) -> dict[tuple[str, str], float]:
    """The distance between every two fingerprints' placement shares."""
    shares = {name: found.shares() for name, found in prints.items()}
    return {(a, b): tvd(shares[a], shares[b]) for a in shares for b in shares}


def format_fingerprints(prints: dict[str, Fingerprint]) -> list[str]:
    """The fingerprints as an aligned table: placement shares in %, then mean points."""
    width = max(len(name) for name in prints)
    head = f"{'bot':<{width}} {'games':>5} " + " ".join(f"{k[:6]:>6}" for k in KINDS)
    head += " | " + " ".join(f"{SOURCE_TITLES[s]:>6}" for s in SOURCES)
    head += f" | {'score':>6} {'won':>6} {'elo':>5}"
    lines = [head]
    for name, found in prints.items():
        shares, points = found.shares(), found.mean_points()
        row = f"{name:<{width}} {found.games:>5} " + " ".join(
            f"{100 * shares[k]:6.1f}" for k in KINDS
        )
        row += " | " + " ".join(f"{points[s]:6.1f}" for s in SOURCES)
        elo = found.elo()
        row += f" | {found.score / max(found.games, 1):6.1f} {100 * found.wins / max(found.games, 1):5.1f}%"
        row += f" {elo:+5.0f}" if elo is not None else "     -"
        lines.append(row)
    return lines


def format_matrix(names: Sequence[str], matrix: dict[tuple[str, str], float]) -> list[str]:
    """The distances as a square table."""
    width = max(len(n) for n in names)
    lines = [f"{'':<{width}} " + " ".join(f"{n[:11]:>11}" for n in names)]
    for a in names:
        lines.append(f"{a:<{width}} " + " ".join(f"{matrix[(a, b)]:11.3f}" for b in names))
    return lines
