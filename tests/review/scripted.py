"""A seeded game with a scripted human making two known blunders among Normal's moves.

Seat 0 is labelled human and plays as the Hard bot does (a small exact budget), except:

* it never hunts until its people first go at most ``SHORT_AT_MOST`` food short at feeding
  while holding at least ``HOLDING`` resources, and there it takes the -10 for hunger while
  it could feed them with its resources;
* the first time it can pay for its last building of a round late in the game (at most
  ``DECLINE_ROUNDS_LEFT`` rounds expected after this one), a building worth at least
  ``DECLINE_WORTH`` points, it declines.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from stoneage.ai import Bot, Budget, HardBot, make_bot
from stoneage.ai.outlook import rounds_left
from stoneage.play.match import CHANCE, Match, bot_decision, bot_seed, chance_outcome
from stoneage.play.savefile import replay_document
from stoneage.play.seats import Seat
from stoneage.rules import (
    Action,
    Decline,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    Place,
    Starve,
)
from stoneage.rules.data import BUILDING_SPACES, HUNT, RESOURCE_VALUES

DECLINE_ROUNDS_LEFT = 3  # late in the game: the resources kept are worth little
DECLINE_WORTH = 12  # points the building would score
SHORT_AT_MOST = 2
HOLDING = 4
HUMAN_ROLLOUTS = 60
COLOURS = ("red", "blue", "green", "yellow")


@dataclass
class Blunders:
    """Where the scripted human blundered (indices into the game's actions)."""

    starve: int | None = None
    decline: int | None = None


def human_choice(state: GameState, seed: int, blunders: Blunders) -> Action:
    """Seat 0's move: Hard's, but for the two blunders and the hunting it avoids."""
    decision = state.decision()
    legal = state.legal_actions()
    if isinstance(decision, FeedPeople) and blunders.starve is None:
        held = sum(state.players[0].res)
        feeds = any(isinstance(a, Feed) for a in legal)
        if feeds and decision.missing <= SHORT_AT_MOST and held >= HOLDING:
            blunders.starve = state.ply
            return Starve()
    if (
        isinstance(decision, PayForBuilding)
        and blunders.decline is None
        and rounds_left(state) <= DECLINE_ROUNDS_LEFT
        and max((_worth(a) for a in legal if isinstance(a, Pay)), default=0) >= DECLINE_WORTH
        and _last_building(state)
    ):
        blunders.decline = state.ply
        return Decline()
    bot = make_bot("hard", seed, Budget.rollouts(HUMAN_ROLLOUTS))
    if blunders.starve is None:
        allowed = [a for a in legal if not (isinstance(a, Place) and a.space == HUNT)]
        if allowed and len(allowed) < len(legal):
            return _best_of(bot, seed, state, allowed)
    return bot_decision(bot, seed, 0, state)


def _best_of(bot: Bot, seed: int, state: GameState, allowed: list[Action]) -> Action:
    """Hard's best among ``allowed`` (its ranking of every legal action, filtered)."""
    if not isinstance(bot, HardBot):
        raise TypeError("the human plays as Hard")
    bot.rng.seed(bot_seed(seed, 0, state.ply))
    ranked = [a for a, _v in bot.analyse(state.view(0)) if a in allowed]
    return ranked[0] if ranked else allowed[0]


def _worth(pay: Pay) -> int:
    """The points a building bought with ``pay`` scores (its resources' values)."""
    return sum(n * v for n, v in zip(pay.resources, RESOURCE_VALUES))


def _last_building(state: GameState) -> bool:
    """True when the building being paid for is the seat's last one this round (a decline
    then leaves the resources unspent, not kept for another building)."""
    return sum(state.placed[0][s] for s in BUILDING_SPACES) == 0


def scripted_game(seed: int, players: int = 4) -> tuple[Match, Blunders]:
    """The game of ``seed`` played to its end, seat 0 the scripted human."""
    seats = [
        Seat("You" if i == 0 else f"Bot {i}", COLOURS[i], "bot", "normal") for i in range(players)
    ]
    match = Match(seats, seed, threaded=False)
    blunders = Blunders()
    while not match.is_over():
        seat = match.actor()
        if seat == CHANCE:
            match.apply(chance_outcome(match.state))
        elif seat == 0:
            match.apply(human_choice(match.state, seed, blunders), seat=0)
        else:
            match.apply(match.decide(seat, match.state), seat=seat)
    match.seats[0].kind = "human"
    return match, blunders


def write_replay(match: Match, path: Path) -> Path:
    """The game's replay file, as the game writes it."""
    document = replay_document(match.seats, match.seed, match.steps, match.state)
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path
