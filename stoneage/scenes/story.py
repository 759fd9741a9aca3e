"""What just happened, in a sentence: the line under the turn banner and the game log.

Also the banner text itself: whose turn it is and what they are doing.
"""

from __future__ import annotations

from stoneage.i18n import _, ngettext
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    Action,
    Decline,
    DrawExtra,
    Feed,
    GameState,
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
from stoneage.rules.nodes import (
    FEED_SHORT,
    ITEMS_PICK,
    ITEMS_ROLL,
    PAY_BUILDING,
    PAY_CARD,
    ROLL,
    TOOLS,
)
from stoneage.ui.names import (
    ITEM_FACES,
    amounts_text,
    count_text,
    join_list,
    join_sentences,
    resource_title,
    space_title,
)

from .driver import Seat, Step


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


def describe(step: Step, seats: list[Seat]) -> str:
    """One sentence for the log (two when the step ends the game and something happens then),
    or '' for steps not worth a line (cards turned up).

    Every line is in the past tense ("{name} used the forest."): it reads right whatever the
    name, also the player's default name "You" (not "You uses the forest."), and the log tells
    what happened."""
    text = _describe_action(step, seats)
    if step.after.is_terminal():
        for note in _taken_at_the_end(step, seats):
            text = join_sentences(text, note) if text else note
    return text


def _taken_at_the_end(step: Step, seats: list[Seat]) -> list[str]:
    """The two-resources cards that the rules turn into two gold as the game ends."""
    return [
        _("{name} took 2 gold with the unused two-resources card as the game ended.").format(
            name=seats[seat].name
        )
        for seat, (was, now) in enumerate(zip(step.before.players, step.after.players))
        if was.two_res > now.two_res
    ]


def _describe_action(step: Step, seats: list[Seat]) -> str:
    a, before = step.action, step.before
    name = seats[step.actor].name if step.actor >= 0 else ""
    if isinstance(a, Place):
        return ngettext(
            "{name} placed {n} figure on the {space}.",
            "{name} placed {n} figures on the {space}.",
            a.count,
        ).format(name=name, n=a.count, space=space_title(a.space).lower())
    if isinstance(a, Resolve):
        return _("{name} used the {space}.").format(name=name, space=space_title(a.space).lower())
    if isinstance(a, Roll):
        seat = before.turn
        space = (
            space_title(before.pending[1]).lower()
            if before.pending and before.pending[0] == ROLL
            else ""
        )
        if step.after.pending is not None and step.after.pending[0] == TOOLS:
            return _("{name} rolled {total} on the {space}.").format(
                name=seats[seat].name, total=a.total, space=space
            )
        return _("{name} rolled {total} on the {space}: {gain}.").format(
            name=seats[seat].name, total=a.total, space=space, gain=_gain(step, seat)
        )
    if isinstance(a, UseTools):
        total = before.pending[2] if before.pending and before.pending[0] == TOOLS else 0
        if not a.tiles and not a.cards:
            return _("{name} added no tools to {total}: {gain}.").format(
                name=name, total=total, gain=_gain(step, step.actor)
            )
        return _("{name}: {total} + tools {v} -> {gain}.").format(
            name=name, total=total, v=sum(a.tiles) + sum(a.cards), gain=_gain(step, step.actor)
        )
    if isinstance(a, Pay):
        paid_card = before.pending is not None and before.pending[0] == PAY_CARD
        what = _("a card") if paid_card else _("a building")
        return _("{name} paid {cost} for {what}.").format(
            name=name, cost=amounts_text(a.resources), what=what
        )
    if isinstance(a, Decline):
        return _("{name} did not buy.").format(name=name)
    if isinstance(a, RollItems):
        return _("Dice for items: {faces}.").format(
            faces=join_list([str(face) for face in a.faces])
        )
    if isinstance(a, PickItem):
        return _("{name} took {item}.").format(name=name, item=_(ITEM_FACES[a.face]))
    if isinstance(a, TakeTwo):
        return _("{name} took {a} and {b} with the two-resources card.").format(
            name=name, a=resource_title(a.first), b=resource_title(a.second)
        )
    if isinstance(a, Feed):
        return _("{name} fed the people with {what}.").format(
            name=name, what=amounts_text(a.resources)
        )
    if isinstance(a, Starve):
        return _("{name} let the people go hungry: -10 points.").format(name=name)
    if isinstance(a, (RevealCard, RevealTile, DrawExtra)):
        return ""
    return str(a)


def _gain(step: Step, seat: int) -> str:
    p, q = step.before.players[seat], step.after.players[seat]
    parts = []
    if q.food > p.food:
        parts.append(_("{n} food").format(n=q.food - p.food))
    for i in range(4):
        if q.res[i] > p.res[i]:
            parts.append(count_text(q.res[i] - p.res[i], resource_title(i)))
    return join_list(parts) if parts else _("nothing")


def banner(state: GameState, seats: list[Seat], thinking: bool) -> tuple[str, int | None]:
    """Whose turn it is and what they do; and that seat (None for chance or the end)."""
    seat = state.current_player()
    if seat == TERMINAL:
        return _("The game is over"), None
    if seat == CHANCE:
        kind = state.pending[0] if state.pending else None
        if kind == ROLL:
            if _the_only_human(seats, state.turn):  # not "You rolls": the player is "you"
                return _("Your dice are rolled…"), state.turn
            return _("{name} rolls the dice…").format(name=seats[state.turn].name), state.turn
        if kind == ITEMS_ROLL:
            return _("Dice for items are rolled…"), state.turn
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


def _the_only_human(seats: list[Seat], seat: int) -> bool:
    """True when ``seat`` is the one person at the table: the banner speaks to them as "you"."""
    return seats[seat].is_human and sum(1 for s in seats if s.is_human) == 1


def _doing(state: GameState) -> str:
    pending = state.pending
    kind = pending[0] if pending else None
    if kind == TOOLS:
        return _("choose tools")
    if kind in (PAY_CARD, PAY_BUILDING):
        return _("pay or decline")
    if kind == ITEMS_PICK:
        return _("pick a die")
    if kind == FEED_SHORT:
        return _("feed the people")
    if state.phase == "place":
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
        return _("Undo: {n} on the {space}").format(n=a.count, space=space_title(a.space).lower())
    if isinstance(a, Resolve):
        return _("Undo: use the {space}").format(space=space_title(a.space).lower())
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
        ).format(n=a.count, space=space_title(a.space).lower())
    if isinstance(a, Resolve):
        return _("use the {space}").format(space=space_title(a.space).lower())
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
