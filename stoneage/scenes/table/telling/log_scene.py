"""The game log: every action of the game and its result in words, scrollable, and exportable
with the seed as a replay file (``python -m stoneage --replay FILE`` plays it back).

The lines are told from the game's steps each time the log opens, so they are always in the
current language and complete, also for a game continued from a save. At a table over the
network they are told from the host's stories: those of the steps shown since arriving, after
the recent past the host told on arrival (its backlog; a first line says when older moves are
left out).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from stoneage.i18n import _
from stoneage.play.seam import TableMatch
from stoneage.play.seats import Seat
from stoneage.records.recorder import export_replay
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.menu_layout import MenuLayout, menu_layout
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_tooltip,
    handle_buttons,
    shade,
    wrap_lines,
)


class LoggedGame(Protocol):
    """What the log reads of the game scene below it: the seats and the game being played."""

    @property
    def seats(self) -> list[Seat]:
        """The seats, in order."""

    @property
    def match(self) -> TableMatch:
        """The game (it tells its own log: a seat over the network from the host's stories)."""


class LogScene(Scene):
    """Over the table: the whole log, scrolled with the wheel, arrows or Page Up/Down."""

    opaque = False

    def __init__(self, app: SceneHost, game: LoggedGame) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0
        self.message = ""
        self.mouse = (0, 0)
        self.resize(app.size)
        self.scroll = self.max_scroll()  # open at the newest line

    def resize(self, size: tuple[int, int]) -> None:
        self.lay: MenuLayout = menu_layout(size, 1)
        f = self.lay.fonts
        self.line_height = assets.font(f.body).get_linesize()
        width = self.lay.panel_body.width - f.body * 2
        self.rows: list[tuple[str, bool]] = []
        for text, heading in self.lines():
            for part in wrap_lines(text, f.body, width, heading):
                self.rows.append((part, heading))
        export, close = button_row(
            self.lay.panel_buttons, 2, self.lay.panel_buttons.height, self.lay.margin * 2
        )
        self.buttons = [
            Button(
                export,
                _("Export replay"),
                self.export,
                enabled=self.game.match.keeps_history(),  # a seat's views make no replay
                size=f.label,
                name="export",
                tooltip=_(
                    "Save the game so far with its seed as a replay file: python -m stoneage --replay FILE plays it back."
                ),
            ),
            Button(
                close,
                _("Close"),
                self.app.pop,
                size=f.label,
                primary=True,
                name="close",
                tooltip=_("Back to the table (Esc)"),
            ),
        ]
        self.scroll = min(self.scroll, self.max_scroll())

    def visible_rows(self) -> int:
        """How many lines fit in the panel."""
        return max(1, self.lay.panel_body.height // self.line_height)

    def max_scroll(self) -> int:
        """The first line shown when scrolled to the end."""
        return max(0, len(self.rows) - self.visible_rows())

    def scroll_by(self, lines: int) -> bool:
        """Scroll by ``lines`` (negative: back); True if the view moved."""
        new = max(0, min(self.max_scroll(), self.scroll + lines))
        moved, self.scroll = new != self.scroll, new
        return moved

    def lines(self) -> list[tuple[str, bool]]:
        """The log as (line, is_heading), as the game tells it (at a table over the network
        from the host's stories, which know what the seat's views do not)."""
        return self.game.match.log_lines(self.game.seats)

    def export(self) -> None:
        """Write the replay file and say where it went."""
        match = self.game.match
        try:
            path = export_replay(self.game.seats, match.seed, match.steps, match.state)
        except OSError as error:
            self.message = _("The replay could not be written: {reason}").format(
                reason=error.strerror or str(error)
            )
            return
        self.message = _("Replay saved to {path}").format(path=str(path))

    def handle(self, event: pygame.event.Event) -> bool:
        if "pos" in event.dict:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            page = self.visible_rows() - 1
            keys = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -len(self.rows),
                pygame.K_END: len(self.rows),
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_l):
                self.app.pop()
                return True
            if event.key in keys:
                return self.scroll_by(keys[event.key]) or True
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(-3 * event.y)
        return handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        lay, f = self.lay, self.lay.fonts
        shade(surface, surface.get_rect(), 140, radius=0)
        draw_panel(surface, lay.panel, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 3, 16)
        draw_text_fit(
            surface, _("Game log"), lay.panel_title, f.big, theme.CHARCOAL, True, "midleft"
        )
        body = lay.panel_body
        if not self.rows:
            draw_text(
                surface,
                _("Nothing has happened yet."),
                body.center,
                f.body,
                theme.UMBER_DARK,
                False,
                "center",
            )
        for i, (text, heading) in enumerate(
            self.rows[self.scroll : self.scroll + self.visible_rows()]
        ):
            y = body.top + i * self.line_height
            colour = theme.UMBER_DARK if heading else theme.CHARCOAL
            draw_text(
                surface, text, (body.left + (0 if heading else f.body), y), f.body, colour, heading
            )
        self._draw_scrollbar(surface)
        if self.message:
            note = pygame.Rect(
                lay.panel.left, lay.panel.bottom + lay.margin, lay.panel.width, f.body * 2
            )
            note.bottom = min(note.bottom, lay.size[1] - 2)
            draw_text_fit(surface, self.message, note, f.small, theme.PARCHMENT_LIGHT)
        for button in self.buttons:
            button.draw(surface)
        hovered = next((b for b in self.buttons if b.hovered and b.tooltip), None)
        if hovered is not None:
            draw_tooltip(surface, hovered.tooltip, self.mouse, f.small)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll() == 0:
            return
        body = self.lay.panel_body
        track = pygame.Rect(body.right - 6, body.top, 6, body.height)
        pygame.draw.rect(surface, theme.PARCHMENT, track, border_radius=3)
        share = self.visible_rows() / len(self.rows)
        knob = pygame.Rect(track.left, 0, track.width, max(12, round(track.height * share)))
        knob.top = track.top + round((track.height - knob.height) * self.scroll / self.max_scroll())
        pygame.draw.rect(surface, theme.UMBER_DARK, knob, border_radius=3)
