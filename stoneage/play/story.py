"""The story of a move: what the log and the sound say happened, as data, and its words.

``tell(step)`` reads an applied step (the state before, the action, the state after) and
returns a ``Story``: the lines the log shows (``Told``, each a kind and its values, nothing
translated yet), the sound cues (``stoneage.play.cues``), and whether a round began or the game
ended. The words are made only when shown (``Told.text``, ``Story.text``), in the language of
that moment and with the seats' names of the table showing them, so the same story can be told
in English to one player and in Japanese to another.

A step tells every change of every seat's board. The rules take the forced steps inside one
action (the hut and the field used at once, a seat's only space left, feeding with enough
food, the last die for items, the end of the round and of the game), so a step's story is the
action's own line followed by those events, in the order they happened; their values come
from each seat's board followed through the step (``_Boards``). What each kind of line says
and changes is listed at ``_TELLERS``; ``tests/play/test_log_coverage.py`` checks that the
lines of whole games account for every change of every board.

Also here, as words of the moment: the banner (whose turn it is and what they do), the phase's
title, and the short phrases for Undo and the Hint.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from stoneage.i18n import _, ngettext
from stoneage.play.cues import LOST, WON, YOUR_TURN, Cue, seats_fed, transition_cues
from stoneage.play.match import Step
from stoneage.play.names import (
    ITEM_FACES,
    amounts_text,
    card_name,
    food_count,
    gains_text,
    join_list,
    join_sentences,
    resource_count,
    resource_title,
    space_words,
)
from stoneage.play.seats import Seat
from stoneage.rules import (
    CHANCE,
    TERMINAL,
    Action,
    ChooseTools,
    Decline,
    DrawExtra,
    DrawFaceDown,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    PickItem,
    PickItemDie,
    Place,
    Player,
    Resolve,
    Roll,
    RollDice,
    RollItemDice,
    RollItems,
    Starve,
    TakeTwo,
    UseTools,
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
        group = _GROUP_TELLERS.get(self.kind)
        if group is not None:
            return group(names, self.values)
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
    #: Where the whole log starts a new line among ``lines``: what the rules did by
    #: themselves after the action (figures used without a choice, the feeding, the end).
    breaks: tuple[int, ...] = ()

    def text(self, names: Sequence[str]) -> str:
        """The step in one line ('' for a step not worth one, such as a card turned up): its
        sentences one after the other."""
        text = ""
        for paragraph in self.paragraphs(names):
            text = join_sentences(text, paragraph) if text else paragraph
        return text

    def paragraphs(self, names: Sequence[str]) -> list[str]:
        """The step's lines for the whole log: the action and what it brought, then each
        group of what the rules did by themselves (figures used without a choice, the
        feeding, the end of the game), each present only when it happened."""
        cuts = [0, *self.breaks, len(self.lines)]
        paragraphs = []
        for start, end in pairwise(cuts):
            text = ""
            for line in self.lines[start:end]:
                said = line.text(names)
                text = join_sentences(text, said) if text else said
            if text:
                paragraphs.append(text)
        return paragraphs


def tell(step: Step) -> Story:
    """The story of ``step``."""
    before, after = step.before, step.after
    cues = transition_cues(before, step.action, after)
    new_round = after.round if after.round != before.round and not after.is_terminal() else None
    happened = _Happenings(step)
    return Story(
        step.actor,
        step.action,
        tuple(happened.lines()),
        tuple(c for c in cues if c.name not in LISTENER_CUES),
        new_round,
        after.is_terminal() and not before.is_terminal(),
        tuple(happened.breaks),
    )


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


# --- what happened ---------------------------------------------------------------------------------
def _changes(was: Player, now: Player) -> dict[str, int | tuple[int, ...]]:
    """What one event changed on a board, in the values of a line: ``food``, ``res`` (four
    amounts), ``people``, ``track``, ``points`` (card points), ``tool`` (the tile's value
    before and after: (0, 1) a new tile, (2, 3) one upgraded, (4, 4) none could be),
    ``one_use`` (the value of a one-use tool card gained) and ``two_res`` (cards gained)."""
    found: dict[str, int | tuple[int, ...]] = {}
    if now.food != was.food:
        found["food"] = now.food - was.food
    if now.res != was.res:
        found["res"] = tuple(b - a for a, b in zip(was.res, now.res))
    for key in ("people", "track", "two_res"):
        if getattr(now, key) != getattr(was, key):
            found[key] = getattr(now, key) - getattr(was, key)
    if now.card_points != was.card_points:
        found["points"] = now.card_points - was.card_points
    if len(now.one_use) > len(was.one_use):
        gained = list(now.one_use)
        for value in was.one_use:
            gained.remove(value)
        found["one_use"] = gained[0]
    return found


def _tile_changed(was: Player, now: Player) -> tuple[int, int]:
    """The tool tile a gain of one tool changed: (0, 1) a new tile, (v, v + 1) one upgraded,
    (4, 4) when every tile was at 4 already."""
    old = sorted(was.tools_free + was.tools_used)
    new = sorted(now.tools_free + now.tools_used)
    if len(new) > len(old):
        return 0, 1
    for value in old:
        if value in new:
            new.remove(value)
            continue
        return value, value + 1
    return data.MAX_TOOL_VALUE, data.MAX_TOOL_VALUE


class _Boards:
    """Every seat's board followed through a step, event by event: each event changes a copy
    and returns what it changed (``_changes``)."""

    def __init__(self, state: GameState) -> None:
        self.players = [p.copy() for p in state.players]

    def change(
        self, seat: int, event: Callable[[Player], None]
    ) -> dict[str, int | tuple[int, ...]]:
        """Apply ``event`` to the seat's board; what it changed."""
        was = self.players[seat]
        now = was.copy()
        event(now)
        self.players[seat] = now
        found = _changes(was, now)
        if now.tool_value != was.tool_value or now.tool_tiles != was.tool_tiles:
            found["tool"] = _tile_changed(was, now)
        return found

    def gain_tool(self, seat: int) -> dict[str, int | tuple[int, ...]]:
        """+1 tool, by the rules' own rule for a fourth tool (an upgrade)."""
        found = self.change(seat, Player.gain_tool)
        found.setdefault("tool", (data.MAX_TOOL_VALUE, data.MAX_TOOL_VALUE))
        return found

    def gather(self, seat: int, space: int, pips: int) -> tuple[int, ...]:
        """What ``pips`` on a gathering space give: (food, wood, brick, stone, gold)."""
        amount = pips // data.gather_divisor(space)
        gain = [0, 0, 0, 0, 0]
        gain[space - data.HUNT] = amount

        def add(p: Player) -> None:
            p.food += gain[0]
            p.add_resources((gain[1], gain[2], gain[3], gain[4]))

        self.change(seat, add)
        return tuple(gain)


