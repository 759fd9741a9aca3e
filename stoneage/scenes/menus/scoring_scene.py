"""Final scoring: every category per player (``final_scoring``), the winner after the tie-break
(``winners``) with the tie-break explained, and each player's score over the rounds
(``score_log``). Then play again with the same seats, or go back to the title.

At the end of a practice game the screen compares it with the original game: the player's
score in both under the verdict, the original's totals in a row under the table's, and Play
again becomes *Practice again* (from the same decision)."""

from __future__ import annotations

import dataclasses
import random
import time

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.match import replay_steps
from stoneage.play.names import CATEGORY_TITLES, join_list, join_sentences
from stoneage.play.practice import Practice
from stoneage.play.seats import Seat, follow_language
from stoneage.records.recorder import export_replay
from stoneage.rules import SCORING_CATEGORIES, GameState, tie_break
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.menu import draw_backdrop, draw_button_tip
from stoneage.scenes.table.session.autoplay import Autoplay
from stoneage.ui import theme
from stoneage.ui.layout import Fonts, button_row
from stoneage.ui.menu_layout import scoring_layout
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, handle_buttons


def final_winners(state: GameState, rows: list[dict[str, int]]) -> list[int]:
    """The winners by ``rows`` (a final scoring), after the tie-break on ``state``'s players."""
    totals = [row["total"] for row in rows]
    tied = [i for i, t in enumerate(totals) if t == max(totals)]
    best = max(tie_break(state.players[i]) for i in tied)
    return [i for i in tied if tie_break(state.players[i]) == best]


def verdict(
    state: GameState, seats: list[Seat], rows: list[dict[str, int]] | None = None
) -> tuple[str, str]:
    """Who won, and how a tie was broken (empty when there was no tie). ``rows``: the final
    scoring when it is known better than ``state`` knows it (a seat's view at a table over
    the network hides the others' extra cards, which the host has scored)."""
    totals = [row["total"] for row in (rows or state.final_scoring())]
    winners = final_winners(state, rows) if rows else state.winners()
    names = [seats[w].name for w in winners]
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        # TRANSLATORS: joins the names of players who share the victory ("Ann & Bob").
        head = _("Shared victory: {names} with {points} points!").format(
            names=_(" & ").join(names), points=best
        )
    elif seats[winners[0]].is_human and sum(s.is_human for s in seats) == 1:
        head = _("You win with {points} points!").format(points=best)
    else:
        head = _("{name} wins with {points} points!").format(name=names[0], points=best)
    if len(tied) == 1:
        return head, ""
    # TRANSLATORS: a player's name and their tie-break value, e.g. "Ayla 14".
    values = join_list(
        [
            _("{name} {value}").format(name=seats[i].name, value=tie_break(state.players[i]))
            for i in tied
        ]
    )
    note = _("Tied on points, so food production + tool value + people decides: {values}.").format(
        values=values
    )
    if len(winners) > 1:
        note = join_sentences(note, _("Still tied: the victory is shared."))
    return head, note


