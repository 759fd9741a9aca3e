"""The human's hands at the table: the controls for the decision on screen, and the small
chooser (how many figures, the two-resources card) open over them.

``build`` makes the control that fits what is being decided (``state.decision()``): the figures
to place, the spaces to use, or the dialog for tools, a payment, feeding or the dice for items,
plus the two-resources card's button where it may be used. The controls offer exactly the legal
actions and hand the chosen one to the table's ``act``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from stoneage.rules import (
    Action,
    ChooseTools,
    FeedPeople,
    GameState,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    TakeTwo,
)
from stoneage.scenes.table.controls.base import Act, Control
from stoneage.scenes.table.controls.dialogs import ItemsDialog, TakeTwoButton, ToolsDialog
from stoneage.scenes.table.controls.payment import FeedDialog, PayDialog
from stoneage.scenes.table.controls.placing import CountChooser, PlacementControl, ResolveControl
from stoneage.ui.layout import TableLayout, panel_parts
from stoneage.ui.widgets import Button

SnapBack = Callable[[tuple[int, int], tuple[int, int], int], None]


@dataclass(frozen=True)
class Asking:
    """The human ``seat`` asked to decide in ``state`` on the table ``lay``, and what its
    controls need to offer the choice and hand it back."""

    lay: TableLayout
    state: GameState
    seat: int
    names: list[str]  # the seats' names (the dice for items name who picks)
    colour: str  # the seat's colour (its figures to drag)
    act: Act  # where a chosen action goes
    snap_back: SnapBack  # figures dropped off a space fly home
    suggestion: Callable[[], Action | None]  # a payment or feeding dialog's first choice
    last_roll: tuple[int, list[int]] | None  # (space, faces): the dice in the tools dialog


class Hands:
    """The controls on screen and the chooser over them (see the module's docstring)."""

    def __init__(self) -> None:
        self.controls: list[Control] = []
        self.popup: Control | None = None
        self.state: GameState | None = None  # the state the controls were made for
        self.error = ""  # the rules' reason for the last refused choice
        # A word on the last choice taken (a figure on a card its owner cannot pay for yet),
        # shown like a refusal until the next click.
        self.warning = ""

    # --- making them -------------------------------------------------------------------------------
    def clear(self) -> None:
        """No controls (the table moves, or the decision passed)."""
        self.controls, self.popup, self.state = [], None, None

    def build(self, asking: Asking) -> None:
        """The controls for the human asked to decide (``asking``), plus the two-resources
        card's button where that card may be used now."""
        state, lay = asking.state, asking.lay
        self.state, self.popup = state, None
        self.controls = [self._main_control(asking)]
        if any(isinstance(a, TakeTwo) for a in state.legal_actions()):
            rect = panel_parts(lay.panels[asking.seat], lay.unit).two_res
            self.controls.append(
                TakeTwoButton(rect, lay, state, asking.act, self.open_popup, self.close_popup)
            )

    def hold(self, control: Control) -> None:
        """Only ``control`` on screen, made for no decision (a roll held until seen)."""
        self.controls, self.popup, self.state = [control], None, None

    def made_nothing_for(self, state: GameState) -> None:
        """No controls now, as if made for ``state`` (the lesson holds them back)."""
        self.controls, self.popup, self.state = [], None, state

    def _main_control(self, asking: Asking) -> Control:
        lay, state, seat, act = asking.lay, asking.state, asking.seat, asking.act
        last_roll, suggestion = asking.last_roll, asking.suggestion
        decision = state.decision()
        if isinstance(decision, ChooseTools):
            faces = (
                last_roll[1] if last_roll is not None and last_roll[0] == decision.space else None
            )
            return ToolsDialog(lay, state, act, faces)
        if isinstance(decision, (PayForCard, PayForBuilding)):
            return PayDialog(lay, state, seat, act, suggestion())
        if isinstance(decision, FeedPeople):
            return FeedDialog(lay, state, seat, act, suggestion())
        if isinstance(decision, PickItemDie):
            return ItemsDialog(lay, state, asking.names, act)
        if state.placing():
            return PlacementControl(
                lay, state, seat, asking.colour, act, self.open_popup, asking.snap_back
            )
        return ResolveControl(lay, state, seat, act)

    # --- reading them -------------------------------------------------------------------------------
    def placing(self) -> PlacementControl | None:
        """The human's figures being placed, if that is the decision now."""
        return next((c for c in self.controls if isinstance(c, PlacementControl)), None)

    def main(self) -> Control | None:
        """The control of the decision (not the two-resources card's button)."""
        return self.controls[0] if self.controls else None

    def dialog_area(self) -> pygame.Rect | None:
        """The panel of the decision's dialog, if one is open."""
        main = self.main()
        return main.area if main is not None else None

    def offered(self) -> set[Action]:
        """Every action the controls on screen can emit (tests compare it to legal_actions)."""
        found: set[Action] = set()
        for control in self.controls + ([self.popup] if self.popup else []):
            found |= control.offered()
        return found

    def all_buttons(self) -> list[Button]:
        """The buttons of the chooser and the controls."""
        found: list[Button] = []
        for control in ([self.popup] if self.popup else []) + self.controls:
            found += control.all_buttons()
        return found

    def hover_note(self) -> str:
        """What the thing under the pointer would do, from the first control that says."""
        return next((note for note in (c.hover_note for c in self.controls) if note), "")

    def hint(self) -> str:
        """What to do now: the chooser's words, else the thing under the pointer, else the
        decision's ('' without controls)."""
        if self.popup is not None:
            return self.popup.hint
        note = self.hover_note()
        if note:
            return note
        return self.controls[0].hint if self.controls else ""

    # --- using them ---------------------------------------------------------------------------------
    def open_popup(self, popup: Control) -> None:
        """Show a small modal chooser (count of figures, two-resources card)."""
        self.popup = popup

    def close_popup(self) -> None:
        """Close the modal chooser."""
        self.popup = None

    def handle_popup(self, event: pygame.event.Event) -> bool:
        """An event for the open chooser: True when it took it (a chooser takes every click
        while open)."""
        popup = self.popup
        if popup is None:
            return False
        used = popup.handle(event)
        if popup.closed and self.popup is popup:
            self.popup = None
        return used or popup.modal

    def handle_controls(self, event: pygame.event.Event) -> bool:
        """An event for the controls: True when one used it."""
        return any(control.handle(event) for control in list(self.controls))

    def escape(self) -> bool:
        """Esc: close the chooser, or put down the figures carried; False when neither."""
        if self.popup is not None:
            self.popup = None
            return True
        return any(control.cancel_drag() for control in self.controls)

    def confirm(self) -> bool:
        """Enter: the default button of the open chooser or dialog."""
        for control in ([self.popup] if self.popup else []) + self.controls:
            button = control.default_button()
            if button is not None and button.enabled and button.on_click:
                button.on_click()
                return True
        return False

    def choose_count(self, count: int) -> bool:
        """1-9: place that many on the space of the open chooser, or carry that many."""
        if isinstance(self.popup, CountChooser):
            if count in self.popup.counts:
                self.popup.choose(count)
            return True
        placing = self.placing()
        if placing is not None:
            placing.set_carry(count)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The controls (the first on top)."""
        for control in reversed(self.controls):
            control.draw(surface)

    def draw_popup(self, surface: pygame.Surface) -> None:
        """The chooser, over everything of the table."""
        if self.popup is not None:
            self.popup.draw(surface)
