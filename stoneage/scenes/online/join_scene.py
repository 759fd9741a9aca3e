"""Join a table: the address of the host or server and the table's code (as the host's waiting
room shows them, or a dedicated server's private code of twelve characters), the name the
others will see, the seat kept from the last table joined, the tables hosted on the local
network (looked for when the player asks, if Settings allow it; a click fills in their address
and code), and the way to a server's lobby. Join takes a seat; Watch looks on without one.

A mistake in what was typed is said under its field and nothing is sent until both are right.
Then the table is asked while this screen stays up (``Joining``): a wrong code or an address
where nothing answers comes back here in words, with everything typed still there; a welcome
opens the waiting room over this screen, so leaving it comes back here too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

import pygame

from stoneage.i18n import _
from stoneage.net.client import Client
from stoneage.net.discovery import FoundTable, TableBrowser
from stoneage.net.protocol import MAX_NAME
from stoneage.net.session import OnlineSession
from stoneage.records.hosted import Seated, SeatKeep
from stoneage.records.player_key import PlayerKeys
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.online.addressing import (
    CODE_FIELD_LIMIT,
    EntryError,
    default_port_for,
    keep_code_char,
    table_code,
    table_url,
)
from stoneage.scenes.online.joining import (
    ASKING,
    JOINED,
    Joining,
    Refusal,
    key_for,
    player_named,
)
from stoneage.scenes.online.joining_panel import JoiningPanel
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.ui import assets, theme
from stoneage.ui.fields import TextField
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import Button, draw_panel, draw_text_fit, draw_wrapped

#: Makes the client of a join (tests hand in their own; the window uses ``Client``).
ClientMaker = Callable[..., Client]


class Browser(Protocol):
    """What the join screen uses of a look at the local network (``TableBrowser``)."""

    def start(self) -> None:
        """Begin looking (``OSError`` when there is no network to look on)."""

    def tables(self) -> list[FoundTable]:
        """The tables found so far (never blocks)."""

    def stop(self) -> None:
        """Stop looking."""


class JoinScene(JoiningPanel):
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
        browser: Callable[[], Browser] = TableBrowser,
        keys: PlayerKeys | None = None,
    ) -> None:
        """``finder``: the tables on the local network now, shown from the start (the tests'
        and screenshots' list; never blocks); ``discover``: the player may look for them
        (``browser`` makes the look: multicast DNS, the window's only, and only when the
        settings allow the local network); ``address``, ``code``, ``name``: filled in already
        (the command line's; the name otherwise the player's own); ``seat_keep``: the seat
        kept from the last table joined (offered to return to); ``keys``: the player key."""
        self.finder = finder
        self.discover = discover
        self.make_browser = browser
        self.browser: Browser | None = None
        self.make_client = client
        self.seat_keep = seat_keep if seat_keep is not None else SeatKeep()
        self.keys = keys if keys is not None else PlayerKeys()
        self.found: list[FoundTable] = []
        self.seated: Seated | None = None  # the seat kept from the last table joined
        self.joining: Joining | None = None  # the table asked, until it answers
        self.problem = ""  # what the table said that is about no field
        kept = self.keys.load()
        name = name or (kept.name if kept is not None else "")
        self.fields = [
            TextField(pygame.Rect(0, 0, 0, 0), "", address, 120, name="address"),
            TextField(pygame.Rect(0, 0, 0, 0), "", code, CODE_FIELD_LIMIT, keep_code_char, "code"),
            TextField(pygame.Rect(0, 0, 0, 0), "", name, MAX_NAME, name="name"),
        ]
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.note: tuple[str, pygame.Rect] | None = None
        super().__init__(app)
        self.focus(0 if not address else 1 if not code else 2)

    @property
    def looking(self) -> bool:
        """True while the tables on the local network are shown (looked for, or handed in)."""
        return self.finder is not None

    @property
    def asking(self) -> bool:
        """True while a table is asked and has not answered."""
        return self.joining is not None and self.joining.state == ASKING

    def exit(self) -> None:
        pygame.key.stop_text_input()
        self.stop_looking()
        super().exit()

    def pause(self) -> None:
        """Covered (the waiting room, a server's lobby): the local network is no longer
        looked at (the player may look again)."""
        if self.browser is not None:
            self.stop_looking()

    def resume(self) -> None:
        super().resume()
        if any(field.focused for field in self.fields):
            pygame.key.start_text_input()

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
            _("The address of the host or server (and port)"),
            _("The table's code"),
            _("Your name at the table"),
        )
        height = round(f.title * 2)
        step = (left.height - f.body * 3) // 3
        for i, (field, label) in enumerate(zip(self.fields, labels)):
            field.rect = pygame.Rect(
                left.left, left.top + f.body * 2 + i * step, left.width, height
            )
            field.label = label
        self.status_rect = pygame.Rect(left.left, left.bottom - f.body * 2, left.width, f.body * 2)
        join, watch, lobby, back = button_row(
            lay.panel_buttons, 4, lay.panel_buttons.height, m * 2, round(f.title * 8)
        )
        asking = self.asking
        buttons = [
            Button(
                join,
                _("Asking…") if asking else _("Join"),
                self.join,
                enabled=not asking,
                size=f.title,
                primary=True,
                tooltip=_("Take a seat at this table (Enter)."),
                name="join",
            ),
            Button(
                watch,
                _("Watch"),
                partial(self.join, True),
                enabled=not asking,
                size=f.label,
                tooltip=_("Look on without a seat: you see what every player sees of the table."),
                name="watch",
            ),
            Button(
                lobby,
                _("Server lobby"),
                self.open_lobby,
                enabled=not asking,
                size=f.label,
                tooltip=_(
                    "A dedicated server's open tables, quick match and best players "
                    "(the server's address is remembered)."
                ),
                name="lobby",
            ),
            Button(
                back,
                _("Cancel") if asking else _("Back"),
                self.back,
                size=f.label,
                tooltip=_("Stop asking the table; what you typed stays.")
                if asking
                else _("Back to the title screen (Esc)."),
                name="back",
            ),
        ]
        return buttons + self._side_buttons()

    def _side_buttons(self) -> list[Button]:
        """The right side, in sections: the seat kept from the last table, then the tables on
        this network (or the way to look for them)."""
        f, m = self.lay.fonts, self.lay.margin
        area = self.list_area
        height = round(f.label * 2.6)
        head_h = f.body * 2
        out: list[Button] = []
        self.headings, self.note = [], None
        top = area.top
        seated = self.seated = self.seat_keep.load()
        if seated is not None:
            self.headings.append(
                (_("Your last table"), pygame.Rect(area.left, top, area.width, head_h))
            )
            out.append(
                Button(
                    pygame.Rect(area.left, top + head_h, area.width, height),
                    _("Return to your seat at table {code}").format(code=seated.code),
                    self.return_to_seat,
                    enabled=not self.asking,
                    size=f.body,
                    tooltip=_("Join the table you last played at again, in the same seat."),
                    name="return",
                )
            )
            top += head_h + height + m * 3
        self.headings.append(
            (_("Tables on this network"), pygame.Rect(area.left, top, area.width, head_h))
        )
        top += head_h
        rest = pygame.Rect(area.left, top, area.width, area.bottom - top)
        if not self.looking:
            return out + self._look_button(rest, height)
        rows = max(0, (rest.height - m) // (height + m))
        for i, table in enumerate(self.found[:rows]):
            rect = pygame.Rect(area.left, top + i * (height + m), area.width, height)
            out.append(self._found_button(i, table, rect))
        if not self.found:
            words = _("None found yet. Ask the host for the address and the code on their screen.")
            self.note = (words, rest.inflate(0, -m))
        return out

    def _look_button(self, rest: pygame.Rect, height: int) -> list[Button]:
        """The offer to look on the local network, or why it is not looked at."""
        f, m = self.lay.fonts, self.lay.margin
        if not self.discover or not self.app.settings.local_network:
            words = (
                _(
                    "This game does not use the local network (Settings, Online). Ask the host "
                    "for the address and the code on their screen."
                )
                if self.discover
                else _("Ask the host for the address and the code on their screen.")
            )
            self.note = (words, rest)
            return []
        rect = pygame.Rect(rest.left, rest.top, rest.width, height)
        self.note = (
            _("Tables hosted on computers of this network, when they announce themselves."),
            pygame.Rect(rest.left, rect.bottom + m, rest.width, rest.bottom - rect.bottom - m),
        )
        return [
            Button(
                rect,
                _("Look for tables nearby"),
                self.look,
                size=f.body,
                tooltip=_("Listen on the local network for tables announced there."),
                name="look",
            )
        ]

    def _found_button(self, i: int, table: FoundTable, rect: pygame.Rect) -> Button:
        """A table found nearby: a click fills in its address and code."""
        label = _("{name} — {free} of {players} seats free").format(
            name=table.name, free=table.free, players=table.players
        )
        tip = (
            _("Fill in this table's address and code.")
            if table.compatible
            else _("This table runs another version of the game.")
        )
        return Button(
            rect,
            label,
            partial(self.pick, table),
            enabled=table.compatible and not self.asking,
            size=self.lay.fonts.body,
            tooltip=tip,
            name=f"found_{i}",
        )

    # --- what the player does -----------------------------------------------------------------
    def focus(self, index: int) -> None:
        """Type into field ``index``."""
        for i, field in enumerate(self.fields):
            field.focused = i == index
        pygame.key.start_text_input()

    def look(self) -> None:
        """Look for tables on the local network (until this screen is left or covered)."""
        browser = self.make_browser()
        try:
            browser.start()
        except OSError:  # no network to look on: the address and code still work
            self.problem = _("The local network could not be looked at from this computer.")
            self.buttons = self.make_buttons()
            return
        self.browser, self.finder = browser, browser.tables
        self.buttons = self.make_buttons()

    def stop_looking(self) -> None:
        """Stop looking on the local network (what was found is no longer shown)."""
        if self.browser is not None:
            self.browser.stop()
            self.browser = None
            self.finder, self.found = None, []

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
            found_code = table_code(code.text)
        except EntryError as error:
            code.problem = str(error)
        try:
            url = table_url(address.text, default_port_for(found_code or ""))
        except EntryError as error:
            address.problem = str(error)
        if url is None or found_code is None:
            return None
        return url, found_code

    def join(self, watch: bool = False) -> None:
        """Ask the table for a seat (``watch``: to look on); this screen stays until it
        answers (see the module)."""
        if self.asking:
            return
        checked = self.entry()
        if checked is None:
            return
        url, code = checked
        name = self.fields[2].text.strip()
        player = player_named(name, self.keys)
        client = self.make_client(url, code, name=name, watch=watch, key=key_for(player, url))
        self._ask(client, name, self.fields[0].text.strip())

    def return_to_seat(self) -> None:
        """Back to the seat kept from the last table joined, with its token."""
        seated = self.seat_keep.load()
        if seated is None or self.asking:
            return
        client = self.make_client(seated.url, seated.code, name=seated.name, token=seated.token)
        self._ask(client, seated.name, seated.url)

    def _ask(self, client: Client, name: str, where: str) -> None:
        """Connect ``client`` and wait for the table's answer on this screen."""
        for field in self.fields:
            field.problem = ""
        self.problem = ""
        session = OnlineSession(client, name, seat_keep=self.seat_keep)
        self.joining = Joining(session, where)
        self.buttons = self.make_buttons()

    def open_lobby(self) -> None:
        """A dedicated server's lobby, over this screen."""
        name = self.fields[2].text.strip()
        self.app.push(self.app.make_scene("lobby", name=name, keys=self.keys))

    # --- the loop ---------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """The table's answer while it is asked; the tables found nearby (a new list: new
        buttons)."""
        changed = self._hear_table()
        if self.finder is None:
            return changed
        found = self.finder()
        if found == self.found:
            return changed
        self.found = found
        self.buttons = self.make_buttons()
        return True

    def _hear_table(self) -> bool:
        """The asked table's answer: the waiting room over this screen, or the words of its
        refusal under the field they are about. True when the screen changed."""
        joining = self.joining
        if joining is None:
            return False
        state = joining.hear()
        if state == ASKING:
            return False
        self.joining = None
        if state == JOINED:
            self.app.push(WaitingRoomScene(self.app, joining.session, joining.where))
        elif joining.refusal is not None:
            self.refused(joining.refusal)
        self.buttons = self.make_buttons()
        return True

    def refused(self, refusal: Refusal) -> None:
        """The table's refusal in words: under the field it is about (which takes the focus,
        to type it again), else under the fields."""
        index = {"address": 0, "code": 1}.get(refusal.field)
        if index is None:
            self.problem = refusal.words
            return
        self.fields[index].problem = refusal.words
        self.focus(index)

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
            if event.type == pygame.TEXTINPUT or event.type == pygame.KEYDOWN:
                self.problem = ""
            return True
        return super().handle(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        for field in self.fields:
            field.draw(surface, f.label)
        if self.asking and self.joining is not None:
            words = _("Asking the table at {address}…").format(address=self.joining.where)
            draw_wrapped(surface, words, self.status_rect, f.body, theme.UMBER_DARK)
        elif self.problem:
            draw_wrapped(surface, self.problem, self.status_rect, f.body, theme.ERROR, True)
        area = self.list_area
        draw_panel(surface, area.inflate(m * 2, m * 2), theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        for words, rect in self.headings:
            draw_text_fit(surface, words, rect, f.label, theme.UMBER_DARK, True, "midleft")
        if self.note is not None:
            draw_wrapped(surface, self.note[0], self.note[1], f.body, theme.UMBER_DARK)
        note = _(
            "Hosting: choose \u201ca player who joins\u201d for a seat on the New game screen."
        )
        draw_text_fit(surface, note, self.lay.footer, f.body, theme.PARCHMENT_LIGHT)
        assets.font(f.body)  # the list's font, warmed with the panel
