"""Bots that fill the empty seats: ``make_bot(level, seed)`` for level random, easy, normal or
hard (and ``hard1``, the frozen reference, for the headless runner from a checkout only:
``references``). A bot's ``choose(view)`` takes the view of its own seat (``state.view(seat)``)
and returns one of its legal actions; ``HardBot.analyse(view)`` ranks the actions with estimated
values (for hints). Bots use only the rules' public interface and never import pygame.
"""

from .bots import Bot, HeuristicBot, RandomBot, Temper
from .hard import Budget, HardBot
from .levels import ALL_LEVELS, LEVELS, make_bot
from .policy import Style
from .references import REFERENCE_LEVELS

__all__ = [
    "ALL_LEVELS",
    "LEVELS",
    "REFERENCE_LEVELS",
    "Bot",
    "Budget",
    "HardBot",
    "HeuristicBot",
    "RandomBot",
    "Style",
    "Temper",
    "make_bot",
]
