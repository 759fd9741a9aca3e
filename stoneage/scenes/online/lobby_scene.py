"""A dedicated server's lobby: its open tables (each with its free seats, the players at it and
their ratings, the bots' levels and the language it is played in), joined with a click;
*Quick match*, which seats the player at a table waiting for players or opens one (its waiting
room counts down to the bots that fill it); a new table of the player's own (``new_table``);
and the server's best players (``leaders_scene``).

The server's address is typed once and remembered in the settings; the list is read when the
screen opens, on *Look*, and again every ``REFRESH`` seconds while it is on top. Every call to
the server runs off the frame loop (``Errand``) with the screen saying it is asking, and what
went wrong in words. Joining asks the table first (``Joining``), as the join screen does: the
waiting room opens over this screen once the table has seated the player.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from stoneage.i18n import LANGUAGES, _, current_language, pgettext
from stoneage.net.client import Client, ListedSeat, Lobby, QuickMatch, TableEntry, read_lobby
from stoneage.net.protocol import MAX_NAME
from stoneage.net.session import OnlineSession
from stoneage.play.names import LEVEL_TITLES, shown_name
from stoneage.records.player_key import PlayerKeys
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.online.addressing import EntryError, server_url
from stoneage.scenes.online.asking import Errand
from stoneage.scenes.online.joining import ASKING, JOINED, Joining, key_for, player_named
from stoneage.scenes.online.joining_panel import JoiningPanel
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.ui import theme
from stoneage.ui.fields import TextField
from stoneage.ui.layout import button_row
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text_fit,
    draw_wrapped,
    needs_two_lines,
    wrap_lines,
)

#: Seconds between two readings of the list while the lobby is on top.
REFRESH = 15.0
#: The table sizes a quick match may ask for (None: any).
QUICK_SIZES: tuple[int | None, ...] = (None, 2, 3, 4)

#: Reads a server's lobby (blocking; run off the frame loop): ``read_lobby``, or the tests'.
LobbyReader = Callable[[str], Lobby]
#: Makes the client of a join or a quick match (``Client``, or the tests').
ClientMaker = Callable[..., Client]


def language_name(code: str) -> str:
    """A table's language as the lobby shows it."""
    return LANGUAGES.get(code, "") or _("Any language")


def seat_label(seat: ListedSeat) -> str:
    """A seat of a listed table in a few words: a player and their rating, a bot's level, or
    a free seat."""
    if seat.kind == "bot":
        return _("Bot: {level}").format(level=_(LEVEL_TITLES.get(seat.level, "Normal")))
    if not seat.claimed:
        return _("free seat")
    name = shown_name(seat.name) if seat.name else _("a player")
    return f"{name} ({seat.rating})" if seat.rating is not None else name


def table_state(entry: TableEntry, now_in: float | None = None) -> str:
    """How a listed table stands: playing, or its free seats (and a quick match's wait)."""
    if entry.started:
        return _("Playing: watch") if entry.spectators else pgettext("lobby table", "Playing")
    free = _("{free} of {seats} seats free").format(free=entry.free, seats=len(entry.seats))
    starts = entry.starts_in if now_in is None else now_in
    if starts is not None:
        return _("{free}, bots in {seconds} s").format(free=free, seconds=max(0, round(starts)))
    return free


