"""What a game state holds, with its types, and the readings that need nothing else.

The state is built in three layers, each a class the next one extends, so that every module
depends on the layer it uses and no module of the rules imports one above it:

``StateCore`` (here)
    Declares every slot of a state and its type, the read-only fields kept on the shared
    ``Table``, and the plain readings (whose turn, scores so far, the figures a seat has
    left). The helpers that only read a state (``explain``, ``scoring``, ``serial``) take a
    ``StateCore`` and import nothing above this module.
``Transitions`` (``transitions``)
    How each action changes a fresh copy of the state. It writes only the slots declared
    here, so mypy checks every read and write of the handlers against these types.
``GameState`` (``state``)
    The public interface: legal actions, ``apply`` (which copies the state and hands the copy
    to a handler), views, saving and loading, equality.

The slots are declared once, here, and the two subclasses add none, so an instance has the
same layout and the same copy cost as a single class; reading a slot through a subclass costs
nothing more (the slot descriptors are found through the type's attribute cache).
"""

from __future__ import annotations

from itertools import compress
from types import FunctionType
from typing import TYPE_CHECKING, Final

from mypy_extensions import i64, mypyc_attr

from .actions import Action, Place
from .data import NUM_SPACES
from .nodes import CHANCE, PLACE, TERMINAL, Pending, Phase
from .player import Player
from .table import Table

if TYPE_CHECKING:
    from .events import Event

# The rows of figures packed (see ``StateCore._rows``): native 64-bit ints compiled (the
# shifts and masks are then C operations, where an ``int`` is checked at each), plain ints as
# Python. At most 60 bits are used.
Rows = tuple[i64, i64, i64, i64, i64]


@mypyc_attr(acyclic=True)
class OpenResource:
    """A resource space still open to a seat not yet standing there (an entry of the board's
    ``resources``): the space, the room left there, by the figures a seat has left (0-10) its
    placements there (at most the room), and ``key_bit``, the space's bit in a seat's bits of
    spaces stood on (``StateCore._spaces``). The engine shares one per space and room.

    An object, not a pair: compiled, a pair of an int and a tuple is kept unpacked in C, so
    each entry copied into a new board's tuple was packed into a new pair again.
    """

    __slots__ = ("by_avail", "key_bit", "room", "space")

    space: int
    room: int
    by_avail: tuple[tuple[Place, ...], ...]
    key_bit: int

    def __init__(
        self, space: int, room: int, by_avail: tuple[tuple[Place, ...], ...], key_bit: int
    ) -> None:
        self.space = space
        self.room = room
        self.by_avail = by_avail
        self.key_bit = key_bit

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, OpenResource)
            and self.space == other.space
            and self.by_avail == other.by_avail
        )

    def __hash__(self) -> int:
        return hash((self.space, self.by_avail))

    def __repr__(self) -> str:
        return f"OpenResource({self.space}, up to {len(self.by_avail[-1])})"


@mypyc_attr(acyclic=True)
class Board:
    """The placement board (``StateCore._board``): what stands where this round and what is
    still open to every seat, kept until the next placement phase begins (see
    ``transitions``). A class of named fields: compiled, a C struct read and written by
    offset, as cheap as the tuple it replaced; as plain Python a slot read is as cheap as an
    index. ``transitions`` makes a new one at every placement and never changes one a state
    already holds (``board_for`` and ``new_board`` make the first of a phase), but for the
    occupants, counted and kept the first time they are read.

    No ``__init__``, as ``StateCore`` (made as ``Board()`` and each field written).
    """

    __slots__ = (
        "_occupants",
        "ended",
        "mask",
        "resources",
        "singles",
        "standing",
        "village",
        "village_small",
    )

    # The packed rows of figures (``StateCore._rows``) as they stood when the placement ended;
    # none before (see ``occupants``).
    ended: Rows
    # ``occupants`` once counted off ``ended``, or as a board read from the wire was sent; None
    # until read (the engine itself never reads them: the screens and the reasons do).
    _occupants: tuple[int, ...] | None
    # Per resource space, a bit per seat standing there (2-3 players only).
    mask: tuple[int, ...]
    # The open village spaces' placements, and the same without the hut (for a seat with one
    # figure left).
    village: tuple[Place, ...]
    village_small: tuple[Place, ...]
    # Per resource space open to a seat not yet standing there, its ``OpenResource``.
    resources: tuple[OpenResource, ...]
    # The placements on open card slots and building stacks.
    singles: tuple[Place, ...]
    # Per seat, the figures placed so far this round, four bits a seat (seat s in bits
    # 4s..4s+3; at most 10 figures): one int changed, where a tuple was rebuilt.
    standing: int

    @property
    def occupants(self) -> tuple[int, ...]:
        """Figures per space (all seats together) as they stood when the placement ended, or
        as a board read from the wire was sent. While figures are being placed the state
        counts them off its packed rows (``StateCore.occupants``), so that a placement changes
        one int; at its end only the rows are kept, and the figures per space are counted the
        first time they are read (random play and the bots' rollouts never read them)."""
        found = self._occupants
        if found is None:
            found = self._occupants = occupants_of(self.ended)
        return found

    def key(self) -> tuple[object, ...]:
        """Every field as a tuple, for comparing boards (the tests, the wire)."""
        return (
            self.occupants,
            self.mask,
            self.village,
            self.village_small,
            self.resources,
            self.singles,
            self.standing,
        )

    def __repr__(self) -> str:
        return f"Board{self.key()!r}"


