"""The story of a move: what the log and the sound say happened, as data, and its words.

``tell(step)`` tells the rules' events of an applied step (``Step.events``, from
``GameState.apply_with_events``) as a ``Story``: the log's lines (``Told``: a kind and its
values, untranslated), the sound cues (``stoneage.play.cues``), the round begun, the end. The
words are made only when shown (``Told.text``), in the language of that moment, with the names
of the table showing them; a network client tells the events its host sent (``story_of``).

Nothing here runs a rule: every value of a line is read off an event. A step's lines are the
action's own, then what the rules did by themselves after it (figures used without a choice,
the feeding, the end of the game), each group a paragraph of the whole log (see ``_TELLERS``;
``tests/play/test_log_coverage.py`` checks that events and lines account for every change of
every board). The words of the moment (banner, phase, Undo, Hint) are ``stoneage.play.moment``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import pairwise

from stoneage.i18n import _, ngettext
from stoneage.play.cues import LOST, WON, YOUR_TURN, Cue, step_cues
from stoneage.play.match import Step

# The words of the moment, read from here too (as ``stoneage.play.story.banner`` and so on).
from stoneage.play.moment import action_phrase as action_phrase
from stoneage.play.moment import banner as banner
from stoneage.play.moment import phase_title as phase_title
from stoneage.play.moment import undo_label as undo_label
from stoneage.play.moment import undo_phrase as undo_phrase
from stoneage.play.names import (
    ITEM_FACES,
    amounts_text,
    card_name,
    food_count,
    gains_text,
    join_list,
    join_sentences,
    resource_count,
    space_words,
)
from stoneage.play.seats import Seat
from stoneage.rules import (
    Action,
    Ate,
    BuildingTaken,
    CardTaken,
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
    SpaceUsed,
    ToolsAdded,
    TwoResourcesCashed,
    TwoResourcesTaken,
    WentHungry,
    data,
)

#: Cues that depend on who listens at a screen (won or lost, your turn): a table adds them
#: itself; a story carries only what every listener hears.
LISTENER_CUES = frozenset({WON, LOST, YOUR_TURN})

Values = Mapping[str, int | tuple[int, ...]]

#: Cards and building tiles in the values of a line: their index in these (sorted) tuples.
CARD_IDS = data.card_ids()
BUILDING_IDS = data.building_ids()
_CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
_BUILDING_INDEX = {tile: i for i, tile in enumerate(BUILDING_IDS)}


@dataclass(frozen=True)
class Told:
    """One sentence of the log, untranslated: what kind of thing happened, to which seat (None
    for chance or for several seats), and its values (numbers, and tuples of numbers)."""

    kind: str
    seat: int | None = None
    values: Values = field(default_factory=dict)

    def text(self, names: Sequence[str]) -> str:
        """The sentence in the current language, naming the seats by ``names``."""
        if self.kind == "ate":  # several seats in one line: told with every seat's name
            return _ate(names, self.values)
        name = names[self.seat] if self.seat is not None else ""
        return _TELLERS[self.kind](name, self.values)


@dataclass(frozen=True)
class Story:
    """What one applied step did: its log lines, its sounds, and the round or end it brought;
    and the events they tell."""

    actor: int
    action: Action
    lines: tuple[Told, ...]
    cues: tuple[Cue, ...]
    new_round: int | None  # the round that began with this step (None: none began)
    game_over: bool
    #: Where the whole log starts a new line among ``lines``: what the rules did by
    #: themselves after the action (figures used without a choice, the feeding, the end).
    breaks: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()

    def text(self, names: Sequence[str]) -> str:
        """The step in one line ('' for a step not worth one, such as a card turned up): its
        sentences one after the other."""
        paragraphs = self.paragraphs(names)
        return reduce(join_sentences, paragraphs) if paragraphs else ""

    def paragraphs(self, names: Sequence[str]) -> list[str]:
        """The step's lines for the whole log: the action and what it brought, then each
        group of what the rules did by themselves (figures used without a choice, the
        feeding, the end of the game), each present only when it happened."""
        cuts = [0, *self.breaks, len(self.lines)]
        said = ([line.text(names) for line in self.lines[a:b]] for a, b in pairwise(cuts))
        return [reduce(join_sentences, lines) for lines in said if lines]


def tell(step: Step) -> Story:
    """The story of ``step`` (its events)."""
    return story_of(step.actor, step.action, step.events)


def story_of(actor: int, action: Action, happened: Sequence[Event]) -> Story:
    """The story of the step in which ``actor`` took ``action`` and ``happened`` followed."""
    lines, breaks = _Parts(happened).lines()
    new_round = next((e.round for e in happened if isinstance(e, NewRound)), None)
    over = any(isinstance(e, GameEnded) for e in happened)
    cues = tuple(step_cues(happened))
    return Story(actor, action, lines, cues, new_round, over, breaks, tuple(happened))


def describe(step: Step, seats: Sequence[Seat]) -> str:
    """The step in one line (its sentences one after the other), or '' for steps not worth
    a line (cards turned up).

    Every line is in the past tense ("{name} used the forest."): it reads right whatever the
    name, also the player's default name "You" (not "You uses the forest."), and the log tells
    what happened."""
    return tell(step).text([seat.name for seat in seats])


def log_lines(steps: Sequence[Step], seats: Sequence[Seat]) -> list[tuple[str, bool]]:
    """The log as (line, is_heading): a heading at each new round, then the lines of each
    step worth telling (one, or one more for the feeding and one for the game's end)."""
    names = [seat.name for seat in seats]
    lines: list[tuple[str, bool]] = []
    current_round = None
    for step in steps:
        paragraphs = tell(step).paragraphs(names)
        if not paragraphs:
            continue
        if step.before.round != current_round:
            current_round = step.before.round
            lines.append((_("Round {n}").format(n=current_round), True))
        lines.extend((text, False) for text in paragraphs)
    return lines


# --- from events to lines -------------------------------------------------------------------------
ACTION, FORCED, FEEDING, END = range(4)  # the paragraphs of a step, in this order
ValueDict = dict[str, int | tuple[int, ...]]


class _Parts:
    """The lines of a step's events, sorted into its paragraphs (see the module)."""

    def __init__(self, happened: Sequence[Event]) -> None:
        self.parts: tuple[list[Told], ...] = ([], [], [], [])
        self.ate: list[Ate] = []  # every seat fed from its own food: one line
        self.read(happened)

    def say(self, part: int, kind: str, seat: int | None, values: ValueDict) -> None:
        """Add a line to a paragraph."""
        self.parts[part].append(Told(kind, seat, values))

    def lines(self) -> tuple[tuple[Told, ...], tuple[int, ...]]:
        """Every line, and where each paragraph after the first begins."""
        if self.ate:
            eaten = [(e.seat, e.people, e.track) for e in self.ate]
            seats, people, track = (tuple(column) for column in zip(*eaten))
            self.parts[FEEDING].insert(
                0, Told("ate", None, {"seats": seats, "people": people, "track": track})
            )
        found: list[Told] = []
        breaks = []
        for part in self.parts:
            if found and part:
                breaks.append(len(found))
            found += part
        return tuple(found), tuple(breaks)

    def read(self, happened: Sequence[Event]) -> None:
        """Tell each event (a roll or the tools added is one line with what it gathered)."""
        for i, e in enumerate(happened):
            after = happened[i + 1] if i + 1 < len(happened) else None
            gathered = after if isinstance(after, Gathered) else None
            if isinstance(e, DiceRolled):
                self._rolled(e, gathered)
            elif isinstance(e, ToolsAdded) and gathered is not None:
                self._tools(e, gathered)
            elif isinstance(e, (SpaceUsed, FiguresTakenBack)):
                self._used(e)
            elif isinstance(e, Ate):
                self.ate.append(e)
            else:
                self._other(e)

    def _used(self, e: SpaceUsed | FiguresTakenBack) -> None:
        part = ACTION if e.chosen else FORCED
        values: ValueDict = {"space": e.space, **_thing(e.card, e.tile)}
        if isinstance(e, FiguresTakenBack):
            self.say(part, "cannot_pay", e.seat, values)
        # A roll or a payment follows a gathering space, a card or a building: a space used
        # without a choice is told by them.
        elif e.space in data.VILLAGE or e.chosen:
            self.say(part, "used", e.seat, {**values, **_changes(e.gains, tool_always=True)})

    def _rolled(self, e: DiceRolled, gathered: Gathered | None) -> None:
        values: ValueDict = {"total": e.total, "space": e.space, "card_dice": int(e.by_card)}
        if gathered is None:  # the seat chooses tools first
            self.say(ACTION, "rolled_for_tools", e.seat, values)
        else:
            self.say(ACTION, "rolled", e.seat, {**values, "gain": _gain(gathered)})

    def _tools(self, e: ToolsAdded, gathered: Gathered) -> None:
        values: ValueDict = {"total": e.total, "gain": _gain(gathered)}
        if not e.value:
            self.say(ACTION, "no_tools", e.seat, values)
        else:
            self.say(ACTION, "tools", e.seat, {**values, "tools": e.value, "cards": e.cards})

    def _other(self, e: Event) -> None:
        if isinstance(e, FiguresPlaced):
            values: ValueDict = {"n": e.count, "space": e.space, **_thing(e.card, e.tile)}
            self.say(ACTION, "placed", e.seat, values)
        elif isinstance(e, CardTaken):
            changes = _changes(e.gains, tool_always=False)
            self.say(ACTION, "bought", e.seat, {"cost": e.cost, **_thing(e.card, None), **changes})
        elif isinstance(e, BuildingTaken):
            values = {"cost": e.cost, **_thing(None, e.tile), "points": e.points}
            self.say(ACTION, "built", e.seat, values)
        elif isinstance(e, Declined):
            self.say(ACTION, "declined", e.seat, _thing(e.card, e.tile))
        elif isinstance(e, ItemDiceRolled):
            self.say(ACTION, "items", None, {"faces": e.faces})
        elif isinstance(e, ItemTaken):
            values = {"face": e.face, "chose": int(e.chose), **_changes(e.gains, tool_always=True)}
            self.say(ACTION, "took_item", e.seat, values)
        elif isinstance(e, TwoResourcesTaken):
            self.say(ACTION, "took_two", e.seat, {"first": e.first, "second": e.second})
        else:
            self._feeding(e)

    def _feeding(self, e: Event) -> None:
        """The feeding's lines and what the end of the game gave."""
        if isinstance(e, FedWithResources):
            self.say(ACTION, "fed", e.seat, {"resources": e.resources})
        elif isinstance(e, WentHungry):
            self.say(*((ACTION, "starved") if e.chose else (FEEDING, "hungry")), e.seat, {})
        elif isinstance(e, FoodShort):
            values: ValueDict = {"people": e.people, "track": e.track, "food": e.food}
            self.say(FEEDING, "short", e.seat, {**values, "short": e.short})
        elif isinstance(e, ExtraCardDrawn):  # told without the card: it lies face down
            self.say(ACTION, "drew_extra", e.seat, {})
        elif isinstance(e, TwoResourcesCashed):
            self.say(END, "gold_at_end", e.seat, {"gold": e.gold, "two_res": -e.cards})
        # Cards and tiles turned up, a round's end and the game's change no board: unsaid.


def _thing(card: str | None, tile: str | None) -> ValueDict:
    """The card or building tile of a space, in a line's values."""
    if card is not None:
        return {"card": _CARD_INDEX[card]}
    return {"tile": _BUILDING_INDEX[tile]} if tile is not None else {}


def _gain(gathered: Gathered) -> tuple[int, ...]:
    """What a gathering gave: (food, wood, brick, stone, gold)."""
    return (gathered.food, *gathered.resources)


def _changes(gains: Gains, tool_always: bool) -> ValueDict:
    """What an effect gave, in a line's values: a tool where one was gained (or, with
    ``tool_always``, could not be), the food track and people where the effect is about
    them (0: no room), and every amount that changed."""
    amounts = {"food": gains.food, "two_res": gains.two_resources, "points": gains.points}
    found: ValueDict = {k: n for k, n in amounts.items() if n}
    found.update(
        {k: n for k, n in (("people", gains.people), ("track", gains.track)) if n is not None}
    )
    if any(gains.resources):
        found["res"] = gains.resources
    if gains.one_use:
        found["one_use"] = gains.one_use
    tool = gains.tool
    if tool is not None and (tool_always or tool.changed):
        found["tool"] = (tool.old, tool.new)
    return found


# --- the words ----------------------------------------------------------------------------------------
def _ints(values: Values, key: str) -> tuple[int, ...]:
    found = values.get(key, ())
    return found if isinstance(found, tuple) else (found,)


def _int(values: Values, key: str) -> int:
    found = values.get(key, 0)
    return found if isinstance(found, int) else 0


def _space(values: Values) -> str:
    """The space of a line, after "the": "forest", "card costing 2", "building worth 12
    points"."""
    space = _int(values, "space") if "space" in values else -1
    if space < 0:
        return ""
    tile = BUILDING_IDS[_int(values, "tile")] if "tile" in values else None
    return space_words(space, tile)


def _card(values: Values) -> str:
    return card_name(data.cards()[CARD_IDS[_int(values, "card")]])


def _building(values: Values) -> str:
    return space_words(data.BUILDING_SPACES[0], BUILDING_IDS[_int(values, "tile")])


def _gain_text(values: Values) -> str:
    food, *res = _ints(values, "gain")
    return gains_text(food, tuple(res))


def _amounts(values: Values, key: str) -> str:
    return amounts_text(_ints(values, key))


def _changes_text(values: Values) -> str:
    """What an event changed on a board: '+1 person', '+3 food, +1 brick', 'a tool upgraded
    from 2 to 3', '+3 points'."""
    parts = []
    if _int(values, "food") > 0:
        parts.append("+" + food_count(_int(values, "food")))
    for i, n in enumerate(_ints(values, "res")):
        if n > 0:
            parts.append("+" + resource_count(i, n))
    if "people" in values:
        parts.append(_("+1 person") if _int(values, "people") else _("already 10 people"))
    if "track" in values:
        parts.append(
            _("+1 food production") if _int(values, "track") else _("food production already at 10")
        )
    if "tool" in values:
        parts.append(_tool_text(_ints(values, "tool")))
    if "one_use" in values:
        parts.append(_("one-use tool {n}").format(n=_int(values, "one_use")))
    if _int(values, "points") > 0:
        points = _int(values, "points")
        parts.append(ngettext("+{n} point", "+{n} points", points).format(n=points))
    return join_list(parts) if parts else _("nothing")


def _tool_text(tool: tuple[int, ...]) -> str:
    old, new = tool
    if old == 0:
        return _("+1 tool")
    if new > old:
        return _("a tool upgraded from {old} to {new}").format(old=old, new=new)
    return _("every tool already at 4")


def _used(name: str, v: Values) -> str:
    if not set(v) - {"space", "card", "tile"}:  # nothing changed yet: a roll or a payment follows
        return _("{name} used the {space}.").format(name=name, space=_space(v))
    return _("{name} used the {space}: {changes}.").format(
        name=name, space=_space(v), changes=_changes_text(v)
    )


def _rolled(name: str, v: Values) -> str:
    if _int(v, "card_dice"):
        return _("{name} rolled {total} with the card's 2 dice: {gain}.").format(
            name=name, total=_int(v, "total"), gain=_gain_text(v)
        )
    return _("{name} rolled {total} on the {space}: {gain}.").format(
        name=name, total=_int(v, "total"), space=_space(v), gain=_gain_text(v)
    )


def _rolled_for_tools(name: str, v: Values) -> str:
    if _int(v, "card_dice"):
        return _("{name} rolled {total} with the card's 2 dice.").format(
            name=name, total=_int(v, "total")
        )
    return _("{name} rolled {total} on the {space}.").format(
        name=name, total=_int(v, "total"), space=_space(v)
    )


def _tools(name: str, v: Values) -> str:
    cards = _ints(v, "cards")
    if not cards:
        return _("{name} added tools worth {v} to the roll of {total}: {gain}.").format(
            name=name, v=_int(v, "tools"), total=_int(v, "total"), gain=_gain_text(v)
        )
    return ngettext(
        "{name} added tools worth {v} to the roll of {total}, the one-use tool {cards} "
        "used up: {gain}.",
        "{name} added tools worth {v} to the roll of {total}, the one-use tools {cards} "
        "used up: {gain}.",
        len(cards),
    ).format(
        name=name,
        v=_int(v, "tools"),
        total=_int(v, "total"),
        cards=join_list([str(c) for c in cards]),
        gain=_gain_text(v),
    )


def _bought(name: str, v: Values) -> str:
    card = data.cards()[CARD_IDS[_int(v, "card")]]
    # Said where the card's name does not say it all: which tile a tool went to, an effect
    # that found no room (food production already at 10); and the points, a score's change.
    said = {k: v[k] for k in ("tool", "points") if k in v}
    said.update({k: v[k] for k in ("people", "track") if k in v and not _int(v, k)})
    if card.effect == "permanent_tool" or said:
        return _("{name} paid {cost} for the card “{card}”: {changes}.").format(
            name=name, cost=_amounts(v, "cost"), card=_card(v), changes=_changes_text(said)
        )
    return _("{name} paid {cost} for the card “{card}”.").format(
        name=name, cost=_amounts(v, "cost"), card=_card(v)
    )


def _built(name: str, v: Values) -> str:
    points = _int(v, "points")
    return ngettext(
        "{name} paid {cost} for a building worth {points} point.",
        "{name} paid {cost} for a building worth {points} points.",
        points,
    ).format(name=name, cost=_amounts(v, "cost"), points=points)


def _declined(name: str, v: Values) -> str:
    if "card" in v:
        return _("{name} did not buy the card “{card}”.").format(name=name, card=_card(v))
    if "tile" in v:
        return _("{name} did not buy the {building}.").format(name=name, building=_building(v))
    return _("{name} did not buy.").format(name=name)


def _cannot_pay(name: str, v: Values) -> str:
    return _("{name} could not pay for the {space} and took the figure back.").format(
        name=name, space=_space(v)
    )


def _item(v: Values) -> str:
    """A die for items taken: its item, or what it changed where that is not the item."""
    face = _int(v, "face")
    if ("tool" in v and _ints(v, "tool") != (0, 1)) or ("track" in v and not _int(v, "track")):
        return _changes_text({k: v[k] for k in ("tool", "track") if k in v})
    return _(ITEM_FACES[face])


def _took_item(name: str, v: Values) -> str:
    if _int(v, "chose"):
        return _("{name} took {item}.").format(name=name, item=_item(v))
    # TRANSLATORS: the dice for items left all show one face: this player gets that item.
    return _("{name} had no choice: {item}.").format(name=name, item=_item(v))


def _ate(names: Sequence[str], v: Values) -> str:
    """The seats fed with their own food: 'The people ate: Ann 5 food, Bo 6 food (2 from
    food production).'"""
    parts = []
    for seat, people, track in zip(_ints(v, "seats"), _ints(v, "people"), _ints(v, "track")):
        name = names[seat]
        if not track:
            part = ngettext("{name} {n} food", "{name} {n} food", people)
        elif track < people:
            part = ngettext(
                "{name} {n} food ({track} from food production)",
                "{name} {n} food ({track} from food production)",
                people,
            )
        elif track == people:
            part = ngettext(
                "{name} {n} food (all from food production)",
                "{name} {n} food (all from food production)",
                people,
            )
        else:
            part = ngettext(
                "{name} {n} food (all from food production, {left} left over)",
                "{name} {n} food (all from food production, {left} left over)",
                people,
            )
        parts.append(part.format(name=name, n=people, track=track, left=track - people))
    return _("The people ate: {list}.").format(list=join_list(parts))


def _two(first: int, second: int) -> tuple[int, ...]:
    """The two resources of the two-resources card as amounts (2 stones, or 1 wood, 1 gold)."""
    amounts = [0, 0, 0, 0]
    amounts[first] += 1
    amounts[second] += 1
    return tuple(amounts)


def _short(name: str, v: Values) -> str:
    have = _int(v, "food") + _int(v, "track")
    return ngettext(
        "{name} had only {have} food for {n} person: {short} missing.",
        "{name} had only {have} food for {n} people: {short} missing.",
        _int(v, "people"),
    ).format(name=name, have=have, n=_int(v, "people"), short=_int(v, "short"))


# Each kind of line, its values, and what it changes on the seat's board (the coverage test
# reads the changes from these values):
#   placed      n, space, card|tile            nothing (figures placed)
#   used        space [, people|track|tool]    the hut, the field, the tool maker
#   cannot_pay  space, card|tile               nothing (the figure comes back)
#   rolled      total, space, gain, card_dice  gain: food and four resources
#   rolled_for_tools  total, space, card_dice  nothing yet
#   tools       total, tools, cards, gain      gain; the one-use tool cards spent
#   no_tools    total, gain                    gain
#   bought      cost, card [, changes]         cost paid, the card, its changes
#   built       cost, tile, points             cost paid, the building, its points
#   declined    card|tile                      nothing
#   items       faces                          nothing
#   took_item   face, chose, changes           the item
#   took_two    first, second                  the card spent, two resources
#   fed         resources                      resources paid for the missing food
#   starved     -                              the -10
#   ate         seats, people, track           each seat's food: + track - people
#   short       people, track, food, short     all the food given
#   hungry      -                              the -10
#   drew_extra  -                              an extra card, face down
#   gold_at_end gold, two_res                  the two-resources card as gold
_TELLERS: dict[str, Callable[[str, Values], str]] = {
    "placed": lambda name, v: ngettext(
        "{name} placed {n} figure on the {space}.",
        "{name} placed {n} figures on the {space}.",
        _int(v, "n"),
    ).format(name=name, n=_int(v, "n"), space=_space(v)),
    "used": _used,
    "cannot_pay": _cannot_pay,
    "rolled_for_tools": _rolled_for_tools,
    "rolled": _rolled,
    "no_tools": lambda name, v: _("{name} added no tools to {total}: {gain}.").format(
        name=name, total=_int(v, "total"), gain=_gain_text(v)
    ),
    "tools": _tools,
    "bought": _bought,
    "built": _built,
    "declined": _declined,
    "items": lambda name, v: _("Dice for items: {faces}.").format(
        faces=join_list([_(ITEM_FACES[face]) for face in _ints(v, "faces")])
    ),
    "took_item": _took_item,
    "took_two": lambda name, v: _("{name} took {what} with the two-resources card.").format(
        name=name, what=amounts_text(_two(_int(v, "first"), _int(v, "second")))
    ),
    "fed": lambda name, v: _("{name} fed the people with {what}.").format(
        name=name, what=_amounts(v, "resources")
    ),
    "starved": lambda name, v: _("{name} let the people go hungry: -10 points.").format(name=name),
    "short": _short,
    "hungry": lambda name, v: _("{name} could not pay for the missing food: -10 points.").format(
        name=name
    ),
    "drew_extra": lambda name, v: _("{name} drew an extra card, face down.").format(name=name),
    "gold_at_end": lambda name, v: _(
        "{name} took 2 gold with the unused two-resources card as the game ended."
    ).format(name=name),
}
