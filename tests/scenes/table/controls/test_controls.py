"""Every control offers exactly what ``legal_actions()`` allows: placement targets and counts,
spaces to resolve, tool options, payments, dice to pick, feeding, the two-resources card; an
illegal drop snaps back with the rules engine's reason."""

from __future__ import annotations

import itertools
from itertools import islice

import pygame
import pytest

from stoneage.play.names import engine_reason
from stoneage.play.seats import Seat
from stoneage.rules import CHANCE, IllegalActionError, Pay, Place, TakeTwo
from stoneage.rules.nodes import FEED_SHORT, ITEMS_PICK, PAY_BUILDING, PAY_CARD, TOOLS
from stoneage.scenes.table.controls.payment import FeedDialog, PayDialog
from stoneage.scenes.table.controls.placing import PlacementControl
from stoneage.scenes.table.scene import TableScene
from tests.random_games import random_play
from tests.scenes.hands import button, click, drag, press

COLOURS = ("red", "blue", "green", "yellow")


def humans(n: int) -> list[Seat]:
    """Everyone at the screen: every decision gets controls."""
    return [Seat(f"P{i}", COLOURS[i], "human") for i in range(n)]


def decision_states(n: int, seed: int, every: int = 1):
    """The decision points of a random game (chance drawn with a seeded rng), every
    ``every``-th."""
    decisions = (
        before for before, _after in random_play(n, seed) if before.current_player() != CHANCE
    )
    return islice(decisions, 0, None, every)


def show(scene: TableScene, state) -> None:
    """Put ``state`` on the table and let the scene build its controls."""
    scene.match.match.state = state  # the local match's driver (``LocalMatch.match``)
    scene.hands.state = None
    scene.update(0.0)
    if scene.turns.announcing is not None:  # hotseat: the next human takes the screen
        scene.start_turn()


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3)])
def test_controls_offer_exactly_the_legal_actions(app, n, seed):
    scene = TableScene(app, humans(n), seed=seed, threaded=False)
    app.push(scene)
    kinds = set()
    for state in decision_states(n, seed, every=2):
        show(scene, state)
        assert scene.offered() == set(state.legal_actions()), f"at {state!r}"
        kinds.add(state.pending.kind if state.pending else state.phase)
    assert {"place", "resolve"} <= kinds


def find_state(n: int, want, seeds=range(1, 60)):
    for seed in seeds:
        for state in decision_states(n, seed):
            if want(state):
                return state
    raise AssertionError("no such state in the games tried")


@pytest.mark.parametrize("kind", [TOOLS, PAY_CARD, PAY_BUILDING, FEED_SHORT, ITEMS_PICK])
def test_each_dialog_appears_for_its_step(app, kind):
    state = find_state(4, lambda s: s.pending is not None and s.pending.kind == kind)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    assert scene.offered() == set(state.legal_actions())
    assert scene.hands.controls[0].title


