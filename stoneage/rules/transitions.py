"""How each action changes a fresh copy of the state, and the forced steps that follow.

``Transitions`` extends ``core.StateCore``, which declares every slot of a state and its type,
and ``GameState`` extends ``Transitions`` (see ``core`` for why the state is built in these
layers): the handlers read and write only declared slots, and mypy checks each of them. Each
handler takes the one kind of action it handles; ``apply`` picks it by the action's tag, whose
literal type narrows the action to that kind, so mypy sees a handler and its kind matched.

``apply`` copies the state and hands the copy to the action's handler; the
handler changes the copy and leaves it *finished*: every forced step taken (the next seat to
place, an only space left to resolve, feeding with enough food, the end of the round, refill)
and ``_actor`` set, so that the state waits for a real decision, a chance outcome or has ended.
The generic way to finish is ``_settle``; the hottest handlers (placing, rolling, resolving)
finish by hand where the next step is known. Where something happens that the action alone
does not tell (a space used, a gathering, a purchase, a die taken, the feeding, a round's end),
a handler also appends it to ``_events`` when ``apply_with_events`` asks (the slot is a list
then, None otherwise): see ``events`` and ``recording``.

Speed notes (random play runs about a thousand actions per game): the copy ``apply`` makes is
written to by the handler alone, players and the table are copied on their first change only
(``_player``, ``_edit_table``), the rows of figures are kept packed in ints
(``StateCore._rows``; ``placed`` is built when read), and the placement phase keeps a board
(``core.Board``, below) of what is still open, so that a seat's placements are a few list
extensions. Measured with callgrind, a Python call, a list or tuple built, a ``sum()`` or a
named tuple built each cost about as much as a dozen plain bytecodes, so the hot paths avoid
them where they can.
"""

from __future__ import annotations

from itertools import compress
from typing import Final, TypeVar

from mypy_extensions import i64, mypyc_attr

