"""Words of the moment: whose turn it is and what they do (the banner), the phase's title, and
the short phrases for Undo and the Hint. Made when shown, in the language of that moment.

(``stoneage.play.story`` tells what happened; these say what is happening now.)
"""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.i18n import _, ngettext
from stoneage.play.match import Step
from stoneage.play.names import ITEM_FACES, amounts_text, resource_title, space_words
from stoneage.play.seats import Seat
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    Action,
    ChooseTools,
    Decline,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    PickItem,
    PickItemDie,
    Place,
    Resolve,
    RollDice,
    RollItemDice,
    Starve,
    TakeTwo,
    TurnUpBuilding,
    TurnUpCard,
    UseTools,
)


def phase_title(phase: str) -> str:
    """The phase of the round, for the status bar."""
    titles = {
        "refill": _("New round"),
        "place": _("Placing figures"),
        "resolve": _("Using figures"),
        "feed": _("Feeding"),
        "over": _("Game over"),
    }
    return titles.get(phase, phase)


def banner(state: GameState, seats: Sequence[Seat], thinking: bool) -> tuple[str, int | None]:
    """Whose turn it is and what they do; and that seat (None for chance or the end)."""
    seat = state.current_player()
    if seat == TERMINAL:
        return _("The game is over"), None
    if seat == CHANCE:
        decision = state.decision()
        if isinstance(decision, RollDice):
            if _the_only_human(seats, state.turn):  # not "You rolls": the player is "you"
                return _("Your dice are rolled…"), state.turn
            return _("{name} rolls the dice…").format(name=seats[state.turn].name), state.turn
        if isinstance(decision, RollItemDice):
            return _("Dice for items are rolled…"), state.turn
        if isinstance(decision, TurnUpBuilding):
            return _("A new building is turned up…"), None
        if isinstance(decision, TurnUpCard):
            return _("A new card is turned up…"), None
        return _("Cards and buildings are turned up…"), None
    who = seats[seat]
    doing = _doing(state)
    if who.is_human:
        if _the_only_human(seats, seat):
            return _("Your turn: {doing}").format(doing=doing), seat
        return _("{name}'s turn: {doing}").format(name=who.name, doing=doing), seat
    if thinking:
        return _("{name} is thinking… ({doing})").format(name=who.name, doing=doing), seat
    return _("{name}: {doing}").format(name=who.name, doing=doing), seat


def made_banner(step: Step, seats: Sequence[Seat]) -> tuple[str, int | None]:
    """The banner while a human's decision is shown being carried out (a payment flying to its
    building): what they did, not the decision that comes after it ("Your turn: pay 2 wood,
    1 brick"); and that seat."""
    seat = step.actor
    doing = action_phrase(step.action)
    if _the_only_human(seats, seat):
        return _("Your turn: {doing}").format(doing=doing), seat
    return _("{name}'s turn: {doing}").format(name=seats[seat].name, doing=doing), seat


def _the_only_human(seats: Sequence[Seat], seat: int) -> bool:
    """True when ``seat`` is the one person at the table: the banner speaks to them as "you"."""
    return seats[seat].is_human and sum(1 for s in seats if s.is_human) == 1


def _doing(state: GameState) -> str:
    decision = state.decision()
    if isinstance(decision, ChooseTools):
        return _("choose tools")
    if isinstance(decision, (PayForCard, PayForBuilding)):
        return _("pay or decline")
    if isinstance(decision, PickItemDie):
        return _("pick a die")
    if isinstance(decision, FeedPeople):
        return _("feed the people")
    if state.placing():
        left = state.available_people(state.current_player())
        return ngettext("place figures ({n} left)", "place figures ({n} left)", left).format(n=left)
    return _("choose a space to use")


def undo_phrase(step: Step) -> str:
    """What taking back ``step`` undoes, in full ("place 3 figures on the forest")."""
    return action_phrase(step.action)


def undo_label(step: Step) -> str:
    """The Undo button's words for ``step``: short enough for the button ("Undo: 3 on the forest")."""
    a = step.action
    if isinstance(a, Place):
        return _("Undo: {n} on the {space}").format(n=a.count, space=space_words(a.space))
    if isinstance(a, Resolve):
        return _("Undo: use the {space}").format(space=space_words(a.space))
    if isinstance(a, UseTools):
        return _("Undo: tools")
    if isinstance(a, (Pay, Decline)):
        return _("Undo: payment")
    if isinstance(a, PickItem):
        return _("Undo: die taken")
    if isinstance(a, TakeTwo):
        return _("Undo: two resources")
    if isinstance(a, (Feed, Starve)):
        return _("Undo: feeding")
    return _("Undo")


def action_phrase(a: Action) -> str:
    """A decision in a few words, as an instruction ("place 2 figures on the forest")."""
    if isinstance(a, Place):
        return ngettext(
            "place {n} figure on the {space}", "place {n} figures on the {space}", a.count
        ).format(n=a.count, space=space_words(a.space))
    if isinstance(a, Resolve):
        return _("use the {space}").format(space=space_words(a.space))
    if isinstance(a, UseTools):
        if not a.tiles and not a.cards:
            return _("add no tools")
        return _("add tools worth {v}").format(v=sum(a.tiles) + sum(a.cards))
    if isinstance(a, Pay):
        return _("pay {cost}").format(cost=amounts_text(a.resources))
    if isinstance(a, Decline):
        return _("do not buy")
    if isinstance(a, PickItem):
        return _("take {item}").format(item=_(ITEM_FACES[a.face]))
    if isinstance(a, TakeTwo):
        return _("take {a} and {b} with the two-resources card").format(
            a=resource_title(a.first), b=resource_title(a.second)
        )
    if isinstance(a, Feed):
        return _("feed with {what}").format(what=amounts_text(a.resources))
    if isinstance(a, Starve):
        return _("go hungry (-10 points)")
    return str(a)
