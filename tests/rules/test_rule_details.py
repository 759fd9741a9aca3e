"""Rule details checked by an audit of the rules engine against the specification
(shared/rules-notes.md, the English rulebook seeds/002_2cb33faa32befb57.txt and manifest.yaml).

The first section holds the one discrepancy the audit found (a two-resources card bought in the
last round could never be used); the second covers rules the other tests did not check yet.
"""

from __future__ import annotations

import pytest

from stoneage.rules import CHANCE

from .conftest import (
    advance,
    legal_texts,
    placement_done,
    play,
    start,
    two_resources_card_bought_in_the_last_round,
    with_player,
    with_table,
)


# --- the two-resources card at the end of the game -----------------------------------------------
def test_two_resources_card_bought_in_the_last_round_is_taken_when_the_game_ends():
    # rules-notes.md: "Two resources of choice: usable once, at once or later in the game (also
    # during feeding)." Rulebook (002_, information sheet): "The player can once, immediately or
    # later, take 2 resources of his choice". Here seat 0 buys the card with its last figure in the
    # last round (seat 1 takes the last tile of a building stack) and has no later decision: the
    # card's two resources are taken as the game ends, and score their point each.
    state = two_resources_card_bought_in_the_last_round()
    assert state.players[0].two_res == 1
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    assert state.players[0].two_res == 0 and sum(state.players[0].res) == 2
    assert state.final_scoring()[0]["resources"] == 2


def test_an_unused_two_resources_card_is_taken_when_the_deck_ends_the_game():
    # The other end: the display cannot be refilled, so no new round (and no decision) begins.
    state = start(2, display=("G04", "F02", "H01", "S01"))
    state = with_player(state, 0, people=1, res=(1, 0, 0, 0))
    state = with_player(state, 1, people=1)
    state = with_table(state, deck=(), deck_size=0)
    state = play(state, "place card1 1", "place hunt 1", "pay 1wood")
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    assert state.players[0].two_res == 0 and state.players[0].res == (0, 0, 0, 2)


# --- coverage of rules the existing tests did not check -------------------------------------------
@pytest.mark.parametrize(
    "before,after",
    [
        ((), (1,)),
        ((1,), (1, 1)),
        ((1, 1), (1, 1, 1)),  # tools 1-3: a new value-1 tile
        ((1, 1, 1), (2, 1, 1)),
        ((2, 2, 1), (2, 2, 2)),  # tools 4-6: flip a 1 to 2
        ((2, 2, 2), (3, 2, 2)),
        ((3, 3, 2), (3, 3, 3)),  # tools 7-9: replace a 2 with a 3
        ((3, 3, 3), (4, 3, 3)),
        ((4, 4, 3), (4, 4, 4)),  # tools 10-12: flip a 3 to 4
        ((4, 4, 4), (4, 4, 4)),  # max total 12
    ],
)
def test_tool_maker_follows_the_tool_table_up_to_twelve(before, after):
    # rules-notes.md: "Tools: up to 3 tiles. Tools 1-3: new value-1 tile each; 4-6: flip a 1 to 2;
    # 7-9: replace a 2 with a 3; 10-12: flip a 3 to 4. Max total 12."
    state = with_player(start(4), 0, people=1, tools_free=before)
    state = advance(state, placement_done, {0: ["place toolmaker 1"]})
    assert state.players[0].tools_free == after and state.players[0].tools_used == ()


