"""The table server over WebSocket (asyncio, ``websockets``): the host's and the dedicated
server's, one code for both.

A ``TableService`` holds tables (``NetTable``) and their connections. Each connection reads
one message at a time; every message is checked (``protocol.read_client``), limited in rate
(``RateLimit``) and handled; anything wrong gets an error reply and changes nothing, and the
connection is closed only for a version it does not speak or a flood that does not stop.
Whatever one client sends, every other client and table is served on.

After each step the service stores the action (``TableStore``, before anybody hears of it),
sends every player and spectator the step as they may know it (one message made once for all
who follow the step on their views, ``NetTable.encoded``), and plays the steps nobody at a
client decides (chance, bots, stand-ins; a bot thinking in a thread). An absent player's
countdown is a timer of the table; when it runs out, a stand-in plays the seat.

What is sent waits in each connection's mailbox until the end of the loop's turn (``outbox``):
then the steps of the turn are committed, and each connection's messages written at once, a
step's message framed once for all who receive it. Writing never waits for a client, so a slow
client delays only itself; one whose unread writes pile up is disconnected (it returns with its
token).

Connections are counted per remote address from the moment the socket opens (``Addresses``;
``ServiceConfig.max_per_address``, 32 by default): one over the limit is told so in words
(``too_many_connections``) and closed, and past twice the limit a socket is dropped at once,
before its handshake, so that one address opening hundreds of sockets holds only a few of the
server's file descriptors. ``listen`` serves the service with this count.

Quotas per address and per player identity (``guard``): tables created and waiting at once,
tables created a minute, hellos answered a second (the table looked up only at the hello's
turn), failed hellos before the address is refused, spectators' joins. Every refusal is a code
the client words. A table nobody joined expires after ``unjoined_expiry`` seconds (in memory and
in the database); a finished table is archived in the database with its snapshot and leaves
memory with its last connection; ``max_tables`` counts the tables open (not finished) in the
database. A spectator of a table not in memory (finished, or nobody at it) is sent the table's
stored snapshot (``store.snapshot``), never a replay, and waits there for the table to move.

A server also has a lobby (``tables``: its listed tables with free seats, players' ratings,
bots' levels and language), quick matches (``quick``: a seat at a listed table waiting for
players, or a new one that starts with bots in the empty seats after ``quick_wait`` seconds),
ratings of finished games among people (``ratings``) and their leaderboard (``leaders``), and
quick phrases (``phrase``, by id, rate-limited per connection). A graceful stop
(``farewell(restart=True)``) tells every client the server is restarting: they come back by
themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import ssl
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from stoneage.play.match import ChanceSource, SeededChance, Step
from stoneage.rules import CHANCE, ActionError

from . import lobby as lobby_list
from .guard import Bucket, Creations, HelloGate, TooManyHellos, seconds
from .metrics import Metrics
from .outbox import Mailbox, Outbox
from .protocol import (
    CODE_LENGTH,
    MAX_FRAME_BYTES,
    PRIVATE_CODE_LENGTH,
    REPLACED,
    VERSION,
    ClientMessage,
    ProtocolError,
    SeatPlan,
    encode,
    identity_of,
    make,
    new_code,
    normal_code,
    read_client,
)
from .ratings import leaderboard, rate_game
from .store import FINISHED, PLAYING, WAITING, TableStore
from .table import REMOTE, ActionRefused, NetTable, SeatConfig, TableRecord

log = logging.getLogger(__name__)

#: Snapshots of tables not in memory kept encoded, ready to send to spectators.
SNAPSHOT_CACHE = 64
#: The close code of a connection whose server is restarting (RFC 6455's "service restart").
RESTARTING = 1012
#: The refusals of a quota (counted in the metrics).
QUOTA_CODES = frozenset(
    {"full", "table_quota", "create_rate", "too_many_guesses", "too_many_watchers", "phrase_rate"}
)
#: Seconds after its last change a table that never began is deleted (its players gone).
STALE_WAITING = 24 * 3600.0
#: The connections whose round trip is measured at each sample (for the metrics).
MAX_SAMPLED = 1000
#: The bytes a connection's socket is read by at most (a message larger is read in parts).
READ_BUFFER = 16 * 1024
#: How long the lobby's list and the leaderboard are answered from a copy (seconds).
LISTING_AGE = 1.0
LEADERS_AGE = 10.0


@dataclass
class RateLimit:
    """A token bucket per connection: ``rate`` messages a second, bursts of ``burst``; after
    ``strikes`` messages over the limit the connection is closed."""

    rate: float = 20.0
    burst: float = 40.0
    strikes: int = 200


@dataclass
class ServiceConfig:
    """How a service runs: may clients create tables, the stand-in rules of new tables, the
    rate limit, the clock."""

    allow_create: bool = False
    wait: float = 60.0
    max_wait: float = 7 * 24 * 3600.0
    max_tables: int = 10_000
    limit: RateLimit = field(default_factory=RateLimit)
    clock: Callable[[], float] = time.monotonic
    #: Levels a stand-in or bot thinks at in a thread (the others decide in a blink).
    threaded_levels: frozenset[str] = frozenset({"hard"})
    #: Connections open at once from one remote address (0: no limit; behind a reverse
    #: proxy every player comes from the proxy's address).
    max_per_address: int = 32
    #: Tables one address (or player identity) may create a minute (0: no limit), in bursts
    #: of ``create_burst``, and have waiting for players at once (0: no limit).
    creates_per_minute: float = 6.0
    create_burst: float = 3.0
    tables_per_address: int = 4
    #: Seconds a table nobody joined is kept (in memory and in the database).
    unjoined_expiry: float = 600.0
    #: Hellos answered a second per address (0: no pacing); failed hellos an address may
    #: make before it is refused, and how many a second come back.
    hellos_per_second: float = 5.0
    guesses: int = 20
    guess_refill: float = 1 / 6
    #: Spectators' joins a second per address, in bursts of ``watch_burst``.
    watches_per_second: float = 1.0
    watch_burst: int = 8
    #: Seconds a quick match's table waits for players before bots fill its empty seats.
    quick_wait: float = 60.0
    #: Quick phrases a connection may say: one every ``phrase_every`` seconds, bursts of 3.
    phrase_every: float = 2.0
    #: How often the service expires, starts and forgets what is due (seconds).
    sweep_every: float = 2.0
    #: Addresses of reverse proxies whose ``X-Forwarded-For`` names the player's address.
    trusted_proxies: frozenset[str] = frozenset()
    #: The wall clock (the database's times: a table's age survives a restart).
    wall: Callable[[], float] = time.time
    #: How often each connection's round trip is measured for the metrics (seconds).
    sample_every: float = 15.0
    #: Tests only (never the window nor the server): the tables' chance outcomes follow
    #: their bot key as a seed, so that a test replays a chosen game.
    seeded_chance: bool = False


#: What becomes of a new connection (``Addresses.opened``): served, refused in words, or
#: dropped at once.
SERVE: Final = "serve"
REFUSE: Final = "refuse"
DROP: Final = "drop"


class Addresses:
    """The connections open from each remote address, against a limit (``most``; 0: none)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def opened(self, address: str) -> str:
        """Count a new connection from ``address``: ``SERVE`` within the limit, ``REFUSE``
        past it (the client is told why), ``DROP`` past twice the limit (a flood: answering
        each socket would cost what the limit saves)."""
        count = self.open.get(address, 0) + 1
        self.open[address] = count
        if self.most <= 0 or count <= self.most:
            return SERVE
        return REFUSE if count <= 2 * self.most else DROP

    def closed(self, address: str) -> None:
        """A connection from ``address`` closed."""
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)


