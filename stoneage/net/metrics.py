"""What a server tells its operator's monitoring: the Prometheus text format, with
``prometheus_client`` (``--metrics [ADDRESS:]PORT``).

``prometheus_client`` is an optional dependency (the ``server`` extra, and the test extra so
that CI checks it): only an operator who scrapes the server needs it, and the game's window
and installers never do. ``available()`` says whether it is installed; the server refuses
``--metrics`` in words without it.

Series (each prefixed ``stoneage_``):

* ``tables{state}``: tables in memory waiting for players or being played, and tables open in
  the database (``stored``, what ``--max-tables`` counts);
* ``connections``: WebSocket connections open;
* ``actions_total`` (a counter: Prometheus' ``rate()`` of it is the actions a second) and
  ``actions_per_second`` (the same over the last ten seconds, for a glance);
* ``round_trip_seconds``: a histogram of the connections' round trips (the WebSocket
  keep-alive ping to its pong), sampled from each connection every ``sample`` seconds;
* ``refusals_total{code}``: requests refused by a quota (creating, guessing, watching).
"""

from __future__ import annotations

import importlib.util
import time
from collections import deque
from collections.abc import Callable
from typing import Any

#: The round trip histogram's buckets, in seconds (loopback to a slow mobile link).
ROUND_TRIP_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


def available() -> bool:
    """True when ``prometheus_client`` is installed."""
    return importlib.util.find_spec("prometheus_client") is not None


class Metrics:
    """The server's series in a registry of their own (see the module docstring).
    ``tables`` and ``connections`` are read when scraped."""

    def __init__(
        self,
        tables: Callable[[], dict[str, int]],
        connections: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.clock = clock
        self.registry = CollectorRegistry()
        self._recent: deque[float] = deque()
        table_gauge = Gauge("stoneage_tables", "Tables by state", ["state"], registry=self.registry)
        for state in ("waiting", "playing", "stored"):
            table_gauge.labels(state).set_function(
                lambda state=state: float(tables().get(state, 0))  # type: ignore[misc]
            )
        Gauge(
            "stoneage_connections", "WebSocket connections open", registry=self.registry
        ).set_function(lambda: float(connections()))
        Gauge(
            "stoneage_actions_per_second",
            "Actions applied a second over the last ten seconds",
            registry=self.registry,
        ).set_function(self.actions_per_second)
        self.actions = Counter("stoneage_actions", "Actions applied", registry=self.registry)
        self.round_trip = Histogram(
            "stoneage_round_trip_seconds",
            "WebSocket ping round trip of the connections",
            buckets=ROUND_TRIP_BUCKETS,
            registry=self.registry,
        )
        self.refusals = Counter(
            "stoneage_refusals", "Requests refused by a quota", ["code"], registry=self.registry
        )

    def action(self) -> None:
        """An action was applied at a table."""
        self.actions.inc()
        now = self.clock()
        self._recent.append(now)
        while self._recent and self._recent[0] < now - 10.0:
            self._recent.popleft()

    def actions_per_second(self) -> float:
        """Actions applied a second over the last ten seconds."""
        now = self.clock()
        while self._recent and self._recent[0] < now - 10.0:
            self._recent.popleft()
        return len(self._recent) / 10.0

    def refused(self, code: str) -> None:
        """A quota refused a request (``code``: which)."""
        self.refusals.labels(code).inc()

    def text(self) -> bytes:
        """The series in the Prometheus text format."""
        from prometheus_client import generate_latest

        return generate_latest(self.registry)

    def serve(self, port: int, address: str = "127.0.0.1") -> Any:
        """Serve the series over HTTP at ``address``:``port`` (``/metrics``) in a thread of
        its own; the HTTP server (its ``server_port``, ``shutdown()``)."""
        from prometheus_client import start_http_server

        server, _thread = start_http_server(port, address, registry=self.registry)
        return server