class ScoringScene(Scene):
    """The end of the game."""

    def __init__(
        self,
        app: SceneHost,
        seats: list[Seat],
        state: GameState,
        seed: int,
        autoplay: Autoplay | None = None,
        final: tuple[dict[str, int], ...] | None = None,
        replay: str | None = None,
        practice: Practice | None = None,
    ) -> None:
        """``autoplay``: the game the bots played alone (it ends by itself: see ``update``);
        ``final``: the host's final scoring of a game played over the network (this screen
        has only a seat's view: no seed to play again with, no history to export);
        ``replay``: the replay file the game's record wrote (its Review reads it);
        ``practice``: the end of a practice game, compared with its original."""
        super().__init__(app)
        self.seats, self.state, self.seed = seats, state, seed
        self.autoplay = autoplay
        self.online = final is not None
        self.replay = replay
        self.practice = practice if practice and len(practice.scores) == len(seats) else None
        self.shown_for = 0.0  # seconds on screen (autoplay leaves after a while)
        self.rows = [dict(row) for row in final] if final else state.final_scoring()
        self.winners = final_winners(state, self.rows) if final else state.winners()
        self.head, self.note = self._verdict()
        self.resize(app.size)

    def _verdict(self) -> tuple[str, str]:
        """The verdict and its note (the tie-break; a practice game's comparison first)."""
        head, note = verdict(self.state, self.seats, self.rows)
        if self.practice is None:
            return head, note
        compared = self.comparison()
        return head, join_sentences(compared, note) if note else compared

    def comparison(self) -> str:
        """A practice game against its original, in the practising seat's score."""
        practice = self.practice
        if practice is None:
            return ""
        now = self.rows[practice.seat]["total"]
        change = now - practice.original
        # TRANSLATORS: the end of a practice game, e.g. "You: original game 142, this
        # practice 151 (+9)".
        return _("{name}: original game {before}, this practice {now} ({change})").format(
            name=self.seats[practice.seat].name,
            before=practice.original,
            now=now,
            change=f"{change:+d}" if change else "±0",
        )

    def resize(self, size: tuple[int, int]) -> None:
        follow_language(self.seats)
        self.head, self.note = self._verdict()  # in the language of now
        self.lay = scoring_layout(size)
        f = self.lay.fonts
        again, review, export, title = button_row(
            self.lay.buttons, 4, self.lay.buttons.height, self.lay.margin * 2, round(f.title * 9)
        )
        self.buttons = [
            Button(
                again,
                _("Practice again") if self.practice else _("Play again"),
                self.play_again,
                enabled=not self.online,
                size=f.title,
                primary=True,
                name="play_again",
                tooltip=_("Play again from the same decision (Enter)")
                if self.practice
                else _("A new game with the same players (Enter)"),
            ),
            Button(
                export,
                _("Export replay"),
                self.export,
                enabled=not self.online,
                size=f.label,
                name="export",
                tooltip=_(
                    "Save the game so far with its seed as a replay file: python -m stoneage --replay FILE plays it back."
                ),
            ),
            self._leave_button(title, f.label),
            # Shown second, listed last: the others keep their places in the list.
            Button(
                review,
                _("Review"),
                self.open_review,
                enabled=self.reviewable,
                size=f.label,
                name="review",
                tooltip=_(
                    "See where you lost points: each of your decisions against the Hard bot's, "
                    "with the key moments (R)."
                )
                if self.reviewable
                else self._why_no_review(),
            ),
        ]
        self.mouse = (0, 0)

    def _leave_button(self, rect: Rect, size: int) -> Button:
        """Back to the title; the command line's autoplay has no title to go to: it quits."""
        if self.autoplay is not None and not self.autoplay.attract:
            return Button(
                rect,
                _("Quit"),
                self.to_title,
                size=size,
                name="title",
                tooltip=_("Stop watching the bots and close the window (Esc)"),
            )
        return Button(
            rect,
            _("Back to title"),
            self.to_title,
            size=size,
            name="title",
            tooltip=_("Back to the title screen (Esc)"),
        )

    @property
    def keeps_records(self) -> bool:
        """False for a game the bots played alone (autoplay): the player's history and
        achievements must not hear of it."""
        return self.autoplay is None

    def update(self, dt: float) -> bool:
        """Autoplay: once shown for a while, the command line quits (with --quit-at-end) and the
        attract mode goes back to the title."""
        autoplay = self.autoplay
        if autoplay is None:
            return False
        autoplay.scoring_shown = True  # the app draws this frame right after the update
        self.shown_for += dt
        if self.shown_for >= autoplay.scoring_hold and (autoplay.quit_at_end or autoplay.attract):
            self.to_title()
        return False

    @property
    def reviewable(self) -> bool:
        """True when a person played here (a game the bots played alone has nobody to review)
        and this program holds the game whole (over the network a seat saw only its view:
        no seed and no history to replay)."""
        return self.autoplay is None and not self.online and any(s.is_human for s in self.seats)

    def _why_no_review(self) -> str:
        """The disabled Review button's tooltip."""
        if self.online:
            return _(
                "A game over the network is kept by its host: this window has no replay to review."
            )
        return _("Only a person's decisions are reviewed: bots played every seat.")

    def open_review(self) -> None:
        """The review of this game, from the replay its record wrote (written now if that
        failed; a replay that cannot be written is said on the button)."""
        if not self.reviewable:
            return
        path = self.replay
        if path is None:
            try:
                path = str(
                    export_replay(self.seats, self.seed, replay_steps(self.state), self.state)
                )
            except OSError as error:
                button = self.buttons[3]
                button.label = _("Not saved")
                button.tooltip = _("The replay could not be written: {reason}").format(
                    reason=error.strerror or str(error)
                )
                return
            self.replay = path
        self.app.push(self.app.make_scene("review", replay=path))

    def export(self) -> None:
        """Write the finished game as a replay file and say where it went."""
        button = self.buttons[1]
        try:
            path = export_replay(self.seats, self.seed, replay_steps(self.state), self.state)
        except OSError as error:
            button.label = _("Not saved")
            button.tooltip = _("The replay could not be written: {reason}").format(
                reason=error.strerror or str(error)
            )
            return
        button.label = _("Replay saved")
        button.tooltip = _("Replay saved to {path}").format(path=str(path))

    def play_again(self) -> None:
        """A new game with the same seats (a practice game: again from the same decision)."""
        if self.practice is not None:
            self.app.replace(self.app.make_scene("practice", practice=self.practice))
            return
        seed = (
            self.app.seed
            if self.app.seed is not None
            else random.Random(time.time_ns()).randrange(1, 10**9)
        )
        options: dict[str, object] = {}
        if self.autoplay is not None:  # the bots play again, watched the same way
            options["autoplay"] = dataclasses.replace(self.autoplay, scoring_shown=False)
        self.app.replace(self.app.make_scene("game", seats=self.seats, seed=seed, **options))

    def to_title(self) -> None:
        """Back to the title screen (the command line's autoplay quits instead)."""
        if self.autoplay is not None and not self.autoplay.attract:
            self.app.quit()
            return
        self.app.reset(self.app.make_scene("title"))

    def handle(self, event: pygame.event.Event) -> bool:
        if "pos" in event.dict:
            self.mouse = event.pos
        attract = self.autoplay is not None and self.autoplay.attract
        if attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.to_title()  # the attract mode: any key or click returns to the title
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.online:
                self.play_again()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.reviewable:
            self.open_review()
            return True
        return handle_buttons(self.buttons, event)

    def toast_area(self) -> Rect | None:
        """Achievements earned by this game are told over the chart, clear of the Total row
        and the verdict (at the bottom centre they covered the Total for about 5 s)."""
        chart = self.lay.chart
        under_heading = self.lay.fonts.body * 2  # the chart's heading stays readable
        return Rect(chart.left, chart.top + under_heading, chart.width, chart.height)

    def draw(self, surface: pygame.Surface) -> None:
        lay, f = self.lay, self.lay.fonts
        draw_backdrop(surface, surface.get_size())
        title = _("Final scoring of a practice game") if self.practice else _("Final scoring")
        draw_text_fit(surface, title, lay.title, f.huge, theme.UMBER_DARK, True)
        banner = lay.verdict.inflate(-lay.verdict.width // 5, 0)
        winner_colour = theme.PLAYER_COLOURS[self.seats[self.winners[0]].colour]
        draw_panel(surface, banner, winner_colour, theme.PARCHMENT_LIGHT, 3, banner.height // 2)
        top = Rect(
            banner.left, banner.top, banner.width, banner.height * (3 if self.note else 5) // 5
        )
        draw_text_fit(
            surface,
            self.head,
            top.inflate(-2 * lay.margin, 0),
            f.big,
            theme.text_on(winner_colour),
            True,
        )
        if self.note:
            draw_text_fit(
                surface,
                self.note,
                Rect(banner.left, top.bottom, banner.width, banner.bottom - top.bottom).inflate(
                    -2 * lay.margin, 0
                ),
                f.small,
                theme.text_on(winner_colour),
                True,
            )
        self._draw_table(surface, lay.table)
        draw_chart(surface, lay.chart, self.state, self.seats, f, lay.margin, self.rows)
        for button in self.buttons:
            button.draw(surface)
        draw_button_tip(surface, self.buttons, self.mouse, f.small)

    def _draw_table(self, surface: pygame.Surface, area: Rect) -> None:
        f = self.lay.fonts
        draw_panel(
            surface, area, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, *frame_style(self.lay.margin)
        )
        inner = area.inflate(-self.lay.margin * 2, -self.lay.margin)
        label_w = round(inner.width * 0.42)
        col_w = (inner.width - label_w) // len(self.seats)
        extra = 1 if self.practice is not None else 0  # the original game's totals
        row_h = inner.height // (len(SCORING_CATEGORIES) + 1 + extra)
        winners = set(self.winners)
        for seat, player in enumerate(self.seats):
            cell = Rect(inner.left + label_w + seat * col_w, inner.top, col_w, row_h)
            if seat in winners:
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.GOLD_LIGHT, theme.PARCHMENT_LIGHT, 0.4),
                    Rect(cell.left, inner.top, col_w, inner.height),
                    border_radius=6,
                )
            draw_text_fit(
                surface,
                player.name,
                cell.inflate(-6, 0),
                f.label,
                theme.PLAYER_SHADES[player.colour],
                True,
            )
        for r, category in enumerate(SCORING_CATEGORIES):
            y = inner.top + (r + 1) * row_h
            total = category == "total"
            if total:
                pygame.draw.line(surface, theme.UMBER_DARK, (inner.left, y), (inner.right, y), 2)
            draw_text_fit(
                surface,
                _(CATEGORY_TITLES[category]),
                Rect(inner.left, y, label_w - 6, row_h),
                f.title if total else f.body,
                theme.CHARCOAL,
                total,
                "midleft",
            )
            for seat in range(len(self.seats)):
                value = self.rows[seat][category]
                cell = Rect(inner.left + label_w + seat * col_w, y, col_w, row_h)
                colour = (
                    theme.CLAY if value < 0 else (theme.CHARCOAL if value else theme.STONE_GREY)
                )
                draw_text(
                    surface,
                    str(value),
                    cell.center,
                    f.big if total else f.label,
                    colour,
                    total,
                    "center",
                )
        if extra:
            self._draw_original_row(surface, inner, label_w, col_w, row_h)

    def _draw_original_row(
        self, surface: pygame.Surface, inner: Rect, label_w: int, col_w: int, row_h: int
    ) -> None:
        """Under the totals, the original game's (a practice game's end)."""
        practice, f = self.practice, self.lay.fonts
        if practice is None:
            return
        y = inner.top + (len(SCORING_CATEGORIES) + 1) * row_h
        label = Rect(inner.left, y, label_w - 6, row_h)
        draw_text_fit(
            surface, _("Original game"), label, f.body, theme.UMBER_DARK, False, "midleft"
        )
        for seat, before in enumerate(practice.scores):
            cell = Rect(inner.left + label_w + seat * col_w, y, col_w, row_h)
            now = self.rows[seat]["total"]
            mine = seat == practice.seat
            colour = (
                theme.MOSS_DARK
                if now > before
                else theme.CLAY
                if now < before
                else theme.UMBER_DARK
            )
            words = f"{before} ({now - before:+d})" if mine and now != before else str(before)
            draw_text_fit(
                surface,
                words,
                cell.inflate(-4, 0),
                f.label,
                colour if mine else theme.UMBER_DARK,
                mine,
            )