class _Counted(ServerConnection):
    """A connection counted against its remote address from its first byte to its close
    (``TableService.listen`` makes a subclass that knows the service's ``Addresses``)."""

    addresses: Addresses
    address = ""
    verdict = SERVE

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Count the socket as soon as it opens (before any handshake)."""
        super().connection_made(transport)
        if hasattr(transport, "max_size"):
            # asyncio reads a socket into a buffer of ``max_size`` bytes, 256 KiB by default: so
            # large that the C library maps fresh memory for each read and unmaps it after (3
            # system calls a message) when a client's message is some hundred bytes.
            transport.max_size = READ_BUFFER
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.verdict = self.addresses.opened(self.address)
        if self.verdict == DROP:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        """The socket closed: it no longer counts."""
        super().connection_lost(exc)
        self.addresses.closed(self.address)


class _Client:
    """One connection: its socket, its mailbox (what is sent to it), rate bucket and seat."""

    def __init__(
        self, ws: ServerConnection, outbox: Outbox, limit: RateLimit, now: float, address: str
    ) -> None:
        self.ws = ws
        self.mailbox = Mailbox(ws, outbox, self._too_far)
        self.limit = limit
        self.tokens = limit.burst
        self.checked = now
        self.strikes = 0
        self.table: _Live | None = None
        self.seat: int | None = None
        self.watching = False
        self.address = address
        #: The code of the table this spectator watches from its snapshot (not in memory).
        self.parked: str | None = None
        self.phrases: Bucket | None = None
        self.leaving = False  # said it leaves (not a dropped connection)
        self._closing: asyncio.Task[None] | None = None

    def allow(self, now: float) -> bool:
        """Take a token from the bucket; False when the client sends too often."""
        self.tokens = min(self.limit.burst, self.tokens + (now - self.checked) * self.limit.rate)
        self.checked = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1
        return False

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` at the end of the loop's turn (``outbox``)."""
        self.mailbox.put(encode(message).encode())

    def send_text(self, text: str) -> None:
        """Send a message already encoded (a stored snapshot's)."""
        self.mailbox.put(text.encode())

    def send_payload(self, payload: bytes) -> None:
        """Send a message's UTF-8 text, shared with other connections (a step's: framed once
        for all of them)."""
        self.mailbox.put(payload)

    def _too_far(self) -> None:
        """Its writes piled up unread: closed (it returns with its token)."""
        self._closing = asyncio.get_running_loop().create_task(
            _cut(self.ws, 1008, "too far behind")
        )


class _Live:
    """A table being served: the table, its players' and watchers' connections, its lock and
    its countdown timer."""

    def __init__(self, table: NetTable, made: float = 0.0) -> None:
        self.table = table
        self.players: dict[int, _Client] = {}
        self.watchers: set[_Client] = set()
        self.lock = asyncio.Lock()
        self.timer: asyncio.TimerHandle | None = None
        #: When the table was made (the service's clock): a table nobody joins expires.
        self.made = made
        #: When a quick match's table starts with bots (the wall clock; 0: it does not).
        self.starts_at = 0.0
        self.finished = False

    def everyone(self) -> list[tuple[int | None, _Client]]:
        """Every connection with the seat it sees the table from (None: watching)."""
        return [*self.players.items(), *((None, c) for c in self.watchers)]