# Every action since setup, oldest first, in a list shared along a line of play: a state's own
# actions are the first ``ply`` entries of its ``history``. ``apply`` appends the action to the
# list when the state is the newest of its line (the list holds exactly its ``ply`` actions)
# and only then, so an action is recorded without a new object per move; applying to an older
# state (a search trying another move, undo) starts a list of its own from the first ``ply``
# entries. Entries past a state's ``ply`` belong to its successors and are never read through
# it. See ``GameState.apply`` for two threads extending the same list.
History = list[Action]


@mypyc_attr(acyclic=True)
class StateCore:
    """The slots of a game state, their types and the readings that need nothing else (see
    the module docstring); ``GameState`` documents the public fields.

    No ``__init__``: a state is made as ``GameState()`` and every slot then written, one a line
    (``GameState.apply``). Compiled, that is a native allocation and native stores; run as plain
    Python, no Python frame is entered to build a state, as an ``__init__`` would (one a move).
    """

    # Spelled out (mypyc compiles a class whose slots are written in its body, not built at
    # run time); the compiled class has a fixed C layout of its own and ignores them.
    __slots__ = (
        "_actor",
        "_board",
        "_events",
        "_legal",
        "_owned",
        "_placed",
        "_rows",
        "_spaces",
        "_table",
        "history",
        "n",
        "pending",
        "phase",
        "players",
        "ply",
        "turn",
    )

    n: int
    phase: Phase
    turn: int
    _actor: int  # current_player(), set by the handler that finished the state
    players: tuple[Player, ...]
    # ``placed`` (the public rows of figures, see the property below) once built from
    # ``_rows``, None until then.
    _placed: tuple[tuple[int, ...], ...] | None
    # The figures of ``placed`` packed four bits a space, one int per seat for spaces 0-14 and
    # a fifth for space 15 of every seat (four bits a seat): the one way the engine keeps
    # them, on both paths. Compiled, a tuple of five ints is a plain C value: a placement or a
    # resolution changes one int where the rows were two tuples rebuilt item by item; as
    # plain Python a shift and a mask cost about what the tuples did.
    _rows: Rows
    pending: Pending | None
    ply: int
    history: History | None  # None in a seat's view
    _table: Table
    # The legal actions, found on demand or while finishing; always a list of the state's own
    # (``legal_actions`` hands out copies): compiled, ``apply``'s look-up in it is then a native
    # loop over a list, where a list-or-tuple would be walked by a Python iterator.
    _legal: list[Action] | None
    _owned: i64  # within an apply: the players (bits 0-3) and the table already copied
    _board: Board
    # Per seat, a bit per space where it has figures still to resolve, hut and field left out
    # (``transitions.RESOLVE_BIT``): an int key to the seat's choices in the resolution phase,
    # where hashing the row (a tuple of 16) cost more than anything else there.
    _spaces: i64
    # What the step being applied caused, in order (``events``): a list while
    # ``apply_with_events`` runs, which ``apply`` hands on to the state it makes and the
    # handlers append to; None otherwise (every state returned), so that a plain ``apply``
    # pays one test of this slot where something happens, and builds nothing.
    _events: list[Event] | None

    # The fields kept on the table, read-only here: plain properties (compiled, native
    # getters). The engine itself reads ``self._table.<field>``, a frame cheaper run as plain
    # Python; the bots and the screens read these.
    @property
    def seed(self) -> int | None:
        """The seed of the game (None in a seat's view)."""
        return self._table.seed

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (None for the full state)."""
        return self._table.viewer

    @property
    def round(self) -> int:
        """The round, from 1."""
        return self._table.round

    @property
    def start(self) -> int:
        """The start player of this round."""
        return self._table.start

    @property
    def score_log(self) -> tuple[tuple[int, ...], ...]:
        """The scores per seat at the end of each round."""
        return self._table.score_log

    @property
    def display(self) -> tuple[str | None, ...]:
        """Card id per display slot (slot 0 costs 1 resource), None where empty."""
        return self._table.display

    @property
    def deck(self) -> tuple[str, ...]:
        """The cards nobody has seen, sorted."""
        return self._table.deck

    @property
    def deck_size(self) -> int:
        """How many cards are left to draw."""
        return self._table.deck_size

    @property
    def tops(self) -> tuple[str | None, ...]:
        """Top building tile id per stack, None where not revealed or empty."""
        return self._table.tops

    @property
    def stack_sizes(self) -> tuple[int, ...]:
        """Tiles left per building stack (the top included)."""
        return self._table.stack_sizes

    @property
    def tile_pool(self) -> tuple[str, ...]:
        """The building tiles nobody has seen, sorted."""
        return self._table.tile_pool

    @property
    def placed(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the figures standing on each space (``placed[seat][space]``)."""
        # Built from the packed rows on first reading and kept (``_placed``).
        rows = self._placed
        if rows is None:
            rows = self._placed = unpacked_rows(self._rows, self.n)
        return rows

    @placed.setter
    def placed(self, rows: tuple[tuple[int, ...], ...]) -> None:
        self._placed = rows
        self._rows = packed_rows(rows)

    # The placement board: figures per space this round, and who stands on each resource
    # space; kept until the next placement phase begins.
    @property
    def occupants(self) -> tuple[int, ...]:
        """Figures standing on each space (all seats together)."""
        # While the figures are being placed they are counted off the packed rows
        # (``transitions`` sets the board's tuple once the placement ends).
        if self.phase == PLACE:
            return occupants_of(self._rows)
        return self._board.occupants

    @property
    def occupant_mask(self) -> tuple[int, ...]:
        """Per resource space, a bit per seat standing there (kept with 2-3 players only)."""
        return self._board.mask

    # --- readings ------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to decide (0..n-1), ``CHANCE`` or ``TERMINAL``."""
        return self._actor

    def is_terminal(self) -> bool:
        """True once the game has ended (final scoring is then available)."""
        return self._actor == TERMINAL

    def is_chance_node(self) -> bool:
        """True where the dice or a reveal decide the next step."""
        return self._actor == CHANCE

    def placing(self) -> bool:
        """True when a seat is to put figures on a space (``decision()`` is ``PlaceFigures``);
        a quick reading for the bots' hot loops, which ask it at every step of a rollout."""
        return self.pending is None and self.phase == PLACE

    def scores(self) -> list[int]:
        """Points so far per seat (the scoring track; final scoring adds the rest at the end)."""
        return [p.score for p in self.players]

    def available_people(self, seat: int) -> int:
        """Figures of ``seat`` not yet placed this round."""
        return self.players[seat].people - sum(self.placed[seat])

    def own_spaces(self, seat: int) -> list[int]:
        """Spaces where ``seat`` still has figures standing, in board order."""
        row = self.placed[seat]
        return list(compress(range(NUM_SPACES), row))

    def actions_taken(self) -> list[Action]:
        """Every action applied since setup, chance outcomes included (not kept in a view)."""
        if self.history is None:
            raise ValueError("a seat's view does not keep the game's history")
        return self.history[: self.ply]

    def last_action(self) -> Action | None:
        """The action that led here (None at setup and in a seat's view, which keeps no
        history)."""
        if self.history is None or self.ply == 0:
            return None
        return self.history[self.ply - 1]


