"""The status line under the banner: what the pointer's space would take, said as it is."""

from __future__ import annotations

import time

import pygame

from stoneage.rules import Place, data
from stoneage.scenes.table.lesson.guided import lesson_table
from stoneage.scenes.table.scene import TableScene
from stoneage.tutorial import step_index
from tests.scenes.hands import post
from tests.scenes.table.controls.test_controls import find_state, humans, show


def hover(app, scene: TableScene, pos: tuple[int, int]) -> str:
    """Rest the pointer at ``pos``; the status line then."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(block=False)
    return scene.painter.status_line()[0]


def test_a_space_that_takes_one_number_says_a_click_places_it(app):
    state = find_state(
        4,
        lambda s: (
            s.phase == "place"
            and s.pending is None
            and Place(data.HUT, 2) in s.legal_actions()
            and Place(data.CARD_SPACES[0], 1) in s.legal_actions()
            and Place(data.FOREST, 2) in s.legal_actions()
        ),
    )
    scene = TableScene(app, humans(4), seed=1, threaded=False)
    app.push(scene)
    show(scene, state)
    assert hover(app, scene, scene.lay.spaces[data.HUT].center) == ("Hut: click to place 2 figures")
    card = hover(app, scene, scene.lay.spaces[data.CARD_SPACES[0]].center)
    assert "click to place 1 figure" in card, card
    assert hover(app, scene, scene.lay.spaces[data.FOREST].center) == (
        "Forest: click to choose how many figures"
    )


def test_in_the_lesson_a_dimmed_space_offers_no_choice(app):
    """At "place 2 figures on the hut" the forest is dimmed: the status line does not invite
    a click there (which only gets the lesson's friendly word)."""
    scene = lesson_table(app, threaded=False)
    app.push(scene)
    scene.layer.show_step(step_index("place_hut"))
    deadline = time.monotonic() + 10
    while not scene.hands.controls and time.monotonic() < deadline:
        app.step(block=False)
    assert scene.hands.placing() is not None
    forest = hover(app, scene, scene.lay.spaces[data.FOREST].center)
    assert "Forest" not in forest and "how many" not in forest
    assert hover(app, scene, scene.lay.spaces[data.HUT].center) == ("Hut: click to place 2 figures")


FEEDING = (
    "The people ate: Tharn 5 food (all from food production, 1 left over), You 7 food (3 from "
    "food production), Grok 7 food (6 from food production), Ayla 7 food (4 from food production)."
)


def ink_right_of(scene: TableScene, area: pygame.Rect) -> list[tuple[int, int]]:
    """Pixels of the status bar's picture, in the rows of ``area``, right of it, that are not
    the bar's background (text drawn past the line's end)."""
    from stoneage.ui import theme

    surface = scene.status.surface
    found = []
    for y in range(area.top + 2, area.bottom - 4):
        for x in range(area.right, surface.get_width()):
            if surface.get_at((x, y))[:3] != theme.UMBER_DARK:
                found.append((x, y))
    return found


def test_a_long_status_line_stays_in_its_box_and_is_whole_in_its_tooltip():
    """At 1024x640 a round's feeding runs to three times the status line's width: it is cut
    short with "…" inside its box (nothing beside the toolbar, also after a shorter line
    replaces it), and the whole line is the tooltip of the status line."""
    from tests.scenes.apps import close_apps, open_app

    app = open_app((1024, 640))
    try:
        state = find_state(4, lambda s: s.phase == "place" and s.pending is None)
        scene = TableScene(app, humans(4), seed=1, threaded=False)
        app.push(scene)
        show(scene, state)
        area = scene.lay.status.hint
        scene.hands.error = FEEDING
        scene.painter.refresh()
        assert scene.status.cut == FEEDING
        assert ink_right_of(scene, area) == []
        post(pygame.MOUSEMOTION, pos=(area.left + 20, area.centery), rel=(0, 0), buttons=(0, 0, 0))
        app.step(block=False)
        assert scene.painter.tooltip() == FEEDING
        scene.hands.error = "Short."
        scene.painter.refresh()
        assert scene.status.cut == ""
        assert ink_right_of(scene, area) == []
    finally:
        close_apps(app)
