"""The story of a move: what the log and the sound say happened, as data, and its words.

``tell(step)`` reads an applied step (the state before, the action, the state after) and
returns a ``Story``: the lines the log shows (``Told``, each a kind and its values, nothing
translated yet), the sound cues (``stoneage.play.cues``), and whether a round began or the game
ended. The words are made only when shown (``Told.text``, ``Story.text``), in the language of
that moment and with the seats' names of the table showing them, so the same story can be told
in English to one player and in Japanese to another.

Also here, as words of the moment: the banner (whose turn it is and what they do), the phase's
title, and the short phrases for Undo and the Hint.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from stoneage.i18n import _, ngettext
from stoneage.play.cues import LOST, WON, YOUR_TURN, Cue, transition_cues
from stoneage.play.match import Step
from stoneage.play.names import (
    ITEM_FACES,
    amounts_text,
    count_text,
    join_list,
    join_sentences,
    resource_title,
    space_title,
)
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
    Roll,
    RollDice,
    RollItemDice,
    RollItems,
    Starve,
    TakeTwo,
    UseTools,
)

#: Cues that depend on who listens at a screen (won or lost, your turn): a table adds them
#: itself; a story carries only what every listener hears.
LISTENER_CUES = frozenset({WON, LOST, YOUR_TURN})

Values = Mapping[str, int | tuple[int, ...]]


@dataclass(frozen=True)
class Told:
    """One line of the log, untranslated: what kind of thing happened, to which seat (None for
    chance), and its values (numbers, and tuples of numbers for amounts)."""

    kind: str
    seat: int | None = None
    values: Values = field(default_factory=dict)

    def text(self, names: Sequence[str]) -> str:
        """The line in the current language, naming the seats by ``names``."""
        name = names[self.seat] if self.seat is not None else ""
        return _TELLERS[self.kind](name, self.values)

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe form (tuples become lists)."""
        values = {k: list(v) if isinstance(v, tuple) else v for k, v in self.values.items()}
        return {"kind": self.kind, "seat": self.seat, "values": values}


@dataclass(frozen=True)
class Story:
    """What one applied step did: its log lines, its sounds, and the round or end it brought."""

    actor: int
    action: Action
    lines: tuple[Told, ...]
    cues: tuple[Cue, ...]
    new_round: int | None  # the round that began with this step (None: none began)
    game_over: bool

    def text(self, names: Sequence[str]) -> str:
        """The log's line for the step ('' for a step not worth one, such as a card turned up):
        its sentences one after the other."""
        text = ""
        for line in self.lines:
            said = line.text(names)
            text = join_sentences(text, said) if text else said
        return text


def tell(step: Step) -> Story:
    """The story of ``step``."""
    before, after = step.before, step.after
    lines = list(_told_action(step))
    if after.is_terminal():
        lines += _taken_at_the_end(before, after)
    cues = transition_cues(before, step.action, after)
    new_round = after.round if after.round != before.round and not after.is_terminal() else None
    return Story(
        step.actor,
        step.action,
        tuple(lines),
        tuple(c for c in cues if c.name not in LISTENER_CUES),
        new_round,
        after.is_terminal() and not before.is_terminal(),
    )


def describe(step: Step, seats: Sequence[Seat]) -> str:
    """One sentence for the log (two when the step ends the game and something happens then),
    or '' for steps not worth a line (cards turned up).

    Every line is in the past tense ("{name} used the forest."): it reads right whatever the
    name, also the player's default name "You" (not "You uses the forest."), and the log tells
    what happened."""
    return tell(step).text([seat.name for seat in seats])


def log_lines(steps: Sequence[Step], seats: Sequence[Seat]) -> list[tuple[str, bool]]:
    """The log as (line, is_heading): a heading at each new round, then one line per step
    worth telling."""
    lines: list[tuple[str, bool]] = []
    current_round = None
    for step in steps:
        text = describe(step, seats)
        if not text:
            continue
        if step.before.round != current_round:
            current_round = step.before.round
            lines.append((_("Round {n}").format(n=current_round), True))
        lines.append((text, False))
    return lines


# --- what happened ---------------------------------------------------------------------------------
def _taken_at_the_end(before: GameState, after: GameState) -> list[Told]:
    """The two-resources cards that the rules turn into two gold as the game ends."""
    return [
        Told("two_gold_at_end", seat)
        for seat, (was, now) in enumerate(zip(before.players, after.players))
        if was.two_res > now.two_res
    ]


