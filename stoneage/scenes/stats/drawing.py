"""What the statistics tabs share in drawing: their colours, how a share, a date and an
opponent level are written, the panel with a heading that holds each table and chart, and
the words shown instead of a tab (no game yet, or none under the filters)."""

from __future__ import annotations

from datetime import datetime

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.records import stats
from stoneage.scenes.stats.stats_layout import StatsLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import draw_panel, draw_text_fit, draw_wrapped

CHART_FILL = theme.mix(theme.PARCHMENT, theme.UMBER, 0.25)  # grid lines
WIN_COLOUR = theme.MOSS
LOSS_COLOUR = theme.CLAY
YOU_COLOUR = theme.MOSS
THEM_COLOUR = theme.STONE_GREY


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


def draw_section(surface: pygame.Surface, lay: StatsLayout, area: Rect, heading: str) -> Rect:
    """A panel with a heading; the rect under the heading."""
    f, m = lay.fonts, lay.margin
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


def draw_message(surface: pygame.Surface, lay: StatsLayout, body: Rect, text: str) -> None:
    """A line in the middle of the body (above the button there)."""
    f = lay.fonts
    area = Rect(body.left, body.centery - f.title * 3, body.width, f.title * 4)
    draw_text_fit(surface, text, area, f.big, theme.UMBER_DARK, True)


def draw_empty(surface: pygame.Surface, lay: StatsLayout, body: Rect) -> None:
    """No game yet: a kind word and what will be here (the scene adds a New game button)."""
    f, m = lay.fonts, lay.margin
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
