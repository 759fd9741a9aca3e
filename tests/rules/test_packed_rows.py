"""The compiled engine's packed rows of figures (``core.Rows``): every seat and every space,
counts up to 15, against plain lists. Run on both paths (``tests/test_compiled.py`` runs the
rules' tests compiled, where the rows are 64-bit C ints: a mask written as a C int literal
once cleared the high spaces of a row)."""

from __future__ import annotations

import random

from stoneage.rules import core
from stoneage.rules.data import NUM_SPACES


def test_packed_rows_agree_with_plain_lists_at_every_bit() -> None:
    rng = random.Random(34)
    rows = core.NO_ROWS
    plain = [[0] * NUM_SPACES for _ in range(4)]
    # Every seat and space set to every count once, then random changes on top.
    steps = [(seat, space, count) for seat in range(4) for space in range(16) for count in (15, 9)]
    steps += [(rng.randrange(4), rng.randrange(16), rng.randrange(16)) for _ in range(3000)]
    for seat, space, count in steps:
        rows = core.with_count(rows, seat, space, count)
        plain[seat][space] = count
        assert core.count_in(rows, seat, space) == count
        assert core.figures_on(rows, space) == sum(row[space] for row in plain)
    assert all(
        core.count_in(rows, seat, space) == plain[seat][space]
        for seat in range(4)
        for space in range(NUM_SPACES)
    )
    assert core.occupants_of(rows) == tuple(map(sum, zip(*plain)))
    assert core.unpacked_rows(rows, 4) == tuple(tuple(row) for row in plain)
    assert core.packed_rows(tuple(tuple(row) for row in plain)) == rows
