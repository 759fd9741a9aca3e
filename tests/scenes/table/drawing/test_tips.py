"""First-game tips on the table: a click that closes a tip does nothing else, and a tip sits
clear of what the player must click."""

from __future__ import annotations

import time

import pygame

from stoneage.rules import data
from stoneage.scenes.table.scene import TableScene
from stoneage.tutorial.tips import TIPS
from tests.scenes.hands import click, post
from tests.scenes.table.controls.test_controls import decision_states, find_state, humans, show


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


def test_a_tip_never_covers_a_space_the_player_may_use_now(monkeypatch):
    """In the action phase every space the seat may use is a button ("Use now"): a tip at the
    foot of the board lay over the card row's; it goes where it covers none of them."""
    from stoneage.rules import ChooseSpace, Resolve
    from stoneage.scenes.table.drawing import tips as tips_module
    from stoneage.ui.layout import use_now_tag
    from tests.scenes.apps import close_apps, open_app

    long_tip = TIPS[-1]
    monkeypatch.setattr(tips_module, "tip_for", lambda state, seat, shown: long_tip)
    for size in ((1024, 640), (1920, 1080)):
        app = open_app(size)
        try:
            for players in (2, 4):
                scene = TableScene(app, humans(players), seed=1, threaded=False)
                app.push(scene)
                checked = 0
                for seed in (1, 2, 3):
                    for state in decision_states(players, seed):
                        decision = state.decision()
                        if not isinstance(decision, ChooseSpace):
                            continue
                        show(scene, state)
                        assert scene.tips.consider(scene.lay, state, decision.seat)
                        for action in state.legal_actions():
                            if not isinstance(action, Resolve):
                                continue  # the two-resources card's choice
                            space = scene.lay.spaces[action.space]
                            assert not scene.tips.rect.colliderect(space), (size, action)
                            tag = use_now_tag(scene.lay, action.space)
                            assert not scene.tips.rect.colliderect(tag)
                        checked += 1
                assert checked > 20
                app.pop()
        finally:
            close_apps(app)
