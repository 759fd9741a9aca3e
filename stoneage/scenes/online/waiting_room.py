"""The waiting room of a table over the network: the seats fill as players join, until the game
begins; then the table takes over, with the same connection.

The host sees what to tell the others (the addresses of this machine and the port, and the
table's code, large) and starts the game: at once when every joined seat is taken, or with
bots in the seats nobody took. A player who joined sees the seats fill and waits for the host.
What goes wrong (the host cannot be reached, the code is unknown, the table is full, another
version of the game) is said in words, with the way back.
"""

from __future__ import annotations

import pygame

from stoneage.i18n import _
from stoneage.net.client import (
    FATAL,
    Closed,
    Disconnected,
    Event,
    HostLeft,
    Joined,
    LobbyUpdate,
    Problem,
    SeatInfo,
    ViewUpdate,
)
from stoneage.net.session import OnlineSession
from stoneage.play.names import LEVEL_TITLES, shown_name
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.table.drawing.pieces import figure
from stoneage.ui import theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_panel, draw_text, draw_text_fit, draw_wrapped


def seat_words(info: SeatInfo, mine: bool) -> tuple[str, str]:
    """Who plays a seat, and how it stands (in the waiting room's words)."""
    if info.kind == "bot":
        return _("Bot: {level}").format(level=_(LEVEL_TITLES.get(info.level, "Normal"))), ""
    who = _("You") if mine else (_("The host") if info.kind == "host" else _("A player who joins"))
    if not info.claimed:
        return who, _("Waiting for a player…")
    if info.standin:
        return who, _("Away: a bot plays for now")
    return who, _("Here") if info.here else _("Away")


