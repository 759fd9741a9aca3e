"""A client of 1550f13 (network protocol 1: a story and a view in every message) meeting
today's host or server (protocol 2: a step's events) is told in words that the versions
differ, never crashes, and stops trying; the host or server serves on.

The client is 1550f13's own code: its ``stoneage/net/client.py`` and ``protocol.py``, kept
as they were in ``tests/fixtures/1550f13/net`` and loaded here as a package of their own
(their other imports are today's modules, which these paths do not reach: a refused hello is
read by the protocol and the client alone).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from stoneage.net.client import Client, Joined, create_table
from stoneage.net.host import Host
from stoneage.net.protocol import VERSION
from stoneage.net.service import ServiceConfig
from stoneage.net.store import TableStore
from stoneage.net.table import SeatConfig

from .raw import served

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "1550f13" / "net"
PACKAGE = "net_1550f13"
# An exception in the old client's thread (a crash) fails the test, not only a warning.
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")

#: What 1550f13's client says when a host speaks another version (its own words, in English).
WORDS = (
    "The host runs another version of the game (network protocol 2; this game speaks 1). "
    "Both players need the same version."
)


def old_module(name: str) -> ModuleType:
    """A module of 1550f13's network client (``client`` or ``protocol``)."""
    if PACKAGE not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            PACKAGE, OLD / "__init__.py", submodule_search_locations=[str(OLD)]
        )
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules[PACKAGE] = package
        spec.loader.exec_module(package)
    return importlib.import_module(f"{PACKAGE}.{name}")


@pytest.fixture
def old_clients() -> Iterator[list[Any]]:
    """1550f13 clients a test starts, closed afterwards whatever happened."""
    made: list[Any] = []
    yield made
    for client in made:
        client.close(timeout=2.0)


def _refused_in_words(url: str, code: str, old_clients: list[Any]) -> None:
    """A 1550f13 client joining ``code`` at ``url`` hears the version problem in words, then
    stops by itself (no retry: nothing it could do would help), and never crashes."""
    old = old_module("client")
    assert old_module("protocol").VERSION == 1
    client = old.Client(url, code, name="Ann", retry_for=30.0)
    old_clients.append(client)
    client.start()
    problem = client.wait_for(old.Problem)
    assert (problem.code, problem.words) == ("version", WORDS)
    client.wait_for(old.Closed, timeout=10.0)  # it gave up at once, well before retry_for
    assert client.view is None
    assert client._thread is not None
    client._thread.join(5.0)
    assert not client._thread.is_alive()


def test_a_1550f13_client_meeting_a_newer_host_is_told_why_in_words(
    old_clients: list[Any], clients: list[Client]
) -> None:
    assert VERSION == 2
    host = Host([SeatConfig("host"), SeatConfig("remote"), SeatConfig("bot")], bind="127.0.0.1")
    host.start()
    try:
        code = host.code or ""
        _refused_in_words(host.url(), code, old_clients)
        today = Client(host.url(), code, name="Bo")  # and the host serves on
        clients.append(today)
        today.start()
        assert today.wait_for(Joined).seat == 1
    finally:
        host.stop()


def test_a_1550f13_client_meeting_a_newer_server_is_told_why_in_words(
    tmp_path: Path, old_clients: list[Any], clients: list[Client]
) -> None:
    store = TableStore(tmp_path / "tables.sqlite3")
    try:
        with served(store, ServiceConfig(allow_create=True)) as server:
            code = create_table(server.url, [{"kind": "remote"}, {"kind": "bot"}])
            _refused_in_words(server.url, code, old_clients)
            # Creating a table the 1550f13 way is refused with the same words.
            old = old_module("client")
            with pytest.raises(old_module("protocol").ProtocolError) as refused:
                old.create_table(server.url, [{"kind": "remote"}, {"kind": "bot"}])
            assert refused.value.code == "version"
            assert old.problem_words(refused.value.code, refused.value.params) == WORDS
            today = Client(server.url, code, name="Bo")
            clients.append(today)
            today.start()
            assert today.wait_for(Joined).seat == 0
    finally:
        store.close()
