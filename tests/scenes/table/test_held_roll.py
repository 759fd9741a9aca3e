"""A roll of the player's stays on screen until the player goes on (issue 45, point 11), by real
pygame events: also when the rules asked nothing (the last space used without a click, a roll
no tool could raise); bots' rolls are not held; in hotseat the box names whose roll it is."""

from __future__ import annotations

import time

import pygame
import pytest

from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.rules import GameState, RollDice
from stoneage.rules.events import DiceRolled, Gathered, SpaceUsed
from stoneage.scenes.table.controls.roll_shown import GUARD, RollShown
from stoneage.scenes.table.scene import TableScene
from tests.scenes.hands import click, post, press

SECONDS = 10.0  # every wait below is bounded by this


def bot_seats(humans: int) -> list[Seat]:
    """Two seats: the first ``humans`` people, the rest a Random bot."""
    seats = [Seat("Ann", "red", "human"), Seat("Bo", "blue", "human")]
    return [
        s if i < humans else Seat(s.name, s.colour, "bot", "random") for i, s in enumerate(seats)
    ]


def position(seat: int, seed: int = 4) -> GameState:
    """A two-player game played by Random bots up to the dice of ``seat``'s last space (its
    other spaces used: the rules use this one without asking), with no unused tool: the roll
    will gather at once, no decision anywhere."""
    match = Match(bot_seats(0), seed, threaded=False)
    for _ply in range(5000):
        state = match.state
        decision = state.decision()
        if isinstance(decision, RollDice) and decision.seat == seat and decision.dice >= 2:
            player = state.players[seat]
            last = sum(state.placed[seat]) == 0
            if last and not player.tools_free and not player.one_use:
                return state
        action = match.automatic_action()
        assert action is not None
        match.apply(action)
    raise AssertionError("no such roll in the game")


def step_until(app, done, seconds: float = SECONDS) -> None:
    """Run the app's loop until ``done()`` (bounded)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(block=False)
        if done():
            return
        time.sleep(0.002)
    raise AssertionError("the table did not get there in time")


def held(scene: TableScene) -> RollShown | None:
    """The roll held on screen, if any."""
    main = scene.hands.main()
    return main if isinstance(main, RollShown) and not scene.timeline.busy else None


def test_a_roll_the_rules_asked_nothing_for_stays_until_continue(app):
    state = position(0)
    scene = TableScene(app, bot_seats(1), 4, state, threaded=False)
    app.push(scene)
    step_until(app, lambda: held(scene) is not None)
    roll = scene.match.steps[-1]
    rolled = [e for e in roll.events if isinstance(e, DiceRolled)]
    assert rolled and rolled[0].seat == 0 and any(isinstance(e, Gathered) for e in roll.events)
    box = held(scene)
    assert box is not None and box.title.startswith("Your roll on the ")
    assert scene.painter.banner(scene.shown) == (box.title, 0)
    assert "Continue" in scene.painter.status_line()[0]
    assert not scene.offers("hints")  # no Hint ring over the box
    # Held: frames go by, the bot does not move, clicks within the guard do nothing.
    still = scene.match.state
    click(app, box.buttons[0].rect.center)
    click(app, scene.lay.board.topleft)
    deadline = time.monotonic() + GUARD + 0.2
    while time.monotonic() < deadline:
        app.step(block=False)
    assert scene.match.state is still and held(scene) is box
    # The box says what the dice gave.
    gathered = next(e for e in roll.events if isinstance(e, Gathered))
    assert box.roll.total == rolled[0].total and len(box.roll.faces) == rolled[0].dice
    assert sum(box.roll.faces) == rolled[0].total
    assert box.roll.gained == gathered.food + sum(gathered.resources)
    press(app, "continue")
    assert scene.held_roll is None
    step_until(app, lambda: scene.match.state is not still)


def test_the_last_space_used_without_a_click_still_shows_its_roll_until_space(app):
    """The player's last group works without a click (the rules use it: no decision was
    asked), and its dice then wait for the player; Space goes on."""
    state = position(0)
    steps = Match(bot_seats(0), 4, state, threaded=False).steps
    used = [e for s in steps for e in s.events if isinstance(e, SpaceUsed) and e.seat == 0]
    decision = state.decision()
    assert isinstance(decision, RollDice)
    assert used[-1].space == decision.space and not used[-1].chosen  # no choice was asked
    scene = TableScene(app, bot_seats(1), 4, state, threaded=False)
    app.push(scene)
    step_until(app, lambda: held(scene) is not None)
    box = held(scene)
    assert box is not None
    deadline = time.monotonic() + GUARD + 0.05
    while time.monotonic() < deadline:
        app.step(block=False)
    assert held(scene) is box
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step(block=False)
    assert scene.held_roll is None and held(scene) is None


def test_a_click_on_the_board_goes_on_and_enter_too(app):
    scene = TableScene(app, bot_seats(1), 4, position(0), threaded=False)
    app.push(scene)
    step_until(app, lambda: held(scene) is not None)
    step_until(app, lambda: held(scene) is not None and held(scene).ready())
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step(block=False)
    assert scene.held_roll is None


def test_a_bots_roll_is_not_held(app):
    scene = TableScene(app, bot_seats(1), 4, position(1), threaded=False)
    app.push(scene)
    start = len(scene.match.steps)
    held_seats: list[int] = []

    def bot_rolled() -> bool:
        if scene.held_roll is not None:
            held_seats.append(scene.held_roll.seat)
            scene.release_roll()  # the player's own roll, if one comes first: seen
        return any(
            isinstance(e, DiceRolled) and e.seat == 1
            for s in scene.match.steps[start:]
            for e in s.events
        )

    step_until(app, bot_rolled)
    for _frame in range(5):
        app.step(block=False)
        bot_rolled()
    assert 1 not in held_seats


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_in_hotseat_the_box_names_the_player(size):
    from tests.scenes import apps

    app = apps.open_app(size)
    try:
        scene = TableScene(app, bot_seats(2), 4, position(1), threaded=False)
        app.push(scene)
        step_until(app, lambda: held(scene) is not None)
        box = held(scene)
        assert box is not None and box.title.startswith("Bo's ")
        assert scene.painter.banner(scene.shown) == (box.title, 1)
        assert scene.lay.board.contains(box.area)
    finally:
        apps.close_apps(app)


def test_with_holding_turned_off_the_roll_is_shown_and_the_game_goes_on(app):
    """The settings' "Your rolls: Off": the player's roll passes as a bot's does."""
    app.settings.hold_rolls = False
    try:
        state = position(0)
        scene = TableScene(app, bot_seats(1), 4, state, threaded=False)
        app.push(scene)

        def rolled_and_gone_on() -> bool:
            assert scene.held_roll is None and held(scene) is None
            return any(
                isinstance(e, DiceRolled) and e.seat == 1
                for s in scene.match.steps
                for e in s.events
            )

        step_until(app, rolled_and_gone_on)  # the bot's next roll came: nothing waited
    finally:
        app.settings.hold_rolls = True