# --- the rows of figures packed (see ``StateCore._rows``) --------------------------------
_LAST_SPACE: Final = NUM_SPACES - 1  # the one space kept in the fifth int
NO_ROWS: Final = (0, 0, 0, 0, 0)
_EMPTY_ROW: Final[tuple[int, ...]] = (0,) * NUM_SPACES
_ROW_SPACES: Final = tuple(range(NUM_SPACES))
# The shifts of spaces 0-14 in a seat's int (space 15 is in the fifth).
_ROW_SHIFTS: Final = tuple(space << 2 for space in range(_LAST_SPACE))


def row_bits(rows: Rows, seat: int) -> i64:
    """The packed figures of ``seat`` on spaces 0-14 (an int of ``rows`` picked by tests, as a
    tuple of C values can be indexed by a constant only)."""
    if seat == 0:
        return rows[0]
    if seat == 1:
        return rows[1]
    if seat == 2:
        return rows[2]
    return rows[3]


def count_in(rows: Rows, seat: int, space: int) -> int:
    """The figures of ``seat`` on ``space`` in packed ``rows``."""
    if space == _LAST_SPACE:
        return rows[4] >> (seat << 2) & 15
    shift: i64 = space << 2
    return row_bits(rows, seat) >> shift & 15


def with_count(rows: Rows, seat: int, space: int, count: int) -> Rows:
    """Packed ``rows`` with the figures of ``seat`` on ``space`` set to ``count`` (0-15)."""
    r0, r1, r2, r3, r4 = rows
    shift: i64
    value: i64 = count
    # The old count flipped to the new one by an exclusive or: a mask such as ``15 << shift``
    # is a constant mypyc writes with a C int literal, which overflows past 31 bits.
    if space == _LAST_SPACE:
        shift = seat << 2
        return (r0, r1, r2, r3, r4 ^ (r4 >> shift & 15 ^ value) << shift)
    shift = space << 2
    if seat == 0:
        r0 ^= (r0 >> shift & 15 ^ value) << shift
    elif seat == 1:
        r1 ^= (r1 >> shift & 15 ^ value) << shift
    elif seat == 2:
        r2 ^= (r2 >> shift & 15 ^ value) << shift
    else:
        r3 ^= (r3 >> shift & 15 ^ value) << shift
    return (r0, r1, r2, r3, r4)


