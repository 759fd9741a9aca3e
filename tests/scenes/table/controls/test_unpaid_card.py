"""A figure placed on a card or building its owner cannot pay for now (issue 45 point 10):
the rules allow it, the table says so, before (the status line over the space) and after
(the status line once the figure is down); a payable card gets no such word."""

from __future__ import annotations

import pygame

from stoneage.rules import Place, data
from stoneage.scenes.table.controls.placing import PlacementControl, unpaid_warning
from stoneage.scenes.table.scene import TableScene
from tests.scenes.hands import click, post
from tests.scenes.table.controls.test_controls import find_state, humans, show


def _placing_on(space: int, payable: bool):
    """A placement where a figure may go on ``space`` and its owner can (or cannot) pay."""
    return find_state(
        4,
        lambda s: (
            s.placing()
            and Place(space, 1) in s.legal_actions()
            and s.players[s.current_player()].two_res == 0
            and s.can_pay_now(s.current_player(), space) == payable
        ),
    )


def test_can_pay_now_follows_the_resources_held():
    state = _placing_on(11, payable=False)
    seat = state.current_player()
    assert sum(state.players[seat].res) < 4
    assert not state.can_pay_now(seat, 11)
    assert state.can_pay_now(seat, data.FOREST)  # no price on a gathering space


def test_a_figure_on_a_card_it_cannot_pay_for_is_placed_with_a_word(app):
    state = _placing_on(11, payable=False)
    seat = state.current_player()
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    centre = scene.lay.spaces[11].center
    post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    app.step(block=False)
    assert isinstance(scene.hands.main(), PlacementControl)
    assert scene.painter.status_line()[0].endswith(
        ": click to place 1 figure (you cannot pay for it yet)"
    )
    click(app, centre)
    assert scene.match.state.placed[seat][11] == 1  # the rules allow it: it is placed
    assert scene.hands.warning == unpaid_warning(state, seat, 11) != ""
    assert "cannot pay for this card" in scene.hands.warning
    # Hotseat: the next player is announced over the word; taking the screen clears it.
    assert scene.turns.announcing is not None
    scene.start_turn()
    assert scene.hands.warning == ""


def test_the_word_stays_until_the_next_click(app):
    state = _placing_on(11, payable=False)
    seat = state.current_player()
    seats = humans(4)
    scene = TableScene(app, seats, seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    scene.act(Place(11, 1))
    scene.turns.announcing = None  # as with one human at the screen
    warning = scene.hands.warning
    assert warning and scene.painter.status_line() == (warning, True)
    post(pygame.MOUSEBUTTONDOWN, pos=scene.lay.spaces[0].center, button=1)
    app.step(block=False)
    assert scene.hands.warning == ""
    assert scene.match.state.placed[seat][11] == 1


def test_a_payable_card_gets_no_warning(app):
    state = _placing_on(8, payable=True)
    seat = state.current_player()
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    click(app, scene.lay.spaces[8].center)
    assert scene.match.state.placed[seat][8] == 1
    assert scene.hands.warning == ""
    assert unpaid_warning(state, seat, 8) == ""
