"""The headless runner plays tiny series end to end and reports valid statistics."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.ai import Budget, roster
from stoneage.play.opponents import opponent_line, opponent_name
from stoneage.sim import (
    GameResult,
    SeatResult,
    SeriesSpec,
    logged_games,
    play_game,
    read_log,
    result_to_json,
    run_series,
    seating,
)
from stoneage.sim.__main__ import format_table, parse_args, report
from stoneage.sim.__main__ import main as sim_main
from stoneage.sim.stats import level_stats, wilson, wins_by_seat


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


def _two_seat_game(index: int, first: str, winner: int, capped: bool = False) -> GameResult:
    second = "hard1" if first == "hard" else "hard"
    seats = [
        SeatResult(level, 100, seat == winner, False) for seat, level in enumerate((first, second))
    ]
    return GameResult(index, index, 14, capped, seats)


def test_wins_by_seat_counts_each_level_where_it_sat() -> None:
    results = [
        _two_seat_game(0, "hard", winner=0),
        _two_seat_game(1, "hard1", winner=0),
        _two_seat_game(2, "hard", winner=0),
        _two_seat_game(3, "hard1", winner=1),
        _two_seat_game(4, "hard", winner=1, capped=True),  # a capped game counts nowhere
    ]
    assert wins_by_seat(results, "hard") == [[2, 2], [1, 2]]
    assert wins_by_seat(results, "hard1") == [[1, 2], [0, 2]]
    assert level_stats(results)["hard"]["wins_by_seat"] == [[2, 2], [1, 2]]
    text = format_table(report(parse_args(["--seats", "hard,hard1"]), results, 1.0))
    assert "wins by seat (seat 0 starts): hard 2/2 1/2; hard1 1/2 0/2" in text


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


def test_resume_plays_only_the_games_missing_from_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "run.jsonl"
    args = ["--seats", "normal,easy", "--seed", "5", "--log", str(log), "--resume", "--json"]
    assert sim_main([*args, "--games", "2", "--quiet"]) == 0
    first_two = log.read_text(encoding="utf-8").splitlines()
    assert len(first_two) == 2
    capsys.readouterr()
    assert sim_main([*args, "--games", "3"]) == 0
    captured = capsys.readouterr()
    assert "2 games already in" in captured.err
    assert "game 2:" in captured.err and "game 0:" not in captured.err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == first_two and len(lines) == 3
    assert json.loads(captured.out)["games"] == 3
    fresh = play_game(SeriesSpec(("normal", "easy"), seed=5), 2)
    assert result_to_json(fresh)["seats"][0]["score"] == json.loads(lines[2])["seats"][0]["score"]


def test_resume_refuses_a_log_of_another_series(tmp_path: Path) -> None:
    spec = SeriesSpec(("normal", "easy"), seed=5)
    line = json.dumps(result_to_json(play_game(spec, 0)))
    logged, unfinished = read_log(line + "\n")
    assert len(logged_games(spec, 1, logged)) == 1 and unfinished == ""
    with pytest.raises(ValueError, match="another series"):
        logged_games(SeriesSpec(("normal", "easy"), seed=6), 1, logged)
    with pytest.raises(ValueError, match="line 1 is not a logged game"):
        read_log("{broken\n" + line + "\n")
    log = tmp_path / "other.jsonl"
    log.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="cannot use"):
        sim_main(["--seats", "normal,easy", "--seed", "6", "--log", str(log), "--resume"])


@pytest.mark.parametrize("newline", ["\n", "\r\n"])  # a log written on Linux, on Windows
def test_resume_drops_a_game_cut_short_while_being_written_and_plays_it_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], newline: str
) -> None:
    spec = SeriesSpec(("normal", "easy"), seed=5)
    first, second = (json.dumps(result_to_json(play_game(spec, i))) for i in range(2))
    log = tmp_path / "killed.jsonl"
    log.write_bytes((first + newline + second[: len(second) // 2]).encode("utf-8"))
    args = ["--seats", "normal,easy", "--seed", "5", "--games", "2", "--log", str(log)]
    assert sim_main([*args, "--resume", "--json"]) == 0
    captured = capsys.readouterr()
    assert "dropped the unfinished last line" in captured.err and "game 1:" in captured.err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and lines[0] == first  # the cut line is gone, the game played again
    assert log.read_bytes().count(b"\n") == 2  # every game on a line of its own, for any tool
    replayed, expected = json.loads(lines[1]), json.loads(second)
    assert (replayed["index"], replayed["seed"]) == (expected["index"], expected["seed"])
    assert [s["score"] for s in replayed["seats"]] == [s["score"] for s in expected["seats"]]
    assert json.loads(captured.out)["games"] == 2


def test_summarize_says_what_is_wrong_with_a_broken_log(tmp_path: Path) -> None:
    log = tmp_path / "broken.jsonl"
    log.write_text('{"index": 0}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="line 1 is not a logged game"):
        sim_main(["--summarize", str(log)])
    with pytest.raises(SystemExit, match="cannot use"):
        sim_main(["--summarize", str(tmp_path / "missing.jsonl")])


def test_summarize_reports_a_log_without_claiming_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "run.jsonl"
    spec = SeriesSpec(("normal", "easy"), seed=5)
    log.write_text(json.dumps(result_to_json(play_game(spec, 0))) + "\n", encoding="utf-8")
    assert sim_main(["--summarize", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 games, seats easy,normal (rotated), seed (not logged)")
    assert sim_main(["--summarize", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] is None and data["hard_budget"] is None and data["games"] == 1


def test_list_bots_prints_each_opponent_id_first_with_name_style_and_levels() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "stoneage.sim", "--list-bots"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [o.id for o in roster()]
    assert len(lines) >= 5
    for line, opponent in zip(lines, roster()):
        assert opponent_name(opponent.id) in line and opponent_line(opponent.id) in line
        assert "easy, normal, hard" in line


def test_seats_name_an_opponent_and_a_level_and_the_old_level_names_still_work() -> None:
    first = roster()[0].id
    args = parse_args(["--seats", f"{first}:hard,normal", "--games", "1", "--hard-rollouts", "20"])
    assert args.levels == ("hard", "normal")  # the balanced opponent keeps its old name
    args = parse_args(["--seats", "scholar:hard,normal,builder:easy,hard1"])
    assert args.levels == ("scholar:hard", "normal", "builder:easy", "hard1")
    for wrong in ("scholar:random,normal", "wizard:hard,normal", "scholar:hard"):
        with pytest.raises(SystemExit):
            parse_args(["--seats", wrong])


def test_a_series_of_opponents_plays_them_and_reports_each() -> None:
    spec = SeriesSpec(("scholar:hard", "farmer:normal", "easy"), 4, Budget.rollouts(6))
    results = run_series(spec, 3)
    stats = level_stats(results)
    assert set(stats) == {"scholar:hard", "farmer:normal", "easy"}
    assert list(stats) == ["scholar:hard", "farmer:normal", "easy"]  # strongest level first
    assert all(s["seat_games"] == 3 for s in stats.values())
    again = run_series(spec, 3)  # fixed rollouts: the same games again
    assert [[s.score for s in g.seats] for g in again] == [
        [s.score for s in g.seats] for g in results
    ]
