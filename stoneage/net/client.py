"""Joining a table: the client the window (and the tests' scripted players) use.

The public API, small and meant to stay:

``Client(url, code, name=..., token=..., seat=..., watch=..., tls=..., retry_for=...)``
    A client of the table ``code`` at ``url`` (``ws://host:port`` or ``wss://...``). Give the
    seat's ``token`` to return to a seat, or none to claim a free seat (``seat``: which one),
    or ``watch=True`` to watch. Nothing happens until ``start()``.
``start()`` / ``close()``
    Connect in a background thread (with its own asyncio loop); leave and stop it.
``poll() -> list[Event]``
    The events since the last call, oldest first: call it once a frame. Never blocks.
``wait_for(kind, timeout)``
    Poll until an event of type ``kind`` comes (scripts and tests; not for a frame loop).
``send_action(text)``
    Play the action (its text form, ``str(action)``) on the last view received.
``start_game()``
    The owner of the table starts it (seats nobody claimed get bots).
``seat``, ``token``, ``code``, ``view``, ``ply``, ``lobby``
    The seat (None when watching), its secret token (keep it to return: it is the only key
    to the seat), the table's code, the last view (a ``GameState``), its position, the last
    seats' list.

The events are the frozen dataclasses below (``Joined``, ``LobbyUpdate``, ``ViewUpdate`` (with
the ``Backlog`` of the recent past on arrival),
``HostRefused``, ``Problem``, ``Countdown``, ``StandIn``, ``Returned``, ``Disconnected``,
``HostLeft``, ``Closed``). Every refusal and problem comes with its words in the language of
the moment (``reason``/``words``): the host sends codes and the rules' reasons as data, and the
client words them, so each player reads them in their own language. So with each step: the
host sends the rules' events (hidden as the seat may know them), and the client tells them
(``ViewUpdate.story``, worded when shown).

A dropped connection is retried (with the token, so the seat comes back with the same view)
for ``retry_for`` seconds; ``Disconnected`` says whether it still tries.

``create_table(url, seats, ...)`` asks a dedicated server for a new table and returns its code
(``listed=True``: shown in the server's lobby, with a short code; otherwise private, with a long
secret code).

A dedicated server's lobby, for the screens that show it (each call blocks up to ``timeout``:
call it off the frame loop, e.g. in a thread; ``ProtocolError`` with ``words`` or ``OSError``
when the server refuses or cannot be reached):

``read_lobby(url) -> Lobby``
    The listed tables (``TableEntry``: code, seats with names, ratings and bots' levels, free
    seats, language, begun or not, seconds before a quick match's table starts with bots) and
    the server's quick match wait.
``read_leaders(url) -> tuple[Leader, ...]``
    The best rated players (name, rating as shown, games).
``Client(url, "", quick=QuickMatch(players, lang), name=..., key=...)``
    A quick match: the server seats the player at a listed table waiting for players or opens
    one; ``Matched`` tells the code and the seconds before bots fill the empty seats, then the
    client is an ordinary seated client (``Joined``, ``LobbyUpdate``...; it returns to the seat
    with its token after a dropped connection).
``Client.say(phrase_id)``
    A quick phrase (``PHRASES``: hello, good_game, well_played, thinking, oops) to the table;
    everyone's client gets ``Said`` with the words in its own language (``phrase_words``).

A player key (``stoneage.records.player_key``) says who the player is: ``key=server_key(player,
url)`` (a key of that server's own) on a ``Client`` or ``create_table``; the server rates the
finished games among people (``Rated``: each rated seat's rating before and after).

When the server restarts gracefully it says so (``Restarting``) and the client comes back by
itself (with its token, or watching again).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import inspect
import queue
import ssl
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from stoneage.i18n import _
from stoneage.play.names import engine_reason
from stoneage.play.story import Story, story_of
from stoneage.records.player_key import PlayerKey
from stoneage.rules import (
    GameState,
    WireFormatError,
    action_from_text,
    events_from_wire,
    view_from_wire,
)

from .protocol import (
    MAX_HOST_BYTES,
    PHRASES,
    REPLACED,
    ProtocolError,
    encode,
    make,
    read_host,
)

#: Problems after which retrying cannot help (the client stops).
FATAL = frozenset(
    {
        "version",
        "no_table",
        "bad_token",
        "no_free_seat",
        "seat_taken",
        "no_spectators",
        "expired",
        "no_create",
        "full",
        "table_quota",
    }
)


# --- events ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Joined:
    """At the table: the seat (None: watching), its token when it was just given, the code."""

    seat: int | None
    code: str
    token: str | None


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the lobby shows it."""

    name: str
    colour: str
    kind: str  # "host", "remote" or "bot"
    level: str
    claimed: bool
    here: bool
    standin: bool