def _item_event(face: int) -> Callable[[Player], None]:
    """What a die of the dice for items gives."""
    if face == data.ITEM_TOOL_FACE:
        return Player.gain_tool
    if face == data.ITEM_FIELD_FACE:
        return Player.gain_track
    return lambda p: p.add_resource(face - 1, 1)


def _card_event(card: data.Card) -> Callable[[Player], None]:
    """What a card bought gives at once (the effects that ask chance next give nothing yet):
    the rules' own ``Player.take_card_gift``."""

    def event(p: Player) -> None:
        p.cards = p.cards + (card.id,)
        p.take_card_gift(card)

    return event


def _follows_a_payment(state: GameState) -> bool:
    """True when the action that led to ``state`` was a payment (False in a seat's view,
    which keeps no history)."""
    return isinstance(state.last_action(), Pay)


class _Happenings:
    """The lines of one step, in the order things happened (see the module's docstring)."""

    def __init__(self, step: Step) -> None:
        self.step = step
        self.before, self.after = step.before, step.after
        self.boards = _Boards(step.before)
        self.found: list[Told] = []
        self.breaks: list[int] = []  # where a new line of the whole log begins

    def lines(self) -> list[Told]:
        """Every line of the step."""
        self._action()
        for part in (self._forced_resolution, self._feeding, self._end_of_game):
            start = len(self.found)
            part()
            if 0 < start < len(self.found):
                self.breaks.append(start)
        return self.found

    def say(self, kind: str, seat: int | None, values: Mapping[str, int | tuple[int, ...]]) -> None:
        """Add a line."""
        self.found.append(Told(kind, seat, dict(values)))

    # --- the action itself ------------------------------------------------------------------
    def _action(self) -> None:
        a, before = self.step.action, self.before
        seat = self.step.actor
        decided = before.decision()
        if isinstance(a, Place):
            self.say("placed", seat, {"n": a.count, "space": a.space, **self._thing_on(a.space)})
        elif isinstance(a, Resolve):
            self._resolved(seat, a.space, chosen=True)
        elif isinstance(a, Roll) and isinstance(decided, RollDice):
            self._rolled(decided, a.total)
        elif isinstance(a, UseTools) and isinstance(decided, ChooseTools):
            self._tools(decided, a)
        elif isinstance(a, Pay):
            self._paid(seat, decided, a)
        elif isinstance(a, Decline):
            self.say("declined", seat, self._bought_thing(decided))
        elif isinstance(a, RollItems) and isinstance(decided, RollItemDice):
            self.say("items", None, {"faces": a.faces})
            self._items_left(a.faces, decided.buyer)
        elif isinstance(a, PickItem) and isinstance(decided, PickItemDie):
            self._took_item(seat, a.face, chose=True)
            rest = list(decided.faces)
            rest.remove(a.face)
            self._items_left(tuple(rest), (seat + 1) % before.n)
        elif isinstance(a, TakeTwo):
            self.boards.change(seat, lambda p: _take_two(p, a.first, a.second))
            self.say("took_two", seat, {"first": a.first, "second": a.second})
        elif isinstance(a, Feed):
            self.boards.change(seat, lambda p: p.add_resources(a.resources, -1))
            self.say("fed", seat, {"resources": a.resources})
        elif isinstance(a, Starve):
            self.boards.change(seat, _hunger)
            self.say("starved", seat, {})
        elif isinstance(a, DrawExtra) and isinstance(decided, DrawFaceDown):
            # Told without the card: another seat's extra card stays face down in the log too.
            self.boards.change(decided.owner, lambda p: _draw_extra(p, a.card))
            self.say("drew_extra", decided.owner, {})
        # Cards and tiles turned up change no board: nothing to say.

    def _thing_on(self, space: int) -> dict[str, int | tuple[int, ...]]:
        """The card or building tile on a space, in a line's values."""
        if space in data.CARD_SPACES:
            card = self.before.display[space - data.CARD_SPACES[0]]
            return {"card": _CARD_INDEX[card]} if card is not None else {}
        if space in data.BUILDING_SPACES:
            tile = self.before.tops[space - data.BUILDING_SPACES[0]]
            return {"tile": _BUILDING_INDEX[tile]} if tile is not None else {}
        return {}

    def _bought_thing(self, decided: object) -> dict[str, int | tuple[int, ...]]:
        """The card or building paid for (or declined), in a line's values."""
        if isinstance(decided, PayForCard):
            return self._thing_on(data.CARD_SPACES[decided.slot])
        if isinstance(decided, PayForBuilding):
            return self._thing_on(data.BUILDING_SPACES[decided.stack])
        return {}

    def _resolved(self, seat: int, space: int, chosen: bool) -> None:
        """A seat's figures used on ``space`` (by its choice, or by the rules when nothing was
        left to choose)."""
        if space == data.TOOL_MAKER:
            self.say("used", seat, {"space": space, **self.boards.gain_tool(seat)})
        elif space == data.HUT:
            self.say(
                "used",
                seat,
                {"space": space, "people": 0, **self.boards.change(seat, Player.gain_person)},
            )
        elif space == data.FIELD:
            self.say(
                "used",
                seat,
                {"space": space, "track": 0, **self.boards.change(seat, Player.gain_track)},
            )
        elif space in data.GATHER_SPACES:
            if chosen:  # the roll follows; by itself it needs no line before the roll's
                self.say("used", seat, {"space": space})
        elif not self._asked_to_pay(seat, space):
            self.say("cannot_pay", seat, {"space": space, **self._thing_on(space)})
        elif chosen:  # the payment (or declining) follows and names the card or building
            self.say("used", seat, {"space": space, **self._thing_on(space)})

    def _asked_to_pay(self, seat: int, space: int) -> bool:
        """True when ``seat`` now pays for the card or building on ``space``."""
        decision = self.after.decision()
        if isinstance(decision, PayForCard):
            return decision.seat == seat and data.CARD_SPACES[decision.slot] == space
        if isinstance(decision, PayForBuilding):
            return decision.seat == seat and data.BUILDING_SPACES[decision.stack] == space
        return False

    def _card_dice(self, decided: RollDice) -> bool:
        """True when the roll is the 2 dice of a card just bought, not figures on the space."""
        cards = self.before.players[decided.seat].cards
        if decided.dice != 2 or not cards or not _follows_a_payment(self.before):
            return False
        card = data.cards()[cards[-1]]
        return (
            card.effect == "resource_2_dice" and data.FOREST + (card.resource or 0) == decided.space
        )

    def _rolled(self, decided: RollDice, total: int) -> None:
        values: dict[str, int | tuple[int, ...]] = {
            "total": total,
            "space": decided.space,
            "card_dice": int(self._card_dice(decided)),
        }
        if isinstance(self.after.decision(), ChooseTools):
            self.say("rolled_for_tools", decided.seat, values)
            return
        gain = self.boards.gather(decided.seat, decided.space, total)
        self.say("rolled", decided.seat, {**values, "gain": gain})

    def _tools(self, decided: ChooseTools, a: UseTools) -> None:
        seat = decided.seat
        # The tiles turn to used (a tool gained later in the step upgrades an unused one
        # first) and the one-use cards are spent.
        self.boards.change(seat, lambda p: p.use_tools(a.tiles, a.cards))
        tools = sum(a.tiles) + sum(a.cards)
        gain = self.boards.gather(seat, decided.space, decided.total + tools)
        if not tools:
            self.say("no_tools", seat, {"total": decided.total, "gain": gain})
            return
        self.say(
            "tools", seat, {"total": decided.total, "tools": tools, "cards": a.cards, "gain": gain}
        )

    def _paid(self, seat: int, decided: object, a: Pay) -> None:
        self.boards.change(seat, lambda p: p.add_resources(a.resources, -1))
        thing = self._bought_thing(decided)
        if isinstance(decided, PayForCard) and "card" in thing:
            card = data.cards()[CARD_IDS[_int(thing, "card")]]
            changed = self.boards.change(seat, _card_event(card))
            self.say(
                "bought", seat, {"cost": a.resources, **thing, **_effect_values(card, changed)}
            )
        elif isinstance(decided, PayForBuilding) and "tile" in thing:
            tile = data.buildings()[BUILDING_IDS[_int(thing, "tile")]]
            points = tile.points if tile.kind == "fixed" else _paid_points(a.resources)
            self.boards.change(seat, lambda p: _build(p, tile.id, points))
            self.say("built", seat, {"cost": a.resources, **thing, "points": points})

    def _items_left(self, faces: tuple[int, ...], picker: int) -> None:
        """The dice the rules hand out by themselves: while the dice left all show one face,
        nobody has a choice (the last die always)."""
        rest = list(faces)
        while rest and len(set(rest)) == 1:
            self._took_item(picker, rest.pop(), chose=False)
            picker = (picker + 1) % self.before.n

    def _took_item(self, seat: int, face: int, chose: bool) -> None:
        changed = self.boards.change(seat, _item_event(face))
        if face == data.ITEM_TOOL_FACE:
            changed.setdefault("tool", (data.MAX_TOOL_VALUE, data.MAX_TOOL_VALUE))
        if face == data.ITEM_FIELD_FACE:
            changed.setdefault("track", 0)
        self.say("took_item", seat, {"face": face, "chose": int(chose), **changed})

    # --- what the rules did by themselves ---------------------------------------------------
    def _forced_resolution(self) -> None:
        """Spaces used without a choice after the action: the hut and the field as soon as a
        seat's turn to use its figures comes, and a seat's only space left."""
        before, after, a = self.before, self.after, self.step.action
        placed = [list(row) for row in before.placed]
        if isinstance(a, Place):
            placed[self.step.actor][a.space] += a.count
        chosen = a.space if isinstance(a, Resolve) else None
        first = before.start if before.placing() else before.turn
        for k in range(before.n):
            seat = (first + k) % before.n
            gone = [
                space
                for space, count in enumerate(placed[seat])
                if count
                and not after.placed[seat][space]
                and not (seat == self.step.actor and space == chosen)
            ]
            # The hut and the field first (the rules use them at once), then the only space left.
            for space in sorted(gone, key=lambda s: (s not in (data.HUT, data.FIELD), s)):
                self._resolved(seat, space, chosen=False)

    def _feeding(self) -> None:
        """Seats fed without a choice (enough food, or nothing to pay the rest with), and a
        seat now short of food, which chooses next how to pay. The seats that ate are told in
        one line, the shortfalls after it."""
        before, after, a = self.before, self.after, self.step.action
        chooser = before.turn if isinstance(a, (Feed, Starve)) else None
        ate: list[tuple[int, int, int]] = []
        short: list[int] = []
        for seat in seats_fed(before, a, after):
            p = self.boards.players[seat]
            if seat == chooser:
                continue
            if p.food + p.track >= p.people:
                ate.append((seat, p.people, p.track))
            else:
                short.append(seat)
        if ate:
            seats, people, track = zip(*ate)
            for seat in seats:
                self.boards.change(seat, _eat)
            self.say("ate", None, {"seats": seats, "people": people, "track": track})
        for seat in short:  # not enough food, nor anything to pay the rest with: the -10
            self._short(seat)
            self.boards.change(seat, _hunger)
            self.say("hungry", seat, {})
        now, was = after.decision(), before.decision()
        if isinstance(now, FeedPeople) and not (
            isinstance(was, FeedPeople) and was.seat == now.seat
        ):
            self._short(now.seat)

    def _short(self, seat: int) -> None:
        """The seat gives all its food and its food production, and is short."""
        p = self.boards.players[seat]
        values: dict[str, int | tuple[int, ...]] = {
            "people": p.people,
            "track": p.track,
            "food": p.food,
            "short": p.people - p.track - p.food,
        }
        self.boards.change(seat, _give_all_food)
        self.say("short", seat, values)

    def _end_of_game(self) -> None:
        """An unused two-resources card is taken as 2 gold when the game ends."""
        if not self.after.is_terminal() or self.before.is_terminal():
            return
        for seat, p in enumerate(self.boards.players):
            if p.two_res:
                cards = p.two_res
                self.boards.change(seat, _two_gold)
                self.say("gold_at_end", seat, {"gold": 2 * cards, "two_res": -cards})


