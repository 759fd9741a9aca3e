"""Bots that fill the empty seats: ``make_bot(level, seed, opponent=...)`` for level random,
easy, normal or hard (and ``hard1``, the frozen reference, for the headless runner from a checkout only:
``references``), played
by one of the opponents of ``roster()`` (each its own leanings; ``BALANCED``, the default, is the
judgement the levels always had). A bot's ``choose(view)`` takes the view of its own seat
(``state.view(seat)``) and returns one of its legal actions; ``HardBot.analyse(view)`` ranks the
actions with estimated values (for hints). Bots use only the rules' public interface and never
import pygame.
"""

from .bots import Bot, HeuristicBot, RandomBot, Temper
from .hard import Budget, HardBot
from .levels import ALL_LEVELS, LEVELS, make_bot, parse_spec, spec_text
from .opponents import BALANCED, Opponent, roster
from .opponents import find as find_opponent
from .opponents import known as known_opponent
from .policy import Style
from .references import REFERENCE_LEVELS

__all__ = [
    "ALL_LEVELS",
    "BALANCED",
    "LEVELS",
    "REFERENCE_LEVELS",
    "Bot",
    "Budget",
    "HardBot",
    "HeuristicBot",
    "Opponent",
    "RandomBot",
    "Style",
    "Temper",
    "find_opponent",
    "known_opponent",
    "make_bot",
    "parse_spec",
    "roster",
    "spec_text",
]
