"""Hard's learned evaluation: the shipped weights load, predict in plain Python, are exact at
the end, and judge fresh self-play positions better than the hand-made evaluation."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from stoneage.ai.learned import (
    FEATURES,
    STAGES,
    features,
    learned_evaluate,
    learned_evaluate_all,
    model_from_json,
    shipped_model,
    stage,
)
from stoneage.rules import new_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from train_eval import branch_rows, play_and_record, ridge


def test_the_shipped_weights_cover_every_table_size_and_stage() -> None:
    model = shipped_model()
    assert {(n, part) for n in (2, 3, 4) for part in range(len(STAGES) + 1)} <= set(model.weights)
    assert all(len(w) == len(FEATURES) + 1 for w in model.weights.values())
    assert "command" in model.meta


def test_weights_for_other_features_are_refused() -> None:
    with pytest.raises(ValueError, match="other features"):
        model_from_json({"features": ["score"], "weights": {}})


def test_features_and_prediction_of_a_new_game() -> None:
    state = new_game(3, seed=2)
    values = features(state, 0)
    assert len(values) == len(FEATURES) and values[0] == 0.0
    assert math.isfinite(learned_evaluate(state, 0))
    assert stage(0.0) == 0 and stage(3.0) == 1 and stage(9.0) == 2


def test_the_end_of_the_game_is_judged_exactly() -> None:
    from ai_helpers import play

    from stoneage.ai import make_bot

    final = play([make_bot("normal", 1), make_bot("normal", 2)], seed=4)
    assert learned_evaluate_all(final) == [float(r["total"]) for r in final.final_scoring()]


def test_ridge_recovers_an_exact_linear_rule() -> None:
    xs = [(float(i), float(i * i % 7)) for i in range(30)]
    ys = [3.0 * a - 2.0 * b + 5.0 for a, b in xs]
    w = ridge(xs, ys, penalty=0.0)
    assert w == pytest.approx([3.0, -2.0, 5.0], abs=1e-6)


def test_learned_weights_predict_fresh_branch_pairs_better_than_the_hand_made_ones() -> None:
    """Branch pairs from games the weights never saw (other seeds): the learned weights'
    prediction of how much a different placement changes the final margin has a smaller
    error than the hand-made evaluation's."""
    model = shipped_model()
    learned_sq = hand_sq = 0.0
    rows = 0
    for seed in range(900_001, 900_041):
        for _game, size, part, feature_change, hand_change, final_change in branch_rows(2, seed):
            w = model.weights[(size, part)]
            predicted = sum(x * c for x, c in zip(feature_change, w))
            learned_sq += (predicted - final_change) ** 2
            hand_sq += (hand_change - final_change) ** 2
            rows += 1
    assert rows > 60
    assert learned_sq < hand_sq


def test_hard_self_play_rows_are_margins_of_every_round_start() -> None:
    """``--mode hard``: a row per seat per round start after the first, from a game of Hard
    bots; in two-player games the two seats' margins are opposite."""
    rows = play_and_record(2, 31, hard_rollouts=12)
    assert rows and len(rows) % 2 == 0
    for first, second in zip(rows[::2], rows[1::2]):
        assert first[5] == pytest.approx(-second[5])
        assert first[4] == pytest.approx(-second[4])
        assert first[3][0] == pytest.approx(-second[3][0])
