"""Where everything goes on the statistics screen: the title, the tabs, the row of filters,
the body the tabs draw in and the footer, and how the filter groups share their row."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pygame import Rect

from stoneage.ui import assets
from stoneage.ui.layout import Fonts, fonts_for, table_frame, unit_for
from stoneage.ui.widgets import Button

# One option of a filter group: its text, its action, whether it is selected, its name.
Choice = tuple[str, Callable[[], None], bool, str]


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


def filter_row(
    lay: StatsLayout,
    groups: Sequence[tuple[str, Sequence[Choice]]],
    tip: Callable[[str], str],
) -> tuple[list[Button], list[tuple[str, Rect]]]:
    """The filter groups (a label and its options) side by side along ``lay.filters``, all
    narrowed alike when they would not fit: the option buttons (with the tooltip ``tip`` gives
    for each option's name) and each group's label with its box."""
    f, m = lay.fonts, lay.margin
    labels: list[tuple[str, Rect]] = []
    if not groups:
        return [], labels
    size = f.body
    pad = size
    wanted = [
        (
            assets.text_width(label, size, True) + m,
            [assets.text_width(o[0], size, True) + pad * 2 for o in opts],
        )
        for label, opts in groups
    ]
    total = sum(lw + sum(ws) + m * (len(ws) - 1) for lw, ws in wanted) + m * 4 * (len(groups) - 1)
    scale = min(1.0, lay.filters.width / max(1, total))
    x = lay.filters.left
    buttons = []
    for (label, opts), (label_w, widths) in zip(groups, wanted, strict=True):
        rect = Rect(x, lay.filters.top, round(label_w * scale), lay.filters.height)
        labels.append((label, rect))
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
                    tooltip=tip(name),
                    name=name,
                )
            )
            x += w + m
        x += m * 3
    return buttons, labels
