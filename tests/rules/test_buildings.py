"""Buildings: fixed, variable and flexible payments, points, and turning up the next tile."""

from __future__ import annotations

import pytest

from stoneage.rules import CHANCE, IllegalActionError

from .conftest import advance, legal_texts, placement_done, start, with_player


def building(tile: str, res: tuple[int, int, int, int], n: int = 4):
    """Seat 0, with one person, stands on building1 showing ``tile``; stop at its payment."""
    tops = [tile] + [t for t in ("B02", "B03", "B04") if t != tile][: n - 1]
    state = with_player(start(n, tops=tops), 0, people=1, res=res)
    return advance(state, placement_done, {0: ["place building1 1"]})


def payments(state) -> list[tuple[int, int, int, int]]:
    return [a.resources for a in state.legal_actions() if str(a).startswith("pay")]


def test_rulebook_example_3_stone_and_1_wood_score_18():
    state = building("V42", (1, 0, 3, 0))
    assert (1, 0, 3, 0) in payments(state)
    state = state.apply("pay 1wood,3stone")
    assert state.players[0].building_points == 18 and state.scores()[0] == 18
    assert state.players[0].buildings == ("V42",) and state.players[0].res == (0, 0, 0, 0)


def test_rulebook_example_fixed_building_2_wood_1_brick_scores_10():
    state = building("B01", (3, 1, 0, 0))
    assert payments(state) == [(2, 1, 0, 0)]
    assert state.apply("pay 2wood,1brick").scores()[0] == 10


def test_fixed_building_needs_exactly_its_cost():
    state = building("B16", (0, 1, 1, 0))  # brick, stone, gold: no gold
    assert state.turn == 1 and state.players[0].buildings == ()
    state = building("B16", (1, 1, 1, 1))
    with pytest.raises(
        IllegalActionError, match="this building costs exactly what is printed on it"
    ):
        state.apply("pay 1wood,1stone,1gold")


def test_variable_building_exactly_count_and_kinds():
    state = building("V53", (3, 3, 3, 3))
    found = payments(state)
    assert found and all(sum(p) == 5 and sum(1 for x in p if x) == 3 for p in found)
    with pytest.raises(
        IllegalActionError, match="exactly 5 resources of exactly 3 different kinds"
    ):
        state.apply("pay 2wood,2brick,1stone,1gold")
    assert state.apply("pay 1brick,1stone,3gold").scores()[0] == 4 + 5 + 18


def test_variable_building_with_one_kind():
    state = building("V41", (3, 0, 4, 0))
    assert payments(state) == [(0, 0, 4, 0)]


def test_flexible_building_takes_one_to_seven_of_any_kind():
    state = building("X2", (4, 0, 0, 4))
    found = payments(state)
    assert max(sum(p) for p in found) == 7 and min(sum(p) for p in found) == 1
    assert (4, 0, 0, 3) in found and (0, 0, 0, 1) in found
    assert (
        state.apply("pay 1wood,6gold" if (1, 0, 0, 6) in found else "pay 3wood,4gold").scores()[0]
        > 0
    )
    assert state.apply("pay 1gold").scores()[0] == 6


def test_paying_turns_up_the_next_tile_of_the_stack():
    state = building("B05", (1, 0, 2, 0)).apply("pay 1wood,2stone")
    assert state.current_player() == CHANCE and state.pending.as_tuple() == ("reveal_tile", 0)
    assert state.tops[0] is None and state.stack_sizes[0] == 6
    state = state.apply("tile X3")
    assert state.tops[0] == "X3" and "X3" not in state.tile_pool


def test_declining_a_building_leaves_it_on_top():
    state = building("B05", (1, 0, 2, 0)).apply("decline")
    assert state.tops[0] == "B05" and state.players[0].res == (1, 0, 2, 0)


def test_only_the_top_tile_can_be_taken_and_the_stacks_hold_seven():
    state = start(2, tops=("B01", "B02"))
    assert state.stack_sizes == (7, 7) and len(state.tile_pool) == 26
    assert "place building1 1" in legal_texts(state) and "place building3 1" not in legal_texts(
        state
    )
