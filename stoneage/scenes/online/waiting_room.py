"""The waiting room of a table over the network: the seats fill as players join, until the game
begins; then the table takes over, with the same connection.

The host sees what to tell the others (the addresses of this machine and the port, and the
table's code, large) and starts the game: at once when every joined seat is taken, or with
bots in the seats nobody took. A player who joined sees the seats fill and is told what will
happen: the game begins by itself once every seat is taken, or earlier when the table's owner
starts it with bots. At a dedicated server there is no host: the player who opened the table
is its owner and has the Start button; a quick match's table counts down to the moment bots
take its empty seats. What goes wrong (the host cannot be reached, the table is full, another
version of the game) is said in words, with the way back.
"""

from __future__ import annotations

import time
from collections.abc import Callable

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
    Matched,
    Problem,
    Restarting,
    SeatInfo,
    ViewUpdate,
)
from stoneage.net.session import OnlineSession
from stoneage.play.names import LEVEL_TITLES, shown_name
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.online.addressing import shown_code
from stoneage.scenes.table.drawing.pieces import figure
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_wrapped, wrap_lines


def seat_words(info: SeatInfo, mine: bool) -> tuple[str, str]:
    """Who plays a seat, and how it stands (in the waiting room's words)."""
    if info.kind == "bot":
        return _("Bot: {level}").format(level=_(LEVEL_TITLES.get(info.level, "Normal"))), ""
    if mine:
        who = _("You")
    elif info.kind == "host":
        who = _("The host")
    else:
        who = _("A player") if info.claimed else _("A player who joins")
    if not info.claimed:
        return who, _("Waiting for a player…")
    if info.standin:
        return who, _("Away: a bot plays for now")
    return who, _("Here") if info.here else _("Away")


def owner_of(lobby: LobbyUpdate) -> int | None:
    """The seat that may start the game early, as the table decides it (``NetTable.owner``):
    the host's, else (a dedicated server's table) the first seat a player took."""
    for i, info in enumerate(lobby.seats):
        if info.kind == "host":
            return i
    return next((i for i, info in enumerate(lobby.seats) if info.claimed), None)


