"""Undo never crosses a roll or a reveal; a save is written after each action and holds it."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.records.autosave import AUTOSAVE_FILE
from stoneage.records.files import home
from stoneage.rules import CHANCE, TERMINAL, GameState
from stoneage.scenes.table.scene import TableScene

SPACE_NAMES = {
    0: "tool maker",
    1: "hut",
    2: "field",
    3: "hunting grounds",
    4: "forest",
    5: "clay pit",
    6: "quarry",
    7: "river",
    8: "card (cost 1)",
    9: "card (cost 2)",
    10: "card (cost 3)",
    11: "card (cost 4)",
}
SEATS = [
    Seat("Ann", "red", "human"),
    Seat("Bo", "blue", "bot", "easy"),
    Seat("Cy", "green", "human"),
    Seat("Di", "yellow", "bot", "random"),
]


def play(driver: Match, rng: random.Random, undo_chance: float, checks: list[str]) -> None:
    """Play a whole game; at human decisions sometimes undo instead, checking each undo."""
    while not driver.is_over():
        seat = driver.human_to_act()
        if seat is None:
            driver.apply(driver.automatic_action())
            continue
        if rng.random() < undo_chance and driver.undoable() is not None:
            index, step = driver.undoable()
            taken_back = driver.steps[index:]
            assert all(s.actor >= 0 for s in taken_back), "an undo crossed a roll or a reveal"
            assert step.actor >= 0 and driver.seats[step.actor].is_human
            assert not any(driver.seats[s.actor].is_human for s in taken_back[1:]), (
                "an undo took back another human's decision"
            )
            assert driver.undo() is step
            assert driver.state is step.before and driver.state.current_player() == step.actor
            checks.append(str(step.action))
            continue
        driver.apply(rng.choice(driver.state.legal_actions()), seat=seat)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_never_crosses_a_die_roll_or_a_reveal(seed):
    driver = Match(SEATS, seed, threaded=False)
    undone: list[str] = []
    play(driver, random.Random(seed), 0.3, undone)
    assert len(undone) > 50  # undo was exercised often, at every kind of decision
    assert driver.is_over()
    replayed = GameState.from_json(driver.state.to_json())
    assert replayed == driver.state  # the steps kept after undos are the game's true history
    assert [s.action for s in driver.steps] == driver.state.actions_taken()


def test_nothing_to_undo_right_after_a_roll():
    driver = Match(SEATS, 5, threaded=False)
    rng = random.Random(5)
    seen_roll = 0
    while not driver.is_over() and seen_roll < 30:
        if driver.actor() == CHANCE:
            driver.apply(driver.automatic_action())
            assert driver.undoable() is None
            seen_roll += 1
            continue
        seat = driver.human_to_act()
        action = (
            driver.automatic_action() if seat is None else rng.choice(driver.state.legal_actions())
        )
        driver.apply(action, seat=seat)
    assert seen_roll == 30


def test_undo_button_names_the_decision_and_ctrl_z_takes_it_back(app):
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "bot", "easy")]
    scene = TableScene(app, seats, seed=4, threaded=False)
    app.push(scene)
    app.step(block=False)
    assert scene.hands.controls, "the human places first"
    before = scene.match.state
    place = next(a for a in before.legal_actions() if str(a).startswith("place"))
    assert scene.act(place)
    scene.update(0.0)
    assert scene.toolbar.undo.enabled
    assert scene.toolbar.undo.label == f"Undo: {place.count} on the {SPACE_NAMES[place.space]}"
    assert "Take back your last decision" in scene.toolbar.undo.tooltip
    app.dispatch(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0
        )
    )
    assert scene.match.state is before
    scene.update(0.0)
    assert not scene.toolbar.undo.enabled and scene.toolbar.undo.label == "Undo"


def saved_state() -> GameState:
    payload = json.loads((home() / AUTOSAVE_FILE).read_text(encoding="utf-8"))
    return GameState.from_json(payload["game"])


def test_a_save_is_written_after_each_action_and_holds_that_position(app):
    scene = TableScene(app, SEATS[:2] + SEATS[3:], seed=8, threaded=False)
    app.push(scene)
    rng = random.Random(8)
    for _ in range(150):
        driver = scene.match
        if driver.actor() == TERMINAL:
            break
        seat = driver.human_to_act()
        action = (
            driver.automatic_action() if seat is None else rng.choice(driver.state.legal_actions())
        )
        scene.play(driver.apply(action, seat=seat), by_human=seat is not None)
        scene.keeper.flush()
        assert saved_state() == driver.state, (
            f"the save after action {driver.state.ply} is not that position"
        )
    assert scene.undo()  # an undo is saved too
    scene.keeper.flush()
    assert saved_state() == scene.match.state
