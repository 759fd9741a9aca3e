"""The status bar: round and phase, a banner in the colour of the seat to act, a line telling
the human what to do (or why a move was refused), and the start player."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.seats import Seat
from stoneage.play.story import phase_title
from stoneage.rules import GameState
from stoneage.ui import assets, theme
from stoneage.ui.layout import MIN_SMALL, TableLayout
from stoneage.ui.widgets import (
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_text_line,
    text_box,
    wrap_lines,
)


class StatusBar:
    """The bar as a picture of its own, each part redrawn only when its words change."""

    def __init__(self, lay: TableLayout) -> None:
        self.lay = lay
        self.surface = pygame.Surface(lay.status.rect.size)
        self.surface.fill(theme.UMBER_DARK)
        bottom = lay.status.rect.bottom - 1
        pygame.draw.line(
            self.surface,
            theme.OCHRE,
            (0, bottom),
            (lay.status.rect.width, bottom),
            max(2, lay.margin // 3),
        )
        self.keys: dict[str, object] = {}
        self.cut = ""  # the whole line under the banner when it had to be cut short ('': none)

    def refresh(
        self,
        state: GameState,
        seats: list[Seat],
        banner: tuple[str, int | None],
        hint: str,
        hint_is_error: bool,
    ) -> list[Rect]:
        """Redraw the parts whose content changed; the window areas redrawn."""
        parts = self.lay.status
        # (part, what it shows, its area, how to paint it): a part is painted when it changed.
        jobs: tuple[tuple[str, object, Rect, Callable[[], None]], ...] = (
            (
                "round",
                (state.round, state.phase),
                parts.round_box,
                lambda: _round_box(self.surface, self.lay, state),
            ),
            (
                "banner",
                (banner, tuple(s.colour for s in seats)),
                parts.turn_banner.inflate(4, 4),
                lambda: _banner(self.surface, self.lay, seats, banner),
            ),
            (
                "hint",
                (hint, hint_is_error),
                parts.hint,
                lambda: self._hint(hint, hint_is_error),
            ),
            (
                "start",
                state.start,
                parts.start_box,
                lambda: _start(self.surface, self.lay, seats, state.start),
            ),
        )
        redrawn = []
        for name, key, area, paint in jobs:
            if self.keys.get(name) != key:
                self.keys[name] = key
                # The bar starts at the window's top-left, so its surface shares the coordinates.
                self.surface.fill(theme.UMBER_DARK, area)
                # Nothing of a part is drawn outside its area: the tail of a long line stayed
                # beside the toolbar after the line changed ("od production." beside Undo).
                self.surface.set_clip(area)
                try:
                    with text_box(area):
                        paint()
                finally:
                    self.surface.set_clip(None)
                redrawn.append(area)
        return redrawn

    def _hint(self, hint: str, is_error: bool) -> None:
        """The line under the banner: shrunk a little at most, else cut short with "…" (the
        whole of it is then the status line's tooltip, ``cut``)."""
        area, size = self.lay.status.hint, self.lay.fonts.body
        self.cut = ""
        if not hint:
            return
        colour = theme.GOLD_LIGHT if not is_error else (0xFF, 0x9A, 0x80)
        least = max(MIN_SMALL, round(size * 0.8))
        if draw_text_line(self.surface, hint, area, size, colour, is_error, "midleft", least):
            self.cut = hint


def draw_status(
    surface: pygame.Surface,
    lay: TableLayout,
    state: GameState,
    seats: list[Seat],
    banner: tuple[str, int | None],
    hint: str,
    hint_is_error: bool,
) -> None:
    """The whole bar, drawn at once."""
    bar = StatusBar(lay)
    bar.refresh(state, seats, banner, hint, hint_is_error)
    surface.blit(bar.surface, lay.status.rect)


def _start(surface: pygame.Surface, lay: TableLayout, seats: list[Seat], seat: int) -> None:
    """The crown, with "Start player" over the name, in the row beside the banner."""
    start, f = lay.status.start_box, lay.fonts
    crown = assets.image("start_player", start.height - 2)
    surface.blit(crown, crown.get_rect(midleft=(start.left, start.centery)))
    gap = max(3, lay.margin // 2)
    text = Rect(
        start.left + crown.get_width() + gap,
        start.top,
        start.width - crown.get_width() - gap,
        start.height,
    )
    label_size, name_size = _two_lines(text.height, f.small, f.body)
    label = Rect(
        text.left, text.top, text.width, text.height * label_size // (label_size + name_size)
    )
    name = Rect(text.left, label.bottom, text.width, text.bottom - label.bottom)
    draw_text_fit(surface, _("Start player"), label, label_size, theme.PARCHMENT, False, "midleft")
    # Lightened: blue and red in full strength hardly read on the dark bar.
    ink = theme.mix(theme.PLAYER_COLOURS[seats[seat].colour], theme.WHITE, 0.3)
    draw_text_fit(surface, seats[seat].name, name, name_size, ink, True, "midleft")


def _two_lines(height: int, small: int, big: int) -> tuple[int, int]:
    """Font sizes for a small line over a bigger one in ``height`` pixels (shrunk together
    until both lines fit)."""
    while (
        small > 9
        and assets.font(small).get_linesize() + assets.font(big, True).get_linesize()
        > height + big // 4
    ):
        small, big = small - 1, big - 1
    return small, big


def _round_box(surface: pygame.Surface, lay: TableLayout, state: GameState) -> None:
    box, f = lay.status.round_box, lay.fonts
    top = Rect(box.left, box.top, box.width, box.height * 3 // 5)
    draw_text_fit(
        surface,
        _("Round {n}").format(n=state.round),
        top,
        f.big,
        theme.PARCHMENT_LIGHT,
        True,
        "midleft",
    )
    bottom = Rect(box.left, top.bottom, box.width, box.height - top.height)
    draw_text_fit(
        surface, phase_title(state.phase), bottom, f.body, theme.OCHRE_LIGHT, True, "midleft"
    )


def _banner(
    surface: pygame.Surface, lay: TableLayout, seats: list[Seat], banner: tuple[str, int | None]
) -> None:
    text, seat = banner
    rect = lay.status.turn_banner
    colour = theme.PLAYER_COLOURS[seats[seat].colour] if seat is not None else theme.STONE_DARK
    draw_panel(surface, rect, colour, theme.PARCHMENT_LIGHT, 2, rect.height // 2)
    icon = rect.height - 6
    if seat is not None:
        picture = assets.image(theme.worker_image(seats[seat].colour), icon)
        circle = Rect(rect.left + 4, rect.top + 3, icon, icon)
        pygame.draw.ellipse(surface, theme.PARCHMENT_LIGHT, circle)
        surface.blit(picture, picture.get_rect(center=circle.center))
    pad = lay.margin + lay.margin // 2
    inner = Rect(rect.left + icon + pad, rect.top, rect.width - icon - 2 * pad, rect.height)
    draw_text_fit(surface, text, inner, lay.fonts.title, theme.text_on(colour), True, "midleft")


def draw_log(surface: pygame.Surface, lay: TableLayout, lines: list[str], newer: int = 0) -> None:
    """The recent moves under the player boards, newest last: each line wrapped to the box's
    width (never shrunk), as many of the newest of ``lines`` as fit; ``newer`` lines after
    them wait below (the box is scrolled back). A bar at the right edge shows where the box is
    among all the lines, once they are more than it holds (the wheel scrolls it)."""
    area = lay.log
    size = lay.fonts.small
    line_h = assets.font(size).get_linesize()
    if area.height < line_h * 3:
        return
    with text_box(area):
        shown = _draw_log_lines(surface, lay, lines)
    total = len(lines) + newer
    if shown < total:
        _draw_log_bar(surface, lay, (len(lines) - shown, len(lines)), total)
    if newer:
        _draw_newer_cue(surface, lay, newer)


def _draw_log_lines(surface: pygame.Surface, lay: TableLayout, lines: list[str]) -> int:
    """The title and the newest of ``lines`` that fit; how many lines were drawn."""
    area = lay.log
    size = lay.fonts.small
    line_h = assets.font(size).get_linesize()
    draw_panel(surface, area, theme.mix(theme.UMBER_DARK, theme.TABLE, 0.5), theme.UMBER, 1, 8)
    left, width = area.left + lay.margin, area.width - 2 * lay.margin
    top = area.top + lay.margin // 2
    draw_text(surface, _("What happened"), (left, top), size, theme.OCHRE_LIGHT, True)
    rows: list[str] = []
    room = (area.bottom - lay.margin // 2 - top - line_h) // line_h
    shown = 0
    for line in reversed(lines):  # the newest first, until the box is full
        wrapped = wrap_lines(line, size, width)
        if len(rows) + len(wrapped) > room:
            break
        rows[:0] = wrapped
        shown += 1
    y = top + line_h
    for row in rows:
        draw_text(surface, row, (left, y), size, theme.PARCHMENT)
        y += line_h
    return shown


def log_bar_track(lay: TableLayout) -> Rect:
    """Where the log box's scroll bar runs: in its right margin, under the title line."""
    area = lay.log
    width = max(3, lay.margin // 2)
    top = area.top + lay.margin // 2 + assets.font(lay.fonts.small).get_linesize()
    return Rect(area.right - lay.margin // 2 - width // 2 - 1, top, width, area.bottom - 4 - top)


def _draw_log_bar(
    surface: pygame.Surface, lay: TableLayout, span: tuple[int, int], total: int
) -> None:
    """The scroll bar: its thumb covers the lines shown (``span``) among ``total``."""
    track = log_bar_track(lay)
    pygame.draw.rect(surface, theme.UMBER, track, 0, 2)
    top = track.top + track.height * span[0] // total
    bottom = track.top + track.height * span[1] // total
    thumb = Rect(track.left, top, track.width, max(track.width * 4, bottom - top))
    thumb.bottom = min(thumb.bottom, track.bottom)
    pygame.draw.rect(surface, theme.OCHRE_LIGHT, thumb, 0, 2)


def _draw_newer_cue(surface: pygame.Surface, lay: TableLayout, newer: int) -> None:
    """On the title line, at the right: a triangle pointing down and how many newer lines
    wait below (turn the wheel down to read them)."""
    size = lay.fonts.small
    line_h = assets.font(size).get_linesize()
    area = lay.log
    right, middle = area.right - lay.margin, area.top + lay.margin // 2 + line_h // 2
    with text_box(Rect(area.centerx, area.top, area.right - area.centerx, line_h + lay.margin)):
        count = draw_text(
            surface, f"+{newer}", (right, middle), size, theme.OCHRE_LIGHT, True, "midright"
        )
    half = max(3, line_h // 4)
    tip = (count.left - half - 2, middle + half // 2 + 1)
    pygame.draw.polygon(
        surface,
        theme.OCHRE_LIGHT,
        [(tip[0] - half, tip[1] - half), (tip[0] + half, tip[1] - half), tip],
    )
