"""Learn to play (issue 14): the guided first game on the real table.

``TutorialScene`` is the game scene in a lesson mode. The player drags figures and uses the
real dialogs; every choice goes to the lesson (``stoneage.tutorial.Tutorial``), which takes
only the step's expected action and answers anything else with a friendly word, shown in the
bubble. The opponent's moves and the dice the script plays are shown like any bot's move:
``LessonDriver`` hands them to the table one by one, so they animate as usual.

A bubble (``coach.CoachMark``) points at what the step talks about, with the rest of the table
dimmed; Back, Skip and Next work at any time. The progress is kept in the data folder
(``tutorial.json``, written atomically after every move and on leaving), so "Learn to play"
resumes at the same step. After the last step (or Skip) the game goes on as a normal game
against an Easy bot, saved as the ordinary autosave (Continue), with first-game tips.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from stoneage.i18n import _
from stoneage.rules import Action, ActionError, GameState, Pay, Place, parse_action
from stoneage.rules.nodes import ROLL
from stoneage.tutorial import STEPS, Bubble, Tutorial
from stoneage.tutorial.session import ROLL_NOW
from stoneage.ui import assets, storage, theme
from stoneage.ui.layout import CAPACITY as SPACE_CAPACITY
from stoneage.ui.layout import panel_parts, space_parts
from stoneage.ui.widgets import blit_centred, draw_text, tooltip_under

from .base import Scene, SceneHost
from .board_view import Waiting, draw_space
from .coach import CoachMark, CoachView, target_rects
from .driver import GameDriver, Seat, Step, replay_steps
from .game import GameScene
from .placing import PlacementControl
from .saves import Choice, ConfirmScene

log = logging.getLogger(__name__)

LESSON_FILE = "tutorial.json"
MAX_LESSON_BYTES = 2_000_000


# --- the progress on disk ------------------------------------------------------------------------
def lesson_path() -> Path:
    """Where the lesson in progress is kept (the data folder, beside the autosave)."""
    return storage.data_dir() / LESSON_FILE


def read_lesson() -> str | None:
    """The stored progress as text, or None when there is none or it cannot be read."""
    try:
        return storage.read_limited(lesson_path(), MAX_LESSON_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def write_lesson(text: str) -> None:
    """Store the progress atomically (a kill at any instant leaves a complete file)."""
    try:
        storage.atomic_write(lesson_path(), text, keep_previous=False)
    except OSError as error:
        log.warning("could not store the lesson's progress: %s", error)


def delete_lesson() -> None:
    """Forget the lesson in progress (the lessons are over)."""
    try:
        lesson_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not remove the lesson's progress: %s", error)


def saved_lesson() -> Tutorial | None:
    """The lesson in progress on disk, or None (none, finished, or damaged)."""
    text = read_lesson()
    if not text:
        return None
    tutorial = Tutorial.restore(text)
    fresh = tutorial.index == 0 and not tutorial.answered
    return None if tutorial.finished or fresh else tutorial


def lesson_seats() -> list[Seat]:
    """The player and the opponent of the lesson (an Easy bot once the lessons are over)."""
    return [Seat(_("You"), "red", "human"), Seat(_("Grok"), "blue", "bot", "easy")]


# --- the driver -------------------------------------------------------------------------------------
class LessonDriver(GameDriver):
    """The game driver of a lesson: while the lessons run, nothing moves by itself; the moves
    the lesson has made (``queue``, already in ``tutorial.state``) are handed to the table one
    by one, so they are shown like any move. Once the lessons are over it is an ordinary driver."""

    def __init__(
        self,
        seats: list[Seat],
        tutorial: Tutorial,
        threaded: bool = True,
        notify: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(seats, tutorial.seed, tutorial.state, threaded, notify)
        self.tutorial = tutorial
        self.queue: deque[Action] = deque()

    def automatic_action(self) -> Action | None:
        if self.queue:
            return self.queue[0]
        if not self.tutorial.finished:
            return None  # the lesson waits for the player (or for Next)
        return super().automatic_action()

    def apply(self, action: Action, seat: int | None = None) -> Step:
        step = super().apply(action, seat)
        if self.queue and self.queue[0] == action:
            self.queue.popleft()
        return step

    def human_to_act(self) -> int | None:
        if self.queue:
            return None  # the table is still showing what the lesson played
        return super().human_to_act()

    def undoable(self) -> tuple[int, Step] | None:
        return None if not self.tutorial.finished else super().undoable()

    def catching_up(self) -> bool:
        """True while moves the lesson made are still to be shown."""
        return bool(self.queue)

    def reset_to(self, state: GameState) -> None:
        """Jump to ``state`` (Back: the lesson replayed the script to an earlier step)."""
        self.queue.clear()
        self._future = None
        self.state = state
        self.steps = replay_steps(state)


# --- the scene ------------------------------------------------------------------------------------
class TutorialScene(GameScene):
    """The table in lesson mode: the bubble, the dimmed table, only the expected move."""

    def __init__(
        self, app: SceneHost, tutorial: Tutorial | None = None, threaded: bool = True
    ) -> None:
        self.tutorial = tutorial if tutorial is not None else Tutorial()
        self.friendly = ""  # the word for a refused move, shown in the bubble
        self._lesson_stored = True  # False once the lessons are over and the file removed
        self._coach_drawing = False  # True while the table is drawn under the bubble
        self._hovered_view: CoachView | None = None  # the bubble the pointer last moved under
        super().__init__(app, lesson_seats(), self.tutorial.seed, self.tutorial.state, threaded)
        self.driver.close()
        self.lesson_driver = LessonDriver(self.seats, self.tutorial, threaded, app.wake)
        self.driver = self.lesson_driver
        self.tips.enabled = self.tutorial.finished
        self._remember_recent()
        self.autosave()

    # --- the lesson's state ---------------------------------------------------------------------
    @property
    def in_lessons(self) -> bool:
        """True while the lessons run (False after the last step or Skip: free play)."""
        return not self.tutorial.finished

    def lesson_ready(self) -> bool:
        """True when the table shows the lesson's current state (nothing left to animate)."""
        return self.in_lessons and not self.lesson_driver.catching_up() and not self.timeline.busy

    def show_step(self, index: int, answered: bool = False) -> None:
        """Jump to step ``index`` (0-based; ``answered``: its action taken), as Back does."""
        self.tutorial.goto(index, answered)
        self._rebuild()

    # --- saving: the lesson's own file, then the ordinary autosave -----------------------------------
    def autosave(self) -> None:
        if self.saver is None or not hasattr(self, "tutorial"):
            return
        if self.in_lessons:
            text = self.tutorial.to_json()
            self.saver.submit(lambda: write_lesson(text))
            return
        if self._lesson_stored:  # once, after the lesson's last write is on disk
            self._lesson_stored = False
            self.saver.flush()
            delete_lesson()
        super().autosave()

    # --- what the table offers during the lessons ------------------------------------------------
    def undo_target(self) -> Step | None:
        return super().undo_target() if not self.in_lessons else None

    def hints_enabled(self) -> bool:
        return super().hints_enabled() and not self.in_lessons

    def _build_controls(self, seat: int) -> None:
        """While a follow-up explains what the player's move did, the next decision waits: its
        dialog would cover what the bubble talks about (the new building on its stack behind
        the next payment, seen at steps 28a and 41a). Next shows the step and its controls."""
        if self.in_lessons and self.tutorial.answered:
            self.controls, self.popup = [], None
            self.controls_state = self.driver.state  # built (as nothing) for this state
            return
        super()._build_controls(seat)
        placing = self._placing()
        if placing is not None and self.in_lessons:
            # The − / + stepper only where the lesson asks for a placement: on a step to
            # read (the first two, the scoring) it offered a choice nobody can make.
            placing.carry_shown = self._expects_placement()

    def _expects_placement(self) -> bool:
        """True when the lesson waits for the player to place figures."""
        expected = self.tutorial.expected()
        if expected is None:
            return False
        try:
            return isinstance(parse_action(self.driver.state, expected), Place)
        except ActionError:
            return False

    def _suggest(self, state: GameState, seat: int) -> Action | None:
        """During the lessons a payment dialog starts at the payment the lesson asks for."""
        expected = self.tutorial.expected() if self.in_lessons else None
        if expected is None:
            return super()._suggest(state, seat)
        try:
            return parse_action(state, expected)
        except ActionError:
            return None

    def act(self, action: Action) -> bool:
        """A move from the table: during the lessons only the expected one is taken; anything
        else leaves the game as it was and the bubble says a friendly word."""
        if not self.in_lessons:
            return super().act(action)
        if not self.lesson_ready() or self.driver.human_to_act() is None:
            return False
        verdict = self.tutorial.act(action)
        if not verdict.ok:
            self.friendly = verdict.text()
            return False
        self.friendly = ""
        applied = list(self.tutorial.applied)
        actor, first = applied[0]
        step = self.driver.apply(first, seat=actor)
        self._play(step, by_human=True)  # the player's own hands did this one
        self.lesson_driver.queue.extend(action for _actor, action in applied[1:])
        return True

    # --- Back, Skip, Next and the dice ----------------------------------------------------------------
    def lesson_next(self) -> None:
        """Next: on to the next step (on a step waiting for a move, the lesson makes it)."""
        if not self.lesson_ready():
            return
        if self.tutorial.next():
            self._show_applied()

    def lesson_back(self) -> None:
        """Back one step (the script is replayed from the start: the same step, the same game)."""
        if self.tutorial.back():
            self._rebuild()

    def lesson_skip(self) -> None:
        """End the lessons here: the game goes on as a normal game against an Easy bot."""
        if not self.in_lessons:
            return
        self.tutorial.skip()
        self.friendly = ""
        self.tips.enabled = True
        self.controls, self.popup, self.controls_state = [], None, None
        self.autosave()

    def roll(self) -> None:
        """A click on the dice of a roll step: the lesson's roll."""
        bubble = self.tutorial.bubble()
        if not self.lesson_ready() or bubble is None or bubble.action is None:
            return
        verdict = self.tutorial.act(bubble.action)
        if verdict.ok:
            self._show_applied()

    def _show_applied(self) -> None:
        """Hand what the lesson just played to the table, to be shown move by move."""
        self.friendly = ""
        self.lesson_driver.queue.extend(action for _actor, action in self.tutorial.applied)
        self.controls, self.popup, self.controls_state = [], None, None
        self.autosave()

    def _rebuild(self) -> None:
        """Show the tutorial's state at once (after Back or a jump): no animation, the log and
        the last roll rebuilt from the game's history."""
        self.timeline.clear()
        self.lesson_driver.reset_to(self.tutorial.state)
        self.log_recent_steps()
        self._remember_recent()
        self.controls, self.popup, self.controls_state = [], None, None
        self.error, self.friendly = "", ""
        self.finish_timer = None
        self.autosave()

    def _remember_recent(self) -> None:
        """The faces of the last roll, for a tool dialog shown at once (a resumed lesson)."""
        self.motion.last_roll = None
        for step in self.driver.steps[-12:]:
            self.motion.remember_roll(step)

    # --- the loop ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.coach = CoachMark(self.lay, self.lesson_back, self.lesson_skip, self.lesson_next)

    def update(self, dt: float) -> bool:
        full = super().update(dt)
        self.tips.enabled = not self.in_lessons  # the bubble teaches while the lessons run
        if self.coach.show(self.coach_view()):
            full = True
        return full

    def is_animating(self) -> bool:
        if self.in_lessons and not self.lesson_driver.catching_up():
            return self.timeline.moving  # waiting for the player: no need for full frames
        return super().is_animating()

    def coach_view(self) -> CoachView | None:
        """What the bubble shows now (None after the lessons and while moves are shown)."""
        bubble = self.tutorial.bubble()
        if bubble is None or not self.lesson_ready():
            return None
        control = self.controls[0] if self.controls else None
        parts = getattr(control, "parts", None)
        rolled = self._rolled_space(bubble)
        if rolled is not None:  # what a roll gave: the space the dice were rolled on
            lit = [self.lay.spaces[rolled]]
        else:
            lit = target_rects(
                self.lay, self.driver.state, bubble.target, getattr(parts, "rect", None)
            )
        for also in bubble.also:
            lit += [r for r in target_rects(self.lay, self.driver.state, also) if r not in lit]
        if isinstance(control, PlacementControl) and bubble.kind == "act":
            lit.append(control.grab.union(panel_parts(self.lay.panels[0], self.lay.unit).carry))
        if self.popup is not None and hasattr(self.popup, "rect"):
            lit.append(self.popup.rect)
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
            next_label=_("Play on") if last else _("Next"),
            next_tip=_("End the lessons and play on against an easy opponent.")
            if last
            else next_tip,
        )

    def _rolled_space(self, bubble: Bubble) -> int | None:
        """After a roll step, the space its dice were rolled on (None on other bubbles)."""
        last = self.motion.last_roll
        if bubble.kind != "follow" or bubble.target != "dice" or last is None:
            return None
        return last[0] if last[0] in self.lay.spaces else None

    def _banner(self, shown: GameState) -> tuple[str, int | None]:
        """While the lesson waits for the player's roll, the banner says so."""
        pending = shown.pending
        rolling = pending is not None and pending[0] == ROLL and shown.turn == 0
        if rolling and self.lesson_ready():  # not "You rolls the dice…": the player rolls
            if self.tutorial.is_roll_step():
                return _("Your turn: click the dice to roll"), 0
            return _("Your turn: your figures work"), 0
        return super()._banner(shown)

    # --- events -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEMOTION:
            return self._handle_event(event)
        tip = self._tooltip()
        self._hovered_view = self.coach.view
        used = self._handle_event(event)
        return used or self._tooltip() != tip  # a tooltip came or went: draw the frame again

    def _handle_event(self, event: pygame.event.Event) -> bool:
        """The bubble's buttons, the lesson's keys and the dice first, then the table."""
        if self.coach.view is not None:
            if hasattr(event, "pos"):
                self.mouse = event.pos
            if self.coach.handle(event):
                return True
            if self._handle_lesson_key(event) or self._handle_dice(event):
                return True
        friendly = self.friendly
        used = super().handle(event)
        return used or self.friendly != friendly  # a refused move: the bubble now says why

    def _handle_lesson_key(self, event: pygame.event.Event) -> bool:
        """Right arrow: Next; Left arrow: Back."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_RIGHT:
            self.lesson_next()
            return True
        if event.key == pygame.K_LEFT:
            self.lesson_back()
            return True
        return False

    def _handle_dice(self, event: pygame.event.Event) -> bool:
        """On a roll step a click on the lit dice rolls; a click elsewhere on the board says so."""
        bubble = self.tutorial.bubble()
        if bubble is None or bubble.kind != "roll" or event.type != pygame.MOUSEBUTTONUP:
            return False
        if event.button != 1:
            return False
        view = self.coach.view
        if view is not None and view.lit and view.lit[0].collidepoint(event.pos):
            self.roll()
            return True
        if self.lay.board.collidepoint(event.pos) or any(
            panel.collidepoint(event.pos) for panel in self.lay.panels
        ):
            self.friendly = _(ROLL_NOW)
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------------
    def _tooltip(self) -> str:
        """While a bubble is shown, a tooltip only over what it lights, and only once the
        pointer moved since the bubble came: after a click on Next the pointer rests where
        Next was, over the dimmed table, and an opponent's board summary popped up there
        over the next step's bubble."""
        if self._coach_drawing:
            return ""  # drawn over the bubble's dimmed table instead (see draw)
        view = self.coach.view
        if view is not None:
            if view is not self._hovered_view:
                return ""
            tip = tooltip_under(self.coach.buttons, self.mouse)
            if tip:
                return tip
            if not self._over_lit(view):
                return ""
        return super()._tooltip()

    def _over_lit(self, view: CoachView) -> bool:
        """True when the pointer is on a lit part of the table (not on the bubble)."""
        if self.coach.rect.collidepoint(self.mouse):
            return False
        margin = self.lay.margin
        return any(rect.inflate(margin, margin).collidepoint(self.mouse) for rect in view.lit)

    def draw(self, surface: pygame.Surface) -> None:
        if self.coach.view is None:
            super().draw(surface)
            return
        self._coach_drawing = True
        try:
            super().draw(surface)
        finally:
            self._coach_drawing = False
        self._draw_waiting_figures(surface)
        self.coach.draw(surface)
        self._draw_dice_to_roll(surface)
        if self.popup is not None:
            self.popup.draw(surface)
        control = self.controls[0] if self.controls else None
        if isinstance(control, PlacementControl) and control.dragging:
            control._draw_carried(surface)  # the figures in hand stay over the dimmed table
        tip = self._tooltip()
        if tip:
            self._draw_tooltip(surface, tip)

    def _waiting_figures(self) -> tuple[int, Waiting] | None:
        """On a roll step, the space being resolved and its figures: the rules took them off
        when the space was chosen, but until the player clicks the dice they still work there."""
        state, bubble = self.driver.state, self.tutorial.bubble()
        pending = state.pending
        if bubble is None or bubble.kind != "roll" or pending is None or pending[0] != ROLL:
            return None
        last = state.history[1] if state.history else None
        if isinstance(last, Pay):
            return None  # the dice of a card just paid for, not of figures on the space
        return pending[1], (state.turn, pending[2])

    def _draw_waiting_figures(self, surface: pygame.Surface) -> None:
        waiting = self._waiting_figures()
        if waiting is not None:
            space, standing = waiting
            colours = [seat.colour for seat in self.seats]
            draw_space(surface, self.lay, self.shown, space, colours, standing)

    def _draw_dice_to_roll(self, surface: pygame.Surface) -> None:
        """On a roll step, dice waiting on the space to be clicked; after it, the dice rolled."""
        pending = self.driver.state.pending
        bubble = self.tutorial.bubble()
        if bubble is None:
            return
        rolled, last = self._rolled_space(bubble), self.motion.last_roll
        if rolled is not None and last is not None:
            self._draw_dice(surface, rolled, last[1])
            return
        if bubble.kind != "roll" or pending is None or pending[0] != ROLL:
            return
        # Blank dice marked '?' (as on a building of any kind): example faces were read as
        # the result. The normal game shows no dice before a roll, only the rolling ones.
        self._draw_dice(surface, pending[1], [None] * pending[2])

    def _draw_dice(self, surface: pygame.Surface, space: int, faces: Sequence[int | None]) -> None:
        """Dice showing ``faces`` (None: a blank die marked '?', not rolled yet) on the
        picture of ``space``."""
        count = len(faces)
        rect = self.lay.spaces[space]
        centre = space_parts(rect, SPACE_CAPACITY[space], self.lay.unit).art.center
        size = max(16, min(self.lay.figure * 2, rect.width // (min(count, 4) + 1)))
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


# --- opening the lessons ----------------------------------------------------------------------------
def open_lessons(app: SceneHost) -> Scene:
    """'Learn to play': the lessons from the start, or (when a lesson is in progress) a question
    whether to resume it or start again."""
    saved = saved_lesson()
    if saved is None:
        return TutorialScene(app)
    message = _("You stopped at step {n} of {total}. Resume the lesson there?").format(
        n=saved.index + 1, total=len(STEPS)
    )
    return ConfirmScene(
        app,
        _("Learn to play"),
        message,
        [
            Choice(
                _("Resume"),
                lambda: app.push(TutorialScene(app, saved)),
                _("Play on from the step where you left."),
                "resume_lesson",
            ),
            Choice(
                _("Start again"),
                lambda: app.push(TutorialScene(app)),
                _("Begin the lessons from the first step."),
                "restart_lesson",
            ),
        ],
    )


def first_start_offer(app: SceneHost) -> Scene | None:
    """On the very first start, the offer to learn to play (once: the settings remember it)."""
    if app.settings.tutorial_offered:
        return None
    app.settings.tutorial_offered = True
    app.save_settings()
    return ConfirmScene(
        app,
        _("Welcome to the Stone Age"),
        _(
            "New to Stone Age? A guided first game teaches you the rules while you play, "
            "step by step."
        ),
        [
            Choice(
                _("Learn to play"),
                lambda: app.push(open_lessons(app)),
                _("Play a guided first game against one opponent."),
                "learn",
            )
        ],
        cancel=_("Not now"),
    )
