"""The server's sending (``stoneage.net.outbox``) and the store's held actions: each listener
receives, byte for byte, the message ``NetTable.update`` makes for it (a message framed once
for all who receive it, as ``websockets`` would frame it for each), after the turn's steps are
committed; a connection that stops reading is closed; the store's held actions are written
before anything else reads or writes."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, Side, State

from stoneage.net.client import Client
from stoneage.net.host import Host
from stoneage.net.outbox import MAX_BUFFERED, Mailbox, Outbox, text_frame
from stoneage.net.protocol import encode
from stoneage.net.service import ServiceConfig
from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig, TableRecord
from stoneage.play.match import SeededChance

from .players import Script, play_until
from .test_hidden import MIDWAY, SEED, Recording


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_what_websockets_frames_for_a_server(length: int) -> None:
    payload = ("é" * length).encode()[:length]
    server = Protocol(Side.SERVER)
    server.send_text(payload)
    assert server.data_to_send() == [text_frame(payload)]
    assert Frame(Opcode.TEXT, payload).serialize(mask=False) == text_frame(payload)


@dataclass
class _Transport:
    buffered: int = 0
    writes: list[bytes] = field(default_factory=list)

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered


@dataclass
class _WsProtocol:
    state: State = State.OPEN
    extensions: list[object] = field(default_factory=list)
    texts: list[bytes] = field(default_factory=list)

    def send_text(self, data: bytes, fin: bool = True) -> None:
        self.texts.append(data)


@dataclass
class _Connection:
    protocol: _WsProtocol = field(default_factory=_WsProtocol)
    transport: _Transport = field(default_factory=_Transport)
    send_in_progress: object = None
    sent_data: int = 0

    def send_data(self) -> None:
        self.sent_data += 1


def _flushed(work: Any) -> None:
    """Run ``work`` in a loop, then the loop's next turn (where the outbox flushes)."""

    async def run() -> None:
        work()
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    asyncio.run(run())


def test_each_connection_gets_its_messages_in_order_in_one_write_after_the_commit() -> None:
    said: list[str] = []
    outbox = Outbox(lambda: said.append("commit"))
    a, b, gone = _Connection(), _Connection(), _Connection()
    boxes = [Mailbox(ws, outbox, lambda: said.append("too far")) for ws in (a, b, gone)]
    gone.protocol.state = State.CLOSING
    step, own = b'{"t":"state","ply":7}', b'{"t":"lobby"}'

    def send() -> None:
        for box in boxes:
            box.put(step)
        boxes[0].put(own)
        a.transport.write = lambda data: (said.append("write"), a.transport.writes.append(data))  # type: ignore[method-assign]

    _flushed(send)
    assert said == ["commit", "write"]
    assert a.transport.writes == [text_frame(step) + text_frame(own)]
    assert b.transport.writes == [text_frame(step)]
    assert gone.transport.writes == []  # closing: skipped, as websockets' broadcast does
    assert not any(box.waiting for box in boxes)


def test_a_message_for_many_is_framed_once_per_turn() -> None:
    outbox = Outbox()
    connections = [_Connection() for _ in range(5)]
    boxes = [Mailbox(ws, outbox, lambda: None) for ws in connections]
    payload = b'{"t":"state","step":{"actor":1}}'
    _flushed(lambda: [box.put(payload) for box in boxes])
    frames = [ws.transport.writes[0] for ws in connections]
    assert frames[0] == text_frame(payload)
    assert all(frame is frames[0] for frame in frames)  # one object, written five times


def test_a_connection_that_stops_reading_is_closed_and_sent_nothing_more() -> None:
    closed: list[int] = []
    outbox = Outbox()
    ws = _Connection()
    box = Mailbox(ws, outbox, lambda: closed.append(1))
    ws.transport.buffered = MAX_BUFFERED + 1
    _flushed(lambda: box.put(b"{}"))
    _flushed(lambda: box.put(b"{}"))
    assert closed == [1] and ws.transport.writes == [] and box.closed


def test_a_connection_with_an_extension_gets_each_message_through_its_protocol() -> None:
    outbox = Outbox()
    ws = _Connection()
    ws.protocol.extensions = [object()]
    box = Mailbox(ws, outbox, lambda: None)
    _flushed(lambda: (box.put(b"1"), box.put(b"2")))
    assert ws.protocol.texts == [b"1", b"2"] and ws.sent_data == 1
    assert ws.transport.writes == []


def test_nothing_is_sent_while_the_store_cannot_commit() -> None:
    failing = [True]

    def commit() -> None:
        if failing[0]:
            raise sqlite3.OperationalError("disk I/O error")

    outbox = Outbox(commit)
    ws = _Connection()
    box = Mailbox(ws, outbox, lambda: None)
    _flushed(lambda: box.put(b"1"))
    assert ws.transport.writes == []
    failing[0] = False
    _flushed(lambda: box.put(b"2"))
    assert ws.transport.writes == [text_frame(b"1") + text_frame(b"2")]


