"""End of a round: start player, tools, sliding and refilling the display, and game end."""

from __future__ import annotations

from stoneage.rules import CHANCE, TERMINAL

from .conftest import advance, legal_texts, start, with_player, with_table


def next_round(state, plans=None):
    """Play on (defaults) until the next round's first reveal or placement."""
    target = state.round + 1
    return advance(state, lambda s: s.round == target or s.is_terminal(), plans)


def test_rulebook_refill_example_cards_slide_right_and_refill_right_to_left():
    # Cards 1st..4th from the right: A=F01 (cost 1), B=F02, C=H01, D=S01 (cost 4).
    state = with_player(start(4), 0, people=2, res=(3, 2, 0, 0))
    state = advance(state, lambda s: s.phase != "place", {0: ["place card2 1", "place card3 1"]})
    state = advance(
        state,
        lambda s: s.phase != "resolve" or s.turn != 0,
        {0: ["resolve card2", "pay 2wood", "pay 1wood,2brick"]},
    )
    assert state.display == ("F01", None, None, "S01")
    state = next_round(state)
    # The 1st card stays, the 4th moves to the 2nd space; the 3rd and 4th are drawn in that order.
    assert state.display[:2] == ("F01", "S01") and state.display[2:] == (None, None)
    assert state.current_player() == CHANCE and state.pending.as_tuple() == ("reveal_card", 2)
    state = state.apply("card G01")
    assert state.pending.as_tuple() == ("reveal_card", 3)
    state = state.apply("card G02")
    assert state.display == ("F01", "S01", "G01", "G02") and state.phase == "place"


def test_start_player_passes_clockwise_and_places_first():
    state = next_round(start(3))
    state = advance(state, lambda s: s.phase == "place")
    assert state.start == 1 and state.current_player() == 1


def test_used_tools_are_restored_for_the_next_round():
    state = with_player(start(2), 0, people=2, tools_free=(2,))
    state = advance(state, lambda s: s.phase != "place", {0: ["place forest 2"]})
    state = state.apply("roll 4")
    assert legal_texts(state) == ["tools none", "tools 2"]
    state = state.apply("tools 2")
    assert state.players[0].tools_used == (2,)
    state = next_round(state)
    assert state.players[0].tools_free == (2,) and state.players[0].tools_used == ()


def test_an_empty_building_stack_ends_the_game_after_feeding():
    state = with_player(start(2), 0, people=1, res=(2, 1, 0, 0))
    state = with_table(state, stack_sizes=(1, 7))
    state = advance(state, lambda s: s.phase != "place", {0: ["place building1 1"]})
    state = state.apply("pay 2wood,1brick")
    assert state.stack_sizes[0] == 0 and state.tops[0] is None
    assert state.pending.kind != "reveal_tile"  # nothing left to turn up
    state = advance(state, lambda s: s.is_terminal() or s.round == 2)
    assert state.is_terminal() and state.round == 1 and state.current_player() == TERMINAL
    assert state.players[1].food != 12 or state.players[1].people == 5  # the round was fed
    assert len(state.score_log) == 1


def test_the_game_ends_at_once_when_the_deck_cannot_refill_the_display():
    state = with_player(start(2), 0, people=1, res=(1, 0, 0, 0))
    state = with_table(state, deck_size=0, deck=())
    state = advance(state, lambda s: s.phase != "place", {0: ["place card1 1"]})
    state = state.apply("pay 1wood")
    state = advance(state, lambda s: s.is_terminal() or s.round == 2)
    assert state.is_terminal() and state.round == 1


def test_a_full_display_with_an_empty_deck_plays_on():
    state = with_table(start(2), deck_size=0, deck=())
    state = next_round(state)
    assert not state.is_terminal() and state.round == 2 and state.phase == "place"


def test_stacks_in_play_equal_the_number_of_players():
    for n in (2, 3, 4):
        assert len(start(n).tops) == n and len(start(n).stack_sizes) == n
