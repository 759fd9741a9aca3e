"""Network tests: loopback only, ephemeral ports, every wait bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stoneage.net.client import Client


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    """Clients a test starts, closed afterwards whatever happened."""
    made: list[Client] = []
    yield made
    for client in made:
        client.close(timeout=2.0)
