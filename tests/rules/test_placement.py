"""Placement: capacities, the 2- and 3-player restrictions, skipping, and every rejection."""

from __future__ import annotations

import pytest

from stoneage.rules import IllegalActionError, Place

from .conftest import advance, legal_texts, play, start, with_player


def rejects(state, text: str, reason: str) -> None:
    """``text`` is illegal in ``state`` with ``reason`` in the message; ``state`` is unchanged."""
    before = state._key()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(text)
    assert reason in str(caught.value)
    assert text in str(caught.value) and f"seat {state.current_player()}" in str(caught.value)
    assert state._key() == before


def test_start_player_places_first_then_clockwise(four):
    assert four.current_player() == 0 and four.phase == "place"
    assert play(four, "place hunt 2").current_player() == 1
    assert play(four, "place hunt 2", "place forest 1", "place quarry 1").current_player() == 3


def test_tool_maker_and_field_take_exactly_one_figure(four):
    rejects(four, "place toolmaker 2", "the toolmaker takes exactly 1 figure")
    rejects(four, "place field 2", "the field takes exactly 1 figure")
    state = play(four, "place toolmaker 1")
    rejects(state, "place toolmaker 1", "the toolmaker is full")


def test_hut_takes_exactly_two_figures_of_one_player(four):
    rejects(four, "place hut 1", "the hut takes exactly 2 figures of one player")
    rejects(four, "place hut 3", "the hut takes exactly 2 figures of one player")
    state = play(four, "place hut 2")
    rejects(state, "place hut 2", "the hut is full")


def test_hut_needs_two_unplaced_figures(four):
    state = play(four, "place hunt 1", "place hunt 1", "place hunt 1", "place hunt 1")
    state = play(state, "place forest 3")  # seat 0 keeps 1 figure
    state = advance(state, lambda s: s.current_player() == 0)
    assert "place hut 2" not in legal_texts(state)
    rejects(state, "place hut 2", "only 1 figures are left to place")


def test_hunting_grounds_are_unlimited_but_once_per_round():
    state = with_player(start(2), 0, people=10)
    state = play(state, "place hunt 4", "place hunt 5")
    rejects(state, "place hunt 1", "this seat already placed on the hunt this round")


def test_never_a_second_placement_on_the_same_space(four):
    state = play(four, "place forest 4", "place hunt 1", "place hunt 1", "place hunt 1")
    rejects(state, "place forest 1", "this seat already placed on the forest this round")


def test_resource_space_holds_seven_figures(four):
    state = play(four, "place forest 5", "place forest 2")
    rejects(state, "place forest 1", "the forest is full (7 figures)")
    state = play(four, "place quarry 5")
    rejects(state, "place quarry 3", "the quarry has room for only 2 more figures")


def test_one_figure_per_card_and_building_stack(four):
    rejects(four, "place card2 2", "a card or a building takes exactly one figure")
    state = play(four, "place card2 1", "place building1 1")
    rejects(state, "place card2 1", "the card2 is already taken")
    rejects(state, "place building1 1", "the building1 is already taken")


def test_only_stacks_in_play_can_be_chosen():
    rejects(start(2), "place building3 1", "this building stack is not in play or is empty")


@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_players_use_only_two_of_the_village_spaces(n):
    state = play(start(n), "place toolmaker 1", "place field 1")
    assert not any(str(a).startswith("place hut") for a in state.legal_actions())
    rejects(
        state,
        "place hut 2",
        f"with {n} players only 2 of tool maker, hut and field may be used each round",
    )


def test_four_players_use_all_three_village_spaces(four):
    state = play(four, "place toolmaker 1", "place field 1")
    assert "place hut 2" in legal_texts(state)


def test_two_players_one_player_per_resource_space():
    state = play(start(2), "place forest 2")
    rejects(state, "place forest 1", "with 2 players only one player may use the forest each round")


def test_three_players_two_players_per_resource_space():
    state = play(start(3), "place forest 2", "place forest 2")
    rejects(
        state, "place forest 1", "with 3 players at most two players may use the forest each round"
    )


def test_hunting_grounds_are_not_restricted_with_two_players():
    state = play(start(2), "place hunt 2")
    assert "place hunt 1" in legal_texts(state)


def test_no_pass_action_exists_while_a_space_is_free(four):
    assert all(isinstance(a, Place) for a in four.legal_actions())


def test_a_seat_without_a_legal_space_is_skipped():
    state = start(4)
    for seat in (1, 2, 3):
        state = with_player(state, seat, people=10)
    state = play(
        state,
        "place hunt 1",
        "place river 7",
        "place field 1",
        "place building2 1",
        "place forest 1",
        "place toolmaker 1",
        "place card3 1",
        "place building3 1",
        "place claypit 1",
        "place card1 1",
        "place card4 1",
        "place building4 1",
        "place quarry 1",
        "place card2 1",
        "place building1 1",
        "place hunt 1",
    )
    # Seat 0 has 1 figure but only the hut (2 figures) is open to it; seat 1 has none left.
    assert state.available_people(0) == 1 and state.available_people(1) == 0
    assert state.phase == "place" and state.current_player() == 2
    assert legal_texts(state)[0] == "place hut 2"


def test_placement_ends_when_nobody_can_place(four):
    state = play(four, "place hunt 5", "place forest 5", "place claypit 5", "place quarry 5")
    assert state.phase == "resolve"


def test_placing_more_figures_than_available_is_rejected(four):
    rejects(four, "place hunt 6", "only 5 figures are left to place")
