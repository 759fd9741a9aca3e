"""A roll of a human's that asked nothing, held on screen until the player has seen it.

The rules use a seat's spaces by themselves where the order cannot matter (the last space, rolls
that no unused tool could raise) and a roll that no tool could raise gathers at once, so such a
roll went by in the time of its animation. The table keeps it instead (``SeenRoll``, read from
the step's events: the rules' ``DiceRolled`` and ``Gathered``): once its dice have rolled and the
goods have flown, ``RollShown`` shows the dice, their sum, what they gave and why no tool was
asked for, until *Continue* (or Enter, Space, or a click on the board). It offers no action: the
game has already moved on by the rules; the table only waits to show what comes next.

A roll that some tool could raise is not held here: the rules ask which tools to add, and the
tools dialog (``dialogs.ToolsDialog``) shows the same dice and waits for that choice.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from stoneage.i18n import _, pgettext
from stoneage.play.match import Step
from stoneage.play.names import (
    food_count,
    resource_count,
    resource_title,
    space_title,
)
from stoneage.rules import data
from stoneage.rules.events import DiceRolled, Gathered
from stoneage.scenes.table.controls.dialogs import Dialog, draw_yield_rule
from stoneage.scenes.table.drawing.pieces import dice_faces
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout, button_row
from stoneage.ui.widgets import Button, draw_text, draw_wrapped, handle_buttons

#: Seconds a held roll ignores clicks and keys after it appears: the second click of a
#: double click on a space (the roll appears at once at instant speed) must not dismiss it.
GUARD = 0.3


@dataclass(frozen=True)
class SeenRoll:
    """A roll to show: whose, on which space (or a card's two dice for that space's resource),
    the faces drawn, their sum, what it gave, and whether the seat held unused tools that the
    rules found could not raise it."""

    seat: int
    space: int
    faces: tuple[int, ...]
    total: int
    gained: int
    by_card: bool
    tools_kept: bool


def roll_to_show(step: Step, seats: Sequence[int]) -> SeenRoll | None:
    """The roll ``step`` made for one of ``seats`` when it gathered at once (no tools asked
    for), else None (another's roll, or a roll whose tools dialog follows and waits)."""
    rolled = next((e for e in step.events if isinstance(e, DiceRolled)), None)
    gathered = next((e for e in step.events if isinstance(e, Gathered)), None)
    if rolled is None or gathered is None or rolled.seat not in seats:
        return None
    if gathered.seat != rolled.seat:
        return None
    if rolled.space == data.HUNT:
        gained = gathered.food
    else:
        gained = gathered.resources[rolled.space - data.FOREST]
    player = step.before.players[rolled.seat]
    faces = dice_faces(rolled.total, rolled.dice, step.before.ply)  # as the animation drew them
    return SeenRoll(
        rolled.seat,
        rolled.space,
        tuple(faces),
        rolled.total,
        gained,
        rolled.by_card,
        bool(player.tools_free or player.one_use),
    )


def roll_title(roll: SeenRoll, name: str | None) -> str:
    """ "Your roll on the forest", "Ann's roll on the forest", "Your card's dice for gold"
    (``name`` None: the one human at the screen, spoken to as "you")."""
    if roll.by_card:
        resource = resource_title(roll.space - data.FOREST).lower()
        if name is None:
            return _("Your card's dice for {resource}").format(resource=resource)
        return _("{name}'s card: dice for {resource}").format(name=name, resource=resource)
    place = space_title(roll.space).lower()
    if name is None:
        return _("Your roll on the {space}").format(space=place)
    return _("{name}'s roll on the {space}").format(name=name, space=place)


class RollShown(Dialog):
    """The held roll over the board, with *Continue* (see the module's docstring)."""

    def __init__(
        self,
        lay: TableLayout,
        roll: SeenRoll,
        name: str | None,
        go_on: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.roll = roll
        self.die = lay.figure * 2  # as big as the tools dialog's
        body_h = self.die * 2 + lay.fonts.body * 3 + lay.margin * 2
        super().__init__(lay, body_h)
        self.seat = roll.seat
        self.title = roll_title(roll, name)
        self._go_on, self._clock = go_on, clock
        self._since = clock()
        self.hint = _(
            "When you have seen the roll: Continue, Enter or a click on the board goes on."
        )
        (rect,) = button_row(
            self.parts.buttons, 1, self.parts.buttons.height, 0, round(lay.fonts.label * 10)
        )
        self.buttons.append(
            Button(
                rect,
                pgettext("a roll seen", "Continue"),
                self.go_on,
                size=lay.fonts.label,
                primary=True,
                name="continue",
                tooltip=_("Go on with the game."),
            )
        )

    def ready(self) -> bool:
        """True once a click or key goes on (``GUARD`` seconds after it appeared)."""
        return self._clock() - self._since >= GUARD

    def go_on(self) -> None:
        """Continue: the table goes on (not within ``GUARD`` of appearing)."""
        if self.ready():
            self._go_on()

    def handle(self, event: pygame.event.Event) -> bool:
        """The button, Space, and a left click anywhere on the board go on."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.go_on()
            return True
        used = handle_buttons(self.buttons, event)
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((b for b in self.buttons if b.hovered), None)
            return used
        if used:
            return True
        if "pos" not in event.dict or not self.lay.board.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.go_on()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def gained_text(self) -> str:
        """What the roll gave: "3 wood", "0 food"."""
        roll = self.roll
        if roll.space == data.HUNT:
            return food_count(roll.gained)
        return resource_count(roll.space - data.FOREST, roll.gained)

    def draw_body(self, surface: pygame.Surface, body: Rect) -> None:
        f, die, roll = self.lay.fonts, self.die, self.roll
        per_row = max(1, min(len(roll.faces), (body.width - die) // (die + die // 6)))
        x, y = body.left, body.top
        for i, face in enumerate(roll.faces):
            if i and i % per_row == 0:
                x, y = body.left, y + die + die // 6
            surface.blit(assets.image(f"die_{face}", die), (x, y))
            x += die + die // 6
        draw_text(
            surface,
            f"= {roll.total}",
            (x + die // 6, y + die // 2),
            f.big,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        line_y = max(y + die, body.top + die) + self.lay.margin + die // 2
        divisor = data.gather_divisor(roll.space)
        rule, _icon = draw_yield_rule(
            surface, roll.space, divisor, (body.left, line_y), f.label, die
        )
        draw_text(  # the amount names what was gained: no second icon after it
            surface,
            _("you get {amount}").format(amount=self.gained_text()),
            (rule.right + die * 2, line_y),
            f.big,
            theme.MOSS_DARK,
            True,
            "midleft",
        )
        words = (
            _("No unused tool could raise this roll: the tools stay for another one.")
            if roll.tools_kept
            else _("No tool to add: the roll gives what it shows.")
        )
        note = Rect(body.left, line_y + die // 2 + self.lay.margin // 2, body.width, 0)
        note.height = max(0, body.bottom - note.top)
        draw_wrapped(surface, words, note, f.body, theme.UMBER_DARK)
