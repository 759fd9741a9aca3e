"""What every menu screen shares: the backdrop, the buttons with their tooltips, Enter for the
primary button and Esc to go back, and the parchment panel with a title and a Back button.

The title screen, the pause menu, the settings, the rules, the setup, the saves and the
scoring screen build on these.
"""

from __future__ import annotations

import pygame

from stoneage.i18n import _
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.menu_layout import MenuLayout, menu_layout
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text_fit,
    draw_tooltip,
    handle_buttons,
    shade,
    tooltip_under,
)


def draw_backdrop(surface: pygame.Surface, size: tuple[int, int]) -> None:
    """The earth-coloured background of the menu screens."""
    surface.blit(assets.cover_image("board_bg", size), (0, 0))


def draw_button_tip(
    surface: pygame.Surface, buttons: list[Button], mouse: tuple[int, int], size: int
) -> None:
    """The tooltip of the button under the mouse, if it has one."""
    tip = tooltip_under((b for b in buttons if b.hovered), mouse)
    if tip:
        draw_tooltip(surface, tip, mouse, size)


def press_primary(buttons: list[Button]) -> bool:
    """Enter: press the first enabled primary button; True when there was one."""
    for button in buttons:
        if button.primary and button.enabled and button.on_click is not None:
            button.on_click()
            return True
    return False


class MenuScene(Scene):
    """A screen of buttons over the backdrop; subclasses make the buttons."""

    button_count = 5

    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.lay: MenuLayout = menu_layout(size, self.button_count)
        self.buttons = self.make_buttons()

    def make_buttons(self) -> list[Button]:
        """The screen's buttons for the current layout."""
        return []

    def settings_button(self, rect: pygame.Rect, size: int) -> Button:
        """Settings, opened over this menu (the title and the pause menu both offer it)."""
        return Button(
            rect,
            _("Settings"),
            lambda: self.app.push(self.app.make_scene("settings")),
            size=size,
            tooltip=_("Animation speed, language, hints and fullscreen."),
            name="settings",
        )

    def rules_button(self, rect: pygame.Rect, size: int) -> Button:
        """The rules, opened over this menu (the title and the pause menu both offer it)."""
        return Button(
            rect,
            _("Rules"),
            lambda: self.app.push(self.app.make_scene("rules")),
            size=size,
            tooltip=_("How to play, page by page."),
            name="rules",
        )

    def enter(self) -> None:
        self.buttons = self.make_buttons()  # a save may have been written since __init__

    def pause(self) -> None:
        """A scene came over this one: the pointer is its now, so no button here stays
        hovered (a title button's tooltip showed under the Resume dialog)."""
        for button in self.buttons:
            button.hovered = False
        self.mouse = (-1, -1)

    def resume(self) -> None:
        self.buttons = self.make_buttons()  # the language or a save may have changed

    def handle(self, event: pygame.event.Event) -> bool:
        if "pos" in event.dict:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return press_primary(self.buttons)
        return handle_buttons(self.buttons, event)

    def back(self) -> None:
        """Escape: leave this screen."""
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.lay.size)
        for button in self.buttons:
            button.draw(surface)
        self.draw_tip(surface)

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The hovered button's tooltip (drawn last, over everything)."""
        draw_button_tip(surface, self.buttons, self.mouse, self.lay.fonts.small)


class PanelScene(MenuScene):
    """A parchment panel with a title, content and a Back button."""

    opaque = False
    heading = ""

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            draw_backdrop(surface, self.lay.size)
        shade(surface, surface.get_rect(), 170, radius=0)
        draw_panel(surface, self.lay.panel, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(
            surface,
            self.heading,
            self.lay.panel_title,
            self.lay.fonts.big,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        self.draw_body(surface)
        for button in self.buttons:
            button.draw(surface)
        self.draw_over(surface)
        self.draw_tip(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """The panel's content (under the buttons)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """What is drawn over the buttons (under the tooltip)."""

    def back_button(self) -> Button:
        """The Back button, at the bottom right of the panel."""
        rect = button_row(
            self.lay.panel_buttons,
            1,
            self.lay.panel_buttons.height,
            0,
            round(self.lay.fonts.title * 8),
        )[0]
        rect.right = self.lay.panel_buttons.right
        return Button(
            rect,
            _("Back"),
            self.back,
            size=self.lay.fonts.label,
            primary=True,
            tooltip=_("Back to the previous screen (Esc)."),
            name="back",
        )