@dataclass(frozen=True)
class LobbyUpdate:
    """The seats, who is here, whether the game began, the stand-in level and countdown."""

    seats: tuple[SeatInfo, ...]
    started: bool
    standin: str
    wait: float


@dataclass(frozen=True)
class Past:
    """A story of the backlog: a step before the client arrived, its position and round."""

    ply: int
    round: int
    story: Story


@dataclass(frozen=True)
class Backlog:
    """What happened before the client arrived, for its log: the recent past steps' stories,
    oldest first, and how many steps are not among them (older ones the host left out, and
    any it sent that could not be read)."""

    past: tuple[Past, ...]
    omitted: int


@dataclass(frozen=True)
class ViewUpdate:
    """The seat's view after a step (``story``: what happened, None on arrival) and, once
    the game is over, every seat's final scoring. On arrival (joining, returning) the host
    also tells the recent past (``backlog``; None from a host that does not)."""

    ply: int
    view: GameState
    story: Story | None
    final: tuple[dict[str, int], ...] | None
    backlog: Backlog | None = None


@dataclass(frozen=True)
class HostRefused:
    """The host refused an action: the rules' reason, worded for this player."""

    text: str
    reason: str


@dataclass(frozen=True)
class Problem:
    """Any other error reply (``code``), worded."""

    code: str
    words: str


@dataclass(frozen=True)
class Countdown:
    """A seat's player went away: a stand-in plays it after ``seconds``."""

    seat: int
    seconds: float


@dataclass(frozen=True)
class StandIn:
    """A bot of ``level`` plays the seat now."""

    seat: int
    level: str


@dataclass(frozen=True)
class Returned:
    """The seat's player is back."""

    seat: int


@dataclass(frozen=True)
class Disconnected:
    """The connection dropped; ``retrying`` says whether the client tries again."""

    retrying: bool


@dataclass(frozen=True)
class HostLeft:
    """The host said it is going (its table is kept; it may come back)."""


@dataclass(frozen=True)
class Closed:
    """The client stopped (the last event)."""


@dataclass(frozen=True)
class Matched:
    """A quick match found the player a seat at ``code``; bots take the seats still empty
    ``seconds`` from now (the game may begin sooner, once every seat is taken)."""

    code: str
    seconds: float


@dataclass(frozen=True)
class Said:
    """The player of ``seat`` said a quick phrase (``phrase``: its id; ``words``: in the
    language of now)."""

    seat: int
    phrase: str
    words: str


@dataclass(frozen=True)
class RatingChange:
    """A seat's rating (as shown) before and after the game."""

    seat: int
    before: int
    after: int


@dataclass(frozen=True)
class Rated:
    """The finished game was rated among its people's seats."""

    changes: tuple[RatingChange, ...]


@dataclass(frozen=True)
class Restarting:
    """The server said it is restarting: the client comes back by itself."""


Event = (
    Joined
    | LobbyUpdate
    | ViewUpdate
    | HostRefused
    | Problem
    | Countdown
    | StandIn
    | Returned
    | Disconnected
    | HostLeft
    | Closed
    | Matched
    | Said
    | Rated
    | Restarting
)
_E = TypeVar("_E")


def phrase_words(phrase: str) -> str:
    """The words of a quick phrase (its id, ``PHRASES``) in the language of now."""
    said = {
        "hello": _("Hello!"),
        "good_game": _("Good game!"),
        "well_played": _("Well played!"),
        "thinking": _("Thinking…"),
        "oops": _("Oops!"),
    }
    return said.get(phrase, "…")


