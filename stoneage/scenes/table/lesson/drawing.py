"""The lesson's pictures over the table: the dimmed table with the bubble, the figures still at
work on a space until the player rolls, and the dice waiting to be clicked (or just rolled).

``LessonTable`` says what the lesson (its pictures and its part, ``lesson.Lesson``) reads of the
table, ``PaintedLesson`` what the pictures read of the lesson."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from stoneage.rules import GameState, Pay, RollDice
from stoneage.scenes.table.controls.hands import Hands
from stoneage.scenes.table.controls.placing import PlacementControl
from stoneage.scenes.table.drawing.board import Waiting
from stoneage.scenes.table.drawing.motion import Motion
from stoneage.scenes.table.lesson.coach import CoachMark
from stoneage.scenes.table.painter import Painter
from stoneage.tutorial import Bubble, Tutorial
from stoneage.tutorial.lesson_match import LessonMatch
from stoneage.ui import assets, theme
from stoneage.ui.anim import Timeline
from stoneage.ui.layout import CAPACITY as SPACE_CAPACITY
from stoneage.ui.layout import TableLayout, space_parts
from stoneage.ui.widgets import blit_centred, draw_text


class LessonTable(Protocol):
    """What the lesson reads and calls of the table it is over."""

    mouse: tuple[int, int]

    @property
    def lay(self) -> TableLayout:
        """The table's layout."""

    @property
    def hands(self) -> Hands:
        """The human's controls."""

    @property
    def timeline(self) -> Timeline[GameState]:
        """The animations."""

    @property
    def motion(self) -> Motion:
        """How steps are shown (the last roll)."""

    @property
    def painter(self) -> Painter:
        """The table's drawing (the lesson draws the bubble over it)."""

    def autosave(self) -> None:
        """Keep the game (the lesson's progress, see ``Lesson.keep``)."""

    def show_afresh(self) -> None:
        """The game went elsewhere at once: no animation, the log told afresh."""


class PaintedLesson(Protocol):
    """What the lesson's pictures read of the lesson."""

    @property
    def table(self) -> LessonTable:
        """The table the lesson is over."""

    @property
    def match(self) -> LessonMatch:
        """The lesson's game."""

    @property
    def tutorial(self) -> Tutorial:
        """The lesson's script and where it stands."""

    @property
    def coach(self) -> CoachMark | None:
        """The bubble (None before the first layout)."""

    @property
    def running(self) -> bool:
        """True while the lessons run."""

    def rolled_space(self, bubble: Bubble) -> int | None:
        """After a roll step, the space its dice were rolled on."""

    def tooltip(self) -> str:
        """The tooltip while the bubble shows."""


class LessonPainter:
    """Draws what the lesson adds to the table."""

    def __init__(self, lesson: PaintedLesson) -> None:
        self.lesson = lesson

    def draws(self, surface: pygame.Surface) -> bool:
        """Draw the table with the bubble over it; False when no bubble is shown (the table
        draws itself)."""
        coach, t = self.lesson.coach, self.lesson.table
        if coach is None or coach.view is None:
            return False
        t.painter.draw(surface, with_tooltip=False)  # the tooltip goes over the bubble
        coach.draw(surface)
        self._draw_dice_to_roll(surface)
        t.hands.draw_popup(surface)
        control = t.hands.main()
        if isinstance(control, PlacementControl) and control.dragging:
            control.draw_carried(surface)  # the figures in hand stay over the dimmed table
        t.painter.draw_tooltip(surface, self.lesson.tooltip())
        return True

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """While the lesson holds the game before a roll of figures, the space being resolved
        and its figures: the rules took them off when the space was chosen, but until their
        dice are rolled they still work there (on the space, and away from the seat's board:
        it showed 6/6 at home with the forest's figure still out)."""
        lesson = self.lesson
        state = lesson.match.state
        decision = state.decision()
        if not lesson.running or not isinstance(decision, RollDice):
            return None
        steps = lesson.match.steps
        if steps and isinstance(steps[-1].action, Pay):
            return None  # the dice of a card just paid for, not of figures on the space
        return decision.space, (state.turn, decision.dice)

    def _draw_dice_to_roll(self, surface: pygame.Surface) -> None:
        """On a roll step, dice waiting on the space to be clicked; after it, the dice rolled."""
        decision = self.lesson.match.state.decision()
        bubble = self.lesson.tutorial.bubble()
        if bubble is None:
            return
        rolled, last = self.lesson.rolled_space(bubble), self.lesson.table.motion.last_roll
        if rolled is not None and last is not None:
            self._draw_dice(surface, rolled, last[1])
            return
        if bubble.kind != "roll" or not isinstance(decision, RollDice):
            return
        # Blank dice marked '?' (as on a building of any kind): example faces were read as
        # the result. The normal game shows no dice before a roll, only the rolling ones.
        self._draw_dice(surface, decision.space, [None] * decision.dice)

    def _draw_dice(self, surface: pygame.Surface, space: int, faces: Sequence[int | None]) -> None:
        """Dice showing ``faces`` (None: a blank die marked '?', not rolled yet) on the
        picture of ``space``."""
        lay = self.lesson.table.lay
        count = len(faces)
        rect = lay.spaces[space]
        centre = space_parts(rect, SPACE_CAPACITY[space], lay.unit).art.center
        size = max(16, min(lay.figure * 2, rect.width // (min(count, 4) + 1)))
        step = round(size * 1.15)
        left = centre[0] - step * (min(count, 4) - 1) // 2
        for i in range(count):
            row, col = divmod(i, 4)
            spot = (left + col * step, centre[1] + row * step)
            face = faces[i]
            if face is not None:
                blit_centred(surface, assets.image(f"die_{face}", size), spot)
                continue
            blit_centred(surface, assets.image("die_blank", size), spot)
            draw_text(surface, "?", spot, size * 3 // 5, theme.CHARCOAL, True, "center")
