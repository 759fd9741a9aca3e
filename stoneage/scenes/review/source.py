"""What the review screen reads of a game, through the review engine (``stoneage.review``):
the replay opened (its seats and every step, so the table can be shown as it was at any
moment), the review stored beside it, and the analysis that makes one."""

from __future__ import annotations

import threading
from collections.abc import Callable

from stoneage.play.worker import DecisionWorker
from stoneage.review import Replay, Review, analyse_replay
from stoneage.rules import GameState

#: The analysis as the screen calls it: the replay, the budget (None: the engine's default),
#: where to report progress, and the event that stops it (it then raises ``ReviewCancelled``).
Analyse = Callable[[Replay, "int | None", Callable[[float], None], threading.Event], Review]


def engine_analysis(
    replay: Replay,
    budget: int | None,
    progress: Callable[[float], None],
    cancel: threading.Event,
    worker: DecisionWorker | None = None,
) -> Review:
    """The review engine's analysis of ``replay`` (its fixed seed: the same review each time),
    its searches in ``worker`` (the window's worker process) when given."""
    if budget is None:
        return analyse_replay(replay, progress=progress, cancel=cancel, worker=worker)
    return analyse_replay(replay, budget=budget, progress=progress, cancel=cancel, worker=worker)


def rounds(replay: Replay) -> list[int]:
    """The round of each move of ``replay`` (the chart's labels)."""
    return [step.before.round for step in replay.steps]


def state_at(replay: Replay, step: int) -> GameState:
    """The table before the move ``step`` of ``replay`` (the final one after the last move)."""
    if step >= len(replay.steps):
        return replay.final
    return replay.steps[max(0, step)].before
