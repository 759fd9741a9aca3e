"""The review of a finished game: where the player lost points, and how to play better.

Opened with Review on the final scoring screen or on a game of the statistics' Games list, it
reads the game's replay and the review stored beside it; a game not reviewed yet is analysed
first, off the window's thread, with a progress bar and a Cancel that works (Esc too). A
damaged or foreign replay, or an analysis that fails, is said in words, with Back.

Then the screen shows the table as it was at the decision on screen (the table's own
pictures), the chart of the expected lead with a tick for every decision of the player (a
click goes to the nearest), and a column with the key moments (a click goes to one), the
decision on screen against Hard's, and the summary. Left and Right step from decision to
decision, Shift with them one move at a time, Home and End to the first and last decision;
a hotseat game reviews each person's seat on its own (the seat buttons, or Tab).

*Play from here* (or P) starts a practice game at the decision on screen: the same seats and
bots, the same dice and cards to come (``stoneage.scenes.review.practice``), so the player can
try Hard's move or their own idea; leaving it comes back here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.seats import Seat, follow_language
from stoneage.play.story import action_phrase, banner, tell
from stoneage.review import (
    AGREE_MARGIN,
    Judged,
    Replay,
    Review,
    ReviewCancelled,
    ReviewError,
    SeatReview,
    load_or_none,
    load_replay,
    store,
    words,
)
from stoneage.rules import Action, ActionError, GameState, parse_action
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.menu import draw_backdrop
from stoneage.scenes.review.board_view import BoardView
from stoneage.scenes.review.job import Job
from stoneage.scenes.review.lead_chart import LeadChart
from stoneage.scenes.review.review_layout import review_layout
from stoneage.scenes.review.side_panel import Shown, SidePanel
from stoneage.scenes.review.source import Analyse, engine_analysis, rounds, state_at
from stoneage.scenes.table.telling.table_log import TableLog
from stoneage.ui import theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text_fit,
    draw_tooltip,
    draw_wrapped,
    handle_buttons,
    tooltip_under,
)

log = logging.getLogger(__name__)

REDRAW_EVERY = 0.5  # seconds between redraws of the progress when it does not move
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class ReviewScene(Scene):
    """The review screen (see the module's docstring)."""

    def __init__(
        self,
        app: SceneHost,
        replay: str,
        seat: int | None = None,
        analyse: Analyse | None = None,
        budget: int | None = None,
        review: Review | None = None,
    ) -> None:
        """``replay`` is the game's replay file; ``seat`` the human seat to show first (the
        first reviewed one by default). ``analyse`` makes a review (the engine's; the tests
        give a slow one; the engine's searches run in the window's worker process) within
        ``budget`` (the engine's default when None); ``review`` is one ready made (the
        screenshots)."""
        super().__init__(app)
        self.replay = replay
        worker = getattr(app, "bot_worker", None)  # a test's host may have none
        self.analyse: Analyse = analyse or partial(engine_analysis, worker=worker)
        self.budget = budget
        self.wanted_seat = seat
        self.game: Replay | None = None
        self.review: Review | None = None
        self.problem = ""  # why there is no review to show (said on the screen)
        self.remade = False  # the review kept was an earlier version's: it is made again
        self.job: Job[Review] | None = None
        self.seat_index = 0  # which of the review's seats is shown
        self.step = 0  # the move shown: the table as it was before it
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self._drawn_progress = -1.0  # the analysis's progress on screen
        self._hover: tuple[str, int] | None = None  # a key moment or decision under the pointer
        self._since_drawn = 0.0
        self._open(review)
        self.resize(app.size)

    # --- opening ---------------------------------------------------------------------------------
    def _open(self, review: Review | None) -> None:
        """Read the replay; show the review given or stored, else start the analysis."""
        try:
            self.game = load_replay(self.replay)
        except ReviewError as error:
            self.problem = error.message
            return
        except Exception:  # whatever the file holds, the screen says so and stays up
            log.exception("could not open the replay %s", self.replay)
            self.problem = _("This game's replay cannot be opened.")
            return
        game = self.game
        found = review or load_or_none(self.replay, game.identity, self.budget)
        if found is not None and not found.outdated:
            self._ready(found)
            return
        self.remade = found is not None  # said under the progress bar
        analyse, budget = self.analyse, self.budget
        self.job = Job(
            lambda progress, cancel: analyse(game, budget, progress, cancel), self.app.wake
        )
        self.job.start()

    def _ready(self, review: Review) -> None:
        """The review is here: show the chosen seat's first key moment."""
        self.review, self.job = review, None
        if not review.seats:
            self.problem = _("Nobody played this game at this screen: only bots sat at it.")
            return
        seats = [s.seat for s in review.seats]
        self.seat_index = seats.index(self.wanted_seat) if self.wanted_seat in seats else 0
        self._first_moment()

    def _first_moment(self) -> None:
        review = self.seat_review
        if review.key_moments:
            self.step = review.decisions[review.key_moments[0]].step
        elif review.decisions:
            self.step = review.decisions[0].step
        else:
            self.step = 0

    def cancel(self) -> None:
        """Stop the analysis and go back (Cancel, Esc)."""
        if self.job is not None:
            self.job.cancel()
        self.app.pop()

    def exit(self) -> None:
        if self.job is not None:  # left while analysing: the work is not wanted any more
            self.job.cancel()

    def update(self, dt: float) -> bool:
        """Take the analysis's result once it is done; meanwhile a redraw when its progress
        moved, or twice a second for the time left (few frames drawn: an analysis given
        instead of the engine's may run in a thread of this process)."""
        job = self.job
        if job is None:
            return False
        if not job.done():
            self._since_drawn += dt
            if job.progress != self._drawn_progress or self._since_drawn >= REDRAW_EVERY:
                self._drawn_progress, self._since_drawn = job.progress, 0.0
                return True
            return False
        self.job = None
        if isinstance(job.error, ReviewCancelled) or job.cancelled:
            return True
        if job.error is not None or job.result is None:
            reason = job.error.message if isinstance(job.error, ReviewError) else ""
            self.problem = reason or _("The review could not be made.")
            self.rebuild()
            return True
        try:
            store(self.replay, job.result)
        except OSError as error:  # shown all the same; made again next time
            log.warning("could not keep the review of %s: %s", self.replay, error)
        self._ready(job.result)
        self.resize(self.app.size)  # the table, the chart and the column, for the review
        return True

    # --- what is shown ---------------------------------------------------------------------------------
    @property
    def seat_review(self) -> SeatReview:
        """The review of the seat shown."""
        if self.review is None:
            raise ValueError("no review yet")
        return self.review.seats[self.seat_index]

    @property
    def ready(self) -> bool:
        """True once the review is on screen (not analysing, nothing wrong)."""
        return self.review is not None and not self.problem and self.game is not None

    def decision_index(self) -> int | None:
        """The index of the seat's decision at the move shown (None: not its decision)."""
        for index, judged in enumerate(self.seat_review.decisions):
            if judged.step == self.step:
                return index
        return None

    def go_to_step(self, step: int) -> None:
        """Show the table as it was before move ``step`` (kept within the game)."""
        if self.game is None:
            return
        self.step = max(0, min(len(self.game.steps), step))
        self._show()

    def go_to_decision(self, index: int) -> None:
        """Show the seat's decision ``index``."""
        decisions = self.seat_review.decisions
        if 0 <= index < len(decisions):
            self.go_to_step(decisions[index].step)

    def next_decision(self, forward: bool) -> bool:
        """Step to the seat's next (or previous) decision; False when there is none."""
        steps = [d.step for d in self.seat_review.decisions]
        later = [s for s in steps if (s > self.step if forward else s < self.step)]
        if not later:
            return False
        self.go_to_step(min(later) if forward else max(later))
        return True

    def next_move(self, forward: bool) -> bool:
        """Step one move forward or back; False at either end of the game."""
        if self.game is None:
            return False
        target = self.step + (1 if forward else -1)
        if not 0 <= target <= len(self.game.steps):
            return False
        self.go_to_step(target)
        return True

    def can_play_from_here(self) -> bool:
        """True when the move on screen is a decision of the seat reviewed (a practice game
        can start there)."""
        return self.ready and self.decision_index() is not None

    def play_from_here(self) -> bool:
        """A practice game from the decision on screen, over this screen (its end, or leaving
        it, comes back here); False when the move on screen is no decision of the seat."""
        if self.game is None or not self.can_play_from_here():
            return False
        practice = self.game.practice_from(self.step, self.replay)
        self.app.push(self.app.make_scene("practice", practice=practice))
        return True

    def switch_seat(self, index: int | None = None) -> None:
        """Review another human seat (the next one when ``index`` is None)."""
        if self.review is None or not self.review.seats:
            return
        count = len(self.review.seats)
        self.seat_index = (self.seat_index + 1) % count if index is None else index % count
        self._first_moment()
        self.resize(self.app.size)

    def _action(self, text: str, state: GameState) -> Action | None:
        """A move of the review (its text form) read back on the position it was made in."""
        try:
            return parse_action(state, text)
        except ActionError:
            return None

    def _phrase(self, text: str, state: GameState) -> str:
        action = self._action(text, state)
        return action_phrase(action) if action is not None else text

    def shown(self) -> Shown:
        """What the decision section says about the move on screen."""
        game = self.game
        if game is None:
            raise ValueError("no game")
        index = self.decision_index()
        state = state_at(game, self.step)
        total = len(game.steps)
        if self.step < total:
            names = [s.name for s in game.seats]
            told = tell(game.steps[self.step]).paragraphs(names)
            move = told[0] if told else _("A draw of chance: nobody decided here.")
        else:
            move = _("The game is over.")
        if index is None:
            return Shown(None, "", "", move, min(self.step + 1, total), total)
        judged = self.seat_review.decisions[index]
        return Shown(
            judged,
            self._phrase(judged.chosen, state),
            self._phrase(judged.best, state),
            move,
            self.step + 1,
            total,
        )

    # --- layout --------------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if self.game is not None:
            follow_language(list(self.game.seats))
        self.lay = review_layout(size)
        self.board: BoardView | None = None
        self.panel: SidePanel | None = None
        self.chart: LeadChart | None = None
        if self.ready and self.game is not None:
            self.board = BoardView(self.lay.table, list(self.game.seats))
            review = self.seat_review
            colour = self.game.seats[review.seat].colour
            self.panel = SidePanel(self.lay, review, self._sentence, AGREE_MARGIN)
            self.chart = LeadChart(
                self.lay.chart,
                self.lay.fonts,
                review,
                len(self.game.steps),
                rounds(self.game),
                AGREE_MARGIN,
                theme.PLAYER_COLOURS[colour],
                self.seat_name(review.seat),
            )
            self._show()
        self.rebuild()

    def seat_name(self, seat: int) -> str:
        """A seat's name as the game shows it now ("You" in the language of the moment)."""
        if self.game is not None and 0 <= seat < len(self.game.seats):
            return self.game.seats[seat].name
        return self.seat_review.name

    def _sentence(self, judged: Judged) -> str:
        """A key moment in a player's words (the review engine's, in the language of now)."""
        return words.moment_sentence(judged, [s.name for s in self.game.seats] if self.game else [])

    def _show(self) -> None:
        """Bring the table to the move shown."""
        game, board = self.game, self.board
        if game is None or board is None or self.review is None:
            return
        review = self.seat_review
        state = state_at(game, self.step)
        history = TableLog()
        history.recent(game.steps[: self.step], game.seats)
        watchers = [Seat(s.name, s.colour, "bot", s.level) for s in game.seats]
        said = banner(state, watchers, False)
        shown = self.shown()
        line = shown.move if shown.judged is None else ""
        board.show(state.view(review.seat), list(history.lines), said, line)
        if shown.judged is not None:
            board.mark(
                self._action(shown.judged.chosen, state),
                self._action(shown.judged.best, state),
                game.seats[review.seat].colour,
            )
        else:
            board.mark(None, None, game.seats[review.seat].colour)
        self._update_play_button()

    def _update_play_button(self) -> None:
        """Play from here: offered at a decision of the seat, explained elsewhere."""
        for button in self.buttons_named("practice"):
            button.enabled = self.can_play_from_here()
            button.tooltip = self._play_tip()

    def _play_tip(self) -> str:
        if self.can_play_from_here():
            return _(
                "A practice game from this decision, with the same dice and cards to come: try "
                "Hard's move or your own idea, and compare the end with this game's (P)."
            )
        return _("Go to one of your decisions to play from it.")

    def rebuild(self) -> None:
        """The buttons for what is on screen now."""
        lay, f = self.lay, self.lay.fonts
        if self.job is not None:
            self.buttons = [
                self._button(
                    self._cancel_rect(),
                    _("Cancel"),
                    self.cancel,
                    "cancel",
                    _("Stop the review and go back (Esc)."),
                    primary=True,
                )
            ]
            return
        back = self._button(lay.back, _("Back"), self.app.pop, "back", _("Back (Esc)."))
        if not self.ready:
            back.rect = self._cancel_rect()
            back.primary = True
            self.buttons = [back]
            return
        rects = button_row(lay.steps, 4, lay.steps.height, lay.margin, round(f.title * 8))
        steps = [
            (
                _("Previous decision"),
                partial(self.next_decision, False),
                "previous",
                _("Your previous decision (Left)"),
            ),
            (
                _("Move back"),
                partial(self.next_move, False),
                "move_back",
                _("One move back, whoever made it (Shift+Left)"),
            ),
            (
                _("Move on"),
                partial(self.next_move, True),
                "move_on",
                _("One move on, whoever made it (Shift+Right)"),
            ),
            (
                _("Next decision"),
                partial(self.next_decision, True),
                "next",
                _("Your next decision (Right)"),
            ),
        ]
        self.buttons = [back] + [
            self._button(rect, label, action, name, tip)
            for rect, (label, action, name, tip) in zip(rects, steps, strict=True)
        ]
        self.buttons += self._seat_buttons()
        if self.panel is not None:
            self.buttons.append(
                self._button(
                    self.panel.play, _("Play from here"), self.play_from_here, "practice", ""
                )
            )
            self._update_play_button()

    def _seat_buttons(self) -> list[Button]:
        """Hotseat: one button per reviewed seat (the shown one selected)."""
        if self.review is None or len(self.review.seats) < 2:
            return []
        lay, f = self.lay, self.lay.fonts
        count = len(self.review.seats)
        rects = button_row(lay.seats, count, lay.seats.height, lay.margin, round(f.title * 7))
        return [
            Button(
                rect,
                self.seat_name(review.seat),
                partial(self.switch_seat, i),
                size=f.label,
                selected=i == self.seat_index,
                tooltip=_("Review this player's decisions (Tab: the next player)."),
                name=f"seat_{review.seat}",
            )
            for i, (rect, review) in enumerate(zip(rects, self.review.seats, strict=True))
        ]

    def _button(
        self,
        rect: Rect,
        label: str,
        action: Callable[[], object],
        name: str,
        tooltip: str,
        primary: bool = False,
    ) -> Button:
        return Button(
            rect,
            label,
            action,
            size=self.lay.fonts.label,
            primary=primary,
            tooltip=tooltip,
            name=name,
        )

    def _message_box(self) -> Rect:
        """The box of the progress bar or the message in the middle of the window."""
        w, h = self.lay.size
        box = Rect(0, 0, min(w - 4 * self.lay.margin, round(w * 0.5)), round(h * 0.34))
        box.center = (w // 2, h // 2)
        return box

    def _cancel_rect(self) -> Rect:
        box, f = self._message_box(), self.lay.fonts
        rect = Rect(0, 0, round(f.title * 7), round(f.title * 2))
        rect.midbottom = (box.centerx, box.bottom - self.lay.margin * 2)
        return rect

    def buttons_named(self, name: str) -> list[Button]:
        """The buttons called ``name`` now (tests press them too)."""
        return [b for b in self.buttons if b.name == name]

    # --- events ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in MOUSE_EVENTS:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if handle_buttons(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.ready:
            return self._click(event.pos)
        if event.type == pygame.MOUSEMOTION and self.ready:
            hover = self._hovered(event.pos)  # lit, with its words as a tip
            changed, self._hover = hover != self._hover, hover
            return changed
        return False

    def _hovered(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """What is under the pointer: a key moment or a decision on the chart (its index)."""
        if self.panel is not None:
            index = self.panel.moment_at(pos)
            if index is not None:
                return "moment", index
        if self.chart is not None:
            index = self.chart.decision_at(pos)
            if index is not None:
                return "chart", index
        return None

    def tooltip(self) -> str:
        """The words under the pointer: a button's, a cut key moment's whole sentence, or the
        decision of the chart nearest the pointer."""
        tip = tooltip_under(self.buttons, self.mouse)
        if tip or not self.ready:
            return tip
        hover = self._hovered(self.mouse)
        if hover is None:
            return ""
        kind, index = hover
        if kind == "moment":
            return self.panel.moment_tip(self.mouse) if self.panel is not None else ""
        judged = self.seat_review.decisions[index]
        return "\n".join((words.decision_line(judged), _("Click to see it on the table.")))

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.cancel() if self.job is not None else self.app.pop()
            return True
        if not self.ready:
            return False
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            forward = event.key == pygame.K_RIGHT
            return self.next_move(forward) if shift else self.next_decision(forward)
        if event.key in (pygame.K_HOME, pygame.K_END) and self.seat_review.decisions:
            self.go_to_decision(
                0 if event.key == pygame.K_HOME else -1 + len(self.seat_review.decisions)
            )
            return True
        if event.key == pygame.K_TAB:
            self.switch_seat()
            return True
        if event.key == pygame.K_p:
            return self.play_from_here()
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click on a key moment or on the chart goes to that decision."""
        if self.panel is not None:
            index = self.panel.moment_at(pos)
            if index is not None:
                self.go_to_decision(index)
                return True
        if self.chart is not None:
            index = self.chart.decision_at(pos)
            if index is not None:
                self.go_to_decision(index)
                return True
        return False

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if not self.ready:
            draw_backdrop(surface, lay.size)
            self._draw_message(surface)
        else:
            surface.fill(theme.TABLE)
            self._draw_header(surface)
            if self.board is not None:
                self.board.draw(surface)
            if self.chart is not None:
                hover = self._hovered(self.mouse)
                self.chart.draw(surface, self.step, hover[1] if hover is not None else None)
            if self.panel is not None:
                self.panel.draw(surface, self.shown(), self.mouse)
        for button in self.buttons:
            button.draw(surface)
        tip = self.tooltip()
        if tip:
            draw_tooltip(surface, tip, self.mouse, lay.fonts.small)

    def _draw_header(self, surface: pygame.Surface) -> None:
        lay, f = self.lay, self.lay.fonts
        pygame.draw.rect(surface, theme.UMBER_DARK, lay.header)
        pygame.draw.line(
            surface,
            theme.OCHRE,
            (0, lay.header.bottom - 1),
            (lay.size[0], lay.header.bottom - 1),
            max(2, lay.margin // 3),
        )
        review = self.seat_review
        title = _("Review: {name}").format(name=self.seat_name(review.seat))
        switch = self.review is not None and len(self.review.seats) > 1  # the seat buttons
        width = (lay.seats.left if switch else lay.back.left) - 2 * lay.margin
        area = Rect(lay.margin * 2, lay.header.top, width - lay.margin, lay.header.height)
        draw_text_fit(surface, title, area, f.big, theme.PARCHMENT_LIGHT, True, "midleft")

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The analysis's progress, or why there is no review."""
        f, m = self.lay.fonts, self.lay.margin
        box = self._message_box()
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        title = Rect(box.left + m * 3, box.top + m * 2, box.width - m * 6, f.big + m)
        inner = Rect(
            title.left,
            title.bottom + m,
            title.width,
            self._cancel_rect().top - title.bottom - m * 2,
        )
        if self.problem:
            draw_text_fit(
                surface, _("This game cannot be reviewed"), title, f.big, theme.CHARCOAL, True
            )
            draw_wrapped(surface, self.problem, inner, f.label, theme.CHARCOAL, centred=True)
            return
        draw_text_fit(surface, _("Reviewing the game…"), title, f.big, theme.CHARCOAL, True)
        progress = self.job.progress if self.job is not None else 0.0
        bar = Rect(inner.left, inner.top + m, inner.width, max(12, f.label))
        draw_panel(surface, bar, theme.PARCHMENT, theme.UMBER_DARK, 2, bar.height // 2)
        filled = Rect(bar.left, bar.top, max(bar.height, round(bar.width * progress)), bar.height)
        draw_panel(surface, filled, theme.MOSS, theme.MOSS_DARK, 1, bar.height // 2)
        percent = f"{round(progress * 100)}%"
        left = self.job.seconds_left() if self.job is not None else None
        if left is not None:
            seconds = max(1, round(left))
            # TRANSLATORS: the share done of the review, and the time it still needs.
            percent = ngettext(
                "{share}, about {n} second left", "{share}, about {n} seconds left", seconds
            ).format(share=percent, n=seconds)
        draw_text_fit(surface, percent, bar, f.small, theme.CHARCOAL, True)
        text = (
            words.remade_words()
            if self.remade
            else _(
                "Hard looks again at each of your decisions, knowing only what you knew then, "
                "and plays the costliest out to the end of the game. This is done once: the "
                "review is kept with the game."
            )
        )
        below = Rect(inner.left, bar.bottom + m * 2, inner.width, inner.bottom - bar.bottom - m * 2)
        draw_wrapped(surface, text, below, f.body, theme.UMBER_DARK, centred=True)
