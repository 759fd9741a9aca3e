"""Discovery's logic on service records handed to it directly: no zeroconf instance is made,
no packet (multicast or other) is sent."""

from __future__ import annotations

import ipaddress
import socket
import time
from typing import Any

import ifaddr
import pytest
from zeroconf import ServiceInfo

from stoneage.net import discovery, host
from stoneage.net.discovery import SERVICE_TYPE, TableList, service_info, table_from_info
from stoneage.net.protocol import VERSION


@pytest.fixture(autouse=True)
def no_zeroconf(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to open zeroconf fails the test (it would go on the wire)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a test opened zeroconf")

    monkeypatch.setattr(discovery, "Zeroconf", refuse)


def _info(name: str = "Ann's table", code: str = "ABC234", **props: str) -> ServiceInfo:
    properties = {"v": str(VERSION), "code": code, "name": name, "players": "4", "free": "2"}
    properties.update(props)
    return ServiceInfo(
        SERVICE_TYPE,
        f"{name} {code}.{SERVICE_TYPE}",
        port=40123,
        properties=properties,
        parsed_addresses=["192.168.1.20"],
        server="ann.local.",
    )


def test_an_announced_table_reads_back() -> None:
    info = service_info("Ann's table", "ABC234", 40123, ["192.168.1.20"], 4, 2)
    table = table_from_info(info)
    assert table is not None
    assert (table.name, table.code, table.port, table.free, table.players) == (
        "Ann's table",
        "ABC234",
        40123,
        2,
        4,
    )
    assert table.url() == "ws://192.168.1.20:40123" and table.compatible and not table.tls


def test_a_table_of_another_version_is_listed_as_not_compatible() -> None:
    table = table_from_info(_info(v=str(VERSION + 1)))
    assert table is not None and not table.compatible


@pytest.mark.parametrize(
    "props",
    [
        {"code": "abc"},
        {"code": "ABC23O"},  # O is not in the codes' alphabet
        {"v": "one"},
        {"players": "9"},
        {"free": "5"},
        {"free": "-1"},
    ],
)
def test_records_that_do_not_read_are_left_out(props: dict[str, str]) -> None:
    assert table_from_info(_info(**props)) is None


def test_a_record_of_another_service_is_left_out() -> None:
    other = ServiceInfo(
        "_http._tcp.local.",
        "printer._http._tcp.local.",
        port=80,
        properties={"code": "ABC234"},
        parsed_addresses=["192.168.1.9"],
    )
    assert table_from_info(other) is None


def test_the_list_follows_tables_coming_changing_and_going() -> None:
    found = TableList()
    found.seen(_info("Bob", "BBB234"))
    found.seen(_info("ann", "AAA234"))
    assert [t.name for t in found.tables()] == ["ann", "Bob"]
    found.seen(_info("Bob", "BBB234", free="0"))
    assert [t.free for t in found.tables()] == [2, 0]
    found.seen(_info("Bob", "BBB234", players="x"))  # a record that no longer reads
    assert [t.name for t in found.tables()] == ["ann"]
    found.gone(f"ann AAA234.{SERVICE_TYPE}")
    assert found.tables() == []


def test_a_hostile_name_is_cleaned() -> None:
    info = service_info("bad\x00name." + "x" * 100, "ABC234", 1, ["10.0.0.2"], 2, 1)
    table = table_from_info(info)
    assert table is not None and "\x00" not in table.name and len(table.name) <= 40


def test_a_host_announces_its_table_with_its_free_seats() -> None:
    from stoneage.net.host import Host
    from stoneage.net.table import SeatConfig

    seats = [SeatConfig("host"), SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot")]
    host = Host(seats, bind="127.0.0.1")
    host.start()
    try:
        # The address given: the test does not depend on this machine's interfaces.
        table = table_from_info(host.announcement("Ann's table", ["127.0.0.1"]))
        assert table is not None
        assert (table.code, table.port, table.players, table.free) == (host.code, host.port, 4, 2)
        assert table.name == "Ann's table" and table.compatible
    finally:
        host.stop()


def _no_lookup(*_args: Any, **_kwargs: Any) -> Any:
    raise AssertionError("a name lookup")


def test_the_hosts_addresses_are_read_at_once_without_a_name_lookup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr", "getfqdn"):
        monkeypatch.setattr(socket, name, _no_lookup)
    started = time.monotonic()
    found = host.local_addresses()
    assert time.monotonic() - started < 0.5
    assert found
    parsed = [ipaddress.ip_address(text) for text in found]
    assert [a.version for a in parsed] == sorted(a.version for a in parsed)  # IPv4 first
    for text, address in zip(found, parsed):
        assert not address.is_loopback or found == ["127.0.0.1"]
        assert not (address.version == 6 and address.is_link_local)
        # An address of this machine: a socket binds to it (binding sends nothing).
        family = socket.AF_INET if address.version == 4 else socket.AF_INET6
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.bind((text, 0))


def test_the_hosts_addresses_leave_out_loopback_and_ipv6_link_local(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ips = [
        ifaddr.IP("127.0.0.1", 8, "lo"),
        ifaddr.IP(("::1", 0, 0), 128, "lo"),
        ifaddr.IP(("fe80::1", 0, 2), 64, "eth0"),
        ifaddr.IP(("2001:db8::5", 0, 0), 64, "eth0"),
        ifaddr.IP("169.254.3.4", 16, "eth1"),
        ifaddr.IP("192.168.1.5", 24, "eth0"),
        ifaddr.IP("192.168.1.5", 24, "eth0:1"),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [ifaddr.Adapter("all", "all", ips)])
    assert host.local_addresses() == ["192.168.1.5", "169.254.3.4", "2001:db8::5"]
    only_loopback = [ifaddr.Adapter("lo", "lo", ips[:2])]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: only_loopback)
    assert host.local_addresses() == ["127.0.0.1"]

    def unreadable() -> list[ifaddr.Adapter]:
        raise OSError("no interfaces")

    monkeypatch.setattr(ifaddr, "get_adapters", unreadable)
    assert host.local_addresses() == ["127.0.0.1"]
