"""A step's events as JSON-safe lists and back: what network play sends a client to tell it.

The host applies each action once, with its events (``GameState.apply_with_events``), hides
from each listener what it may not know (``events.hidden_from``: another seat's face-down
card) and sends them in this form; each client words them in its own language. An event is a
list: its kind's name (``EVENT_NAMES``) and its fields in the order the dataclass declares
them, a nested ``Gains`` or ``ToolChange`` as a list of its own fields.

``events_from_wire`` reads lists it cannot trust (they came over the network): every field is
checked against its declared type and a range (a seat, a space, a card id...), and anything
else raises ``WireFormatError``; nothing is evaluated.
"""

from __future__ import annotations

import dataclasses
import operator
import typing
from collections.abc import Callable
from typing import Any, Final

from . import data, events
from .events import HIDDEN, Event, Gains, ToolChange
from .wire import WireFormatError

#: The name of each kind of event on the wire.
EVENT_NAMES: Final[dict[type, str]] = {
    events.FiguresPlaced: "placed",
    events.SpaceUsed: "used",
    events.FiguresTakenBack: "taken_back",
    events.DiceRolled: "rolled",
    events.ToolsAdded: "tools",
    events.Gathered: "gathered",
    events.CardTaken: "card",
    events.BuildingTaken: "building",
    events.Declined: "declined",
    events.ItemDiceRolled: "items",
    events.ItemTaken: "item",
    events.TwoResourcesTaken: "two",
    events.ExtraCardDrawn: "extra",
    events.Ate: "ate",
    events.FoodShort: "short",
    events.FedWithResources: "fed",
    events.WentHungry: "hungry",
    events.CardTurnedUp: "card_up",
    events.BuildingTurnedUp: "building_up",
    events.RoundEnded: "round_ended",
    events.NewRound: "new_round",
    events.TwoResourcesCashed: "cashed",
    events.GameEnded: "over",
}
_KINDS: Final = {name: kind for kind, name in EVENT_NAMES.items()}
#: At most this many events in a step (a four-player round's end tells about 20).
MAX_EVENTS: Final = 200
_MAX_AMOUNT: Final = 10_000
_CARDS: Final = frozenset(data.card_ids())
_TILES: Final = frozenset(data.building_ids())
# Fields whose range is narrower than any amount's: (lowest, highest).
_BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "seat": (0, 3),
    "buyer": (0, 3),
    "start": (0, 3),
    "slot": (0, data.NUM_CARD_SLOTS - 1),
    "stack": (0, 3),
    "space": (0, data.NUM_SPACES - 1),
    "first": (0, 3),
    "second": (0, 3),
    "face": (1, 6),
    "round": (1, 1000),
}


# --- to the wire -------------------------------------------------------------------------------
def events_to_wire(found: tuple[Event, ...]) -> list[list[Any]]:
    """The JSON-safe form of ``found`` (hide what a listener may not know first:
    ``events.hidden_from``)."""
    return [[EVENT_NAMES[type(e)], *map(_out, _values(e))] for e in found]


def _values(item: object) -> tuple[Any, ...]:
    kind = type(item)
    read = _FIELDS.get(kind)
    if read is None:
        read = _FIELDS[kind] = _fields_reader(kind)
    return read(item)


def _fields_reader(kind: type) -> Callable[[object], tuple[Any, ...]]:
    """A function giving the fields' values of a ``kind`` in declared order (looked up once
    per class: ``dataclasses.fields`` costs more than the reading itself)."""
    names = [f.name for f in dataclasses.fields(kind)]
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda item: (one(item),)
    return lambda item: ()


#: Each event's (or nested value's) class's reader of its fields (``_fields_reader``).
_FIELDS: dict[type, Callable[[object], tuple[Any, ...]]] = {}
#: Values sent as they are (checked first: most fields are numbers).
_PLAIN: Final = frozenset({int, str, bool, type(None)})


def _out(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, (Gains, ToolChange)):
        return [_out(v) for v in _values(value)]
    if isinstance(value, tuple):
        return [_out(v) for v in value]
    return value


