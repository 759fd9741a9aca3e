"""A match for you: opponents and their strength chosen from the player's own history.

How it decides (``suggest_match``):

1. **How strong the player is.** Each bot has a rating on the ladder's Elo scale
   (``stoneage.ai.ratings``: Normal = 1500; a rating ``r`` is a strength ``10^(r/400)``). A
   game is read as a race of strengths (Plackett-Luce, which is Elo at 2 players): the player
   wins with probability ``s / (s + sum of the bots' strengths)``. The player's rating is the
   most likely one given their last ``RECENT`` games against bots only (any table size), drawn
   toward a starting guess, as if ``PRIOR_GAMES`` more games had been played at it: the rating
   that wins half its games against Easy bots at the table asked for (a newcomer's table is
   one of Easy bots, at even chances).
2. **Which table.** Every lineup of bots for the empty seats is tried: all of one level, or two
   neighbouring levels mixed (two Normal and one Hard ...), each bot a different opponent
   (``stoneage.ai.opponents``). The chosen lineup's predicted chance of winning is the closest
   to ``TARGET`` (50 %), inside the band ``BAND`` (40 to 60 %) whenever one is; among lineups
   about as close (within ``CLOSE``), the one whose opponents the player has met least (a
   match also keeps the table varied), then the one with fewer levels mixed.

Pure: records in, a ``MatchSuggestion`` out; no file, no pygame. The setup screen's button
calls ``suggest_match(history.with_pending(), players, name)`` and seats what it returns.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from stoneage.ai import roster
from stoneage.ai.ratings import bot_rating
from stoneage.play.names import canonical_name
from stoneage.play.seats import OPPONENT_LEVELS
from stoneage.records.game_record import GameRecord

TARGET = 0.5
BAND = (0.4, 0.6)
RECENT = 30  # the player's latest games that say how strong they are now
PRIOR_GAMES = 2.0  # how much the starting guess weighs, in games
CLOSE = 0.02  # lineups within this of the best chance count as equally close
RATING_RANGE = (0.0, 3500.0)


@dataclass(frozen=True)
class MatchSuggestion:
    """The bots to seat: ``(opponent id, level)`` for each empty seat, and why."""

    bots: tuple[tuple[str, str], ...]
    win_chance: float  # the player's predicted chance to win at that table
    rating: float  # the player's estimated rating (the ladder's scale)
    games: int  # the games the estimate read (0: a newcomer's starting guess)

    @property
    def in_band(self) -> bool:
        """True when the predicted chance lies within ``BAND``."""
        return BAND[0] <= self.win_chance <= BAND[1]


def strength(rating: float) -> float:
    """A rating's strength (``10^(rating/400)``)."""
    return float(10.0 ** (rating / 400.0))


def win_chance(rating: float, bots: Sequence[tuple[str, str]]) -> float:
    """The chance that a player of ``rating`` wins against these bots (Plackett-Luce)."""
    mine = strength(rating)
    return mine / (mine + sum(strength(bot_rating(o, level)) for o, level in bots))


def suggest_match(
    records: Sequence[GameRecord], players: int, player: str | None = None
) -> MatchSuggestion:
    """The table of ``players`` (2 to 4, the player one of them) whose chances come closest to
    even for ``player`` (a name; None: every seat a person played), from their history."""
    if not 2 <= players <= 4:
        raise ValueError(f"a table has 2 to 4 players, not {players}")
    games = _games_against_bots(records, player)[-RECENT:]
    prior = _starting_guess(players)
    rating = _most_likely_rating(games, prior)
    met = Counter(s.opponent for record, seat in games for s in record.opponents(seat))
    best: tuple[float, int, int] | None = None
    chosen: tuple[tuple[str, str], ...] = ()
    lineups = list(_lineups(players - 1))
    chances = [win_chance(rating, bots) for bots in lineups]
    nearest = min(abs(c - TARGET) for c in chances)
    for place, (bots, chance) in enumerate(zip(lineups, chances)):
        if abs(chance - TARGET) > nearest + CLOSE:
            continue
        key = (sum(met[o] for o, _ in bots), len({level for _, level in bots}), place)
        if best is None or key < best:
            best, chosen = key, bots
    return MatchSuggestion(chosen, win_chance(rating, chosen), rating, len(games))


def _games_against_bots(
    records: Sequence[GameRecord], player: str | None
) -> list[tuple[GameRecord, int]]:
    """(record, the person's seat) of the games a person played alone against bots, oldest
    first."""
    wanted = None if player is None else canonical_name(player)
    found = []
    for record in sorted(records, key=lambda r: r.finished_at):
        humans = record.human_seats()
        if len(humans) != 1:
            continue
        seat = humans[0]
        if wanted is None or record.seats[seat].name == wanted:
            found.append((record, seat))
    return found


def _bots_of(record: GameRecord, seat: int) -> list[tuple[str, str]]:
    return [(s.opponent or "", s.level or "normal") for s in record.opponents(seat)]


def _starting_guess(players: int) -> float:
    """The rating that wins half its games against ``players - 1`` balanced Easy bots."""
    return 400.0 * math.log10((players - 1) * strength(bot_rating("balanced", "easy")))


def _most_likely_rating(games: Sequence[tuple[GameRecord, int]], prior: float) -> float:
    """The rating that makes the games' results likeliest, ``PRIOR_GAMES`` even games at
    ``prior`` added (the log-likelihood is concave in the log-strength: bisection on its
    slope)."""
    others = [sum(strength(bot_rating(o, lv)) for o, lv in _bots_of(r, s)) for r, s in games]
    won = [r.won(s) for r, s in games]
    prior_sum = strength(prior)  # the virtual games' bots: even chances at ``prior``

    def slope(rating: float) -> float:
        mine = strength(rating)
        total = sum(w - mine / (mine + o) for w, o in zip(won, others))
        return total + PRIOR_GAMES * (0.5 - mine / (mine + prior_sum))

    low, high = RATING_RANGE
    for _ in range(60):
        middle = (low + high) / 2.0
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def _lineups(seats: int) -> list[tuple[tuple[str, str], ...]]:
    """Every table of ``seats`` bots: one level, or two neighbouring levels (the stronger
    ones first), each bot a different opponent."""
    ids = [o.id for o in roster()]
    mixes: list[tuple[str, ...]] = []
    for index, level in enumerate(OPPONENT_LEVELS):
        mixes.append((level,) * seats)
        if index + 1 < len(OPPONENT_LEVELS):
            stronger = OPPONENT_LEVELS[index + 1]
            mixes += [(stronger,) * k + (level,) * (seats - k) for k in range(1, seats)]
    tables: list[tuple[tuple[str, str], ...]] = []
    for mix in mixes:
        seen: set[tuple[tuple[str, str], ...]] = set()
        for group in combinations(ids, seats):
            for order in permutations(group):
                bots = tuple(zip(order, mix))
                key = tuple(sorted(bots))
                if key not in seen:
                    seen.add(key)
                    tables.append(bots)
    return tables
