"""A new table of the player's own on a dedicated server: how many players, listed in the
server's lobby (a six-character code anybody may read there) or private (a twelve-character
code, its only secret, to give to friends), and the level of the bots that take the seats
nobody took when the player starts it (and play for a player whose connection drops).

*Create* asks the server for the table and then for the player's seat, off the frame loop, the
screen saying it is asking; the player is then the table's owner: in its waiting room, which
replaces this screen, they start it with bots whenever they like, or it begins by itself once
every seat is taken.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from stoneage.i18n import _, current_language
from stoneage.net.client import Client, create_table
from stoneage.net.session import OnlineSession
from stoneage.play.names import LEVEL_TITLES
from stoneage.records.player_key import PlayerKeys
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.online.asking import Errand
from stoneage.scenes.online.joining import ASKING, JOINED, Joining, key_for, player_named
from stoneage.scenes.online.joining_panel import JoiningPanel
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_text_fit, draw_wrapped

#: Asks the server for a table (blocking; run off the frame loop): ``create_table``, or the
#: tests'. Called with the server's address and seats, and the options as keywords.
TableMaker = Callable[..., str]

SIZES = (2, 3, 4)
LEVELS = ("easy", "normal", "hard")


class NewServerTableScene(JoiningPanel):
    """The options of a new table on a server, and *Create* (see the module's docstring)."""

    opaque = False

    def __init__(
        self,
        app: SceneHost,
        url: str,
        where: str = "",
        name: str = "",
        keys: PlayerKeys | None = None,
        client: Callable[..., Client] = Client,
        maker: TableMaker = create_table,
    ) -> None:
        """``url``: the server; ``where``: its address as typed (shown in the waiting room);
        ``name``: the player's; ``client``, ``maker``: the tests' stand-ins."""
        self.url, self.where, self.name = url, where, name
        self.keys = keys if keys is not None else PlayerKeys()
        self.make_client, self.maker = client, maker
        self.players = 4
        self.listed = True
        self.level = "normal"
        self.errand: Errand[str] | None = None
        self.joining: Joining | None = None
        self.problem = ""
        self.rows: list[tuple[str, str, pygame.Rect]] = []
        super().__init__(app)

    @property
    def asking(self) -> bool:
        """True while the server is asked (for the table, then for the seat)."""
        return self.errand is not None or (
            self.joining is not None and self.joining.state == ASKING
        )

    def make_buttons(self) -> list[Button]:
        self.heading = _("New table on this server")
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        body = lay.panel_body
        height = round(f.title * 2.1)
        help_h = assets.font(f.body).get_linesize() * 2
        pitch = height + help_h + m * 4
        left = body.left + body.width // 3
        width = (body.right - left - 2 * m) // 3
        specs = self._specs()
        self.rows = []
        buttons: list[Button] = []
        for i, (label, help_text, options) in enumerate(specs):
            row = pygame.Rect(left, body.top + m + i * pitch, body.right - left, height)
            self.rows.append((label, help_text, row))
            for k, (text, action, selected, name) in enumerate(options):
                rect = pygame.Rect(row.left + k * (width + m), row.top, width, height)
                buttons.append(
                    Button(
                        rect,
                        text,
                        action,
                        enabled=not self.asking,
                        size=f.label,
                        selected=selected,
                        name=name,
                    )
                )
        self.status_rect = pygame.Rect(
            body.left, body.top + m + len(specs) * pitch, body.width, f.body * 3
        )
        create, back = button_row(
            lay.panel_buttons, 2, lay.panel_buttons.height, m * 2, round(f.title * 9)
        )
        buttons += [
            Button(
                create,
                _("Asking…") if self.asking else _("Create"),
                self.create,
                enabled=not self.asking,
                size=f.title,
                primary=True,
                tooltip=_("Open the table on the server and take its first seat (Enter)."),
                name="create",
            ),
            Button(
                back,
                _("Cancel") if self.asking else _("Back"),
                self.back,
                size=f.label,
                tooltip=_("Back to the lobby (Esc)."),
                name="back",
            ),
        ]
        return buttons

    def _specs(self) -> list[tuple[str, str, list[tuple[str, Callable[[], None], bool, str]]]]:
        """The rows: players, who may join, the bots' level."""
        return [
            (
                _("Players"),
                _("Seats at the table; bots take those nobody took when you start."),
                [
                    (
                        _("{n} players").format(n=n),
                        partial(self.set_players, n),
                        self.players == n,
                        f"players_{n}",
                    )
                    for n in SIZES
                ],
            ),
            (
                _("Who may join"),
                _(
                    "Listed: anybody sees it in the lobby. Private: a long code only those you "
                    "give it to can join with."
                ),
                [
                    (_("Listed"), partial(self.set_listed, True), self.listed, "listed"),
                    (_("Private"), partial(self.set_listed, False), not self.listed, "private"),
                ],
            ),
            (
                _("Bots' level"),
                _("The bots in the seats nobody took, and a bot playing for a player away."),
                [
                    (
                        _(LEVEL_TITLES[level]),
                        partial(self.set_level, level),
                        self.level == level,
                        f"level_{level}",
                    )
                    for level in LEVELS
                ],
            ),
        ]

    def set_players(self, n: int) -> None:
        """The number of seats."""
        self.players = n
        self.buttons = self.make_buttons()

    def set_listed(self, listed: bool) -> None:
        """Listed in the lobby, or private."""
        self.listed = listed
        self.buttons = self.make_buttons()

    def set_level(self, level: str) -> None:
        """The bots' level."""
        self.level = level
        self.buttons = self.make_buttons()

    def create(self) -> None:
        """Ask the server for the table (off the frame loop); its seat follows."""
        if self.asking:
            return
        self.problem = ""
        player = player_named(self.name, self.keys)
        key = key_for(player, self.url)
        seats = [{"kind": "remote"} for _ in range(self.players)]
        work = partial(
            self.maker,
            self.url,
            seats,
            standin=self.level,
            listed=self.listed,
            lang=current_language(),
            key=key,
        )
        self.errand = Errand(work, self.app.wake)
        self.buttons = self.make_buttons()

    def update(self, dt: float) -> bool:
        """The server's answer (the table's code), then the table's (the seat)."""
        errand = self.errand
        if errand is not None and errand.done:
            self.errand = None
            if errand.result is None:
                self.problem = errand.error
            else:
                self._sit(errand.result)
            self.buttons = self.make_buttons()
            return True
        joining = self.joining
        if joining is None or joining.hear() == ASKING:
            return False
        self.joining = None
        if joining.state == JOINED:
            self.app.replace(WaitingRoomScene(self.app, joining.session, joining.where))
            return True
        if joining.refusal is not None:
            self.problem = joining.refusal.words
        self.buttons = self.make_buttons()
        return True

    def _sit(self, code: str) -> None:
        """The table is made: take its first seat (the owner's)."""
        key = key_for(player_named(self.name, self.keys), self.url)
        client = self.make_client(self.url, code, name=self.name, key=key)
        self.joining = Joining(OnlineSession(client, self.name), self.where)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        body = self.lay.panel_body
        for label, help_text, row in self.rows:
            head = pygame.Rect(body.left, row.top, row.left - body.left - m * 2, row.height)
            draw_text_fit(surface, label, head, f.title, theme.CHARCOAL, True, "midleft")
            under = pygame.Rect(row.left, row.bottom + m, row.width, row.height)
            draw_wrapped(surface, help_text, under, f.body, theme.UMBER_DARK)
        if self.problem:
            draw_wrapped(surface, self.problem, self.status_rect, f.body, theme.ERROR, True)
        elif self.asking:
            words = (
                _("Asking the server for the table…")
                if self.errand is not None
                else _("Taking your seat…")
            )
            draw_wrapped(surface, words, self.status_rect, f.body, theme.UMBER_DARK)
