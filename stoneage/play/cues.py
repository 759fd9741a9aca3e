"""Which sounds a step of the game makes: a pure reading of (state before, action, state after).

The rules take forced steps inside ``apply`` (the hut and the field used at once, feeding with
enough food, the end of the round), so one step can hold several events: the last hunt of a
round gathers food, feeds every seat and starts the next round. The cues are therefore read
from what changed between the two states, and from the action only where the states cannot
tell (how many dice were rolled, whether tools were added). Bots' steps sound like a human's.

Nothing here imports pygame or decides a rule; ``stoneage.ui.audio`` plays the cues by name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from stoneage.rules import (
    Action,
    Feed,
    GameState,
    Pay,
    Player,
    Roll,
    RollDice,
    RollItems,
    Starve,
    UseTools,
)
from stoneage.rules.data import RESOURCE_NAMES

FEED = "feed"  # the feeding phase

DICE = "dice"
FOOD = "food"
TOOL_GAIN = "tool_gain"
TOOL_USE = "tool_use"
CARD = "card"
BUILDING = "building"
BIRTH = "birth"
TRACK = "track"
FEEDING = "feeding"
HUNGER = "hunger"
NEW_ROUND = "new_round"
WON = "won"
LOST = "lost"
YOUR_TURN = "your_turn"
# Resources by kind, in the rules' order: wood, brick (clay), stone, gold.
RESOURCE_CUES = RESOURCE_NAMES
# Cues of the table itself (the scenes play these directly, not from a rules step).
PICK_UP, DROP, SNAP_BACK, CLICK, REFUSED = "pick_up", "drop", "snap_back", "click", "refused"

CUE_NAMES = (
    DICE,
    *RESOURCE_CUES,
    FOOD,
    TOOL_GAIN,
    TOOL_USE,
    CARD,
    BUILDING,
    BIRTH,
    TRACK,
    FEEDING,
    HUNGER,
    NEW_ROUND,
    WON,
    LOST,
    YOUR_TURN,
    PICK_UP,
    DROP,
    SNAP_BACK,
    CLICK,
    REFUSED,
)

_NO_RESOURCES = (0, 0, 0, 0)


@dataclass(frozen=True)
class Cue:
    """A sound to make: its name, a count (dice rolled, or units gained) and the seats it
    concerns (in seat order; empty for the table's own events such as a new round)."""

    name: str
    count: int = 1
    seats: tuple[int, ...] = ()


def transition_cues(
    before: GameState, action: Action, after: GameState, listeners: Collection[int] = ()
) -> list[Cue]:
    """The cues of one applied step, in the order they happen.

    ``listeners`` are the seats played at this screen (the humans): the end of the game is
    ``won`` when one of them is among the winners (or when nobody listens, as in autoplay),
    else ``lost``; ``your_turn`` sounds when the decision passes to one of them from someone
    else.
    """
    cues: list[Cue] = []
    dice = dice_rolled(before, action)
    if dice:
        cues.append(Cue(DICE, dice, (before.turn,)))
    if isinstance(action, UseTools) and (action.tiles or action.cards):
        cues.append(Cue(TOOL_USE, len(action.tiles) + len(action.cards), (before.turn,)))
    fed = seats_fed(before, action, after)
    cues += _gains(before, action, after, fed)
    if fed:
        cues.append(Cue(FEEDING, len(fed), tuple(fed)))
    cues += _counted(HUNGER, before, after, lambda p: p.penalties)
    if after.is_terminal() and not before.is_terminal():
        winners = set(after.winners())
        cues.append(Cue(WON if not listeners or winners & set(listeners) else LOST))
    elif after.round > before.round:
        cues.append(Cue(NEW_ROUND))
    seat = after.current_player()
    # The decision comes to a listener from someone else: not after a die it rolled itself
    # (a chance node within its own turn), unless a new phase begins with it.
    passed_on = before.turn != seat or before.phase != after.phase
    if seat in listeners and before.current_player() != seat and passed_on:
        cues.append(Cue(YOUR_TURN, 1, (seat,)))
    return cues


def dice_rolled(before: GameState, action: Action) -> int:
    """How many dice ``action`` rolls (0 when it is not a roll)."""
    if isinstance(action, Roll):
        decision = before.decision()
        return decision.dice if isinstance(decision, RollDice) else 0
    if isinstance(action, RollItems):
        return len(action.faces)
    return 0


def seats_fed(before: GameState, action: Action, after: GameState) -> list[int]:
    """The seats whose people were fed (or went hungry) in this step, in feeding order.

    Feeding runs seat by seat from the start player and stops at a seat short of food, which
    then chooses (``Feed`` or ``Starve``); the round ends after the last seat.
    """
    n, start = before.n, before.start
    round_over = after.round != before.round or (after.is_terminal() and not before.is_terminal())
    if before.phase == FEED:
        if not isinstance(action, (Feed, Starve)):
            return []  # the two-resources card, taken while choosing how to feed
        first = before.turn
    elif after.phase == FEED or round_over:
        first = start
    else:
        return []
    stop = after.turn if after.phase == FEED and not round_over else None
    fed, seat = [], first
    while seat != stop:
        fed.append(seat)
        seat = (seat + 1) % n
        if seat == start:
            break
    return fed


def _gains(before: GameState, action: Action, after: GameState, fed: list[int]) -> list[Cue]:
    """Resources by kind, food, tools, cards, buildings, people and food track gained."""
    n = before.n
    spent = action.resources if isinstance(action, (Pay, Feed)) else _NO_RESOURCES
    payer = before.turn
    chooser = payer if isinstance(action, (Feed, Starve)) else None  # fed by its own choice
    per_kind = [
        [
            after.players[s].res[kind]
            - before.players[s].res[kind]
            + (spent[kind] if s == payer else 0)
            for s in range(n)
        ]
        for kind in range(len(RESOURCE_CUES))
    ]
    found = [_cue(name, units) for name, units in zip(RESOURCE_CUES, per_kind)]
    found.append(_cue(FOOD, [_food_gained(before, after, s, s in fed, chooser) for s in range(n)]))
    tools = [_tools_gained(p, q) for p, q in zip(before.players, after.players)]
    found.append(_cue(TOOL_GAIN, tools))
    cues = [cue for cue in found if cue is not None]
    cues += _counted(CARD, before, after, lambda p: len(p.cards))
    cues += _counted(BUILDING, before, after, lambda p: len(p.buildings))
    cues += _counted(BIRTH, before, after, lambda p: p.people)
    cues += _counted(TRACK, before, after, lambda p: p.track)
    return cues


def _food_gained(
    before: GameState, after: GameState, seat: int, fed: bool, chooser: int | None
) -> int:
    """Food the seat gained in this step, not counting what feeding took or the field gave.

    A seat fed in this step from its own food holds ``food before feeding + track - people``
    afterwards, so what it had just before feeding is recovered from that. A seat short of
    food (it chose how to feed, or went hungry without a choice) gave it all up: 0.
    """
    was, now = before.players[seat], after.players[seat]
    if not fed:
        return now.food - was.food
    if seat == chooser or now.penalties > was.penalties:
        return 0
    return now.food + now.people - now.track - was.food


def _tools_gained(was: Player, now: Player) -> int:
    """Tool value and one-use tools gained (tools used or restored are not gains)."""
    value = now.tool_value - was.tool_value
    cards = len(now.one_use) - len(was.one_use)
    return max(0, value) + max(0, cards)


def _counted(
    name: str, before: GameState, after: GameState, measure: Callable[[Player], int]
) -> list[Cue]:
    """A cue for the seats where ``measure(player)`` rose (a list of one cue, or empty)."""
    cue = _cue(name, [measure(q) - measure(p) for p, q in zip(before.players, after.players)])
    return [cue] if cue is not None else []


def _cue(name: str, per_seat: list[int]) -> Cue | None:
    """One cue for the seats with a positive amount, counting them all; None if none."""
    seats = tuple(s for s, amount in enumerate(per_seat) if amount > 0)
    if not seats:
        return None
    return Cue(name, sum(per_seat[s] for s in seats), seats)
