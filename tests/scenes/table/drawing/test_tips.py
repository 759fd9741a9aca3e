"""First-game tips on the table: a click that closes a tip does nothing else, and a tip sits
clear of what the player must click."""

from __future__ import annotations

import time

import pygame

from stoneage.rules import data
from stoneage.scenes.table.scene import TableScene
from stoneage.tutorial.tips import TIPS
from tests.scenes.hands import click, post
from tests.scenes.table.controls.test_controls import find_state, humans, show


def placing_with_card(state) -> bool:
    """The first seat places, and the cheapest card may take a figure."""
    from stoneage.rules import Place

    return (
        state.phase == "place"
        and state.pending is None
        and state.current_player() == 0
        and Place(data.CARD_SPACES[0], 1) in state.legal_actions()
    )


def tip_over(scene: TableScene, area: pygame.Rect) -> None:
    """A tip on screen, lying over ``area`` (as a tip at the foot of the board lies over the
    card row)."""
    tips = scene.tips
    tips.tip, tips.text, tips.shown_at = TIPS[-1], "A tip for the test.", time.monotonic()
    tips.lay_out(scene.lay)
    tips.rect = area.inflate(40, 40)


def test_the_click_that_closes_a_tip_places_nothing(app):
    state = find_state(4, placing_with_card)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    card = scene.lay.spaces[data.CARD_SPACES[0]]
    tip_over(scene, card)
    steps = len(scene.match.steps)

    click(app, card.center)

    assert not scene.tips.showing  # the click closed the tip...
    assert len(scene.match.steps) == steps  # ...and placed nothing
    assert scene.match.state is state
    assert scene.hands.popup is None and not scene.hands.error

    click(app, card.center)  # with the tip gone, the same click places the figure
    assert len(scene.match.steps) == steps + 1


def test_a_drag_begun_on_a_tip_carries_no_figure(app):
    """The press over a tip is the tip's: no drag starts under it, and its release (the tip
    closed by the press's release) drops nothing."""
    state = find_state(4, placing_with_card)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    placing = scene.hands.placing()
    assert placing is not None
    tip_over(scene, placing.grab)
    steps = len(scene.match.steps)
    start, end = placing.grab.center, scene.lay.spaces[data.CARD_SPACES[0]].center
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(block=False)
    assert not placing.dragging
    assert len(scene.match.steps) == steps
