"""The keyboard at the table (Enter confirms, 1-9 counts, Esc, H, L) and the hotseat announcement."""

from __future__ import annotations

import pygame

from stoneage.rules import Place, UseTools
from stoneage.rules.nodes import TOOLS
from stoneage.scenes.menus.pause_scene import PauseMenu
from stoneage.scenes.menus.setup_scene import SetupScene
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.telling.log_scene import LogScene
from tests.scenes.hands import click
from tests.scenes.table.controls.test_controls import find_state, humans, show


def key(app, code: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))


def test_enter_takes_the_best_tools_option(app):
    state = find_state(4, lambda s: s.pending is not None and s.pending.kind == TOOLS)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    total = state.pending.total
    options = [a for a in state.legal_actions() if isinstance(a, UseTools)]
    divisor = scene.hands.controls[0].divisor
    best = max(options, key=lambda o: (total + sum(o.tiles) + sum(o.cards)) // divisor)
    key(app, pygame.K_RETURN)
    assert scene.match.steps[-1].action == best


def test_number_keys_set_the_figures_carried_and_choose_in_the_count_chooser(app):
    state = find_state(
        4, lambda s: s.phase == "place" and s.pending is None and Place(4, 3) in s.legal_actions()
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    key(app, pygame.K_2)
    assert scene.hands.controls[0].carry == 2
    scene.hands.controls[0]._click(4)  # a click on the forest opens the chooser of legal counts
    key(app, pygame.K_3)
    assert scene.match.steps[-1].action == Place(4, 3)


def test_esc_opens_the_menu_and_l_the_log(app):
    state = find_state(4, lambda s: s.phase == "place" and s.pending is None)
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    key(app, pygame.K_l)
    assert isinstance(app.top, LogScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)


def test_each_human_is_called_to_the_screen_before_the_table_is_shown(app):
    scene = TableScene(app, humans(2), seed=3, threaded=False)
    app.push(scene)
    app.step(block=False)
    first = scene.match.human_to_act()
    assert scene.turns.announcing == first and not scene.hands.controls
    assert (
        scene.turns.display(scene.match.state).players[first].extras
        == scene.match.state.view(-1).players[first].extras
    )
    banner, seat = scene.painter.banner(scene.shown)
    assert scene.seats[first].name in banner and seat == first
    key(app, pygame.K_RETURN)
    assert scene.turns.announcing is None and scene.hands.controls
    while scene.match.human_to_act() == first:  # the first player places; then the other is called
        scene.act(scene.match.state.legal_actions()[0])
        scene.update(0.0)
        app.step(block=False)
    assert scene.turns.announcing == 1 - first and not scene.hands.controls


def test_a_hotseat_names_the_default_you_by_its_seat_and_a_solo_game_keeps_it(app):
    def start(kinds_to_toggle: list[int]) -> list[str]:
        setup = SetupScene(app)
        app.push(setup)
        for i in kinds_to_toggle:
            click(app, next(b for b in setup.buttons if b.name == f"kind_{i}").rect.center)
        click(app, next(b for b in setup.buttons if b.name == "start").rect.center)
        game = app.top
        assert isinstance(game, TableScene)
        names = [seat.name for seat in game.seats]
        app.pop()
        return names

    assert start([])[0] == "You"  # one person: "You: your turn" reads right
    names = start([1])  # Kaya's seat becomes a second person at the screen
    assert names[:2] == ["Player 1", "Kaya"]
    assert len(set(names)) == len(names)
