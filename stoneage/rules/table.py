"""The slow-changing part of a game state: the display, the deck, the building stacks, the
round and start player, the scores per round, the seed and whose view this is.

These change a few times a round, while the rest of the state changes on every action, so a
``GameState`` keeps them in one ``Table`` that ``apply`` shares between states and copies only
when one of them changes (the same copy-on-write as a ``Player``).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

# The fields, in order (``key``; a state's read-only properties of the same names).
FIELDS: Final = (
    "seed",
    "viewer",
    "round",
    "start",
    "score_log",
    "display",
    "deck",
    "deck_size",
    "tops",
    "stack_sizes",
    "tile_pool",
)


@mypyc_attr(acyclic=True, free_list_len=1)
class Table:
    """Cards, tiles and round bookkeeping (see the module docstring)."""

    # Spelled out (mypyc compiles a class whose slots are written in its body, not built at
    # run time); the compiled class has a fixed C layout of its own and ignores them.
    __slots__ = (
        "deck",
        "deck_size",
        "display",
        "round",
        "score_log",
        "seed",
        "stack_sizes",
        "start",
        "tile_pool",
        "tops",
        "viewer",
    )

    seed: int | None
    viewer: int | None
    round: int
    start: int
    score_log: tuple[tuple[int, ...], ...]
    display: tuple[str | None, ...]
    deck: tuple[str, ...]
    deck_size: int
    tops: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    tile_pool: tuple[str, ...]

    def copy(self) -> Table:
        """A shallow copy (every field is immutable)."""
        # ``Table()`` and a write per field, one target per line (see ``Player.copy``): this
        # runs at every reveal and purchase.
        t = Table()
        t.seed = self.seed
        t.viewer = self.viewer
        t.round = self.round
        t.start = self.start
        t.score_log = self.score_log
        t.display = self.display
        t.deck = self.deck
        t.deck_size = self.deck_size
        t.tops = self.tops
        t.stack_sizes = self.stack_sizes
        t.tile_pool = self.tile_pool
        return t

    def key(self) -> tuple[object, ...]:
        """All fields as a tuple, for equality."""
        return tuple(getattr(self, name) for name in FIELDS)


# The bit of ``GameState._owned`` that says the state's table is already its own copy
# (bits 0-3 say the same of the players).
TABLE_BIT: Final = 1 << 8
