"""The guided first game (issue 14) and the first-game tips, without pygame.

- ``script``: the lesson script, a fixed two-player game (``STEPS``, ``SETUP``).
- ``session``: ``Tutorial``, the script in progress, driven by the tutorial scene.
- ``lessons``: the lessons taught and the names of the things a bubble points at.
- ``tips``: one-time tips for the first time a situation comes up in any game.

Only ``stoneage.rules``, ``stoneage.ai`` and ``stoneage.i18n`` are imported.
"""

from .lessons import LESSONS, TARGETS
from .script import PLAYERS, SEED, SETUP, STEPS, YOU, Moment, Step, step_index
from .session import Bubble, Tutorial, Verdict

__all__ = [
    "LESSONS",
    "PLAYERS",
    "SEED",
    "SETUP",
    "STEPS",
    "TARGETS",
    "YOU",
    "Bubble",
    "Moment",
    "Step",
    "Tutorial",
    "Verdict",
    "step_index",
]
