"""Every control offers exactly what ``legal_actions()`` allows: placement targets and counts,
spaces to resolve, tool options, payments, dice to pick, feeding, the two-resources card; an
illegal drop snaps back with the rules engine's reason."""

from __future__ import annotations

import itertools
import random

import pytest

from stoneage.play.names import engine_reason
from stoneage.play.seats import Seat
from stoneage.rules import CHANCE, IllegalActionError, Pay, Place, TakeTwo, new_game, sample_chance
from stoneage.rules.nodes import FEED_SHORT, ITEMS_PICK, PAY_BUILDING, PAY_CARD, TOOLS
from stoneage.scenes.table.payment import FeedDialog, PayDialog
from stoneage.scenes.table.placing import PlacementControl
from stoneage.scenes.table.scene import TableScene

from .hands import button, click, drag, press

COLOURS = ("red", "blue", "green", "yellow")


def humans(n: int) -> list[Seat]:
    """Everyone at the screen: every decision gets controls."""
    return [Seat(f"P{i}", COLOURS[i], "human") for i in range(n)]


def decision_states(n: int, seed: int, every: int = 1):
    """The decision points of a random game (chance drawn with a seeded rng)."""
    rng = random.Random(seed)
    state = new_game(n, seed=seed)
    index = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        if index % every == 0:
            yield state
        index += 1
        state = state.apply(rng.choice(state.legal_actions()))


def show(scene: TableScene, state) -> None:
    """Put ``state`` on the table and let the scene build its controls."""
    scene.match.state = state
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
        kinds.add(state.pending[0] if state.pending else state.phase)
    assert {"place", "resolve"} <= kinds


def find_state(n: int, want, seeds=range(1, 60)):
    for seed in seeds:
        for state in decision_states(n, seed):
            if want(state):
                return state
    raise AssertionError("no such state in the games tried")


@pytest.mark.parametrize("kind", [TOOLS, PAY_CARD, PAY_BUILDING, FEED_SHORT, ITEMS_PICK])
def test_each_dialog_appears_for_its_step(app, kind):
    state = find_state(4, lambda s: s.pending is not None and s.pending[0] == kind)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    assert scene.offered() == set(state.legal_actions())
    assert scene.hands.controls[0].title


@pytest.mark.parametrize("kind", [PAY_CARD, PAY_BUILDING, FEED_SHORT])
def test_pay_button_is_enabled_exactly_for_legal_payments(app, kind):
    state = find_state(
        4, lambda s: s.pending is not None and s.pending[0] == kind and len(s.legal_actions()) > 3
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
        lambda s: s.pending is not None and s.pending[0] == PAY_CARD and len(s.legal_actions()) > 2,
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    assert Pay(scene.hands.controls[0].composer.value) in state.legal_actions()
    assert scene.hands.controls[0].pay_button.enabled