class LobbyScene(JoiningPanel):
    """A dedicated server's open tables, quick match, a new table, the best players (see the
    module's docstring)."""

    opaque = True

    def __init__(
        self,
        app: SceneHost,
        name: str = "",
        address: str | None = None,
        keys: PlayerKeys | None = None,
        reader: LobbyReader = read_lobby,
        client: ClientMaker = Client,
        read_now: bool = True,
    ) -> None:
        """``name``: the player's name (else the player key's); ``address``: the server (else
        the one remembered); ``reader`` and ``client``: the tests' stand-ins; ``read_now``:
        read the list when the screen opens (the screenshots hand one in instead)."""
        self.keys = keys if keys is not None else PlayerKeys()
        kept = self.keys.load()
        name = name or (kept.name if kept is not None else "")
        address = app.settings.server if address is None else address
        self.fields = [
            TextField(pygame.Rect(0, 0, 0, 0), "", address, 120, name="server"),
            TextField(pygame.Rect(0, 0, 0, 0), "", name, MAX_NAME, name="name"),
        ]
        self.reader = reader
        self.make_client = client
        self.url = ""  # the server whose list is shown
        self.lobby: Lobby | None = None
        self.read_at = 0.0  # the frame clock when the list was read
        self.clock = 0.0  # seconds this screen has run (its frames' dt added up)
        self.errand: Errand[Lobby] | None = None
        self.joining: Joining | None = None
        self.joining_entry: TableEntry | None = None
        self.problem = ""
        self.first = 0  # the first table shown (the wheel scrolls the list)
        self.quick_size: int | None = None
        self.rows: list[tuple[TableEntry, pygame.Rect]] = []
        super().__init__(app)
        self.fields[0 if not address else 1].focused = True
        if read_now and address.strip():
            self.look()

    @property
    def asking(self) -> bool:
        """True while the server or a table is asked and has not answered."""
        return self.errand is not None or (
            self.joining is not None and self.joining.state == ASKING
        )

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()
        super().exit()

    # --- layout and buttons --------------------------------------------------------------------
    def make_buttons(self) -> list[Button]:
        self.heading = _("Server lobby")
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        body = lay.panel_body
        height = round(f.title * 2)
        top = body.top + f.body * 2
        look_w = round(f.title * 5)
        server_w = (body.width - look_w - m * 6) * 11 // 20
        self.fields[0].rect = pygame.Rect(body.left, top, server_w, height)
        self.fields[0].label = _("The server's address (and port)")
        look = pygame.Rect(self.fields[0].rect.right + m * 2, top, look_w, height)
        self.fields[1].rect = pygame.Rect(
            look.right + m * 4, top, body.right - look.right - m * 4, height
        )
        self.fields[1].label = _("Your name")
        self.list_head = pygame.Rect(
            body.left, self.fields[0].rect.bottom + f.label * 2, body.width, f.body * 2
        )
        self.columns_row = pygame.Rect(body.left, self.list_head.bottom + m, body.width, f.body * 2)
        quick_h = round(f.label * 2.2)
        self.quick_row = pygame.Rect(body.left, body.bottom - quick_h, body.width, quick_h)
        self.list_area = pygame.Rect(
            body.left,
            self.columns_row.bottom,
            body.width,
            self.quick_row.top - m * 2 - self.columns_row.bottom,
        )
        busy = self.asking
        buttons = [
            Button(
                look,
                _("Look"),
                self.look,
                enabled=not busy,
                size=f.label,
                tooltip=_("Read this server's open tables (they are read again every 15 s)."),
                name="look",
            )
        ]
        buttons += self._bottom_buttons(busy)
        buttons += self._quick_sizes(busy)
        return buttons + self._table_rows(busy)

    def _bottom_buttons(self, busy: bool) -> list[Button]:
        """Quick match, a new table, the best players, and Back (Cancel while asking)."""
        lay, f, m = self.lay, self.lay.fonts, self.lay.margin
        quick, new, best, back = button_row(
            lay.panel_buttons, 4, lay.panel_buttons.height, m * 2, round(f.title * 8)
        )
        asking_table = self.joining is not None
        return [
            Button(
                quick,
                _("Quick match"),
                self.quick_match,
                enabled=not busy,
                size=f.title,
                primary=True,
                tooltip=_(
                    "A seat at a table waiting for players, or a new one: bots take the seats "
                    "still empty after a short wait (Enter)."
                ),
                name="quick",
            ),
            Button(
                new,
                _("New table"),
                self.new_table,
                enabled=not busy,
                size=f.label,
                tooltip=_(
                    "A table of your own on this server: listed here, or private with a code "
                    "to give your friends."
                ),
                name="new",
            ),
            Button(
                best,
                _("Best players"),
                self.best_players,
                enabled=not busy,
                size=f.label,
                tooltip=_("This server's leaderboard: the best rated players."),
                name="leaders",
            ),
            Button(
                back,
                _("Cancel") if asking_table and busy else _("Back"),
                self.back,
                size=f.label,
                tooltip=_("Stop asking the table.")
                if asking_table and busy
                else _("Back to the previous screen (Esc)."),
                name="back",
            ),
        ]

    def _quick_sizes(self, busy: bool) -> list[Button]:
        """The table size a quick match asks for: any, 2, 3 or 4 players."""
        f, m = self.lay.fonts, self.lay.margin
        row = self.quick_row
        label_w = row.width * 3 // 10
        width = (row.width - label_w - m * 3) // len(QUICK_SIZES)
        out = []
        for i, size in enumerate(QUICK_SIZES):
            rect = pygame.Rect(row.left + label_w + i * (width + m), row.top, width, row.height)
            out.append(
                Button(
                    rect,
                    _("Any size") if size is None else _("{n} players").format(n=size),
                    partial(self.choose_size, size),
                    enabled=not busy,
                    size=f.body,
                    selected=self.quick_size == size,
                    tooltip=_("Quick match at a table of this size."),
                    name=f"quick_{size or 'any'}",
                )
            )
        return out

    def _table_rows(self, busy: bool) -> list[Button]:
        """A row a table: a click joins it (watches it once it plays)."""
        f, m = self.lay.fonts, self.lay.margin
        area = self.list_area
        height = round(f.label * 2.4)
        fits = max(1, (area.height + m) // (height + m))
        tables = self.lobby.tables if self.lobby is not None else ()
        self.first = max(0, min(self.first, len(tables) - fits))
        self.rows = []
        out = []
        for i, entry in enumerate(tables[self.first : self.first + fits]):
            rect = pygame.Rect(area.left, area.top + i * (height + m), area.width, height)
            self.rows.append((entry, rect))
            joinable = not entry.started and entry.free > 0
            watchable = entry.started and entry.spectators
            tip = (
                _("Take a free seat at this table.")
                if joinable
                else _("Watch this game.")
                if watchable
                else _("This game is being played and takes no spectators.")
                if entry.started
                else _("This table has no free seat.")
            )
            out.append(
                Button(
                    rect,
                    "",
                    partial(self.join_table, entry),
                    enabled=(joinable or watchable) and not busy,
                    size=f.body,
                    tooltip=tip,
                    name=f"table_{entry.code}",
                )
            )
        return out

    # --- what the player does -----------------------------------------------------------------
    def choose_size(self, size: int | None) -> None:
        """The size of table a quick match asks for."""
        self.quick_size = size
        self.buttons = self.make_buttons()

    def server(self) -> str | None:
        """The server's address typed, checked (a mistake said under the field)."""
        try:
            return server_url(self.fields[0].text)
        except EntryError as error:
            self.fields[0].problem = str(error)
            return None

    def look(self) -> None:
        """Read the server's list of tables (off the frame loop)."""
        url = self.server()
        if url is None or self.asking:
            self.buttons = self.make_buttons()
            return
        self.problem = ""
        self.errand = Errand(partial(self.reader, url), self.app.wake)
        self.url = url
        self.buttons = self.make_buttons()

    def show(self, lobby: Lobby, url: str) -> None:
        """Show ``lobby`` as the list of the server at ``url`` (read just now)."""
        self.lobby, self.url, self.read_at = lobby, url, self.clock
        self.buttons = self.make_buttons()

    def _read(self, errand: Errand[Lobby]) -> None:
        """The list read (remembering the server), or what went wrong."""
        self.errand = None
        if errand.result is None:
            self.problem = errand.error
            self.lobby = None
        else:
            self.lobby, self.read_at = errand.result, self.clock
            typed = self.fields[0].text.strip()
            if self.app.settings.server != typed:
                self.app.settings.server = typed
                self.app.save_settings()
        self.buttons = self.make_buttons()

    def _player(self) -> tuple[str, str | None]:
        """The name typed (kept with the player key) and the key for this server."""
        name = self.fields[1].text.strip()
        return name, key_for(player_named(name, self.keys), self.url)

    def join_table(self, entry: TableEntry) -> None:
        """Take a free seat at ``entry`` (or watch it once it plays)."""
        if self.asking or not self.url:
            return
        name, key = self._player()
        watch = entry.started
        client = self.make_client(self.url, entry.code, name=name, watch=watch, key=key)
        self._ask(client, name, entry)

    def quick_match(self) -> None:
        """A seat at a table waiting for players, or a new one (its wait counted down in the
        waiting room)."""
        url = self.server()
        if url is None or self.asking:
            self.buttons = self.make_buttons()
            return
        self.url = url
        name, key = self._player()
        quick = QuickMatch(self.quick_size, current_language())
        self._ask(self.make_client(url, "", quick=quick, name=name, key=key), name, None)

    def _ask(self, client: Client, name: str, entry: TableEntry | None) -> None:
        self.problem = ""
        self.joining = Joining(OnlineSession(client, name), self.fields[0].text.strip())
        self.joining_entry = entry
        self.buttons = self.make_buttons()

    def new_table(self) -> None:
        """A table of the player's own on this server (its options over this screen)."""
        url = self.server()
        if url is None:
            self.buttons = self.make_buttons()
            return
        name, _key = self._player()
        self.app.push(
            self.app.make_scene(
                "new_server_table",
                url=url,
                where=self.fields[0].text.strip(),
                name=name,
                keys=self.keys,
                client=self.make_client,
            )
        )

    def best_players(self) -> None:
        """The server's leaderboard, over this screen."""
        url = self.server()
        if url is None:
            self.buttons = self.make_buttons()
            return
        name = self.fields[1].text.strip()
        self.app.push(self.app.make_scene("leaders", url=url, name=name))

    # --- the loop ---------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """The server's answer, a table's answer, a quick match's wait counting, and the list
        read again now and then."""
        self.clock += dt
        changed = False
        errand = self.errand
        if errand is not None and errand.done:
            self._read(errand)
            changed = True
        changed = self._hear_table() or changed
        if self.lobby is not None and not self.asking and self.clock - self.read_at > REFRESH:
            self.look()
        if self.lobby is not None and any(t.starts_in is not None for t in self.lobby.tables):
            changed = True  # the bots' countdowns
        return changed

    def _hear_table(self) -> bool:
        """The asked table's answer: its waiting room over this screen, or why not."""
        joining = self.joining
        if joining is None:
            return False
        state = joining.hear()
        if state == ASKING:
            return False
        self.joining = None
        if state == JOINED:
            entry = self.joining_entry
            room = WaitingRoomScene(
                self.app,
                joining.session,
                joining.where,
                bots_in=self._starts_in(entry) if entry is not None else None,
            )
            self.app.push(room)
        elif joining.refusal is not None:
            self.problem = joining.refusal.words
        self.buttons = self.make_buttons()
        return True

    def _starts_in(self, entry: TableEntry) -> float | None:
        """Seconds from now before bots fill a quick match's table (as last read)."""
        if entry.starts_in is None:
            return None
        return max(0.0, entry.starts_in - (self.clock - self.read_at))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            now = next((i for i, f in enumerate(self.fields) if f.focused), -1)
            for i, field in enumerate(self.fields):
                field.focused = i == (now + 1) % len(self.fields)
            return True
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.fields[0].focused:  # the address typed: read its list
            self.look()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for field in self.fields:
                field.focused = field.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL and self.list_area.collidepoint(self.mouse):
            self.first = max(0, self.first - event.y)
            self.buttons = self.make_buttons()
            return True
        if any(field.handle(event) for field in self.fields if field.focused):
            return True
        return super().handle(event)

    # --- drawing --------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        for field in self.fields:
            field.draw(surface, f.label)
        head = self.list_head
        draw_text_fit(
            surface, _("Tables on this server"), head, f.label, theme.UMBER_DARK, True, "midleft"
        )
        status, colour = self._status()
        right = pygame.Rect(head.left + head.width // 4, head.top, head.width * 3 // 4, head.height)
        draw_text_fit(surface, status, right, f.body, colour, bool(self.problem), "midright")
        frame = self.list_area.union(self.columns_row).inflate(m * 2, m * 2)
        draw_panel(surface, frame, theme.PARCHMENT, theme.UMBER_DARK, 2, 10)
        heads = (_("Code"), _("Players (rating)"), _("Language"), _("Status"))
        for words, rect in zip(heads, self._columns(self.columns_row)):
            draw_text_fit(surface, words, rect, f.body, theme.UMBER_DARK, True, "midleft")
        if not self.rows:
            words = self._empty_words()
            draw_wrapped(
                surface, words, self.list_area.inflate(-m * 2, -m * 2), f.body, theme.UMBER_DARK
            )
        label = pygame.Rect(
            self.quick_row.left,
            self.quick_row.top,
            self.quick_row.width * 3 // 10 - m,
            self.quick_row.height,
        )
        draw_text_fit(
            surface, _("Quick match for"), label, f.label, theme.UMBER_DARK, True, "midleft"
        )

    def _status(self) -> tuple[str, tuple[int, int, int]]:
        """The line beside the list's heading: asking, what went wrong, or how many."""
        if self.problem:
            return self.problem, theme.ERROR
        if self.errand is not None:
            return _("Asking the server…"), theme.UMBER_DARK
        if self.joining is not None:
            return _("Asking the table…"), theme.UMBER_DARK
        if self.lobby is None:
            return "", theme.UMBER_DARK
        count = len(self.lobby.tables)
        shown = len(self.rows)
        if count > shown:
            return (
                _("{shown} of {count} tables (scroll for more)").format(shown=shown, count=count),
                theme.UMBER_DARK,
            )
        return "", theme.UMBER_DARK

    def _empty_words(self) -> str:
        """What the empty list says."""
        if self.errand is not None:
            return _("Asking the server…")
        if self.lobby is not None:
            return _(
                "No open table on this server just now. Quick match opens one, and bots fill "
                "it if nobody comes; or make a table of your own."
            )
        if not self.fields[0].text.strip():
            return _(
                "Type the address of a Stone Age server (its owner gives it, e.g. "
                "play.example.org:8765), then Look."
            )
        return _("Look reads this server's open tables.")

    def draw_over(self, surface: pygame.Surface) -> None:
        """Each table's row over its button: code, seats, language, how it stands."""
        f = self.lay.fonts
        for entry, rect in self.rows:
            code, seats, lang, state = self._columns(rect)
            ink = theme.CHARCOAL
            draw_text_fit(surface, entry.code, code, f.label, ink, True, "midleft")
            said = " · ".join(seat_label(s) for s in entry.seats)
            draw_cell(surface, said, seats, f.body, ink, False)
            language = language_name(entry.language)
            draw_text_fit(surface, language, lang, f.body, ink, False, "midleft")
            words = table_state(entry, self._starts_in(entry))
            draw_cell(surface, words, state, f.body, theme.UMBER_DARK, True)

    def _columns(self, row: pygame.Rect) -> list[pygame.Rect]:
        """A row's columns: the code, the players, the language, the seats."""
        m = self.lay.margin
        inner = row.inflate(-m * 3, 0)
        out, left = [], inner.left
        for share in (13, 47, 13):
            width = inner.width * share // 100
            out.append(pygame.Rect(left, inner.top, width - m, inner.height))
            left += width
        out.append(pygame.Rect(left, inner.top, inner.right - left, inner.height))
        return out


def draw_cell(
    surface: pygame.Surface,
    message: str,
    rect: pygame.Rect,
    size: int,
    colour: theme.Colour,
    bold: bool,
) -> None:
    """A cell of a table's row, from its left: on one line while that keeps most of ``size``,
    else on two lines (a long Japanese status shrank to 9 px on one line at 1024x640)."""
    if not needs_two_lines(message, size, rect.width, bold):
        draw_text_fit(surface, message, rect, size, colour, bold, "midleft")
        return
    fitted = size
    lines = wrap_lines(message, fitted, rect.width, bold)
    while fitted > 9 and len(lines) > 2:
        fitted -= 1
        lines = wrap_lines(message, fitted, rect.width, bold)
    line_h = rect.height // 2
    for i, line in enumerate(lines[:2]):
        row = pygame.Rect(rect.left, rect.top + i * line_h, rect.width, line_h)
        draw_text_fit(surface, line, row, fitted, colour, bold, "midleft")
