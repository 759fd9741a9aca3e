"""The statistics screen: the player's finished games in numbers, charts, a list and the
achievements, from the title screen.

Four tabs share one header (the tabs), one row of filters (number of players, opponent level,
and the person's name when several people played at this computer) and one footer (Export
CSV, Back):

Overview
    games played and won, win rate and its trend, average, median and best score, streaks;
    games and wins by opponent level and by number of players; the best in each scoring
    category.
Charts
    the score of every game with the average of the last ten; the share of Hard's moves in
    each reviewed game (the review's agreement); the win rate over the last ten
    games; where the points come from, against the opponents' average.
Games
    every game, newest first (practice games too, marked as such); Replay opens a game in the
    replay viewer, Review its review.
Achievements
    every achievement, with the date earned or still to earn.

The numbers come from ``stoneage.records.stats`` (pure); the screen only draws them. With no game
yet it says so kindly and offers a new game. Left/Right change the tab; the wheel, Up/Down
and the Page keys scroll the list of games; Esc goes back.

This module keeps the scene: what it shows (the records, the filters and their counts, the tab),
its buttons and its keys; each tab is drawn by its view (``overview_view``, ``charts_view``,
``games_view``, ``achievements_view``) in the layout of ``stats_layout``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Literal

import pygame
from pygame import Rect

from stoneage.i18n import N_, _
from stoneage.play.names import shown_name
from stoneage.play.opponents import opponent_ids, opponent_name
from stoneage.play.savefile import SaveError, load_game_file
from stoneage.records import achievements, stats
from stoneage.records.game_record import GameRecord
from stoneage.records.history import History
from stoneage.records.stats import Entry, Filter
from stoneage.review import TrendPoint, replay_of_record, review_trend
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.confirm import ConfirmScene
from stoneage.scenes.kit.menu import draw_backdrop, draw_button_tip, press_primary
from stoneage.scenes.kit.toasts import SUCCESS, WARNING
from stoneage.scenes.stats.achievements_view import AchievementsView
from stoneage.scenes.stats.chart_maths import rolling_mean, window_for
from stoneage.scenes.stats.charts_view import ChartsView, average_label
from stoneage.scenes.stats.drawing import draw_empty, draw_message, level_title
from stoneage.scenes.stats.games_view import WHEEL_ROWS, GamesView
from stoneage.scenes.stats.overview_view import OverviewView
from stoneage.scenes.stats.stats_layout import Choice, filter_row, stats_layout
from stoneage.ui import theme
from stoneage.ui.layout import table_frame
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, handle_buttons

# rolling_mean and window_for live in chart_maths; they are named here too, where the tests
# import them from.
__all__ = ["TABS", "StatsScene", "load_records", "made_up_scene", "rolling_mean", "window_for"]

log = logging.getLogger(__name__)

TABS = ("overview", "charts", "games", "achievements")
TAB_TITLES = {
    "overview": N_("Overview"),
    "charts": N_("Charts"),
    "games": N_("Games"),
    "achievements": N_("Achievements"),
}
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # with a pos


def load_records(history: History) -> list[GameRecord]:
    """The history as the screen shows it (written and waiting records); never raises."""
    try:
        return history.with_pending()
    except Exception:  # a broken history must never stop the screen from opening
        log.exception("could not read the history")
        return []


class StatsScene(Scene):
    """The statistics screen (see the module's docstring)."""

    def __init__(
        self,
        app: SceneHost,
        records: Sequence[GameRecord] | None = None,
        earned: dict[str, dict[str, str]] | None = None,
        tab: str = "overview",
    ) -> None:
        """``records`` and ``earned`` (person -> achievement id -> date) are read from the data
        folder when not given (the screenshot scene gives a made-up history)."""
        super().__init__(app)
        self.records = list(records) if records is not None else load_records(app.records.history)
        self.earned = earned if earned is not None else self._read_earned()
        for notice in app.records.take_notices():
            app.toasts.show(notice, WARNING)
        self.names = stats.player_names(self.records)
        self.tab = tab if tab in TABS else "overview"
        self.where = Filter()
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self.filter_labels: list[tuple[str, Rect]] = []  # each filter group's label and its box
        self.lay = stats_layout(app.size)
        self._reviewed: list[TrendPoint] | None = None  # every reviewed seat of the history
        self.games = GamesView(self.lay, self.open_replay, self.open_review)
        self._count()
        self.rebuild()

    def _read_earned(self) -> dict[str, dict[str, str]]:
        try:
            return self.app.records.achievements.load_earned(self.records)
        except Exception:  # the achievements file is a courtesy; the numbers still show
            log.exception("could not read the achievements")
            return {}

    def _count(self) -> None:
        """Count the games under the filters, and list them in the Games tab from the top."""
        self.summary = stats.summarise(self.records, self.where)
        self.games.show(self.summary.listed, len(self.names) > 1 and self.where.player is None)

    # --- state --------------------------------------------------------------------------------
    @property
    def empty(self) -> bool:
        """True when no game was ever recorded (the friendly empty screen)."""
        return not self.records

    def nothing_matches(self) -> bool:
        """True when the tab has no game to show under the filters (the Games tab lists the
        practice games too; the figures count none of them)."""
        if self.tab == "games":
            return not self.summary.listed
        return self.summary.empty

    def person(self) -> str | None:
        """Whose achievements are shown: the chosen name, else the one with most games."""
        return self.where.player or (self.names[0] if self.names else None)

    def set_tab(self, tab: str) -> None:
        """Show ``tab``."""
        self.tab = tab
        self.rebuild()

    def set_filter(self, **change: object) -> None:
        """Change one filter (players, level, player or opponent) and count again."""
        # Filter checks nothing itself: the chooser only ever passes its own fields and values.
        self.where = replace(self.where, **change)  # type: ignore[arg-type]
        self._count()
        self.rebuild()

    def next_player(self) -> None:
        """The person filter: everyone, then each name in turn."""
        choices: list[str | None] = [None, *self.names]
        current = self.where.player
        if self.tab == "achievements":  # achievements are a person's own: no "everyone"
            choices, current = list(self.names), self.person()
        index = choices.index(current) if current in choices else 0
        self.set_filter(player=choices[(index + 1) % len(choices)])

    def _opponents_met(self) -> list[str]:
        """The opponents (ids, the roster's order) whose bots sat at a counted person's table."""
        met = {
            o for e in stats.entries(self.records) for o in stats.opponents_met(e.record, e.seat)
        }
        return [o for o in opponent_ids() if o in met]

    def next_opponent(self) -> None:
        """The opponent filter: every game, then the games against each opponent met in turn."""
        choices: list[str | None] = [None, *self._opponents_met()]
        current = self.where.opponent
        index = choices.index(current) if current in choices else 0
        self.set_filter(opponent=choices[(index + 1) % len(choices)])

    def export(self) -> None:
        """Write the history as CSV into the data folder and say where."""
        try:
            path = stats.export_csv(self.records)
        except OSError as error:
            reason = error.strerror or str(error)
            self.app.toasts.show(
                _("The history could not be exported ({error}).").format(error=reason), WARNING
            )
            return
        self.app.toasts.show(_("History exported as {path}").format(path=str(path)), SUCCESS)

    def open_replay(self, record: GameRecord) -> None:
        """Play a past game back in the replay viewer."""
        if not record.replay:
            return
        try:
            game = load_game_file(record.replay)
        except SaveError as error:
            self.app.push(
                ConfirmScene(
                    self.app,
                    _("Replay"),
                    _("This game's replay cannot be opened: {reason}").format(reason=error.message),
                    [],
                )
            )
            return
        self.app.push(
            self.app.make_scene(
                "game", seats=game.fresh_seats(), seed=game.seed, state=game.state, replay=True
            )
        )

    def open_review(self, record: GameRecord) -> None:
        """The review of a past game (its replay read, its review stored or made); a replay
        gone from the data folder is said in words."""
        path = replay_of_record(record)
        if path is None:
            self.app.push(
                ConfirmScene(
                    self.app,
                    _("Review"),
                    _("This game's replay is no longer in the data folder."),
                    [],
                )
            )
            return
        seats = record.human_seats()
        chosen = next((e.seat for e in self.summary.listed if e.record is record), None)
        seat = chosen if chosen is not None else (seats[0] if seats else None)
        self.app.push(self.app.make_scene("review", replay=str(path), seat=seat))

    def trend(self) -> list[float]:
        """The agreement with Hard in each reviewed game counted under the filters, oldest
        first (the reviews stored beside the replays, read once)."""
        if self._reviewed is None:
            try:
                self._reviewed = review_trend(self.records)
            except Exception:  # the trend is a courtesy: the charts show without it
                log.exception("could not read the stored reviews")
                self._reviewed = []
        counted = {(e.record.id, e.seat) for e in self.summary.entries}
        return [p.agreement for p in self._reviewed if (p.game_id, p.seat) in counted]

    def new_game(self) -> None:
        """The empty screen's button: the setup screen."""
        self.app.push(self.app.make_scene("setup"))

    # --- the list of games: its view keeps it, these ask the view (and the tests ask these) ----
    @property
    def first(self) -> int:
        """The first game shown in the list (0: the newest)."""
        return self.games.first

    def list_rows(self) -> list[tuple[Entry, Rect]]:
        """The games shown in the list now (newest first) with their rows."""
        return self.games.list_rows()

    def visible_rows(self) -> int:
        """How many games fit in the list."""
        return self.games.visible_rows()

    def scroll(self, rows: int) -> bool:
        """Scroll the list of games; True when it moved (its Replay buttons move along)."""
        if not self.games.scroll(rows):
            return False
        self.rebuild()
        return True

    # --- layout and buttons --------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window of ``size``."""
        self.lay = stats_layout(size)
        self.games.resize(self.lay)
        self.rebuild()

    def resume(self) -> None:
        """Back on top: the buttons anew (and the reviews read again: one may have been made)."""
        self._reviewed = None
        self.rebuild()  # the language may have changed

    def rebuild(self) -> None:
        """Every button for the current tab, filters and window."""
        filters, self.filter_labels = filter_row(self.lay, self._filter_specs(), _filter_tip)
        self.buttons = self._tab_buttons() + filters + self._footer_buttons()
        if self.tab == "games" and not self.nothing_matches():
            self.buttons += self.games.replay_buttons()
        if self.empty and self.tab != "achievements":
            self.buttons.append(self._empty_button())
        elif self.nothing_matches() and self.tab != "achievements":
            self.buttons.append(self._show_all_button())

    def buttons_named(self, name: str) -> list[Button]:
        """The buttons called ``name`` now (tests press them too)."""
        return [b for b in self.buttons if b.name == name]

    def _tab_buttons(self) -> list[Button]:
        lay, f = self.lay, self.lay.fonts
        count = len(TABS)
        width = min((lay.tabs.width - (count - 1) * lay.margin) // count, round(f.title * 9))
        left = lay.tabs.right - count * width - (count - 1) * lay.margin
        return [
            Button(
                Rect(left + i * (width + lay.margin), lay.tabs.top, width, lay.tabs.height),
                _(TAB_TITLES[tab]),
                partial(self.set_tab, tab),
                size=f.label,
                selected=tab == self.tab,
                tooltip=_("Show this page (Left and Right arrows)."),
                name=f"tab_{tab}",
            )
            for i, tab in enumerate(TABS)
        ]

    def _filter_specs(self) -> list[tuple[str, list[Choice]]]:
        """The filter groups: a label and its options (text, action, selected, name)."""
        if self.empty:
            return []
        person = self.where.player
        groups: list[tuple[str, list[Choice]]] = []
        if self.tab != "achievements":
            counts = sorted({r.players for r in self.records})
            groups.append((_("Players"), self._choices("players", [(str(n), n) for n in counts])))
            present = {stats.opponent_level(e.record, e.seat) for e in stats.entries(self.records)}
            shown_levels = [(level_title(lv), lv) for lv in stats.OPPONENT_LEVELS if lv in present]
            groups.append((_("Opponents"), self._choices("level", shown_levels)))
            if self._opponents_met():
                who = self.where.opponent
                label = _("All") if who is None else opponent_name(who)
                groups.append((_("Bots"), [(label, self.next_opponent, True, "opponent")]))
        if len(self.names) > 1 or self.tab == "achievements":
            shown = person or (self.names[0] if self.tab == "achievements" and self.names else None)
            label = shown_name(shown) if shown is not None else _("Everyone")
            if len(self.names) > 1:
                groups.append((_("Player"), [(label, self.next_player, True, "player")]))
        return groups

    def _choices(
        self, field: Literal["players", "level"], options: Sequence[tuple[str, object]]
    ) -> list[Choice]:
        """ "All" and one option per (text, value) for the filter ``field`` (players or level),
        the current one selected; names ``{field}_all`` and ``{field}_{value}``."""
        now = self.where.players if field == "players" else self.where.level
        every: Choice = (
            _("All"),
            partial(self.set_filter, **{field: None}),
            now is None,
            f"{field}_all",
        )
        return [every] + [
            (text, partial(self.set_filter, **{field: value}), now == value, f"{field}_{value}")
            for text, value in options
        ]

    def _footer_buttons(self) -> list[Button]:
        lay, f = self.lay, self.lay.fonts
        width = round(f.title * 8)
        back = Rect(lay.footer.right - width, lay.footer.top, width, lay.footer.height)
        export = Rect(lay.footer.left, lay.footer.top, round(f.title * 9), lay.footer.height)
        return [
            Button(
                export,
                _("Export CSV"),
                self.export,
                enabled=not self.empty,
                size=f.label,
                tooltip=_(
                    "Write every game as a spreadsheet file (CSV) into the game's data folder."
                ),
                name="export",
            ),
            Button(
                back,
                _("Back"),
                self.app.pop,
                size=f.label,
                primary=True,
                tooltip=_("Back to the title screen (Esc)."),
                name="back",
            ),
        ]

    def _empty_button(self) -> Button:
        f = self.lay.fonts
        rect = Rect(0, 0, round(f.title * 10), round(f.title * 2.2))
        rect.midtop = (self.lay.body.centerx, self.lay.body.centery + f.title * 2)
        return Button(
            rect,
            _("New game"),
            self.new_game,
            size=f.title,
            primary=True,
            tooltip=_("Choose the players and start a new game."),
            name="new_game",
        )

    def _show_all_button(self) -> Button:
        f = self.lay.fonts
        rect = Rect(0, 0, round(f.title * 10), round(f.title * 2.2))
        rect.midtop = (self.lay.body.centerx, self.lay.body.centery + f.title * 2)
        return Button(
            rect,
            _("Show all games"),
            lambda: self.set_filter(players=None, level=None, player=None, opponent=None),
            size=f.label,
            tooltip=_("Clear the filters."),
            name="show_all",
        )

    # --- events ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Esc, the tab and scrolling keys, the wheel over the list of games, the buttons."""
        if event.type in MOUSE_EVENTS:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.set_tab(TABS[(TABS.index(self.tab) + step) % len(TABS)])
                return True
            rows = self.games.key_rows(event.key)
            if rows is not None and self.tab == "games":
                return self.scroll(rows)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return press_primary(self.buttons)
        if event.type == pygame.MOUSEWHEEL and self.tab == "games":
            return self.scroll(-event.y * WHEEL_ROWS)
        return handle_buttons(self.buttons, event)

    # --- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The frame, the title and the filter labels, the tab (or the words instead of it)
        and the buttons with the tooltip of the one under the mouse."""
        lay, f = self.lay, self.lay.fonts
        draw_backdrop(surface, lay.size)
        frame = table_frame(lay.size).inflate(-lay.margin * 2, -lay.margin * 2)
        draw_panel(surface, frame, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(surface, _("Statistics"), lay.title, f.big, theme.CHARCOAL, True, "midleft")
        for label, rect in self.filter_labels:
            draw_text_fit(surface, label, rect, f.body, theme.UMBER_DARK, True, "midleft")
        if self.tab == "achievements":
            self._achievements_view().draw(surface, lay.body)
        elif self.empty:
            draw_empty(surface, lay, lay.body)
        elif self.nothing_matches():
            draw_message(surface, lay, lay.body, _("No games match these filters."))
        elif self.tab == "overview":
            OverviewView(lay, self.summary).draw(surface, lay.body)
        elif self.tab == "charts":
            ChartsView(lay, self.summary, self.trend()).draw(surface, lay.body)
        else:
            self.games.draw(surface, lay.body)
        for button in self.buttons:
            button.draw(surface)
        draw_button_tip(surface, self.buttons, self.mouse, f.small)

    def _achievements_view(self) -> AchievementsView:
        """The Achievements tab of the person shown, its count beside the person chooser."""
        person = self.person()
        mine = self.earned.get(person, {}) if person is not None else {}
        chooser = self.buttons_named("player")
        return AchievementsView(self.lay, mine, chooser[0].rect if chooser else None)

    def _average_label(self) -> str:
        """The legend of the score chart's average line (the Charts tab draws it; the tests ask
        the scene for it)."""
        return average_label(len(self.summary.scores))


def _filter_tip(name: str) -> str:
    """The tooltip of the filter option called ``name``."""
    if name == "player":
        return _("Whose games are counted: everyone who played here, or one person.")
    if name == "opponent":
        return _(
            "Count every game, or only those where a bot of this opponent sat (click for the next)."
        )
    if name.startswith("players"):
        return _("Count only the games with this number of players.")
    return _("Count only the games against opponents of this level.")


def made_up_scene(app: SceneHost, seed: int, games: int, tab: str = "overview") -> StatsScene:
    """The screen over a seeded, made-up history of ``games`` games (screenshots, tests)."""
    records = stats.made_up_history(seed, games)
    return StatsScene(app, records, achievements.earned_over_history(records), tab)
