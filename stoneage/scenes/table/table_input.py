"""The keyboard and the mouse at the table, routed to the parts that use them.

The layer over the table (the lesson's bubble) hears every event first. Then the order: a
click on a first-game tip closes it and goes no further (the table under the tip never
hears it: a figure landed on the card below); bots playing
alone take only leaving, the log and tooltips; a hotseat announcement waits for its human;
keys reach the table also while a chooser is open (Esc closes the chooser); then the chooser,
the toolbar, the keys, and the controls. The keys are one table (``KEYS``): Esc menu (or
closes a chooser, or puts down carried figures), Ctrl+Z undo, Enter confirms, H hint, L log,
1-9 the number of figures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from stoneage.rules import GameState
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.table.controls.hands import Hands
from stoneage.scenes.table.controls.toolbar import Toolbar
from stoneage.scenes.table.drawing.tips import TipToast
from stoneage.scenes.table.session.mode import TableMode
from stoneage.scenes.table.session.turns import Turns
from stoneage.scenes.table.telling.announcer import TableAnnouncer
from stoneage.scenes.table.telling.table_log import TableLog
from stoneage.ui.anim import Timeline
from stoneage.ui.layout import TableLayout
from stoneage.ui.widgets import Button


class InputLayer(Protocol):
    """What the input asks of the layer over the table: it hears every event first."""

    def handle(
        self, event: pygame.event.Event, table_handle: Callable[[pygame.event.Event], bool]
    ) -> bool:
        """``event`` for the layer first, then (unless it took it) for ``table_handle``."""


class InputPainter(Protocol):
    """What the input asks of the painter: what is under the pointer."""

    def all_buttons(self) -> list[Button]:
        """Every button on screen now."""

    def tooltip(self) -> str:
        """Words for what is under the pointer ('' for none)."""


class InputTable(Protocol):
    """What the input reads and calls of the table: its parts and its commands, not the whole
    scene."""

    mouse: tuple[int, int]

    @property
    def app(self) -> SceneHost:
        """The application (its wake-up event)."""

    @property
    def mode(self) -> TableMode:
        """What kind of table (bots alone take only leaving, the log and tooltips)."""

    @property
    def hands(self) -> Hands:
        """The human's controls."""

    @property
    def toolbar(self) -> Toolbar:
        """The table's own buttons."""

    @property
    def turns(self) -> Turns:
        """The hotseat announcement."""

    @property
    def timeline(self) -> Timeline[GameState]:
        """The animations (the controls wait for them)."""

    @property
    def announcer(self) -> TableAnnouncer:
        """The clicks and the figures picked up, as events and sounds."""

    @property
    def tips(self) -> TipToast:
        """The first-game tip (a click closes it)."""

    @property
    def lay(self) -> TableLayout:
        """The table's layout."""

    @property
    def log(self) -> TableLog:
        """The short log under the player boards (the wheel scrolls it)."""

    @property
    def painter(self) -> InputPainter:
        """The buttons and the tooltip on screen."""

    @property
    def layer(self) -> InputLayer:
        """What the kind of game puts over the table."""

    def note_damage(self, area: pygame.Rect) -> None:
        """``area`` must be repainted."""

    def open_menu(self) -> None:
        """The pause menu."""

    def undo(self) -> bool:
        """Take back the human's last decision."""

    def ask_hint(self) -> None:
        """Ask for the Hint."""

    def open_log(self) -> None:
        """The whole log."""

    def leave_autoplay(self) -> None:
        """Stop watching bots alone."""

    def start_turn(self) -> None:
        """Hotseat: the announced human is at the screen."""