def problem_words(code: str, params: dict[str, Any] | None = None) -> str:
    """The words of a problem the host reported, in the language of now."""
    params = params or {}
    said = {
        "version": _(
            "The host runs another version of the game (network protocol {theirs}; this "
            "game speaks {ours}). Both players need the same version."
        ),
        "too_large": _("That message was too large"),
        "malformed": _("That message could not be read"),
        "binary": _("That message could not be read"),
        "unknown_type": _("That message could not be read"),
        "bad_field": _("That message could not be read"),
        "missing_field": _("That message could not be read"),
        "too_frequent": _("Too many messages: wait a moment"),
        "too_many_connections": _(
            "Too many connections from your address (at most {limit}): close some and try again"
        ),
        "no_table": _("There is no table with this code"),
        "bad_token": _("This seat belongs to somebody else"),
        "no_free_seat": _("Every seat of this table is taken"),
        "seat_taken": _("This seat is taken"),
        "no_spectators": _("This table does not take spectators"),
        "not_joined": _("Join a table first"),
        "watching": _("Spectators do not play"),
        "already_joined": _("Already at a table"),
        "not_owner": _("Only the host starts the game"),
        "started": _("The game has begun"),
        "not_started": _("The game has not begun yet"),
        "stale": _("The game moved on: look again"),
        "no_create": _("This host does not make new tables"),
        "full": _("The server has no room for another table"),
        "table_quota": _(
            "You already have {limit} tables waiting for players: start or leave one first"
        ),
        "create_rate": _("Too many new tables: try again in {seconds} s"),
        "too_many_guesses": _("Too many wrong codes from your address: try again in {seconds} s"),
        "too_many_watchers": _("Too many tables watched at once: try again in {seconds} s"),
        "phrase_rate": _("Not so fast: say it again in {seconds} s"),
        "expired": _("Nobody joined this table in time: it was closed"),
        "offline": _("Not connected to the table"),
        "bad_view": _("The host sent a table this game cannot show"),
        "replaced": _("This seat is now played from another window"),
    }.get(code, _("Something went wrong at the host"))
    try:
        return said.format(**{k: v for k, v in params.items() if isinstance(v, (int, str))})
    except (KeyError, IndexError, ValueError):
        return said


#: Refusals of a hello that a moment's wait may lift (a quota): the client closes the
#: connection and its retry loop asks again (a player returning to a seat, or watching).
LATER = frozenset({"too_many_guesses", "too_many_watchers", "create_rate"})


class _Reason(Exception):
    """The rules' reason as the host sent it (a template and its values), for ``engine_reason``."""

    def __init__(self, template: str, params: dict[str, Any]) -> None:
        super().__init__(template)
        self.template = template
        self.params = params


@dataclass(frozen=True)
class QuickMatch:
    """What a quick match asks for: a table of ``players`` seats (None: any), in ``lang``
    (``"en"``, ``"zh"``, ``"ja"``; ``""``: any) first."""

    players: int | None = None
    lang: str = ""


def server_key(player: PlayerKey, url: str) -> str:
    """The key ``player`` gives the server at ``url`` (a key of that server's own: its host
    and port, as the URL names them)."""
    parsed = urlsplit(url)
    netloc = (parsed.hostname or "").lower()
    port = parsed.port or (443 if parsed.scheme == "wss" else 80)
    return player.for_server(f"{netloc}:{port}")


