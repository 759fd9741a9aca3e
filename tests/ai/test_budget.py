"""Hard's default budget is counted in rollouts: a slower machine plays the same moves, only a
machine too slow for them gets fewer, and the time caps bound every decision."""

from __future__ import annotations

import random

from ai_helpers import play

from stoneage.ai import Budget, HardBot, make_bot
from stoneage.ai.hard import DEFAULT_ROLLOUTS, MIN_ROLLOUTS, PLAN_MARGIN, measured_speed
from stoneage.ai.search import Limits
from stoneage.rules import CHANCE, GameState, new_game, sample_chance


def first_placement(players: int = 2) -> GameState:
    state = new_game(players, seed=8)
    dice = random.Random(8)
    while state.current_player() == CHANCE:
        state = state.apply(sample_chance(state, dice))
    return state.view(state.current_player())


def test_half_the_speed_plays_exactly_the_same_game() -> None:
    """Rollouts, not seconds: a machine measured at half the speed makes the same decisions.
    (The game's thinking time is not what is tested: a loaded test machine could otherwise
    hit the pacing deadline of a small step.)"""
    games = []
    for speed in (2000.0, 1000.0):
        record: list[tuple[int, str]] = []
        hard = HardBot(1, Budget(iterations=60, game_seconds=600.0), speed=speed)
        play([hard, make_bot("normal", 2)], seed=21, record=record)
        games.append(record)
    assert games[0] == games[1]


def test_the_default_budget_matches_the_exact_rollout_budget_when_the_machine_keeps_up() -> None:
    view = first_placement()
    calibrated = HardBot(5, Budget(iterations=48), speed=10_000.0)
    exact = HardBot(5, Budget.rollouts(48))
    assert calibrated.choose(view) == exact.choose(view)
    assert calibrated.last_limits is not None and exact.last_limits is not None
    assert calibrated.last_limits.done == exact.last_limits.done == 48


def test_only_a_machine_too_slow_for_the_rollouts_gets_fewer() -> None:
    view = first_placement()
    wanted = DEFAULT_ROLLOUTS[2]
    for speed, expected in ((wanted * 2.0, wanted), (wanted * 1.0, wanted), (100.0, 100)):
        bot = HardBot(3, Budget(), speed=speed)
        bot.choose(view)
        assert bot.last_limits is not None and bot.last_limits.iterations == expected


def test_the_halving_is_planned_over_what_the_clock_allows() -> None:
    """Where pacing will stop the search before its rollouts are done, the halving is spread
    over what can be done, so the search still ends with its finalists, not mid-phase."""
    view = first_placement()
    keeps_up = HardBot(3, Budget(), speed=DEFAULT_ROLLOUTS[2] * 4.0)
    keeps_up.choose(view)
    assert keeps_up.last_limits is not None
    assert keeps_up.last_limits.planned == keeps_up.last_limits.iterations
    slow = HardBot(3, Budget(game_seconds=5.0), speed=400.0)
    slow.choose(view)
    limits = slow.last_limits
    assert limits is not None and limits.iterations == 400  # what 1 s a placement allows
    assert limits.deadline is not None
    assert MIN_ROLLOUTS <= (limits.planned or 0) < limits.iterations


def test_the_plans_follow_the_speed_seen_in_the_game() -> None:
    """Later rounds' rollouts take longer than the first measurement: the speed the game's
    searches showed sizes the next plans (an even blend of the latest and what came before)."""
    bot = HardBot(3, Budget())
    assert bot._doable(1000.0, 0.5) == int(1000.0 * 0.5 * PLAN_MARGIN)  # nothing seen yet
    bot._observe(Limits(iterations=100, done=100), 0.5)
    bot._observe(Limits(iterations=100, done=100), 1.0)
    assert bot._doable(1000.0, 1.0) == int(150.0 * PLAN_MARGIN)
    bot._observe(Limits(iterations=100, done=3), 0.5)  # too few rollouts to say: ignored
    assert bot._doable(1000.0, 1.0) == int(150.0 * PLAN_MARGIN)


def test_the_cap_bounds_a_decision_whatever_the_rollouts() -> None:
    """The cap stops the search long before its million rollouts (how long the decision takes
    is measured by bench/timed_checks.py, not judged here)."""
    view = first_placement(4)
    bot = HardBot(3, Budget(iterations=1_000_000, cap=0.1), speed=1e9)
    bot.choose(view)
    assert bot.last_limits is not None and 0 < bot.last_limits.done < 1_000_000


def test_the_speed_is_measured_once_per_table_size() -> None:
    view = first_placement(3)
    first = measured_speed(view)
    assert first > 0 and measured_speed(view) == first


def test_the_default_budget_thinks_in_rollouts_not_seconds() -> None:
    budget = Budget()
    assert budget.seconds is None and not budget.exact and budget.cap <= 2.0
    assert Budget.rollouts(40).exact and Budget.timed(0.3).seconds == 0.3