class WaitingRoomScene(PanelScene):
    """The seats of the table until its game begins (see the module)."""

    opaque = True

    def __init__(
        self,
        app: SceneHost,
        session: OnlineSession,
        where: str = "",
        bots_in: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``where``: the address the player joined at (shown; the host shows its own);
        ``bots_in``: seconds before bots take the empty seats of a quick match's table (a
        quick match says it itself)."""
        self.session = session
        self.where = where
        self.clock = clock
        self.lobby: LobbyUpdate | None = None
        self.joined: Joined | None = None
        self.bots_at = clock() + bots_in if bots_in is not None else None
        self.connection = ""  # "" (fine), "retrying", "restarting"
        self.starting = False
        self.problem = ""  # why the table cannot be played from here (the way back is Leave)
        self.notice = ""  # a refusal the table goes on after (e.g. not the owner)
        self.handed_over = False
        self._shown_seconds: int | None = None
        super().__init__(app)

    @property
    def hosting(self) -> bool:
        """True when this program hosts the table."""
        return self.session.host is not None

    @property
    def dedicated(self) -> bool:
        """True at a dedicated server's table (nobody hosts it)."""
        lobby = self.lobby
        return (
            not self.hosting
            and lobby is not None
            and not any(s.kind == "host" for s in lobby.seats)
        )

    @property
    def owns(self) -> bool:
        """True when this player may start the game early: the host, or at a dedicated
        server the player who opened the table (its first seat taken)."""
        if self.hosting:
            return True
        me = self.session.client.seat
        return self.lobby is not None and me is not None and owner_of(self.lobby) == me

    def seconds_to_bots(self) -> int | None:
        """Whole seconds before bots take a quick match's empty seats (None: no such wait)."""
        if self.bots_at is None:
            return None
        return max(0, round(self.bots_at - self.clock()))

    # --- buttons ---------------------------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        self.heading = _("Waiting room")
        f = self.lay.fonts
        count = 2 if self.owns else 1
        *first, leave = button_row(
            self.lay.panel_buttons,
            count,
            self.lay.panel_buttons.height,
            self.lay.margin * 2,
            round(f.title * 11),
        )
        start = first[0] if first else leave
        buttons = []
        if self.owns:
            full = self.lobby is not None and all(
                s.claimed for s in self.lobby.seats if s.kind != "bot"
            )
            buttons.append(
                Button(
                    start,
                    _("Start") if full else _("Start with bots"),
                    self.start,
                    enabled=self.lobby is not None and not self.problem and not self.starting,
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
                primary=not self.owns,
                tooltip=_("Close the table and go back (Esc).")
                if self.hosting
                else _("Leave the table and go back (Esc)."),
                name="leave",
            )
        )
        return buttons

    def start(self) -> None:
        """The owner begins the game (seats nobody took get bots)."""
        self.session.client.start_game()
        self.starting = True
        self.buttons = self.make_buttons()

    def back(self) -> None:
        self.session.close()
        self.handed_over = True
        self.app.pop()

    def exit(self) -> None:
        if not self.handed_over:
            self.session.close()

    # --- the network --------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Take in what the host said (first what was heard before this screen opened); once
        the game begins, the table takes over. A quick match's countdown redraws each second."""
        session = self.session
        events, session.events = [*session.events, *session.client.poll()], []
        seconds = self.seconds_to_bots()
        changed = seconds != self._shown_seconds
        self._shown_seconds = seconds
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
            self.joined, self.connection = event, ""
        elif isinstance(event, LobbyUpdate):
            self.lobby, self.notice = event, ""
            self.session.announce_again()  # the free seats, as the local network hears them
        elif isinstance(event, Matched):
            self.bots_at = self.clock() + event.seconds
        elif isinstance(event, Problem):
            self.starting = False
            if event.code in FATAL:
                self.problem = event.words
            else:  # the game goes on: said until the seats change
                self.notice = event.words
        elif isinstance(event, Disconnected):
            if not event.retrying:
                self.problem = self.problem or _(
                    "The table could not be reached. Check the address and that the host is "
                    "still in its waiting room."
                )
            elif self.connection != "restarting":
                self.connection = "retrying"
        elif isinstance(event, Restarting):
            self.connection = "restarting"
        elif isinstance(event, HostLeft):
            self.problem = _("The host closed the table.")
        elif not isinstance(event, Closed):
            return False
        return True

    def status(self) -> str:
        """What happens now and next, in words (see the module)."""
        if self.connection == "restarting":
            return _("The server is restarting: the table comes back by itself in a moment.")
        if self.connection == "retrying":
            return _("Connection lost: trying again…")
        if self.starting:
            return _("Starting…")
        if self.joined is None or self.lobby is None:
            return _("Connecting to the table…")
        if self.joined.seat is None:
            return _("Watching: the game shows when it begins.")
        if self.hosting:
            return _(
                "Tell the others the address and the code. The game begins by itself when "
                "every seat is taken; Start with bots begins it now."
            )
        seconds = self.seconds_to_bots()
        if seconds is not None:
            later = (
                _("Start with bots begins it now.")
                if self.owns
                else _("It begins earlier if every seat is taken.")
            )
            return _("Quick match: bots take the empty seats in {seconds} s. {later}").format(
                seconds=seconds, later=later
            )
        if self.dedicated:
            if self.owns:
                return _(
                    "You opened this table: give the others the server's address and the code. "
                    "The game begins by itself when every seat is taken; Start with bots begins "
                    "it now."
                )
            owner = owner_of(self.lobby)
            name = shown_name(self.lobby.seats[owner].name) if owner is not None else "?"
            return _(
                "You are at the table. The game begins by itself when every seat is taken, or "
                "earlier when {name}, who opened the table, starts it with bots."
            ).format(name=name)
        return _(
            "You are at the table. The game begins by itself when every seat is taken, or "
            "earlier when the host starts it with bots."
        )

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
        warning = bool(self.problem or self.notice)
        words = (self.problem or self.notice) if warning else self.status()
        # The words end a margin above the buttons however many lines they take (two lines of
        # Japanese touched Start with bots when the box was a fixed three body lines high).
        lines = len(wrap_lines(words, f.label, body.width, warning))
        high = lines * assets.font(f.label, warning).get_linesize()
        line = pygame.Rect(body.left, body.bottom - high - m, body.width, high)
        ink = theme.ERROR if warning else theme.UMBER_DARK
        draw_wrapped(surface, words, line, f.label, ink, warning)

    def _draw_where(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The table's code and where to join it; the bottom of what was drawn."""
        f, m = self.lay.fonts, self.lay.margin
        code = self.session.client.code
        box = area.copy()
        draw_panel(surface, box, theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        half = pygame.Rect(box.left + m * 2, box.top + m, box.width // 3, box.height - m * 2)
        draw_text_fit(surface, _("Table code"), half, f.body, theme.UMBER_DARK, True, "topleft")
        below = pygame.Rect(half.left, half.top + f.body * 3 // 2, half.width, half.height)
        below.height = half.bottom - below.top
        draw_text_fit(surface, shown_code(code), below, f.huge, theme.CHARCOAL, True, "bottomleft")
        right = pygame.Rect(
            half.right + m * 2, half.top, box.right - half.right - m * 4, half.height
        )
        seconds = self.seconds_to_bots()
        if self.hosting:
            host = self.session.host
            assert host is not None
            shown = (f"[{a}]" if ":" in a else a for a in self.session.addresses[:3])
            places = ", ".join(f"{a}:{host.port}" for a in shown)
            head = _("Others join at (address and port)")
        elif seconds is not None:
            places, head = f"{seconds} s", _("Bots take the empty seats in")
        elif self.dedicated:
            places, head = self.where, _("The server's address")
        else:
            places, head = self.where, _("The host's address")
        draw_text_fit(surface, head, right, f.body, theme.UMBER_DARK, True, "topleft")
        if seconds is not None and not self.hosting:  # the countdown, as large as the code
            draw_text_fit(
                surface,
                places,
                below.move(right.left - below.left, 0),
                f.huge,
                theme.CHARCOAL,
                True,
                "bottomleft",
            )
        else:
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