class Client:
    """A client of one table (see the module docstring for the API)."""

    def __init__(
        self,
        url: str,
        code: str,
        *,
        name: str = "",
        token: str | None = None,
        seat: int | None = None,
        watch: bool = False,
        tls: ssl.SSLContext | None = None,
        retry_for: float = 300.0,
        key: str | None = None,
        quick: QuickMatch | None = None,
    ) -> None:
        self.url, self.code, self.name = url, code, name
        self.token, self.seat, self.watch, self.tls = token, seat, watch, tls
        self.retry_for = retry_for
        self.key, self.quick = key, quick
        self.view: GameState | None = None
        self.ply = -1
        self.lobby: LobbyUpdate | None = None
        self._events: queue.Queue[Event] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._wake: asyncio.Event | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._final = False
        self._joined = False
        self._lock = threading.Lock()  # the fields the window reads while the thread writes
        self._syncing = False  # asked the host for the view (``sync``), not received yet

    # --- the window's side ------------------------------------------------------------------
    def start(self) -> None:
        """Connect in a background thread; events follow through ``poll``."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="stoneage-client", daemon=True)
            self._thread.start()

    def poll(self) -> list[Event]:
        """The events since the last call (never blocks)."""
        found: list[Event] = []
        while True:
            try:
                found.append(self._events.get_nowait())
            except queue.Empty:
                return found

    def wait_for(self, kind: type[_E], timeout: float = 10.0) -> _E:
        """Wait for the next event of type ``kind`` (the others are dropped); ``TimeoutError``
        when none comes in time. For scripts and tests, not a frame loop."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind.__name__} within {timeout} s")
            try:
                event = self._events.get(timeout=left)
            except queue.Empty:
                continue
            if isinstance(event, kind):
                return event

    def send_action(self, text: str) -> None:
        """Play ``text`` (an action's text form) on the last view received."""
        self._send(make("action", text=str(text), ply=self.ply))

    def start_game(self) -> None:
        """Start the game (the table's owner only; the others get a ``Problem``)."""
        self._send(make("start"))

    def say(self, phrase: str) -> None:
        """Say the quick phrase ``phrase`` (an id of ``PHRASES``) to the table; a seated
        player only (a spectator gets a ``Problem``), a few a minute (else a ``Problem``)."""
        if phrase not in PHRASES:
            raise ValueError(f"no quick phrase {phrase!r}")
        self._send(make("phrase", id=phrase))

    def send_raw(self, text: str) -> None:
        """Send ``text`` as it is (the tests' hostile client; never the window's)."""
        self._post(text)

    def take(self, text: str) -> None:
        """Read ``text`` as if the host had sent it (the staged screenshots' tables, which
        have no network); its event follows through ``poll``."""
        self._read(text)

    def close(self, timeout: float = 5.0) -> None:
        """Leave the table and stop the thread (the seat's countdown starts at the host)."""
        self._closing = True
        loop = self._loop
        hang_up = self._hang_up()
        sent: concurrent.futures.Future[None] | None = None  # None: never handed to the loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                sent = asyncio.run_coroutine_threadsafe(hang_up, loop)
        if self._thread is not None:
            self._thread.join(timeout)
        if inspect.getcoroutinestate(hang_up) == inspect.CORO_CREATED and (
            sent is None or loop is None or loop.is_closed()
        ):
            # The loop closed before it took the goodbye up (the connection ended first): the
            # coroutine will never run, so it is closed here rather than left to warn.
            hang_up.close()

    def kill(self) -> None:
        """Drop the connection at once, without a word, and stop (a crash, for the tests)."""
        self._closing = True
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(ws.transport.abort)
        if self._thread is not None:
            self._thread.join(5.0)

    def _send(self, message: dict[str, Any]) -> None:
        if self._ws is None:
            self._events.put(Problem("offline", problem_words("offline")))
            return
        self._post(encode(message))

    def _post(self, text: str) -> None:
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, text)

    # --- the thread's side --------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        finally:
            self._events.put(Closed())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._wake = asyncio.Event()
        delay, give_up = 0.1, None
        while not self._closing and not self._final:
            try:
                async with connect(
                    self.url,
                    max_size=MAX_HOST_BYTES,
                    ssl=self.tls,
                    open_timeout=5,
                    ping_interval=20,
                    ping_timeout=20,
                ) as ws:
                    self._ws = ws
                    await ws.send(encode(self._hello()))
                    await self._session(ws)
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass
            if self._ws is not None and self._ws.close_code == REPLACED:
                # The same seat was taken up from another client (the player's other
                # window): going back would only push that one out in turn.
                self._final = True
                self._events.put(Problem("replaced", problem_words("replaced")))
            self._ws = None
            if self._joined:
                delay, give_up = 0.1, None
                self._joined = False
            if self._closing or self._final:
                break
            can_return = self.token is not None or self.watch
            now = time.monotonic()
            give_up = give_up if give_up is not None else now + self.retry_for
            retrying = can_return and now < give_up
            self._events.put(Disconnected(retrying))
            if not retrying:
                break
            with contextlib.suppress(TimeoutError):  # woken early by close()
                await asyncio.wait_for(self._wake.wait(), delay)
            delay = min(delay * 2, 3.0)

    def _hello(self) -> dict[str, Any]:
        if self.watch:
            return make("hello", code=self.code, watch=True)
        if self.token is not None:
            return make("hello", code=self.code, token=self.token)
        said: dict[str, Any] = {"key": self.key} if self.key else {}
        if self.quick is not None:
            quick = self.quick
            return make(
                "quick", players=quick.players, name=self.name[:24], lang=quick.lang, **said
            )
        return make("hello", code=self.code, name=self.name[:24], seat=self.seat, **said)

    async def _session(self, ws: ClientConnection) -> None:
        """Read the host's messages and send ours until the connection closes."""
        outbox = self._outbox
        assert outbox is not None

        async def writer() -> None:
            while True:
                await ws.send(await outbox.get())

        sending = asyncio.get_running_loop().create_task(writer())
        try:
            async for raw in ws:
                self._read(raw)
        finally:
            sending.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await sending

    def _hang_up_later(self) -> None:
        """Close the connection (from the client's own loop), not leaving the seat."""
        ws, loop = self._ws, self._loop
        if ws is not None and loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: loop.create_task(ws.close()))

    async def _hang_up(self) -> None:
        if self._wake is not None:
            self._wake.set()
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(make("leave")))
            await ws.close()

    def _read(self, raw: object) -> None:
        try:
            message = read_host(raw)
        except ProtocolError as error:
            self._events.put(Problem(error.code, problem_words(error.code, error.params)))
            if error.code == "version":
                self._final = True
            return
        try:
            event = self._event(message)
        except (KeyError, TypeError, ValueError):
            event = Problem("malformed", problem_words("malformed"))
        if event is not None:
            self._events.put(event)

    def _event(self, m: dict[str, Any]) -> Event | None:
        kind = m["t"]
        if kind == "state":
            return self._update(m)
        if kind == "welcome":
            seat = m.get("seat")
            with self._lock:
                self.seat = seat if isinstance(seat, int) else None
                token = m.get("token")
                if isinstance(token, str):
                    self.token = token
                self.code = str(m["code"])
                self._joined = True
            return Joined(self.seat, self.code, token if isinstance(token, str) else None)
        if kind == "lobby":
            seats = tuple(
                SeatInfo(**{k: s[k] for k in SeatInfo.__dataclass_fields__}) for s in m["seats"]
            )
            lobby = LobbyUpdate(seats, bool(m["started"]), str(m["standin"]), float(m["wait"]))
            self.lobby = lobby
            return lobby
        if kind == "refused":
            reason = engine_reason(_Reason(str(m["template"]), dict(m["params"])))
            return HostRefused(str(m["text"]), reason)
        if kind == "error":
            code = str(m["code"])
            if code in FATAL:
                self._final = True
            elif code in LATER and not self._joined:
                self._hang_up_later()  # the retry loop asks again in a moment
            params = m.get("params")
            return Problem(code, problem_words(code, params if isinstance(params, dict) else {}))
        if kind == "countdown":
            return Countdown(int(m["seat"]), float(m["seconds"]))
        if kind == "standin":
            return StandIn(int(m["seat"]), str(m["level"]))
        if kind == "back":
            return Returned(int(m["seat"]))
        if kind == "bye":
            return Restarting() if m.get("restart") is True else HostLeft()
        if kind == "quick":
            with self._lock:
                self.code = str(m["code"])
            return Matched(self.code, float(m["seconds"]))
        if kind == "phrase":
            phrase = str(m["id"])
            if phrase not in PHRASES:
                return None  # a phrase of a later version: nothing to word it with
            return Said(int(m["seat"]), phrase, phrase_words(phrase))
        if kind == "rated":
            changes = tuple(RatingChange(int(a), int(b), int(c)) for a, b, c in m["seats"])
            return Rated(changes)
        return None  # pong, and kinds of a later version this one does not know

    def _update(self, m: dict[str, Any]) -> Event | None:
        """A step of the game, with the seat's view after it: the view the host sent, or else
        the step applied to the view this client has (the host sends a view only where this
        client cannot follow: on arrival, after another seat's face-down draw, at the end).
        A step it cannot follow asks the host for the view (``sync``), and tells nothing
        until it comes."""
        ply = int(m["ply"])
        story = _story(m.get("step"), self._names())
        if "view" in m:
            try:
                view = view_from_wire(m["view"])
            except WireFormatError:
                return Problem("bad_view", problem_words("bad_view"))
        else:
            followed = self._followed(story, ply)
            if followed is None:
                if not self._syncing:  # asked once: the steps meanwhile wait for the view
                    self._syncing = True
                    self._send(make("sync"))
                return None
            view = followed
        self._syncing = False
        final = m.get("final")
        finals = tuple(dict(f) for f in final) if isinstance(final, list) else None
        backlog = _backlog(m.get("backlog"), self._names(), ply)
        with self._lock:
            self.view, self.ply = view, ply
        return ViewUpdate(self.ply, view, story, finals, backlog)

    def _followed(self, story: Story | None, ply: int) -> GameState | None:
        """The view after the step of ``story`` (at position ``ply``), applied to this
        client's view; None where it does not follow from it."""
        view = self.view
        if story is None or view is None or view.ply != ply - 1:
            return None
        try:
            after = view.apply(story.action)
        except Exception:  # refused, or anything a hostile host's step does to the view
            return None
        return after if after.ply == ply else None

    def _names(self) -> list[str]:
        lobby = self.lobby
        return [s.name for s in lobby.seats] if lobby else ["?"] * 4


