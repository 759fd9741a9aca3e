"""Tables on the local network, listed by themselves: DNS service discovery over multicast DNS
(``zeroconf``), service type ``_stoneage._tcp.local.``.

A host announces its table (``LanAdvertiser``: the table's name, port, code, protocol version and
free seats as the service's TXT record) only while it hosts; a joiner's title screen browses
(``TableBrowser``) and shows what ``TableList`` holds. What a service record says is read by
``table_from_info`` alone, which trusts nothing in it (anybody on the network may announce
anything): a record that does not read is left out.

Nothing here opens a socket until ``LanAdvertiser.start`` or ``TableBrowser.start`` is called; the
tests hand service records to ``table_from_info`` and ``TableList`` directly and never send a
packet.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from .protocol import CODE_ALPHABET, CODE_LENGTH, VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_stoneage._tcp.local."
#: The longest table name announced (DNS-SD instance names are at most 63 bytes).
MAX_NAME = 40


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the local network: its name, where to join it, its code, the
    protocol version it speaks, its free seats and size, and whether it uses TLS."""

    name: str
    address: str
    port: int
    code: str
    version: int
    free: int
    players: int
    tls: bool

    @property
    def compatible(self) -> bool:
        """True when this game can join it (the same protocol version)."""
        return self.version == VERSION

    def url(self) -> str:
        """The address to join at."""
        shown = f"[{self.address}]" if ":" in self.address else self.address
        return f"{'wss' if self.tls else 'ws'}://{shown}:{self.port}"


def service_info(
    name: str,
    code: str,
    port: int,
    addresses: list[str],
    players: int,
    free: int,
    tls: bool = False,
) -> ServiceInfo:
    """The service record announcing a table (no packet is sent to make it)."""
    label = "".join(c for c in name if c.isprintable() and c != ".")[:MAX_NAME].strip() or code
    return ServiceInfo(
        SERVICE_TYPE,
        f"{label} {code}.{SERVICE_TYPE}",
        port=port,
        properties={
            "v": str(VERSION),
            "code": code,
            "name": label,
            "players": str(players),
            "free": str(free),
            "tls": "1" if tls else "0",
        },
        parsed_addresses=addresses,
        server=f"stoneage-{code.lower()}.local.",
    )


def table_from_info(info: ServiceInfo) -> FoundTable | None:
    """The table a service record announces, or None when the record is not one of ours or
    does not read."""
    if not info.name.endswith("." + SERVICE_TYPE) or info.port is None:
        return None
    try:
        props = info.decoded_properties
    except (UnicodeDecodeError, ValueError):
        return None
    code = props.get("code") or ""
    addresses = info.parsed_addresses()
    if len(code) != CODE_LENGTH or set(code) - set(CODE_ALPHABET) or not addresses:
        return None
    try:
        version = int(props.get("v") or "")
        players = int(props.get("players") or "")
        free = int(props.get("free") or "")
    except ValueError:
        return None
    if not (2 <= players <= 4 and 0 <= free <= players and 0 < info.port < 65536):
        return None
    name = "".join(c for c in props.get("name") or code if c.isprintable())[:MAX_NAME]
    return FoundTable(
        name, addresses[0], info.port, code, version, free, players, props.get("tls") == "1"
    )


class TableList:
    """The tables found so far, by service name (what a browser saw come and go)."""

    def __init__(self) -> None:
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()  # the browser's thread adds, the window's reads

    def seen(self, info: ServiceInfo) -> FoundTable | None:
        """A record was seen (new or updated); the table it announces, if it reads."""
        table = table_from_info(info)
        with self._lock:
            if table is None:
                self._found.pop(info.name, None)
            else:
                self._found[info.name] = table
        return table

    def gone(self, name: str) -> None:
        """The service ``name`` went away."""
        with self._lock:
            self._found.pop(name, None)

    def tables(self) -> list[FoundTable]:
        """The tables found, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name.lower(), t.code))


class _Listener(ServiceListener):
    """Feeds a ``TableList`` from a zeroconf browser (in zeroconf's thread)."""

    def __init__(self, found: TableList) -> None:
        self.found = found

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        """A table appeared: read its record."""
        info = zc.get_service_info(type_, name, timeout=2000)
        if info is not None:
            self.found.seen(info)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        """A table's record changed (its free seats)."""
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        """A table went away."""
        self.found.gone(name)


class TableBrowser:
    """Lists the tables announced on the local network while started (the join screen)."""

    def __init__(self) -> None:
        self.found = TableList()
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> None:
        """Start listening (multicast DNS on the local network)."""
        if self._zc is None:
            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, listener=_Listener(self.found))

    def tables(self) -> list[FoundTable]:
        """The tables found so far."""
        return self.found.tables()

    def stop(self) -> None:
        """Stop listening."""
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
        self._zc = self._browser = None


class LanAdvertiser:
    """Announces a hosted table on the local network while started."""

    def __init__(self, info: ServiceInfo) -> None:
        self.info = info
        self._zc: Zeroconf | None = None

    def start(self) -> None:
        """Announce the table (``OSError`` is logged: the code and address still work)."""
        try:
            self._zc = Zeroconf()
            self._zc.register_service(self.info, allow_name_change=True)
        except OSError:
            log.exception("cannot announce the table on the local network")

    def update(self, info: ServiceInfo) -> None:
        """Announce the table's new record (a seat was taken)."""
        self.info = info
        if self._zc is not None:
            self._zc.update_service(info)

    def stop(self) -> None:
        """Withdraw the announcement."""
        if self._zc is not None:
            self._zc.unregister_service(self.info)
            self._zc.close()
            self._zc = None
