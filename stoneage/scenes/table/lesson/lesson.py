"""Learn to play: the guided first game on the real table (a table in ``TableMode.lesson()``).

The player drags figures and uses the real dialogs; every choice goes to the game the table
plays, the lesson's (``stoneage.tutorial.lesson_match.LessonMatch``), which takes only the step's
expected action and answers anything else with a friendly word, shown in the bubble. The
opponent's moves and the dice the script plays come as the game's next automatic steps and are
shown like any bot's move; while the lessons run nothing else moves by itself.

A bubble (``coach.CoachMark``) points at what the step talks about, with the rest of the table
dimmed; Back, Skip and Next work at any time. The progress is kept in the data folder
(``tutorial.json``, written after every move and on leaving), so "Learn to play" resumes at the
same step. After the last step (or Skip) the game goes on as a normal game against an Easy bot,
saved as the ordinary autosave (Continue), with first-game tips.

``Lesson`` is the layer the lesson puts over the table (``scene.TableLayer``): the bubble and its
buttons, the lesson's keys and dice, the banner while a roll waits, the figures still at work,
and the lesson's progress kept instead of the autosave. It reads the table through
``LessonTable`` (what it uses of it), not the whole scene.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from stoneage.i18n import _, pgettext
from stoneage.records.lesson import delete_lesson, write_lesson
from stoneage.rules import GameState, RollDice
from stoneage.scenes.table.controls.placing import PlacementControl
from stoneage.scenes.table.drawing.board import Waiting
from stoneage.scenes.table.lesson.coach import CoachMark, CoachView, target_rects
from stoneage.scenes.table.lesson.drawing import LessonPainter, LessonTable
from stoneage.scenes.table.session.keeper import Keeper
from stoneage.tutorial import Bubble, Tutorial
from stoneage.tutorial.lesson_match import LessonMatch
from stoneage.tutorial.session import FOLLOW_BUBBLE, READ_FIRST, ROLL_NOW
from stoneage.ui.layout import panel_parts
from stoneage.ui.widgets import tooltip_under

log = logging.getLogger(__name__)


class Lesson:
    """The lesson's layer over the table (see the module's docstring)."""

    def __init__(self, table: LessonTable, match: LessonMatch) -> None:
        self.table = table
        self.match = match
        self._progress_stored = True  # False once the lessons are over and the file removed
        self._hovered_view: CoachView | None = None  # the bubble the pointer last moved under
        self.coach: CoachMark | None = None
        self.painter = LessonPainter(self)

    # --- the lesson's state ---------------------------------------------------------------------
    @property
    def tutorial(self) -> Tutorial:
        """The lesson's script and where it stands."""
        return self.match.tutorial

    @property
    def friendly(self) -> str:
        """The word for a refused move, shown in the bubble ('' for none)."""
        return self.match.friendly

    @friendly.setter
    def friendly(self, words: str) -> None:
        self.match.friendly = words

    @property
    def running(self) -> bool:
        """True while the lessons run (False after the last step or Skip: free play)."""
        return self.match.guided()

    def ready(self) -> bool:
        """True when the table shows the lesson's current state (nothing left to animate)."""
        return self.waiting() and not self.table.timeline.busy

    def waiting(self) -> bool:
        """True while the lessons wait for the player (no frames needed but for animations)."""
        return self.running and not self.tutorial.planned

    def begin(self) -> None:
        """The table opened: the last roll is remembered for a tool dialog shown at once (a
        resumed lesson), the progress stored."""
        self._remember_recent()
        # The tooltip on screen is the lesson's (only over what is lit): the table follows
        # its words, so a tooltip that went out of date is redrawn.
        self.table.painter.tip_source = self.tooltip
        self.table.autosave()

    def show_step(self, index: int, answered: bool = False) -> None:
        """Jump to step ``index`` (0-based; ``answered``: its action taken), as Back does."""
        self.tutorial.goto(index, answered)
        self._rebuild()

    # --- what the table asks --------------------------------------------------------------------
    def keep(self, keeper: Keeper) -> bool:
        """While the lessons run, store their progress instead of the autosave (True); once
        they are over, forget the progress (once) and let the ordinary autosave run (False)."""
        if self.running:
            text = self.tutorial.to_json()
            keeper.submit(lambda: write_lesson(text))
            return True
        if self._progress_stored:  # once, after the lesson's last write is on disk
            self._progress_stored = False
            keeper.flush()
            delete_lesson()
        return False

    def banner(self, shown: GameState) -> tuple[str, int | None] | None:
        """While the lesson waits for the player's roll, the banner says so; while its bubble
        is to be read (a step to read, or the explanation after a move) on the player's turn,
        it says that, not the decision behind the bubble, whose dialog is not open ("pay or
        decline" with no dialog after the building's payment). None: the table's own banner."""
        rolling = isinstance(shown.decision(), RollDice) and shown.turn == 0
        if rolling and self.ready():  # not "You rolls the dice…": the player rolls
            if self.tutorial.is_roll_step():
                return _("Your turn: click the dice to roll"), 0
            return _("Your turn: your figures work"), 0
        tutorial, live = self.tutorial, self.match.state
        reading = self.running and not tutorial.planned and tutorial.expected() is None
        if reading and shown.ply == live.ply and live.current_player() == 0:
            return _("Your turn: read the bubble, then press Next"), 0
        return None

    # --- Back, Skip, Next and the dice ----------------------------------------------------------------
    def next(self) -> None:
        """Next: on to the next step (on a step waiting for a move, the lesson makes it)."""
        if self.ready() and self.tutorial.next():
            self._show_planned()

    def back(self) -> None:
        """Back one step (the script is replayed from the start: the same step, the same game)."""
        if self.tutorial.back():
            self._rebuild()

    def skip(self) -> None:
        """End the lessons here: the game goes on as a normal game against an Easy bot."""
        if not self.running:
            return
        self.tutorial.skip()
        self.friendly = ""
        self.table.hands.clear()
        self.table.autosave()

    def roll(self) -> None:
        """A click on the dice of a roll step: the lesson's roll."""
        bubble = self.tutorial.bubble()
        if not self.ready() or bubble is None or bubble.action is None:
            return
        if self.tutorial.act(bubble.action).ok:
            self._show_planned()

    def _show_planned(self) -> None:
        """What the lesson just planned is played by the table, move by move."""
        self.friendly = ""
        self.table.hands.clear()
        self.table.autosave()

    def _rebuild(self) -> None:
        """Show the lesson's game at once (after Back or a jump): no animation, the log and
        the last roll rebuilt from the game's history."""
        t = self.table
        t.show_afresh()
        self._remember_recent()
        t.hands.error, self.friendly = "", ""
        t.autosave()

    def _remember_recent(self) -> None:
        """The faces of the last roll, for a tool dialog shown at once (a resumed lesson)."""
        motion = self.table.motion
        motion.last_roll = None
        for step in self.match.steps[-12:]:
            motion.remember_roll(step)

    # --- the bubble ----------------------------------------------------------------------------------
    def lay_out(self) -> None:
        """A new layout: the bubble is made again."""
        self.coach = CoachMark(self.table.lay, self.back, self.skip, self.next)

    def update(self) -> bool:
        """Show what the bubble says now; True when that changed (a whole new frame)."""
        return self.coach is not None and self.coach.show(self.coach_view())

    def coach_view(self) -> CoachView | None:
        """What the bubble shows now (None after the lessons and while moves are shown)."""
        t = self.table
        bubble = self.tutorial.bubble() if self.ready() else None
        if bubble is None:
            return None
        control = t.hands.main()
        rolled = self.rolled_space(bubble)
        if rolled is not None:  # what a roll gave: the space the dice were rolled on
            lit = [t.lay.spaces[rolled]]
        else:
            dialog = control.area if control is not None else None
            lit = target_rects(t.lay, self.match.state, bubble.target, dialog)
        for also in bubble.also:
            lit += [r for r in target_rects(t.lay, self.match.state, also) if r not in lit]
        if isinstance(control, PlacementControl) and bubble.kind == "act":
            lit.append(control.grab.union(panel_parts(t.lay.panels[0], t.lay.unit).carry))
        popup_area = t.hands.popup.area if t.hands.popup is not None else None
        if popup_area is not None:
            lit.append(popup_area)
        index, total = self.tutorial.index, len(self.tutorial.steps)
        last = index == total - 1
        if bubble.kind in ("read", "follow"):
            next_tip = _("On to the next step.")
        elif bubble.kind == "roll":
            next_tip = _("Roll the dice (or click them on the board).")
        else:
            next_tip = _("Let the lesson make this move for you.")
        return CoachView(
            message=bubble.text(),
            friendly=self.friendly,
            counter=_("Step {n} of {total}").format(n=index + 1, total=total),
            lit=tuple(lit),
            can_back=index > 0 or self.tutorial.answered,
            next_label=_("Play on") if last else pgettext("lesson step", "Next"),
            next_tip=_("End the lessons and play on against an easy opponent.")
            if last
            else next_tip,
        )

    def rolled_space(self, bubble: Bubble) -> int | None:
        """After a roll step, the space its dice were rolled on (None on other bubbles)."""
        last = self.table.motion.last_roll
        if bubble.kind != "follow" or bubble.target != "dice" or last is None:
            return None
        return last[0] if last[0] in self.table.lay.spaces else None

    @property
    def view(self) -> CoachView | None:
        """The bubble on screen (None: none)."""
        return self.coach.view if self.coach is not None else None

    # --- events ---------------------------------------------------------------------------------
    def handle(
        self, event: pygame.event.Event, table_handle: Callable[[pygame.event.Event], bool]
    ) -> bool:
        """The bubble's buttons, the lesson's keys and the dice first, then the table
        (``table_handle``). A pointer that moves redraws when a tooltip came or went."""
        if event.type != pygame.MOUSEMOTION:
            return self._handle(event, table_handle)
        tip = self.tooltip()
        self._hovered_view = self.view
        used = self._handle(event, table_handle)
        return used or self.tooltip() != tip

    def _handle(
        self, event: pygame.event.Event, table_handle: Callable[[pygame.event.Event], bool]
    ) -> bool:
        coach = self.coach
        if coach is not None and coach.view is not None:
            if "pos" in event.dict:
                self.table.mouse = event.pos
            if coach.handle(event) or self._handle_key(event) or self._handle_dice(event):
                return True
            if self._dimmed_press(event, coach.view):
                return True
        friendly = self.friendly
        used = table_handle(event)
        return used or self.friendly != friendly  # a refused move: the bubble now says why

    def _dimmed_press(self, event: pygame.event.Event, view: CoachView) -> bool:
        """A press on the dimmed table answers with a friendly word and goes no further (the
        forest opened "How many figures" there, then refused). The lit parts, the bubble and
        the status bar's buttons answer as usual."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        lay, margin = self.table.lay, self.table.lay.margin
        if lay.status.rect.collidepoint(event.pos):
            return False
        if any(rect.inflate(margin, margin).collidepoint(event.pos) for rect in view.lit):
            return False
        self.friendly = _(READ_FIRST if self.tutorial.expected() is None else FOLLOW_BUBBLE)
        return True

    def _handle_key(self, event: pygame.event.Event) -> bool:
        """Right arrow: Next; Left arrow: Back."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_RIGHT:
            self.next()
            return True
        if event.key == pygame.K_LEFT:
            self.back()
            return True
        return False

    def _handle_dice(self, event: pygame.event.Event) -> bool:
        """On a roll step a click on the lit dice rolls; a click elsewhere on the board says so."""
        bubble = self.tutorial.bubble()
        if bubble is None or bubble.kind != "roll" or event.type != pygame.MOUSEBUTTONUP:
            return False
        if event.button != 1:
            return False
        view, lay = self.view, self.table.lay
        if view is not None and view.lit and view.lit[0].collidepoint(event.pos):
            self.roll()
            return True
        if lay.board.collidepoint(event.pos) or any(
            panel.collidepoint(event.pos) for panel in lay.panels
        ):
            self.friendly = _(ROLL_NOW)
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------------
    def tooltip(self) -> str:
        """While a bubble is shown, a tooltip only over what it lights, and only once the
        pointer moved since the bubble came: after a click on Next the pointer rests where
        Next was, over the dimmed table, and an opponent's board summary popped up there
        over the next step's bubble."""
        view, coach = self.view, self.coach
        if view is not None and coach is not None:
            if view is not self._hovered_view:
                return ""
            tip = tooltip_under(coach.buttons, self.table.mouse)
            if tip:
                return tip
            if not self._over_lit(view):
                return ""
        return self.table.painter.tooltip()

    def _over_lit(self, view: CoachView) -> bool:
        """True when the pointer is on a lit part of the table (not on the bubble)."""
        coach, mouse = self.coach, self.table.mouse
        if coach is not None and coach.rect.collidepoint(mouse):
            return False
        margin = self.table.lay.margin
        return any(rect.inflate(margin, margin).collidepoint(mouse) for rect in view.lit)

    def draw(self, surface: pygame.Surface) -> None:
        """The table with the bubble over it (the table alone when no bubble is shown)."""
        if not self.painter.draws(surface):
            self.table.painter.draw(surface)

    def waiting_figures(self) -> tuple[int, Waiting] | None:
        """On a roll step, the space being resolved and its figures (see
        ``LessonPainter.waiting_figures``)."""
        return self.painter.waiting_figures()