def _story(raw: object, names: Sequence[str]) -> Story | None:
    """The story of the step the host sent (who acted, the action, the rules' events), told
    here, or None when it does not read (a story is only shown: a bad one is left out, never
    fatal)."""
    if not isinstance(raw, dict) or type(raw.get("actor")) is not int or not -2 <= raw["actor"] < 4:
        return None
    try:
        happened = events_from_wire(raw["events"])
        story = story_of(raw["actor"], action_from_text(raw["action"]), happened)
        story.text([*names, "?", "?", "?", "?"])  # every line must be one it can word
    except Exception:  # anything a hostile or newer host sent that this client cannot tell
        return None
    return story


def _backlog(raw: object, names: Sequence[str], ply: int) -> Backlog | None:
    """The backlog the host sent (None when it sent none, or one that does not read): each
    past story read like a live one; an entry that does not read, or is out of order or not
    before ``ply``, is dropped and counted among the omitted (a log line, never fatal)."""
    if not isinstance(raw, dict):
        return None
    entries, omitted = raw.get("steps"), raw.get("omitted")
    if not isinstance(entries, list) or type(omitted) is not int or omitted < 0:
        return None
    past: list[Past] = []
    for entry in entries:
        told = _past(entry, names)
        if told is None or told.ply >= ply or (past and told.ply <= past[-1].ply):
            omitted += 1
            continue
        past.append(told)
    return Backlog(tuple(past), omitted)


