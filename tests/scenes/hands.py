"""A test's hands on the table: turn a chosen action into real mouse events (drags and clicks)
posted to pygame, and run the app's loop until the game has moved on."""

from __future__ import annotations

import time

import pygame

from stoneage.rules import Decline, Feed, Pay, PickItem, Place, Resolve, Starve, TakeTwo, UseTools
from stoneage.scenes.table.controls.roll_shown import RollShown
from stoneage.scenes.table.scene import TableScene
from stoneage.ui.widgets import Button

MAX_SECONDS = 20.0


def post(event_type: int, **fields) -> None:
    """Post one real pygame event."""
    pygame.event.post(pygame.event.Event(event_type, **fields))


def click(app, pos: tuple[int, int]) -> None:
    """Move there, press and release the left button; let the app handle it."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(block=False)


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move in a few steps to ``end``, release there."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    for i in range(1, 5):
        pos = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(block=False)


def buttons_of(scene: TableScene) -> list[Button]:
    """Every button of the controls on screen (dialogs, composer, popup, panel)."""
    found: list[Button] = []
    for control in scene.hands.controls + ([scene.hands.popup] if scene.hands.popup else []):
        found += getattr(control, "buttons", [])
        if hasattr(control, "button"):
            found.append(control.button)
        if hasattr(control, "composer"):
            found += control.composer.buttons
    return found


def button(scene: TableScene, name: str) -> Button:
    """The button called ``name``."""
    for candidate in buttons_of(scene):
        if candidate.name == name:
            return candidate
    raise AssertionError(f"no button {name!r}; have {[b.name for b in buttons_of(scene)]}")


def press(app, name: str) -> None:
    """Click the button called ``name``."""
    click(app, button(app.top, name).rect.center)


def go_on_from_held_roll(app) -> bool:
    """A roll of a human's held on screen: click its Continue once it takes clicks (True when
    one was clicked)."""
    scene = app.top
    held = scene.hands.main() if isinstance(scene, TableScene) else None
    if not isinstance(held, RollShown) or scene.timeline.busy:
        return False
    if not held.ready():
        time.sleep(0.01)  # a click within its guard time is ignored
        return False
    press(app, "continue")
    return True


def run_until_human_or_end(app, seconds: float = MAX_SECONDS) -> None:
    """Loop until a human must decide (controls ready) or the game scene is gone; a roll of
    the human's held on screen is gone on from with its Continue."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step(block=False)
        scene = app.top
        if not isinstance(scene, TableScene):
            return
        if go_on_from_held_roll(app):
            continue
        if (
            scene.hands.controls
            and scene.hands.state is scene.match.state
            and not scene.timeline.busy
        ):
            return
        if scene.match.thinking():
            time.sleep(0.0005)  # a bot thinks on its thread; let it have the interpreter
    raise AssertionError("the game did not reach a human decision")


def perform(app, action, use_click: bool = False) -> None:
    """Do ``action`` the way a person would: drag, click, or press dialog buttons."""
    scene: TableScene = app.top
    if isinstance(action, TakeTwo):
        press(app, "taketwo")
        press(app, str(action))
    elif isinstance(action, Place):
        _place(app, scene, action, use_click)
    elif isinstance(action, Resolve):
        click(app, scene.lay.spaces[action.space].center)
    elif isinstance(action, UseTools):
        press(app, str(action))
    elif isinstance(action, (Pay, Feed)):
        _compose(app, scene, action.resources)
        press(app, "pay" if isinstance(action, Pay) else "feed")
    elif isinstance(action, Decline):
        press(app, "decline")
    elif isinstance(action, Starve):
        press(app, "starve")
    elif isinstance(action, PickItem):
        press(app, f"pick_{action.face}")
    else:
        raise AssertionError(f"no hands for {action!r}")


def _place(app, scene: TableScene, action: Place, use_click: bool) -> None:
    target = scene.lay.spaces[action.space].center
    if use_click:
        click(app, target)
        if scene.hands.popup is not None:  # one possible number goes there at once
            press(app, f"count_{action.count}")
        return
    control = scene.hands.controls[0]
    while control.carry < action.count and control.buttons[1].enabled:
        press(app, "carry_plus")
    while control.carry > action.count and control.buttons[0].enabled:
        press(app, "carry_minus")
    drag(app, control.grab.center, target)


def _compose(app, scene: TableScene, amounts: tuple[int, ...]) -> None:
    composer = scene.hands.controls[0].composer
    for i, wanted in enumerate(amounts):
        while composer.selection[i] < wanted:
            press(app, f"plus_{i}")
        while composer.selection[i] > wanted:
            press(app, f"minus_{i}")
