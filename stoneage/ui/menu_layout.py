"""Positions of the menu screens (title, setup, settings, rules, pause, scoring), as named
rects computed from the window size, like ``layout`` does for the table."""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from stoneage.ui.layout import Fonts, column, fonts_for, table_frame, unit_for


@dataclass(frozen=True)
class MenuLayout:
    """A title line, a column of buttons, a content panel and a footer."""

    size: tuple[int, int]
    unit: float
    margin: int
    fonts: Fonts
    title: Rect
    subtitle: Rect
    buttons: list[Rect]
    panel: Rect
    panel_title: Rect
    panel_body: Rect
    panel_buttons: Rect
    footer: Rect


def menu_layout(size: tuple[int, int], button_count: int = 5) -> MenuLayout:
    """The layout of a menu screen with ``button_count`` buttons in its column.

    Everything keeps to ``table_frame``: a very wide (or tall) window centres the menu with
    margins instead of stretching its buttons and panel.
    """
    frame = table_frame(size)
    x, y, w, h = frame
    unit = unit_for(frame.size)
    m = max(4, round(8 * unit))
    title = Rect(x, y + round(h * 0.08), w, round(h * 0.16))
    subtitle = Rect(x, title.bottom, w, round(h * 0.06))
    button_h, gap = round(h * 0.075), round(h * 0.022)
    area = Rect(x, y + round(h * 0.36), w, h)
    buttons = column(area, button_count, button_h, gap, round(w * 0.26))
    panel = Rect(0, 0, round(w * 0.72), round(h * 0.8))
    panel.center = frame.center
    pad = 2 * m
    panel_title = Rect(panel.left + pad, panel.top + pad, panel.width - 2 * pad, round(44 * unit))
    panel_buttons = Rect(
        panel.left + pad,
        panel.bottom - pad - round(44 * unit),
        panel.width - 2 * pad,
        round(44 * unit),
    )
    panel_body = Rect(
        panel.left + pad,
        panel_title.bottom + m,
        panel.width - 2 * pad,
        panel_buttons.top - panel_title.bottom - 2 * m,
    )
    footer = Rect(x, y + h - round(h * 0.05), w, round(h * 0.04))
    return MenuLayout(
        size,
        unit,
        m,
        fonts_for(unit),
        title,
        subtitle,
        buttons,
        panel,
        panel_title,
        panel_body,
        panel_buttons,
        footer,
    )


@dataclass(frozen=True)
class SeatRow:
    """One seat on the setup screen: in play or not, colour, name, human or bot, bot level."""

    rect: Rect
    toggle: Rect
    colour: Rect
    name: Rect
    kind: Rect
    levels: list[Rect]


def setup_rows(body: Rect, count: int, unit: float) -> list[SeatRow]:
    """The rows of the setup screen inside ``body``."""
    m = max(4, round(8 * unit))
    height = min(round(64 * unit), (body.height - (count - 1) * m) // count)
    rows = []
    for i in range(count):
        row = Rect(body.left, body.top + i * (height + m), body.width, height)
        inner = row.inflate(-2 * m, -m)
        toggle = Rect(inner.left, inner.top, round(inner.width * 0.12), inner.height)
        colour = Rect(toggle.right + m, inner.top, inner.height, inner.height)
        name = Rect(colour.right + m, inner.top, round(inner.width * 0.26), inner.height)
        kind = Rect(name.right + m, inner.top, round(inner.width * 0.13), inner.height)
        level_area = Rect(
            kind.right + 2 * m, inner.top, inner.right - kind.right - 2 * m, inner.height
        )
        width = (level_area.width - 3 * m // 2) // 4
        levels = [
            Rect(level_area.left + j * (width + m // 2), inner.top, width, inner.height)
            for j in range(4)
        ]
        rows.append(SeatRow(row, toggle, colour, name, kind, levels))
    return rows


@dataclass(frozen=True)
class ScoringLayout:
    """The final scoring screen: the winner line, the table of categories, the chart, buttons."""

    fonts: Fonts
    margin: int
    title: Rect
    verdict: Rect
    table: Rect
    chart: Rect
    buttons: Rect


def scoring_layout(size: tuple[int, int]) -> ScoringLayout:
    """Positions on the final scoring screen (kept to ``table_frame``, like the menus)."""
    frame = table_frame(size)
    x, y, w, h = frame
    unit = unit_for(frame.size)
    m = max(4, round(10 * unit))
    title = Rect(x + m, y + m, w - 2 * m, round(56 * unit))
    verdict = Rect(x + m, title.bottom + m, w - 2 * m, round(56 * unit))
    buttons = Rect(x + m, y + h - m - round(48 * unit), w - 2 * m, round(48 * unit))
    body_top = verdict.bottom + m
    table = Rect(x + m, body_top, round(w * 0.55), buttons.top - body_top - m)
    chart = Rect(table.right + 2 * m, body_top, x + w - table.right - 3 * m, table.height)
    return ScoringLayout(fonts_for(unit), m, title, verdict, table, chart, buttons)