def _past(raw: object, names: Sequence[str]) -> Past | None:
    """One entry of a backlog, or None when it does not read."""
    if not isinstance(raw, dict):
        return None
    at, in_round = raw.get("ply"), raw.get("round")
    if type(at) is not int or type(in_round) is not int or at < 0 or in_round < 0:
        return None
    story = _story(raw, names)
    return Past(at, in_round, story) if story is not None else None


async def _ask(
    url: str, message: dict[str, Any], answer: str, tls: ssl.SSLContext | None
) -> dict[str, Any]:
    """Send ``message`` on a connection of its own and return the reply of type ``answer``;
    ``ProtocolError`` (with ``words``) for an error reply."""
    async with connect(url, max_size=MAX_HOST_BYTES, ssl=tls, open_timeout=5) as ws:
        await ws.send(encode(message))
        reply = read_host(await ws.recv())
        if reply.get("t") != answer:
            code = str(reply.get("code", "internal"))
            params = reply.get("params")
            params = params if isinstance(params, dict) else {}
            values = {k: v for k, v in params.items() if k not in ("code", "words")}
            raise ProtocolError(code, words=problem_words(code, params), **values)
        return reply


async def _create(url: str, message: dict[str, Any], tls: ssl.SSLContext | None) -> str:
    return str((await _ask(url, message, "created", tls))["code"])


