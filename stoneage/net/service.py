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

Every send goes through the connection's own queue and writer, so a slow client delays only
itself; a client whose queue overflows is disconnected (it returns with its token).

Connections are counted per remote address from the moment the socket opens (``Addresses``;
``ServiceConfig.max_per_address``, 32 by default): one over the limit is told so in words
(``too_many_connections``) and closed, and past twice the limit a socket is dropped at once,
before its handshake, so that one address opening hundreds of sockets holds only a few of the
server's file descriptors. ``listen`` serves the service with this count.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from stoneage.play.match import Step
from stoneage.rules import CHANCE, ActionError

from .protocol import (
    MAX_FRAME_BYTES,
    REPLACED,
    ClientMessage,
    ProtocolError,
    SeatPlan,
    encode,
    make,
    new_code,
    normal_code,
    read_client,
)
from .store import TableStore
from .table import REMOTE, NetTable, Refused, SeatConfig, TableRecord

log = logging.getLogger(__name__)

#: Messages queued for a client before it counts as gone.
MAX_QUEUE = 2000


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
    """One connection: its socket, outgoing queue, rate bucket and seat."""

    def __init__(self, ws: ServerConnection, limit: RateLimit, now: float) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.limit = limit
        self.tokens = limit.burst
        self.checked = now
        self.strikes = 0
        self.table: _Live | None = None
        self.seat: int | None = None
        self.watching = False

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
        """Queue ``message`` for the writer; a client that fell too far behind is dropped."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (see ``send``)."""
        if self.queue.qsize() > MAX_QUEUE:
            self.queue.put_nowait(None)  # the writer closes the connection
            return
        self.queue.put_nowait(text)

    async def writer(self) -> None:
        """Send what is queued, in order, until told to stop (None) or the socket closes."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.ws.close(1008, "too far behind")
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return


class _Live:
    """A table being served: the table, its players' and watchers' connections, its lock and
    its countdown timer."""

    def __init__(self, table: NetTable) -> None:
        self.table = table
        self.players: dict[int, _Client] = {}
        self.watchers: set[_Client] = set()
        self.lock = asyncio.Lock()
        self.timer: asyncio.TimerHandle | None = None

    def everyone(self) -> list[tuple[int | None, _Client]]:
        """Every connection with the seat it sees the table from (None: watching)."""
        return [*self.players.items(), *((None, c) for c in self.watchers)]


class TableService:
    """Tables served over WebSocket (see the module docstring). Use ``handler`` as the
    ``websockets`` connection handler, inside the event loop that runs the server."""

    def __init__(self, store: TableStore | None, config: ServiceConfig | None = None) -> None:
        self.store = store
        self.config = config or ServiceConfig()
        self.tables: dict[str, _Live] = {}
        self.clients: set[_Client] = set()
        self.addresses = Addresses(self.config.max_per_address)
        self._tasks: set[asyncio.Task[None]] = set()

    def listen(
        self, host: str, port: int, tls: ssl.SSLContext | None = None, ping: float = 20.0
    ) -> Server:
        """The WebSocket server of this service on ``host``:``port`` (``async with`` it, in
        the event loop that runs the service), each connection counted per address."""
        addresses = self.addresses

        class Counted(_Counted):
            pass

        Counted.addresses = addresses
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
    ) -> NetTable:
        """A new table, stored; its code is new among the tables known."""
        taken = set(self.tables) | set(self.store.codes() if self.store else [])
        table = NetTable.create(
            new_code(taken),
            seats,
            secrets.randbits(62) if seed is None else seed,
            standin,
            self.config.wait if wait is None else min(wait, self.config.max_wait),
            spectators,
            self.config.clock,
        )
        self.tables[table.code] = _Live(table)
        self.save_table(table)
        return table

    def table(self, code: str) -> NetTable | None:
        """The table of ``code`` in play, or else as stored (rebuilt by replay, not put in
        play: any thread may ask), or None."""
        live = self.tables.get(normal_code(code))
        if live is not None:
            return live.table
        record = self.store.load(normal_code(code)) if self.store is not None else None
        try:
            return NetTable(record, self.config.clock) if record is not None else None
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
                    live = _Live(NetTable(record, self.config.clock))
                except ActionError:
                    log.error("table %s cannot be replayed; left as stored", code)
                    return None
                self.tables[code] = live
                self._spawn(self._run(live))
        return live

    def save_table(self, table: NetTable) -> None:
        """Store the table's record (its seats, tokens' digests, whether it began)."""
        if self.store is not None:
            self.store.save(table.record)

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
        client = _Client(ws, self.config.limit, self.config.clock())
        self.clients.add(client)
        writer = asyncio.get_running_loop().create_task(client.writer())
        try:
            async for raw in ws:
                if not await self._receive(client, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            await self._gone(client)
            client.queue.put_nowait(None)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer

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
        except ProtocolError as error:
            client.send(error.message())
            if error.code == "version":
                await asyncio.sleep(0.05)  # let the reply go before the close
                await _cut(client.ws, 1002, "protocol version")
                return False
        except Refused as refused:
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
            await client.ws.close(1000, "left")
        elif kind == "sync":
            self._sync(client)
        else:
            live, seat = self._seated(client)
            async with live.lock:
                if kind == "start":
                    self._start(live, seat)
                else:
                    self._act(live, seat, message.get("text"), message.get("ply"))
            await self._run(live)

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

    def _create(self, client: _Client, message: ClientMessage) -> None:
        if not self.config.allow_create:
            raise ProtocolError("no_create")
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError("full")
        plans: tuple[SeatPlan, ...] = message.get("seats")
        seats = [SeatConfig(p.kind, p.level, p.name, p.colour) for p in plans]
        if not any(s.kind == REMOTE for s in seats):
            raise ProtocolError("bad_field", field="seats")
        table = self.add_table(
            seats,
            message.get("standin", "normal"),
            message.get("wait"),
            message.get("spectators", True),
        )
        client.send(make("created", code=table.code))

    async def _hello(self, client: _Client, message: ClientMessage) -> None:
        if client.table is not None:
            raise ProtocolError("already_joined")
        live = self._live(message.get("code"))
        if live is None:
            raise ProtocolError("no_table")
        table = live.table
        async with live.lock:
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
                    raise ProtocolError("bad_token")
                new_token = None
            else:
                seat, new_token = table.claim(message.get("seat"), message.get("name", ""))
                self.save_table(table)
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
                table.start()
                self.save_table(table)
                self._broadcast(live, None)
            self._tell(live, table.lobby())
        await self._run(live)

    def _start(self, live: _Live, seat: int) -> None:
        table = live.table
        if table.owner() != seat:
            raise ProtocolError("not_owner")
        if table.started:
            raise ProtocolError("started")
        table.start()
        self.save_table(table)
        self._tell(live, table.lobby())
        self._broadcast(live, None)

    def _act(self, live: _Live, seat: int, text: str, ply: int) -> None:
        step = live.table.act(seat, text, ply)
        self._stored(live.table, step)
        self._broadcast(live, step)

    def _stored(self, table: NetTable, step: Step) -> None:
        del step
        if self.store is not None:
            index = len(table.record.actions) - 1
            self.store.add_action(table.code, index, table.record.actions[index])

    async def _gone(self, client: _Client) -> None:
        live, seat = client.table, client.seat
        client.table = None
        if live is None:
            return
        live.watchers.discard(client)
        if seat is None or live.players.get(seat) is not client:
            self._unload_if_idle(live)
            return
        del live.players[seat]
        table = live.table
        table.disconnected(seat)
        if table.started and not table.state().is_terminal():
            self._tell(live, make("countdown", seat=seat, seconds=table.record.wait))
        self._tell(live, table.lobby())
        await self._run(live)
        self._unload_if_idle(live)

    def _unload_if_idle(self, live: _Live) -> None:
        """Forget a stored table nobody is at: it is in the store, and comes back (rebuilt by
        replay) when somebody returns, so a server holding tables for days keeps in memory
        only those in play. Its countdown stops with it (nobody is there to see a stand-in
        play); the seats' countdowns begin again when the table is back."""
        if self.store is None or live.players or live.watchers:
            return
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if self.tables.get(live.table.code) is live:
            del self.tables[live.table.code]

    # --- sending ----------------------------------------------------------------------------
    def _tell(self, live: _Live, message: dict[str, Any]) -> None:
        for _seat, client in live.everyone():
            client.send(message)

    def _broadcast(self, live: _Live, step: Step | None) -> None:
        """Every player ``step`` as it may know it (or its view of now), every watcher
        theirs."""
        table = live.table
        for seat, client in live.everyone():
            if step is None:
                client.send(table.update(seat, None))
            else:
                client.send_text(table.encoded(seat, step))

    # --- the steps nobody at a client decides -----------------------------------------------
    async def _run(self, live: _Live) -> None:
        """Play chance, bots and stand-ins until a present player decides (or a countdown
        runs, then wake up when it ends)."""
        table = live.table
        async with live.lock:
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
                await asyncio.sleep(0)  # the other tables' turn
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

    async def farewell(self) -> None:
        """Tell every client that the host is going (before the server stops)."""
        for client in list(self.clients):
            client.send(make("bye"))
        await asyncio.sleep(0.05)

    def close(self) -> None:
        """Stop every table's timer (the server stops)."""
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
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
