"""The table as it was at one moment of the reviewed game, drawn by the table's own pictures
(``TableRenderer`` and ``StatusBar``) in the area the review gives it, with a ring around
the space the player chose and one around Hard's choice."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from stoneage.i18n import _, pgettext
from stoneage.play.seats import Seat
from stoneage.rules import Action, GameState, Place, Resolve
from stoneage.scenes.table.drawing.picture import TableRenderer
from stoneage.scenes.table.drawing.status import StatusBar
from stoneage.scenes.table.painter import active_seat
from stoneage.ui import assets, theme
from stoneage.ui.layout import MIN_SMALL, TableLayout, table_frame, table_layout, unit_for
from stoneage.ui.widgets import draw_panel, draw_text

#: The smallest scale the table's own layout is made for (its 1024x640 window): an area
#: smaller than that gets the table drawn at that scale and shrunk to fit, so nothing of it
#: spills out of its boxes (it keeps its proportions, as a picture of the table).
LEAST_UNIT = 0.8


def drawn_size(area: tuple[int, int]) -> tuple[tuple[int, int], float]:
    """The size the table is laid out at for an area of ``area``, and the factor that brings
    it back to the area (1 when the area is large enough for the table as it is)."""
    unit = unit_for(table_frame(area).size)
    if unit >= LEAST_UNIT:
        return area, 1.0
    grow = LEAST_UNIT / unit
    return (round(area[0] * grow), round(area[1] * grow)), 1 / grow


class BoardView:
    """The table of ``seats`` laid out for ``area`` (window coordinates), showing one state."""

    def __init__(self, area: Rect, seats: Sequence[Seat]) -> None:
        self.area = Rect(area)
        self.seats = list(seats)
        size, self.scale = drawn_size(self.area.size)
        self.lay: TableLayout = table_layout(size, len(self.seats))
        self.table = TableRenderer(self.lay, self.seats)
        self.status = StatusBar(self.lay)
        self.picture = pygame.Surface(size)  # the table with its status bar, at the laid-out size
        self.shown = pygame.Surface(self.area.size)  # that picture at the area's size
        self.rings: list[tuple[int, str, tuple[int, int, int]]] = []  # space, tag, colour

    def show(
        self,
        state: GameState,
        log: Sequence[str],
        banner: tuple[str, int | None],
        line: str,
    ) -> None:
        """Bring the pictures up to ``state`` with the recent moves ``log``, the status bar's
        ``banner`` (words and seat) and the ``line`` under it."""
        self.table.refresh(state, active_seat(state), tuple(log))
        self.status.refresh(state, self.seats, banner, line, False)
        self.picture.blit(self.table.surface, (0, 0))
        self.picture.blit(self.status.surface, self.lay.status.rect)
        if self.scale == 1.0:
            self.shown = self.picture
        else:
            self.shown = pygame.transform.smoothscale(self.picture, self.area.size)

    def mark(self, chosen: Action | None, best: Action | None, colour: str) -> None:
        """Rings around the spaces of the player's move (in the seat's ``colour``) and of
        Hard's, when those moves name a space; none for other decisions."""
        rings: list[tuple[int, str, tuple[int, int, int]]] = []
        mine = _space_of(chosen)
        hard = _space_of(best)
        if mine is not None and mine == hard:
            rings.append((mine, _("You and Hard"), theme.HINT))
        else:
            if hard is not None:
                rings.append((hard, pgettext("the Hard bot", "Hard"), theme.HINT))
            if mine is not None:
                rings.append((mine, _("You"), theme.PLAYER_COLOURS[colour]))
        self.rings = rings

    def draw(self, surface: pygame.Surface) -> None:
        """The table, its status bar and the rings, in the area."""
        surface.blit(self.shown, self.area.topleft)
        for space, tag, colour in self.rings:
            self._ring(surface, space, tag, colour)

    def _ring(
        self, surface: pygame.Surface, space: int, tag: str, colour: tuple[int, int, int]
    ) -> None:
        """A thick ring around ``space`` with its ``tag`` on top, as the Hint draws it."""
        rect = self.lay.spaces.get(space)
        if rect is None:
            return
        width = max(3, round(self.lay.margin * self.scale) // 2)
        ring = Rect(
            self.area.left + round(rect.left * self.scale),
            self.area.top + round(rect.top * self.scale),
            round(rect.width * self.scale),
            round(rect.height * self.scale),
        ).inflate(width * 3, width * 3)
        pygame.draw.rect(surface, theme.CHARCOAL, ring, width + 2, border_radius=14)
        pygame.draw.rect(surface, colour, ring.inflate(-2, -2), width, border_radius=13)
        size = max(MIN_SMALL, round(self.lay.fonts.small * self.scale))
        box = Rect(0, 0, assets.text_width(tag, size, True) + 2 * width + 4, 0)
        box.height = assets.font(size, True).get_linesize()
        box.center = (ring.centerx, ring.top)
        box.clamp_ip(self.area)
        draw_panel(surface, box, colour, theme.CHARCOAL, 1, box.height // 2)
        draw_text(surface, tag, box.center, size, theme.text_on(colour), True, "center")


def _space_of(action: Action | None) -> int | None:
    """The board space a move names (figures placed or used there), else None."""
    if isinstance(action, (Place, Resolve)):
        return action.space
    return None
