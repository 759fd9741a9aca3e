"""The table's words keep to their boxes at the smallest window (1024x640) in every language:
each text is drawn inside the box it belongs to (``widgets.text_box``: a space, a card slot's
price band, a player board's line, a part of the status bar, the recent moves, a dialog, a die
of the dice for items, a tip), over the positions of whole games played by every kind of
decision; the status line never runs under the toolbar; the card prices share one size."""

from __future__ import annotations

import pygame
import pytest

from stoneage import i18n
from stoneage.i18n import ngettext
from stoneage.rules import RollItemDice, RollItems
from stoneage.scenes.table.scene import TableScene
from stoneage.ui import theme
from stoneage.ui.layout import MIN_SMALL
from tests.random_games import random_play
from tests.scenes.table.controls.test_controls import humans, show

from .conftest import LANGS

SMALLEST = (1024, 640)
EVERY = 6  # every sixth decision of each game is drawn (a few hundred positions a language)
FEEDING = (
    "The people ate: Tharn 5 food (all from food production, 1 left over), You 7 food (3 from "
    "food production), Grok 7 food (6 from food production), Ayla 7 food (4 from food production)."
)


def positions(n: int, seed: int):
    """Every state of a random game of ``n`` seats, chance drawn by a seeded generator."""
    return (before for before, _after in random_play(n, seed))


def decisions(n: int, seed: int, every: int):
    """Every ``every``-th decision of a seat in that game, and each roll of dice for items
    turned to show every item (a die of each face)."""
    index = 0
    for state in positions(n, seed):
        if isinstance(state.decision(), RollItemDice) and n >= 4:
            yield state.apply(RollItems((1, 5, 6, 6)))
            yield state.apply(RollItems((2, 3, 4, 6)))
            continue
        if state.current_player() < 0:
            continue
        if index % every == 0:
            yield state
        index += 1


def draw(app, scene: TableScene) -> pygame.Surface:
    surface = pygame.Surface(app.size)
    scene.painter.refresh()
    app.draw(surface)
    return surface


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [4, 2])
def test_no_text_of_the_table_leaves_its_box_at_1024x640(lang, players, make_app, overflows):
    app = make_app(lang, SMALLEST)
    assert i18n.current_language() == lang
    scene = TableScene(app, humans(players), seed=7, threaded=False)
    app.push(scene)
    drawn = 0
    for seed in (7, 8):
        for state in decisions(players, seed, EVERY):
            show(scene, state)
            draw(app, scene)
            drawn += 1
    assert drawn > 100
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_line_never_runs_under_the_toolbar(lang, make_app, overflows):
    """A line three times the status line's width (a round's feeding at four players) is cut
    short inside its box; no ink of it lies between the box and the window's edge."""
    app = make_app(lang, SMALLEST)
    scene = TableScene(app, humans(4), seed=7, threaded=False)
    app.push(scene)
    show(scene, next(decisions(4, 7, 1)))
    scene.hands.error = i18n._(FEEDING) + " " + i18n._(FEEDING)
    draw(app, scene)
    area = scene.lay.status.hint
    picture = scene.status.surface
    ink = [
        (x, y)
        for y in range(area.top + 2, area.bottom - 4)
        for x in range(area.right, picture.get_width())
        if picture.get_at((x, y))[:3] != theme.UMBER_DARK
    ]
    assert ink == []
    assert scene.status.cut
    assert [(text, tuple(box)) for text, _drawn, box in overflows] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_prices_are_drawn_at_one_readable_size(lang, make_app, shrunk, monkeypatch):
    from stoneage.ui import widgets

    sizes: dict[str, int] = {}
    real = widgets.draw_text

    def noting(surface, message, pos, size, *rest, **named):
        sizes[message] = size
        return real(surface, message, pos, size, *rest, **named)

    monkeypatch.setattr(widgets, "draw_text", noting)
    app = make_app(lang, SMALLEST)
    scene = TableScene(app, humans(4), seed=7, threaded=False)
    app.push(scene)
    show(scene, next(decisions(4, 7, 1)))
    draw(app, scene)
    prices = [
        ngettext("costs {n} resource", "costs {n} resources", n).format(n=n) for n in range(1, 5)
    ]
    drawn = {sizes[price] for price in prices if price in sizes}
    assert len(drawn) == 1 and min(drawn) >= MIN_SMALL, sizes
