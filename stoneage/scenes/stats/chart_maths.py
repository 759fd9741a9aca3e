"""The arithmetic behind the statistics charts: how many games a rolling average covers, the
rolling average itself, and round steps for the marks of an axis (pure, no pygame)."""

from __future__ import annotations

from collections.abc import Sequence

ROLLING = 10  # games in the rolling average and win rate of a short history
LONG_HISTORY = 100  # from this many games on, the average and win rate use a wider window
# (history length from which it applies, games in the window): ten games jump up and down too
# much to show a trend over hundreds of games, so the window grows with the history.
WINDOWS = ((0, ROLLING), (LONG_HISTORY, 20), (300, 50))


def window_for(count: int) -> int:
    """The games in the rolling average and win rate of a chart over ``count`` games."""
    return max(size for start, size in WINDOWS if count >= start)


def nice_step(span: float, marks: int) -> int:
    """A round step that cuts ``span`` into at most about ``marks`` parts."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= marks:
            return step
    return max(1, round(span / marks))


def rolling_mean(values: Sequence[float], window: int) -> list[float]:
    """After each value, the mean of the last ``window`` values (fewer at the start)."""
    out: list[float] = []
    total = 0.0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        out.append(total / min(index + 1, window))
    return out
