"""A one-line text field: a label above a box the player clicks and types into (the join
screen's address, table code and name)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from stoneage.ui import theme
from stoneage.ui.widgets import draw_panel, draw_text_fit


def _printable(event: pygame.event.Event) -> bool:
    """True for a key that types a character (no Ctrl, Alt or Cmd held)."""
    text = getattr(event, "unicode", "")
    held = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    return bool(text) and text.isprintable() and not held


class TextField:
    """A box of text the player types into while it has the focus.

    ``keep`` filters what is typed (each character, e.g. the code's alphabet in capitals; None
    drops the character), ``limit`` caps the length; ``problem`` is the words that say what is
    wrong with the text (drawn under the box in red, empty when all is well); ``placeholder``
    is drawn pale in the empty box while it has not the focus (what to type there)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        text: str = "",
        limit: int = 40,
        keep: Callable[[str], str | None] | None = None,
        name: str = "",
        placeholder: str = "",
    ) -> None:
        self.rect, self.label, self.text, self.limit = rect, label, text, limit
        self.keep = keep
        self.name = name
        self.placeholder = placeholder
        self.focused = False
        self.problem = ""

    def type(self, typed: str) -> None:
        """Add ``typed`` (what a TEXTINPUT event carries), filtered and capped."""
        for char in typed:
            kept = self.keep(char) if self.keep is not None else char
            if kept and len(self.text) < self.limit:
                self.text += kept
        self.problem = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """A click focuses (or leaves) the field; typing goes in while focused. True when used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.problem = ""
            return True
        # A printable key is the TEXTINPUT's that follows: the field keeps it, so that it is
        # not also a shortcut of the screen (M would switch the sound off while typing "Tom").
        return event.type == pygame.KEYDOWN and _printable(event)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        """The label above, the box with the text (and the caret when focused), the problem
        under it."""
        label = pygame.Rect(
            self.rect.left, self.rect.top - round(size * 1.5), self.rect.width, size
        )
        draw_text_fit(surface, self.label, label, size, theme.UMBER_DARK, True, "midleft")
        draw_panel(
            surface,
            self.rect,
            theme.WHITE if self.focused else theme.PARCHMENT_LIGHT,
            theme.ERROR if self.problem else theme.HIGHLIGHT if self.focused else theme.UMBER_DARK,
            2,
            6,
        )
        inside = self.rect.inflate(-12, 0)
        if not self.text and not self.focused and self.placeholder:
            draw_text_fit(
                surface, self.placeholder, inside, size, theme.STONE_GREY, False, "midleft"
            )
        else:
            shown = self.text + ("|" if self.focused else "")
            draw_text_fit(surface, shown, inside, size, theme.CHARCOAL, True, "midleft")
        if self.problem:
            under = pygame.Rect(self.rect.left, self.rect.bottom + 2, self.rect.width, size)
            draw_text_fit(
                surface, self.problem, under, round(size * 0.85), theme.ERROR, True, "midleft"
            )
