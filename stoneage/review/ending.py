"""Two moves played to the end of the game: what a decision gave away by the game's end.

Hard's search judges a move by the *expected lead at the end of the round* (its estimate, there,
of every seat's final score). Held against what the two moves lead to by the end of the game,
that estimate is right in the game's last round (its end is the game's) and about twice too big
for a placement earlier on (``bench/review_accuracy.py``, docs/ai.md). For the decisions that
may become key moments the review plays both moves out instead: from the seat's view of the
table (only what the player knew), each move followed by the same futures (the same dice and
cards, drawn from one seeded generator a future) to the end of the game, with Normal's judgement
in every seat, the player's own included. The mean difference of the seat's final lead
(``search.utility`` of the final scores: the review's measure) is what the player's move gave
away, with its standard error.

Futures are played in batches until the error is small enough or the most are played
(``MOST_FUTURES`` at the review's default budget, in proportion to the budget: ``analysis``):
a decision of the last rounds settles in a few, one of round 1 (two final leads differing by 20
to 35 points from one future to the next) uses them all. The generator of every decision is
seeded from the review's seed and the decision's place in the game, so the same replay, budget
and seed give the same figures.
"""

from __future__ import annotations

import math
import random
import statistics
import threading
from dataclasses import dataclass
from typing import Final

from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.policy import score_actions
from stoneage.ai.search import placement_scores, utility
from stoneage.rules import CHANCE, Action, GameState, sample_chance

from .model import ReviewCancelled

BATCH: Final = 8  # futures played between two looks at the error
FEWEST_FUTURES: Final = 16  # the fewest futures a decision is played out on
MOST_FUTURES: Final = 32  # the most, at the review's default budget (docs/ai.md)
ENOUGH_ERROR: Final = 2.0  # points of standard error at which the futures stop


@dataclass(frozen=True)
class Ending:
    """Both moves played to the end: the mean of (Hard's move's final lead minus the player's
    move's) over ``futures`` shared futures, and that mean's standard error (points)."""

    gap: float
    error: float
    futures: int


def normal_choice(state: GameState, seat: int) -> Action:
    """Normal's move for ``seat`` at ``state``: the best-scored legal action, ties to the first
    (what the Normal bot plays; its placements' scores remembered for the position)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if state.placing():
        scored = placement_scores(state, seat, NORMAL_STYLE)
    else:
        scored = score_actions(state, seat, NORMAL_STYLE)
    return max(scored, key=lambda item: item[1])[0]


def final_lead(state: GameState, seat: int, rng: random.Random) -> float:
    """``state`` played to the end of the game, chance drawn from ``rng`` and every seat played
    by Normal's judgement; ``seat``'s final lead (``search.utility`` of the final scores)."""
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(normal_choice(state, actor))
    return utility([float(row["total"]) for row in state.final_scoring()], seat)


def play_out(
    view: GameState,
    best: Action,
    chosen: Action,
    key: str,
    cancel: threading.Event | None = None,
    most: int = MOST_FUTURES,
) -> Ending:
    """``best`` against ``chosen`` at ``view`` (the deciding seat's view), both played to the
    end of the game on the same futures, at most ``most`` of them, at least two (see the
    module's docstring); the futures are drawn from a generator seeded with ``key``. Raises
    ``ReviewCancelled`` once ``cancel`` is set (looked at between batches)."""
    seat = view.current_player()
    after_best, after_chosen = view.apply(best), view.apply(chosen)
    most = max(2, most)
    batch, fewest = min(BATCH, most), min(FEWEST_FUTURES, most)
    futures = random.Random(key)
    gaps: list[float] = []
    while len(gaps) < most:
        if cancel is not None and cancel.is_set():
            raise ReviewCancelled()
        for _ in range(min(batch, most - len(gaps))):
            future = futures.getrandbits(64)
            gaps.append(
                final_lead(after_best, seat, random.Random(future))
                - final_lead(after_chosen, seat, random.Random(future))
            )
        if len(gaps) >= fewest and standard_error(gaps) <= ENOUGH_ERROR:
            break
    return Ending(statistics.fmean(gaps), standard_error(gaps), len(gaps))


def standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (at least two)."""
    return statistics.stdev(values) / math.sqrt(len(values))
