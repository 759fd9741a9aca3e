"""What a kind of game puts over the table: a ``TableLayer`` (the guided game's bubble in
``lesson/``, a network seat's words in ``online/``), or nothing (``PlainLayer``). The table asks
its layer at the few points where kinds of game differ on screen and in the input, so that the
scene itself never branches on them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from stoneage.rules import GameState
from stoneage.scenes.table.drawing.board import Waiting
from stoneage.scenes.table.session.keeper import Keeper


class Drawing(Protocol):
    """What the plain layer asks of the table's painter."""

    def draw(self, surface: pygame.Surface, with_tooltip: bool = True) -> None:
        """The whole table on ``surface``."""


#: What a layer hands the table's own routing of an event (``TableInput.handle_table``).
TableHandle = Callable[[pygame.event.Event], bool]


class TableLayer(Protocol):
    """What a kind of game adds over the table: its own drawing and input, and the few points
    where the table asks it (see the module's docstring)."""

    def begin(self) -> None:
        """The table opened (its parts are made)."""

    def lay_out(self) -> None:
        """A new layout (a resize, another language)."""

    def update(self) -> bool:
        """A frame passed; True when what the layer shows changed (a whole new frame)."""

    def waiting(self) -> bool:
        """True while the layer waits for the player (no frames needed but for animations)."""

    def handle(self, event: pygame.event.Event, table_handle: TableHandle) -> bool:
        """``event`` for the layer first, then (unless it took it) for ``table_handle``."""

    def draw(self, surface: pygame.Surface) -> None:
        """The table on ``surface``, with whatever the layer puts over it."""

    def banner(self, shown: GameState) -> tuple[str, int | None] | None:
        """The banner's words instead of the table's own (None: the table's)."""

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """Figures still at work on a space until a roll (None: as the state has them)."""

    def keep(self, keeper: Keeper) -> bool:
        """Keep what the layer keeps instead of the autosave (True), or let it run (False)."""


class PlainLayer:
    """Nothing over the table: it draws itself and takes every event."""

    def __init__(self, painter: Drawing) -> None:
        self.painter = painter

    def begin(self) -> None:
        """Nothing to begin."""

    def lay_out(self) -> None:
        """Nothing to lay out."""

    def update(self) -> bool:
        """Nothing changes by itself."""
        return False

    def waiting(self) -> bool:
        """Never waits: the table's own rules for frames apply."""
        return False

    def handle(self, event: pygame.event.Event, table_handle: TableHandle) -> bool:
        """Every event is the table's."""
        return table_handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The table alone."""
        self.painter.draw(surface)

    def banner(self, shown: GameState) -> tuple[str, int | None] | None:
        """The table's own banner."""
        return None

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """The figures where the state has them."""
        return None

    def keep(self, keeper: Keeper) -> bool:
        """The ordinary autosave."""
        return False
