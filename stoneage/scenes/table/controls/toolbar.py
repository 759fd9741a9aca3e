"""The table's own buttons in the status bar: Menu (Leave while watching bots), Undo, Hint and
Log. Undo says what it will take back; Hint is offered while a human decides."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from stoneage.i18n import _
from stoneage.play.match import Step
from stoneage.play.story import undo_label, undo_phrase
from stoneage.ui.layout import TableLayout
from stoneage.ui.widgets import Button


class Toolbar:
    """Menu, Undo, Hint and Log (only Menu and Log while nobody at the screen plays)."""

    def __init__(
        self,
        lay: TableLayout,
        watching: bool,
        menu: Callable[[], None],
        undo: Callable[[], object],
        hint: Callable[[], None],
        log: Callable[[], None],
    ) -> None:
        """``watching``: bots play alone or a replay runs (Menu becomes Leave only for bots
        playing alone: ``leave`` is then the menu's action)."""
        parts, size = lay.status, lay.fonts.body
        self.watching = watching
        self.menu = Button(
            parts.menu_button,
            _("Menu"),
            menu,
            size=lay.fonts.label,
            name="menu",
            tooltip=_("Pause: save, load, settings, rules (Esc)"),
        )
        self.undo = Button(
            parts.undo_button, _("Undo"), undo, enabled=False, size=size, name="undo"
        )
        self.hint = Button(
            parts.hint_button,
            _("Hint"),
            hint,
            enabled=False,
            size=size,
            name="hint",
            tooltip=_(
                "Ask the Hard bot for its best move here (H). The expected lead is its estimate, at "
                "the end of the round, of your points minus your rivals' (half the best "
                "rival's, half their average)."
            ),
        )
        self.log = Button(
            parts.log_button,
            _("Log"),
            log,
            size=size,
            name="log",
            tooltip=_("Every move of the game in words; export a replay (L)"),
        )
        self._drawn: dict[str, tuple[str, bool]] = {}
        self.undo_shown = True

    def give_undo_place(self) -> pygame.Rect:
        """A table that never offers Undo (a seat over the network) puts a control of its own
        where Undo was: Undo is no longer shown; the place it had."""
        self.undo_shown = False
        return pygame.Rect(self.undo.rect)

    def leave_instead(self, leave: Callable[[], None]) -> None:
        """Bots play alone: Menu becomes Leave."""
        self.menu.label, self.menu.on_click = _("Leave"), leave
        self.menu.tooltip = _("Stop watching the bots (Esc)")

    def shown(self) -> list[Button]:
        """The buttons on screen."""
        if self.watching:
            return [self.menu, self.log]
        if not self.undo_shown:
            return [self.menu, self.hint, self.log]
        return [self.menu, self.undo, self.hint, self.log]

    def sync(self, target: Step | None, hints: bool) -> list[pygame.Rect]:
        """Undo says what it undoes (``target``: the step it would take back); Hint is enabled
        when ``hints``. The areas whose look changed."""
        if target is not None:
            self.undo.label = undo_label(target)
            self.undo.tooltip = _("Take back your last decision (Ctrl+Z): {what}").format(
                what=undo_phrase(target)
            )
        else:
            self.undo.label = _("Undo")
            self.undo.tooltip = _(
                "Nothing to undo now. Undo takes back your own decisions since the last roll of the dice or card turned up (Ctrl+Z)."
            )
        self.undo.enabled = target is not None
        self.hint.enabled = hints
        damage = []
        for button in (self.undo, self.hint, self.log):
            key = (button.label, button.enabled)
            if self._drawn.get(button.name) != key:
                self._drawn[button.name] = key
                damage.append(button.rect.inflate(4, 8))
        return damage

    def handle(self, event: pygame.event.Event) -> bool:
        """Pass ``event`` to the buttons on screen; True when one used it."""
        return any(button.handle(event) for button in self.shown())

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons on screen."""
        for button in self.shown():
            button.draw(surface)
