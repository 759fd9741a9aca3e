"""A small dialog over the screen: a question, its answers as buttons, and Cancel."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from stoneage.i18n import _
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import MenuScene
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text_fit,
    draw_wrapped,
    shade,
    wrap_lines,
)

log = logging.getLogger(__name__)


@dataclass
class Choice:
    """A button of a ``ConfirmScene``: its label, what it does, its tooltip and test name."""

    label: str
    action: Callable[[], None]
    tooltip: str = ""
    name: str = ""


class DialogScene(MenuScene):
    """A compact parchment box in the middle of the window, over the scene below."""

    opaque = False
    button_count = 1
    heading = ""

    def box(self, body_height: int) -> pygame.Rect:
        """The dialog's box for a body of ``body_height`` pixels (the title and buttons added)."""
        lay = self.lay
        pad = lay.margin * 3
        height = (
            lay.panel_title.height
            + body_height
            + lay.panel_buttons.height
            + pad * 2
            + lay.margin * 4
        )
        rect = pygame.Rect(0, 0, round(lay.panel.width * 0.8), min(lay.panel.height, height))
        rect.center = lay.panel.center
        return rect

    def parts(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The title line, the body and the button row inside the box ``rect``."""
        lay, pad = self.lay, self.lay.margin * 3
        title = pygame.Rect(
            rect.left + pad, rect.top + pad, rect.width - 2 * pad, lay.panel_title.height
        )
        buttons = pygame.Rect(
            rect.left + pad,
            rect.bottom - pad - lay.panel_buttons.height,
            rect.width - 2 * pad,
            lay.panel_buttons.height,
        )
        body = pygame.Rect(
            title.left,
            title.bottom + lay.margin * 2,
            title.width,
            buttons.top - title.bottom - lay.margin * 4,
        )
        return title, body, buttons

    def draw_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The dimmed window, the box and its heading."""
        shade(surface, surface.get_rect(), 150, radius=0)
        draw_panel(surface, rect, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(
            surface,
            self.heading,
            self.parts(rect)[0],
            self.lay.fonts.big,
            theme.CHARCOAL,
            True,
            "midleft",
        )


class ConfirmScene(DialogScene):
    """A message with one or more choices and Cancel (Enter takes the first, Esc cancels)."""

    def __init__(
        self, app: SceneHost, heading: str, message: str, choices: list[Choice], cancel: str = ""
    ) -> None:
        self.heading, self.message, self.choices = heading, message, choices
        self.cancel_label = cancel
        super().__init__(app)

    def make_buttons(self) -> list[Button]:
        f = self.lay.fonts
        lines = wrap_lines(
            self.message, f.label, round(self.lay.panel.width * 0.8) - self.lay.margin * 6
        )
        self.rect = self.box(len(lines) * assets.font(f.label).get_linesize())
        _title, self.body, row = self.parts(self.rect)
        count = len(self.choices) + 1
        rects = button_row(row, count, row.height, self.lay.margin * 2, round(f.title * 12))
        buttons = [
            Button(
                rect,
                choice.label,
                partial(self.choose, choice),
                size=f.label,
                primary=i == 0,
                tooltip=choice.tooltip,
                name=choice.name or f"choice_{i}",
            )
            for i, (rect, choice) in enumerate(zip(rects, self.choices))
        ]
        buttons.append(
            Button(
                rects[-1],
                self.cancel_label or (_("Cancel") if self.choices else _("Back")),
                self.back,
                size=f.label,
                primary=not self.choices,
                tooltip=_("Close this message and change nothing."),
                name="cancel",
            )
        )
        return buttons

    def choose(self, choice: Choice) -> None:
        """Close the dialog, then do what was chosen (it may change the whole stack)."""
        if self.app.top is self:
            self.app.pop()
        choice.action()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.rect)
        draw_wrapped(surface, self.message, self.body, self.lay.fonts.label, theme.CHARCOAL)
        for button in self.buttons:
            button.draw(surface)
        self.draw_tip(surface)
