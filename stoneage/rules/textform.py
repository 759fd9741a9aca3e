"""Reading actions back from their text form (``str(action)``); ``state.parse_action`` also
checks that the action is legal."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .actions import (
    Action,
    Decline,
    DrawExtra,
    Feed,
    Pay,
    PickItem,
    Place,
    Resolve,
    Resources,
    RevealCard,
    RevealTile,
    Roll,
    RollItems,
    Starve,
    TakeTwo,
    UseTools,
)
from .data import RESOURCE_NAMES, SPACE_BY_NAME
from .errors import N_, ActionTextError

_MAX_TEXT: Final = 200
_AMOUNT: Final = re.compile(r"^(\d{1,2})([a-z]+)$")


class _Unreadable(Exception):
    pass


def _space(word: str) -> int:
    if word not in SPACE_BY_NAME:
        raise _Unreadable
    return SPACE_BY_NAME[word]


def _small_int(word: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise _Unreadable
    return int(word)


def _resources(text: str) -> Resources:
    amounts = [0, 0, 0, 0]
    if text == "nothing":
        return (0, 0, 0, 0)
    for part in text.split(","):
        match = _AMOUNT.match(part)
        if not match or match.group(2) not in RESOURCE_NAMES:
            raise _Unreadable
        amounts[RESOURCE_NAMES.index(match.group(2))] += int(match.group(1))
    return (amounts[0], amounts[1], amounts[2], amounts[3])


def _values(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(sorted((_small_int(v, 1, 4) for v in text.split("+")), reverse=True))


def _tools(args: list[str]) -> UseTools:
    if args == ["none"]:
        return UseTools((), ())
    if len(args) == 1:
        return UseTools(_values(args[0]), ())
    if len(args) == 3 and args[1] == "cards":
        return UseTools(_values(args[0]), _values(args[2]))
    raise _Unreadable


def _take_two(args: list[str]) -> TakeTwo:
    names = args[0].split(",") if len(args) == 1 else []
    if len(names) != 2 or any(n not in RESOURCE_NAMES for n in names):
        raise _Unreadable
    first, second = sorted(RESOURCE_NAMES.index(n) for n in names)
    return TakeTwo(first, second)


def _one(args: list[str]) -> str:
    if len(args) != 1:
        raise _Unreadable
    return args[0]


def _none(args: list[str], value: Action) -> Action:
    if args:
        raise _Unreadable
    return value


_READERS: Final[dict[str, Callable[[list[str]], Action]]] = {
    "place": lambda a: Place(_space(a[0]), _small_int(a[1], 1, 10)) if len(a) == 2 else _fail(),
    "resolve": lambda a: Resolve(_space(_one(a))),
    "tools": _tools,
    "pay": lambda a: Pay(_resources(_one(a))),
    "decline": lambda a: _none(a, Decline()),
    "pick": lambda a: PickItem(_small_int(_one(a), 1, 6)),
    "taketwo": _take_two,
    "feed": lambda a: Feed(_resources(_one(a))),
    "starve": lambda a: _none(a, Starve()),
    "roll": lambda a: Roll(_small_int(_one(a), 1, 60)),
    "items": lambda a: RollItems(tuple(sorted(_small_int(f, 1, 6) for f in _one(a).split(",")))),
    "card": lambda a: RevealCard(_one(a).upper()),
    "tile": lambda a: RevealTile(_one(a).upper()),
    "extra": lambda a: DrawExtra(_one(a).upper()),
}


def _fail() -> Action:
    raise _Unreadable


def read_action(text: object) -> Action:
    """The action written as ``text`` (no legality check); ``ActionTextError`` if unreadable."""
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        raise ActionTextError(text, None, N_("this is not an action"))
    words = text.strip().lower().split()
    try:
        if not words or words[0] not in _READERS:
            raise _Unreadable
        return _READERS[words[0]](words[1:])
    except _Unreadable:
        raise ActionTextError(text, None, N_("cannot read this as an action")) from None