def _told_action(step: Step) -> list[Told]:
    a, before, seat = step.action, step.before, step.actor if step.actor >= 0 else None
    decided = before.decision()
    if isinstance(a, Place):
        return [Told("placed", seat, {"n": a.count, "space": a.space})]
    if isinstance(a, Resolve):
        return [Told("used", seat, {"space": a.space})]
    if isinstance(a, Roll):
        space = decided.space if isinstance(decided, RollDice) else -1
        values: dict[str, int | tuple[int, ...]] = {"total": a.total, "space": space}
        if isinstance(step.after.decision(), ChooseTools):
            return [Told("rolled_for_tools", before.turn, values)]
        return [Told("rolled", before.turn, {**values, "gain": _gain(step, before.turn)})]
    if isinstance(a, UseTools):
        total = decided.total if isinstance(decided, ChooseTools) else 0
        gain = _gain(step, step.actor)
        if not a.tiles and not a.cards:
            return [Told("no_tools", seat, {"total": total, "gain": gain})]
        tools = sum(a.tiles) + sum(a.cards)
        return [Told("tools", seat, {"total": total, "tools": tools, "gain": gain})]
    if isinstance(a, Pay):
        card = 1 if isinstance(decided, PayForCard) else 0
        return [Told("paid", seat, {"cost": a.resources, "card": card})]
    if isinstance(a, Decline):
        return [Told("declined", seat)]
    if isinstance(a, RollItems):
        return [Told("items", None, {"faces": a.faces})]
    if isinstance(a, PickItem):
        return [Told("took_item", seat, {"face": a.face})]
    if isinstance(a, TakeTwo):
        return [Told("took_two", seat, {"first": a.first, "second": a.second})]
    if isinstance(a, Feed):
        return [Told("fed", seat, {"resources": a.resources})]
    if isinstance(a, Starve):
        return [Told("starved", seat)]
    return []  # cards and tiles turned up: nothing to say


def _gain(step: Step, seat: int) -> tuple[int, ...]:
    """What ``seat`` gained in the step: food, then wood, brick, stone and gold."""
    p, q = step.before.players[seat], step.after.players[seat]
    return (max(0, q.food - p.food), *(max(0, q.res[i] - p.res[i]) for i in range(4)))


# --- the words ----------------------------------------------------------------------------------------
def _ints(values: Values, key: str) -> tuple[int, ...]:
    found = values[key]
    return found if isinstance(found, tuple) else (found,)


def _int(values: Values, key: str) -> int:
    found = values[key]
    return found if isinstance(found, int) else 0


def _space(values: Values) -> str:
    space = _int(values, "space")
    return space_title(space).lower() if space >= 0 else ""


def _gain_text(values: Values) -> str:
    food, *res = _ints(values, "gain")
    parts = [_("{n} food").format(n=food)] if food else []
    parts += [count_text(n, resource_title(i)) for i, n in enumerate(res) if n]
    return join_list(parts) if parts else _("nothing")


def _amounts(values: Values, key: str) -> str:
    return amounts_text(_ints(values, key))


_TELLERS: dict[str, Callable[[str, Values], str]] = {
    "placed": lambda name, v: ngettext(
        "{name} placed {n} figure on the {space}.",
        "{name} placed {n} figures on the {space}.",
        _int(v, "n"),
    ).format(name=name, n=_int(v, "n"), space=_space(v)),
    "used": lambda name, v: _("{name} used the {space}.").format(name=name, space=_space(v)),
    "rolled_for_tools": lambda name, v: _("{name} rolled {total} on the {space}.").format(
        name=name, total=_int(v, "total"), space=_space(v)
    ),
    "rolled": lambda name, v: _("{name} rolled {total} on the {space}: {gain}.").format(
        name=name, total=_int(v, "total"), space=_space(v), gain=_gain_text(v)
    ),
    "no_tools": lambda name, v: _("{name} added no tools to {total}: {gain}.").format(
        name=name, total=_int(v, "total"), gain=_gain_text(v)
    ),
    "tools": lambda name, v: _("{name}: {total} + tools {v} -> {gain}.").format(
        name=name, total=_int(v, "total"), v=_int(v, "tools"), gain=_gain_text(v)
    ),
    "paid": lambda name, v: _("{name} paid {cost} for {what}.").format(
        name=name,
        cost=_amounts(v, "cost"),
        what=_("a card") if _int(v, "card") else _("a building"),
    ),
    "declined": lambda name, v: _("{name} did not buy.").format(name=name),
    "items": lambda name, v: _("Dice for items: {faces}.").format(
        faces=join_list([str(face) for face in _ints(v, "faces")])
    ),
    "took_item": lambda name, v: _("{name} took {item}.").format(
        name=name, item=_(ITEM_FACES[_int(v, "face")])
    ),
    "took_two": lambda name, v: _("{name} took {a} and {b} with the two-resources card.").format(
        name=name, a=resource_title(_int(v, "first")), b=resource_title(_int(v, "second"))
    ),
    "fed": lambda name, v: _("{name} fed the people with {what}.").format(
        name=name, what=_amounts(v, "resources")
    ),
    "starved": lambda name, v: _("{name} let the people go hungry: -10 points.").format(name=name),
    "two_gold_at_end": lambda name, v: _(
        "{name} took 2 gold with the unused two-resources card as the game ended."
    ).format(name=name),
}


# --- words of the moment: the banner, the phase, Undo and the Hint --------------------------------------
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