class WaitingRoomScene(PanelScene):
    """The seats of the table until its game begins (see the module)."""

    opaque = True

    def __init__(self, app: SceneHost, session: OnlineSession, where: str = "") -> None:
        """``where``: the address the player joined at (shown; the host shows its own)."""
        self.session = session
        self.where = where
        self.lobby: LobbyUpdate | None = None
        self.status = _("Connecting to the table…")
        self.problem = ""
        self.handed_over = False
        super().__init__(app)

    @property
    def hosting(self) -> bool:
        """True when this program hosts the table."""
        return self.session.host is not None

    # --- buttons ---------------------------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        self.heading = _("Waiting room")
        f = self.lay.fonts
        count = 2 if self.hosting else 1
        *first, leave = button_row(
            self.lay.panel_buttons,
            count,
            self.lay.panel_buttons.height,
            self.lay.margin * 2,
            round(f.title * 11),
        )
        start = first[0] if first else leave
        buttons = []
        if self.hosting:
            full = self.lobby is not None and all(
                s.claimed for s in self.lobby.seats if s.kind != "bot"
            )
            buttons.append(
                Button(
                    start,
                    _("Start") if full else _("Start with bots"),
                    self.start,
                    enabled=self.lobby is not None and not self.problem,
                    size=f.title,
                    primary=True,
                    tooltip=_("Begin the game now.")
                    if full
                    else _("Begin now: a bot of the chosen level plays each seat nobody took."),
                    name="start",
                )
            )
        buttons.append(
            Button(
                leave,
                _("Leave"),
                self.back,
                size=f.label,
                primary=not self.hosting,
                tooltip=_("Close the table and go back (Esc).")
                if self.hosting
                else _("Leave the table and go back (Esc)."),
                name="leave",
            )
        )
        return buttons

    def start(self) -> None:
        """The host begins the game (seats nobody took get bots)."""
        self.session.client.start_game()
        self.status = _("Starting…")

    def back(self) -> None:
        self.session.close()
        self.handed_over = True
        self.app.pop()

    def exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    # --- the network --------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Take in what the host said; once the game begins, the table takes over."""
        events = self.session.client.poll()
        changed = False
        for index, event in enumerate(events):
            if isinstance(event, ViewUpdate):
                self._begin(event, events[index + 1 :])
                return True
            changed = self.hear(event) or changed
        if changed:
            self.buttons = self.make_buttons()
        return changed

    def hear(self, event: Event) -> bool:
        """Take in one event; True when the screen changes."""
        if isinstance(event, Joined):
            self.session.seated(event.token)
            self.status = (
                _("Watching: the game shows when it begins.")
                if event.seat is None
                else (
                    _("Tell the others the address and the code. Start when they have joined.")
                    if self.hosting
                    else _("You are at the table. The host starts the game.")
                )
            )
        elif isinstance(event, LobbyUpdate):
            self.lobby = event
            self.session.announce_again()  # the free seats, as the local network hears them
        elif isinstance(event, Problem):
            self.problem = event.words
            if event.code not in FATAL:
                return True
            self.status = ""
        elif isinstance(event, Disconnected):
            if not event.retrying:
                self.problem = self.problem or _(
                    "The table could not be reached. Check the address and that the host is "
                    "still in its waiting room."
                )
                self.status = ""
            else:
                self.status = _("Connection lost: trying again…")
        elif isinstance(event, HostLeft):
            self.problem = _("The host closed the table.")
        elif isinstance(event, Closed):
            self.status = ""
        else:
            return False
        return True

    def _begin(self, first: ViewUpdate, rest: list[Event]) -> None:
        """The game began: the table, from the first view, with what came after it."""
        # The table hears the first view too: its backlog is the log's past.
        self.session.events = [first, *rest]
        self.session.quiet()  # no seat is free any more: the table is no longer announced
        self.handed_over = True
        table = self.app.make_scene("online_game", session=self.session, view=first.view)
        self.app.replace(table)

    # --- drawing --------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        body = lay.panel_body
        top = body.top
        top = self._draw_where(surface, pygame.Rect(body.left, top, body.width, f.huge * 3))
        rows = pygame.Rect(body.left, top + m * 2, body.width, body.bottom - top - f.body * 5)
        self._draw_seats(surface, rows)
        line = pygame.Rect(body.left, body.bottom - f.body * 3, body.width, f.body * 3)
        if self.problem:
            draw_wrapped(surface, self.problem, line, f.label, theme.ERROR, True)
        else:
            draw_wrapped(surface, self.status, line, f.label, theme.UMBER_DARK)

    def _draw_where(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The table's code and where to join it; the bottom of what was drawn."""
        f, m = self.lay.fonts, self.lay.margin
        code = self.session.client.code
        box = area.copy()
        draw_panel(surface, box, theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        half = pygame.Rect(box.left + m * 2, box.top + m, box.width // 3, box.height - m * 2)
        draw_text_fit(surface, _("Table code"), half, f.body, theme.UMBER_DARK, True, "topleft")
        draw_text(
            surface, code, (half.left, half.bottom), f.huge, theme.CHARCOAL, True, "bottomleft"
        )
        right = pygame.Rect(
            half.right + m * 2, half.top, box.right - half.right - m * 4, half.height
        )
        if self.hosting:
            host = self.session.host
            assert host is not None
            shown = (f"[{a}]" if ":" in a else a for a in self.session.addresses[:3])
            places = ", ".join(f"{a}:{host.port}" for a in shown)
            head = _("Others join at (address and port)")
        else:
            places, head = self.where, _("The host's address")
        draw_text_fit(surface, head, right, f.body, theme.UMBER_DARK, True, "topleft")
        draw_text_fit(
            surface,
            places,
            pygame.Rect(right.left, right.centery, right.width, right.height // 2),
            f.title,
            theme.CHARCOAL,
            True,
            "midleft",
        )
        return box.bottom

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """One row a seat: the colour, the name, who plays it, whether they are here."""
        f, m = self.lay.fonts, self.lay.margin
        seats = self.lobby.seats if self.lobby is not None else ()
        if not seats:
            return
        height = min(round(f.title * 2.4), area.height // max(1, len(seats)) - m)
        me = self.session.client.seat
        for i, info in enumerate(seats):
            row = pygame.Rect(area.left, area.top + i * (height + m), area.width, height)
            fill = (
                theme.PARCHMENT if i % 2 else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5)
            )
            pygame.draw.rect(surface, fill, row, border_radius=8)
            swatch = pygame.Rect(row.left + m, row.top + 4, height - 8, height - 8)
            pygame.draw.rect(
                surface,
                theme.PLAYER_COLOURS.get(info.colour, theme.UMBER_DARK),
                swatch,
                border_radius=6,
            )
            figure(surface, info.colour, swatch.inflate(-4, -4))
            who, how = seat_words(info, i == me)
            name = pygame.Rect(swatch.right + m * 2, row.top, row.width * 3 // 10, height)
            # A seat nobody took yet has only the table's placeholder name: say which seat.
            shown = (
                shown_name(info.name)
                if info.claimed or info.kind == "bot"
                else _("Seat {n}").format(n=i + 1)
            )
            draw_text_fit(surface, shown, name, f.title, theme.CHARCOAL, True, "midleft")
            kind = pygame.Rect(name.right + m, row.top, row.width * 3 // 10, height)
            draw_text_fit(surface, who, kind, f.label, theme.UMBER_DARK, False, "midleft")
            state = pygame.Rect(kind.right + m, row.top, row.right - kind.right - m * 2, height)
            colour = theme.CHARCOAL if info.here or info.kind == "bot" else theme.ERROR
            draw_text_fit(surface, how, state, f.label, colour, True, "midleft")
