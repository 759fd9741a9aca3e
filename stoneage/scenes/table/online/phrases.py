"""Quick phrases at a table over the network: a *Say…* button where Undo would be (nobody takes
a move back at a shared table) opens the five phrases (hello, good game, well played,
thinking…, oops); one is sent by its id, and every phrase heard is shown for a few seconds in a
bubble beside the player board of the seat that said it, in the reader's language of that
moment. When the server finds them too frequent, its words show under the button.

No free text: nothing to moderate. A spectator says nothing (no button), but sees every bubble.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from stoneage.i18n import _
from stoneage.net.client import phrase_words
from stoneage.net.notices import NetNotices, Saying
from stoneage.net.protocol import PHRASES
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_tooltip, wrap_lines


class PhraseControl:
    """The *Say…* button, its list of phrases while open, and the bubbles of what was said."""

    def __init__(self, notices: NetNotices, say: Callable[[str], None]) -> None:
        """``say``: sends a phrase by its id (the seat's ``RemoteMatch.say``)."""
        self.notices = notices
        self.say = say
        self.button: Button | None = None  # None: no place for it (a spectator)
        self.choices: list[Button] = []
        self.open = False
        self.lay: TableLayout | None = None
        self.mouse = (0, 0)
        self._shown: tuple[tuple[int, str], ...] = ()
        self._slowed = ""

    def lay_out(self, lay: TableLayout, place: pygame.Rect | None) -> None:
        """Put the button at ``place`` (None: no button) and its phrases under it."""
        self.lay = lay
        size, m = lay.fonts.body, lay.margin
        if place is None:
            self.button, self.choices = None, []
            return
        self.button = Button(
            place,
            _("Say…"),
            self.toggle,
            size=size,
            tooltip=_("A quick phrase to the table: each player reads it in their own language."),
            name="say",
        )
        width = max(place.width, round(size * 11))
        height = round(size * 2.2)
        left = min(place.left, lay.size[0] - width - m)
        self.choices = [
            Button(
                pygame.Rect(left, place.bottom + m + i * (height + m // 2), width, height),
                phrase_words(phrase),
                partial(self.choose, phrase),
                size=size,
                name=f"say_{phrase}",
            )
            for i, phrase in enumerate(PHRASES)
        ]

    def toggle(self) -> None:
        """Open or close the list of phrases."""
        self.open = not self.open

    def choose(self, phrase: str) -> None:
        """Send ``phrase`` and close the list."""
        self.open = False
        self.say(phrase)

    def handle(self, event: pygame.event.Event) -> bool:
        """The button and the open list take their clicks (a click elsewhere, or Esc, closes
        the list); True when the event was used."""
        if "pos" in event.dict:
            self.mouse = event.pos
        if self.button is None:
            return False
        if self.open:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open = False
                return True
            for button in (*self.choices, self.button):
                if button.handle(event):
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.open = False  # a click elsewhere closes the list, and does nothing else
                return True
            return event.type == pygame.MOUSEBUTTONUP
        return self.button.handle(event)

    def update(self) -> bool:
        """True when what is shown changed (a bubble came or went, the server's words)."""
        shown = tuple((s.seat, s.phrase) for s in self.notices.sayings())
        slowed = self.notices.slowed()
        changed = shown != self._shown or slowed != self._slowed
        self._shown, self._slowed = shown, slowed
        return changed

    def busy(self) -> bool:
        """True while something shown will go by itself (frames are needed to take it away)."""
        return bool(self._shown or self._slowed)

    def draw(self, surface: pygame.Surface) -> None:
        """The bubbles, the button, the open list, the server's words, the hovered tooltip."""
        lay = self.lay
        if lay is None:
            return
        for saying in self.notices.sayings():
            if 0 <= saying.seat < len(lay.panels):
                draw_bubble(surface, lay, lay.panels[saying.seat], saying)
        if self.button is None:
            return
        self.button.label = _("Say…")
        self.button.draw(surface)
        slowed = self.notices.slowed()
        if slowed:
            self._draw_slowed(surface, slowed)
        if self.open:
            for button, phrase in zip(self.choices, PHRASES):
                button.label = phrase_words(phrase)  # the language of now
                button.draw(surface)
        elif self.button.hovered:
            draw_tooltip(surface, self.button.tooltip, self.mouse, lay.fonts.small)

    def _draw_slowed(self, surface: pygame.Surface, words: str) -> None:
        """The server's "not so fast" in a small box under the button."""
        assert self.lay is not None and self.button is not None
        size, m = self.lay.fonts.body, self.lay.margin
        width = min(assets.text_width(words, size, True) + m * 4, self.lay.size[0] // 3)
        box = pygame.Rect(0, self.button.rect.bottom + m, width, round(size * 2))
        box.right = min(self.button.rect.right, self.lay.size[0] - m)
        draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.ERROR, 2, 8)
        draw_text_fit(surface, words, box.inflate(-m * 2, 0), size, theme.ERROR, True)


def draw_bubble(
    surface: pygame.Surface, lay: TableLayout, panel: pygame.Rect, saying: Saying
) -> None:
    """A speech bubble with the phrase, to the left of the seat's player board, its tail
    pointing at the player's name."""
    size, m = lay.fonts.label, lay.margin
    words = saying.words()
    lines = wrap_lines(words, size, round(panel.width * 0.7), bold=True)
    line_h = assets.font(size, True).get_linesize()
    width = max(assets.text_width(line, size, True) for line in lines) + m * 4
    box = pygame.Rect(0, 0, width, line_h * len(lines) + m * 2)
    box.right = panel.left - m * 2
    box.centery = panel.top + max(box.height // 2 + m, round(lay.fonts.title * 1.4))
    tail = [
        (box.right - 2, box.centery - m),
        (panel.left + m // 2, box.centery),
        (box.right - 2, box.centery + m),
    ]
    pygame.draw.rect(surface, theme.CHARCOAL, box.move(0, 3), border_radius=12)
    draw_panel(surface, box, theme.WHITE, theme.UMBER_DARK, 2, 12)
    pygame.draw.polygon(surface, theme.WHITE, tail)
    pygame.draw.lines(surface, theme.UMBER_DARK, False, tail, 2)
    for i, line in enumerate(lines):
        rect = pygame.Rect(box.left + m * 2, box.top + m + i * line_h, box.width - m * 4, line_h)
        draw_text_fit(surface, line, rect, size, theme.CHARCOAL, True, "midleft")
