"""Hosting a table from the game's window: the table server in a background thread.

``Host`` runs a ``TableService`` with one table in a thread of its own with its own asyncio
event loop, so the window's frame loop never waits on the network. It listens on the port the
player sees (``port``; 0 picks a free one, read back once started) and on the address the
player chose (every address by default, so that friends on the local network can join; the
desktop's firewall may ask once). The host's own player joins as a client like any other,
over loopback, with the host seat's token (``host_token``), so there is one client code.

``announcement(name)`` is the service record that lists the table on the local network
(``discovery.LanAdvertiser`` sends it, only while the player hosts).

The table is kept in an SQLite file (``db``) after every step: a host that quits or crashes
reopens it (``Host(..., db=same file, code=its code)``) and the others rejoin with their
tokens, at the same decision.
"""

from __future__ import annotations

import asyncio
import ipaddress
import ssl
import threading
from pathlib import Path

import ifaddr
from zeroconf import ServiceInfo

from .discovery import service_info
from .service import ServiceConfig, TableService
from .store import TableStore
from .table import HOST, NetTable, SeatConfig


def local_addresses() -> list[str]:
    """The addresses of this machine's network interfaces that friends may join at (see
    ``Host.addresses``); ``["127.0.0.1"]`` when there is none or they cannot be read."""
    try:
        adapters = ifaddr.get_adapters()
    except (OSError, ValueError):  # an interface list the system would not give
        adapters = []
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for adapter in adapters:
        for ip in adapter.ips:
            # ifaddr gives an IPv4 address as text and an IPv6 one as (text, flow, scope).
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                continue
            # An IPv6 link-local address means nothing without its interface; an IPv4 one
            # (a cable between two machines, no router) is kept, last of its kind.
            if address.is_loopback or address.is_unspecified:
                continue
            if address.version == 6 and address.is_link_local:
                continue
            if address not in found:
                found.append(address)
    # IPv4 first, link-local last (a stable sort keeps the system's order otherwise).
    found.sort(key=lambda a: (a.version, a.is_link_local))
    return [str(a) for a in found] or ["127.0.0.1"]


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
        """This machine's addresses to tell friends (its local network ones: IPv4 first, then
        IPv6, without loopback nor IPv6 link-local ones), loopback when it has no other.

        Read from the network interfaces themselves (``ifaddr``), never by looking the
        machine's own name up: a name lookup may wait seconds on a DNS server that does not
        answer, and the window asks from its frame loop. Sends nothing."""
        return local_addresses()

    def announcement(self, name: str, addresses: list[str] | None = None) -> ServiceInfo:
        """The service record announcing this table on the local network under ``name``
        (its code, port, addresses (``addresses()`` by default), size and free seats), for a
        ``discovery.LanAdvertiser``; made again after a seat is taken, for its ``update``. Sends
        nothing."""
        table = self.service.table(self.code or "") if self.service is not None else None
        if table is None:
            raise HostError("the host is not running")
        seats, digests = table.record.seats, table.record.digests
        free = sum(s.is_player and d is None for s, d in zip(seats, digests))
        return service_info(
            name,
            table.code,
            self.port,
            addresses or self.addresses(),
            len(seats),
            free,
            self.tls is not None,
        )

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
            async with service.listen(self.bind, self.port, self.tls) as server:
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
