"""The table's short log: every paragraph of a step in the box, the move itself in the status
bar (a round's feeding, told after the last move, is read in the box)."""

from __future__ import annotations

import random

from stoneage.play.match import replay_steps
from stoneage.play.seats import default_seats
from stoneage.play.story import tell
from stoneage.rules import new_game
from stoneage.scenes.table.telling.table_log import TableLog


def test_status_line_is_the_moves_own_line_and_the_box_has_every_paragraph():
    rng = random.Random(5)
    state = new_game(4, seed=5)
    while state.round < 3 and not state.is_terminal():
        state = state.apply(rng.choice(state.legal_actions()))
    seats = default_seats()[:4]
    names = [seat.name for seat in seats]
    steps = replay_steps(state)
    several = [step for step in steps if len(tell(step).paragraphs(names)) > 1]
    assert several, "no step told in more than one paragraph in two rounds"
    log = TableLog()
    log.add(tell(several[-1]), seats)
    paragraphs = tell(several[-1]).paragraphs(names)
    assert list(log.lines) == paragraphs
    assert log.last == paragraphs[0] != log.lines[-1]
    log.add(tell(steps[-1]), seats)
    assert log.last == tell(steps[-1]).paragraphs(names)[0]
