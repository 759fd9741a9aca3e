"""A dedicated server's best players: rank, name, rating (the cautious estimate the server
shows, a newcomer at 1000) and rated games, read off the frame loop (``Errand``) with the
screen saying it is asking, and what went wrong in words. Only finished games among two or
more people are rated; a bot's seat never is."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from stoneage.i18n import _
from stoneage.net.client import Leader, read_leaders
from stoneage.play.names import is_default_name
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.online.asking import Errand
from stoneage.ui import theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_wrapped

#: Reads a server's leaderboard (blocking; run off the frame loop): ``read_leaders``, or the
#: tests'.
LeadersReader = Callable[[str], tuple[Leader, ...]]


class LeadersScene(PanelScene):
    """The best rated players of the server at ``url`` (see the module's docstring)."""

    opaque = True

    def __init__(
        self,
        app: SceneHost,
        url: str,
        name: str = "",
        reader: LeadersReader = read_leaders,
        leaders: tuple[Leader, ...] | None = None,
    ) -> None:
        """``name``: the player's (their rows are marked); ``reader``: the tests' stand-in;
        ``leaders``: a list already read (the screenshots'), else it is read now."""
        self.url, self.name = url, name.strip()
        self.reader = reader
        self.leaders = leaders
        self.errand: Errand[tuple[Leader, ...]] | None = None
        self.problem = ""
        self.first = 0
        super().__init__(app)
        if leaders is None:
            self.refresh()

    def make_buttons(self) -> list[Button]:
        self.heading = _("Best players")
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        refresh, back = button_row(
            lay.panel_buttons, 2, lay.panel_buttons.height, m * 2, round(f.title * 8)
        )
        return [
            Button(
                refresh,
                _("Refresh"),
                self.refresh,
                enabled=self.errand is None,
                size=f.label,
                tooltip=_("Read the leaderboard again."),
                name="refresh",
            ),
            Button(
                back,
                _("Back"),
                self.back,
                size=f.label,
                primary=True,
                tooltip=_("Back to the lobby (Esc)."),
                name="back",
            ),
        ]

    def refresh(self) -> None:
        """Read the leaderboard (off the frame loop)."""
        if self.errand is None:
            self.problem = ""
            self.errand = Errand(partial(self.reader, self.url), self.app.wake)
            self.buttons = self.make_buttons()

    def update(self, dt: float) -> bool:
        errand = self.errand
        if errand is None or not errand.done:
            return False
        self.errand = None
        if errand.result is None:
            self.problem = errand.error
        else:
            self.leaders = errand.result
        self.buttons = self.make_buttons()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.first = max(0, self.first - event.y * 3)
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        body = self.lay.panel_body
        head = pygame.Rect(body.left, body.top, body.width, f.body * 2)
        where = self.url.split("://", 1)[-1]
        draw_text_fit(
            surface,
            _("On {server}: finished games among people, rated as they ended").format(server=where),
            head,
            f.body,
            theme.UMBER_DARK,
            False,
            "midleft",
        )
        table = pygame.Rect(body.left, head.bottom + m, body.width, body.bottom - head.bottom - m)
        draw_panel(surface, table.inflate(m * 2, m), theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        words = self._words()
        if words:
            colour = theme.ERROR if self.problem else theme.UMBER_DARK
            draw_wrapped(surface, words, table.inflate(-m * 2, -m * 2), f.body, colour)
            return
        self._draw_rows(surface, table)

    def _words(self) -> str:
        """What shows instead of the rows: asking, what went wrong, or an empty board."""
        if self.problem:
            return self.problem
        if self.errand is not None and self.leaders is None:
            return _("Asking the server…")
        if not self.leaders:
            return _("Nobody is rated on this server yet: a game among people is, once it ends.")
        return ""

    def _draw_rows(self, surface: pygame.Surface, table: pygame.Rect) -> None:
        """The heading row, then a row a player: rank, name, rating, games."""
        f, m = self.lay.fonts, self.lay.margin
        leaders = self.leaders or ()
        height = round(f.label * 1.9)
        columns = (0.1, 0.5, 0.2, 0.2)
        heads = ("#", _("Player"), _("Rating"), _("Games"))
        fits = max(1, table.height // height - 1)
        self.first = max(0, min(self.first, len(leaders) - fits))
        rows = [(heads, True, False)]
        for rank, leader in enumerate(leaders[self.first : self.first + fits], self.first + 1):
            cells = (str(rank), leader_name(leader.name), str(leader.rating), str(leader.games))
            rows.append((cells, False, bool(self.name) and leader.name == self.name))
        for i, (cells, heading, mine) in enumerate(rows):
            row = pygame.Rect(table.left, table.top + i * height, table.width, height)
            if mine:
                pygame.draw.rect(surface, theme.OCHRE_LIGHT, row, border_radius=6)
            left = row.left + m
            for share, cell in zip(columns, cells):
                width = round(table.width * share) - m
                rect = pygame.Rect(left, row.top, width, row.height)
                colour = theme.UMBER_DARK if heading else theme.CHARCOAL
                draw_text_fit(surface, cell, rect, f.label, colour, heading or mine, "midleft")
                left += width + m


def leader_name(name: str) -> str:
    """A rated player's name as they typed it: only people are rated, so a name that happens
    to be a bot's ("Grok") is not translated; the default name ("You") would read as the
    reader's own, so it reads "a player"."""
    if not name.strip() or is_default_name(name):
        return _("a player")
    return name
