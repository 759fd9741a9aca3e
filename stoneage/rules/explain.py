"""Why an action is not legal: the reason given with every ``IllegalActionError``.

Only called on the slow path, after an action was found missing from ``legal_actions()``;
legality itself is decided there and nowhere else. These functions only find the words.
"""

from __future__ import annotations

from typing import Final

from . import data
from .actions import (
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
from .core import StateCore
from .data import (
    BUILDING_SPACES,
    CARD_SPACES,
    FIELD,
    HUNT,
    HUT,
    RESOURCE_SPACE_CAPACITY,
    RESOURCE_SPACES,
    SPACE_NAMES,
    TOOL_MAKER,
    VILLAGE,
)
from .errors import N_, ActionError, ActionTextError, IllegalActionError
from .nodes import (
    CHANCE,
    FEED_SHORT,
    ITEMS_PICK,
    PAY_BUILDING,
    PAY_CARD,
    PLACE,
    RESOLVE,
    TERMINAL,
    TOOLS,
    FeedShortStep,
    PayBuildingStep,
    PayCardStep,
)

_CHANCE_TYPES: Final = (Roll, RollItems, RevealCard, RevealTile, DrawExtra)
_DECISION_TYPES: Final = (Place, Resolve, UseTools, Pay, Decline, PickItem, TakeTwo, Feed, Starve)
_PENDING_FOR: Final = {UseTools: TOOLS, PickItem: ITEMS_PICK, Feed: FEED_SHORT, Starve: FEED_SHORT}
_STEP_NAMES: Final = {
    None: N_("choosing a space"),
    TOOLS: N_("choosing tools for a roll"),
    PAY_CARD: N_("paying for a civilization card"),
    PAY_BUILDING: N_("paying for a building"),
    ITEMS_PICK: N_("picking a die of the dice-for-items card"),
    FEED_SHORT: N_("feeding"),
}


# A reason: the English template (marked for translation) and the values of its placeholders.
Reason = tuple[str, dict[str, object]]


def explain_illegal(state: StateCore, action: object) -> ActionError:
    """The error for ``action``, which is not among ``state.legal_actions()``: an
    ``ActionTextError`` for something that is no action at all (a tuple of another shape),
    else an ``IllegalActionError`` with the rules' reason."""
    seat = state.current_player()
    if not isinstance(action, _CHANCE_TYPES + _DECISION_TYPES):
        return ActionTextError(action, seat, N_("this is not an action"))
    template, params = _reason(state, action, seat)
    return IllegalActionError(action, seat, template, **params)


def _reason(state: StateCore, action: object, seat: int) -> Reason:
    if seat == TERMINAL:
        return N_("the game is over"), {}
    if seat == CHANCE:
        if isinstance(action, _CHANCE_TYPES):
            return N_("this outcome is not possible here"), {}
        return N_("the dice or a face-down card decide now, not a player"), {}
    if isinstance(action, _CHANCE_TYPES):
        return N_("that is an outcome of chance; seat {actor} must decide now"), {"actor": seat}
    if isinstance(action, TakeTwo):
        return N_("this seat has no unused two-resources card"), {}
    if isinstance(action, Place):
        return _place_reason(state, action, seat)
    if isinstance(action, Resolve):
        return _resolve_reason(state, action, seat)
    return _step_reason(state, action)


def _wrong_step(state: StateCore) -> Reason:
    step = state.pending.kind if state.pending else None
    if step is None and state.phase == PLACE:
        return N_("now is the placement of figures"), {}
    return N_("this does not fit the current step ({step})"), {"step": _STEP_NAMES.get(step, step)}


def _place_reason(state: StateCore, action: Place, seat: int) -> Reason:
    if state.phase != PLACE or state.pending is not None:
        return N_("figures are placed only in the placement phase"), {}
    space, count, name = action.space, action.count, SPACE_NAMES[action.space]
    avail = state.available_people(seat)
    occ = state.occupants[space]
    if state.placed[seat][space]:
        return N_("this seat already placed on the {space} this round"), {"space": name}
    if count > avail:
        return N_("only {avail} figures are left to place"), {"avail": avail}
    if space in VILLAGE:
        return _village_reason(state, space, count, name)
    if space == HUNT:
        return N_("place at least one figure"), {}
    if space in RESOURCE_SPACES:
        return _resource_reason(state, space, count, name, occ)
    if count != 1:
        return N_("a card or a building takes exactly one figure"), {}
    if space in CARD_SPACES and state.display[space - CARD_SPACES[0]] is None:
        return N_("there is no card in this slot"), {}
    stack = space - BUILDING_SPACES[0]
    if space in BUILDING_SPACES and (stack >= state.n or state.tops[stack] is None):
        return N_("this building stack is not in play or is empty"), {}
    return N_("the {space} is already taken"), {"space": name}


def _village_reason(state: StateCore, space: int, count: int, name: str) -> Reason:
    if space == HUT and count != 2:
        return N_("the hut takes exactly 2 figures of one player"), {}
    if space in (TOOL_MAKER, FIELD) and count != 1:
        return N_("the {space} takes exactly 1 figure"), {"space": name}
    if state.occupants[space]:
        return N_("the {space} is full"), {"space": name}
    return N_("with {n} players only 2 of tool maker, hut and field may be used each round"), {
        "n": state.n
    }


def _resource_reason(state: StateCore, space: int, count: int, name: str, occ: int) -> Reason:
    room = RESOURCE_SPACE_CAPACITY - occ
    if room <= 0:
        return N_("the {space} is full (7 figures)"), {"space": name}
    if count > room:
        return N_("the {space} has room for only {room} more figures"), {
            "space": name,
            "room": room,
        }
    if state.n == 2:
        return N_("with 2 players only one player may use the {space} each round"), {"space": name}
    if state.n == 3:
        return N_("with 3 players at most two players may use the {space} each round"), {
            "space": name
        }
    return N_("place at least one figure"), {}


def _resolve_reason(state: StateCore, action: Resolve, seat: int) -> Reason:
    if state.phase != RESOLVE or state.pending is not None:
        return _wrong_step(state)
    return N_("this seat has no figures on the {space}"), {"space": SPACE_NAMES[action.space]}


def _step_reason(state: StateCore, action: object) -> Reason:
    pending = state.pending
    step = pending.kind if pending else None
    if isinstance(action, (Pay, Decline)) and step not in (PAY_CARD, PAY_BUILDING):
        return _wrong_step(state)
    if type(action) in _PENDING_FOR and _PENDING_FOR[type(action)] != step:
        return _wrong_step(state)
    p = state.players[state.current_player()]
    if isinstance(action, UseTools):
        return N_(
            "these tools are not available, or one of them would add nothing to the yield"
        ), {}
    if isinstance(action, PickItem):
        return N_("no remaining die shows {face}"), {"face": action.face}
    if not isinstance(action, (Pay, Feed)):  # declining or starving is legal at its own step
        return _wrong_step(state)
    payment = action.resources
    if any(n > h for n, h in zip(payment, p.res)) or min(payment) < 0:
        return N_("this seat does not have these resources"), {}
    # The step checks above leave a ``Feed`` at a shortfall and a ``Pay`` at a purchase.
    if isinstance(pending, FeedShortStep):
        return N_("pay exactly the {short} missing food with resources"), {"short": pending.short}
    if isinstance(pending, PayCardStep):
        return N_("this card costs exactly {cost} resources (never food)"), {
            "cost": pending.slot + 1
        }
    if isinstance(pending, PayBuildingStep):
        tile = state.tops[pending.stack]
        if tile is not None:
            return _building_reason(tile)
    return _wrong_step(state)


def _building_reason(tile_id: str) -> Reason:
    tile = data.buildings()[tile_id]
    if tile.kind == "variable":
        return N_(
            "this building takes exactly {count} resources of exactly {kinds} different kinds"
        ), {"count": tile.count, "kinds": tile.kinds}
    if tile.kind == "flexible":
        return N_("this building takes 1 to 7 resources"), {}
    return N_("this building costs exactly what is printed on it"), {}
