"""The Overview tab of the statistics screen: the key figures as tiles, the games and wins by
opponent level and by number of players, and the best score in each category."""

from __future__ import annotations

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.names import CATEGORY_TITLES
from stoneage.records import stats
from stoneage.records.stats import Summary
from stoneage.rules import SCORING_CATEGORIES
from stoneage.scenes.stats.drawing import (
    LOSS_COLOUR,
    WIN_COLOUR,
    draw_section,
    level_title,
    percent,
)
from stoneage.scenes.stats.stats_layout import StatsLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import draw_panel, draw_text, draw_text_fit

# A key figure: its label, its value, a note under it and a trend (or None).
Tile = tuple[str, str, str, float | None]


class OverviewView:
    """Draws the Overview tab of ``summary`` in the statistics screen's layout ``lay``."""

    def __init__(self, lay: StatsLayout, summary: Summary) -> None:
        self.lay = lay
        self.summary = summary

    def draw(self, surface: pygame.Surface, body: Rect) -> None:
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

    def _tiles(self, s: Summary) -> list[Tile]:
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

    def _draw_tally_table(
        self, surface: pygame.Surface, area: Rect, heading: str, rows: list[tuple[str, stats.Tally]]
    ) -> None:
        """Games played and won per group, with a bar of the win rate."""
        f, m = self.lay.fonts, self.lay.margin
        inner = draw_section(surface, self.lay, area, heading)
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
        inner = draw_section(surface, self.lay, area, _("Best in each category"))
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
