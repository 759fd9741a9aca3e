"""The Games tab of the statistics screen: every game, newest first, one row each (when, the
table, the score, the result) with its Replay and Review buttons, and the scrolling of that
list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.names import shown_name
from stoneage.records import stats
from stoneage.records.game_record import GameRecord
from stoneage.records.stats import Entry
from stoneage.scenes.files.opening import format_time
from stoneage.scenes.stats.drawing import WIN_COLOUR, level_title
from stoneage.scenes.stats.stats_layout import StatsLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import Button, draw_text_fit

WHEEL_ROWS = 3  # games the list scrolls by for one step of the mouse wheel


class GamesView:
    """The list of games in the statistics screen's layout ``lay``: which games it shows
    (``show``), how far it is scrolled (``first``, the newest game shown first being 0), its
    rows and their buttons (``open_replay`` plays a game back, ``open_review`` reviews it), and
    its drawing."""

    def __init__(
        self,
        lay: StatsLayout,
        open_replay: Callable[[GameRecord], None],
        open_review: Callable[[GameRecord], None],
    ) -> None:
        self.lay = lay
        self.open_replay = open_replay
        self.open_review = open_review
        self.entries: Sequence[Entry] = []
        self.show_names = False
        self.first = 0  # the first game shown in the list

    def show(self, entries: Sequence[Entry], show_names: bool) -> None:
        """List ``entries`` (oldest first, as counted) from the newest, scrolled to the top;
        ``show_names`` puts whose game it was in each row (several people, none chosen)."""
        self.entries, self.show_names, self.first = entries, show_names, 0

    def resize(self, lay: StatsLayout) -> None:
        """Lay the list out anew (the window changed)."""
        self.lay = lay

    # --- rows and scrolling ---------------------------------------------------------------------
    def row_height(self) -> int:
        """One game's row in the list."""
        return assets.font(self.lay.fonts.label, True).get_linesize() + self.lay.margin * 2

    def visible_rows(self) -> int:
        """How many games fit in the list."""
        height = self.row_height()
        return max(1, (self.lay.body.height - height) // (height + self.lay.margin // 2))

    def list_rows(self) -> list[tuple[Entry, Rect]]:
        """The games shown in the list now (newest first) with their rows."""
        body, m = self.lay.body, self.lay.margin
        height = self.row_height()
        top = body.top + height  # the heading row
        newest = list(reversed(self.entries))
        shown = newest[self.first : self.first + self.visible_rows()]
        return [
            (entry, Rect(body.left, top + i * (height + m // 2), body.width - m * 2, height))
            for i, entry in enumerate(shown)
        ]

    def scroll(self, rows: int) -> bool:
        """Scroll the list by ``rows`` games (within its ends); True when it moved."""
        limit = max(0, len(self.entries) - self.visible_rows())
        before, self.first = self.first, max(0, min(limit, self.first + rows))
        return before != self.first

    def key_rows(self, key: int) -> int | None:
        """The games the key ``key`` scrolls the list by (Up, Down, Page Up, Page Down), or
        None for any other key."""
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.visible_rows(),
            pygame.K_PAGEDOWN: self.visible_rows(),
        }
        return moves.get(key)

    def replay_buttons(self) -> list[Button]:
        """A Replay and a Review button in each row shown (disabled when the game's replay was
        not kept)."""
        f, m = self.lay.fonts, self.lay.margin
        width = round(f.label * 6)
        buttons = []
        for entry, row in self.list_rows():
            record = entry.record
            rect = Rect(row.right - width - m, row.top + m // 2, width, row.height - m)
            buttons.append(
                Button(
                    rect.move(-width - m, 0),
                    _("Review"),
                    partial(self.open_review, record),
                    enabled=bool(record.replay),
                    size=f.body,
                    tooltip=(
                        _("See where you lost points in this game, decision by decision.")
                        if record.replay
                        else _("This game's replay was not kept.")
                    ),
                    name=f"review_{record.id}",
                )
            )
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

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, body: Rect) -> None:
        """One row per game, newest first: when, who, the score, won or not."""
        f, m = self.lay.fonts, self.lay.margin
        height = self.row_height()
        head = Rect(body.left, body.top, body.width - m * 2, height)
        columns = self._columns(head)
        headings = [_("Date"), _("Table"), _("Score"), _("Result")]
        for text, rect in zip(headings, columns, strict=True):
            draw_text_fit(surface, text, rect, f.small, theme.UMBER_DARK, True, "midleft")
        for number, (entry, row) in enumerate(self.list_rows()):
            fill = (
                theme.PARCHMENT
                if (self.first + number) % 2
                else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)
            )
            if entry.record.practice is not None:  # a practice game, told apart at a glance
                fill = theme.mix(fill, theme.MOSS, 0.12)
            pygame.draw.rect(surface, fill, row, border_radius=8)
            self._draw_row(surface, entry, self._columns(row))
        self._draw_list_bar(surface, body)

    def _draw_row(self, surface: pygame.Surface, entry: Entry, cells: list[Rect]) -> None:
        """One game's words in the cells of its row."""
        f = self.lay.fonts
        record, me = entry.record, entry.me
        when = format_time(record.finished_at)
        draw_text_fit(surface, when, cells[0], f.body, theme.CHARCOAL, False, "midleft")
        table = _("{n} players").format(n=record.players)
        table += " · " + level_title(stats.opponent_level(record, entry.seat))
        if record.practice is not None:  # counted in no figure: said first
            table = _("Practice") + " · " + table
        if self.show_names:
            table = f"{shown_name(me.name)} · {table}"
        draw_text_fit(surface, table, cells[1], f.body, theme.CHARCOAL, False, "midleft")
        others = max(s.total for s in record.opponents(entry.seat))
        score = _("{mine} to {best}").format(mine=me.total, best=others)
        draw_text_fit(surface, score, cells[2], f.label, theme.CHARCOAL, True, "midleft")
        place = 1 + sum(s.total > me.total for s in record.opponents(entry.seat))
        result = _("Won") if entry.won else _("Place {n}").format(n=place)
        colour = WIN_COLOUR if entry.won else theme.UMBER_DARK
        draw_text_fit(surface, result, cells[3], f.label, colour, True, "midleft")

    def _columns(self, row: Rect) -> list[Rect]:
        f, m = self.lay.fonts, self.lay.margin
        button_w = (round(f.label * 6) + m) * 2 + m
        inner = Rect(row.left + m * 2, row.top, row.width - button_w - m * 3, row.height)
        shares = (0.24, 0.38, 0.2, 0.18)
        out, x = [], inner.left
        for share in shares:
            width = round(inner.width * share)
            out.append(Rect(x, inner.top, width - m, inner.height))
            x += width
        return out

    def _draw_list_bar(self, surface: pygame.Surface, body: Rect) -> None:
        visible, total = self.visible_rows(), len(self.entries)
        if total <= visible:
            return
        top_y = body.top + self.row_height()
        height = body.bottom - top_y
        bar_h = max(12, height * visible // total)
        top = top_y + (height - bar_h) * self.first // max(1, total - visible)
        pygame.draw.rect(surface, theme.UMBER, (body.right - 6, top, 5, bar_h), border_radius=2)
