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

What is being decided is read through ``decision()``, one typed form per kind of step::

    >>> new_game(2, seed=1).decision()
    TurnUpCard(slot=0)

The package runs compiled (by mypyc, from these same modules) where a wheel built with a C
compiler installed it, as plain Python elsewhere or with ``STONEAGE_PURE=1``; ``engine()`` says
which (see ``_engine``).

Actions have a text form that round-trips::

    >>> state = new_game(2, seed=1)
    >>> state = state.apply("card G05")          # a chance outcome, chosen by the caller
    >>> str(state.legal_actions()[0])
    'card F01'
"""

# ``_engine`` first (both names in one statement, imported left to right): before any other
# module of the rules loads, it decides whether they load compiled or as plain Python.
from . import _engine, data
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
from .chance import dice_sum_weights
from .decisions import (
    ChanceDecision,
    ChooseSpace,
    ChooseTools,
    Decision,
    DrawFaceDown,
    FeedPeople,
    GameOver,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    PlaceFigures,
    RollDice,
    RollItemDice,
    SeatDecision,
    TurnUpBuilding,
    TurnUpCard,
)
from .errors import ActionError, ActionTextError, IllegalActionError, SaveFormatError
from .events import (
    EVENT_TYPES,
    HIDDEN,
    Ate,
    BuildingTaken,
    BuildingTurnedUp,
    CardTaken,
    CardTurnedUp,
    Declined,
    DiceRolled,
    Event,
    ExtraCardDrawn,
    FedWithResources,
    FiguresPlaced,
    FiguresTakenBack,
    FoodShort,
    Gains,
    GameEnded,
    Gathered,
    ItemDiceRolled,
    ItemTaken,
    NewRound,
    RoundEnded,
    SpaceUsed,
    ToolChange,
    ToolsAdded,
    TwoResourcesCashed,
    TwoResourcesTaken,
    WentHungry,
    hidden_from,
)
from .nodes import CHANCE, TERMINAL
from .player import Player
from .scoring import CATEGORIES as SCORING_CATEGORIES
from .scoring import green_set_points, role_figures, scoring_cards, tie_break
from .state import GameState, new_game, parse_action, sample_chance, seeded_rng
from .wire import (
    SPECTATOR,
    WIRE_VERSION,
    WireFormatError,
    action_from_text,
    spectator_view,
    view_from_wire,
    view_to_wire,
)
from .wire_events import events_from_wire, events_to_wire

engine = _engine.engine
describe_engine = _engine.describe

__all__ = [
    "CHANCE",
    "EVENT_TYPES",
    "HIDDEN",
    "SCORING_CATEGORIES",
    "SPECTATOR",
    "TERMINAL",
    "WIRE_VERSION",
    "Action",
    "ActionError",
    "ActionTextError",
    "Ate",
    "BuildingTaken",
    "BuildingTurnedUp",
    "CardTaken",
    "CardTurnedUp",
    "ChanceDecision",
    "ChooseSpace",
    "ChooseTools",
    "Decision",
    "Decline",
    "Declined",
    "DiceRolled",
    "DrawExtra",
    "DrawFaceDown",
    "Event",
    "ExtraCardDrawn",
    "FedWithResources",
    "Feed",
    "FeedPeople",
    "FiguresPlaced",
    "FiguresTakenBack",
    "FoodShort",
    "Gains",
    "GameEnded",
    "GameOver",
    "GameState",
    "Gathered",
    "IllegalActionError",
    "ItemDiceRolled",
    "ItemTaken",
    "NewRound",
    "Pay",
    "PayForBuilding",
    "PayForCard",
    "PickItem",
    "PickItemDie",
    "Place",
    "PlaceFigures",
    "Player",
    "Resolve",
    "RevealCard",
    "RevealTile",
    "Roll",
    "RollDice",
    "RollItemDice",
    "RollItems",
    "RoundEnded",
    "SaveFormatError",
    "SeatDecision",
    "SpaceUsed",
    "Starve",
    "TakeTwo",
    "ToolChange",
    "ToolsAdded",
    "TurnUpBuilding",
    "TurnUpCard",
    "TwoResourcesCashed",
    "TwoResourcesTaken",
    "UseTools",
    "WentHungry",
    "WireFormatError",
    "action_from_text",
    "data",
    "describe_engine",
    "dice_sum_weights",
    "engine",
    "events_from_wire",
    "events_to_wire",
    "green_set_points",
    "hidden_from",
    "new_game",
    "parse_action",
    "role_figures",
    "sample_chance",
    "scoring_cards",
    "seeded_rng",
    "spectator_view",
    "tie_break",
    "view_from_wire",
    "view_to_wire",
]
