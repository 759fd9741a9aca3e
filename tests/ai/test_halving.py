"""Sequential halving spread over the budget: every phase gets its share of the rollouts, so
the first candidates are not dropped on three futures each when hundreds were to be played."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_rollout_policy import placement_view

from stoneage.ai import Budget, HardBot, hard
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.policy import score_actions
from stoneage.ai.search import (
    CHECKPOINTS,
    MIN_PHASE,
    Candidate,
    Limits,
    halving_schedule,
    paired_values,
    phase_sizes,
    search,
)


def rollouts_used(marks: tuple[int, ...], alive: int, reserve: int) -> list[int]:
    """Rollouts spent in each phase when the search drops at ``marks``."""
    starts = (0, *marks[:-1])
    return [
        (mark - start) * size
        for start, mark, size in zip(starts, marks, phase_sizes(alive, reserve), strict=True)
    ]


def test_the_phases_follow_the_halving() -> None:
    assert phase_sizes(6, 4) == [6, 4, 3, 3, 3]  # 3 kept + 1 in, 2 + 1, 2 + 1, 2 + 1, then 2
    assert phase_sizes(6, 0) == [6, 3] and phase_sizes(2, 4) == []


def test_a_large_budget_is_spread_evenly_over_the_phases() -> None:
    marks = halving_schedule(900, 6, 4)
    assert marks[0] >= 20 > CHECKPOINTS[0]  # the first drop sees 25 futures, not 3
    phases = rollouts_used(marks, 6, 4)
    assert len(phases) == 5 and sum(phases) <= 900
    assert max(phases) - min(phases) <= 2 * 6  # equal shares, up to rounding per candidate
    assert 900 - sum(phases) >= 2 * 50  # the two finalists still get a share of their own


def test_a_small_budget_keeps_a_few_rollouts_a_phase() -> None:
    assert halving_schedule(40, 6, 4) == tuple(MIN_PHASE * k for k in range(1, 6))
    assert halving_schedule(900, 2, 4) == ()  # two candidates: nothing to drop


def test_the_search_drops_candidates_at_the_given_marks() -> None:
    view = placement_view()
    seat = view.current_player()
    scored = sorted(score_actions(view, seat, NORMAL_STYLE), key=lambda x: -x[1])
    first = [Candidate(a, s) for a, s in scored[:6]]
    marks = halving_schedule(300, 6, 0)
    studied = search(view, first, random.Random(3), Limits(iterations=300), [], checkpoints=marks)
    counts = sorted(len(c.results) for c in studied)
    assert counts[:3] == [marks[0]] * 3  # the worse half went at the first mark
    assert counts[3] == marks[1] and counts[-1] > marks[-1]
    assert 300 <= sum(counts) < 300 + 2  # a round of futures is finished for every finalist


def test_hard_spreads_its_budget_and_hard1s_schedule_stays_available(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = placement_view()
    used: list[tuple[int, ...]] = []

    def spy(*args: Any) -> list[Candidate]:
        used.append(args[8])  # the checkpoints
        return search(*args)

    monkeypatch.setattr(hard, "search", spy)
    for spread in (True, False):
        bot = HardBot(2, Budget.rollouts(200), tactics=hard.Tactics(spread_budget=spread))
        bot.analyse(view)
    assert used == [halving_schedule(200, 6, 4), CHECKPOINTS]


def test_the_choice_is_among_the_finalists_and_a_reserve_candidate_can_win() -> None:
    """A dropped candidate is never ranked over a finalist (it saw fewer, earlier futures);
    reserve candidates that came in are ranked too, so one of them can be chosen.
    ``paired=False`` keeps hard1's ranking of the first candidates only."""
    view = placement_view()
    seat = view.current_player()
    scored = sorted(score_actions(view, seat, NORMAL_STYLE), key=lambda x: -x[1])

    def run(paired: bool) -> tuple[list[Candidate], list[Candidate], list[Candidate]]:
        first = [Candidate(a, s) for a, s in scored[:6]]
        reserve = [Candidate(a, s) for a, s in scored[6:10]]
        marks = halving_schedule(300, 6, 4)
        studied = search(
            view,
            first,
            random.Random(5),
            Limits(iterations=300),
            reserve,
            checkpoints=marks,
            paired=paired,
        )
        return studied, first, reserve

    studied, first, reserve = run(True)
    most = max(len(c.results) for c in studied)
    finalists = [c for c in studied if len(c.results) == most]
    assert len(finalists) == 2 and studied[:2] == sorted(finalists, key=lambda c: -c.estimate)
    assert all(c.value is not None for c in studied)
    came_in = {id(c) for c in reserve if c.results}
    assert came_in and came_in == {id(c) for c in studied} - {id(c) for c in first}
    old, first_again, _ = run(False)
    assert old == sorted(first_again, key=lambda c: (-c.mean, -c.prior))


def test_candidates_are_compared_on_the_futures_they_share() -> None:
    """A reserve candidate that came in on kind futures is not taken for a better move: its
    value is the reference's mean plus its difference from the reference on those futures."""
    placement = placement_view().legal_actions()
    ref = Candidate(placement[0], 0.0, [0.0, 0.0, 10.0, 10.0], start=0)
    late = Candidate(placement[1], 0.0, [11.0, 11.0], start=2)
    early = Candidate(placement[2], 0.0, [-3.0], start=0)
    values = paired_values([ref, late, early], [ref, late])
    assert late.mean == 11.0 and values[id(late)] == 5.0 + 1.0
    assert values[id(ref)] == 5.0 and values[id(early)] == 5.0 - 3.0
    apart = Candidate(placement[3], 0.0, [7.0], start=9)  # no future shared with the reference
    assert paired_values([ref, apart], [ref])[id(apart)] == 7.0
