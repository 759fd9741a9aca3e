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
    the score of every game with the average of the last ten; the win rate over the last ten
    games; where the points come from, against the opponents' average.
Games
    every game, newest first; Replay opens a game in the replay viewer.
Achievements
    every achievement, with the date earned or still to earn.

The numbers come from ``stoneage.ui.stats`` (pure); the screen only draws them. With no game
yet it says so kindly and offers a new game. Left/Right change the tab; the wheel, Up/Down
and the Page keys scroll the list of games; Esc goes back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import N_, _
from stoneage.rules import SCORING_CATEGORIES
from stoneage.ui import achievements, assets, history, stats, theme
from stoneage.ui.history import GameRecord
from stoneage.ui.layout import Fonts, fonts_for, table_frame, unit_for
from stoneage.ui.names import CATEGORY_TITLES, shown_name
from stoneage.ui.stats import Entry, Filter, Summary
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_wrapped,
    handle_buttons,
)

from . import toasts
from .base import Scene, SceneHost
from .menu_base import draw_backdrop, draw_button_tip, press_primary
from .saves import ConfirmScene, SaveError, format_time, load_game_file

log = logging.getLogger(__name__)

TABS = ("overview", "charts", "games", "achievements")
TAB_TITLES = {
    "overview": N_("Overview"),
    "charts": N_("Charts"),
    "games": N_("Games"),
    "achievements": N_("Achievements"),
}
ROLLING = 10  # games in the rolling average and win rate of a short history
# One option of a filter group: its text, its action, whether it is selected, its name.
Choice = tuple[str, Callable[[], None], bool, str]
LONG_HISTORY = 100  # from this many games on, the average and win rate use a wider window
# (history length from which it applies, games in the window): ten games jump up and down too
# much to show a trend over hundreds of games, so the window grows with the history.
WINDOWS = ((0, ROLLING), (LONG_HISTORY, 20), (300, 50))


def window_for(count: int) -> int:
    """The games in the rolling average and win rate of a chart over ``count`` games."""
    return max(size for start, size in WINDOWS if count >= start)


CHART_FILL = theme.mix(theme.PARCHMENT, theme.UMBER, 0.25)  # grid lines
WIN_COLOUR = theme.MOSS
LOSS_COLOUR = theme.CLAY
YOU_COLOUR = theme.MOSS
THEM_COLOUR = theme.STONE_GREY


@dataclass(frozen=True)
class StatsLayout:
    """Where everything goes on the statistics screen (kept to ``table_frame``)."""

    size: tuple[int, int]
    fonts: Fonts
    margin: int
    title: Rect
    tabs: Rect
    filters: Rect
    body: Rect
    footer: Rect


def stats_layout(size: tuple[int, int]) -> StatsLayout:
    """The statistics screen's parts for a window of ``size``."""
    frame = table_frame(size)
    x, y, w, h = frame
    unit = unit_for(frame.size)
    m = max(4, round(8 * unit))
    header_h, row_h = round(50 * unit), round(36 * unit)
    title = Rect(x + 2 * m, y + m, round(w * 0.3), header_h)
    tabs = Rect(
        title.right + m,
        y + m + round(6 * unit),
        x + w - title.right - 3 * m,
        header_h - 2 * round(6 * unit),
    )
    filters = Rect(x + 2 * m, title.bottom + m, w - 4 * m, row_h)
    footer = Rect(x + 2 * m, y + h - 3 * m - round(44 * unit), w - 4 * m, round(44 * unit))
    body = Rect(x + 2 * m, filters.bottom + 2 * m, w - 4 * m, footer.top - filters.bottom - 4 * m)
    return StatsLayout(size, fonts_for(unit), m, title, tabs, filters, body, footer)


def load_records() -> list[GameRecord]:
    """The history as the screen shows it (written and waiting records); never raises."""
    try:
        return history.history_with_pending()
    except Exception:  # a broken history must never stop the screen from opening
        log.exception("could not read the history")
        return []


def percent(rate: float) -> str:
    """A share as a whole percentage ("42%")."""
    return f"{round(rate * 100)}%"