def frame_style(margin: int) -> tuple[int, int]:
    """Outline width and corner radius of the table and chart panels, grown with the window."""
    return max(2, margin // 5), max(10, margin)


def draw_chart(
    surface: pygame.Surface,
    area: Rect,
    state: GameState,
    seats: list[Seat],
    f: Fonts,
    margin: int = 10,
    rows: list[dict[str, int]] | None = None,
) -> None:
    """Each player's score after every round, ending with the final total (of ``rows`` when
    given, else of ``state``)."""
    rows = rows or state.final_scoring()
    draw_panel(surface, area, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, *frame_style(margin))
    draw_text(
        surface,
        _("Score over the rounds"),
        (area.left + f.body, area.top + f.body // 2),
        f.label,
        theme.CHARCOAL,
        True,
    )
    plot = Rect(
        area.left + f.body * 3,
        area.top + f.label * 2 + 4,
        area.width - f.body * 4,
        area.height - f.label * 2 - f.body * 3,
    )
    series = [
        [0] + [row[i] for row in state.score_log] + [rows[i]["total"]] for i in range(state.n)
    ]
    low, high = min(0, min(min(s) for s in series)), max(10, max(max(s) for s in series))
    points = len(series[0])

    def x_of(i: int) -> int:
        return plot.left + round(i * plot.width / max(1, points - 1))

    def y_of(v: float) -> int:
        return plot.bottom - round((v - low) * plot.height / (high - low))

    step = _nice_step(high - low)
    value = (low // step) * step
    while value <= high:
        y = y_of(value)
        pygame.draw.line(
            surface,
            theme.mix(theme.PARCHMENT, theme.UMBER, 0.25),
            (plot.left, y),
            (plot.right, y),
            1,
        )
        draw_text(
            surface, str(value), (plot.left - 4, y), f.tiny, theme.UMBER_DARK, False, "midright"
        )
        value += step
    for i in range(points):
        label = _("end") if i == points - 1 else str(i)
        if i == points - 1 or i % max(1, points // 8) == 0:
            draw_text(
                surface,
                label,
                (x_of(i), plot.bottom + 3),
                f.tiny,
                theme.UMBER_DARK,
                i == points - 1,
                "midtop",
            )
    draw_text(
        surface,
        _("round"),
        (plot.centerx, area.bottom - 4),
        f.tiny,
        theme.UMBER_DARK,
        False,
        "midbottom",
    )
    for seat, values in enumerate(series):
        colour = theme.PLAYER_COLOURS[seats[seat].colour]
        line = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
        if len(line) > 1:
            pygame.draw.lines(surface, colour, False, line, max(2, f.tiny // 4))
        pygame.draw.circle(surface, colour, line[-1], max(3, f.tiny // 3))


def _nice_step(span: int) -> int:
    for step in (5, 10, 20, 25, 50, 100):
        if span / step <= 8:
            return step
    return 200