def _take_two(p: Player, first: int, second: int) -> None:
    p.two_res -= 1
    p.add_resource(first, 1)
    p.add_resource(second, 1)


def _hunger(p: Player) -> None:
    p.penalties += 1


def _eat(p: Player) -> None:
    p.food = p.food + p.track - p.people


def _give_all_food(p: Player) -> None:
    p.food = 0


def _two_gold(p: Player) -> None:
    p.add_resource(data.GOLD, 2 * p.two_res)
    p.two_res = 0


def _draw_extra(p: Player, card: str) -> None:
    p.extras = p.extras + (card,)


def _build(p: Player, tile: str, points: int) -> None:
    p.buildings = p.buildings + (tile,)
    p.building_points += points


def _paid_points(amounts: tuple[int, ...]) -> int:
    """What a building of variable cost scores for the resources paid into it."""
    return sum(n * value for n, value in zip(amounts, data.RESOURCE_VALUES))


def _effect_values(
    card: data.Card, changed: Mapping[str, int | tuple[int, ...]]
) -> dict[str, int | tuple[int, ...]]:
    """The values of a card's immediate effect: what it changed, and a zero where an effect
    could not change anything (food production already at 10)."""
    found = dict(changed)
    if card.effect == "food_production":
        found.setdefault("track", 0)
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


# What each kind of line says and what it changes on the seat's board (the values): the
# coverage test (tests/play/test_log_coverage.py) reads the changes from these values.
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
#: Lines about several seats at once: told with every seat's name.
_GROUP_TELLERS: dict[str, Callable[[Sequence[str], Values], str]] = {"ate": _ate}


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
