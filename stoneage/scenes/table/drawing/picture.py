"""The table picture, kept between frames and redrawn piece by piece.

Each board space, the deck, each player panel and the log is an element with a key (what its
picture depends on). ``refresh`` redraws only the elements whose key changed, over the static
background, each clipped to its own area so that neighbours are never touched. An action
typically changes one space and one or two panels, so the table catches up in a few
milliseconds even at 1920x1080.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial

import pygame
from pygame import Rect

from stoneage.play.seats import Seat
from stoneage.rules import GameState, data
from stoneage.scenes.table.drawing.board import (
    Waiting,
    deck_rect,
    draw_board_base,
    draw_deck,
    draw_space,
    space_key,
)
from stoneage.scenes.table.drawing.panels import draw_panel_of, warm_panel_icons
from stoneage.scenes.table.drawing.pieces import building_face, card_face
from stoneage.scenes.table.drawing.status import draw_log
from stoneage.ui import assets, theme
from stoneage.ui.layout import CAPACITY, TableLayout, card_parts, space_parts, stack_parts

#: One element of the table: its name, the key its picture depends on (redrawn when it changes),
#: the area it covers and how to paint it.
Element = tuple[object, object, Rect, Callable[[], object]]


class TableRenderer:
    """Board, panels and log for one layout and seating, redrawn where they changed."""

    def __init__(self, lay: TableLayout, seats: list[Seat], warm: bool = True) -> None:
        self.lay, self.seats = lay, seats
        self.colours = [s.colour for s in seats]
        display_ready = pygame.display.get_surface() is not None
        self.background = pygame.Surface(lay.size)
        self.surface = pygame.Surface(lay.size)
        if display_ready:
            self.background, self.surface = self.background.convert(), self.surface.convert()
        self.background.fill(theme.TABLE)
        draw_board_base(self.background, lay)
        if warm:
            self.warm_caches()
        self.surface.blit(self.background, (0, 0))
        self.keys: dict[object, object] = {}

    def warm_caches(self) -> None:
        """Render every card, building and icon once now (a few hundred milliseconds when the
        game starts) rather than the first time each turns up mid-animation."""
        lay = self.lay
        card = card_parts(lay.spaces[data.CARD_SPACES[0]], lay.unit)
        for card_id in data.card_ids():
            card_face(self.surface, card.card, card.effect, card.bottom, card_id, lay.fonts.small)
        tile = stack_parts(lay.spaces[data.BUILDING_SPACES[0]], lay.unit).tile
        for tile_id in data.building_ids():
            building_face(self.surface, tile, tile_id, lay.fonts.small)
        warm_panel_icons(lay, self.colours)
        rings = [
            space_parts(lay.spaces[s], CAPACITY[s], lay.unit).rings[0]
            for s in (data.TOOL_MAKER, data.FOREST)
        ]
        rings += [card.ring, stack_parts(lay.spaces[data.BUILDING_SPACES[0]], lay.unit).ring]
        crowd = space_parts(lay.spaces[data.HUNT], 0, lay.unit).crowd
        sizes = [r.inflate(-2, -2).size for r in rings] + [(crowd.height, crowd.height)]
        for colour in self.colours:  # figures on rings and in the hunting crowd
            for size in sizes:
                assets.image(theme.worker_image(colour), size)
        for name in (
            "wood",
            "brick",
            "stone",
            "gold",
            "food",
            "food_track",
            "tool",
            "tool_card",
            "person",
            "score",
        ):
            assets.image(name, lay.icon)
        for colour in self.colours:
            assets.image(theme.worker_image(colour), lay.figure * 3 // 2)

    def _area(self, rect: Rect) -> Rect:
        """An element's own area: its rect and half the gap around it."""
        grow = max(0, self.lay.margin - 2)
        return rect.inflate(grow, grow)

    def _redraw(
        self, name: object, key: object, area: Rect, paint: Callable[[], object]
    ) -> list[Rect]:
        if self.keys.get(name) == key:
            return []
        self.keys[name] = key
        self.surface.set_clip(area)
        self.surface.blit(self.background, area, area)
        paint()
        self.surface.set_clip(None)
        return [area]

    def refresh(
        self,
        state: GameState,
        active: int | None,
        log: tuple[str, ...],
        budget: float | None = None,
        working: tuple[int, Waiting] | None = None,
        newer: int = 0,
    ) -> tuple[list[Rect], bool]:
        """Bring the picture up to ``state``: the areas redrawn, and whether it is complete.
        ``working``: a space and the figures still working there, their dice not rolled yet
        (the rules took them off when the space was chosen; the lesson waits for a click).

        With a ``budget`` (seconds) it stops once that much time is spent, so a frame of an
        animation never waits for a whole new table (a new round changes every element);
        the caller asks again next frame for the rest. ``newer``: lines after ``log`` that
        wait below the log box (the player scrolled it back).
        """
        changed: list[Rect] = []
        deadline = time.perf_counter() + budget if budget is not None else None
        for name, key, area, paint in self._elements(state, active, log, working, newer):
            if deadline is not None and changed and time.perf_counter() > deadline:
                return changed, False
            changed += self._redraw(name, key, area, paint)
        return changed, True

    def _elements(
        self,
        state: GameState,
        active: int | None,
        log: tuple[str, ...],
        working: tuple[int, Waiting] | None,
        newer: int = 0,
    ) -> Iterator[Element]:
        """(name, key, area, paint) for every element of the table, in drawing order."""
        lay, surface = self.lay, self.surface
        for space, rect in lay.spaces.items():
            waiting = working[1] if working is not None and working[0] == space else None
            yield (
                ("space", space),
                (space_key(state, space), waiting),
                self._area(rect),
                partial(draw_space, surface, lay, state, space, self.colours, waiting),
            )
        deck = deck_rect(lay).union(lay.deck)
        yield (
            "deck",
            state.deck_size,
            deck.inflate(lay.margin, 0),
            lambda: draw_deck(surface, lay, state),
        )
        for seat, rect in enumerate(lay.panels):
            out = working[1][1] if working is not None and working[1][0] == seat else 0
            key = (
                state.players[seat].key(),
                state.start == seat,
                active == seat,
                state.available_people(seat),
                out,
            )
            yield (
                ("panel", seat),
                key,
                rect.inflate(lay.margin, lay.margin),
                partial(
                    draw_panel_of, surface, lay, state, self.seats, seat, rect, seat == active, out
                ),
            )
        if lay.log.height:
            yield "log", (log, newer), lay.log, lambda: draw_log(surface, lay, list(log), newer)