def short_date(iso: str) -> str:
    """The day of an ISO time in local time ('' when it does not parse)."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d")
    except (ValueError, OverflowError, OSError):
        return ""


def level_title(level: str) -> str:
    """An opponent level's name, translated."""
    return _(stats.LEVEL_NAMES.get(level, level))


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
        self.records = list(records) if records is not None else load_records()
        self.earned = earned if earned is not None else self._read_earned()
        for notice in history.take_notices() + achievements.take_notices():
            toasts.show(notice, toasts.WARNING)
        self.names = stats.player_names(self.records)
        self.tab = tab if tab in TABS else "overview"
        self.where = Filter()
        self.first = 0  # the first game shown in the list
        self.mouse = (0, 0)
        self.buttons: list[Button] = []
        self.summary = stats.summarise(self.records, self.where)
        self.resize(app.size)

    def _read_earned(self) -> dict[str, dict[str, str]]:
        try:
            return achievements.load_earned(self.records)
        except Exception:  # the achievements file is a courtesy; the numbers still show
            log.exception("could not read the achievements")
            return {}

    # --- state --------------------------------------------------------------------------------
    @property
    def empty(self) -> bool:
        """True when no game was ever recorded (the friendly empty screen)."""
        return not self.records

    def person(self) -> str | None:
        """Whose achievements are shown: the chosen name, else the one with most games."""
        return self.where.player or (self.names[0] if self.names else None)

    def set_tab(self, tab: str) -> None:
        """Show ``tab``."""
        self.tab = tab
        self.rebuild()

    def set_filter(self, **change: object) -> None:
        """Change one filter (players, level or player) and count again."""
        # Filter checks nothing itself: the chooser only ever passes its own fields and values.
        self.where = replace(self.where, **change)  # type: ignore[arg-type]
        self.summary = stats.summarise(self.records, self.where)
        self.first = 0
        self.rebuild()

    def next_player(self) -> None:
        """The person filter: everyone, then each name in turn."""
        choices: list[str | None] = [None, *self.names]
        current = self.where.player
        if self.tab == "achievements":  # achievements are a person's own: no "everyone"
            choices, current = list(self.names), self.person()
        index = choices.index(current) if current in choices else 0
        self.set_filter(player=choices[(index + 1) % len(choices)])

    def export(self) -> None:
        """Write the history as CSV into the data folder and say where."""
        try:
            path = stats.export_csv(self.records)
        except OSError as error:
            reason = error.strerror or str(error)
            toasts.show(
                _("The history could not be exported ({error}).").format(error=reason),
                toasts.WARNING,
            )
            return
        toasts.show(_("History exported as {path}").format(path=str(path)), toasts.SUCCESS)

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

    def new_game(self) -> None:
        """The empty screen's button: the setup screen."""
        self.app.push(self.app.make_scene("setup"))

    # --- layout and buttons --------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.lay = stats_layout(size)
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()  # the language may have changed

    def rebuild(self) -> None:
        """Every button for the current tab, filters and window."""
        self.buttons = self._tab_buttons() + self._filter_buttons() + self._footer_buttons()
        if self.tab == "games" and not self.summary.empty:
            self.buttons += self._replay_buttons()
        if self.empty and self.tab != "achievements":
            self.buttons.append(self._empty_button())
        elif self.summary.empty and self.tab != "achievements":
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
        if len(self.names) > 1 or self.tab == "achievements":
            shown = person or (self.names[0] if self.tab == "achievements" and self.names else None)
            label = shown_name(shown) if shown is not None else _("Everyone")
            if len(self.names) > 1:
                groups.append((_("Player"), [(label, self.next_player, True, "player")]))
        return groups

    def _choices(self, field: str, options: Sequence[tuple[str, object]]) -> list[Choice]:
        """ "All" and one option per (text, value) for the filter ``field`` (players or level),
        the current one selected; names ``{field}_all`` and ``{field}_{value}``."""
        now = getattr(self.where, field)
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

    def _filter_buttons(self) -> list[Button]:
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        groups = self._filter_specs()
        self.filter_labels: list[tuple[str, Rect]] = []
        if not groups:
            return []
        size = f.body
        pad = size
        wanted = [
            (
                assets.text_width(label, size, True) + m,
                [assets.text_width(o[0], size, True) + pad * 2 for o in opts],
            )
            for label, opts in groups
        ]
        total = sum(lw + sum(ws) + m * (len(ws) - 1) for lw, ws in wanted) + m * 4 * (
            len(groups) - 1
        )
        scale = min(1.0, lay.filters.width / max(1, total))
        x = lay.filters.left
        buttons = []
        for (label, opts), (label_w, widths) in zip(groups, wanted, strict=True):
            rect = Rect(x, lay.filters.top, round(label_w * scale), lay.filters.height)
            self.filter_labels.append((label, rect))
            x = rect.right
            for (text, action, selected, name), width in zip(opts, widths, strict=True):
                w = max(round(width * scale), lay.filters.height)
                buttons.append(
                    Button(
                        Rect(x, lay.filters.top, w, lay.filters.height),
                        text,
                        action,
                        size=size,
                        selected=selected,
                        tooltip=self._filter_tip(name),
                        name=name,
                    )
                )
                x += w + m
            x += m * 3
        return buttons

    @staticmethod
    def _filter_tip(name: str) -> str:
        if name == "player":
            return _("Whose games are counted: everyone who played here, or one person.")
        if name.startswith("players"):
            return _("Count only the games with this number of players.")
        return _("Count only the games against opponents of this level.")

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
            lambda: self.set_filter(players=None, level=None, player=None),
            size=f.label,
            tooltip=_("Clear the filters."),
            name="show_all",
        )

    # --- the list of games ----------------------------------------------------------------------
    def list_rows(self) -> list[tuple[Entry, Rect]]:
        """The games shown in the list now (newest first) with their rows."""
        body, m = self.lay.body, self.lay.margin
        height = self.row_height()
        top = body.top + height  # the heading row
        newest = list(reversed(self.summary.entries))
        shown = newest[self.first : self.first + self.visible_rows()]
        return [
            (entry, Rect(body.left, top + i * (height + m // 2), body.width - m * 2, height))
            for i, entry in enumerate(shown)
        ]

    def row_height(self) -> int:
        """One game's row in the list."""
        return assets.font(self.lay.fonts.label, True).get_linesize() + self.lay.margin * 2

    def visible_rows(self) -> int:
        """How many games fit in the list."""
        height = self.row_height()
        return max(1, (self.lay.body.height - height) // (height + self.lay.margin // 2))

    def scroll(self, rows: int) -> bool:
        """Scroll the list of games; True when it moved."""
        limit = max(0, len(self.summary.entries) - self.visible_rows())
        before, self.first = self.first, max(0, min(limit, self.first + rows))
        if before == self.first:
            return False
        self.rebuild()
        return True

    def _replay_buttons(self) -> list[Button]:
        f, m = self.lay.fonts, self.lay.margin
        width = round(f.label * 6)
        buttons = []
        for entry, row in self.list_rows():
            record = entry.record
            rect = Rect(row.right - width - m, row.top + m // 2, width, row.height - m)
            buttons.append(
                Button(
                    rect,
                    _("Replay"),
                    partial(self.open_replay, record),
                    enabled=bool(record.replay),
                    size=f.body,
                    tooltip=(
                        _("Watch this game again, move by move.")
                        if record.replay
                        else _("This game's replay was not kept.")
                    ),
                    name=f"replay_{record.id}",
                )
            )
        return buttons

    # --- events ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.set_tab(TABS[(TABS.index(self.tab) + step) % len(TABS)])
                return True
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.visible_rows(),
                pygame.K_PAGEDOWN: self.visible_rows(),
            }
            if event.key in moves and self.tab == "games":
                return self.scroll(moves[event.key])
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return press_primary(self.buttons)
        if event.type == pygame.MOUSEWHEEL and self.tab == "games":
            return self.scroll(-event.y * 3)
        return handle_buttons(self.buttons, event)

    # --- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, f = self.lay, self.lay.fonts
        draw_backdrop(surface, lay.size)
        frame = table_frame(lay.size).inflate(-lay.margin * 2, -lay.margin * 2)
        draw_panel(surface, frame, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(surface, _("Statistics"), lay.title, f.big, theme.CHARCOAL, True, "midleft")
        for label, rect in getattr(self, "filter_labels", []):
            draw_text_fit(surface, label, rect, f.body, theme.UMBER_DARK, True, "midleft")
        if self.tab == "achievements":
            self.draw_achievements(surface, lay.body)
        elif self.empty:
            self.draw_empty(surface, lay.body)
        elif self.summary.empty:
            self.draw_message(surface, lay.body, _("No games match these filters."))
        elif self.tab == "overview":
            self.draw_overview(surface, lay.body)
        elif self.tab == "charts":
            self.draw_charts(surface, lay.body)
        else:
            self.draw_games(surface, lay.body)
        for button in self.buttons:
            button.draw(surface)
        draw_button_tip(surface, self.buttons, self.mouse, f.small)

    def draw_message(self, surface: pygame.Surface, body: Rect, text: str) -> None:
        """A line in the middle of the body (above the button there)."""
        f = self.lay.fonts
        area = Rect(body.left, body.centery - f.title * 3, body.width, f.title * 4)
        draw_text_fit(surface, text, area, f.big, theme.UMBER_DARK, True)

    def draw_empty(self, surface: pygame.Surface, body: Rect) -> None:
        """No game yet: a kind word, what will be here, and a New game button."""
        f, m = self.lay.fonts, self.lay.margin
        icon = assets.image("score", round(f.huge * 1.6))
        top = body.centery - icon.get_height() - f.huge * 2
        surface.blit(icon, icon.get_rect(midtop=(body.centerx, top)))
        heading = Rect(body.left, top + icon.get_height() + m, body.width, f.huge)
        draw_text_fit(surface, _("No games yet"), heading, f.big, theme.CHARCOAL, True)
        words = _(
            "Play a game to the end and it appears here: your scores, wins, streaks and charts. "
            "Achievements are earned along the way."
        )
        width = min(body.width, round(f.body * 40))
        area = Rect(body.centerx - width // 2, heading.bottom + m, width, f.title * 3)
        draw_wrapped(surface, words, area, f.body, theme.UMBER_DARK, centred=True)

    # --- overview -----------------------------------------------------------------------------------
    def draw_overview(self, surface: pygame.Surface, body: Rect) -> None:
        """The key figures, the games by opponents and by players, the best per category."""
        m = self.lay.margin
        s = self.summary
        tile_h = round(body.height * 0.2)
        tiles = self._tiles(s)
        columns = 4
        width = (body.width - (columns - 1) * m) // columns
        for i, (label, value, note, trend) in enumerate(tiles):
            rect = Rect(
                body.left + (i % columns) * (width + m),
                body.top + (i // columns) * (tile_h + m),
                width,
                tile_h,
            )
            self._draw_tile(surface, rect, label, value, note, trend)
        below = Rect(body.left, body.top + 2 * (tile_h + m) + m, body.width, 0)
        below.height = body.bottom - below.top
        third = (below.width - 2 * m) // 3
        groups = Rect(below.left, below.top, third, below.height)
        players = Rect(groups.right + m, below.top, third, below.height)
        best = Rect(players.right + m, below.top, below.right - players.right - m, below.height)
        self._draw_tally_table(
            surface,
            groups,
            _("By opponents"),
            [(level_title(k), s.by_level[k]) for k in stats.OPPONENT_LEVELS if k in s.by_level],
        )
        self._draw_tally_table(
            surface,
            players,
            _("By number of players"),
            [(_("{n} players").format(n=k), t) for k, t in s.by_players.items()],
        )
        self._draw_best(surface, best)

    def _tiles(self, s: Summary) -> list[tuple[str, str, str, float | None]]:
        """Each key figure: its label, its value, a note under it and a trend (or None)."""
        if len(s.scores) >= 2 * stats.TREND_WINDOWS[0]:
            trend_note = _("last 10 games against the 10 before")
            trend_value = f"{round(s.trend * 100):+d}%"
        else:
            trend_note = _("after 20 games")
            trend_value = "–"
        return [
            (_("Games played"), str(s.tally.played), "", None),
            (_("Games won"), str(s.tally.won), "", None),
            (_("Win rate"), percent(s.tally.rate), "", None),
            (_("Win rate trend"), trend_value, trend_note, s.trend if trend_value != "–" else None),
            (_("Average score"), f"{s.average:.1f}", "", None),
            (_("Median score"), f"{s.median:g}", "", None),
            (_("Best score"), str(s.best), "", None),
            (
                _("Winning streak"),
                str(s.current_streak),
                _("longest: {n}").format(n=s.longest_streak),
                None,
            ),
        ]

    def _draw_tile(
        self,
        surface: pygame.Surface,
        rect: Rect,
        label: str,
        value: str,
        note: str,
        trend: float | None,
    ) -> None:
        f, m = self.lay.fonts, self.lay.margin
        draw_panel(surface, rect, theme.PARCHMENT, theme.UMBER, 2, 10)
        inner = rect.inflate(-m * 2, -m)
        label_h = assets.font(f.small, True).get_linesize()
        draw_text_fit(
            surface,
            label,
            Rect(inner.left, inner.top, inner.width, label_h),
            f.small,
            theme.UMBER_DARK,
            True,
            "midleft",
        )
        note_h = assets.font(f.tiny).get_linesize() if note else 0
        value_box = Rect(
            inner.left, inner.top + label_h, inner.width, inner.height - label_h - note_h
        )
        colour = theme.CHARCOAL
        if trend is not None and trend != 0:
            colour = WIN_COLOUR if trend > 0 else LOSS_COLOUR
        drawn = draw_text_fit(surface, value, value_box, f.big, colour, True, "midleft")
        if trend is not None and trend != 0:
            size = max(6, drawn.height // 3)
            x, y = drawn.right + size * 2, drawn.centery
            tip = -size if trend > 0 else size
            pygame.draw.polygon(
                surface, colour, [(x, y + tip), (x - size, y - tip), (x + size, y - tip)]
            )
        if note:
            draw_text_fit(
                surface,
                note,
                Rect(inner.left, inner.bottom - note_h, inner.width, note_h),
                f.tiny,
                theme.UMBER_DARK,
                False,
                "midleft",
            )

    def _section(self, surface: pygame.Surface, area: Rect, heading: str) -> Rect:
        """A panel with a heading; the rect under the heading."""
        f, m = self.lay.fonts, self.lay.margin
        draw_panel(surface, area, theme.PARCHMENT, theme.UMBER, 2, 10)
        head_h = assets.font(f.label, True).get_linesize()
        draw_text_fit(
            surface,
            heading,
            Rect(area.left + m, area.top + m // 2, area.width - 2 * m, head_h),
            f.label,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        return Rect(
            area.left + m, area.top + m + head_h, area.width - 2 * m, area.height - 2 * m - head_h
        )

    def _draw_tally_table(
        self, surface: pygame.Surface, area: Rect, heading: str, rows: list[tuple[str, stats.Tally]]
    ) -> None:
        """Games played and won per group, with a bar of the win rate."""
        f, m = self.lay.fonts, self.lay.margin
        inner = self._section(surface, area, heading)
        line = assets.font(f.body).get_linesize()
        pitch = min(line * 2, inner.height // max(1, len(rows)))
        label_w = round(inner.width * 0.42)
        for i, (label, tally) in enumerate(rows):
            y = inner.top + i * pitch
            if y + line > inner.bottom:
                break
            draw_text_fit(
                surface,
                label,
                Rect(inner.left, y, label_w - m, line),
                f.body,
                theme.CHARCOAL,
                False,
                "midleft",
            )
            words = _("{won} of {played}").format(won=tally.won, played=tally.played)
            count_w = round(inner.width * 0.26)
            draw_text_fit(
                surface,
                words,
                Rect(inner.left + label_w, y, count_w - m, line),
                f.body,
                theme.UMBER_DARK,
                False,
                "midleft",
            )
            bar = Rect(
                inner.left + label_w + count_w,
                y + line // 4,
                inner.width - label_w - count_w,
                line // 2,
            )
            self._draw_rate_bar(surface, bar, tally.rate)

    def _draw_rate_bar(self, surface: pygame.Surface, bar: Rect, rate: float) -> None:
        f = self.lay.fonts
        text = percent(rate)
        text_w = assets.text_width("100%", f.small, True) + 4
        track = Rect(bar.left, bar.top, max(4, bar.width - text_w), bar.height)
        pygame.draw.rect(
            surface, theme.mix(theme.PARCHMENT, theme.UMBER, 0.3), track, border_radius=3
        )
        filled = Rect(track.left, track.top, round(track.width * rate), track.height)
        if filled.width:
            pygame.draw.rect(surface, WIN_COLOUR, filled, border_radius=3)
        draw_text(
            surface, text, (bar.right, bar.centery), f.small, theme.CHARCOAL, True, "midright"
        )

    def _draw_best(self, surface: pygame.Surface, area: Rect) -> None:
        """The best the player scored in each category."""
        f, m = self.lay.fonts, self.lay.margin
        inner = self._section(surface, area, _("Best in each category"))
        rows = list(SCORING_CATEGORIES)
        pitch = inner.height // max(1, len(rows))
        value_w = assets.text_width("-000", f.body, True) + m
        for i, key in enumerate(rows):
            y = inner.top + i * pitch
            total = key == "total"
            box = Rect(inner.left, y, inner.width - value_w, pitch)
            draw_text_fit(
                surface, _(CATEGORY_TITLES[key]), box, f.small, theme.CHARCOAL, total, "midleft"
            )
            value = self.summary.best_by_category.get(key, 0)
            colour = theme.CLAY if value < 0 else theme.CHARCOAL
            draw_text(
                surface, str(value), (inner.right, box.centery), f.body, colour, True, "midright"
            )

    # --- charts ---------------------------------------------------------------------------------------
    def draw_charts(self, surface: pygame.Surface, body: Rect) -> None:
        """Score over the games, the rolling win rate, and where the points come from."""
        m = self.lay.margin
        top = Rect(body.left, body.top, body.width, round(body.height * 0.52))
        half = (body.width - m) // 2
        low_top = top.bottom + m
        rate = Rect(body.left, low_top, half, body.bottom - low_top)
        sources = Rect(rate.right + m, low_top, body.right - rate.right - m, rate.height)
        self._draw_score_chart(surface, top)
        self._draw_rate_chart(surface, rate)
        self._draw_sources(surface, sources)

    def _plot_area(self, inner: Rect, labels_w: int) -> Rect:
        f = self.lay.fonts
        tiny_h = assets.font(f.tiny).get_linesize()
        return Rect(
            inner.left + labels_w,
            inner.top + tiny_h // 2,
            inner.width - labels_w - f.tiny,
            inner.height - tiny_h * 2,
        )

    def _draw_grid(
        self,
        surface: pygame.Surface,
        plot: Rect,
        low: float,
        high: float,
        step: float,
        fmt: Callable[[float], str],
    ) -> None:
        f = self.lay.fonts
        value = low
        while value <= high + 1e-9:
            y = plot.bottom - round((value - low) * plot.height / max(1e-9, high - low))
            pygame.draw.line(surface, CHART_FILL, (plot.left, y), (plot.right, y), 1)
            draw_text(
                surface, fmt(value), (plot.left - 4, y), f.tiny, theme.UMBER_DARK, False, "midright"
            )
            value += step

    def _draw_x_labels(self, surface: pygame.Surface, plot: Rect, count: int) -> None:
        """Game numbers under a chart of ``count`` games (a few, never crowded)."""
        f = self.lay.fonts
        step = nice_step(count, 8)
        marks = [1, *range(step, count + 1, step)]
        if count - marks[-1] >= step / 2:
            marks.append(count)
        for n in marks:
            x = plot.left + round((n - 1) * plot.width / max(1, count - 1))
            draw_text(
                surface, str(n), (x, plot.bottom + 2), f.tiny, theme.UMBER_DARK, False, "midtop"
            )

    def _average_label(self) -> str:
        """The legend of the score chart's average line (its window grows with the history)."""
        window = window_for(len(self.summary.scores))
        if window == ROLLING:
            return _("average of the last 10")
        return _("average of the last {n}").format(n=window)

    def _draw_score_chart(self, surface: pygame.Surface, area: Rect) -> None:
        f, m = self.lay.fonts, self.lay.margin
        inner = self._section(surface, area, _("Your score, game by game"))
        scores = self.summary.scores
        wins = [e.won for e in self.summary.entries]
        legend = [
            (_("won"), WIN_COLOUR),
            (_("lost"), LOSS_COLOUR),
            (self._average_label(), theme.UMBER_DARK),
        ]
        self._draw_legend(
            surface,
            Rect(
                area.left,
                area.top + m // 2,
                area.width - m,
                assets.font(f.label, True).get_linesize(),
            ),
            legend,
        )
        low = min(0, min(scores))
        high = max(10, max(scores))
        step = nice_step(high - low, 5)
        low, high = (low // step) * step, -(-high // step) * step
        plot = self._plot_area(inner, assets.text_width(str(high), f.tiny) + 8)
        self._draw_grid(surface, plot, low, high, step, lambda v: str(int(v)))
        count = len(scores)

        def x_of(i: int) -> int:
            return (
                plot.left + round(i * plot.width / max(1, count - 1)) if count > 1 else plot.centerx
            )

        def y_of(v: float) -> int:
            return plot.bottom - round((v - low) * plot.height / max(1, high - low))

        # As large as the spacing allows, never below a size seen on a large screen too.
        radius = max(2, f.tiny // 6, min(f.tiny // 3, plot.width // max(1, count * 2)))
        for i, (score, won) in enumerate(zip(scores, wins, strict=True)):
            pygame.draw.circle(
                surface, WIN_COLOUR if won else LOSS_COLOUR, (x_of(i), y_of(score)), radius
            )
        average = rolling_mean(scores, window_for(count))
        if count > 1:
            points = [(x_of(i), y_of(v)) for i, v in enumerate(average)]
            pygame.draw.lines(surface, theme.UMBER_DARK, False, points, max(2, f.tiny // 4))
        self._draw_x_labels(surface, plot, count)

    def _draw_rate_chart(self, surface: pygame.Surface, area: Rect) -> None:
        f = self.lay.fonts
        # A long history is read better over a wider window (ten games jump up and down).
        window = window_for(len(self.summary.entries))
        heading = _("Win rate over the last {n} games").format(n=window)
        inner = self._section(surface, area, heading)
        rates = self.summary.rolling_rates.get(window) or stats.rolling_rate(
            [e.won for e in self.summary.entries], window
        )
        plot = self._plot_area(inner, assets.text_width("100%", f.tiny) + 8)
        self._draw_grid(surface, plot, 0.0, 1.0, 0.25, percent)
        count = len(rates)
        if count > 1:
            points = [
                (
                    plot.left + round(i * plot.width / (count - 1)),
                    plot.bottom - round(r * plot.height),
                )
                for i, r in enumerate(rates)
            ]
            pygame.draw.lines(surface, WIN_COLOUR, False, points, max(2, f.tiny // 4))
        elif rates:
            pygame.draw.circle(
                surface, WIN_COLOUR, (plot.centerx, plot.bottom - round(rates[0] * plot.height)), 4
            )
        self._draw_x_labels(surface, plot, count)

    def _draw_sources(self, surface: pygame.Surface, area: Rect) -> None:
        f, m = self.lay.fonts, self.lay.margin
        inner = self._section(surface, area, _("Where your points come from"))
        legend = [(_("you"), YOU_COLOUR), (_("opponents"), THEM_COLOUR)]
        self._draw_legend(
            surface,
            Rect(
                area.left,
                area.top + m // 2,
                area.width - m,
                assets.font(f.label, True).get_linesize(),
            ),
            legend,
        )
        mine, theirs = self.summary.sources, self.summary.opponent_sources
        keys = list(stats.SOURCES)
        pitch = inner.height // len(keys)
        label_w = round(inner.width * 0.34)
        value_w = assets.text_width("-00.0", f.tiny) + m
        bar_area = Rect(
            inner.left + label_w, inner.top, inner.width - label_w - value_w, inner.height
        )
        peak = max([1.0, *(abs(v) for v in mine.values()), *(abs(v) for v in theirs.values())])
        negative = any(v < 0 for v in [*mine.values(), *theirs.values()])
        zero = bar_area.left + (round(bar_area.width * 0.12) if negative else 0)
        scale = (bar_area.right - zero) / peak
        for i, key in enumerate(keys):
            y = inner.top + i * pitch
            draw_text_fit(
                surface,
                _(stats.SOURCE_NAMES[key]),
                Rect(inner.left, y, label_w - m, pitch),
                f.small,
                theme.CHARCOAL,
                False,
                "midleft",
            )
            bar_h = max(3, (pitch - m) // 2)
            for j, (value, colour) in enumerate(
                ((mine[key], YOU_COLOUR), (theirs[key], THEM_COLOUR))
            ):
                top = y + (pitch - 2 * bar_h) // 2 + j * bar_h
                length = round(abs(value) * scale)
                bar = Rect(zero - length if value < 0 else zero, top, max(1, length), bar_h - 1)
                pygame.draw.rect(surface, colour, bar)
                end = bar.left - 3 if value < 0 else bar.right + 3
                anchor = "midright" if value < 0 else "midleft"
                draw_text(
                    surface,
                    f"{value:.1f}",
                    (end, bar.centery),
                    f.tiny,
                    theme.CHARCOAL,
                    False,
                    anchor,
                )
        pygame.draw.line(surface, theme.UMBER_DARK, (zero, inner.top), (zero, inner.bottom), 1)

    def _draw_legend(
        self, surface: pygame.Surface, row: Rect, items: list[tuple[str, tuple[int, int, int]]]
    ) -> None:
        """Coloured swatches with their words, right-aligned in ``row`` (the heading's line)."""
        f, m = self.lay.fonts, self.lay.margin
        x = row.right
        for text, colour in reversed(items):
            width = assets.text_width(text, f.tiny)
            draw_text(surface, text, (x, row.centery), f.tiny, theme.UMBER_DARK, False, "midright")
            x -= width + 4
            swatch = Rect(0, 0, f.tiny, f.tiny)
            swatch.midright = (x, row.centery)
            pygame.draw.rect(surface, colour, swatch, border_radius=3)
            x = swatch.left - m * 2

    # --- the list of games --------------------------------------------------------------------------
    def draw_games(self, surface: pygame.Surface, body: Rect) -> None:
        """One row per game, newest first: when, who, the score, won or not."""
        f, m = self.lay.fonts, self.lay.margin
        height = self.row_height()
        head = Rect(body.left, body.top, body.width - m * 2, height)
        columns = self._columns(head)
        headings = [_("Date"), _("Table"), _("Score"), _("Result")]
        for text, rect in zip(headings, columns, strict=True):
            draw_text_fit(surface, text, rect, f.small, theme.UMBER_DARK, True, "midleft")
        several = len(self.names) > 1 and self.where.player is None
        for number, (entry, row) in enumerate(self.list_rows()):
            fill = (
                theme.PARCHMENT
                if (self.first + number) % 2
                else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)
            )
            pygame.draw.rect(surface, fill, row, border_radius=8)
            cells = self._columns(row)
            record, me = entry.record, entry.me
            when = format_time(record.finished_at)
            draw_text_fit(surface, when, cells[0], f.body, theme.CHARCOAL, False, "midleft")
            table = _("{n} players").format(n=record.players)
            table += " · " + level_title(stats.opponent_level(record, entry.seat))
            if several:
                table = f"{shown_name(me.name)} · {table}"
            draw_text_fit(surface, table, cells[1], f.body, theme.CHARCOAL, False, "midleft")
            others = max(s.total for s in record.opponents(entry.seat))
            score = _("{mine} to {best}").format(mine=me.total, best=others)
            draw_text_fit(surface, score, cells[2], f.label, theme.CHARCOAL, True, "midleft")
            place = 1 + sum(s.total > me.total for s in record.opponents(entry.seat))
            result = _("Won") if entry.won else _("Place {n}").format(n=place)
            colour = WIN_COLOUR if entry.won else theme.UMBER_DARK
            draw_text_fit(surface, result, cells[3], f.label, colour, True, "midleft")
        self._draw_list_bar(surface, body)

    def _columns(self, row: Rect) -> list[Rect]:
        f, m = self.lay.fonts, self.lay.margin
        button_w = round(f.label * 6) + m * 2
        inner = Rect(row.left + m * 2, row.top, row.width - button_w - m * 3, row.height)
        shares = (0.24, 0.38, 0.2, 0.18)
        out, x = [], inner.left
        for share in shares:
            width = round(inner.width * share)
            out.append(Rect(x, inner.top, width - m, inner.height))
            x += width
        return out

    def _draw_list_bar(self, surface: pygame.Surface, body: Rect) -> None:
        visible, total = self.visible_rows(), len(self.summary.entries)
        if total <= visible:
            return
        top_y = body.top + self.row_height()
        height = body.bottom - top_y
        bar_h = max(12, height * visible // total)
        top = top_y + (height - bar_h) * self.first // max(1, total - visible)
        pygame.draw.rect(surface, theme.UMBER, (body.right - 6, top, 5, bar_h), border_radius=2)

    # --- achievements ---------------------------------------------------------------------------------
    def draw_achievements(self, surface: pygame.Surface, body: Rect) -> None:
        """Every achievement in two columns: earned ones bright with their date, the others
        faded with what to do."""
        f, m = self.lay.fonts, self.lay.margin
        person = self.person()
        mine = self.earned.get(person, {}) if person is not None else {}
        count = sum(a.id in mine for a in achievements.ACHIEVEMENTS)
        summary = _("{earned} of {total} achievements earned").format(
            earned=count, total=len(achievements.ACHIEVEMENTS)
        )
        row = self.lay.filters
        if self.buttons_named("player"):  # the person chooser is at the left of the row
            chooser = self.buttons_named("player")[0].rect
            row = Rect(
                chooser.right + m * 4, row.top, row.right - chooser.right - m * 4, row.height
            )
        draw_text_fit(surface, summary, row, f.label, theme.CHARCOAL, True, "midleft")
        grid = body
        items = achievements.ACHIEVEMENTS
        rows = -(-len(items) // 2)
        pitch = grid.height // rows
        width = (grid.width - m) // 2
        for i, achievement in enumerate(items):
            column, line = divmod(i, rows)
            cell = Rect(
                grid.left + column * (width + m),
                grid.top + line * pitch,
                width,
                pitch - max(2, m // 3),
            )
            self._draw_achievement(surface, cell, achievement, mine.get(achievement.id))

    def _draw_achievement(
        self,
        surface: pygame.Surface,
        cell: Rect,
        achievement: achievements.Achievement,
        date: str | None,
    ) -> None:
        f, m = self.lay.fonts, self.lay.margin
        earned = date is not None
        fill = (
            theme.mix(theme.GOLD_LIGHT, theme.PARCHMENT_LIGHT, 0.45) if earned else theme.PARCHMENT
        )
        draw_panel(surface, cell, fill, theme.GOLD if earned else theme.STONE_GREY, 2, 8)
        icon_size = cell.height - m
        icon = assets.image("score", icon_size)
        if not earned:
            icon = icon.copy()
            icon.set_alpha(70)
        surface.blit(icon, icon.get_rect(midleft=(cell.left + m // 2, cell.centery)))
        text = Rect(
            cell.left + icon_size + m, cell.top + 2, cell.width - icon_size - m * 2, cell.height - 4
        )
        title_size = f.body
        title_h = assets.font(title_size, True).get_linesize()
        desc_size = f.small
        date_text = _("earned {date}").format(date=short_date(date)) if date is not None else ""
        date_w = assets.text_width(date_text, f.tiny) + m if date_text else 0
        lines_h = title_h + assets.font(desc_size).get_linesize()
        top = text.top + max(0, (text.height - lines_h) // 2)
        ink = theme.CHARCOAL if earned else theme.STONE_DARK
        draw_text_fit(
            surface,
            _(achievement.title),
            Rect(text.left, top, text.width - date_w, title_h),
            title_size,
            ink,
            True,
            "midleft",
        )
        if date_text:
            draw_text(
                surface,
                date_text,
                (text.right, top + title_h // 2),
                f.tiny,
                theme.MOSS_DARK,
                True,
                "midright",
            )
        desc = Rect(text.left, top + title_h, text.width, text.bottom - top - title_h)
        draw_text_fit(
            surface,
            _(achievement.description),
            Rect(desc.left, desc.top, desc.width, assets.font(desc_size).get_linesize()),
            desc_size,
            theme.UMBER_DARK,
            False,
            "midleft",
        )


def nice_step(span: float, marks: int) -> int:
    """A round step that cuts ``span`` into at most about ``marks`` parts."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= marks:
            return step
    return max(1, round(span / marks))


def rolling_mean(values: Sequence[float], window: int) -> list[float]:
    """After each value, the mean of the last ``window`` values (fewer at the start)."""
    out: list[float] = []
    total = 0.0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        out.append(total / min(index + 1, window))
    return out


def made_up_scene(app: SceneHost, seed: int, games: int, tab: str = "overview") -> StatsScene:
    """The screen over a seeded, made-up history of ``games`` games (screenshots, tests)."""
    records = stats.made_up_history(seed, games)
    return StatsScene(app, records, achievements.earned_over_history(records), tab)
