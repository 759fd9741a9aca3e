"""The Achievements tab of the statistics screen: how many a person earned, and every
achievement in two columns, earned ones bright with their date, the others faded."""

from __future__ import annotations

from collections.abc import Mapping

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.records import achievements
from stoneage.scenes.stats.drawing import short_date
from stoneage.scenes.stats.stats_layout import StatsLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import draw_panel, draw_text, draw_text_fit


class AchievementsView:
    """Draws one person's achievements in the statistics screen's layout ``lay``: ``earned``
    maps the id of each achievement earned to its date; ``chooser`` is the person chooser's
    box in the row of filters (None when there is none), the count goes to its right."""

    def __init__(self, lay: StatsLayout, earned: Mapping[str, str], chooser: Rect | None) -> None:
        self.lay = lay
        self.earned = earned
        self.chooser = chooser

    def draw(self, surface: pygame.Surface, body: Rect) -> None:
        """The count of those earned in the row of filters, and every achievement in two
        columns: earned ones bright with their date, the others faded with what to do."""
        m = self.lay.margin
        self._draw_count(surface)
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
            self._draw_achievement(surface, cell, achievement, self.earned.get(achievement.id))

    def _draw_count(self, surface: pygame.Surface) -> None:
        """How many are earned ("3 of 20"), in the row of filters right of the person chooser."""
        f, m = self.lay.fonts, self.lay.margin
        count = sum(a.id in self.earned for a in achievements.ACHIEVEMENTS)
        summary = _("{earned} of {total} achievements earned").format(
            earned=count, total=len(achievements.ACHIEVEMENTS)
        )
        row = self.lay.filters
        if self.chooser is not None:
            chooser = self.chooser
            row = Rect(
                chooser.right + m * 4, row.top, row.right - chooser.right - m * 4, row.height
            )
        draw_text_fit(surface, summary, row, f.label, theme.CHARCOAL, True, "midleft")

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