def figures_on(rows: Rows, space: int) -> int:
    """Every seat's figures on ``space`` in packed ``rows``."""
    if space == _LAST_SPACE:
        last = rows[4]
        return (last & 15) + (last >> 4 & 15) + (last >> 8 & 15) + (last >> 12 & 15)
    shift: i64 = space << 2
    r0, r1, r2, r3, _ = rows
    return (r0 >> shift & 15) + (r1 >> shift & 15) + (r2 >> shift & 15) + (r3 >> shift & 15)


def occupants_of(rows: Rows) -> tuple[int, ...]:
    """The figures on each space in packed ``rows`` (all seats together)."""
    # ``figures_on`` spelled out (no call per space): this ends every placement phase.
    r0, r1, r2, r3, last = rows
    return tuple(
        (r0 >> shift & 15) + (r1 >> shift & 15) + (r2 >> shift & 15) + (r3 >> shift & 15)
        for shift in _ROW_SHIFTS
    ) + ((last & 15) + (last >> 4 & 15) + (last >> 8 & 15) + (last >> 12 & 15),)


def packed_rows(placed: tuple[tuple[int, ...], ...]) -> Rows:
    """``placed`` packed (every count is at most 15: the rules and the wire allow 10)."""
    rows = NO_ROWS
    for seat, row in enumerate(placed):
        for space in range(NUM_SPACES):
            if row[space]:
                rows = with_count(rows, seat, space, row[space])
    return rows


def unpacked_rows(rows: Rows, n: int) -> tuple[tuple[int, ...], ...]:
    """The rows of figures of ``n`` seats packed in ``rows``."""
    return tuple(_unpacked_row(rows, seat) for seat in range(n))


def _unpacked_row(rows: Rows, seat: int) -> tuple[int, ...]:
    bits = row_bits(rows, seat)
    last = rows[4] >> (seat << 2) & 15
    if not bits and not last:
        return _EMPTY_ROW
    # Kept by the seat's packed figures: the bots read ``placed`` on most of their steps, and
    # a row looked up is cheaper than one built (and the rows of a game recur).
    key = bits << 4 | last
    found = _ROWS_BY_KEY.get(key)
    if found is None:
        if len(_ROWS_BY_KEY) > 50_000:  # a bound on memory
            _ROWS_BY_KEY.clear()
        found = _ROWS_BY_KEY[key] = tuple(
            last if space == _LAST_SPACE else bits >> (space << 2) & 15 for space in _ROW_SPACES
        )
    return found


_ROWS_BY_KEY: Final[dict[int, tuple[int, ...]]] = {}


def compiled() -> bool:
    """True when this module runs compiled (by mypyc) rather than as plain Python."""
    # A compiled class's methods are native descriptors, not Python functions.
    return not isinstance(StateCore.current_player, FunctionType)
