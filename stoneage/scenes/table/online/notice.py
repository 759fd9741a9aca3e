"""The words of the network over the table: a strip over the status bar's hint line while a
player is away (the countdown before a bot takes the seat, the bot standing in), and a box in the middle of the
veiled board while the table cannot go on (the connection lost, the host gone)."""

from __future__ import annotations

import pygame

from stoneage.i18n import _
from stoneage.net.notices import NetNotices
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout
from stoneage.ui.widgets import draw_panel, draw_text_fit, draw_wrapped, shade, wrap_lines


def draw_net_notice(surface: pygame.Surface, lay: TableLayout, net: NetNotices) -> None:
    """What the network says now, if anything (see the module)."""
    words = net.banner()
    if not words:
        return
    if net.serious():
        _draw_box(surface, lay, net, words)
    else:
        _draw_strip(surface, lay, words)


def _draw_strip(surface: pygame.Surface, lay: TableLayout, words: str) -> None:
    """A strip over the status bar's hint line: it may stay up for long (a bot standing in
    until the player returns), so it covers the line that repeats how to play, not a space's
    name on the board."""
    hint, size, m = lay.status.hint, lay.fonts.body, lay.margin
    strip = pygame.Rect(hint.left, 0, hint.width, max(hint.height, round(size * 1.5)))
    strip.centery = hint.centery
    draw_panel(surface, strip, theme.PARCHMENT_LIGHT, theme.ERROR, 2, 8)
    draw_text_fit(surface, words, strip.inflate(-m * 3, 0), size, theme.CHARCOAL, True)


def _draw_box(surface: pygame.Surface, lay: TableLayout, net: NetNotices, words: str) -> None:
    """The board veiled and a box in its middle: what happened and what to do."""
    f, m = lay.fonts, lay.margin
    shade(surface, lay.board, 200, radius=12)
    box = lay.announce
    heading = _("The host has left") if net.host_left else _("Connection lost")
    lines = wrap_lines(words, f.title, box.width - m * 6)
    height = f.huge + m * 6 + len(lines) * assets.font(f.title).get_linesize()
    box = pygame.Rect(box.left, box.centery - height // 2, box.width, height)
    draw_panel(surface, box, theme.PARCHMENT_LIGHT, theme.ERROR, max(3, m // 2), 18)
    title = pygame.Rect(box.left + m * 3, box.top + m * 2, box.width - m * 6, f.huge)
    draw_text_fit(surface, heading, title, f.huge, theme.CHARCOAL, True)
    body = pygame.Rect(title.left, title.bottom + m * 2, title.width, box.bottom - title.bottom)
    draw_wrapped(surface, words, body, f.title, theme.UMBER_DARK, centred=True)