def create_table(
    url: str,
    seats: Sequence[dict[str, str]],
    *,
    standin: str = "normal",
    wait: float = 60.0,
    spectators: bool = True,
    tls: ssl.SSLContext | None = None,
    timeout: float = 10.0,
    listed: bool = False,
    lang: str = "",
    key: str | None = None,
) -> str:
    """Ask the server at ``url`` for a new table (``seats``: ``{"kind": "remote"|"bot",
    "level": ..., "name": ..., "colour": ...}``); its code. Then join it with a ``Client``.
    ``listed``: shown in the server's lobby (a six-character code); otherwise private (a
    twelve-character code, its only secret). ``lang``: the language it is played in; ``key``:
    the creator's key for this server (``server_key``), counted by the server's quotas.
    Blocks (up to ``timeout``): call it off the frame loop. ``ProtocolError`` or ``OSError``
    when the server refuses or cannot be reached."""
    extra: dict[str, Any] = {"key": key} if key else {}
    message = make(
        "create",
        seats=list(seats),
        standin=standin,
        wait=wait,
        spectators=spectators,
        listed=listed,
        lang=lang,
        **extra,
    )
    return asyncio.run(asyncio.wait_for(_create(url, message, tls), timeout))


# --- a server's lobby and leaderboard ------------------------------------------------------------
@dataclass(frozen=True)
class ListedSeat:
    """A seat of a listed table: a person's (their name and rating once taken) or a bot's
    (its level)."""

    kind: str  # "remote", "host" or "bot"
    name: str
    level: str
    claimed: bool
    rating: int | None


@dataclass(frozen=True)
class TableEntry:
    """A table of a server's lobby."""

    code: str
    seats: tuple[ListedSeat, ...]
    free: int
    language: str
    started: bool
    spectators: bool
    starts_in: float | None  # a quick match's table: seconds before bots fill it


@dataclass(frozen=True)
class Lobby:
    """A server's lobby: its listed tables (those waiting for players first) and how long a
    quick match's table waits for players before bots fill it."""

    tables: tuple[TableEntry, ...]
    quick_wait: float


@dataclass(frozen=True)
class Leader:
    """A player of a server's leaderboard: name, rating as shown, rated games."""

    name: str
    rating: int
    games: int


def _entry(raw: dict[str, Any]) -> TableEntry:
    seats = tuple(
        ListedSeat(
            str(s["kind"]),
            str(s["name"])[:24],
            str(s["level"]),
            bool(s["claimed"]),
            int(s["rating"]) if isinstance(s.get("rating"), int) else None,
        )
        for s in raw["seats"][:4]
    )
    starts = raw.get("starts_in")
    return TableEntry(
        str(raw["code"])[:32],
        seats,
        int(raw["free"]),
        str(raw.get("language", ""))[:8],
        bool(raw["started"]),
        bool(raw.get("spectators", True)),
        float(starts) if isinstance(starts, (int, float)) else None,
    )


def read_lobby(url: str, *, tls: ssl.SSLContext | None = None, timeout: float = 10.0) -> Lobby:
    """The lobby of the server at ``url``. Blocks (up to ``timeout``): call it off the frame
    loop. ``ProtocolError`` or ``OSError`` when the server refuses or cannot be reached; an
    entry that does not read is left out."""
    reply = asyncio.run(asyncio.wait_for(_ask(url, make("tables"), "tables", tls), timeout))
    entries = []
    for raw in reply.get("tables", []) if isinstance(reply.get("tables"), list) else []:
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
            entries.append(_entry(raw))
    wait = reply.get("quick_wait")
    return Lobby(tuple(entries), float(wait) if isinstance(wait, (int, float)) else 0.0)


def read_leaders(
    url: str, *, tls: ssl.SSLContext | None = None, timeout: float = 10.0
) -> tuple[Leader, ...]:
    """The leaderboard of the server at ``url``, best first. Blocks (up to ``timeout``)."""
    reply = asyncio.run(asyncio.wait_for(_ask(url, make("leaders"), "leaders", tls), timeout))
    found = []
    for raw in reply.get("players", []) if isinstance(reply.get("players"), list) else []:
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
            found.append(Leader(str(raw["name"])[:24], int(raw["rating"]), int(raw["games"])))
    return tuple(found)
