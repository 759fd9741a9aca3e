"""Tooltips: what the space, card, building or player board under the mouse is, in words."""

from __future__ import annotations

from stoneage.play.seats import Seat
from stoneage.rules import GameState
from stoneage.scenes.table.drawing.board import space_at
from stoneage.scenes.table.drawing.panels import panel_tooltip
from stoneage.scenes.table.drawing.pieces import building_tooltip, card_tooltip, space_tooltip
from stoneage.ui.layout import TableLayout, panel_parts


def tooltip_at(lay: TableLayout, state: GameState, seats: list[Seat], pos: tuple[int, int]) -> str:
    """The words for whatever is at ``pos`` ('' for nothing worth explaining)."""
    space = space_at(lay, pos)
    card = state.display[space - 8] if space is not None and 8 <= space < 12 else None
    if card:
        return card_tooltip(card)
    tile = state.tops[space - 12] if space is not None and space >= 12 else None
    if tile:
        return building_tooltip(tile)
    if space is not None and space < 8:
        return space_tooltip(state, space)
    for seat, rect in enumerate(lay.panels):
        if rect.collidepoint(pos) and not panel_parts(rect, lay.unit).figures.collidepoint(pos):
            return panel_tooltip(state, seats, seat)
    return ""