def test_village_spaces_at_their_maximum_can_still_be_used_and_yield_nothing():
    # rules-notes.md: "A player at max people / max food track / tool value 12 may still place
    # there; the action just yields nothing."
    state = with_player(start(4), 0, people=10, track=10, tools_free=(4, 4, 4), food=30)
    assert {"place hut 2", "place field 1", "place toolmaker 1"} <= set(legal_texts(state))
    state = advance(
        state,
        lambda s: s.round == 2,
        {0: ["place hut 2", "place field 1", "place toolmaker 1", "place hunt 6"]},
    )
    p = state.players[0]
    assert (p.people, p.track, p.tools_free) == (10, 10, (4, 4, 4))


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize(
    "first,second,closed",
    [
        ("place hut 2", "place field 1", "toolmaker"),
        ("place toolmaker 1", "place hut 2", "field"),
    ],
)
def test_any_two_village_spaces_close_the_third_with_two_or_three_players(n, first, second, closed):
    # English rulebook (002_, "Changes for 3 or 2 players"): "only 2 of the 3 places: tool maker,
    # hut, and field may be filled in each round ... the empty place can be different in each round."
    state = play(start(n), first, second)
    assert not any(text.startswith(f"place {closed}") for text in legal_texts(state))


def test_dice_for_items_pick_order_goes_clockwise_from_a_buyer_who_is_not_the_start_player():
    # rules-notes.md: "the buyer picks one die first, then each other player clockwise picks one.
    # Every player takes exactly one."
    state = with_player(
        start(3, display=("G02", "F02", "H01", "S01")), 2, people=1, res=(1, 0, 0, 0)
    )
    state = advance(
        state, placement_done, {0: ["place hunt 5"], 1: ["place hunt 5"], 2: ["place card1 1"]}
    )
    state = play(state, "roll 10", "roll 10", "pay 1wood", "items 1,2,3")
    assert state.current_player() == 2
    state = state.apply("pick 3")  # the buyer (seat 2) first
    assert state.current_player() == 0  # then clockwise: seat 0, then seat 1
    state = state.apply("pick 1")  # seat 1 gets the last die
    assert [p.res for p in state.players] == [(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)]


def test_one_use_tool_card_can_be_added_to_a_two_dice_card():
    # rules-notes.md: one-use tool cards "may be added once to any roll where tools apply"; tools
    # apply to "the 'resource with 2 dice' cards".
    state = with_player(
        start(4, display=("S05", "F02", "H01", "S01")), 0, people=1, res=(1, 0, 0, 0), one_use=(3,)
    )
    state = advance(state, placement_done, {0: ["place card1 1"]})
    state = play(state, "pay 1wood", "roll 4")
    assert legal_texts(state) == ["tools none", "tools - cards 3"]
    state = state.apply("tools - cards 3")
    assert state.players[0].res[0] == 2 and state.players[0].one_use == ()


def test_game_ends_when_the_deck_has_fewer_cards_than_empty_slots():
    # rules-notes.md: "If the deck cannot fill all empty slots, the game ends immediately (no new
    # round)." Two slots are empty, one card is left.
    state = with_player(start(2), 0, people=2, res=(3, 0, 0, 0))
    state = with_table(state, deck=("G13",), deck_size=1)
    state = advance(state, placement_done, {0: ["place card1 1", "place card2 1"]})
    state = advance(
        state,
        lambda s: s.is_terminal() or s.round == 2,
        {0: ["resolve card1", "pay 1wood", "pay 2wood"]},
    )
    assert state.is_terminal() and state.round == 1


def test_the_extra_card_is_the_top_of_the_deck_and_can_end_the_game():
    # rules-notes.md: "Extra card: the top card of the deck, seen only by its owner; only its
    # bottom scores." and "If the deck cannot fill all empty slots, the game ends immediately".
    state = with_player(
        start(2, display=("G05", "F02", "H01", "S01")), 0, people=1, res=(1, 0, 0, 0)
    )
    state = with_table(state, deck=("G13",), deck_size=1)
    state = advance(state, placement_done, {0: ["place card1 1"]})
    state = state.apply("pay 1wood")
    assert state.current_player() == CHANCE and legal_texts(state) == ["extra G13"]
    state = advance(state.apply("extra G13"), lambda s: s.is_terminal() or s.round == 2)
    assert state.is_terminal() and state.players[0].extras == ("G13",)
    assert state.final_scoring()[0]["green_sets"] == 4  # writing (G05) + weaving (G13): 2 x 2
    assert state.players[0].food == 12 - 1  # the extra card's top (3 food) is not used
