"""The Hint says in words how much better its move is, the figure after (issue 45 point 14:
"+15.3 vs next best -6.1" puzzled a beginner)."""

from __future__ import annotations

from stoneage.play.assist import Hint, margin_words
from stoneage.rules import Place
from stoneage.rules.data import FIELD, FOREST


def hint(best: float, second: float) -> str:
    return Hint(1, 0, ((Place(FIELD, 1), best), (Place(FOREST, 2), second))).text()


def test_a_clear_best_move_is_called_so_with_whole_points():
    text = hint(15.3, -6.1)
    assert text.startswith("Hint: ")
    assert "clearly the best move (21 points of expected lead ahead of the next best)" in text
    assert "15.3" not in text and "-6.1" not in text


def test_a_small_margin_is_a_little_ahead():
    assert margin_words(2.4) == (
        "the best move, a little ahead of the next (2 points of expected lead)"
    )
    assert margin_words(1.2).endswith("(1 point of expected lead)")


def test_a_margin_under_a_point_says_the_moves_are_about_as_good():
    assert margin_words(0.3).startswith("about as good as the next best move")


def test_a_lone_estimate_keeps_its_figure():
    text = Hint(1, 0, ((Place(FIELD, 1), 3.0), (Place(FOREST, 2), None))).text()
    assert text.endswith("(expected lead +3.0)")
