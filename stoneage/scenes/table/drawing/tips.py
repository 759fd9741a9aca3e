"""First-game tips on the table: ``TipToast`` shows a tip (``stoneage.tutorial.tip_for``) once,
small and out of the way; a click on it closes it and does nothing else (the table under it
never hears that click), and it fades by itself."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.records.settings import Settings
from stoneage.rules import GameState, Resolve, TakeTwo
from stoneage.tutorial.tips import Tip, tip_for
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout, panel_parts
from stoneage.ui.widgets import draw_panel, draw_text_fit, draw_wrapped, text_box, wrap_lines

TIP_SECONDS = 14.0  # a tip fades by itself after this long
TIP_SHARE = 0.5  # of the board's width: a tip's width when it does not sit in the log


class TipToast:
    """A one-time tip, small and out of the way: in the log under the player boards when there
    is room, else at the foot of the board. Shown when a situation first comes up (and tips
    are on); its id goes into the settings at once, so it is never shown again."""

    def __init__(self, settings: Settings, save: Callable[[], None]) -> None:
        self.settings, self.save = settings, save
        self.tip: Tip | None = None
        self.text = ""
        self.rect = Rect(0, 0, 0, 0)
        self.shown_at = 0.0
        self.enabled = True  # False while something else teaches (the lessons)
        self.lay: TableLayout | None = None
        self._pressed = False  # a press began on the tip: its release is the tip's too
        self._avoid: list[Rect] = []  # what the player may click while the tip shows

    def consider(
        self, lay: TableLayout, state: GameState, seat: int, avoid: Rect | None = None
    ) -> bool:
        """Show the tip for what ``seat`` faces in ``state``, if one is due, clear of ``avoid``
        (an open dialog) and of every space the seat may use now with a click (the "Use now"
        spaces of the action phase); True if shown."""
        if not self.enabled or not self.settings.tips:
            return False
        tip = tip_for(state, seat, self.settings.tips_shown)
        if tip is None:
            return False
        self.tip, self.text = tip, tip.text(state, seat)
        self.settings.tips_shown = [*self.settings.tips_shown, tip.id]
        self.save()
        self.shown_at = time.monotonic()
        legal = state.legal_actions()
        usable = {a.space for a in legal if isinstance(a, Resolve)}
        self._avoid = [lay.spaces[space] for space in sorted(usable) if space in lay.spaces]
        if any(isinstance(a, TakeTwo) for a in legal):  # the two-resources card's button
            self._avoid.append(panel_parts(lay.panels[seat], lay.unit).two_res)
        self._avoid += [avoid] if avoid is not None else []
        self.lay_out(lay)
        return True

    def lay_out(self, lay: TableLayout) -> None:
        """Where the tip goes on this layout (after a resize too): in the recent moves' box
        when it has room, else at the foot of the board, at its top or across its middle
        (centred, left or right), the first of them clear of what the player may click now
        (``consider``'s ``avoid``); where none is clear, the one that covers least of it."""
        self.lay = lay
        if self.tip is None:
            return
        f, m = lay.fonts, lay.margin
        room = lay.log
        width = room.width if room.width > 0 else round(lay.board.width * TIP_SHARE)
        inner = width - m * 3
        lines = len(wrap_lines(self.text, f.body, inner)) + 1  # the heading line
        height = lines * assets.font(f.body).get_linesize() + m * 2
        # In the recent moves' box only while four of their lines still show above it.
        log_lines = 4 * assets.font(f.small).get_linesize()
        places = []
        if room.height >= height + log_lines and room.width > 0:
            places.append(Rect(room.left, room.bottom - height, room.width, height))
        board = lay.board.inflate(-2 * m, -2 * m)
        for y in ("bottom", "top", "centery"):  # the foot first, as before
            for x in ("centerx", "left", "right"):
                place = Rect(0, 0, width, height)
                setattr(place, x, getattr(board, x))
                setattr(place, y, getattr(board, y))
                places.append(place)
        column = lay.panels[0].union(lay.log) if lay.panels else None
        if column is not None and column.width >= width // 2:  # over the boards, at their foot
            place = Rect(column.left, 0, column.width, height)
            place.bottom = column.bottom
            places.append(place)
        self.rect = min(places, key=self._covered)  # the first of the least covering

    def _covered(self, place: Rect) -> int:
        """How much of what the player may click now ``place`` covers (pixels)."""
        return sum(place.clip(area).width * place.clip(area).height for area in self._avoid)

    @property
    def showing(self) -> bool:
        """True while a tip is on screen."""
        return self.tip is not None

    def close(self) -> Rect:
        """Take the tip away; the area it covered."""
        area, self.tip, self.text = self.rect.inflate(8, 8), None, ""
        return area

    def update(self) -> Rect | None:
        """Fade an old tip: the area to redraw when it went, else None."""
        if self.tip is not None and time.monotonic() - self.shown_at > TIP_SECONDS:
            return self.close()
        return None

    def handle(self, event: pygame.event.Event) -> tuple[bool, Rect | None]:
        """A click on the tip closes it and is the tip's alone: (whether the tip took the
        event, the area to redraw when it closed). The press and the release over a tip
        are both taken, so the table under it neither begins a drag nor places a figure there;
        a release that ends a press begun on a tip which faded meanwhile is taken too."""
        pos = event.dict.get("pos")
        if pos is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False, None
        over = self.tip is not None and self.rect.collidepoint(pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = over
            return over, None
        pressed, self._pressed = self._pressed, False
        if over:
            return True, self.close()
        return pressed, None

    def draw(self, surface: pygame.Surface) -> None:
        """The tip, if one is showing."""
        if self.tip is None or self.lay is None:
            return
        f, m = self.lay.fonts, self.lay.margin
        draw_panel(surface, self.rect, theme.PARCHMENT_LIGHT, theme.MOSS_DARK, 2, 10)
        inner = self.rect.inflate(-m * 3, -m * 2)
        line = assets.font(f.body).get_linesize()
        with text_box(self.rect):
            heading = Rect(inner.left, inner.top, inner.width, line)
            draw_text_fit(
                surface,
                _("Tip (click to close)"),
                heading,
                f.body,
                theme.MOSS_DARK,
                True,
                "midleft",
            )
            body = Rect(inner.left, inner.top + line, inner.width, inner.height - line)
            draw_wrapped(surface, self.text, body, f.body, theme.CHARCOAL)
