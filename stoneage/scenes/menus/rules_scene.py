"""The rules reference: one page per topic, chosen by tabs at the left or Left and Right,
icons beside short paragraphs (the text itself is in ``rules_text``).

Like every menu screen: Esc goes back, and the tooltip of the button under the mouse is shown.
"""

from __future__ import annotations

from functools import partial

import pygame

from stoneage.i18n import _, pgettext
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.menus.rules_text import RULES_PAGES, RulesPage
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row, column
from stoneage.ui.menu_layout import MenuLayout
from stoneage.ui.widgets import Button, draw_text, draw_wrapped, wrap_lines


class RulesScene(PanelScene):
    """The rules reference: one page per topic (tabs at the left), icons beside short paragraphs.

    Left/Right or the tabs change the page; the wheel or Up/Down scroll a page taller than
    the panel.
    """

    button_count = 1

    def __init__(self, app: SceneHost, page: int = 0) -> None:
        self.page, self.scroll = page, 0
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        self.heading = _("How to play")
        f, body = self.lay.fonts, self.lay.panel_body
        self.tabs_area = pygame.Rect(body.left, body.top, round(body.width * 0.24), body.height)
        tab_h = min(round(f.label * 2.1), (body.height - len(RULES_PAGES) * 4) // len(RULES_PAGES))
        tabs = column(self.tabs_area, len(RULES_PAGES), tab_h, 4, self.tabs_area.width)
        buttons = [
            Button(
                rect,
                _(page.title),
                partial(self.show, i),
                size=f.body,
                selected=i == self.page,
                tooltip=_("Show this page."),
                name=f"page_{i}",
            )
            for i, (rect, page) in enumerate(zip(tabs, RULES_PAGES))
        ]
        back = self.back_button()
        prev_rect, next_rect = button_row(
            self.lay.panel_buttons, 2, back.rect.height, self.lay.margin, back.rect.width
        )
        prev_rect.left, next_rect.left = (
            self.lay.panel_buttons.left,
            self.lay.panel_buttons.left + back.rect.width + self.lay.margin,
        )
        buttons.append(
            Button(
                prev_rect,
                _("Previous"),
                lambda: self.show(self.page - 1),
                enabled=self.page > 0,
                size=f.label,
                tooltip=_("The page before (Left arrow)."),
                name="previous",
            )
        )
        buttons.append(
            Button(
                next_rect,
                pgettext("rules page", "Next"),
                lambda: self.show(self.page + 1),
                enabled=self.page < len(RULES_PAGES) - 1,
                size=f.label,
                tooltip=_("The next page (Right arrow)."),
                name="next",
            )
        )
        self.content = pygame.Rect(
            self.tabs_area.right + self.lay.margin * 2,
            body.top,
            body.right - self.tabs_area.right - self.lay.margin * 2,
            body.height,
        )
        self._picture: pygame.Surface | None = None
        return buttons + [back]

    def show(self, page: int) -> None:
        """Turn to ``page`` (kept within the reference)."""
        self.page, self.scroll = max(0, min(len(RULES_PAGES) - 1, page)), 0
        self.buttons = self.make_buttons()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_LEFT,
            pygame.K_PAGEUP,
            pygame.K_RIGHT,
            pygame.K_PAGEDOWN,
        ):
            self.show(self.page + (1 if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            return self.scroll_by(
                self.lay.fonts.body * 3 * (1 if event.key == pygame.K_DOWN else -1)
            )
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-event.y * self.lay.fonts.body * 3)
        return super().handle(event)

    def scroll_by(self, pixels: int) -> bool:
        """Scroll a long page; True when it moved."""
        limit = max(0, self.page_picture().get_height() - self.content.height)
        before, self.scroll = self.scroll, max(0, min(limit, self.scroll + pixels))
        return before != self.scroll

    def page_picture(self) -> pygame.Surface:
        """The current page drawn at full height (cached until the page or language changes)."""
        if self._picture is None:
            self._picture = render_rules_page(RULES_PAGES[self.page], self.content.width, self.lay)
        return self._picture

    def draw_body(self, surface: pygame.Surface) -> None:
        picture = self.page_picture()
        area = pygame.Rect(
            0,
            self.scroll,
            self.content.width,
            min(self.content.height, picture.get_height() - self.scroll),
        )
        surface.blit(picture, self.content.topleft, area)
        if picture.get_height() > self.content.height:  # a scroll bar shows there is more
            bar_h = self.content.height * self.content.height // picture.get_height()
            top = self.content.top + (self.content.height - bar_h) * self.scroll // max(
                1, picture.get_height() - self.content.height
            )
            pygame.draw.rect(
                surface, theme.UMBER, (self.content.right + 4, top, 4, bar_h), border_radius=2
            )


def render_rules_page(page: RulesPage, width: int, lay: MenuLayout) -> pygame.Surface:
    """A page of the reference on a transparent surface ``width`` wide, as tall as it needs."""
    f, m = lay.fonts, lay.margin
    icon = round(f.body * 2.6)
    text_w = width - icon - m * 2
    line_h = assets.font(f.body).get_linesize()
    heights = [
        max(icon, len(wrap_lines(_(text), f.body, text_w)) * line_h) for _icon, text in page.entries
    ]
    title_h = assets.font(f.title, True).get_linesize() + m
    picture = pygame.Surface((width, title_h + sum(heights) + m * len(heights)), pygame.SRCALPHA)
    draw_text(picture, _(page.title), (0, 0), f.title, theme.CLAY, True)
    y = title_h
    for (name, text), height in zip(page.entries, heights):
        if name:
            picture.blit(assets.image(name, icon), (0, y))
        draw_wrapped(
            picture, _(text), pygame.Rect(icon + m * 2, y, text_w, height), f.body, theme.CHARCOAL
        )
        y += height + m
    return picture
