"""The dedicated server: ``python -m stoneage.server --port P`` (or ``stoneage-server``).

It runs without a window and holds many tables at once, for players who are never on one
network. Players create a table (``stoneage.net.client.create_table``), join it by its code,
leave and come back to it days later with their seat's token. Every table lives in an SQLite
database (``--db``) and is written after every step, so a restart, even after the process was
killed, loses nothing: each table is rebuilt by replaying its actions. ``--cert``/``--key``
serve over TLS (``wss://``). ``--metrics`` serves the Prometheus text format. SIGTERM (or
SIGINT) stops it gracefully: every client is told the server is restarting and comes back by
itself. See the README's "A dedicated server" and "Running a public server".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import ssl
import sys
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from stoneage.net import metrics as metrics_module
from stoneage.net.metrics import Metrics
from stoneage.net.service import ServiceConfig, TableService
from stoneage.net.store import TableStore

log = logging.getLogger("stoneage.server")

#: Allocations between two runs of the cyclic garbage collector's youngest generation (Python's
#: default is 700). The server makes few reference cycles (some thousand objects' worth in a
#: minute of 50 busy tables) but many short-lived containers, and each run also walked the
#: objects that survived, so at 700 the collector took about 7 % of the server's CPU under
#: ``bench/net_load.py``; at 20,000 it takes about 2 %.
GC_YOUNG = 20_000


def settle_memory() -> None:
    """Tune the garbage collector for a long-running server: what the start-up made (modules,
    classes, the rules' tables) is frozen out of its sight (``gc.freeze``), so that no later
    collection walks it again, and the youngest generation is collected every ``GC_YOUNG``
    allocations."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG)


def parser() -> argparse.ArgumentParser:
    """The command line's options."""
    p = argparse.ArgumentParser(
        prog="stoneage-server",
        description="Serve Stone Age tables over the network (WebSocket), kept in SQLite.",
    )
    p.add_argument("--port", type=int, default=8765, help="TCP port to listen on (default 8765)")
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every IPv4 address; '::' for IPv6 too)",
    )
    p.add_argument(
        "--db",
        default="stoneage-tables.sqlite3",
        help="SQLite file keeping every table (default ./stoneage-tables.sqlite3)",
    )
    p.add_argument("--cert", type=Path, help="TLS certificate chain (PEM); serve wss://")
    p.add_argument("--key", type=Path, help="TLS private key (PEM), with --cert")
    p.add_argument(
        "--bot-wait",
        type=float,
        default=300.0,
        help="seconds a player's seat waits after a disconnection before a bot plays it "
        "(default 300; a table's creator may ask for less)",
    )
    p.add_argument(
        "--durable",
        action="store_true",
        help="force every step to the disk (survives a power cut; slower). Without it a "
        "step survives the server being killed, and a power cut may lose the last few",
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=10_000,
        help="tables open at once (waiting for players or being played; finished ones are "
        "archived and not counted; default 10000)",
    )
    p.add_argument(
        "--tables-per-address",
        type=int,
        default=4,
        help="tables one address (or player) may have waiting for players at once "
        "(default 4; 0: no limit)",
    )
    p.add_argument(
        "--creates-per-minute",
        type=float,
        default=6.0,
        help="tables one address (or player) may create a minute, in bursts of 3 "
        "(default 6; 0: no limit)",
    )
    p.add_argument(
        "--unjoined-expiry",
        type=float,
        default=600.0,
        help="seconds a table nobody joined is kept (default 600)",
    )
    p.add_argument(
        "--hellos-per-second",
        type=float,
        default=5.0,
        help="joins (hellos) answered a second per address; after 20 wrong codes or tokens "
        "an address is refused until they come back at 10 a minute (default 5; 0: no pacing)",
    )
    p.add_argument(
        "--quick-wait",
        type=float,
        default=60.0,
        help="seconds a quick match's table waits for players before bots fill it (default 60)",
    )
    p.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy's address whose X-Forwarded-For names each player's address "
        "(for the per-address limits; repeat for several)",
    )
    p.add_argument(
        "--metrics",
        metavar="[ADDRESS:]PORT",
        help="serve the Prometheus text format at http://ADDRESS:PORT/metrics (address "
        "127.0.0.1 unless given; needs prometheus_client: pip install 'stoneage[server]')",
    )
    p.add_argument(
        "--max-per-address",
        type=int,
        default=32,
        help="connections open at once from one address (default 32; 0: no limit, e.g. "
        "behind a reverse proxy, where every player comes from the proxy's address)",
    )
    p.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING or ERROR")
    return p


def tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The server's TLS context from its certificate and key, or None for plain ``ws://``."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise SystemExit("--cert and --key go together")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def metrics_address(text: str) -> tuple[str, int]:
    """The address and port of ``--metrics`` (``PORT``, ``ADDRESS:PORT`` or ``[IPv6]:PORT``)."""
    address, _, port = text.rpartition(":")
    address = address.strip("[]") or "127.0.0.1"
    try:
        number = int(port)
    except ValueError:
        raise SystemExit(f"--metrics {text}: give [ADDRESS:]PORT") from None
    if not 0 <= number < 65536:
        raise SystemExit(f"--metrics {text}: no such port")
    return address, number


async def serve_forever(
    port: int,
    host: str,
    db: str,
    tls: ssl.SSLContext | None,
    config: ServiceConfig,
    durable: bool = False,
    metrics_at: tuple[str, int] | None = None,
) -> None:
    """Serve until SIGINT or SIGTERM, then tell every client the server is restarting; print
    the port listened on (and the metrics' port: the tests read them)."""
    store = TableStore(db, durable)
    store.checkpoint_in_background()  # the event loop never waits for a checkpoint's disk
    service = TableService(store, config)
    exporter = None
    if metrics_at is not None:
        service.metrics = Metrics(
            lambda: _table_counts(service), lambda: len(service.clients), config.clock
        )
        exporter = service.metrics.serve(metrics_at[1], metrics_at[0])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    settle_memory()
    for signum in (signal.SIGINT, signal.SIGTERM):
        # Windows has no signal handlers in the loop: Ctrl+C raises KeyboardInterrupt there.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        async with service.listen(host, port, tls, ping=30) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            scheme = "wss" if tls else "ws"
            print(f"stoneage-server listening on {scheme}://{host}:{bound}", flush=True)
            if exporter is not None and metrics_at is not None:
                where = f"http://{metrics_at[0]}:{exporter.server_port}/metrics"
                print(f"stoneage-server metrics on {where}", flush=True)
            await stop.wait()
            log.info("stopping: telling every client the server restarts")
            await service.farewell(restart=True)
            service.close()
    finally:
        if exporter is not None:
            exporter.shutdown()
        store.close()


def _table_counts(service: TableService) -> dict[str, int]:
    """The tables by state, for the metrics."""
    live = list(service.tables.values())
    return {
        "waiting": sum(not t.table.started for t in live),
        "playing": sum(t.table.started and not t.finished for t in live),
        "stored": service.open_tables(),
    }


def _run_loop(work: Coroutine[Any, Any, None]) -> None:
    """Run the server's work in uvloop's event loop where it is installed (the server's extra,
    on Linux and macOS: the loop, its sockets' reads and writes in C), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(work)
        return
    uvloop.run(work)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server with the command line's options."""
    args = parser().parse_args(argv)
    logging.basicConfig(
        level=getattr(logging, str(args.log_level).upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config = ServiceConfig(
        allow_create=True,
        wait=args.bot_wait,
        max_tables=args.max_tables,
        max_per_address=args.max_per_address,
        tables_per_address=args.tables_per_address,
        creates_per_minute=args.creates_per_minute,
        unjoined_expiry=args.unjoined_expiry,
        hellos_per_second=args.hellos_per_second,
        quick_wait=args.quick_wait,
        trusted_proxies=frozenset(args.trust_proxy),
    )
    metrics_at = metrics_address(args.metrics) if args.metrics else None
    if metrics_at is not None and not metrics_module.available():
        print(
            "stoneage-server: --metrics needs prometheus_client (pip install 'stoneage[server]')",
            file=sys.stderr,
        )
        return 2
    try:
        _run_loop(
            serve_forever(
                args.port,
                args.host,
                args.db,
                tls_context(args.cert, args.key),
                config,
                args.durable,
                metrics_at,
            )
        )
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"stoneage-server: {error}", file=sys.stderr)
        return 1
    return 0
