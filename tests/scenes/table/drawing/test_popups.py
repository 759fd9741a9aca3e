"""Pop-up amounts ("+1 stone", "-3 food") and a roll's dice and sum cover nothing a player reads
(issue 45 point 3: they covered the figure count and the tools, and the sum of many dice the
space's "2 pips = 1 food"): on a player board they lie where the board as the step leaves it
has no ink, from where they appear to the top of their rise, in three languages at 1024x640
and at 1920x1080; on a space, the dice and their sum stay inside its picture."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from stoneage import i18n
from stoneage.play.seats import Seat
from stoneage.rules.data import GATHER_SPACES
from stoneage.scenes.table.drawing.motion import DiceRoll, Motion, deltas
from stoneage.scenes.table.drawing.panels import draw_panel_of
from stoneage.ui import theme
from stoneage.ui.layout import CAPACITY, panel_parts, space_parts, table_layout
from tests.random_games import random_play

COLOURS = ("red", "blue", "green", "yellow")


def seats(n: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}", COLOURS[i], "bot" if i else "human") for i in range(n)]


def ink_in(lay, state, table_seats, index: int, area: Rect) -> int:
    """Pixels of ``area`` where the seat's panel has ink (drawn framed and not)."""
    surface = pygame.Surface(lay.size)
    count = 0
    for active in (False, True):
        surface.fill((0, 0, 0))
        draw_panel_of(surface, lay, state, table_seats, index, lay.panels[index], active)
        fill = theme.PARCHMENT_LIGHT if active else theme.PARCHMENT
        mask = pygame.mask.from_threshold(surface.subsurface(area), fill, (14, 14, 14, 255))
        count += area.width * area.height - mask.count()
    return count


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", (1024, 640)), ("zh", (1024, 640)), ("ja", (1024, 640)), ("en", (1920, 1080))],
)
def test_pop_up_amounts_cover_nothing_on_a_player_board(app, lang, size):
    i18n.install_language(lang)
    try:
        lay = table_layout(size, 4)
        table_seats = seats(4)
        motion = Motion(lay, table_seats, 1.0, lambda s: s)
        shown = 0
        for seed in (3, 4):
            for before, after in random_play(4, seed):
                for seat in range(4):
                    changes = deltas(before, after, seat)
                    if not changes:
                        continue
                    parts = panel_parts(lay.panels[seat], lay.unit)
                    popups = motion.popups(after, seat, changes)
                    assert popups, (seat, changes)
                    for picture, (x, y), rise in popups:
                        start = picture.get_rect(center=(x, y))
                        area = start.union(start.move(0, -rise))
                        assert lay.panels[seat].contains(area)
                        assert not area.colliderect(parts.count)  # the figure count
                        assert not area.colliderect(parts.rows[0])  # figures and food
                        assert ink_in(lay, after, table_seats, seat, area) == 0, (
                            changes,
                            area,
                        )
                        shown += 1
        assert shown > 500
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_rolls_dice_and_sum_stay_inside_the_spaces_picture(app, size):
    lay = table_layout(size, 4)
    motion = Motion(lay, seats(4), 1.0, lambda s: s)
    for space in GATHER_SPACES:
        art = space_parts(lay.spaces[space], CAPACITY[space], lay.unit).art
        for dice in range(1, 11):
            roll = DiceRoll(space, dice, 3 * dice, 9)
            (x, y), die, label = motion.dice_places(roll)
            rows = (dice + 3) // 4
            faces = Rect(0, 0, round(min(dice, 4) * die * 1.1), round(rows * die * 1.1))
            faces.center = (x, y)
            assert art.contains(label), (space, dice, label, art)
            assert art.contains(faces.inflate(-die // 5, -die // 5)), (space, dice, faces, art)
            assert not faces.inflate(-die // 5, -die // 5).colliderect(label)
