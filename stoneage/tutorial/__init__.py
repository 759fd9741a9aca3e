"""The guided first game (issue 14) and the first-game tips, without pygame.

- ``script``: the lesson script, a fixed two-player game (``STEPS``, ``SETUP``).
- ``session``: ``Tutorial``, the script in progress on the game's one match.
- ``lesson_match``: ``LessonMatch``, the lesson as the table asks it (``stoneage.play.seam``).
- ``lessons``: the lessons taught and the names of the things a bubble points at.
- ``tips``: one-time tips for the first time a situation comes up in any game.

Only ``stoneage.rules``, ``stoneage.ai``, ``stoneage.play`` (the match driver's seed policy) and
``stoneage.i18n`` are imported.
"""

from stoneage.tutorial.lessons import LESSONS, TARGETS
from stoneage.tutorial.script import (
    PLAYERS,
    SEED,
    SETUP,
    STEPS,
    YOU,
    LessonStep,
    Moment,
    step_index,
)
from stoneage.tutorial.session import Bubble, Tutorial, Verdict
from stoneage.tutorial.tips import (
    TIP_IDS,
    TIPS,
    Tip,
    is_last_round,
    may_be_last_round,
    tip_by_id,
    tip_for,
)

__all__ = [
    "LESSONS",
    "PLAYERS",
    "SEED",
    "SETUP",
    "STEPS",
    "TARGETS",
    "TIPS",
    "TIP_IDS",
    "YOU",
    "Bubble",
    "LessonStep",
    "Moment",
    "Tip",
    "Tutorial",
    "Verdict",
    "is_last_round",
    "may_be_last_round",
    "step_index",
    "tip_by_id",
    "tip_for",
]
