"""Feeding: the food track first, then 1 food per person; a shortfall is paid or costs 10."""

from __future__ import annotations

import pytest

from stoneage.rules import IllegalActionError

from .conftest import advance, legal_texts, start, with_player


def to_feeding(**seat0: object):
    """Seat 0 sends 5 figures to the river and rolls 5 (no gold); seat 1 hunts.
    Stop at the first feeding decision or at the next round."""
    state = with_player(start(2), 0, **seat0)
    done = lambda s: (s.phase == "feed" and s.pending is not None) or s.round == 2  # noqa: E731
    return advance(state, done, {0: ["place river 5"]})


def test_food_track_is_added_before_eating():
    state = to_feeding(food=3, track=2)  # 5 food for 5 people
    assert state.round == 2 and state.players[0].food == 0 and state.players[0].penalties == 0


def test_enough_food_feeds_without_asking():
    state = to_feeding(food=9)
    assert state.round == 2 and state.players[0].food == 4


def test_shortfall_gives_up_all_food_then_pays_with_resources():
    state = to_feeding(food=2, res=(1, 1, 1, 0))
    assert state.pending.as_tuple() == ("feed", 3) and state.players[0].food == 0
    assert legal_texts(state) == ["feed 1wood,1brick,1stone", "starve"]
    state = state.apply("feed 1wood,1brick,1stone")
    assert state.players[0].res == (0, 0, 0, 0) and state.players[0].penalties == 0


def test_shortfall_can_be_refused_for_minus_10():
    state = to_feeding(food=2, res=(5, 0, 0, 0)).apply("starve")
    assert state.players[0].penalties == 1 and state.scores()[0] == -10
    assert state.players[0].res == (5, 0, 0, 0) and state.players[0].food == 0


def test_without_enough_resources_the_penalty_is_automatic_and_flat():
    state = to_feeding(food=0, people=5, res=(1, 0, 0, 0))
    assert state.round == 2 and state.scores()[0] == -10
    assert state.players[0].res == (1, 0, 0, 0)  # no partial payment: the 10 points are lost anyway


def test_feeding_payment_must_cover_the_whole_shortfall():
    state = to_feeding(food=2, res=(4, 0, 0, 0))
    with pytest.raises(IllegalActionError, match="pay exactly the 3 missing food with resources"):
        state.apply("feed 2wood")
    with pytest.raises(IllegalActionError, match="this seat does not have these resources"):
        state.apply("feed 3gold")


def test_two_resources_card_can_be_used_while_feeding():
    state = to_feeding(food=3, res=(0, 0, 0, 0), two_res=1)
    assert state.pending.as_tuple() == ("feed", 2)
    assert legal_texts(state)[0] == "starve" and "taketwo wood,wood" in legal_texts(state)
    state = state.apply("taketwo brick,stone")
    assert legal_texts(state)[0] == "feed 1brick,1stone"
    state = state.apply("feed 1brick,1stone")
    assert state.players[0].penalties == 0


def test_scores_may_go_negative():
    state = to_feeding(food=0, res=(0, 0, 0, 0))
    assert state.scores()[0] == -10
    assert state.final_scoring()[0]["feeding_penalties"] == -10


def test_a_new_person_from_the_hut_eats_this_round():
    state = with_player(start(4), 0, food=6)
    state = advance(state, lambda s: s.round == 2, {0: ["place hut 2", "place hunt 3"]})
    assert state.players[0].people == 6 and state.players[0].food == 6 + 1 - 6