from . import data, events, recording
from .actions import (
    PLACE_ACTIONS,
    RESOLVE_ACTIONS,
    Action,
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
from .actions import TAKE_TWO_ACTIONS as _TAKE_TWO
from .core import (
    NO_ROWS,
    Board,
    OpenResource,
    Rows,
    StateCore,
    compiled,
    with_count,
)
from .data import (
    BUILDING_SPACES,
    CARD_SPACES,
    FIELD,
    FOREST,
    GATHER_SPACES,
    GOLD,
    HUNT,
    HUT,
    ITEM_FIELD_FACE,
    ITEM_TOOL_FACE,
    MAX_FOOD_TRACK,
    MAX_PEOPLE,
    NUM_CARD_SLOTS,
    NUM_SPACES,
    RESOURCE_SPACE_CAPACITY,
    RESOURCE_SPACES,
    TOOL_MAKER,
    gather_divisor,
)
from .nodes import (
    CHANCE,
    CHANCE_STEPS,
    FEED,
    OVER,
    PLACE,
    REFILL,
    RESOLVE,
    TERMINAL,
    ExtraStep,
    FeedShortStep,
    ItemsPickStep,
    ItemsRollStep,
    PayBuildingStep,
    PayCardStep,
    RevealCardStep,
    RevealTileStep,
    RollStep,
    ToolsStep,
)
from .payments import building_payments_for, building_points
from .player import Player
from .table import TABLE_BIT as _TABLE_BIT
from .table import Table

_EMPTY_ROW: Final[tuple[int, ...]] = (0,) * NUM_SPACES
_CARD_SPACE_0: Final = CARD_SPACES[0]
_BUILDING_SPACE_0: Final = BUILDING_SPACES[0]
_ROW_LAST_SPACE: Final = NUM_SPACES - 1  # the space packed in the fifth int (``core.Rows``)
_GATHER_SET: Final = frozenset(GATHER_SPACES)
_SPACE_INDICES: Final = range(NUM_SPACES)
_DIVISORS: Final = tuple(
    gather_divisor(space) if space in GATHER_SPACES else 0 for space in range(NUM_SPACES)
)


# --- one item of a tuple replaced ---------------------------------------------------------------
# A few of the state's tuples (the players, and on the placement board the seats on each
# resource space, the open card slots and stacks, the open resource spaces) change one item at
# a time. Run as plain Python, the cheapest way is a list copied, changed and turned back into
# a tuple (two C calls). Compiled, that is two allocations of a list and one of a tuple and a
# copy each way, where a tuple filled from a generator over a tuple is one allocation of the
# right size (mypyc fills it directly); as plain Python that generator would cost several
# times the list. These four places (``_player`` and three in ``_do_place``) test the flag
# below and take the way that is cheap on the path that runs; the two ways give equal tuples, and
# the tests run both paths (``tests/test_compiled.py``). Everything else is one way on both.
_NATIVE: Final = compiled()
_T = TypeVar("_T")
# _POSITIONS[k]: the positions of a tuple of k items, as a tuple (what mypyc fills from).
_POSITIONS: Final = tuple(tuple(range(k)) for k in range(NUM_SPACES + 1))


def _replaced(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the item at ``index`` replaced by ``value`` (the compiled way, above)."""
    return tuple(value if i == index else values[i] for i in _POSITIONS[len(values)])


def _seat_replaced(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``_replaced`` for a tuple of 2 to 4 items, one per seat (the players): spelled out,
    compiled a tuple of known size filled at once, without the loop's index tests."""
    first = value if seat == 0 else values[0]
    second = value if seat == 1 else values[1]
    if len(values) == 2:
        return (first, second)
    third = value if seat == 2 else values[2]
    if len(values) == 3:
        return (first, second, third)
    return (first, second, third, value if seat == 3 else values[3])


# The steps made most often, made once and shared (a step never changes): the roll of the
# figures on a gathering space by space and count, and by slot or stack the reveals and the
# payments. Variable-length tuple types: compiled, indexed in place (see ``core``).
_FIGURES_ROLL: Final[tuple[tuple[RollStep, ...], ...]] = tuple(
    tuple(RollStep(space, dice, False) for dice in range(MAX_PEOPLE + 1))
    for space in range(NUM_SPACES)
)
_REVEAL_CARD: Final[tuple[RevealCardStep, ...]] = tuple(
    RevealCardStep(slot) for slot in range(NUM_CARD_SLOTS)
)
_PAY_CARD: Final[tuple[PayCardStep, ...]] = tuple(
    PayCardStep(slot) for slot in range(NUM_CARD_SLOTS)
)
_REVEAL_TILE: Final[tuple[RevealTileStep, ...]] = tuple(
    RevealTileStep(stack) for stack in range(len(BUILDING_SPACES))
)
_PAY_BUILDING: Final[tuple[PayBuildingStep, ...]] = tuple(
    PayBuildingStep(stack) for stack in range(len(BUILDING_SPACES))
)


def without(ids: tuple[str, ...], wanted: str) -> tuple[str, ...]:
    """``ids`` less the one ``wanted`` (which is there)."""
    # One way on both paths: ``tuple.index`` compares by identity first, in C (a revealed id
    # is the very string of the deck or the pool), and two slices make the tuple.
    at = ids.index(wanted)
    return ids[:at] + ids[at + 1 :]


# The resolution phase's choices keyed by an int (``GameState._spaces``): per seat, a bit per
# space where it has figures still to resolve. Hut and field have none: ``_resolve_step``
# resolves them before it looks a seat's choices up, so fourteen bits a seat, and four seats
# fit in 56 bits (compiled, an int below 2**62 is a plain C value, no object).
_KEYED_SPACES: Final = tuple(s for s in range(NUM_SPACES) if s != HUT and s != FIELD)
_SEAT_SHIFT: Final = len(_KEYED_SPACES)
_SEAT_KEY: Final = (1 << _SEAT_SHIFT) - 1
# RESOLVE_BIT[seat][space]: the bit of ``_spaces`` for figures of ``seat`` on ``space``.
RESOLVE_BIT: Final = tuple(
    tuple(
        1 << seat * _SEAT_SHIFT + _KEYED_SPACES.index(space) if space in _KEYED_SPACES else 0
        for space in range(NUM_SPACES)
    )
    for seat in range(4)
)
# _KEY_BIT[space]: the bit of a keyed space within a seat's bits (0 for hut and field, which
# are not keyed and never looked up); _HUNT_KEY: the hunt's bit.
_KEY_BIT: Final = RESOLVE_BIT[0]
_HUNT_KEY: Final = _KEY_BIT[HUNT]

# --- the placement board -----------------------------------------------------------------------
# ``GameState._board`` (a ``core.Board``) holds what the placement phase has filled so far and
# what is still open to every seat. Its ``village``, ``village_small``, ``resources`` and
# ``singles`` are derived (with the display and tops) once per placement, because every seat's
# legal placements are read off them. ``occupants`` (set when the placement ends) and ``mask``
# stay as they were at the end of the placement until the next placement phase.

# _UP_TO[space][k]: placing 1..k figures on ``space``, in order.
_UP_TO: Final = tuple(
    tuple(PLACE_ACTIONS[space][1 : k + 1] for k in range(11)) for space in range(NUM_SPACES)
)
_HUNT_UP_TO: Final = _UP_TO[HUNT]
# _RESOURCE_ENTRY[space][room]: the ``resources`` entry of a resource space with that room,
# whose second item gives the placements by figures available (at most the room).
_RESOURCE_ENTRY: Final[tuple[tuple[OpenResource, ...], ...]] = tuple(
    tuple(
        OpenResource(
            space,
            room,
            tuple(_UP_TO[space][min(avail, room)] for avail in range(11)),
            _KEY_BIT[space],
        )
        for room in range(8)
    )
    if space in RESOURCE_SPACES
    else ()
    for space in range(NUM_SPACES)
)
_CARD_PLACES: Final = tuple(PLACE_ACTIONS[space][1] for space in CARD_SPACES)
_BUILDING_PLACES: Final = tuple(PLACE_ACTIONS[space][1] for space in BUILDING_SPACES)


def _village_table() -> tuple[tuple[tuple[Place, ...], tuple[Place, ...]], ...]:
    """Open village spaces (with and without the hut) per occupied bits, plus 8 with fewer than
    4 players (indexed, not keyed by a pair: no tuple is built to look an entry up)."""
    table = []
    places = (PLACE_ACTIONS[TOOL_MAKER][1], PLACE_ACTIONS[HUT][2], PLACE_ACTIONS[FIELD][1])
    for few in (False, True):
        for bits in range(8):
            # With 2 or 3 players only 2 of the 3 village spaces may be used a round.
            open_: tuple[Place, ...]
            if few and bits.bit_count() >= 2:
                open_ = ()
            else:
                open_ = tuple(a for i, a in enumerate(places) if not bits >> i & 1)
            table.append((open_, tuple(a for a in open_ if a[0] != HUT)))
    return tuple(table)


_VILLAGE: Final = _village_table()


def _open_resources(
    occupants: tuple[int, ...], mask: tuple[int, ...], n: int
) -> tuple[OpenResource, ...]:
    """The ``resources`` entry of every resource space a seat not yet standing there may still
    use: room left, and with 2 players nobody else there, with 3 at most one other seat there."""
    found = []
    for space in RESOURCE_SPACES:
        room = RESOURCE_SPACE_CAPACITY - occupants[space]
        bits = mask[space]
        if room > 0 and not (n < 4 and bits and (n == 2 or bits.bit_count() >= 2)):
            found.append(_RESOURCE_ENTRY[space][room])
    return tuple(found)


def _with_room(
    resources: tuple[OpenResource, ...], space: int, room: int
) -> tuple[OpenResource, ...]:
    """``resources`` with the entry of ``space`` (open still) for ``room`` (compiled only).

    As many entries as before: mypyc fills a tuple of that size from the generator in one
    allocation, where ``_do_place``'s loop builds a list first. A function of its own: a
    generator in ``_do_place`` would turn the names it reads into cells there, which plain
    Python would pay for on every placement.
    """
    entry_now = _RESOURCE_ENTRY[space][room]
    return tuple(entry_now if entry.space == space else entry for entry in resources)


# _SINGLES[bits]: the placements on the card slots and building stacks whose bits (space minus
# the first card space) are set, in board order: the board's ``singles``, shared (compiled).
_SINGLES: Final = tuple(
    tuple(
        PLACE_ACTIONS[space][1]
        for space in CARD_SPACES + BUILDING_SPACES
        if bits >> space - _CARD_SPACE_0 & 1
    )
    for bits in range(1 << len(CARD_SPACES + BUILDING_SPACES))
)


def _village_bits(rows: Rows) -> int:
    """Bits 0-2 set where any seat stands on the tool maker, the hut, the field (packed rows)."""
    anyone = rows[0] | rows[1] | rows[2] | rows[3]
    return (
        (anyone >> (TOOL_MAKER << 2) & 15 != 0)
        | (anyone >> (HUT << 2) & 15 != 0) << 1
        | (anyone >> (FIELD << 2) & 15 != 0) << 2
    )


def new_board(state: StateCore) -> Board:
    """The board at the start of a placement phase (nothing placed yet)."""
    return board_for(state.n, state._table, _EMPTY_ROW, _EMPTY_ROW, 0)


def board_for(
    n: int, table: Table, occupants: tuple[int, ...], mask: tuple[int, ...], standing: int
) -> Board:
    """The placement board of ``n`` seats with these figures standing (``occupants``, the
    seats on each resource space in ``mask``, each seat's count in ``standing``: see
    ``core.Board``), what is still open derived from them as ``_do_place`` keeps it: the start
    of a placement phase, or a board read from the wire."""
    bits = (occupants[TOOL_MAKER] > 0) | (occupants[HUT] > 0) << 1 | (occupants[FIELD] > 0) << 2
    village, village_small = _VILLAGE[bits + 8 if n < 4 else bits]
    cards = [
        a
        for a, card, space in zip(_CARD_PLACES, table.display, CARD_SPACES)
        if card is not None and not occupants[space]
    ]
    tiles = [
        a
        for a, top, space in zip(_BUILDING_PLACES, table.tops, BUILDING_SPACES)
        if top is not None and not occupants[space]
    ]
    board = Board()
    board.ended = NO_ROWS
    board._occupants = occupants
    board.mask = mask
    board.village = village
    board.village_small = village_small
    board.resources = _open_resources(occupants, mask, n)
    board.singles = tuple(cards + tiles)
    board.standing = standing
    return board


_RESOLVE_CHOICES: Final[dict[tuple[int, ...], tuple[tuple[Resolve, ...], bool]]] = {}


def resolve_choices(row: tuple[int, ...]) -> tuple[tuple[Resolve, ...], bool]:
    """For a seat's row of figures: the ``Resolve`` actions of its spaces in board order, and
    whether every one of them is a roll (the hunt or a resource space).

    Cached by row: hashing the row costs a quarter of finding the spaces again.
    """
    found = _RESOLVE_CHOICES.get(row)
    if found is None:
        if len(_RESOLVE_CHOICES) > 50_000:  # a bound on memory; rows recur within a game
            _RESOLVE_CHOICES.clear()
        spaces = list(compress(_SPACE_INDICES, row))
        found = _RESOLVE_CHOICES[row] = (
            tuple(RESOLVE_ACTIONS[space] for space in spaces),
            _GATHER_SET.issuperset(spaces),
        )
    return found


# The hut's and the field's four bits in a seat's packed row (``core.row_bits``).
_HUT_BITS: Final = 15 << (HUT << 2)
_HUT_FIELD_BITS: Final = _HUT_BITS | 15 << (FIELD << 2)
# One seat's choices per key, found on first use (a list indexed by the key: no hashing).
_CHOICES_BY_KEY: Final[list[tuple[tuple[Resolve, ...], bool] | None]] = [None] * (_SEAT_KEY + 1)


def _keyed_choices(key: int) -> tuple[tuple[Resolve, ...], bool]:
    """``resolve_choices`` for the row whose spaces (hut and field aside) are the bits of
    ``key``, kept in ``_CHOICES_BY_KEY``."""
    spaces = [space for i, space in enumerate(_KEYED_SPACES) if key >> i & 1]
    found = _CHOICES_BY_KEY[key] = (
        tuple(RESOLVE_ACTIONS[space] for space in spaces),
        _GATHER_SET.issuperset(spaces),
    )
    return found


def spaces_key(placed: tuple[tuple[int, ...], ...]) -> int:
    """``GameState._spaces`` for these rows of figures (a state built from outside the
    rules, such as a view read from the wire)."""
    return sum(
        bits[space]
        for bits, row in zip(RESOLVE_BIT, placed)
        for space in range(NUM_SPACES)
        if row[space]
    )


@mypyc_attr(acyclic=True)
class Transitions(StateCore):
    """State changes of ``GameState`` (see the module docstring)."""

    __slots__ = ()

    # --- copy-on-write access ----------------------------------------------------------------
    def _player(self, seat: int) -> Player:
        """The seat's player, copied on first change within this ``apply``."""
        if self._owned >> seat & 1:
            return self.players[seat]
        self._owned |= 1 << seat
        if _NATIVE:  # one item of a tuple replaced: see ``_NATIVE``
            fresh = self.players[seat].copy()
            self.players = _seat_replaced(self.players, seat, fresh)
            return fresh
        players = list(self.players)
        fresh = players[seat] = players[seat].copy()
        self.players = tuple(players)
        return fresh

    def _edit_table(self) -> Table:
        """The table, copied on first change within this ``apply``."""
        if not self._owned & _TABLE_BIT:
            self._table = self._table.copy()
            self._owned |= _TABLE_BIT
        return self._table

    def _set_placed(self, seat: int, space: int, count: int) -> None:
        """Set the figures of ``seat`` on ``space`` in the packed rows (``StateCore._rows``):
        one int changed; the rows are built only if read (``placed``)."""
        self._rows = with_count(self._rows, seat, space, count)
        self._placed = None

    # --- placement -----------------------------------------------------------------------------
    def _placements(self, seat: int) -> list[Action]:
        """The seat's legal placements in board order (empty once all its figures stand).

        The hottest function of random play: the seat-independent part comes from the board.
        """
        board = self._board
        avail = self.players[seat].people - (board.standing >> (seat << 2) & 15)
        if avail <= 0:
            return []
        acts: list[Action] = list(board.village if avail > 1 else board.village_small)
        # The seat's spaces read off its bits of ``_spaces`` (in the placement phase a bit is
        # set exactly where the seat stands), one way on both paths: compiled, native int
        # arithmetic, where the row would be fetched from the rows and each item checked and
        # unboxed; as plain Python, a shift and a mask cost what an index did. ``extend``:
        # compiled, a direct call of the list's method, where ``+=`` goes through the generic
        # protocol.
        # The seat's bits masked first: as plain Python the tests below are then on a small int.
        key = self._spaces >> seat * _SEAT_SHIFT & _SEAT_KEY
        if not key & _HUNT_KEY:
            acts.extend(_HUNT_UP_TO[avail])
        for entry in board.resources:
            if not key & entry.key_bit:
                acts.extend(entry.by_avail[avail])
        acts.extend(board.singles)
        return acts

    def _do_place(self, action: Place) -> None:
        # _set_placed and _offer spelled out: a third of all actions are placements.
        seat = self.turn
        space = action[0]
        count = action[1]
        board = self._board
        # One int changed; the rows are built only if read (``placed``), and the occupants
        # are counted off them (``StateCore.occupants``, ``Board.occupants``). ``with_count``
        # spelled out (no call), and simpler: a seat places on a space at most once a round,
        # so its count there is 0 and the new one is or'ed into the int that holds it.
        r0, r1, r2, r3, r4 = self._rows
        value: i64 = count
        shift: i64 = space << 2
        if space == _ROW_LAST_SPACE:
            r4 |= value << (seat << 2)
        elif seat == 0:
            r0 |= value << shift
        elif seat == 1:
            r1 |= value << shift
        elif seat == 2:
            r2 |= value << shift
        else:
            r3 |= value << shift
        packed = self._rows = (r0, r1, r2, r3, r4)
        self._placed = None
        self._spaces |= RESOLVE_BIT[seat][space]
        # A new board (this state's own: the one it had is shared with the state before),
        # each field as it was but where this placement changes it.
        b = Board()
        b.ended = board.ended
        b._occupants = board._occupants
        b.standing = board.standing + (count << (seat << 2))  # four bits a seat
        mask = board.mask
        resources = board.resources
        singles = board.singles
        if space < HUNT:
            bits = _village_bits(packed)
            b.village, b.village_small = _VILLAGE[bits + 8 if self.n < 4 else bits]
        else:
            b.village = board.village
            b.village_small = board.village_small
            if space >= _CARD_SPACE_0:
                if _NATIVE:  # the shared tuple of the slots and stacks still open: nothing built
                    open_bits = 0
                    for single in singles:
                        open_bits |= 1 << single[0] - _CARD_SPACE_0
                    singles = _SINGLES[open_bits & ~(1 << space - _CARD_SPACE_0)]
                else:
                    still_open = list(singles)
                    still_open.remove(PLACE_ACTIONS[space][1])
                    singles = tuple(still_open)
            elif space != HUNT:
                n = self.n
                # The room left: the seat's placements there came from the space's entry, so
                # the entry is on the board; its room less the figures just placed.
                room = 0
                for entry in resources:
                    if entry.space == space:
                        room = entry.room - count
                        break
                if n < 4:  # who stands on a resource space matters with 2-3 players
                    bits = mask[space] | 1 << seat
                    if _NATIVE:  # one item of a tuple replaced: see ``_NATIVE``
                        mask = _replaced(mask, space, bits)
                    else:
                        seats_on = list(mask)
                        seats_on[space] = bits
                        mask = tuple(seats_on)
                    if n == 2 or bits.bit_count() >= 2:
                        room = 0  # closed to every other seat
                # Only this space's entry changes (a new room, or gone when closed).
                if _NATIVE and room > 0:  # one item of a tuple replaced: see ``_NATIVE``
                    resources = _with_room(resources, space, room)
                else:
                    entries = []
                    for entry in resources:
                        if entry.space != space:
                            entries.append(entry)
                        elif room > 0:
                            entries.append(_RESOURCE_ENTRY[space][room])
                    resources = tuple(entries)
        b.mask = mask
        b.resources = resources
        b.singles = singles
        self._board = b
        # The next seat clockwise that can still place decides; its choices are known now.
        n = self.n
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            acts = self._placements(candidate)
            if acts:
                self.turn = candidate
                self._actor = candidate
                if self.players[candidate].two_res:
                    acts += _TAKE_TWO
                self._legal = acts
                return
        self.phase = RESOLVE
        # The rows at the end of the placement, kept through the round for the occupants
        # (the board is this state's own still: no other state has seen it).
        b.ended = packed
        b._occupants = None
        self.turn = self._table.start
        self._settle()

    def _offer(self, acts: list[Action], seat: int) -> None:
        """Record the legal actions found while finishing (a list of the state's own), adding
        the two-resources card."""
        if self.players[seat].two_res:
            acts += _TAKE_TWO
        self._legal = acts

    # --- resolution ----------------------------------------------------------------------------
    def _do_resolve(self, action: Resolve) -> None:
        self._resolve_space(self.turn, action[0], True)
        # ``_finish`` spelled out: a fifth of all actions are resolutions.
        if self.pending is None:
            self._settle()
        else:
            self._actor = self._find_actor()

    def _resolve_space(self, seat: int, space: int, chosen: bool = False) -> None:
        """``seat`` uses its figures on ``space`` (``chosen``: by its own choice, not as a
        forced step)."""
        # ``count_in`` and ``with_count(..., 0)`` spelled out (no call): the count read and
        # flipped to 0 by an exclusive or, in the one int that holds it.
        r0, r1, r2, r3, r4 = self._rows
        shift: i64
        count: i64
        if space == _ROW_LAST_SPACE:
            shift = seat << 2
            count = r4 >> shift & 15
            r4 ^= count << shift
        else:
            shift = space << 2
            if seat == 0:
                count = r0 >> shift & 15
                r0 ^= count << shift
            elif seat == 1:
                count = r1 >> shift & 15
                r1 ^= count << shift
            elif seat == 2:
                count = r2 >> shift & 15
                r2 ^= count << shift
            else:
                count = r3 >> shift & 15
                r3 ^= count << shift
        self._rows = (r0, r1, r2, r3, r4)  # ``_set_placed`` spelled out
        self._placed = None
        self._spaces ^= RESOLVE_BIT[seat][space]  # set while figures stand there: flipped off
        told = self._events  # events: the seat's board before, to tell what changed
        was = self.players[seat].copy() if told is not None else None
        if space == TOOL_MAKER:
            self._player(seat).gain_tool()
        elif space == HUT:
            p = self._player(seat)
            p.people = min(MAX_PEOPLE, p.people + 1)
        elif space == FIELD:
            p = self._player(seat)
            p.track = min(MAX_FOOD_TRACK, p.track + 1)
        elif space < _CARD_SPACE_0:  # the hunt or a resource space
            self.pending = _FIGURES_ROLL[space][count]
        elif space < _BUILDING_SPACE_0:
            slot = space - _CARD_SPACE_0
            p = self.players[seat]
            r = p.res  # four adds, not ``sum()``: compiled, no tuple boxed, no generic call
            if p.two_res > 0 or r[0] + r[1] + r[2] + r[3] >= slot + 1:
                self.pending = _PAY_CARD[slot]
        else:
            stack = space - _BUILDING_SPACE_0
            p = self.players[seat]
            tile = self._table.tops[stack]
            assert tile is not None, "a figure stands only on a stack with a tile on top"
            if p.two_res > 0 or building_payments_for(tile, p.res):
                self.pending = _PAY_BUILDING[stack]
        if told is not None and was is not None:
            told.append(recording.space_used(self, seat, space, count, chosen, was))

    def _resolve_step(self) -> bool:
        """One forced step of the resolution phase; False when the seat must choose."""
        seat = self.turn
        # Hut and field commute with every other space (nothing in this phase reads people or
        # the food track), so they are used at once and the seat chooses only where order counts.
        # Read off the packed rows (``row_bits`` spelled out: no call).
        rows = self._rows
        bits: i64
        if seat == 0:
            bits = rows[0]
        elif seat == 1:
            bits = rows[1]
        elif seat == 2:
            bits = rows[2]
        else:
            bits = rows[3]
        if bits & _HUT_FIELD_BITS:
            self._resolve_space(seat, HUT if bits & _HUT_BITS else FIELD)
            return True
        # The seat's choices looked up by its bits of ``_spaces`` (hut and field are 0 now):
        # an index into a list, where ``resolve_choices`` would hash the row.
        key = self._spaces >> seat * _SEAT_SHIFT & _SEAT_KEY
        found = _CHOICES_BY_KEY[key]
        acts, only_rolls = found if found is not None else _keyed_choices(key)
        if acts:  # none once every figure of the seat is back
            # Rolls with no tool to add involve no decision, so their order cannot matter.
            p = self.players[seat]
            if len(acts) == 1 or (only_rolls and not p.tools_free and not p.one_use):
                self._resolve_space(seat, acts[0][0])
                return True
            self._offer(list(acts), seat)
            return False
        nxt = (seat + 1) % self.n
        if nxt == self._table.start:
            self.phase = FEED
        self.turn = nxt
        return True

    # --- rolls and tools -----------------------------------------------------------------------
    def _do_roll(self, action: Roll) -> None:
        pending = self.pending
        assert type(pending) is RollStep, pending
        space = pending.space
        total, seat = action[0], self.turn
        p = self.players[seat]
        if p.tools_free or p.one_use:
            div = _DIVISORS[space]
            # Loops, not ``sum()``: compiled, ``sum`` is a builtin looked up and called
            # through Python's calling convention; as plain Python as cheap.
            most = total
            for value in p.tools_free:
                most += value
            for value in p.one_use:
                most += value
            if most // div > total // div:
                # Adding tools could raise the yield: the seat decides which (if any).
                self.pending = ToolsStep(space, total, pending.by_card)
                self._actor = seat
                return
        self.pending = None
        self._gather(seat, space, total)
        self._settle()

    def _do_tools(self, action: UseTools) -> None:
        pending = self.pending
        assert type(pending) is ToolsStep, pending
        space = pending.space
        total = pending.total
        seat = self.turn
        tiles, cards = action[0], action[1]
        if tiles or cards:
            self._player(seat).use_tools(tiles, cards)
            for value in tiles:  # loops, not ``sum()`` (see ``_do_roll``)
                total += value
            for value in cards:
                total += value
        self.pending = None
        self._gather(seat, space, total)
        self._settle()

    def _gather(self, seat: int, space: int, pips: int) -> None:
        amount = pips // _DIVISORS[space]
        if amount:
            p = self._player(seat)
            if space == HUNT:
                p.food += amount
            else:
                p.add_resource(space - FOREST, amount)
        if self._events is not None:
            self._events.append(recording.gathered(seat, space, pips, amount))

    # --- buying --------------------------------------------------------------------------------
    def _do_pay(self, action: Pay) -> None:
        pending = self.pending
        if type(pending) is PayCardStep:
            index = pending.slot
        else:
            assert type(pending) is PayBuildingStep, pending
            index = pending.stack
        seat = self.turn
        p = self._player(seat)
        p.add_resources(action[0], -1)
        self.pending = None
        table = self._edit_table()
        told = self._events
        if type(pending) is PayCardStep:
            card_id = table.display[index]
            assert card_id is not None, "a figure stands only on a slot with a card"
            table.display = table.display[:index] + (None,) + table.display[index + 1 :]
            p.cards = p.cards + (card_id,)
            card = data.cards()[card_id]
            was = p.copy() if told is not None else None
            self._card_effect(seat, card)
            if told is not None and was is not None:
                told.append(recording.card_taken(seat, index, card, action[0], was, p))
        else:
            tile_id = table.tops[index]
            assert tile_id is not None, "a figure stands only on a stack with a tile on top"
            p.buildings = p.buildings + (tile_id,)
            points = building_points(data.buildings()[tile_id], action[0])
            p.building_points += points
            if told is not None:
                told.append(events.BuildingTaken(seat, index, tile_id, action[0], points))
            table.tops = table.tops[:index] + (None,) + table.tops[index + 1 :]
            sizes = list(table.stack_sizes)
            sizes[index] -= 1
            table.stack_sizes = tuple(sizes)
            if sizes[index] > 0:
                self.pending = _REVEAL_TILE[index]
        self._finish()

    def _do_decline(self, action: Decline) -> None:
        self.pending = None
        self._settle()

    def _card_effect(self, seat: int, card: data.Card) -> None:
        if self._player(seat).take_card_gift(card):
            return
        effect = card.effect
        if effect == "extra_card":
            if self._table.deck_size > 0:
                self.pending = ExtraStep(seat)
        elif effect == "resource_2_dice":
            assert card.resource is not None, card
            self.pending = RollStep(FOREST + card.resource, 2, True)
        elif effect == "dice_for_items":
            self.pending = ItemsRollStep(seat)
        else:
            raise AssertionError(f"unknown card effect {effect!r}")

    # --- dice for items ------------------------------------------------------------------------
    def _do_items_roll(self, action: RollItems) -> None:
        pending = self.pending
        assert type(pending) is ItemsRollStep, pending
        buyer = pending.buyer
        self.pending = ItemsPickStep(action[0], buyer, buyer)
        self._auto_pick()
        self._finish()

    def _do_pick(self, action: PickItem) -> None:
        pending = self.pending
        assert type(pending) is ItemsPickStep, pending
        faces, picker, buyer = pending.faces, pending.picker, pending.buyer
        face = action[0]
        self._take_item(picker, face, True)
        rest = list(faces)
        rest.remove(face)
        # An if statement, not a conditional expression: mypyc gives the expression the
        # step's type and then refuses the None.
        if rest:
            self.pending = ItemsPickStep(tuple(rest), (picker + 1) % self.n, buyer)
        else:
            self.pending = None
        self._auto_pick()
        self._finish()

    def _take_item(self, seat: int, face: int, chose: bool) -> None:
        p = self._player(seat)
        told = self._events
        was = p.copy() if told is not None else None
        if face == ITEM_TOOL_FACE:
            p.gain_tool()
        elif face == ITEM_FIELD_FACE:
            p.gain_track()
        else:
            p.add_resource(face - 1, 1)
        if told is not None and was is not None:
            told.append(recording.item_taken(seat, face, chose, was, p))

    def _auto_pick(self) -> None:
        """Hand out dice while only one kind of face is left: nobody has a choice then."""
        pending = self.pending
        while type(pending) is ItemsPickStep and len(set(pending.faces)) == 1:
            faces, picker = pending.faces, pending.picker
            self._take_item(picker, faces[0], False)
            rest = faces[1:]
            if rest:  # not a conditional expression (see ``_do_pick``)
                self.pending = pending = ItemsPickStep(rest, (picker + 1) % self.n, pending.buyer)
            else:
                self.pending = pending = None

    # --- the two-resources card ------------------------------------------------------------------
    def _do_take_two(self, action: TakeTwo) -> None:
        p = self._player(self._actor)
        p.two_res -= 1
        p.add_resource(action[0], 1)
        p.add_resource(action[1], 1)
        # Nothing else changes: the same seat decides the same step, and the choices it had
        # (other than the card) are found again from the state when asked for.
        if self.pending is None and self.phase == RESOLVE:
            self._settle()

    # --- feeding ---------------------------------------------------------------------------------
    def _do_feed(self, action: Feed) -> None:
        self._player(self.turn).add_resources(action[0], -1)
        self.pending = None
        self._fed(self.turn)
        self._finish()

    def _do_starve(self, action: Starve) -> None:
        self._player(self.turn).penalties += 1
        self.pending = None
        self._fed(self.turn)
        self._finish()

    def _feed_step(self) -> None:
        """Feed the seat in ``turn`` (from the start player on); ask only on a shortfall."""
        seat = self.turn
        p = self._player(seat)
        food = p.food + p.track
        told = self._events
        if food >= p.people:
            p.food = food - p.people
            if told is not None:
                told.append(events.Ate(seat, p.people, p.track))
            self._fed(seat)
            return
        short = p.people - food
        if told is not None:
            told.append(events.FoodShort(seat, p.people, p.track, p.food, short))
        p.food = 0
        r = p.res  # four adds, not ``sum()`` (see ``_resolve_space``)
        if r[0] + r[1] + r[2] + r[3] + 2 * p.two_res >= short:
            self.pending = FeedShortStep(short)
            return
        p.penalties += 1
        if told is not None:
            told.append(events.WentHungry(seat, False))
        self._fed(seat)

    def _fed(self, seat: int) -> None:
        """The seat is fed: the next seat's turn, or the round ends after the last one."""
        following = (seat + 1) % self.n
        if following == self._table.start:
            self._end_round()
        else:
            self.turn = following

    # --- chance outcomes -------------------------------------------------------------------------
    def _do_reveal_card(self, action: RevealCard) -> None:
        pending = self.pending
        assert type(pending) is RevealCardStep, pending
        slot = pending.slot
        table = self._edit_table()
        table.display = table.display[:slot] + (action[0],) + table.display[slot + 1 :]
        self._remove_from_deck(action[0])
        self.pending = None
        self._settle()

    def _do_reveal_tile(self, action: RevealTile) -> None:
        pending = self.pending
        assert type(pending) is RevealTileStep, pending
        stack = pending.stack
        table = self._edit_table()
        table.tops = table.tops[:stack] + (action[0],) + table.tops[stack + 1 :]
        table.tile_pool = without(table.tile_pool, action[0])
        self.pending = None
        self._settle()

    def _do_extra(self, action: DrawExtra) -> None:
        pending = self.pending
        assert type(pending) is ExtraStep, pending
        p = self._player(pending.owner)
        p.extras = p.extras + (action[0],)
        self._remove_from_deck(action[0])
        self.pending = None
        self._settle()

    def _remove_from_deck(self, card_id: str) -> None:
        table = self._edit_table()
        table.deck = without(table.deck, card_id)
        table.deck_size -= 1

    # --- forced steps ----------------------------------------------------------------------------
    def _finish(self) -> None:
        """Take the forced steps after a handler if nothing is pending, and find the actor."""
        if self.pending is None:
            self._settle()
        else:
            self._actor = self._find_actor()

    def _settle(self) -> None:
        """Take forced steps until a decision, a chance node or the end of the game; then
        record who acts."""
        while self.pending is None:
            phase = self.phase
            if phase == RESOLVE:
                if not self._resolve_step():
                    self._actor = self.turn
                    return
            elif phase == PLACE:
                break
            elif phase == FEED:
                self._feed_step()
            elif phase == REFILL:
                self._refill_step()
            else:
                break
        # ``_find_actor`` spelled out (a call saved: this ends most actions).
        pending = self.pending
        if self.phase == OVER:
            self._actor = TERMINAL
        elif type(pending) in CHANCE_STEPS:
            self._actor = CHANCE
        elif type(pending) is ItemsPickStep:
            self._actor = pending.picker
        else:
            self._actor = self.turn

    def _find_actor(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        pending = self.pending
        if pending is not None:
            if type(pending) in CHANCE_STEPS:
                return CHANCE
            if type(pending) is ItemsPickStep:
                return pending.picker
        return self.turn

    def _end_round(self) -> None:
        table = self._edit_table()
        table.score_log = table.score_log + (tuple(p.score for p in self.players),)
        told = self._events
        if told is not None:
            told.append(events.RoundEnded(table.round, table.score_log[-1]))
        if 0 in table.stack_sizes:
            self._end_game()
            return
        cards = [c for c in table.display if c is not None]
        if table.deck_size < NUM_CARD_SLOTS - len(cards):
            self._end_game()  # the display cannot be refilled: no new round begins
            return
        for seat, p in enumerate(self.players):
            if p.tools_used:
                self._player(seat).restore_tools()
        table.start = (table.start + 1) % self.n
        table.round += 1
        # Remaining cards slide right, toward the cheap slots (slot 0 costs 1).
        table.display = tuple(cards) + (None,) * (NUM_CARD_SLOTS - len(cards))
        self.phase = REFILL
        if told is not None:
            told.append(events.NewRound(table.round, table.start))

    def _end_game(self) -> None:
        """The game is over. A two-resources card still unused is taken now: the card gives its
        two resources "immediately or later", and an owner who bought it with the last figure
        of the last round has no later decision. Its owner is not asked which two: once the
        game is over every resource scores 1 and none counts in the tie-break, so gold is as
        good as any."""
        told = self._events
        for seat, p in enumerate(self.players):
            if p.two_res:
                owner = self._player(seat)
                if told is not None:
                    told.append(events.TwoResourcesCashed(seat, owner.two_res, 2 * owner.two_res))
                owner.add_resource(GOLD, 2 * owner.two_res)
                owner.two_res = 0
        self.phase = OVER
        if told is not None:
            told.append(recording.game_ended(self))

    def _refill_step(self) -> None:
        for slot, card in enumerate(self._table.display):
            if card is None:
                self.pending = _REVEAL_CARD[slot]
                return
        for stack, top in enumerate(self._table.tops):
            if top is None and self._table.stack_sizes[stack] > 0:
                self.pending = _REVEAL_TILE[stack]
                return
        self.phase = PLACE
        # Every row empty: the packed rows all zeros, the tuples built if read.
        self._rows = NO_ROWS
        self._placed = None
        self._spaces = 0
        self._board = new_board(self)
        first = self._first_placer()
        if first is None:  # nobody can place: the (empty) resolution phase follows
            self.phase = RESOLVE
            self.turn = self._table.start
        else:
            self.turn = first

    def _first_placer(self) -> int | None:
        """The first seat from the start player on that can place, its choices recorded as
        the legal actions; None when nobody can place."""
        n, start = self.n, self._table.start
        for step in range(n):
            candidate = (start + step) % n
            acts = self._placements(candidate)
            if acts:
                self._offer(acts, candidate)
                return candidate
        return None
