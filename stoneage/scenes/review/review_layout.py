"""Where everything of the review screen goes, as named rects computed from the window size.

The table as it was keeps the left of the window (it is laid out by the table's own
``table_layout`` for that area, so it looks as it did in the game); under it the chart of the
expected lead, which is also the timeline of the player's decisions, and the row of buttons
that step through the game. The column on the right holds the key moments, the decision
shown and the summary.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from stoneage.ui.layout import Fonts, fonts_for, table_frame, unit_for

SIDE_SHARE = 0.33  # of the window's width, the column of key moments, decision and summary
SIDE_LEAST = 340  # pixels the column never goes below (the key moments' sentences)
CHART_SHARE = 0.2  # of the window's height, the chart of the expected lead


@dataclass(frozen=True)
class ReviewLayout:
    """The review screen: header (title, seat switch, Back), the table, the chart, the row of
    step buttons, and the side column."""

    size: tuple[int, int]
    unit: float
    margin: int
    fonts: Fonts
    header: Rect
    table: Rect
    chart: Rect
    steps: Rect
    side: Rect
    back: Rect
    seats: Rect  # where the seat switch goes (hotseat: one button per human seat)


def review_layout(size: tuple[int, int]) -> ReviewLayout:
    """The review screen for a window of ``size``."""
    w, h = size
    unit = unit_for(table_frame(size).size)
    m = max(4, round(8 * unit))
    fonts = fonts_for(unit)
    header = Rect(0, 0, w, max(36, round(50 * unit)))
    side_w = max(SIDE_LEAST, round(w * SIDE_SHARE))
    left_w = w - side_w
    steps_h = max(28, round(38 * unit))
    steps = Rect(m, h - m - steps_h, left_w - 2 * m, steps_h)
    chart_h = round(h * CHART_SHARE)
    chart = Rect(m, steps.top - m - chart_h, left_w - 2 * m, chart_h)
    table = Rect(0, header.bottom, left_w, chart.top - m // 2 - header.bottom)
    side = Rect(left_w, header.bottom + m, side_w - m, h - header.bottom - 2 * m)
    button_h = header.height - m
    back = Rect(0, 0, round(fonts.title * 6), button_h)
    back.midright = (w - m, header.centery)
    seats = Rect(side.left, header.top + m // 2, back.left - m - side.left, button_h)
    return ReviewLayout(size, unit, m, fonts, header, table, chart, steps, side, back, seats)
