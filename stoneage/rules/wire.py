"""A seat's view of the game as a JSON-safe dict and back: what network play sends a client.

Only a view travels (``GameState.view`` for a seat, ``spectator_view`` for somebody watching):
``view_to_wire`` refuses the full state, whose seed makes the future dice and reveals known.
A view holds no seed and no history, and another seat's face-down extra cards are '?', so the
dict carries exactly what the seat may know. The unseen cards and tiles go as the sorted sets
the view keeps (never an order: nothing is shuffled, a reveal draws from them at random).

``view_from_wire`` rebuilds the view for the client's table (drawing, hints, the legal
actions of its decisions). It reads a dict it cannot trust (it came over the network), so
every field is checked for its type and range and anything else raises ``WireFormatError``;
nothing is evaluated. The placement board the rules keep is rebuilt from the figures standing
on the spaces, as the rules derive it while the figures are placed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from . import data
from .actions import Action, DrawExtra
from .core import Board
from .nodes import (
    CHANCE,
    EXTRA,
    FEED_SHORT,
    ITEMS_PICK,
    ITEMS_ROLL,
    PAY_BUILDING,
    PAY_CARD,
    REVEAL_CARD,
    REVEAL_TILE,
    ROLL,
    TERMINAL,
    TOOLS,
    ExtraStep,
    FeedShortStep,
    ItemsPickStep,
    ItemsRollStep,
    PayBuildingStep,
    PayCardStep,
    Pending,
    RevealCardStep,
    RevealTileStep,
    RollStep,
    ToolsStep,
)
from .player import Player
from .state import GameState
from .table import Table
from .textform import read_action
from .transitions import board_for, spaces_key

#: The version of the dict's layout; a reader refuses any other. (2: a pending roll says whether
#: it is the two dice of a card bought; 3: so does a pending choice of tools after it.)
WIRE_VERSION: Final = 3
#: The viewer of a spectator's view: no seat, so every seat's extra cards are hidden.
SPECTATOR: Final = -1
#: Bounds a genuine game never reaches, so that a hostile dict cannot make huge numbers.
_MAX_AMOUNT: Final = 10_000
_PHASES: Final = ("refill", "place", "resolve", "feed", "over")
_PLAYER_INTS: Final = (
    "people",
    "food",
    "track",
    "two_res",
    "building_points",
    "card_points",
    "penalties",
)
_T = TypeVar("_T")


class WireFormatError(ValueError):
    """A dict that is not the wire form of a view (wrong type, range, size or version)."""


def spectator_view(state: GameState) -> GameState:
    """What somebody watching the table may know: the view of no seat (every seat's extra
    cards face down, no seed, no history)."""
    return state.view(SPECTATOR)


def action_from_text(text: object) -> Action:
    """The action written as ``text``, read without a state (the story of a step another
    machine applied). ``extra ?`` is the face-down draw of another seat. Raises
    ``ActionTextError`` for text that is no action."""
    if isinstance(text, str) and text.strip().lower() == "extra ?":
        return DrawExtra("?")
    return read_action(text)


# --- to the wire -------------------------------------------------------------------------------
def view_to_wire(view: GameState) -> dict[str, Any]:
    """The JSON-safe dict of a seat's (or a spectator's) view; ``ValueError`` for a full
    state, which must never leave the host."""
    table = view._table
    if table.viewer is None or view.history is not None or table.seed is not None:
        raise ValueError("only a seat's view may be sent, never the full state")
    return {
        "wire": WIRE_VERSION,
        "n": view.n,
        "viewer": table.viewer,
        "phase": view.phase,
        "turn": view.turn,
        "actor": view._actor,
        "ply": view.ply,
        "pending": _pending_out(view.pending),
        "players": [_player_out(p) for p in view.players],
        "placed": [list(row) for row in view.placed],
        "round": table.round,
        "start": table.start,
        "score_log": [list(scores) for scores in table.score_log],
        "display": list(table.display),
        "deck": list(table.deck),
        "deck_size": table.deck_size,
        "tops": list(table.tops),
        "stack_sizes": list(table.stack_sizes),
        "tile_pool": list(table.tile_pool),
        "occupants": list(view.occupants),
        "mask": list(view._board.mask),
        "standing": [view._board.standing >> (seat << 2) & 15 for seat in range(view.n)],
    }


def _pending_out(pending: Pending | None) -> list[Any] | None:
    if pending is None:
        return None
    # The kind, then the parameters in order (a list for the dice's faces).
    return [list(item) if isinstance(item, tuple) else item for item in pending.as_tuple()]


def _player_out(p: Player) -> dict[str, Any]:
    return {
        "people": p.people,
        "food": p.food,
        "track": p.track,
        "res": list(p.res),
        "tools_free": list(p.tools_free),
        "tools_used": list(p.tools_used),
        "one_use": list(p.one_use),
        "two_res": p.two_res,
        "cards": list(p.cards),
        "extras": list(p.extras),
        "buildings": list(p.buildings),
        "building_points": p.building_points,
        "card_points": p.card_points,
        "penalties": p.penalties,
    }


# --- from the wire -----------------------------------------------------------------------------
def view_from_wire(raw: object) -> GameState:
    """The view ``view_to_wire`` wrote; ``WireFormatError`` says what is wrong otherwise."""
    try:
        return _read_view(raw)
    except WireFormatError:
        raise
    except (ValueError, TypeError, KeyError, IndexError) as error:  # any reading that failed
        raise WireFormatError(f"not a view: {error}") from None


def _read_view(raw: object) -> GameState:
    if not isinstance(raw, dict):
        raise WireFormatError("a view is a JSON object")
    if raw.get("wire") != WIRE_VERSION:
        raise WireFormatError(f"view layout {raw.get('wire')!r}; this program reads {WIRE_VERSION}")
    n = _int(raw, "n", 2, 4)
    cards, tiles = frozenset(data.card_ids()), frozenset(data.building_ids())
    s = GameState()
    s.n = n
    s.phase = _one_of(raw, "phase", _PHASES)
    s.turn = _int(raw, "turn", 0, n - 1)
    s._actor = _int(raw, "actor", TERMINAL, n - 1)
    s.ply = _int(raw, "ply", 0, 100_000)
    s.pending = _read_pending(raw.get("pending"), n)
    s.players = tuple(_read_player(p, cards, tiles) for p in _list(raw, "players", n, n))
    s.placed = tuple(
        _ints(row, data.NUM_SPACES, 0, data.MAX_PEOPLE) for row in _list(raw, "placed", n, n)
    )
    s.history = None
    s._table = _read_table(raw, n, cards, tiles)
    s._legal = None
    s._owned = 0
    s._board = _board(raw, n, s._table)
    s._spaces = spaces_key(s.placed)
    s._events = None
    if s._actor == CHANCE and s.pending is None:
        raise WireFormatError("chance decides with nothing pending")
    return s


def _read_table(raw: dict[str, Any], n: int, cards: frozenset[str], tiles: frozenset[str]) -> Table:
    t = Table()
    viewer = raw.get("viewer")
    if type(viewer) is not int or not SPECTATOR <= viewer < n:
        raise WireFormatError(f"invalid viewer {viewer!r}")
    t.viewer, t.seed = viewer, None
    t.round = _int(raw, "round", 1, 1000)
    t.start = _int(raw, "start", 0, n - 1)
    t.score_log = tuple(
        _ints(r, n, -_MAX_AMOUNT, _MAX_AMOUNT) for r in _list(raw, "score_log", 0, 1000)
    )
    t.display = tuple(_id_or_none(c, cards) for c in _list(raw, "display", 4, 4))
    t.deck = tuple(_id(c, cards) for c in _list(raw, "deck", 0, len(cards)))
    t.deck_size = _int(raw, "deck_size", 0, len(cards))
    t.tops = tuple(_id_or_none(c, tiles) for c in _list(raw, "tops", n, n))
    t.stack_sizes = _ints(raw.get("stack_sizes"), n, 0, data.TILES_PER_STACK)
    t.tile_pool = tuple(_id(c, tiles) for c in _list(raw, "tile_pool", 0, len(tiles)))
    if list(t.deck) != sorted(t.deck) or list(t.tile_pool) != sorted(t.tile_pool):
        raise WireFormatError("the unseen cards and tiles are sets, written sorted")
    return t


def _read_pending(raw: object, n: int) -> Pending | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise WireFormatError("invalid pending step")
    kind, args = raw[0], raw[1:]
    seat = (0, n - 1)
    bounds: dict[str, tuple[tuple[int, int], ...]] = {
        REVEAL_CARD: ((0, data.NUM_CARD_SLOTS - 1),),
        REVEAL_TILE: (seat,),
        ITEMS_ROLL: (seat,),
        EXTRA: (seat,),
        PAY_CARD: ((0, data.NUM_CARD_SLOTS - 1),),
        PAY_BUILDING: (seat,),
        FEED_SHORT: ((0, _MAX_AMOUNT),),
    }
    if kind == ITEMS_PICK:
        if len(args) != 3:
            raise WireFormatError("invalid pending step")
        faces = _ints(args[0], None, 1, data.ITEM_FIELD_FACE)
        return ItemsPickStep(faces, _int_value(args[1], *seat), _int_value(args[2], *seat))
    if kind == ROLL:
        if len(args) != 3 or type(args[2]) is not bool:
            raise WireFormatError("invalid pending step")
        space, dice = _int_value(args[0], 0, data.NUM_SPACES - 1), _int_value(args[1], 0, 10)
        return RollStep(space, dice, args[2])
    if kind == TOOLS:
        if len(args) != 3 or type(args[2]) is not bool:
            raise WireFormatError("invalid pending step")
        space = _int_value(args[0], 0, data.NUM_SPACES - 1)
        total = _int_value(args[1], 0, 6 * data.MAX_PEOPLE)
        return ToolsStep(space, total, args[2])
    if kind not in bounds or len(args) != len(bounds[kind]):
        raise WireFormatError(f"invalid pending step {kind!r}")
    values = [_int_value(a, low, high) for a, (low, high) in zip(args, bounds[kind])]
    return _ONE_NUMBER_STEPS[kind](values[0])


# The steps whose one parameter is a number, by kind.
_ONE_NUMBER_STEPS: Final[dict[str, Callable[[int], Pending]]] = {
    REVEAL_CARD: RevealCardStep,
    REVEAL_TILE: RevealTileStep,
    ITEMS_ROLL: ItemsRollStep,
    EXTRA: ExtraStep,
    PAY_CARD: PayCardStep,
    PAY_BUILDING: PayBuildingStep,
    FEED_SHORT: FeedShortStep,
}


def _read_player(raw: object, cards: frozenset[str], tiles: frozenset[str]) -> Player:
    if not isinstance(raw, dict):
        raise WireFormatError("a seat's board is a JSON object")
    p = Player()
    for name in _PLAYER_INTS:
        setattr(p, name, _int(raw, name, 0, _MAX_AMOUNT))
    p.res = _ints(raw.get("res"), 4, 0, _MAX_AMOUNT)  # type: ignore[assignment]
    p.tools_free = _ints(raw.get("tools_free"), None, 1, data.MAX_TOOL_VALUE)
    p.tools_used = _ints(raw.get("tools_used"), None, 1, data.MAX_TOOL_VALUE)
    p.one_use = _ints(raw.get("one_use"), None, 1, data.MAX_TOOL_VALUE)
    p.cards = tuple(_id(c, cards) for c in _list(raw, "cards", 0, len(cards)))
    p.extras = tuple(c if c == "?" else _id(c, cards) for c in _list(raw, "extras", 0, len(cards)))
    p.buildings = tuple(_id(t, tiles) for t in _list(raw, "buildings", 0, len(tiles)))
    if len(p.tools_free) + len(p.tools_used) > data.MAX_TOOL_TILES:
        raise WireFormatError("more tool tiles than a board holds")
    return p


def _board(raw: dict[str, Any], n: int, table: Table) -> Board:
    """The rules' placement board, rebuilt as the rules keep it while figures are placed: what
    stands where and, derived from that, what is still open to every seat."""
    occupants = _ints(raw.get("occupants"), data.NUM_SPACES, 0, 4 * data.MAX_PEOPLE)
    mask = _ints(raw.get("mask"), data.NUM_SPACES, 0, (1 << n) - 1)
    # Four bits a seat in the rules' board (see ``core.Board``); a list on the wire.
    standing = sum(
        count << (seat << 2)
        for seat, count in enumerate(_ints(raw.get("standing"), n, 0, data.MAX_PEOPLE))
    )
    return board_for(n, table, occupants, mask, standing)


# --- checked readings --------------------------------------------------------------------------
def _int_value(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise WireFormatError(f"expected a whole number from {low} to {high}, not {value!r:.40}")
    return value


def _int(raw: dict[str, Any], key: str, low: int, high: int) -> int:
    return _int_value(raw.get(key), low, high)


def _ints(value: object, length: int | None, low: int, high: int) -> tuple[int, ...]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise WireFormatError(f"expected a list of {length or 'some'} whole numbers")
    if len(value) > 64:
        raise WireFormatError("list too long")
    return tuple(_int_value(v, low, high) for v in value)


def _list(raw: dict[str, Any], key: str, shortest: int, longest: int) -> list[Any]:
    value = raw.get(key)
    if not isinstance(value, list) or not shortest <= len(value) <= longest:
        raise WireFormatError(f"{key}: expected a list of {shortest} to {longest} items")
    return value


def _checked(value: object, test: Callable[[object], bool], what: str) -> object:
    if not test(value):
        raise WireFormatError(f"invalid {what}: {value!r:.40}")
    return value


def _id(value: object, known: frozenset[str]) -> str:
    _checked(value, lambda v: isinstance(v, str) and v in known, "card or tile")
    assert isinstance(value, str)
    return value


def _id_or_none(value: object, known: frozenset[str]) -> str | None:
    return None if value is None else _id(value, known)


def _one_of(raw: dict[str, Any], key: str, choices: Sequence[_T]) -> _T:
    value = raw.get(key)
    for choice in choices:
        if value == choice:
            return choice
    raise WireFormatError(f"invalid {key}: {value!r:.40}")
