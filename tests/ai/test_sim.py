"""The headless runner plays tiny series end to end and reports valid statistics."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stoneage.ai import Budget
from stoneage.sim import SeriesSpec, play_game, run_series, seating
from stoneage.sim.stats import level_stats, wilson


def test_command_line_runs_two_games_and_prints_json() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "stoneage.sim",
            "--seats",
            "normal,easy,random",
            "--games",
            "2",
            "--seed",
            "3",
            "--jobs",
            "2",
            "--json",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["round_cap_failures"] == []
    assert set(data["levels"]) == {"normal", "easy", "random"}
    normal = data["levels"]["normal"]
    assert normal["seat_games"] == 2 and 0.0 <= normal["win_rate_ci95"][0] <= normal["win_rate"]
    assert "shared win" in data["shared_win_rule"]


def test_text_report_names_every_level() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "stoneage.sim",
            "--seats",
            "hard,easy",
            "--games",
            "2",
            "--hard-rollouts",
            "6",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "hard" in result.stdout and "easy" in result.stdout and "95% CI" in result.stdout


def test_seating_rotates_so_each_level_sits_in_each_seat() -> None:
    levels = ("hard", "normal", "easy")
    assert [seating(levels, i)[0] for i in range(3)] == ["hard", "normal", "easy"]


def test_a_seeded_series_is_reproducible() -> None:
    spec = SeriesSpec(("normal", "easy"), seed=4, budget=Budget.rollouts(6))
    first = [(s.score, s.won) for s in play_game(spec, 1).seats]
    second = [(s.score, s.won) for s in play_game(spec, 1).seats]
    assert first == second


def test_round_cap_reports_failures() -> None:
    results = run_series(SeriesSpec(("random", "random"), seed=1, round_cap=2), games=1)
    assert results[0].capped
    assert level_stats(results)["random"]["round_cap_failures"] == 2


@pytest.mark.parametrize("wins,games", [(0, 10), (5, 10), (10, 10), (150, 200)])
def test_wilson_interval_contains_the_rate(wins: int, games: int) -> None:
    low, high = wilson(wins, games)
    assert 0.0 <= low <= wins / games <= high <= 1.0


def test_hard_against_hard1_at_fixed_rollouts_replays_exactly() -> None:
    spec = SeriesSpec(("hard", "hard1"), seed=2, budget=Budget.rollouts(6))
    first = play_game(spec, 0)
    assert [s.level for s in first.seats] == ["hard", "hard1"]
    assert [(s.score, s.won) for s in first.seats] == [
        (s.score, s.won) for s in play_game(spec, 0).seats
    ]
