"""What the table lays over a space never hides the figures standing there: the "Use now" tag
of the action phase and the tooltip of the space under the pointer, at every window size from
1024x640 to 3840x2160 (geometry), and on the drawn table (pixels)."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from stoneage.scenes.table.controls.placing import ResolveControl
from stoneage.scenes.table.scene import TableScene
from stoneage.staging import build_scene
from stoneage.ui.layout import figure_area, table_layout, tooltip_place, use_now_tag

SIZES = [
    (1024, 640),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (3440, 1440),
    (3840, 2160),
]
CASES = [
    pytest.param(size, seats, id=f"{size[0]}x{size[1]}-{seats}p")
    for size in SIZES
    for seats in (2, 3, 4)
]


@pytest.mark.parametrize(("size", "seats"), CASES)
def test_use_now_tag_leaves_the_figures_in_view(size, seats):
    lay = table_layout(size, seats)
    for space, rect in lay.spaces.items():
        tag = use_now_tag(lay, space)
        figures = figure_area(lay, space)
        assert rect.contains(tag), (space, tag, rect)
        assert rect.contains(figures), (space, figures, rect)
        assert not tag.colliderect(figures), (space, tag, figures)
        assert tag.height >= lay.fonts.body, (space, tag)  # still big enough to read


@pytest.mark.parametrize(("size", "seats"), CASES)
def test_a_tooltip_over_a_space_leaves_its_figures_in_view(size, seats):
    """Any pointer position on a space, tooltips from a line to a tall box, as wide as the
    widest one draw_tooltip makes (a third of the window)."""
    lay = table_layout(size, seats)
    window = Rect((0, 0), size)
    gap = lay.fonts.small
    boxes = [(size[0] // 3, lay.fonts.small * k) for k in (2, 6, 12)] + [(gap * 8, gap * 2)]
    for space, rect in lay.spaces.items():
        figures = figure_area(lay, space)
        for fx in (0.05, 0.5, 0.95):
            for fy in (0.05, 0.5, 0.8, 0.99):
                pointer = (rect.left + int(rect.width * fx), rect.top + int(rect.height * fy))
                for box in boxes:
                    placed = tooltip_place(box, pointer, figures, window, gap)
                    assert window.contains(placed)
                    assert placed.size == box
                    assert not placed.colliderect(figures), (space, pointer, box, placed)


def test_a_tooltip_elsewhere_stays_below_right_of_the_pointer():
    placed = tooltip_place((200, 80), (100, 100), None, Rect(0, 0, 1024, 640), 12)
    assert placed.topleft == (112, 112)


def _area_pixels(surface: pygame.Surface, area: Rect) -> bytes:
    """The pixels of ``area`` but its outer 4 px (a card's ring sits in the card's corner,
    where the rounded highlight around the card curves in over the ring's empty corner)."""
    return pygame.image.tobytes(surface.subsurface(area.inflate(-8, -8)), "RGB")


def test_drawn_use_now_tags_leave_every_figure_visible(app):
    """On the drawn table of the action phase (the hunting grounds shared by two colours), the
    figures' pixels are the same with and without the human's controls."""
    build_scene(app, "resolve", 3)
    scene = app.top
    assert isinstance(scene, TableScene)
    scene.update(0.0)
    control = scene.hands.controls[0]
    assert isinstance(control, ResolveControl) and len(control.spaces) >= 3
    with_tags = pygame.Surface(app.size)
    app.draw(with_tags)
    controls, scene.hands.controls = scene.hands.controls, []
    without = pygame.Surface(app.size)
    app.draw(without)
    scene.hands.controls = controls
    for space in control.spaces:
        area = figure_area(scene.lay, space)
        assert _area_pixels(with_tags, area) == _area_pixels(without, area), space


def test_drawn_tooltip_leaves_the_hovered_space_figures_visible(app):
    """The preview tooltip over the forest (carrying three figures) leaves its rings as they
    were; the tooltip is drawn (somewhere else)."""
    build_scene(app, "preview", 3)
    scene = app.top
    assert isinstance(scene, TableScene)
    forest = scene.lay.spaces[4]
    area = figure_area(scene.lay, 4)
    for pointer in (forest.center, (forest.centerx, area.top - 4), forest.topleft):
        scene.mouse = (pointer[0] + 1, pointer[1] + 1)
        assert scene.painter.tooltip()
        shown = pygame.Surface(app.size)
        app.draw(shown)
        tip, scene.painter.tooltip = scene.painter.tooltip, lambda: ""  # type: ignore[method-assign]
        plain = pygame.Surface(app.size)
        app.draw(plain)
        del scene.painter.tooltip
        assert tip() and _area_pixels(shown, area) == _area_pixels(plain, area)
        assert shown.get_view("2").raw != plain.get_view("2").raw  # the tooltip is there