def test_held_actions_are_committed_at_once_before_any_other_use(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    store = TableStore(db)
    record = TableRecord("ABCDE", [SeatConfig("remote"), SeatConfig("bot")], 1, [None, None])
    store.save(record)
    store.hold_actions()
    other = sqlite3.connect(db)

    def stored() -> list[str]:
        rows = other.execute("SELECT text FROM actions ORDER BY idx").fetchall()
        return [text for (text,) in rows]

    store.add_action("ABCDE", 0, "first")
    store.add_action("ABCDE", 1, "second")
    assert stored() == []  # held
    store.commit()
    assert stored() == ["first", "second"]
    store.add_action("ABCDE", 2, "third")
    loaded = store.load("ABCDE")  # a read commits the held ones first
    assert loaded is not None and loaded.actions == ["first", "second", "third"]
    assert stored() == ["first", "second", "third"]
    store.add_action("ABCDE", 3, "fourth")
    store.close()  # and so does closing
    assert stored() == ["first", "second", "third", "fourth"]
    other.close()


def test_every_listener_receives_byte_for_byte_what_the_table_makes_for_it(
    clients: list[Client],
) -> None:
    seats = [SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot"), SeatConfig("bot")]
    host = Host(seats, bind="127.0.0.1", seed=SEED, config=ServiceConfig(seeded_chance=True))
    host.start()
    try:
        code = host.code or ""
        players = [Recording(host.url(), code, name=f"P{i}") for i in range(2)]
        watcher = Recording(host.url(), code, watch=True)
        clients.extend([*players, watcher])
        scripts = [Script(c) for c in players]
        # The spectator first, so that it sees the game from its start however busy the
        # machine (joining after the players, it arrived anywhere from ply 0 to 160).
        watcher.start()
        deadline = time.monotonic() + 10.0
        while not watcher.frames and time.monotonic() < deadline:
            time.sleep(0.005)  # its welcome read before the players take their seats
        assert watcher.frames, "the spectator was not welcomed"
        for client, script in zip(players, scripts):
            client.start()
            script.joined()
        # Past a face-down draw (ply 253): its owner's message differs from the others'.
        play_until(scripts, done=lambda: watcher.view is not None and watcher.view.ply >= MIDWAY)
        assert host.service is not None
        live = host.service.table(code)
        assert live is not None
    finally:
        host.stop()
    record = replace(live.record, actions=[])
    actions = list(live.record.actions)  # every step sent (taken once the host stopped)

    # The same game replayed on a table of its own, each listener's message made directly.
    table = NetTable(record, chance=SeededChance())
    assert table.match is not None
    listeners: list[int | None] = [0, 1, None]
    expected: dict[tuple[int | None, int], set[str]] = {}
    for seat in listeners:
        expected.setdefault((seat, 0), set()).add(encode(table.update(seat, None)))
    for text in actions:
        step = table.match.apply(text)
        table.last_step = step
        ply = step.after.ply
        for seat in listeners:
            expected.setdefault((seat, ply), set()).add(encode(table.update(seat, step)))
            expected[(seat, ply)].add(encode(table.update(seat, None)))  # asked (``sync``)
        made = {encode(table.update(seat, step)) for seat in [*listeners, 2, 3]}
        common = table.common(step)
        assert (common is None) == (len(made) > 1)  # one text for all, when all get the same
        assert common is None or made == {common.decode()}
    compared = masked = 0
    for seat, client in zip(listeners, [*players, watcher]):
        for frame in client.frames:
            message = json.loads(frame)
            if message["t"] != "state" or "backlog" in message:
                continue  # arrivals are made for one connection, not broadcast
            assert frame in expected[(seat, message["ply"])]
            compared += 1
            step = message["step"]
            masked += step is not None and step["action"] == "extra ?"
    assert compared > 3 * 200
    assert masked, "a card should have been drawn face down (else it proves nothing of them)"


def test_the_journal_is_copied_into_the_file_by_a_thread_of_its_own(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    store = TableStore(db)
    store.checkpoint_in_background(every=0.02)
    # The commits no longer copy the journal themselves (SQLite's automatic checkpoint).
    assert store._connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    before = db.stat().st_size
    for index in range(2000):
        store.add_action("ABCDE", index, f"place 3 wood {index}")
    deadline = time.monotonic() + 10.0
    while db.stat().st_size <= before and time.monotonic() < deadline:
        time.sleep(0.02)  # the thread's next round copies them
    assert db.stat().st_size > before
    store.close()
    reread = TableStore(db)
    texts = reread._connection.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert texts == (2000,)
    reread.close()
