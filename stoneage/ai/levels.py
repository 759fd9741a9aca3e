"""The levels: each one is a set of parameters for the shared bot code, not a copy of it.

- ``random``: a uniformly random legal action (the baseline).
- ``easy``: the heuristic without blocking, end-game timing or counting this round's gathering
  toward payments, with noisy placements and an occasional blunder among its three best.
- ``normal``: the full heuristic: blocking, end-game timing, planning payments, no noise.
- ``hard``: Normal's judgement picks candidates, sampled futures of the round choose among them.

``hard1`` is not offered to players: it is Hard frozen as it played at commit 0bad382
(``bench.frozen.hard1``, in a checkout only: see ``references``), the reference every later
Hard is measured against.
"""

from __future__ import annotations

from .bots import Bot, HeuristicBot, RandomBot, Temper
from .hard import Budget, HardBot
from .policy import Style
from .references import REFERENCE_LEVELS, reference_bot

LEVELS = ("random", "easy", "normal", "hard")  # the levels a player can choose
ALL_LEVELS = LEVELS + REFERENCE_LEVELS

EASY_STYLE = Style(block=0.0, timing=0.0, foresight=False)
EASY_TEMPER = Temper(noise=2.5, blunder=0.12)
NORMAL_STYLE = Style(foresight=True, fitted=True)  # blocking and timing fitted by table size


def make_bot(level: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A bot of the given level (one of ``LEVELS``) owning ``random.Random(seed)``.

    ``budget`` sets Hard's thinking (default: rollouts a placement by table size, with time
    caps; see ``hard``); ``Budget.rollouts(n)`` makes Hard reproducible. ``hard1`` takes the same budget; other
    levels ignore it.
    """
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(seed, EASY_STYLE, EASY_TEMPER, level="easy")
    if level == "normal":
        return HeuristicBot(seed, NORMAL_STYLE, Temper(), level="normal")
    if level == "hard":
        return HardBot(seed, budget or Budget(), NORMAL_STYLE)
    if level in REFERENCE_LEVELS:
        return reference_bot(level, seed, budget)  # MissingReference outside a checkout
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(ALL_LEVELS)}")
