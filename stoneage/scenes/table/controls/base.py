"""The human's controls at the table: what every one of them offers the table, as a ``Protocol``.

A control is something on screen the human uses to choose an action: the figures to drag onto
the board (``placing.PlacementControl``), the spaces to use next (``placing.ResolveControl``),
the dialogs for tools, payments, feeding and the dice for items (``dialogs``, ``payment``) and
the small choosers over them (``placing.CountChooser``, ``dialogs.TakeTwoDialog``). The table
talks to every control through ``Control`` alone; ``ControlBase`` gives the defaults a control
that has nothing to say about a part of it keeps.

A control never decides a rule: it offers exactly what ``legal_actions()`` holds (``offered``)
and hands the chosen action to ``Act``, the table's door to the rules, which answers whether
the rules took it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

import pygame
from pygame import Rect

from stoneage.play.names import engine_reason
from stoneage.rules import Action, ActionError, GameState
from stoneage.ui.widgets import Button

#: The table's door to the rules: apply the human's choice; True when the rules took it.
Act = Callable[[Action], bool]


@runtime_checkable
class Control(Protocol):
    """What the table asks of every control on screen."""

    hint: str  # what to do, for the status line
    modal: bool  # True for a chooser that takes every click while it is open

    @property
    def closed(self) -> bool:
        """True once a chooser has closed itself (the table then drops it)."""
        ...

    @property
    def area(self) -> Rect | None:
        """The panel the control shows over the board (None: it has none), kept clear of tips
        and lit by the lesson."""
        ...

    @property
    def hover_note(self) -> str:
        """What the thing under the pointer would do ('' for nothing), for the status line."""
        ...

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event; True when used."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw over the table."""
        ...

    def offered(self) -> set[Action]:
        """Every action this control can emit."""
        ...

    def all_buttons(self) -> list[Button]:
        """The buttons this control shows (for tooltips and clicks)."""
        ...

    def default_button(self) -> Button | None:
        """What Enter presses (None: Enter does nothing)."""
        ...

    def cancel_drag(self) -> bool:
        """Esc: put down whatever is carried; True if something was."""
        ...


class ControlBase:
    """The defaults of a control: no panel, no note, no drag, its own ``buttons`` only, Enter
    on the first enabled primary button."""

    hint: str = ""
    modal: bool = False
    buttons: list[Button]

    def __init__(self) -> None:
        self.buttons = []
        self._closed = False

    @property
    def closed(self) -> bool:
        """True once the control closed itself."""
        return self._closed

    @property
    def area(self) -> Rect | None:
        """No panel of its own."""
        return None

    @property
    def hover_note(self) -> str:
        """Nothing to say about the pointer."""
        return ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Nothing to react to."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw."""

    def offered(self) -> set[Action]:
        """Nothing offered."""
        return set()

    def all_buttons(self) -> list[Button]:
        """The control's buttons."""
        return list(self.buttons)

    def default_button(self) -> Button | None:
        """The first enabled primary button."""
        return next((b for b in self.buttons if b.primary and b.enabled), None)

    def cancel_drag(self) -> bool:
        """Nothing is ever carried."""
        return False


def reason_for(state: GameState, action: Action, seat: int) -> str | None:
    """The rules engine's reason why ``action`` is refused now (None if it is legal)."""
    try:
        state.apply(action, seat=seat)
    except ActionError as error:
        return engine_reason(error)
    return None
