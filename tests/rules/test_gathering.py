"""The rulebook's hunting and resource examples, and how tools are chosen after the roll."""

from __future__ import annotations

import pytest

from stoneage.rules import CHANCE, IllegalActionError

from .conftest import advance, legal_texts, placement_done, play, start, with_player


def roll_for_seat0(space: str, figures: int, n: int = 2, **player: object):
    """Seat 0 puts ``figures`` on ``space``; everyone else hunts; stop at seat 0's roll."""
    state = with_player(start(n), 0, people=figures, **player)
    state = advance(state, placement_done, {0: [f"place {space} {figures}"]})
    assert state.current_player() == CHANCE and state.pending.kind == "roll"
    return state


def test_hunting_14_with_seven_dice_gives_7_food():
    state = roll_for_seat0("hunt", 7)
    assert state.pending.as_tuple() == ("roll", 3, 7, False)
    state = state.apply("roll 14")
    assert state.players[0].food == 12 + 7


def test_hunting_11_plus_a_value_1_tool_gives_6_food():
    state = roll_for_seat0("hunt", 3, tools_free=(1,)).apply("roll 11")
    assert legal_texts(state) == ["tools none", "tools 1"]
    state = state.apply("tools 1")
    assert state.players[0].food == 12 + 6
    assert state.players[0].tools_used == (1,) and state.players[0].tools_free == ()


def test_hunting_4_plus_two_value_1_tools_gives_3_food():
    state = roll_for_seat0("hunt", 2, tools_free=(1, 1)).apply("roll 4")
    # One tool alone (5 pips) gives no more food than none, so it is not offered.
    assert legal_texts(state) == ["tools none", "tools 1+1"]
    assert state.apply("tools 1+1").players[0].food == 12 + 3


def test_river_5_gives_no_gold_when_the_tools_are_used_up():
    state = roll_for_seat0("river", 2, tools_used=(1, 1)).apply("roll 5")
    assert state.players[0].res[3] == 0
    assert state.pending is None or state.pending.kind != "tools"


def test_river_7_plus_three_value_2_tools_gives_2_gold():
    state = roll_for_seat0("river", 3, tools_free=(2, 2, 2)).apply("roll 7")
    assert legal_texts(state) == ["tools none", "tools 2+2+2"]
    state = state.apply("tools 2+2+2")
    assert state.players[0].res == (0, 0, 0, 2)
    assert state.players[0].tools_used == (2, 2, 2)


@pytest.mark.parametrize(
    "space,index,divisor", [("forest", 0, 3), ("claypit", 1, 4), ("quarry", 2, 5), ("river", 3, 6)]
)
def test_each_resource_space_yields_one_unit_per_full_divisor(space, index, divisor):
    state = roll_for_seat0(space, 4).apply(f"roll {divisor * 3 + divisor - 1}")
    assert state.players[0].res[index] == 3


def test_tools_are_chosen_after_the_roll_and_never_when_they_cannot_help():
    state = roll_for_seat0("forest", 2, tools_free=(1,))
    # 6 pips: a value-1 tool makes 7, still 2 wood, so nothing is asked.
    after = state.apply("roll 6")
    assert after.players[0].res[0] == 2 and after.players[0].tools_free == (1,)
    # 8 pips: the tool makes 9 = 3 wood, so the seat is asked.
    asked = state.apply("roll 8")
    assert legal_texts(asked) == ["tools none", "tools 1"]


def test_one_use_tool_card_adds_once_and_is_spent():
    before = roll_for_seat0("quarry", 2, tools_free=(1,), one_use=(4,))
    # 5 pips: only tile and card together reach 10.
    assert legal_texts(before.apply("roll 5")) == ["tools none", "tools 1 cards 4"]
    # 6 pips: the card alone reaches 10; adding the tile too would waste it.
    state = before.apply("roll 6")
    assert legal_texts(state) == ["tools none", "tools - cards 4"]
    state = state.apply("tools - cards 4")
    assert state.players[0].res[2] == 2
    assert state.players[0].one_use == () and state.players[0].tools_free == (1,)


def test_a_used_tool_is_not_offered_again_the_same_round():
    state = roll_for_seat0("forest", 2, tools_free=(), tools_used=(3,)).apply("roll 5")
    assert state.players[0].res[0] == 1  # nothing to ask: the only tool is used


def test_tool_choice_rejects_tools_the_seat_does_not_have():
    state = roll_for_seat0("hunt", 3, tools_free=(1,)).apply("roll 11")
    with pytest.raises(IllegalActionError, match="these tools are not available"):
        state.apply("tools 4")
    with pytest.raises(IllegalActionError, match="this does not fit the current step"):
        state.apply("decline")


def test_resolution_order_is_the_players_choice_and_a_tool_gained_first_can_be_used():
    state = with_player(start(4), 0, tools_free=(1, 1, 1))
    state = advance(state, placement_done, {0: ["place toolmaker 1", "place forest 4"]})
    assert legal_texts(state) == ["resolve toolmaker", "resolve forest"]
    state = state.apply("resolve toolmaker")  # a value-1 tile turns to 2, unused
    assert state.players[0].tools_free == (2, 1, 1)
    state = state.apply("roll 13")
    assert "tools 2" in legal_texts(state)
    assert state.apply("tools 2").players[0].res[0] == 5


def test_rolls_without_any_tool_to_add_are_made_in_board_order_without_asking():
    state = advance(
        start(2), placement_done, {0: ["place forest 2", "place hunt 3"], 1: ["place claypit 2"]}
    )
    assert state.current_player() == CHANCE and state.pending.as_tuple() == (
        "roll",
        3,
        3,
        False,
    )  # the hunt first


def test_the_start_player_resolves_everything_before_the_next_seat():
    state = with_player(start(2), 0, tools_free=(1,))
    state = advance(
        state, placement_done, {0: ["place forest 2", "place hunt 3"], 1: ["place claypit 2"]}
    )
    assert legal_texts(state) == ["resolve hunt", "resolve forest"]
    state = play(state, "resolve forest", "roll 3")  # 1 wood; the tool would not help
    assert state.turn == 0 and state.pending.kind == "roll"  # the hunt is seat 0's only space left
    state = state.apply("roll 4")
    assert state.turn == 1
