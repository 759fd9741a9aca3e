"""Join a table: the host's address and the table's code (as the host's waiting room shows
them), the name the others will see, and the tables found on the local network (a click fills
in their address and code). Join takes a seat; Watch looks on without one. A mistake in what
was typed is said under its field, and nothing is sent until both are right.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from stoneage.i18n import _
from stoneage.net.client import Client
from stoneage.net.discovery import FoundTable, TableBrowser
from stoneage.net.protocol import CODE_LENGTH, MAX_NAME
from stoneage.net.session import OnlineSession
from stoneage.records.hosted import Seated, SeatKeep
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.online.addressing import EntryError, keep_code_char, table_code, table_url
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.ui import assets, theme
from stoneage.ui.fields import TextField
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_wrapped

#: Makes the client of a join (tests hand in their own; the window uses ``Client``).
ClientMaker = Callable[..., Client]


class JoinScene(PanelScene):
    """Type an address and a code, or pick a table found nearby; then Join or Watch."""

    opaque = True

    def __init__(
        self,
        app: SceneHost,
        finder: Callable[[], list[FoundTable]] | None = None,
        address: str = "",
        code: str = "",
        name: str = "",
        client: ClientMaker = Client,
        discover: bool = False,
        seat_keep: SeatKeep | None = None,
    ) -> None:
        """``finder``: the tables on the local network now (never blocks; None: none looked
        for); ``discover``: look for them with a ``TableBrowser`` while this screen is open
        (multicast DNS: the window's, never the tests'); ``address``, ``code``, ``name``:
        filled in already (the command line's); ``seat_keep``: the seat kept from the last
        table joined (offered to return to)."""
        self.browser = TableBrowser() if discover and finder is None else None
        self.finder = self.browser.tables if self.browser is not None else finder
        self.make_client = client
        self.seat_keep = seat_keep if seat_keep is not None else SeatKeep()
        self.found: list[FoundTable] = []
        self.seated: Seated | None = None  # the seat kept from the last table joined
        self.fields = [
            TextField(pygame.Rect(0, 0, 0, 0), "", address, 60, name="address"),
            TextField(pygame.Rect(0, 0, 0, 0), "", code, CODE_LENGTH + 2, keep_code_char, "code"),
            TextField(pygame.Rect(0, 0, 0, 0), "", name, MAX_NAME, name="name"),
        ]
        super().__init__(app)
        self.focus(0 if not address else 1 if not code else 2)

    def enter(self) -> None:
        super().enter()
        if self.browser is not None:
            try:
                self.browser.start()
            except OSError:  # no network to look on: the address and code still work
                self.browser = None

    def exit(self) -> None:
        pygame.key.stop_text_input()
        if self.browser is not None:
            self.browser.stop()
            self.browser = None

    # --- layout and buttons --------------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        self.heading = _("Join a table")
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        body = lay.panel_body
        left = pygame.Rect(body.left, body.top, body.width * 11 // 20, body.height)
        self.list_area = pygame.Rect(
            left.right + m * 4, body.top, body.right - left.right - m * 4, body.height
        )
        labels = (
            _("The host's address (and port)"),
            _("The table's code"),
            _("Your name at the table"),
        )
        height = round(f.title * 2)
        step = (left.height - m) // 3
        for i, (field, label) in enumerate(zip(self.fields, labels)):
            field.rect = pygame.Rect(
                left.left, left.top + f.body * 2 + i * step, left.width, height
            )
            field.label = label
        join, watch, back = button_row(
            lay.panel_buttons, 3, lay.panel_buttons.height, m * 2, round(f.title * 8)
        )
        buttons = [
            Button(
                join,
                _("Join"),
                self.join,
                size=f.title,
                primary=True,
                tooltip=_("Take a seat at this table (Enter)."),
                name="join",
            ),
            Button(
                watch,
                _("Watch"),
                partial(self.join, True),
                size=f.label,
                tooltip=_("Look on without a seat: you see what every player sees of the table."),
                name="watch",
            ),
            Button(
                back,
                _("Back"),
                self.back,
                size=f.label,
                tooltip=_("Back to the title screen (Esc)."),
                name="back",
            ),
        ]
        return buttons + self._found_buttons()

    def _found_buttons(self) -> list[Button]:
        """A button for each table found nearby: it fills in the address and the code."""
        f, m = self.lay.fonts, self.lay.margin
        area = self.list_area
        height = round(f.label * 2.6)
        out = []
        seated = self.seated = self.seat_keep.load()
        rows = [area.top + f.body * 2 + i * (height + m) for i in range(6)]
        if seated is not None:
            rect = pygame.Rect(area.left, rows.pop(0), area.width, height)
            out.append(
                Button(
                    rect,
                    _("Return to your seat at table {code}").format(code=seated.code),
                    self.return_to_seat,
                    size=f.body,
                    tooltip=_("Join the table you last played at again, in the same seat."),
                    name="return",
                )
            )
        for i, (table, top) in enumerate(zip(self.found[:5], rows)):
            rect = pygame.Rect(area.left, top, area.width, height)
            label = _("{name} — {free} of {players} seats free").format(
                name=table.name, free=table.free, players=table.players
            )
            tip = (
                _("Fill in this table's address and code.")
                if table.compatible
                else _("This table runs another version of the game.")
            )
            out.append(
                Button(
                    rect,
                    label,
                    partial(self.pick, table),
                    enabled=table.compatible,
                    size=f.body,
                    tooltip=tip,
                    name=f"found_{i}",
                )
            )
        return out

    # --- what the player does -----------------------------------------------------------------
    def focus(self, index: int) -> None:
        """Type into field ``index``."""
        for i, field in enumerate(self.fields):
            field.focused = i == index
        pygame.key.start_text_input()

    def pick(self, table: FoundTable) -> None:
        """A table found nearby: its address and code go into the fields."""
        self.fields[0].text = table.url()
        self.fields[1].text = table.code
        for field in self.fields:
            field.problem = ""
        self.focus(1 if not table.code else 2)

    def entry(self) -> tuple[str, str] | None:
        """The address and code typed, checked (each mistake said under its field)."""
        address, code = self.fields[0], self.fields[1]
        url = found_code = None
        try:
            url = table_url(address.text)
        except EntryError as error:
            address.problem = str(error)
        try:
            found_code = table_code(code.text)
        except EntryError as error:
            code.problem = str(error)
        if url is None or found_code is None:
            return None
        return url, found_code

    def join(self, watch: bool = False) -> None:
        """Connect and wait in the table's waiting room (``watch``: without a seat)."""
        checked = self.entry()
        if checked is None:
            return
        url, code = checked
        name = self.fields[2].text.strip()
        client = self.make_client(url, code, name=name, watch=watch)
        self._enter(client, name, self.fields[0].text.strip())

    def return_to_seat(self) -> None:
        """Back to the seat kept from the last table joined, with its token."""
        seated = self.seat_keep.load()
        if seated is None:
            return
        client = self.make_client(seated.url, seated.code, name=seated.name, token=seated.token)
        self._enter(client, seated.name, seated.url)

    def _enter(self, client: Client, name: str, where: str) -> None:
        """Connect ``client`` and wait in the table's waiting room."""
        session = OnlineSession(client, name, seat_keep=self.seat_keep)
        client.start()
        self.app.replace(WaitingRoomScene(self.app, session, where))

    # --- the loop ---------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Look at the tables found nearby (a new list: new buttons)."""
        if self.finder is None:
            return False
        found = self.finder()
        if found == self.found:
            return False
        self.found = found
        self.buttons = self.make_buttons()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            now = next((i for i, f in enumerate(self.fields) if f.focused), -1)
            self.focus((now + 1) % len(self.fields))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, field in enumerate(self.fields):
                if field.rect.collidepoint(event.pos):
                    self.focus(i)
                    return True
        if any(field.handle(event) for field in self.fields if field.focused):
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        for field in self.fields:
            field.draw(surface, f.label)
        area = self.list_area
        draw_panel(surface, area.inflate(m * 2, m * 2), theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        head = pygame.Rect(area.left, area.top, area.width, f.body * 2)
        draw_text_fit(
            surface, _("Tables on this network"), head, f.label, theme.UMBER_DARK, True, "midleft"
        )
        if not self.found and self.seated is None:
            words = (
                _("None found yet. Ask the host for the address and the code on their screen.")
                if self.finder is not None
                else _("Ask the host for the address and the code on their screen.")
            )
            text = pygame.Rect(area.left, head.bottom + m, area.width, area.bottom - head.bottom)
            draw_wrapped(surface, words, text, f.body, theme.UMBER_DARK)
        note = _(
            "Hosting: choose \u201ca player who joins\u201d for a seat on the New game screen."
        )
        draw_text_fit(surface, note, self.lay.footer, f.body, theme.PARCHMENT_LIGHT)
        assets.font(f.body)  # the list's font, warmed with the panel
