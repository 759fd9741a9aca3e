"""The dedicated server: ``python -m stoneage.server --port P`` (or ``stoneage-server``).

It runs without a window and holds many tables at once, for players who are never on one
network. Players create a table (``stoneage.net.client.create_table``), join it by its code,
leave and come back to it days later with their seat's token. Every table lives in an SQLite
database (``--db``) and is written after every step, so a restart, even after the process was
killed, loses nothing: each table is rebuilt by replaying its actions. ``--cert``/``--key``
serve over TLS (``wss://``). See the README's "A dedicated server".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path

from stoneage.net.service import ServiceConfig, TableService
from stoneage.net.store import TableStore

log = logging.getLogger("stoneage.server")


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
    p.add_argument("--max-tables", type=int, default=10_000, help="tables created at most")
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


async def serve_forever(
    port: int,
    host: str,
    db: str,
    tls: ssl.SSLContext | None,
    config: ServiceConfig,
    durable: bool = False,
) -> None:
    """Serve until SIGINT or SIGTERM; print the port listened on (the tests read it)."""
    store = TableStore(db, durable)
    service = TableService(store, config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        # Windows has no signal handlers in the loop: Ctrl+C raises KeyboardInterrupt there.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        async with service.listen(host, port, tls, ping=30) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            scheme = "wss" if tls else "ws"
            print(f"stoneage-server listening on {scheme}://{host}:{bound}", flush=True)
            await stop.wait()
            await service.farewell()
            service.close()
    finally:
        store.close()


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
    )
    try:
        asyncio.run(
            serve_forever(
                args.port,
                args.host,
                args.db,
                tls_context(args.cert, args.key),
                config,
                args.durable,
            )
        )
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"stoneage-server: {error}", file=sys.stderr)
        return 1
    return 0
