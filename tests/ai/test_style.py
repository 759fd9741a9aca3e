"""Style fingerprints: what an opponent placed and scored, counted from a game's steps, and
the distances between fingerprints."""

from __future__ import annotations

import json

import pytest

from stoneage.ai import Budget
from stoneage.sim import play_game, read_log, result_to_json
from stoneage.sim.style import (
    KINDS,
    SOURCES,
    Fingerprint,
    fingerprint_game,
    fingerprint_spec,
    format_fingerprints,
    format_matrix,
    logged_fingerprints,
    tvd,
    tvd_matrix,
)


def test_a_games_fingerprint_counts_the_figures_the_bot_placed_and_its_points():
    spec = fingerprint_spec("scholar:normal", seed=5)
    assert spec.levels == ("scholar:normal", "normal", "normal", "normal")
    found = fingerprint_game(spec, 1, "scholar:normal")  # the scholar sits in seat 1 (rotated)
    assert found.games == 1 and found.pairs == 3
    assert sum(found.figures.values()) > 20
    assert sum(found.points.values()) == found.score
    shares = found.shares()
    assert sum(shares.values()) == pytest.approx(1.0) and set(shares) == set(KINDS)


def test_every_seat_of_the_subject_counts_when_it_fills_the_table():
    spec = fingerprint_spec("normal", players=2, seed=5, budget=Budget.rollouts(4))
    found = fingerprint_game(spec, 0, "normal")
    assert found.games == 2 and found.pairs == 0 and found.elo() is None


def test_the_distance_is_half_the_differences_and_symmetric():
    a = dict.fromkeys(KINDS, 0.0) | {"hunt": 0.5, "wood": 0.5}
    b = dict.fromkeys(KINDS, 0.0) | {"hunt": 0.5, "cards": 0.5}
    assert tvd(a, a) == 0.0 and tvd(a, b) == tvd(b, a) == 0.5
    one, two = Fingerprint(), Fingerprint()
    one.figures["hunt"], two.figures["cards"] = 4, 4
    matrix = tvd_matrix({"one": one, "two": two})
    assert matrix[("one", "two")] == 1.0 and matrix[("one", "one")] == 0.0
    assert len(format_fingerprints({"one": one, "two": two})) == 3
    assert len(format_matrix(["one", "two"], matrix)) == 3


def test_fingerprints_add_up():
    total = Fingerprint()
    for figures in (3, 5):
        one = Fingerprint(games=1, score=100)
        one.figures["wood"] = figures
        one.points["buildings"] = 100
        total.add(one)
    assert total.figures["wood"] == 8 and total.mean_points()["buildings"] == 100.0
    assert total.to_json()["mean_score"] == 100.0 and set(total.points) == set(SOURCES)


def test_the_runners_log_keeps_a_seats_fingerprint_as_the_game_counted_it():
    spec = fingerprint_spec("scholar:normal", seed=5)
    result = play_game(spec, 1)
    logged, _ = read_log(json.dumps(result_to_json(result)) + "\n")
    from_log = logged_fingerprints(logged)
    counted = fingerprint_game(spec, 1, "scholar:normal")
    assert from_log["scholar:normal"].to_json() == counted.to_json()
    assert from_log["normal"].games == 3 and from_log["normal"].pairs == 3


def test_a_log_from_before_fingerprints_gives_none():
    spec = fingerprint_spec("scholar:normal", seed=5)
    raw = result_to_json(play_game(spec, 0))
    for seat in raw["seats"]:
        del seat["placed"], seat["points"]
    logged, _ = read_log(json.dumps(raw) + "\n")
    assert logged_fingerprints(logged) == {}
