"""Discovery's logic on service records handed to it directly: no zeroconf instance is made,
no packet (multicast or other) is sent."""

from __future__ import annotations

import pytest
from zeroconf import ServiceInfo

from stoneage.net import discovery
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
