"""Hosting a table from the setup screen: the seats chosen there become a table served by this
program (``stoneage.net.host``), the host's own player joins it like anyone else, and the
waiting room shows what to tell the others.

The table is kept on disk after every move (an SQLite file in the player's data folder) with
what this player needs to come back to it: its code and the host seat's token
(``stoneage.records.hosted``).
Leaving, quitting or a crash loses nothing: *Continue* on the title screen reopens it, on the
same port when it is free, and the others rejoin with their tokens at the same decision.
"""

from __future__ import annotations

from pathlib import Path

from stoneage.i18n import _
from stoneage.net.client import Client
from stoneage.net.discovery import LanAdvertiser
from stoneage.net.host import Host, HostError
from stoneage.net.session import OnlineSession
from stoneage.net.table import HOST, REMOTE, SeatConfig
from stoneage.play.names import is_default_name
from stoneage.play.seats import Seat
from stoneage.records.hosted import HostedKeep, Kept
from stoneage.scenes.kit.base import Scene, SceneHost
from stoneage.scenes.kit.confirm import ConfirmScene
from stoneage.scenes.online.addressing import HOST_PORT
from stoneage.scenes.online.waiting_room import WaitingRoomScene

BOT = "bot"


def seat_configs(seats: list[Seat], joins: list[bool]) -> list[SeatConfig]:
    """The table's seats from the setup screen's: the (first) human at this screen hosts, a
    seat that joins waits for a player, a bot keeps its level, name and opponent."""
    configs: list[SeatConfig] = []
    for seat, joined in zip(seats, joins):
        hosts = any(c.kind == HOST for c in configs)
        if joined or (seat.is_human and hosts):  # one host: another person joins like anyone
            configs.append(SeatConfig(REMOTE, colour=seat.colour))
        elif seat.is_human:
            # The default "You" would name nobody on the others' screens: the table names it.
            name = "" if is_default_name(seat.name) else seat.name
            configs.append(SeatConfig(HOST, name=name, colour=seat.colour))
        else:
            configs.append(SeatConfig(BOT, seat.level, seat.name, seat.colour, seat.bot_opponent))
    return configs


def start_host(
    seats: list[SeatConfig] | None,
    db: Path | str,
    port: int = HOST_PORT,
    bind: str = "0.0.0.0",
    code: str | None = None,
    seed: int | None = None,
    wait: float = 60.0,
    standin: str = "normal",
    spectators: bool = True,
) -> Host:
    """A host serving the table (new: ``seats``; reopened: ``code``), on ``port`` when it is
    free, else on another one the system picks. ``HostError`` when it cannot serve at all."""
    last = HostError("no port to listen on")
    for tried in (port, 0) if port else (0,):
        host = Host(
            seats,
            db=db,
            code=code,
            port=tried,
            bind=bind,
            seed=seed,
            wait=wait,
            standin=standin,
            spectators=spectators,
        )
        try:
            host.start()
            return host
        except HostError as error:
            if code is not None and "no saved table" in str(error):
                raise
            last = error
    raise last


def host_table(
    app: SceneHost,
    seats: list[Seat],
    joins: list[bool],
    seed: int | None = None,
    port: int = HOST_PORT,
    bind: str = "0.0.0.0",
    keep: HostedKeep | None = None,
    announce: bool | None = None,
    wait: float = 60.0,
    standin: str = "normal",
    spectators: bool = True,
) -> Scene:
    """The scene registered as "host_table": the waiting room of a new table hosted with these
    seats (``joins``: the seats a player on another computer takes), or the reason it could
    not be hosted (``announce``: list it on the local network, multicast DNS: never in tests;
    None: as the settings say; ``wait``: the seconds a player who drops has to return before a bot of level ``standin``
    plays the seat; ``spectators``: whether others may watch)."""
    keep = keep or HostedKeep()
    try:
        configs = seat_configs(seats, joins)
        host = start_host(
            configs,
            keep.db,
            port,
            bind,
            seed=seed,
            wait=wait,
            standin=standin,
            spectators=spectators,
        )
    except (HostError, OSError) as error:
        return cannot_host(app, str(error))
    name = next((s.name for s, j in zip(seats, joins) if s.is_human and not j), "")
    if host.host_token is not None and host.code is not None:
        keep.save(Kept(host.code, host.host_token, name, host.port))
    return _room(app, host, host.host_token, name, keep, announce)


def reopen_table(
    app: SceneHost,
    keep: HostedKeep | None = None,
    bind: str = "0.0.0.0",
    announce: bool | None = None,
) -> Scene:
    """The scene registered as "reopen_table": the kept hosted table served again (the others
    rejoin with their tokens), or the reason it could not be (``announce`` as for
    ``host_table``)."""
    keep = keep or HostedKeep()
    kept = keep.load()
    if kept is None:
        return cannot_host(app, _("No hosted table is kept."))
    try:
        host = start_host(None, keep.db, kept.port, bind, code=kept.code)
    except (HostError, OSError) as error:
        return cannot_host(app, str(error))
    if host.port != kept.port:
        keep.save(Kept(kept.code, kept.token, kept.name, host.port))
    return _room(app, host, kept.token, kept.name, keep, announce)


def _room(
    app: SceneHost,
    host: Host,
    token: str | None,
    name: str,
    keep: HostedKeep,
    announce: bool | None,
) -> Scene:
    """The host's own player joins over loopback and waits in the waiting room (the table
    announced on the local network meanwhile, with ``announce``, or as the settings say when
    it is None: Settings, Online, *Local network*)."""
    client = Client(host.url("127.0.0.1"), host.code or "", token=token, name=name)
    session = OnlineSession(client, name, host, keep, addresses=host.addresses())
    if announce is None:
        announce = app.settings.local_network
    if announce:
        session.announce_as = "" if is_default_name(name) else name  # the code names "You"'s
        session.advertiser = advertiser_for(host, session.announce_as, session.addresses)
    client.start()
    return WaitingRoomScene(app, session)


def advertiser_for(host: Host, name: str, addresses: list[str]) -> LanAdvertiser | None:
    """The announcement of ``host``'s table on the local network under ``name``, started
    (None when this machine has no address on one, or the host does not run)."""
    here = [a for a in addresses if not a.startswith("127.")]
    if not here:
        return None
    try:
        advertiser = LanAdvertiser(host.announcement(name, here))
    except HostError:
        return None
    advertiser.start()
    return advertiser


def cannot_host(app: SceneHost, reason: str) -> Scene:
    """The message that the table could not be hosted, and why."""
    return ConfirmScene(
        app,
        _("Host this table"),
        _("The table could not be hosted: {reason}").format(reason=reason),
        [],
    )
