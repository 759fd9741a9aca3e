"""Final scoring categories (the rulebook examples) and the winner with its tie-break."""

from __future__ import annotations

from stoneage.rules.scoring import green_set_points

from .conftest import start, with_player


def scoring(**player: object) -> dict[str, int]:
    return with_player(start(2), 0, **player).final_scoring()[0]


def test_rulebook_example_5_different_green_plus_1_duplicate_score_26():
    cards = ("G01", "G03", "G05", "G07", "G09", "G02")  # pottery twice
    assert scoring(cards=cards)["green_sets"] == 26


def test_green_sets_square_each_set_of_different_symbols():
    assert green_set_points([]) == 0
    assert green_set_points(["art"]) == 1
    every = ["pottery", "medicine", "writing", "time", "transport", "art", "weaving", "music"]
    assert green_set_points(every) == 64
    assert green_set_points(every + every) == 128
    assert green_set_points(["art", "art", "art"]) == 3


def test_rulebook_example_5_farmers_times_food_track_7_score_35():
    assert scoring(cards=("F04", "F05", "F01"), track=7)["farmers"] == 35


def test_tool_makers_multiply_the_tool_tile_value_but_not_one_use_cards():
    row = scoring(cards=("T03", "T04", "T01"), tools_free=(3, 2), tools_used=(2,), one_use=(4,))
    assert row["tool_makers"] == 5 * 7


def test_hut_builders_multiply_the_number_of_buildings():
    row = scoring(cards=("H05", "H01"), buildings=("B01", "B02", "V41"))
    assert row["hut_builders"] == 4 * 3


def test_shamans_multiply_the_number_of_people():
    assert scoring(cards=("S04", "S05", "S01"), people=8)["shamans"] == 5 * 8


def test_each_resource_left_scores_one_and_food_scores_nothing():
    row = scoring(res=(3, 2, 1, 4), food=30)
    assert row["resources"] == 10


def test_extra_cards_score_their_bottom_only_for_their_owner():
    row = scoring(cards=("G01",), extras=("G03", "S05"), people=6)
    assert row["green_sets"] == 4 and row["shamans"] == 12


def test_total_adds_every_category():
    row = scoring(
        cards=("G15", "F01"),
        card_points=3,
        building_points=25,
        penalties=1,
        track=4,
        res=(1, 0, 0, 0),
    )
    assert row == {
        "buildings": 25,
        "card_points": 3,
        "green_sets": 1,
        "farmers": 4,
        "tool_makers": 0,
        "hut_builders": 0,
        "shamans": 0,
        "resources": 1,
        "feeding_penalties": -10,
        "total": 24,
    }


def test_winner_has_the_highest_total():
    state = with_player(start(3), 1, building_points=20)
    assert state.winners() == [1]


def test_tie_break_on_food_track_plus_tools_plus_people():
    state = with_player(start(3), 0, building_points=20, track=2)
    state = with_player(state, 2, building_points=20, tools_free=(2, 1))
    # Seat 0: track 2 + tools 0 + people 5 = 7; seat 2: 0 + 3 + 5 = 8.
    assert state.winners() == [2]


def test_still_tied_is_a_shared_win():
    state = with_player(start(3), 0, building_points=20, track=2)
    state = with_player(state, 2, building_points=20, tools_free=(1, 1))
    assert state.winners() == [0, 2]
