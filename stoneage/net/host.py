"""Hosting a table from the game's window: the table server in a background thread.

``Host`` runs a ``TableService`` with one table in a thread of its own with its own asyncio
event loop, so the window's frame loop never waits on the network. It listens on the port the
player sees (``port``; 0 picks a free one, read back once started) and on the address the
player chose (every address by default, so that friends on the local network can join; the
desktop's firewall may ask once). The host's own player joins as a client like any other,
over loopback, with the host seat's token (``host_token``), so there is one client code.

The table is kept in an SQLite file (``db``) after every step: a host that quits or crashes
reopens it (``Host(..., db=same file, code=its code)``) and the others rejoin with their
tokens, at the same decision.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
import threading
from pathlib import Path

from websockets.asyncio.server import serve

from .protocol import MAX_FRAME_BYTES
from .service import ServiceConfig, TableService
from .store import TableStore
from .table import HOST, NetTable, SeatConfig


class HostError(RuntimeError):
    """Hosting failed: the port is taken, the saved table is gone, the address is wrong."""


class Host:
    """A table this program serves (see the module docstring)."""

    def __init__(
        self,
        seats: list[SeatConfig] | None = None,
        *,
        db: str | Path = ":memory:",
        code: str | None = None,
        standin: str = "normal",
        wait: float = 60.0,
        spectators: bool = True,
        port: int = 0,
        bind: str = "0.0.0.0",
        seed: int | None = None,
        tls: ssl.SSLContext | None = None,
        config: ServiceConfig | None = None,
    ) -> None:
        if (seats is None) == (code is None):
            raise ValueError("give the seats of a new table, or the code of a saved one")
        self.seats, self.db, self.code = seats, db, code
        self.standin, self.wait, self.spectators, self.seed = standin, wait, spectators, seed
        self.port, self.bind, self.tls = port, bind, tls
        self.config = config or ServiceConfig(wait=wait)
        self.host_token: str | None = None
        self.host_seat: int | None = None
        self.error: Exception | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._farewell = True
        self.service: TableService | None = None

    # --- running ----------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Start serving; returns once listening (``port`` then holds the real port). Raises
        ``HostError`` when that fails."""
        self._thread = threading.Thread(target=self._run, name="stoneage-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise HostError("the host did not start in time")
        if self.error is not None:
            raise HostError(str(self.error)) from self.error

    def stop(self, farewell: bool = True, timeout: float = 10.0) -> None:
        """Stop serving; with ``farewell`` the clients are told the host is going first
        (without, they only see the connection drop, as when the host crashes)."""
        loop, stop = self._loop, self._stop
        self._farewell = farewell
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def running(self) -> bool:
        """True while the host serves."""
        return self._thread is not None and self._thread.is_alive() and self.error is None

    def url(self, address: str = "127.0.0.1") -> str:
        """The address a client joins at (``ws://`` or ``wss://``)."""
        scheme = "wss" if self.tls else "ws"
        shown = f"[{address}]" if ":" in address else address
        return f"{scheme}://{shown}:{self.port}"

    def addresses(self) -> list[str]:
        """This machine's addresses to tell friends (its local network ones), as the system
        knows them; loopback when it knows no other."""
        found: list[str] = []
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP)
        except OSError:
            infos = []
        for family, *_rest, sockaddr in infos:
            address = str(sockaddr[0])
            local = address.startswith(("127.", "fe80")) or address == "::1"
            if family in (socket.AF_INET, socket.AF_INET6) and not local and address not in found:
                found.append(address)
        return found or ["127.0.0.1"]

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # reported to the window by start()
            self.error = error
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        store = TableStore(self.db)
        service = self.service = TableService(store, self.config)
        try:
            table = self._table(service)
            self.code = table.code
            async with serve(
                service.handler,
                self.bind,
                self.port,
                max_size=MAX_FRAME_BYTES,
                ssl=self.tls,
                ping_interval=20,
                ping_timeout=20,
            ) as server:
                self.port = next(iter(server.sockets)).getsockname()[1]
                self._ready.set()
                await self._stop.wait()
                if self._farewell:
                    await service.farewell()
            service.close()
        finally:
            store.close()

    def _table(self, service: TableService) -> NetTable:
        if self.code is not None:
            table = service.open_table(self.code)
            if table is None:
                raise HostError(f"no saved table {self.code}")
            self.host_seat = table.owner()
            return table
        assert self.seats is not None
        table = service.add_table(
            self.seats, self.standin, self.wait, self.spectators, seed=self.seed
        )
        host = [i for i, s in enumerate(table.record.seats) if s.kind == HOST]
        if host:
            self.host_seat, self.host_token = table.claim(host[0])
            service.save_table(table)
        return table
