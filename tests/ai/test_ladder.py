"""The ladder's rating maths on known inputs, and a tiny ladder run end to end."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.ai import Budget, roster
from stoneage.sim import GameResult, SeatResult
from stoneage.sim.__main__ import main as sim_main
from stoneage.sim.__main__ import parse_args
from stoneage.sim.ladder import (
    bootstrap_ratings,
    expected_score,
    fit_ratings,
    ladder_entrants,
    ladder_tables,
    ladder_work,
    opponent_tables,
    pair_outcome,
    pairwise,
)


def game(*seats: tuple[str, int, bool]) -> GameResult:
    return GameResult(0, 0, 10, False, [SeatResult(lv, sc, won, False) for lv, sc, won in seats])


def test_pair_outcome_puts_the_winner_first_then_the_score() -> None:
    assert pair_outcome(True, 50, False, 60) == 1.0  # the tie-break winner beats a higher score
    assert pair_outcome(False, 60, True, 50) == 0.0
    assert pair_outcome(False, 40, False, 30) == 1.0
    assert pair_outcome(False, 40, False, 40) == 0.5
    assert pair_outcome(True, 40, True, 40) == 0.5  # a shared win


def test_a_four_player_game_gives_six_pairs_ordered_by_level_name() -> None:
    four = game(
        ("hard", 120, True), ("normal", 100, False), ("easy", 100, False), ("random", 9, False)
    )
    pairs = pairwise([four])
    assert len(pairs) == 6
    assert pairs[("hard", "normal")] == (1.0, 1.0)
    assert pairs[("easy", "normal")] == (0.5, 1.0)
    assert pairs[("easy", "random")] == (1.0, 1.0)


def test_same_level_seats_and_capped_games_are_not_compared() -> None:
    twins = game(("hard", 120, True), ("hard", 100, False), ("easy", 90, False))
    capped = GameResult(1, 0, 50, True, [SeatResult("hard", 1, False, False)] * 2)
    assert pairwise([twins, capped]) == {("easy", "hard"): (0.0, 2.0)}


def test_two_levels_three_wins_in_four_are_400_log10_3_apart() -> None:
    ratings = fit_ratings({("a", "b"): (3.0, 4.0)}, ["a", "b"], anchor=("b", 1500.0), prior_draws=0)
    assert ratings["b"] == 1500.0
    assert ratings["a"] == pytest.approx(1500.0 + 400 * math.log10(3), abs=1e-6)


def test_the_fit_recovers_the_ratings_that_generated_expected_results() -> None:
    truth = {"normal": 1500.0, "hard": 1700.0, "easy": 1300.0, "random": 900.0}
    pairs = {}
    for a, b in [("easy", "hard"), ("easy", "normal"), ("hard", "normal"), ("easy", "random")]:
        pairs[(a, b)] = (100 * expected_score(truth[a], truth[b]), 100.0)
    fitted = fit_ratings(pairs, list(truth), prior_draws=0)
    for level, rating in truth.items():
        assert fitted[level] == pytest.approx(rating, abs=1e-6)


def test_a_level_that_never_wins_stays_finite_thanks_to_the_virtual_draw() -> None:
    ratings = fit_ratings({("hard", "random"): (20.0, 20.0)}, ["hard", "random"], ("hard", 0.0))
    assert ratings["random"] == pytest.approx(-400 * math.log10(41), abs=1e-6)  # 0.5 of 21


def test_expected_score_is_the_elo_curve() -> None:
    assert expected_score(1700, 1500) == pytest.approx(1 / (1 + 10**-0.5))
    assert expected_score(1500, 1500) == 0.5


def test_bootstrap_is_seeded_and_brackets_the_fit() -> None:
    games = [game(("hard", 100, True), ("normal", 90, False))] * 7 + [
        game(("hard", 80, False), ("normal", 90, True))
    ] * 3
    first = bootstrap_ratings(games, ["hard", "normal"], samples=50, seed=4)
    assert first == bootstrap_ratings(games, ["hard", "normal"], samples=50, seed=4)
    hard = first[0]
    assert hard.level == "hard" and hard.rating == pytest.approx(1500 + 400 * math.log10(7.5 / 3.5))
    assert hard.low < hard.rating < hard.high


def test_tables_are_every_pair_then_every_four() -> None:
    tables = ladder_tables(["random", "easy", "normal", "hard1", "hard"])
    assert len(tables) == 10 + 5 and tables[0] == ("random", "easy")
    assert all(len(t) == 4 for t in tables[10:])


def test_a_tiny_ladder_runs_from_the_command_line() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "stoneage.sim",
            "--ladder",
            "--ladder-levels",
            "random,easy,normal",
            "--games",
            "2",
            "--json",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    data = json.loads(result.stdout)
    assert data["games"] == 6 and len(data["tables"]) == 3
    ratings = {r["level"]: r for r in data["ratings"]}
    assert set(ratings) == {"random", "easy", "normal"}
    assert ratings["normal"]["rating"] == 1500.0
    assert ratings["random"]["rating"] < ratings["normal"]["rating"]
    for row in ratings.values():
        assert row["ci95"][0] <= row["rating"] <= row["ci95"][1]


def test_a_ladder_resumed_with_more_games_keeps_the_logged_ones_and_plays_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "ladder.jsonl"
    args = ["--ladder", "--ladder-levels", "random,easy,normal", "--log", str(log), "--json"]
    assert sim_main([*args, "--games", "1", "--seed", "4", "--quiet"]) == 0
    first = log.read_text(encoding="utf-8").splitlines()
    one_a_table = json.loads(capsys.readouterr().out)
    assert len(first) == 3 and one_a_table["games"] == 3
    assert sim_main([*args, "--games", "2", "--seed", "4", "--resume"]) == 0
    captured = capsys.readouterr()
    assert "3 games already in" in captured.err
    assert "game 1:" in captured.err and "game 0:" not in captured.err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == first and len(lines) == 6
    two_a_table = json.loads(captured.out)
    assert two_a_table["games"] == 6
    assert all(pair["games"] == 2 for pair in two_a_table["pairwise_2p"])


def test_a_ladder_refuses_to_resume_from_the_log_of_another_ladder(tmp_path: Path) -> None:
    log = tmp_path / "ladder.jsonl"
    args = ["--ladder", "--ladder-levels", "random,easy", "--games", "1", "--log", str(log)]
    assert sim_main([*args, "--seed", "4", "--quiet"]) == 0
    with pytest.raises(SystemExit, match="not a game of this ladder"):
        sim_main([*args, "--seed", "5", "--resume", "--quiet"])
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1  # nothing played, nothing lost


def test_an_opponent_is_rated_at_every_level_on_a_star_around_the_levels() -> None:
    tables = opponent_tables(["scholar"])
    assert tables == [
        ("scholar:easy", "easy"),
        ("scholar:easy", "normal", "normal", "normal"),
        ("scholar:normal", "normal"),
        ("scholar:normal", "normal", "normal", "normal"),
        ("scholar:hard", "hard"),
        ("scholar:hard", "normal", "normal", "normal"),
    ]
    assert ladder_entrants(["easy", "normal", "hard"], ["scholar"])[3:] == [
        "scholar:easy",
        "scholar:normal",
        "scholar:hard",
    ]


def test_a_ladder_of_opponents_runs_and_rates_each_at_each_level() -> None:
    data = _ladder_json(
        ["--ladder-levels", "easy,normal,hard", "--ladder-opponents", "farmer", "--games", "1"]
    )
    assert len(data["tables"]) == 3 + 6 and data["games"] == 9  # 3 levels: pairs only
    rated = {r["level"] for r in data["ratings"]}
    assert rated == {"easy", "normal", "hard", "farmer:easy", "farmer:normal", "farmer:hard"}


def test_a_ladder_can_rate_the_opponents_at_some_levels_only() -> None:
    assert opponent_tables(["scholar"], ["normal"]) == [
        ("scholar:normal", "normal"),
        ("scholar:normal", "normal", "normal", "normal"),
    ]
    assert ladder_entrants(["easy", "normal"], ["scholar", "farmer"], ["normal"]) == [
        "easy",
        "normal",
        "scholar:normal",
        "farmer:normal",
    ]
    data = _ladder_json(
        ["--ladder-levels", "easy,normal", "--ladder-opponents", "farmer"]
        + ["--ladder-opponent-levels", "normal", "--games", "1"]
    )
    assert len(data["tables"]) == 1 + 2 and data["games"] == 3
    assert {r["level"] for r in data["ratings"]} == {"easy", "normal", "farmer:normal"}


def test_a_tables_games_do_not_depend_on_the_other_tables_of_the_ladder() -> None:
    budget = Budget.rollouts(4)
    every = set(ladder_work(["easy", "normal", "hard"], 2, 5, budget, ["farmer"]))
    some = ladder_work(["easy", "normal"], 2, 5, budget, ["farmer"], ["normal"])
    assert len(some) == 3 * 2 and set(some) <= every


def test_opponents_need_their_levels_in_the_ladder() -> None:
    with pytest.raises(SystemExit):
        parse_args(["--ladder", "--ladder-levels", "easy,normal", "--ladder-opponents", "all"])
    with pytest.raises(SystemExit):
        parse_args(["--ladder", "--ladder-opponents", "balanced"])
    with pytest.raises(SystemExit):
        parse_args(["--ladder", "--ladder-opponents", "all", "--ladder-opponent-levels", "x"])
    args = parse_args(
        ["--ladder", "--ladder-levels", "easy,normal", "--ladder-opponents", "all"]
        + ["--ladder-opponent-levels", "normal,normal"]
    )
    assert args.ladder_opponent_levels == ("normal",)
    args = parse_args(
        ["--ladder", "--ladder-levels", "easy,normal,hard", "--ladder-opponents", "all"]
    )
    assert args.ladder_opponents == tuple(o.id for o in roster()[1:])


def _ladder_json(extra: list[str]) -> dict:
    result = subprocess.run(
        [sys.executable, "-m", "stoneage.sim", "--ladder", "--hard-rollouts", "4", "--json"]
        + ["--quiet", *extra],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(result.stdout)
