"""First-game tips: the first time a situation comes up in any game, a one-time tip explains it.

``tip_for(state, seat, shown)`` is a pure function: given the state the player sees, the
player's seat and the ids of the tips already shown (kept by the caller in the settings, so a
tip is never shown twice), it returns the tip to show now, or None. When several situations
come up at once the most pressing wins (a decision waiting before a general remark); the
others follow on later calls, while they still hold. Turning tips off is the caller's business
(Settings): this module only says which tip fits.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from stoneage.i18n import N_, _
from stoneage.rules import (
    ChooseTools,
    FeedPeople,
    GameState,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    SeatDecision,
)
from stoneage.rules import data as rules_data

Params = Mapping[str, object]


@dataclass(frozen=True)
class Tip:
    """One tip: its id (what ``shown`` holds), its message (a msgid with ``{fields}``), the
    situation it explains and the fields it fills from the state."""

    id: str
    message: str
    applies: Callable[[GameState, int], bool]
    params: Callable[[GameState, int], Params] = lambda state, seat: {}

    def text(self, state: GameState, seat: int) -> str:
        """The tip in the current language, its fields filled from ``state``."""
        return _(self.message).format(**self.params(state, seat))


# --- situations ---------------------------------------------------------------------------------
def _deciding(state: GameState, seat: int, kind: type[SeatDecision]) -> bool:
    """``seat`` decides a step of this kind now."""
    return state.current_player() == seat and isinstance(state.decision(), kind)


def _placing(state: GameState, seat: int) -> bool:
    return state.current_player() == seat and state.placing()


def _feeding_short(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, FeedPeople)


def _short_params(state: GameState, seat: int) -> Params:
    decision = state.decision()
    return {"short": decision.missing if isinstance(decision, FeedPeople) else 0}


def _tool_with_card(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, ChooseTools) and bool(state.players[seat].one_use)


def _first_tool(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, ChooseTools)


def _picking_item(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, PickItemDie)


def _paying_card(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, PayForCard)


def _paying_building(state: GameState, seat: int) -> bool:
    return _deciding(state, seat, PayForBuilding)


def _two_resources(state: GameState, seat: int) -> bool:
    return state.current_player() == seat and state.players[seat].two_res > 0


def is_last_round(state: GameState) -> bool:
    """True when the game certainly ends with this round: a building stack is empty, or the
    deck cannot refill the display even if no more cards are taken."""
    if state.is_terminal() or state.phase not in ("place", "resolve", "feed"):
        return False
    empty_slots = sum(card is None for card in state.display)
    return 0 in state.stack_sizes or state.deck_size < empty_slots


def _last_round(state: GameState, seat: int) -> bool:
    return is_last_round(state)


def may_be_last_round(state: GameState) -> bool:
    """True while placing when this round could end the game: a building stack is down to its
    last tile, or fewer cards are left in the deck than the display has slots."""
    if state.phase != "place":
        return False
    return 1 in state.stack_sizes or state.deck_size < rules_data.NUM_CARD_SLOTS


def _end_near(state: GameState, seat: int) -> bool:
    return _placing(state, seat) and may_be_last_round(state) and not is_last_round(state)


def _food_short_ahead(state: GameState, seat: int) -> bool:
    """Placing, with less food (store and track) than figures to feed at the round's end."""
    p = state.players[seat]
    return _placing(state, seat) and p.food + p.track < p.people


def _food_params(state: GameState, seat: int) -> Params:
    p = state.players[seat]
    return {"food": p.food + p.track, "people": p.people}


def _village_closed(state: GameState, seat: int) -> bool:
    """Placing with 2-3 players, and a village space nobody stands on is closed (two are used)."""
    if state.n >= 4 or not _placing(state, seat):
        return False
    used = sum(state.occupants[space] > 0 for space in rules_data.VILLAGE)
    return used >= 2


def _full_tribe(state: GameState, seat: int) -> bool:
    return _placing(state, seat) and state.players[seat].people >= rules_data.MAX_PEOPLE


# --- the tips, most pressing first ---------------------------------------------------------------
TIPS: tuple[Tip, ...] = (
    Tip(
        "feeding_shortfall",
        N_(
            "Your tribe is {short} food short. Pay 1 resource for each missing food, "
            "or go hungry and lose 10 points."
        ),
        _feeding_short,
        _short_params,
    ),
    Tip(
        "one_use_tool",
        N_(
            "A one-use tool card adds its value to one roll, then it is gone. Keep it for a roll "
            "it really helps."
        ),
        _tool_with_card,
    ),
    Tip(
        "first_tool",
        N_(
            "Tools add their value to a roll. Each tool tile works once a round and is ready "
            "again next round."
        ),
        _first_tool,
    ),
    Tip(
        "dice_for_items",
        N_(
            "Dice for items: each player takes one die, the buyer first. 1-4 is a resource, "
            "5 a tool, 6 a step on the food track."
        ),
        _picking_item,
    ),
    Tip(
        "first_card",
        N_(
            "Cards cost 1 to 4 resources of any kinds, by their place in the row; the top acts "
            "now, the bottom scores at the end of the game."
        ),
        _paying_card,
    ),
    Tip(
        "first_building",
        N_(
            "Buildings score at once: a printed price, or the worth of what you pay (wood 3, "
            "brick 4, stone 5, gold 6)."
        ),
        _paying_building,
    ),
    Tip(
        "two_resources",
        N_("Your card gives any 2 resources whenever you like: use it when you are short."),
        _two_resources,
    ),
    Tip(
        "last_round",
        N_(
            "This is the last round: the game ends when it is over. Resources left score "
            "1 point each."
        ),
        _last_round,
    ),
    Tip(
        "end_near",
        N_(
            "The game may end after this round: a building stack is down to its last tile, "
            "or the cards are running out."
        ),
        _end_near,
    ),
    Tip(
        "food_short_ahead",
        N_(
            "Your tribe eats {people} food at the end of the round, and you have {food}. "
            "Hunt, or use the field, to avoid going hungry."
        ),
        _food_short_ahead,
        _food_params,
    ),
    Tip(
        "village_closed",
        N_(
            "With 2 or 3 players only 2 of the 3 village spaces are used each round: "
            "the third one is closed now."
        ),
        _village_closed,
    ),
    Tip(
        "full_tribe",
        N_("Your tribe has 10 figures, the most it can have: the hut gives you no more."),
        _full_tribe,
    ),
)

TIP_IDS: tuple[str, ...] = tuple(tip.id for tip in TIPS)


def tip_for(state: GameState, seat: int, shown: Collection[str] = ()) -> Tip | None:
    """The tip to show ``seat`` now: the most pressing situation of ``TIPS`` that holds in
    ``state`` and whose tip is not in ``shown``; None when there is none."""
    for tip in TIPS:
        if tip.id not in shown and tip.applies(state, seat):
            return tip
    return None


def tip_by_id(tip_id: str) -> Tip:
    """The tip named ``tip_id``; ``KeyError`` for an unknown id."""
    for tip in TIPS:
        if tip.id == tip_id:
            return tip
    raise KeyError(tip_id)
