"""Hostile input against a live server: thousands of fuzzed messages (malformed JSON, frames
too large, wrong types and versions, forged tokens, replayed and out-of-turn actions) and a
flood. Nothing crashes, the table under attack does not change, another table plays on to
the end with the scores of its offline replay.

The test sends ``COUNT`` = 10,000 messages (about 10 seconds, a game of the other table
played meanwhile)."""

from __future__ import annotations

import asyncio
import json
import threading

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from stoneage.net.client import Client, Joined, create_table
from stoneage.net.host import Host
from stoneage.net.protocol import VERSION
from stoneage.net.service import RateLimit, ServiceConfig
from stoneage.net.table import SeatConfig

from .fuzz import Fuzzer
from .players import Script, offline_replay, play_until, waiting_for

COUNT = 10_000


def test_fuzzed_messages_change_nothing_and_another_table_plays_on(clients: list[Client]) -> None:
    # The rate limit is lifted here so that every message reaches the checks behind it (the
    # flood test below keeps it).
    config = ServiceConfig(allow_create=True, limit=RateLimit(1e9, 1e9, 10**9), wait=60.0)
    seats = [SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot", "easy")]
    host = Host(seats, bind="127.0.0.1", config=config, seed=5)
    host.start()
    try:
        code = host.code or ""
        honest = Script(Client(host.url(), code, name="Honest"))
        honest.hold = 0  # never plays: table A waits on its decision all along
        hostile = Client(host.url(), code, name="Hostile")
        clients.extend([honest.client, hostile])
        honest.client.start()
        honest.joined()
        hostile.start()
        hostile.wait_for(Joined)
        play_until([honest], done=lambda: waiting_for(honest))
        assert host.service is not None
        table_a = host.service.table(code)
        assert table_a is not None
        before, actions_before = table_a.state(), list(table_a.record.actions)
        legal = [str(a) for a in before.legal_actions()]
        token = hostile.token
        assert token is not None and before.current_player() == honest.client.seat
        hostile.close()

        code_b = create_table(host.url(), [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot"}])
        b = [Script(Client(host.url(), code_b, name=f"B{i}")) for i in range(2)]
        for script in b:
            clients.append(script.client)
            script.client.start()
            script.joined()

        fuzzer = Fuzzer(host.url(), code, token, legal, before.ply)
        failures: list[BaseException] = []

        def attacking() -> None:
            try:
                asyncio.run(fuzzer.run(COUNT))
            except BaseException as error:  # told below, with the test's failure
                failures.append(error)

        attack = threading.Thread(target=attacking, daemon=True)
        attack.start()
        play_until(b, timeout=90)  # table B plays a whole game meanwhile
        attack.join(60)
        assert not attack.is_alive() and not failures, failures
        assert sum(fuzzer.sent.values()) == COUNT
        # Every message was answered, but for those after which the server closed the
        # connection: a frame over the limit (1009, not even read), a message of another
        # version or with none (1002, after its reply in words), and the rest of their batch.
        assert sum(fuzzer.replies.values()) == COUNT - fuzzer.unanswered
        assert {reason.split()[0] for reason in fuzzer.reasons} <= {"1002", "1009"}
        assert fuzzer.closed >= fuzzer.sent["huge_frame"] + fuzzer.sent["version"]
        assert fuzzer.unanswered <= 25 * fuzzer.closed
        assert host.running()
        assert table_a.state() is before and table_a.record.actions == actions_before
        assert not any(r.startswith("state") for r in fuzzer.replies)
        table_b = host.service.table(code_b)
        assert table_b is not None
        replay = offline_replay(3, table_b.record.actions)
        final = b[0].final()
        assert final is not None and final.final is not None
        assert [s["total"] for s in final.final] == [s["total"] for s in replay.final_scoring()]
        # The honest player of table A can still play.
        honest.hold = None
        play_until([honest], done=lambda: table_a.state().ply > before.ply)
    finally:
        host.stop()


def test_a_flood_is_answered_then_cut_off_and_the_table_unchanged(clients: list[Client]) -> None:
    seats = [SeatConfig("remote"), SeatConfig("remote")]
    host = Host(seats, bind="127.0.0.1", config=ServiceConfig(limit=RateLimit(20, 40, 200)))
    host.start()
    try:
        code = host.code or ""

        async def flood() -> tuple[int, int, bool]:
            async with connect(host.url(), open_timeout=5) as ws:
                await ws.send(json.dumps({"v": VERSION, "t": "hello", "code": code, "watch": True}))
                ping = json.dumps({"v": VERSION, "t": "ping"})
                for _ in range(1000):
                    try:
                        await ws.send(ping)
                    except ConnectionClosed:
                        break
                pongs = limited = 0
                cut = False
                try:
                    while True:
                        reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                        pongs += reply["t"] == "pong"
                        limited += reply.get("code") == "too_frequent"
                except ConnectionClosed:
                    cut = True
                return pongs, limited, cut

        pongs, limited, cut = asyncio.run(flood())
        # A burst of 40 and 20 a second answered (more when the machine is slow to read them:
        # the bucket refills meanwhile), the rest refused, then the connection cut.
        assert pongs < 300 and limited > 100 and cut
        assert host.service is not None
        table = host.service.table(code)
        assert table is not None and not table.started
        # Another client is served as before.
        other = Client(host.url(), code, name="Calm")
        clients.append(other)
        other.start()

        assert other.wait_for(Joined).seat == 0
    finally:
        host.stop()
