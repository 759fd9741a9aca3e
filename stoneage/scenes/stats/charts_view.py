"""The Charts tab of the statistics screen: the score of every game with its rolling average,
the share of Hard's moves in each reviewed game, the rolling win rate, and where the points
come from against the opponents' average."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.records import stats
from stoneage.records.stats import Summary
from stoneage.scenes.stats.chart_maths import ROLLING, nice_step, rolling_mean, window_for
from stoneage.scenes.stats.drawing import (
    CHART_FILL,
    LOSS_COLOUR,
    THEM_COLOUR,
    WIN_COLOUR,
    YOU_COLOUR,
    draw_section,
    percent,
)
from stoneage.scenes.stats.stats_layout import StatsLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import draw_text, draw_text_fit, draw_wrapped


def average_label(games: int) -> str:
    """The legend of the score chart's average line over ``games`` games (its window grows
    with the history)."""
    window = window_for(games)
    if window == ROLLING:
        return _("average of the last 10")
    return _("average of the last {n}").format(n=window)


class ChartsView:
    """Draws the Charts tab of ``summary`` in the statistics screen's layout ``lay``."""

    def __init__(self, lay: StatsLayout, summary: Summary, trend: Sequence[float] = ()) -> None:
        """``trend``: the agreement with Hard in each reviewed game, oldest first."""
        self.lay = lay
        self.summary = summary
        self.trend = list(trend)

    def draw(self, surface: pygame.Surface, body: Rect) -> None:
        """Score over the games, the trend of the reviewed games, the rolling win rate, and
        where the points come from."""
        m = self.lay.margin
        whole = Rect(body.left, body.top, body.width, round(body.height * 0.52))
        top = Rect(whole.left, whole.top, round(whole.width * 0.64), whole.height)
        trend = Rect(top.right + m, top.top, whole.right - top.right - m, top.height)
        self._draw_trend(surface, trend)
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

    def _draw_score_chart(self, surface: pygame.Surface, area: Rect) -> None:
        f, m = self.lay.fonts, self.lay.margin
        inner = draw_section(surface, self.lay, area, _("Your score, game by game"))
        scores = self.summary.scores
        wins = [e.won for e in self.summary.entries]
        legend = [
            (_("won"), WIN_COLOUR),
            (_("lost"), LOSS_COLOUR),
            (average_label(len(scores)), theme.UMBER_DARK),
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

    def _draw_trend(self, surface: pygame.Surface, area: Rect) -> None:
        """How often the reviewed games' decisions were Hard's move, game by game."""
        f = self.lay.fonts
        inner = draw_section(surface, self.lay, area, _("Your moves against Hard's"))
        if not self.trend:
            words = _(
                "Review a game (Games, or Review after a game) and the share of your "
                "decisions that were Hard's move shows here, game by game."
            )
            draw_wrapped(surface, words, inner, f.small, theme.UMBER_DARK)
            return
        plot = self._plot_area(inner, assets.text_width("100%", f.tiny) + 8)
        self._draw_grid(surface, plot, 0.0, 1.0, 0.25, percent)
        count = len(self.trend)
        points = [
            (
                plot.left + round(i * plot.width / (count - 1)) if count > 1 else plot.centerx,
                plot.bottom - round(share * plot.height),
            )
            for i, share in enumerate(self.trend)
        ]
        if count > 1:
            pygame.draw.lines(surface, YOU_COLOUR, False, points, max(2, f.tiny // 4))
        for point in points:
            pygame.draw.circle(surface, YOU_COLOUR, point, max(3, f.tiny // 3))
        self._draw_x_labels(surface, plot, count)

    def _draw_rate_chart(self, surface: pygame.Surface, area: Rect) -> None:
        f = self.lay.fonts
        # A long history is read better over a wider window (ten games jump up and down).
        window = window_for(len(self.summary.entries))
        heading = _("Win rate over the last {n} games").format(n=window)
        inner = draw_section(surface, self.lay, area, heading)
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
        inner = draw_section(surface, self.lay, area, _("Where your points come from"))
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
