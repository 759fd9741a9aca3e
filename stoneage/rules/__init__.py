"""The complete rules of Stone Age (base game, 2-4 players) as a pure Python package.

Nothing here imports pygame or calls ``random`` on its own: chance is an explicit node whose
outcomes (dice sums, dice-for-items faces, cards and building tiles turned face up, the extra
card drawn face down) the caller chooses or samples. The deck and the building stacks are
therefore not shuffled at setup: each reveal is a chance node drawing uniformly from the cards
or tiles nobody has seen, which is the same as a shuffle and leaves nothing hidden in the state
except another seat's extra cards (``view`` hides those).

Example, a whole game between random players::

    >>> import random
    >>> from stoneage.rules import new_game, CHANCE, sample_chance
    >>> rng = random.Random(7)
    >>> state = new_game(3, seed=7)
    >>> while not state.is_terminal():
    ...     if state.current_player() == CHANCE:
    ...         action = sample_chance(state, rng)
    ...     else:
    ...         action = rng.choice(state.legal_actions())
    ...     state = state.apply(action)
    >>> len(state.winners()) >= 1
    True
    >>> state.final_scoring()[0]["total"] == sum(
    ...     v for k, v in state.final_scoring()[0].items() if k != "total")
    True

Actions have a text form that round-trips::

    >>> state = new_game(2, seed=1)
    >>> state = state.apply("card G05")          # a chance outcome, chosen by the caller
    >>> str(state.legal_actions()[0])
    'card F01'
"""

from .actions import (
    Action,
    Decline,
    DrawExtra,
    Feed,
    Pay,
    PickItem,
    Place,
    Resolve,
    RevealCard,
    RevealTile,
    Roll,
    RollItems,
    Starve,
    TakeTwo,
    UseTools,
)
from .errors import IllegalActionError, SaveFormatError
from .nodes import CHANCE, TERMINAL
from .player import Player
from .scoring import CATEGORIES as SCORING_CATEGORIES
from .scoring import green_set_points, role_figures
from .state import GameState, new_game, parse_action, sample_chance, seeded_rng

__all__ = [
    "CHANCE",
    "SCORING_CATEGORIES",
    "TERMINAL",
    "Action",
    "Decline",
    "DrawExtra",
    "Feed",
    "GameState",
    "IllegalActionError",
    "Pay",
    "PickItem",
    "Place",
    "Player",
    "Resolve",
    "RevealCard",
    "RevealTile",
    "Roll",
    "RollItems",
    "SaveFormatError",
    "Starve",
    "TakeTwo",
    "UseTools",
    "green_set_points",
    "new_game",
    "parse_action",
    "role_figures",
    "sample_chance",
    "seeded_rng",
]