# --- from the wire -----------------------------------------------------------------------------
def events_from_wire(raw: object) -> tuple[Event, ...]:
    """The events ``events_to_wire`` wrote; ``WireFormatError`` says what is wrong otherwise."""
    if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
        raise WireFormatError("a step's events are a list")
    try:
        return tuple(_event(item) for item in raw)
    except WireFormatError:
        raise
    except (ValueError, TypeError, KeyError, IndexError) as error:  # any reading that failed
        raise WireFormatError(f"not an event: {error}") from None


def _event(item: object) -> Event:
    if not isinstance(item, list) or not item or not isinstance(item[0], str):
        raise WireFormatError("an event is a list: its kind, then its fields")
    kind = _KINDS.get(item[0])
    if kind is None:
        raise WireFormatError(f"unknown event {item[0]!r:.40}")
    found: Event = _made(kind, item[1:])
    return found


def _made(kind: type, values: list[Any]) -> Any:
    """An instance of the dataclass ``kind`` from its fields' values, each checked."""
    readers = _READERS[kind]
    if len(values) != len(readers):
        raise WireFormatError(f"{kind.__name__} has {len(readers)} fields, not {len(values)}")
    return kind(*(read(value) for read, value in zip(readers, values)))


def _int(name: str) -> Callable[[object], int]:
    low, high = _BOUNDS.get(name, (-_MAX_AMOUNT, _MAX_AMOUNT))

    def read(value: object) -> int:
        if type(value) is not int or not low <= value <= high:
            raise WireFormatError(f"{name}: a whole number from {low} to {high}, not {value!r:.40}")
        return value

    return read


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise WireFormatError(f"expected true or false, not {value!r:.40}")
    return value


def _ints(length: int | None, name: str) -> Callable[[object], tuple[int, ...]]:
    one = _int(name)

    def read(value: object) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > 16 or length not in (None, len(value)):
            raise WireFormatError(f"{name}: a list of whole numbers")
        return tuple(one(v) for v in value)

    return read


def _rows(value: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) > 4:
        raise WireFormatError("a list of rows, one a seat")
    row = _ints(None, "score")
    return tuple(row(v) for v in value)


def _card_or_tile(name: str, hidden_allowed: bool) -> Callable[[object], str]:
    known = _TILES if name == "tile" else _CARDS

    def read(value: object) -> str:
        if not isinstance(value, str) or not (
            value in known or (hidden_allowed and value == HIDDEN)
        ):
            raise WireFormatError(f"{name}: not a known id: {value!r:.40}")
        return value

    return read


def _optional(read: Callable[[object], Any]) -> Callable[[object], Any]:
    return lambda value: None if value is None else read(value)


def _nested(kind: type) -> Callable[[object], Any]:
    def read(value: object) -> Any:
        if not isinstance(value, list):
            raise WireFormatError(f"{kind.__name__}: a list of its fields")
        return _made(kind, value)

    return read


def _reader(kind: type, name: str, hint: object) -> Callable[[object], Any]:
    """How to read the field ``name`` of ``kind``, declared as ``hint``."""
    if hint is int:
        return _int(name)
    if hint is bool:
        return _bool
    if hint is str:
        return _card_or_tile(name, kind is events.ExtraCardDrawn)
    if hint in (Gains, ToolChange):
        return _nested(hint)
    args = typing.get_args(hint)
    if type(None) in args:  # an optional field
        (inner,) = (a for a in args if a is not type(None))
        return _optional(_reader(kind, name, inner))
    if typing.get_origin(hint) is tuple:
        if args == (tuple[int, ...], Ellipsis):
            return _rows
        return _ints(None if Ellipsis in args else len(args), name)
    raise TypeError(f"no wire reader for {kind.__name__}.{name}: {hint}")


_READERS: Final[dict[type, tuple[Callable[[object], Any], ...]]] = {
    kind: tuple(
        _reader(kind, f.name, typing.get_type_hints(kind)[f.name]) for f in dataclasses.fields(kind)
    )
    for kind in (*EVENT_NAMES, Gains, ToolChange)
}