@pytest.mark.parametrize("kind", [PAY_CARD, PAY_BUILDING, FEED_SHORT])
def test_pay_button_is_enabled_exactly_for_legal_payments(app, kind):
    state = find_state(
        4, lambda s: s.pending is not None and s.pending.kind == kind and len(s.legal_actions()) > 3
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    dialog = scene.hands.controls[0]
    assert isinstance(dialog, (PayDialog, FeedDialog))
    legal = {a.resources for a in state.legal_actions() if hasattr(a, "resources")}
    composer = dialog.composer
    reachable = set()
    for amounts in itertools.product(*(range(m + 1) for m in composer.most)):
        composer.selection = list(amounts)
        dialog._changed()
        if dialog.pay_button.enabled:
            reachable.add(amounts)
    assert reachable == legal


def test_a_single_legal_payment_is_shown_fixed_without_steppers(app):
    def one_payment(s):
        return (
            s.pending is not None
            and s.pending.kind == PAY_BUILDING
            and sum(1 for a in s.legal_actions() if hasattr(a, "resources")) == 1
        )

    state = find_state(4, one_payment)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    dialog = scene.hands.controls[0]
    assert isinstance(dialog, PayDialog)
    (only,) = [a for a in state.legal_actions() if hasattr(a, "resources")]
    assert dialog.composer.fixed and dialog.composer.buttons == []
    assert dialog.composer.value == only.resources and dialog.pay_button.enabled
    assert not any(b.name.startswith(("minus_", "plus_")) for b in dialog.all_buttons())
    assert scene.offered() == set(state.legal_actions())


def test_illegal_drop_snaps_back_with_the_engines_reason(app):
    # a placement where the hut cannot be taken (it needs two free figures, or is occupied)
    state = find_state(
        4,
        lambda s: s.phase == "place" and s.pending is None and Place(1, 2) not in s.legal_actions(),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    control = scene.hands.controls[0]
    assert isinstance(control, PlacementControl)
    assert 1 not in control.counts  # the hut does not light up
    drag(app, control.grab.center, scene.lay.spaces[1].center)
    assert scene.match.state is state
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Place(1, 2), seat=state.current_player())
    assert scene.hands.error == engine_reason(refused.value) != ""


def test_click_on_a_space_offers_only_the_legal_counts(app):
    state = find_state(
        4,
        lambda s: (
            s.phase == "place"
            and s.pending is None
            and s.available_people(s.current_player()) >= 3
            and Place(4, 3) in s.legal_actions()
        ),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    click(app, scene.lay.spaces[4].center)
    counts = {a.count for a in state.legal_actions() if isinstance(a, Place) and a.space == 4}
    assert scene.hands.popup is not None and scene.hands.popup.offered() == {
        Place(4, c) for c in counts
    }
    press(app, "count_3")
    assert scene.match.state.placed[state.current_player()][4] == 3


def test_the_chooser_is_skipped_where_only_one_count_is_possible(app):
    """The hut takes 2, the tool maker, a card and a building 1: a click places them at once
    (no chooser asking a question with one answer)."""
    for space, count in ((1, 2), (0, 1), (8, 1), (12, 1)):
        state = find_state(
            4,
            lambda s, space=space, count=count: (
                s.placing()
                and s.available_people(s.current_player()) >= 2
                and [
                    a.count for a in s.legal_actions() if isinstance(a, Place) and a.space == space
                ]
                == [count]
            ),
        )
        scene = TableScene(app, humans(4), seed=1, threaded=False)
        app.push(scene)
        show(scene, state)
        seat = state.current_player()
        click(app, scene.lay.spaces[space].center)
        assert scene.hands.popup is None
        assert scene.match.state.placed[seat][space] == count, (space, count)
        app.pop()


def test_the_chooser_keeps_every_number_clear_of_cancel(app):
    """Five numbers or more: each button stands apart from Cancel and inside the chooser."""
    from itertools import combinations

    state = find_state(
        4,
        lambda s: (
            s.placing()
            and len([a for a in s.legal_actions() if isinstance(a, Place) and a.space == 3]) >= 5
        ),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    click(app, scene.lay.spaces[3].center)
    popup = scene.hands.popup
    assert popup is not None and popup.area is not None
    rects = [b.rect for b in popup.all_buttons()]
    assert len(rects) >= 6
    for one, other in combinations(rects, 2):
        assert not one.colliderect(other)
    assert all(popup.area.contains(r) for r in rects)
    mouse = popup.all_buttons()[0].rect.center
    scene.input.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=mouse, rel=(0, 0), buttons=(0, 0, 0))
    )
    assert scene.painter.tooltip() == ""  # nothing covers the numbers


def test_two_resources_card_is_offered_only_when_legal(app):
    state = find_state(4, lambda s: any(isinstance(a, TakeTwo) for a in s.legal_actions()))
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    press(app, "taketwo")
    option = next(a for a in state.legal_actions() if isinstance(a, TakeTwo))
    assert button(scene, str(option)).enabled
    press(app, str(option))
    assert scene.match.state.players[state.current_player()].two_res == 0
    without = find_state(
        4,
        lambda s: s.phase == "place" and not any(isinstance(a, TakeTwo) for a in s.legal_actions()),
    )
    show(scene, without)
    assert all(
        b.name != "taketwo"
        for c in scene.hands.controls
        for b in getattr(c, "buttons", []) + [getattr(c, "button", None)]
        if b
    )


def test_a_legal_payment_is_preselected(app):
    state = find_state(
        4,
        lambda s: (
            s.pending is not None and s.pending.kind == PAY_CARD and len(s.legal_actions()) > 2
        ),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    assert Pay(scene.hands.controls[0].composer.value) in state.legal_actions()
    assert scene.hands.controls[0].pay_button.enabled
