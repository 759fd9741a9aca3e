"""Toasts: short messages over whatever screen is showing (an achievement earned, a file that
cannot be written, a file written), and the lasting "Not saved" mark while saving fails.

One board for the program, owned by the ``App`` and handed to the scenes (``app.toasts``), drawn
by the app over the whole scene stack, so a toast shown at the end of a game stays up while the
scoring screen replaces the table. A toast goes
away by itself after a few seconds (longer for longer words), or at a click on it; at most
``MAX_SHOWN`` are up at once, the rest wait their turn.

Writes that fail are never silent: ``update`` asks the records' write health for its notices
(the start and the end of each failure episode, once each) and shows them, shows the "Not
saved" mark at the bottom left for as long as any kind of file cannot be written (its tooltip
gives the reasons and folders; a click tells them again), and keeps retrying the history and
achievements that wait to be written.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from stoneage.i18n import _
from stoneage.records import Records
from stoneage.records.health import WriteNotice, WriteProblem
from stoneage.ui import assets, theme
from stoneage.ui.layout import fonts_for, table_frame, unit_for
from stoneage.ui.widgets import draw_panel, draw_text, draw_tooltip, wrap_lines

log = logging.getLogger(__name__)

INFO, SUCCESS, WARNING, ACHIEVEMENT = "info", "success", "warning", "achievement"
KINDS = (INFO, SUCCESS, WARNING, ACHIEVEMENT)
MAX_SHOWN = 3
FADE = 0.25  # seconds to appear and to go
BASE_LIFE = 5.0  # seconds a short toast stays
LIFE_PER_CHAR = 0.05  # longer words stay longer...
MAX_LIFE = 14.0  # ...up to this
MAX_LINES = 5
RETRY_EVERY = 3.0  # seconds between retries of the history and achievements waiting

_BORDERS = {
    INFO: theme.UMBER_DARK,
    SUCCESS: theme.MOSS_DARK,
    WARNING: theme.ERROR,
    ACHIEVEMENT: theme.GOLD,
}


@dataclass
class Toast:
    """One message on the board, and how long it has been up."""

    text: str
    kind: str = INFO
    age: float = 0.0
    life: float = BASE_LIFE

    def alpha(self) -> float:
        """How visible it is now, 0..1 (fading in at first and out at the end)."""
        if self.age < FADE:
            return max(0.0, self.age / FADE)
        return max(0.0, min(1.0, (self.life - self.age) / FADE))

    @property
    def fading(self) -> bool:
        """True while it appears or goes (frames are needed)."""
        return self.age < FADE or self.age > self.life - FADE


class ToastBoard:
    """The toasts waiting and shown, and the lasting mark of failing writes."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.shown: list[Toast] = []
        self.waiting: list[Toast] = []
        self.mouse = (0, 0)
        self._failing: tuple[str, ...] = ()
        self._retry_in = RETRY_EVERY
        self._rects: list[tuple[pygame.Rect, Toast]] = []
        self._badge: pygame.Rect | None = None
        self._hover_changed = False

    # --- what is said ------------------------------------------------------------------------
    def show(self, text: str, kind: str = INFO) -> None:
        """Show ``text`` soon (a text already up or waiting is not repeated)."""
        if not text or any(t.text == text for t in self.shown + self.waiting):
            return
        life = min(MAX_LIFE, BASE_LIFE + LIFE_PER_CHAR * len(text))
        self.waiting.append(Toast(text, kind if kind in KINDS else INFO, 0.0, life))
        self._promote()

    def withdraw(self, *texts: str) -> None:
        """Take these texts down at once (a newer word on the same thing replaces them)."""
        self.shown = [t for t in self.shown if t.text not in texts]
        self.waiting = [t for t in self.waiting if t.text not in texts]
        self._promote()

    def clear(self) -> None:
        """Forget every toast (a screenshot's fresh start)."""
        self.shown.clear()
        self.waiting.clear()
        self._failing = ()
        self._rects = []
        self._badge = None

    def settle(self) -> None:
        """Show the toasts up now fully, past their fading in (screenshots)."""
        for toast in self.shown:
            toast.age = max(toast.age, FADE)

    def texts(self) -> list[str]:
        """Every toast up or waiting, oldest first (for tests and the screenshot scene)."""
        return [t.text for t in self.shown + self.waiting]

    def failing(self) -> list[WriteProblem]:
        """The kinds of file that cannot be written now (the "Not saved" mark is up)."""
        return self.records.health.failing()

    def _promote(self) -> None:
        while self.waiting and len(self.shown) < MAX_SHOWN:
            self.shown.append(self.waiting.pop(0))

    # --- the loop --------------------------------------------------------------------------------
    def poll(self) -> bool:
        """Take the write health's news: show its notices, note whether the mark changes.
        True when something visible changed."""
        changed = False
        for notice in self.records.health.notices():
            self.show(notice.message(), SUCCESS if notice.recovered else WARNING)
            changed = True
        failing = tuple(sorted(p.kind for p in self.records.health.failing()))
        if failing != self._failing:
            self._failing, changed = failing, True
        return changed

    def update(self, dt: float) -> bool:
        """Age the toasts, retry what waits to be written, take the write health's news. True
        when the picture changed (a toast came, went or is fading)."""
        self._retry_in -= dt
        if self._retry_in <= 0:
            self._retry_in = RETRY_EVERY
            self._retry_pending_writes()
        changed, self._hover_changed = self.poll() or self._hover_changed, False
        for toast in self.shown:
            toast.age += dt
            changed |= toast.fading
        before = len(self.shown)
        self.shown = [t for t in self.shown if t.age < t.life]
        self._promote()
        return changed or len(self.shown) != before

    def _retry_pending_writes(self) -> None:
        """Try again to write the history and achievements that could not be written (cheap
        when nothing waits)."""
        try:
            self.records.retry_pending()
        except Exception:  # a retry is a courtesy; the next one may work
            log.exception("retrying the history and achievements failed")

    def busy(self) -> bool:
        """True while a toast fades in or out (the app then draws at the full frame rate)."""
        return any(t.fading for t in self.shown)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a toast dismisses it; a click on the mark tells the problems again.
        True when the event was used (the scenes below do not get it)."""
        if "pos" in event.dict:
            over = self._badge is not None and self._badge.collidepoint(event.pos)
            was = self._badge is not None and self._badge.collidepoint(self.mouse)
            self._hover_changed |= over != was
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.covers(event.pos)
        if event.type != pygame.MOUSEBUTTONUP or event.dict.get("button") != 1:
            return False
        for rect, toast in self._rects:
            if rect.collidepoint(event.pos) and toast in self.shown:
                self.shown.remove(toast)
                self._promote()
                return True
        if self._badge is not None and self._badge.collidepoint(event.pos):
            for problem in self.failing():
                self.show(WriteNotice(problem).message(), WARNING)
            return True
        return False

    def covers(self, pos: tuple[int, int]) -> bool:
        """True when a toast or the mark is drawn at ``pos`` (a press there is not the scene's)."""
        spots = [r for r, _t in self._rects] + ([self._badge] if self._badge else [])
        return any(r.collidepoint(pos) for r in spots)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The toasts (bottom centre, newest lowest; where the scene names an ``area``, from
        its top down, centred on it: the final scoring keeps its Total row clear) and the
        mark of failing writes."""
        size = surface.get_size()
        frame = table_frame(size)
        unit = unit_for(frame.size)
        fonts, margin = fonts_for(unit), max(4, round(8 * unit))
        self._rects = []
        if area is not None:
            top = area.top + margin
            wide = area.inflate(area.width * 4 // 5, 0)  # a toast up to 0.9 of the area's width
            for toast in self.shown:
                rect = self._draw_toast(surface, toast, wide, top, fonts.body, margin, True)
                self._rects.append((rect, toast))
                top = rect.bottom + margin
        else:
            bottom = frame.bottom - margin * 6
            for toast in reversed(self.shown):
                rect = self._draw_toast(surface, toast, frame, bottom, fonts.body, margin)
                self._rects.append((rect, toast))
                bottom = rect.top - margin
        self._badge = None
        problems = self.failing()
        if problems:
            self._badge = self._draw_badge(surface, frame, fonts.small, margin)
            if self._badge.collidepoint(self.mouse):
                words = "\n\n".join(WriteNotice(p).message() for p in problems)
                draw_tooltip(surface, words, self.mouse, fonts.small)

    def _draw_toast(
        self,
        surface: pygame.Surface,
        toast: Toast,
        frame: pygame.Rect,
        edge: int,
        size: int,
        margin: int,
        from_top: bool = False,
    ) -> pygame.Rect:
        """One toast centred in ``frame``, its bottom at ``edge`` (its top, ``from_top``)."""
        icon = round(size * 2.2) if toast.kind == ACHIEVEMENT else 0
        pad = margin * 2
        limit = round(frame.width * 0.5) - pad * 2 - (icon + margin if icon else 0)
        lines = wrap_lines(toast.text, size, limit, toast.kind == ACHIEVEMENT)[:MAX_LINES]
        bold = toast.kind == ACHIEVEMENT
        text_w = max(assets.text_width(line, size, bold) for line in lines)
        line_h = assets.font(size, bold).get_linesize()
        width = text_w + pad * 2 + (icon + margin if icon else 0)
        height = max(icon, line_h * len(lines)) + pad * 2
        rect = pygame.Rect(0, 0, width, height)
        if from_top:
            rect.midtop = (frame.centerx, edge)
        else:
            rect.midbottom = (frame.centerx, edge)
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill = (
            theme.mix(theme.GOLD_LIGHT, theme.PARCHMENT_LIGHT, 0.35)
            if icon
            else (theme.PARCHMENT_LIGHT)
        )
        local = card.get_rect()
        pygame.draw.rect(card, (*theme.CHARCOAL, 90), local.move(0, 3), border_radius=margin * 2)
        draw_panel(card, local.inflate(0, -3).move(0, 0), fill, _BORDERS[toast.kind], 3, margin * 2)
        x = pad
        if icon:
            picture = assets.image("score", icon)
            card.blit(picture, picture.get_rect(midleft=(pad, local.centery)))
            x += icon + margin
        top = local.centery - line_h * len(lines) // 2
        ink = theme.ERROR if toast.kind == WARNING else theme.CHARCOAL
        for i, line in enumerate(lines):
            draw_text(card, line, (x, top + i * line_h), size, ink, bold)
        card.set_alpha(round(255 * toast.alpha()))
        surface.blit(card, rect)
        return rect

    def _draw_badge(
        self, surface: pygame.Surface, frame: pygame.Rect, size: int, margin: int
    ) -> pygame.Rect:
        """The lasting red mark "Not saved" at the bottom left of the window."""
        words = _("Not saved")
        width = assets.text_width(words, size, True) + margin * 4
        height = assets.font(size, True).get_linesize() + margin
        rect = pygame.Rect(frame.left + margin, frame.bottom - margin - height, width, height)
        draw_panel(surface, rect, theme.ERROR, theme.PARCHMENT_LIGHT, 2, height // 2)
        draw_text(surface, words, rect.center, size, theme.WHITE, True, "center")
        return rect