class TableService:
    """Tables served over WebSocket (see the module docstring). Use ``handler`` as the
    ``websockets`` connection handler, inside the event loop that runs the server."""

    def __init__(
        self,
        store: TableStore | None,
        config: ServiceConfig | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.config = config = config or ServiceConfig()
        self.metrics = metrics
        self.tables: dict[str, _Live] = {}
        self.clients: set[_Client] = set()
        #: What is sent this turn of the loop, after the store commits the turn's steps.
        self.outbox = Outbox(store.commit if store is not None else None)
        if store is not None:
            store.hold_actions()
        self.addresses = Addresses(config.max_per_address)
        self.creations = Creations(
            config.creates_per_minute, config.create_burst, config.tables_per_address
        )
        self.gate = HelloGate(
            config.clock,
            config.hellos_per_second,
            config.guesses,
            config.guess_refill,
            config.watches_per_second,
            config.watch_burst,
        )
        #: Spectators of tables not in memory, by code (served from the snapshot).
        self.parked: dict[str, set[_Client]] = {}
        self._snapshots: OrderedDict[str, tuple[str, str | None, bool]] = OrderedDict()
        self._listing: tuple[float, dict[str, Any]] | None = None
        self._leaders: tuple[float, dict[str, Any]] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._sampled = -float("inf")

    def listen(
        self, host: str, port: int, tls: ssl.SSLContext | None = None, ping: float = 20.0
    ) -> Server:
        """The WebSocket server of this service on ``host``:``port`` (``async with`` it, in
        the event loop that runs the service), each connection counted per address."""
        addresses = self.addresses

        class Counted(_Counted):
            pass

        Counted.addresses = addresses
        self.start_sweeping()
        return serve(
            self.handler,
            host,
            port,
            max_size=MAX_FRAME_BYTES,
            # No per-message compression: the messages are a step's events (some hundred
            # bytes; a view, a few kilobytes, comes seldom), and deflating each one for each
            # connection cost the server more than all the rest of sending it.
            compression=None,
            ssl=tls,
            ping_interval=ping,
            ping_timeout=ping,
            create_connection=Counted,
        )

    # --- tables -----------------------------------------------------------------------------
    def add_table(
        self,
        seats: list[SeatConfig],
        standin: str = "normal",
        wait: float | None = None,
        spectators: bool = True,
        seed: int | None = None,
        *,
        listed: bool = False,
        language: str = "",
        code_length: int = CODE_LENGTH,
    ) -> NetTable:
        """A new table, stored; its code (``code_length`` characters) is new among the tables
        known. ``seed`` seeds only its bots' own choices (a random key by default): its dice
        come from the system's randomness whatever is given."""
        code = new_code(set(self.tables), code_length)
        while self.store is not None and self.store.exists(code):
            code = new_code(set(self.tables), code_length)
        table = NetTable.create(
            code,
            seats,
            secrets.randbits(62) if seed is None else seed,
            standin,
            self.config.wait if wait is None else min(wait, self.config.max_wait),
            spectators,
            self.config.clock,
            self._chance(),
        )
        table.record.listed, table.record.language = listed, language
        self.tables[table.code] = _Live(table, self.config.clock())
        self.save_table(table)
        return table

    def _chance(self) -> ChanceSource | None:
        """The chance source of a table: the system's randomness (None), unless a test asked
        for seeded dice."""
        return SeededChance() if self.config.seeded_chance else None

    def open_tables(self) -> int:
        """How many tables are open (not finished): those ``max_tables`` counts."""
        if self.store is not None:
            return self.store.open_count()
        return sum(not live.finished for live in self.tables.values())

    def table(self, code: str) -> NetTable | None:
        """The table of ``code`` in play, or else as stored (rebuilt by replay, not put in
        play: any thread may ask), or None."""
        live = self.tables.get(normal_code(code))
        if live is not None:
            return live.table
        record = self.store.load(normal_code(code)) if self.store is not None else None
        try:
            return NetTable(record, self.config.clock, self._chance()) if record else None
        except ActionError:
            return None

    def open_table(self, code: str) -> NetTable | None:
        """Put the table of ``code`` in play (from the store if need be) and return it; in
        the event loop's thread only."""
        live = self._live(code)
        return live.table if live is not None else None

    def _live(self, code: str) -> _Live | None:
        code = normal_code(code)
        live = self.tables.get(code)
        if live is None and self.store is not None:
            record = self.store.load(code)
            if record is not None:
                try:
                    table = NetTable(record, self.config.clock, self._chance())
                    live = _Live(table, self.config.clock())
                except ActionError:
                    log.error("table %s cannot be replayed; left as stored", code)
                    return None
                self.tables[code] = live
                self._loaded(live)
                self._spawn(self._run(live))
        return live

    def _loaded(self, live: _Live) -> None:
        """A table is back in memory: its snapshot is out of date from its next step on, and
        the spectators waiting on it watch it live."""
        code = live.table.code
        self._snapshots.pop(code, None)
        live.finished = live.table.started and live.table.state().is_terminal()
        if not live.table.started:
            live.starts_at = live.table.record.starts_at  # a quick match's, after a restart
        if self.store is not None and not live.finished:
            self.store.clear_snapshot(code)
        elif self.store is not None and self.store.status(code) != FINISHED:
            self._finish(live.table)  # ended before it was archived (an older server's)
        for client in self.parked.pop(code, set()):
            client.parked, client.table, client.watching = None, live, True
            live.watchers.add(client)

    def save_table(self, table: NetTable) -> None:
        """Store the table's record (its seats, tokens' digests, whether it began)."""
        if self.store is not None:
            finished = table.started and table.state().is_terminal()
            self.store.save(table.record, FINISHED if finished else None)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- connections ------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        """Serve one connection until it closes."""
        if isinstance(ws, _Counted) and ws.verdict != SERVE:
            await self._refuse(ws)
            return
        client = _Client(ws, self.outbox, self.config.limit, self.config.clock(), self._address(ws))
        self.clients.add(client)
        try:
            async for raw in ws:
                if not await self._receive(client, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            await self._gone(client)
            client.mailbox.close()

    def _address(self, ws: ServerConnection) -> str:
        """The player's address: the socket's peer, or, behind a trusted reverse proxy, the
        last address its ``X-Forwarded-For`` names (the one the proxy saw)."""
        if isinstance(ws, _Counted):
            peer = ws.address
        else:
            remote = ws.remote_address
            peer = str(remote[0]) if isinstance(remote, tuple) and remote else ""
        request = getattr(ws, "request", None)
        if peer in self.config.trusted_proxies and request is not None:
            forwarded = str(request.headers.get("X-Forwarded-For", ""))
            last = forwarded.split(",")[-1].strip()
            if last and len(last) <= 64:
                return last
        return peer

    async def _refuse(self, ws: ServerConnection) -> None:
        """Tell a connection over its address's limit why it goes, and close it."""
        error = ProtocolError("too_many_connections", limit=self.config.max_per_address)
        # Answer its first message (unread): a client sends its hello as it connects, and
        # one closed before that send fails on it and never reads the words.
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(ws.recv(), 2.0)
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(error.message()))
        await _cut(ws, 1008, "too many connections")

    async def _receive(self, client: _Client, raw: object) -> bool:
        """Handle one frame; False when the connection must close."""
        if not client.allow(self.config.clock()):
            if client.strikes > self.config.limit.strikes:
                await _cut(client.ws, 1008, "too many messages")
                return False
            client.send(ProtocolError("too_frequent").message())
            return True
        message: ClientMessage | None = None
        try:
            message = read_client(raw)
            await self._dispatch(client, message)
        except TooManyHellos:
            # Held before the close: a connection answered at once would come straight back,
            # and its handshakes would cost the server more than its hellos.
            await asyncio.sleep(self.gate.max_queue)
            await _cut(client.ws, 1008, "too many hellos: slow down")
            return False
        except ProtocolError as error:
            if self.metrics is not None and error.code in QUOTA_CODES:
                self.metrics.refused(error.code)
            client.send(error.message())
            if error.code == "version":
                await asyncio.sleep(0.05)  # let the reply go before the close
                await _cut(client.ws, 1002, "protocol version")
                return False
        except ActionRefused as refused:
            client.send(refused.message(str(message.get("text", "")) if message else ""))
        except Exception:  # a bug of ours must not end the server nor the table
            log.exception("message from a client failed")
            client.send(ProtocolError("internal").message())
        return True

    async def _dispatch(self, client: _Client, message: ClientMessage) -> None:
        kind = message.kind
        if kind == "ping":
            client.send(make("pong"))
        elif kind == "hello":
            await self._hello(client, message)
        elif kind == "create":
            self._create(client, message)
        elif kind == "leave":
            client.leaving = True
            await client.ws.close(1000, "left")
        elif kind == "sync":
            self._sync(client)
        elif kind == "tables":
            client.send(self.listing())
        elif kind == "leaders":
            client.send(self.leaders())
        elif kind == "quick":
            await self._quick(client, message)
        elif kind == "phrase":
            self._phrase(client, message.get("id"))
        else:
            live, seat = self._seated(client)
            async with live.lock:  # held on for the steps that follow (one lock, not two)
                if kind == "start":
                    self._start(live, seat)
                else:
                    self._act(live, seat, message.get("text"), message.get("ply"))
                await self._play_automatic(live)
            self._unload_if_over(live)

    def _sync(self, client: _Client) -> None:
        """The client could not follow a step on its view: its view as it is now."""
        live = client.table
        if live is None:
            raise ProtocolError("not_joined")
        if live.table.started:
            client.send(live.table.update(client.seat, None))

    def _seated(self, client: _Client) -> tuple[_Live, int]:
        if client.table is None:
            raise ProtocolError("not_joined")
        if client.seat is None:
            raise ProtocolError("watching")
        return client.table, client.seat

    def _creators(self, client: _Client, key: object) -> list[str]:
        """The keys a new table counts against: the address, and the player identity."""
        identity = identity_of(key)
        return [f"a:{client.address}"] + ([f"p:{identity}"] if identity else [])

    def _may_create(self, client: _Client, key: object) -> list[str]:
        """The creator's keys, once every quota allows a new table (``ProtocolError``
        otherwise: a code the client words)."""
        if not self.config.allow_create:
            raise ProtocolError("no_create")
        if self.open_tables() >= self.config.max_tables:
            raise ProtocolError("full")
        creators = self._creators(client, key)
        self.creations.check(creators, self.config.clock())
        return creators

    def _create(self, client: _Client, message: ClientMessage) -> None:
        plans: tuple[SeatPlan, ...] = message.get("seats")
        seats = [SeatConfig(p.kind, p.level, p.name, p.colour) for p in plans]
        if not any(s.kind == REMOTE for s in seats):
            raise ProtocolError("bad_field", field="seats")
        creators = self._may_create(client, message.get("key"))
        listed = bool(message.get("listed", False))
        table = self.add_table(
            seats,
            message.get("standin", "normal"),
            message.get("wait"),
            message.get("spectators", True),
            listed=listed,
            language=message.get("lang", ""),
            code_length=CODE_LENGTH if listed else PRIVATE_CODE_LENGTH,
        )
        self.creations.created(creators, table.code, self.config.clock())
        client.send(make("created", code=table.code, listed=listed))

    async def _hello(self, client: _Client, message: ClientMessage) -> None:
        if client.table is not None or client.parked is not None:
            raise ProtocolError("already_joined")
        async with self.gate.turn(client.address):  # the code is looked up at its turn only
            live = await self._hello_now(client, message)
        if live is not None:
            await self._run(live)

    async def _hello_now(self, client: _Client, message: ClientMessage) -> _Live | None:
        """Answer a hello at its turn; the table whose steps may now run (None: none)."""
        code = normal_code(message.get("code"))
        watch = bool(message.get("watch", False))
        if watch:
            self.gate.watch(client.address)
            if code not in self.tables and self._watch_stored(client, code):
                return None
        elif message.get("token") is None and self._settled_elsewhere(code):
            raise ProtocolError("no_free_seat")
        live = self._live(code)
        if live is None:
            self.gate.failed(client.address)
            raise ProtocolError("no_table")
        async with live.lock:  # not in the middle of a step (a bot may be thinking)
            self._welcome(live, client, message)
        return live

    def _welcome(self, live: _Live, client: _Client, message: ClientMessage) -> None:
        """Seat (or let watch) the client of a hello at the table it named."""
        table = live.table
        if message.get("watch", False):
            if not table.record.spectators:
                raise ProtocolError("no_spectators")
            client.table, client.watching = live, True
            live.watchers.add(client)
            client.send(make("welcome", code=table.code, seat=None))
            client.send(table.lobby())
            if table.started:
                client.send(table.update(None, table.last_step, arrival=True))
            return
        token = message.get("token")
        if token is not None:
            seat = table.seat_of(token)
            if seat is None:
                self.gate.failed(client.address)
                raise ProtocolError("bad_token")
            new_token = None
        else:
            seat, new_token = table.claim(message.get("seat"), message.get("name", ""))
            table.record.players[seat] = identity_of(message.get("key"))
            self.save_table(table)
        self._seat(live, client, seat, new_token)

    def _seat(self, live: _Live, client: _Client, seat: int, new_token: str | None) -> None:
        """Seat ``client`` at ``seat`` of the table (``new_token``: the seat's token, just
        given): welcome it, tell the others, start the game when every seat is taken."""
        table = live.table
        old = live.players.get(seat)
        if old is not None:  # the same player from a new connection: the old one goes
            old.table = None
            self._spawn(old.ws.close(REPLACED, "replaced"))
        client.table, client.seat = live, seat
        live.players[seat] = client
        was_standin = table.presence[seat].standin or table.started
        table.connected(seat)
        client.send(make("welcome", code=table.code, seat=seat, token=new_token))
        if table.started:
            client.send(table.update(seat, table.last_step, arrival=True))
            if was_standin:
                self._tell(live, make("back", seat=seat))
        elif table.ready():
            self._begin(live)  # tells the seats with their bots, then the first view
            return
        self._tell(live, table.lobby())

    def _begin(self, live: _Live) -> None:
        """Begin the game (seats nobody took get bots) and show everyone its first view."""
        table = live.table
        table.start()
        live.starts_at = table.record.starts_at = 0.0
        self.creations.settled(table.code)
        self.save_table(table)
        self._tell(live, table.lobby())  # the seats as they are now (bots in the empty ones)
        self._broadcast(live, None)

    def _start(self, live: _Live, seat: int) -> None:
        table = live.table
        if table.owner() != seat:
            raise ProtocolError("not_owner")
        if table.started:
            raise ProtocolError("started")
        self._begin(live)

    def _act(self, live: _Live, seat: int, text: str, ply: int) -> None:
        step = live.table.act(seat, text, ply)
        self._stored(live.table, step)
        self._broadcast(live, step)

    def _stored(self, table: NetTable, step: Step) -> None:
        if self.store is not None:
            index = len(table.record.actions) - 1
            self.store.add_action(table.code, index, table.record.actions[index])
            self.outbox.due()  # committed at the end of the turn, before anyone hears of it
        if self.metrics is not None:
            self.metrics.action()
        if step.after.is_terminal():
            self._finish(table)

    def _finish(self, table: NetTable) -> None:
        """The game of ``table`` ended: archive it with its snapshot (what a spectator is
        sent from now on) and rate it among its people."""
        live = self.tables.get(table.code)
        if live is not None:
            live.finished = True
        self.creations.settled(table.code)
        if self.store is None:
            return
        self.store.save(table.record, FINISHED)
        self._keep_snapshot(table, FINISHED)
        if self.store.mark_rated(table.code):
            changes = rate_game(self.store, table.record, table.state())
            self._leaders = None
            if live is not None and changes:
                self._tell(
                    live,
                    make(
                        "rated",
                        seats=[[seat, old, new] for seat, (old, new) in sorted(changes.items())],
                    ),
                )

    def _keep_snapshot(self, table: NetTable, status: str | None = None) -> None:
        """Store what a spectator arriving at ``table`` is sent now: its seats and, once
        begun, its view with the recent story (as a live spectator's arrival)."""
        if self.store is None:
            return
        lobby = table.lobby()
        for seat in lobby["seats"]:
            seat["here"] = False
        state = table.update(None, table.last_step, arrival=True) if table.started else None
        document = {"lobby": lobby, "state": state, "spectators": table.record.spectators}
        snapshot = json.dumps(document, separators=(",", ":"))
        self.store.set_snapshot(table.code, snapshot, status)
        self._snapshots.pop(table.code, None)

    def _stored_snapshot(self, code: str) -> tuple[str, str | None, bool] | None:
        """The encoded messages of a stored snapshot (cached), or None."""
        found = self._snapshots.get(code)
        if found is not None:
            self._snapshots.move_to_end(code)
            return found
        raw = self.store.snapshot(code) if self.store is not None else None
        if raw is None:
            return None
        try:
            parts = json.loads(raw)
            lobby, state = parts["lobby"], parts["state"]
            spectators = bool(parts.get("spectators", True))
            if lobby["v"] != VERSION or (state is not None and state["v"] != VERSION):
                return self._renewed_snapshot(code)
            found = (encode(lobby), encode(state) if state is not None else None, spectators)
        except (ValueError, KeyError, TypeError):
            return None
        self._snapshots[code] = found
        if len(self._snapshots) > SNAPSHOT_CACHE:
            self._snapshots.popitem(last=False)
        return found

    def _renewed_snapshot(self, code: str) -> tuple[str, str | None, bool] | None:
        """A snapshot stored by a server of another protocol version (its messages would be
        refused by today's clients), made again from the table rebuilt by replay, once."""
        table = self.table(code)
        if table is None:
            return None
        self._keep_snapshot(table)
        return self._stored_snapshot(code)

    def _watch_stored(self, client: _Client, code: str) -> bool:
        """Serve a spectator of a table not in memory from its stored snapshot (True), or
        leave it to be put in play (False: no snapshot)."""
        found = self._stored_snapshot(code)
        if found is None:
            return False
        if not found[2]:
            raise ProtocolError("no_spectators")
        client.parked, client.watching = code, True
        self.parked.setdefault(code, set()).add(client)
        client.send(make("welcome", code=code, seat=None))
        client.send_text(found[0])
        if found[1] is not None:
            client.send_text(found[1])
        return True

    def _settled_elsewhere(self, code: str) -> bool:
        """True when the table of ``code`` is not in memory and has begun or ended: a newcomer
        has no seat there (answered without putting it in play)."""
        if code in self.tables or self.store is None:
            return False
        return self.store.status(code) in (PLAYING, FINISHED)

    async def _gone(self, client: _Client) -> None:
        live, seat = client.table, client.seat
        client.table = None
        if client.parked is not None:
            watching = self.parked.get(client.parked)
            if watching is not None:
                watching.discard(client)
                if not watching:
                    del self.parked[client.parked]
            client.parked = None
        if live is None:
            return
        live.watchers.discard(client)
        if seat is None or live.players.get(seat) is not client:
            self._unload_if_idle(live)
            return
        del live.players[seat]
        table = live.table
        if not table.started and live.starts_at and client.leaving:
            # A quick match's player who leaves before the start gives the seat up (one whose
            # connection dropped keeps it: the table starts if they are back in time).
            table.record.digests[seat] = None
            table.record.players[seat] = None
            self.save_table(table)
            self._tell(live, table.lobby())
            return
        table.disconnected(seat)
        if table.started and not table.state().is_terminal():
            self._tell(live, make("countdown", seat=seat, seconds=table.record.wait))
        self._tell(live, table.lobby())
        await self._run(live)
        self._unload_if_idle(live)

    def _unload_if_idle(self, live: _Live) -> None:
        """Forget a stored table no player is at: it is in the store, and comes back (rebuilt
        by replay) when a player returns, so a server holding tables for days keeps in memory
        only those in play. Its spectators stay, watching its snapshot (stored now) until it
        is back. Its countdown stops with it (nobody is there to see a stand-in play); the
        seats' countdowns begin again when the table is back. A table waiting for a quick
        match's players stays (it starts by itself)."""
        if self.store is None or live.players or live.starts_at:
            return
        if live.lock.locked():
            return  # a step is under way: the table is unloaded when its run ends
        if not live.table.started and not any(live.table.record.digests):
            return  # nobody joined yet: it waits for its creator (or expires)
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        code = live.table.code
        if self.tables.get(code) is live:
            del self.tables[code]
        if live.watchers or not live.finished:
            self._keep_snapshot(live.table)
        for client in live.watchers:
            client.table, client.parked = None, code
            self.parked.setdefault(code, set()).add(client)
        live.watchers.clear()

    # --- lobby, quick match, phrases ----------------------------------------------------------
    def listing(self) -> dict[str, Any]:
        """The ``tables`` message: the listed tables (a copy at most ``LISTING_AGE`` old, so
        that asking often costs the server nothing more)."""
        now = self.config.clock()
        if self._listing is not None and now - self._listing[0] < LISTING_AGE:
            return self._listing[1]
        waiting = [
            live.table
            for live in self.tables.values()
            if live.table.record.listed and not live.table.started
        ]
        playing = [
            live.table
            for live in self.tables.values()
            if live.table.record.listed and live.table.started and not live.finished
        ]
        message = make(
            "tables",
            tables=lobby_list.entries(
                waiting, playing, self.store, self.config.wall(), self._starts
            ),
            quick_wait=self.config.quick_wait,
        )
        self._listing = (now, message)
        return message

    def _starts(self, code: str) -> float:
        live = self.tables.get(code)
        return live.starts_at if live is not None else 0.0

    def leaders(self) -> dict[str, Any]:
        """The ``leaders`` message: the best rated players (a copy at most ``LEADERS_AGE``
        old, or made again after a game was rated)."""
        now = self.config.clock()
        if self._leaders is not None and now - self._leaders[0] < LEADERS_AGE:
            return self._leaders[1]
        players = leaderboard(self.store) if self.store is not None else []
        message = make("leaders", players=players)
        self._leaders = (now, message)
        return message

    async def _quick(self, client: _Client, message: ClientMessage) -> None:
        """Seat the client at a listed table waiting for players (of the size asked, in its
        language first), or open one that starts with bots after ``quick_wait`` seconds."""
        if client.table is not None or client.parked is not None:
            raise ProtocolError("already_joined")
        if not self.config.allow_create:
            raise ProtocolError("no_create")
        async with self.gate.turn(client.address):
            live = await self._quick_now(client, message)
        self._listing = None
        await self._run(live)

    async def _quick_now(self, client: _Client, message: ClientMessage) -> _Live:
        """Answer a quick match at its turn; the table the client now sits at."""
        key, language = message.get("key"), message.get("lang", "")
        identity = identity_of(key)
        live = lobby_list.pick(
            [live for live in self.tables.values() if live.starts_at],
            message.get("players"),
            language,
            identity,
        )
        if live is None:
            creators = self._may_create(client, key)
            size = message.get("players") or 4
            table = self.add_table(
                [SeatConfig(REMOTE) for _ in range(size)],
                listed=True,
                language=language,
                code_length=CODE_LENGTH,
            )
            self.creations.created(creators, table.code, self.config.clock())
            live = self.tables[table.code]
            live.starts_at = table.record.starts_at = self.config.wall() + self.config.quick_wait
            self.save_table(table)
            self._listing = None
        table = live.table
        async with live.lock:
            seat, token = table.claim(None, message.get("name", ""))
            table.record.players[seat] = identity
            self.save_table(table)
            left = max(0.0, live.starts_at - self.config.wall())
            client.send(make("quick", code=table.code, seconds=round(left, 1)))
            self._seat(live, client, seat, token)
        return live

    def _phrase(self, client: _Client, phrase: str) -> None:
        """Say a quick phrase (by its id) to everyone at the client's table."""
        live, seat = self._seated(client)
        now = self.config.clock()
        if client.phrases is None:
            client.phrases = Bucket(1.0 / self.config.phrase_every, 3.0)
        if not client.phrases.take(now):
            raise ProtocolError("phrase_rate", seconds=seconds(client.phrases.wait(now)))
        self._tell(live, make("phrase", seat=seat, id=phrase))

    # --- what is due: expiry, quick starts ----------------------------------------------------
    def start_sweeping(self) -> None:
        """Sweep every ``sweep_every`` seconds (from the running event loop), after bringing
        back the stored listed tables that wait for players."""
        if self._sweeper is None:
            self._bring_back_listed()
            self._sweeper = asyncio.get_running_loop().create_task(self._sweeping())

    def _bring_back_listed(self) -> None:
        """Load the listed tables still waiting for players, so that a restarted server's
        lobby lists them at once (not only after someone reconnects to each); at most
        ``max_tables`` of them, the newest first."""
        if self.store is None:
            return
        for record in self.store.listed(WAITING, limit=max(0, self.config.max_tables)):
            self._live(record.code)
        self._listing = None

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                await self.sweep()
            except Exception:  # a bug of ours must not stop the sweeps
                log.exception("sweep failed")

    async def sweep(self) -> None:
        """Expire the tables nobody joined, start the quick matches that are due, forget the
        quiet addresses' counters."""
        now, wall = self.config.clock(), self.config.wall()
        expiry = self.config.unjoined_expiry
        for live in list(self.tables.values()):
            record = live.table.record
            if live.starts_at and live.starts_at <= wall:
                await self._quick_start(live)
            elif not record.started and not any(record.digests) and now - live.made > expiry:
                self._expire(live)
        if self.store is not None:
            kept = set(self.tables)
            for code in self.store.expire_unjoined(expiry, wall, keep=kept):
                self.creations.settled(code)
            self.store.expire_stale_waiting(STALE_WAITING, keep=kept)
        self.gate.sweep()
        self.creations.sweep(now)
        if self.metrics is not None and now - self._sampled >= self.config.sample_every:
            self._sampled = now
            for client in list(self.clients)[:MAX_SAMPLED]:
                self._spawn(self._sample(client))

    async def _sample(self, client: _Client) -> None:
        """Measure the round trip of a connection (a WebSocket ping to its pong)."""
        with contextlib.suppress(ConnectionClosed, TimeoutError, RuntimeError):
            pong = await client.ws.ping()
            latency = await asyncio.wait_for(pong, 10.0)
            if self.metrics is not None:
                self.metrics.round_trip.observe(float(latency))

    async def _quick_start(self, live: _Live) -> None:
        """A quick match's wait is over: bots take the empty seats and the game begins; a
        table none of whose players is still there is dropped instead."""
        async with live.lock:
            live.starts_at = 0.0
            if not live.players:
                self._expire(live)
                return
            self._begin(live)
        self._listing = None
        await self._run(live)

    def _expire(self, live: _Live) -> None:
        """Drop a table that was never played: from memory and from the database; anyone
        still watching it is told."""
        code = live.table.code
        for _seat, client in live.everyone():
            client.table = None
            client.send(ProtocolError("expired").message())
        if self.tables.get(code) is live:
            del self.tables[code]
        if self.store is not None:
            self.store.delete(code)
        self.creations.settled(code)
        self._listing = None

    # --- sending ----------------------------------------------------------------------------
    def _tell(self, live: _Live, message: dict[str, Any]) -> None:
        for _seat, client in live.everyone():
            client.send(message)

    def _broadcast(self, live: _Live, step: Step | None) -> None:
        """Every player ``step`` as it may know it (or its view of now), every watcher
        theirs: the same text as the same bytes (framed once, ``outbox``)."""
        table = live.table
        shared = table.common(step) if step is not None else None
        if shared is not None:  # the usual step: one text for all
            for client in live.players.values():
                client.send_payload(shared)
            for client in live.watchers:
                client.send_payload(shared)
            return
        payloads: dict[str, bytes] = {}
        for seat, client in live.everyone():
            if step is None:
                client.send(table.update(seat, None))
                continue
            text = table.encoded(seat, step)
            payload = payloads.get(text)
            if payload is None:
                payload = payloads[text] = text.encode()
            client.send_payload(payload)

    # --- the steps nobody at a client decides -----------------------------------------------
    async def _run(self, live: _Live) -> None:
        """Play chance, bots and stand-ins until a present player decides (or a countdown
        runs, then wake up when it ends)."""
        async with live.lock:
            await self._play_automatic(live)
        self._unload_if_over(live)

    def _unload_if_over(self, live: _Live) -> None:
        """Unload a finished table nobody plays at any more (after its steps ran)."""
        if live.finished and not live.players:
            self._unload_if_idle(live)

    async def _play_automatic(self, live: _Live) -> None:
        """``_run``'s work, with the table's lock held."""
        table = live.table
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        while True:
            standins = table.standing_in()
            found = table.automatic()
            if found is None:
                break
            seat, decide = found
            if seat >= 0 and seat not in standins and table.presence[seat].standin:
                self._tell(live, make("standin", seat=seat, level=table.record.standin))
                self._tell(live, table.lobby())
            ply = table.state().ply
            if seat != CHANCE and self._slow(table, seat):
                action = await asyncio.to_thread(decide)
            else:
                action = decide()
            step = table.apply_automatic(action, ply)
            if step is not None:
                self._stored(table, step)
                self._broadcast(live, step)
            if seat != CHANCE:
                # The other tables' turn after a bot's decision. A draw costs next to
                # nothing: the steps it follows and its own go out in one write, at one
                # commit (the end of the turn).
                await asyncio.sleep(0)
        self._arm(live)

    def _slow(self, table: NetTable, seat: int) -> bool:
        seats = table.record.seats
        level = seats[seat].level if not seats[seat].is_player else table.record.standin
        return level in self.config.threaded_levels

    def _arm(self, live: _Live) -> None:
        """Wake the table when the countdown of the absent seat to act runs out."""
        table = live.table
        if not table.started or table.state().is_terminal():
            return
        seat = table.state().current_player()
        if seat < 0:
            return
        deadline = table.deadline(seat)
        if deadline is None:
            return
        delay = max(0.0, deadline - self.config.clock()) + 0.01
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(delay, lambda: self._spawn(self._run(live)))

    async def farewell(self, restart: bool = False) -> None:
        """Tell every client that the host is going (before the server stops); with
        ``restart``, that the server is restarting (the clients come back by themselves,
        with their tokens), and close each connection so (1012)."""
        for client in list(self.clients):
            client.send(make("bye", restart=True) if restart else make("bye"))
        await asyncio.sleep(0.05)
        if restart:
            for client in list(self.clients):
                self._spawn(_cut(client.ws, RESTARTING, "server restarting"))
            await asyncio.sleep(0.05)

    def close(self) -> None:
        """Stop every table's timer (the server stops); commit the steps held."""
        if self.store is not None:
            self.store.commit()
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in self._tasks:
            task.cancel()


async def _cut(ws: ServerConnection, code: int, reason: str) -> None:
    """Close a connection with a reason; abort it when the client does not answer the close
    (a flooding client may not read)."""
    try:
        await asyncio.wait_for(ws.close(code, reason), 1.0)
    except (TimeoutError, ConnectionClosed):
        ws.transport.abort()


def restored_tables(store: TableStore) -> list[TableRecord]:
    """Every table kept in ``store`` (those that still read)."""
    found = [store.load(code) for code in store.codes()]
    return [record for record in found if record is not None]
