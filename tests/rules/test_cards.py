"""Civilization cards: slot costs, paying or declining, and every kind of immediate effect."""

from __future__ import annotations

import pytest

from stoneage.rules import CHANCE, ActionTextError, IllegalActionError

from .conftest import advance, legal_texts, placement_done, play, start, with_player

OTHERS = ("H04", "F05", "T04", "F04")  # cards no test below buys


def buying(card: str, slot: int = 1, n: int = 4, **player: object):
    """Seat 0, with one person, stands on the card ``card`` in ``card{slot}``; stop at its payment."""
    display = list(OTHERS)
    display[slot - 1] = card
    fields = {"people": 1, "res": (2, 2, 2, 2)} | player
    state = with_player(start(n, display=display), 0, **fields)
    return advance(state, placement_done, {0: [f"place card{slot} 1"]})


@pytest.mark.parametrize("slot", [1, 2, 3, 4])
def test_a_card_costs_its_slot_number_of_resources_of_any_kind(slot):
    state = buying("G13", slot)
    payments = [a for a in legal_texts(state) if a.startswith("pay ")]
    assert payments and all(
        sum(a.resources) == slot for a in state.legal_actions() if str(a).startswith("pay")
    )
    assert legal_texts(state)[-1] == "decline"
    state = state.apply(payments[0])
    assert sum(state.players[0].res) == 8 - slot and state.players[0].cards == ("G13",)
    assert state.display[slot - 1] is None


def test_a_card_cannot_be_paid_with_food_or_with_too_few_resources():
    state = buying("G13", 3)
    with pytest.raises(IllegalActionError, match="this card costs exactly 3 resources"):
        state.apply("pay 2wood")
    with pytest.raises(ActionTextError, match="cannot read this as an action"):
        state.apply("pay 3food")


def test_a_seat_without_resources_just_takes_its_figure_back():
    state = buying("G13", 2, res=(0, 0, 0, 1))
    assert state.turn == 1 and state.players[0].cards == ()
    assert state.display[1] == "G13" and state.players[0].res == (0, 0, 0, 1)


def test_declining_leaves_the_card_and_the_resources():
    state = buying("G13", 4).apply("decline")
    assert state.display[3] == "G13" and state.players[0].res == (2, 2, 2, 2)
    assert state.players[0].cards == ()


@pytest.mark.parametrize(
    "card,field,expected",
    [
        ("G01", "food", 12 + 7),
        ("G14", "food", 12 + 1),
        ("H03", "food", 12 + 2),
        ("G09", "res", (1, 2, 4, 2)),
        ("S02", "res", (1, 2, 2, 3)),
        ("S04", "res", (1, 3, 2, 2)),
        ("G07", "track", 1),
        ("F02", "track", 1),
        ("G15", "card_points", 3),
        ("H05", "card_points", 3),
        ("G11", "tools_free", (1,)),
        ("T01", "one_use", (4,)),
        ("T02", "one_use", (3,)),
        ("T03", "one_use", (2,)),
        ("G04", "two_res", 1),
    ],
)
def test_immediate_effects(card, field, expected):
    state = buying(card, 1).apply("pay 1wood")
    assert getattr(state.players[0], field) == expected


def test_points_card_moves_the_score_marker_at_once():
    state = buying("G16", 1).apply("pay 1wood")
    assert state.scores()[0] == 3


def test_two_resources_card_can_be_used_at_once_or_later():
    state = buying("G04", 1).apply("pay 1wood")
    assert state.players[0].two_res == 1
    # Seat 0's figures are all used; its next decision comes in a later round.
    later = advance(state, lambda s: s.current_player() == 0 and s.phase == "place")
    assert "taketwo gold,gold" in legal_texts(later)
    used = later.apply("taketwo wood,gold")
    assert used.players[0].two_res == 0
    assert used.players[0].res[0] == later.players[0].res[0] + 1
    assert used.players[0].res[3] == later.players[0].res[3] + 1
    assert used.current_player() == 0  # using the card is not a placement
    with pytest.raises(IllegalActionError, match="no unused two-resources card"):
        used.apply("taketwo wood,wood")


def test_resource_card_with_two_dice_rolls_and_accepts_tools():
    state = buying("S05", 1, tools_free=(2,)).apply("pay 1brick")
    assert state.current_player() == CHANCE and state.pending.as_tuple() == (
        "roll",
        4,
        2,
        True,
    )  # the card's dice
    state = state.apply("roll 7")
    assert legal_texts(state) == ["tools none", "tools 2"]
    assert state.apply("tools 2").players[0].res == (2 + 3, 1, 2, 2)


def test_gold_with_two_dice():
    state = buying("G12", 1).apply("pay 1wood").apply("roll 12")
    assert state.players[0].res == (1, 2, 2, 4)


def test_extra_card_is_drawn_face_down_for_its_owner_only():
    state = buying("G05", 1).apply("pay 1wood")
    assert state.current_player() == CHANCE and state.pending.as_tuple() == ("extra", 0)
    deck_size = state.deck_size
    state = state.apply("extra T05")
    assert state.players[0].extras == ("T05",) and state.deck_size == deck_size - 1
    assert "T05" not in state.deck
    assert state.view(0).players[0].extras == ("T05",)
    other = state.view(1)
    assert other.players[0].extras == ("?",) and "T05" in other.deck
    assert other.deck_size == state.deck_size
    # The extra card's top is never used: only its bottom scores.
    assert state.players[0].tools_free == ()
    assert state.final_scoring()[0]["tool_makers"] == 0


def test_dice_for_items_every_player_picks_one_die_buyer_first():
    state = buying("G02", 1, n=4).apply("pay 1wood")
    assert state.current_player() == CHANCE and len(state.legal_actions()) == 126  # 4 dice
    state = state.apply("items 1,2,5,6")
    assert state.current_player() == 0
    assert legal_texts(state) == ["pick 1", "pick 2", "pick 5", "pick 6"]
    state = state.apply("pick 5")  # seat 0: a tool
    assert state.current_player() == 1
    state = state.apply("pick 6")  # seat 1: +1 food production
    assert state.current_player() == 2
    state = state.apply("pick 1")  # seat 2: wood; seat 3 gets the last die (brick)
    players = state.players
    assert players[0].tools_free == (1,) and players[1].track == 1
    assert players[2].res == (1, 0, 0, 0) and players[3].res == (0, 1, 0, 0)


def test_dice_for_items_faces_3_and_4_give_stone_and_gold_and_tools_never_change_them():
    state = buying("F03", 1, n=2, tools_free=(2, 2)).apply("pay 1wood").apply("items 3,4")
    assert legal_texts(state) == ["pick 3", "pick 4"]
    state = state.apply("pick 3")
    assert state.players[0].res == (1, 2, 3, 2) and state.players[1].res == (0, 0, 0, 1)


def test_dice_for_items_roll_has_one_die_per_player():
    for n, outcomes in ((2, 21), (3, 56)):
        state = buying("H02", 1, n=n).apply("pay 1wood")
        assert len(state.chance_outcomes()) == outcomes
        assert sum(p for _, p in state.chance_outcomes()) == 1


def test_a_new_tool_from_a_card_can_be_used_the_same_round():
    display = ["G11", "F02", "H01", "S01"]
    state = with_player(start(4, display=display), 0, people=3, res=(1, 0, 0, 0))
    state = advance(state, placement_done, {0: ["place card1 1", "place forest 2"]})
    state = play(state, "resolve card1", "pay 1wood", "roll 8")
    assert legal_texts(state) == ["tools none", "tools 1"]