COMMAND = pygame.KMOD_CTRL | pygame.KMOD_META
#: A pointer move to nowhere: what the table hears when the pointer leaves it.
OFF_TABLE_MOTION = pygame.event.Event(
    pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)
)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TableInput:
    """Routes the table's events (see the module's docstring)."""

    def __init__(self, table: InputTable) -> None:
        self.table = table
        # key -> (what it does, whether Ctrl/Cmd must be held: True, must not be: False, or
        # either: None). Each handler returns True when the key was used.
        self.keys: dict[int, tuple[Callable[[], bool], bool | None]] = {
            pygame.K_ESCAPE: (self.escape, None),
            pygame.K_z: (self._undo, True),
            pygame.K_RETURN: (self.confirm, None),
            pygame.K_KP_ENTER: (self.confirm, None),
            pygame.K_h: (self._hint, False),
            pygame.K_l: (self._log, False),
        }

    def handle(self, event: pygame.event.Event) -> bool:
        """One event for the table; True when it was used (the view then redraws)."""
        return self.table.layer.handle(event, self.handle_table)

    def pointer_left(self) -> None:
        """The pointer left the table (out of the window, or a scene came over it): nothing of
        the table is hovered any more."""
        self.handle_table(OFF_TABLE_MOTION)

    def handle_table(self, event: pygame.event.Event) -> bool:
        """The table's own routing (the layer calls it for what it does not take)."""
        t = self.table
        if event.type == t.app.wake_event:
            return False  # a bot is ready: update applies its move and reports what changed
        if event.type == pygame.WINDOWLEAVE:
            event = OFF_TABLE_MOTION
        if "pos" in event.dict:
            t.mouse = event.pos
        taken, closed = t.tips.handle(event)  # a click on a tip is the tip's alone
        if closed is not None:
            t.note_damage(closed)
        if taken:
            return True
        clicked = self._button_released_on(event)
        if clicked is not None:
            t.announcer.click(clicked.name)
        if event.type == pygame.MOUSEWHEEL and t.lay.log.collidepoint(t.mouse):
            return t.log.scroll(event.y)  # the recent moves' box, at any kind of table
        return self._route(event)

    def _button_released_on(self, event: pygame.event.Event) -> Button | None:
        """The enabled button a left-button release lands on (a click), if any."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        t = self.table
        if t.hands.popup is None and t.timeline.busy:
            return None  # the controls are hidden while the table moves
        buttons = t.painter.all_buttons()
        return next((b for b in buttons if b.enabled and b.rect.collidepoint(event.pos)), None)

    def _route(self, event: pygame.event.Event) -> bool:
        t = self.table
        if t.mode.autoplay is not None:
            return self._watching(event)
        if t.turns.announcing is not None and self._announcement(event):
            return True
        keydown = event.type == pygame.KEYDOWN
        if keydown and event.key != pygame.K_ESCAPE and self.key(event):
            return True  # keys reach the table also while a chooser is open (Esc closes it)
        if t.hands.handle_popup(event):
            return True
        hovered = t.toolbar.handle(event)
        if hovered and event.type != pygame.MOUSEMOTION:
            return True  # a motion goes on to the controls too: their hover must follow it
        if keydown and self.key(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            t.hands.error = t.hands.warning = ""
        used = False
        if not t.timeline.busy:
            placing = t.hands.placing()
            carrying = placing is not None and placing.dragging
            used = t.hands.handle_controls(event)
            if placing is not None and placing.dragging and not carrying:
                t.announcer.figures("pick_up", placing.carry)
        moved = event.type == pygame.MOUSEMOTION
        return used or hovered or (moved and t.painter.tooltip() != "")

    # --- the keys ---------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """A key of ``KEYS`` (or 1-9); True when used."""
        found = self.keys.get(event.key)
        if found is not None:
            handler, command = found
            held = bool(event.mod & COMMAND)
            if command is None or command == held:
                return handler()
        count = _digit(event.key)
        if count is not None and not self.table.timeline.busy:
            return self.table.hands.choose_count(count)
        return False

    def escape(self) -> bool:
        """Esc: close the chooser, else put down carried figures, else the pause menu."""
        if not self.table.hands.escape():
            self.table.open_menu()
        return True

    def confirm(self) -> bool:
        """Enter: the default button of the open chooser or dialog."""
        return not self.table.timeline.busy and self.table.hands.confirm()

    def _undo(self) -> bool:
        self.table.undo()
        return True

    def _hint(self) -> bool:
        self.table.ask_hint()
        return True

    def _log(self) -> bool:
        self.table.open_log()
        return True

    # --- special tables -------------------------------------------------------------------------------
    def _watching(self, event: pygame.event.Event) -> bool:
        """Bots playing alone: only leaving, the log and tooltips answer. In the attract mode
        any key or click goes back to the title."""
        t = self.table
        if t.mode.attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            t.leave_autoplay()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            t.leave_autoplay()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            t.open_log()
            return True
        if t.toolbar.handle(event):
            return True
        return event.type == pygame.MOUSEMOTION and t.painter.tooltip() != ""

    def _announcement(self, event: pygame.event.Event) -> bool:
        """Hotseat: Enter, Space or a click starts the announced human's turn."""
        t = self.table
        if event.type == pygame.KEYDOWN and event.key in (*ENTER, pygame.K_SPACE):
            t.start_turn()
            return True
        on_menu = "pos" in event.dict and t.toolbar.menu.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if on_menu:
                return False
            t.start_turn()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and not on_menu


def _digit(key: int) -> int | None:
    """1-9 from the number row or the keypad."""
    if pygame.K_1 <= key <= pygame.K_9:
        return key - pygame.K_0
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return key - pygame.K_KP1 + 1
    return None
