"""Raw protocol clients for the quota and lobby tests: a connection from a chosen loopback
address (127.0.0.2, .3, .4 stand for three machines), every wait bounded."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from stoneage.net.protocol import VERSION
from stoneage.net.service import ServiceConfig, TableService
from stoneage.net.store import TableStore


def message(kind: str, **fields: Any) -> str:
    """A client's message of this version."""
    return json.dumps({"v": VERSION, "t": kind, **fields})


async def open_from(url: str, address: str = "127.0.0.1") -> ClientConnection:
    """A connection to ``url`` whose socket is bound to ``address``."""
    return await connect(url, open_timeout=5, local_addr=(address, 0), max_size=None)


async def ask(ws: ClientConnection, text: str, timeout: float = 10.0) -> dict[str, Any]:
    """Send ``text`` and return the next message received."""
    await ws.send(text)
    reply: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return reply


async def until(ws: ClientConnection, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of type ``kind`` (the others are dropped)."""
    async with asyncio.timeout(timeout):
        while True:
            found: dict[str, Any] = json.loads(await ws.recv())
            if found.get("t") == kind:
                return found


def two_seats() -> list[dict[str, str]]:
    """A table of two players who join."""
    return [{"kind": "remote"}, {"kind": "remote"}]


class Served:
    """A ``TableService`` served in a thread of its own on 127.0.0.1-127.0.0.4 (every
    loopback address: bound to 0.0.0.0 would reach further, so 127.0.0.0/8's own ``127.0.0.1``
    is used and the tests connect from .2-.4 to it)."""

    def __init__(self, store: TableStore | None, config: ServiceConfig) -> None:
        self.service = TableService(store, config)
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with self.service.listen("127.0.0.1", 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()
        self.service.close()

    @property
    def url(self) -> str:
        """The address to connect to."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Served:
        """Serve; returns once listening."""
        self._thread.start()
        assert self._ready.wait(10), "the service did not start"
        return self

    def call(self, work: Any, timeout: float = 10.0) -> Any:
        """Run the coroutine ``work`` in the service's loop and return its result."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def stop(self) -> None:
        """Stop serving."""
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


@contextmanager
def served(store: TableStore | None, config: ServiceConfig) -> Iterator[Served]:
    """A service served for the block."""
    running = Served(store, config).start()
    try:
        yield running
    finally:
        running.stop()
