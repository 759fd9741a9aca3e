"""What the server sends, written once per turn of the event loop: the steps stored first, then
each connection's messages in one write, a message sent to many framed once.

A step's message is the same text for every listener who follows it on their view (see
``NetTable.encoded``). Sending it with ``websockets``' ``Connection.send`` would frame it again
for each connection, through a queue and a writer task per connection, and the server spent
more time there than on the rules. Here the service hands each connection's ``Mailbox`` the
message's UTF-8 bytes (one ``bytes`` object shared by all its listeners); at the end of the
loop's turn the ``Outbox``

1. commits what the store holds (the steps applied this turn, in one transaction): every step
   is committed before any client hears of it, as when each was committed alone (in SQLite's
   journal; forced to the disk at each commit with the server's ``--durable``);
2. frames each distinct message once (the bytes ``websockets.frames.Frame`` would make; a
   server's frames are not masked, so one frame fits every connection), and writes each
   connection's frames, in order, with one ``transport.write``.

This is what ``websockets.asyncio.connection.broadcast`` does (a synchronous write to every open
connection, skipping those that close), with the frame made once instead of once per
connection. It holds only while no extension rewrites the frames: the service listens without
compression; a connection that negotiated one gets each message through its own protocol.

A connection whose writes pile up unread (``MAX_BUFFERED`` bytes waiting in its transport) is
closed, as a full queue closed it before: it comes back with its token.
"""

from __future__ import annotations

import asyncio
import logging
import struct
from collections.abc import Callable, Sequence
from typing import Protocol

from websockets.frames import Opcode
from websockets.protocol import State

log = logging.getLogger(__name__)

#: A frame's first byte: the last (only) frame of a text message.
_FIN_TEXT = 0x80 | Opcode.TEXT
_HEAD_SHORT, _HEAD_16, _HEAD_64 = struct.Struct("!BB"), struct.Struct("!BBH"), struct.Struct("!BBQ")
#: Bytes waiting to be sent to one connection before it counts as gone (a client that stopped
#: reading; a whole arrival with its backlog is some tens of kilobytes).
MAX_BUFFERED = 2 * 1024 * 1024


class _Transport(Protocol):
    def write(self, data: bytes) -> None: ...

    def get_write_buffer_size(self) -> int: ...


class _WsProtocol(Protocol):
    @property
    def state(self) -> State: ...

    @property
    def extensions(self) -> Sequence[object]: ...

    def send_text(self, data: bytes, fin: bool = True) -> None: ...


class Connection(Protocol):
    """What a mailbox needs of a ``websockets`` connection (``ServerConnection`` has it)."""

    @property
    def protocol(self) -> _WsProtocol: ...

    @property
    def transport(self) -> _Transport: ...

    @property
    def send_in_progress(self) -> object: ...

    def send_data(self) -> None: ...


def text_frame(payload: bytes) -> bytes:
    """A server's (unmasked) WebSocket text frame carrying ``payload`` (UTF-8 text): the bytes
    ``websockets.frames.Frame(Opcode.TEXT, payload).serialize(mask=False)`` makes (RFC 6455,
    5.2: FIN and the text opcode, then the length in 7, 16 or 64 bits), without building a
    ``Frame`` and checking it for each message."""
    length = len(payload)
    if length < 126:
        return _HEAD_SHORT.pack(_FIN_TEXT, length) + payload
    if length < 65536:
        return _HEAD_16.pack(_FIN_TEXT, 126, length) + payload
    return _HEAD_64.pack(_FIN_TEXT, 127, length) + payload


class Mailbox:
    """One connection's messages waiting for the end of the loop's turn."""

    def __init__(self, ws: Connection, outbox: Outbox, too_far: Callable[[], None]) -> None:
        self.ws = ws
        self.outbox = outbox
        #: Called (once) when the connection's writes pile up unread: the caller closes it.
        self.too_far = too_far
        self.waiting: list[bytes] = []
        self.closed = False

    def put(self, payload: bytes) -> None:
        """Send ``payload`` (a message's UTF-8 text) at the end of the loop's turn."""
        if self.closed:
            return
        self.outbox.due(None if self.waiting else self)  # listed once, flushed this turn
        self.waiting.append(payload)

    def close(self) -> None:
        """Send nothing more (the connection is gone or going)."""
        self.closed = True
        self.waiting = []

    def write(self, frames: dict[bytes, bytes]) -> None:
        """Write what waits, each message framed once across all mailboxes (``frames``: this
        turn's, by payload; a ``bytes`` keeps its hash, so a shared payload is hashed once)."""
        waiting, self.waiting = self.waiting, []
        ws = self.ws
        if self.closed or not waiting:
            return
        if ws.protocol.state is not State.OPEN or ws.send_in_progress is not None:
            return  # closing: nothing more reaches it (websockets' broadcast skips it too)
        if ws.transport.get_write_buffer_size() > MAX_BUFFERED:
            self.close()
            self.too_far()
            return
        if ws.protocol.extensions:  # a negotiated extension frames each message itself
            for payload in waiting:
                ws.protocol.send_text(payload)
            ws.send_data()
            return
        framed = []
        for payload in waiting:
            frame = frames.get(payload)
            if frame is None:
                frame = frames[payload] = text_frame(payload)
            framed.append(frame)
        ws.transport.write(framed[0] if len(framed) == 1 else b"".join(framed))


class Outbox:
    """The mailboxes with something to send this turn, and what to commit first."""

    def __init__(self, commit: Callable[[], None] | None = None) -> None:
        #: Makes the steps applied this turn durable (the store's ``commit``), before sending.
        self.commit = commit
        self._due: list[Mailbox] = []
        self._scheduled = False

    def due(self, mailbox: Mailbox | None = None) -> None:
        """Flush at the end of this turn of the running loop (with ``mailbox``'s messages;
        without one: only the commit, for a step nobody hears of)."""
        if mailbox is not None:
            self._due.append(mailbox)
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Commit, then write every waiting message (each framed once). When the commit
        fails, nothing is sent: the messages wait for the next turn's commit."""
        self._scheduled = False
        if self.commit is not None:
            try:
                self.commit()
            except Exception:  # the disk: logged, and no client hears of an unstored step
                log.exception("the store could not commit; the messages wait")
                return
        due, self._due = self._due, []
        frames: dict[bytes, bytes] = {}
        for mailbox in due:
            mailbox.write(frames)
