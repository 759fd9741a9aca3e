"""The levels: each one is a set of parameters for the shared bot code, not a copy of it.

- ``random``: a uniformly random legal action (the baseline).
- ``easy``: the heuristic without blocking, end-game timing or counting this round's gathering
  toward payments, with noisy placements and an occasional blunder among its three best.
- ``normal``: the full heuristic: blocking, end-game timing, planning payments, no noise.
- ``hard``: Normal's judgement picks candidates, sampled futures of the round choose among them.

``hard1`` is not offered to players: it is Hard frozen as it played at commit 0bad382
(``bench.frozen.hard1``, in a checkout only: see ``references``), the reference every later
Hard is measured against.

Every level but ``random`` and ``hard1`` is played by an opponent (``opponents``): its leanings
are added to the level's judgement, Hard's search included. The balanced opponent has none, and
its levels are the levels above exactly.
"""

from __future__ import annotations

from dataclasses import replace

from .bots import Bot, HeuristicBot, RandomBot, Temper
from .hard import Budget, HardBot, Tactics
from .leanings import Leaning
from .opponents import BALANCED, find
from .policy import Style
from .references import REFERENCE_LEVELS, reference_bot

LEVELS = ("random", "easy", "normal", "hard")  # the levels a player can choose
ALL_LEVELS = LEVELS + REFERENCE_LEVELS

EASY_STYLE = Style(block=0.0, timing=0.0, foresight=False)
EASY_TEMPER = Temper(noise=2.5, blunder=0.12)
NORMAL_STYLE = Style(foresight=True, fitted=True)  # blocking and timing fitted by table size


def make_bot(
    level: str, seed: int = 0, budget: Budget | None = None, opponent: str = BALANCED
) -> Bot:
    """A bot of the given level (one of ``ALL_LEVELS``) played by ``opponent`` (an id of
    ``opponents.roster()``), owning ``random.Random(seed)``.

    ``budget`` sets Hard's thinking (default: rollouts a placement by table size, with time
    caps; see ``hard``); ``Budget.rollouts(n)`` makes Hard reproducible. ``hard1`` takes the same
    budget; other levels ignore it. ``random`` and ``hard1`` are nobody's: only the balanced
    opponent plays them. ``ValueError`` names an unknown level or opponent.
    """
    lean = find(opponent).lean
    if lean is not None and level in ("random", "hard1"):
        raise ValueError(f"{level} is played by no opponent but {BALANCED!r}, not {opponent!r}")
    if level == "random":
        return RandomBot(seed)
    if level in REFERENCE_LEVELS:
        return reference_bot(level, seed, budget)  # MissingReference outside a checkout
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(ALL_LEVELS)}")
    bot = _levelled(level, seed, budget, lean)
    bot.opponent = opponent
    return bot


def _levelled(level: str, seed: int, budget: Budget | None, lean: Leaning | None) -> Bot:
    """A bot of ``level`` (easy, normal or hard) with ``lean`` added to its judgement."""
    if level == "easy":
        return HeuristicBot(seed, replace(EASY_STYLE, lean=lean), EASY_TEMPER, level="easy")
    style = replace(NORMAL_STYLE, lean=lean)
    if level == "normal":
        return HeuristicBot(seed, style, Temper(), level="normal")
    if lean is None:
        return HardBot(seed, budget or Budget(), NORMAL_STYLE)
    # Its candidates are its own judgement's best and its own seat plays its judgement in the
    # rollouts; the futures are judged by the balanced evaluation (docs/ai.md, "Opponents").
    return HardBot(seed, budget or Budget(), style, tactics=Tactics(own_style=style))


def parse_spec(text: str) -> tuple[str, str]:
    """The (opponent, level) a bot's text names: ``hard`` (the balanced opponent, as before
    opponents), ``scholar:hard``, ``balanced:normal``. ``ValueError`` says what is wrong."""
    opponent, _, level = text.strip().rpartition(":")
    opponent, level = opponent.strip() or BALANCED, level.strip()
    if level not in ALL_LEVELS:
        raise ValueError(
            f"unknown bot level {level!r} in {text!r}; choose one of {', '.join(ALL_LEVELS)}"
        )
    if find(opponent).lean is not None and level in ("random", "hard1"):
        raise ValueError(f"{level} is played by no opponent but {BALANCED!r}, not {opponent!r}")
    return opponent, level


def spec_text(opponent: str, level: str) -> str:
    """A bot's text (``parse_spec``'s inverse): the bare level for the balanced opponent, as
    the runner and its logs always named them, ``id:level`` for the others."""
    return level if opponent == BALANCED else f"{opponent}:{level}"
