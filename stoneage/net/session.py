"""A seat at a table over the network, as the window holds it: the client, and when the player
hosts, the host this program runs, where the table is kept for Continue and its advertisement
on the local network."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from stoneage.net.client import Client, Event
from stoneage.net.discovery import LanAdvertiser
from stoneage.net.host import Host
from stoneage.records.hosted import HostedKeep, Seated, SeatKeep

log = logging.getLogger(__name__)


@dataclass
class OnlineSession:
    """A seat at a table over the network: the client, and the host this program runs when
    the player hosts (stopped with the table; its players are told it goes)."""

    client: Client
    name: str = ""
    host: Host | None = None
    keep: HostedKeep | None = None  # where a hosted table is kept for Continue
    seat_keep: SeatKeep | None = None  # where a joined seat's token is kept to return
    addresses: list[str] = field(default_factory=list)  # where the others join a hosted table
    advertiser: LanAdvertiser | None = None  # a hosted table's announcement on the local network
    announce_as: str = ""  # the name it is announced under ("": its code)
    events: list[Event] = field(default_factory=list)  # heard before the table was built

    def quiet(self) -> None:
        """Stop announcing the table on the local network (its game began, or it closes)."""
        if self.advertiser is not None:
            self.advertiser.stop()
            self.advertiser = None

    def announce_again(self) -> None:
        """A seat was taken or given back: the announcement says how many are free now."""
        advertiser, host = self.advertiser, self.host
        if advertiser is None or host is None:
            return
        try:
            advertiser.update(host.announcement(self.announce_as, self.addresses))
        except Exception:  # an announcement is a courtesy: the address and code still work
            log.exception("the table's announcement could not be updated")

    def close(self) -> None:
        """Leave the table, and stop hosting it."""
        self.quiet()
        self.client.close(timeout=1.0)
        if self.host is not None:
            self.host.stop(farewell=True, timeout=2.0)

    def finished(self) -> None:
        """The game is over: a hosted table is no longer one to continue, a joined seat no
        longer one to return to."""
        if self.host is not None and self.keep is not None:
            self.keep.forget()
        if self.seat_keep is not None:
            self.seat_keep.forget()

    def seated(self, token: str | None) -> None:
        """The host gave this player a seat and its token: keep it to return (a joined seat;
        the host's own is kept with its table)."""
        client = self.client
        if token is not None and self.host is None and self.seat_keep is not None:
            self.seat_keep.save(Seated(client.url, client.code, token, self.name))
