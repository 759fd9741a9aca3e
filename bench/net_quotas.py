"""Benchmark of a server's quotas under abuse (not a test): one dedicated server process on
127.0.0.1, clients from three loopback addresses standing for three machines.

1. **Creation flood** (``--flood`` seconds, 40 by default): 127.0.0.2 creates two-seat tables
   on 8 connections as fast as it is answered (reconnecting when cut off); meanwhile, every
   10.5 s (their own quota: 6 a minute), 127.0.0.3 and 127.0.0.4 each ask for a table. Reports what the flood got (created,
   refused by code) and whether every other request got its table, with its time to answer.
2. **Guessing codes** (``--guess`` seconds): 127.0.0.2 sends hellos with random codes on 8
   connections as fast as it is answered. Reports the answers a second (the most in any one
   second, and the mean) and how the answers were worded.
3. **Watching a finished table in a loop** (``--watch`` seconds): a finished game is in the
   database; 32 connections from 127.0.0.3 loop connect, watch it, close (in a process of
   their own, so that their work does not slow the pinger's own event loop). Meanwhile a player
   seated at another table (from 127.0.0.2) pings the server every 50 ms: its ping's median
   and 99th percentile, quiet (before) and under the loop, and the spectators' joins served.

    python bench/net_quotas.py [--flood 40] [--guess 10] [--watch 20]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from stoneage.net.protocol import CODE_ALPHABET, VERSION
from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig

ROOT = Path(__file__).resolve().parents[1]
TWO = [{"kind": "remote"}, {"kind": "remote"}]


def _message(kind: str, **fields: object) -> str:
    return json.dumps({"v": VERSION, "t": kind, **fields})


async def _open(url: str, address: str) -> ClientConnection:
    return await connect(url, open_timeout=10, local_addr=(address, 0), max_size=None)


async def _ask(ws: ClientConnection, text: str) -> dict[str, object]:
    await ws.send(text)
    reply: dict[str, object] = json.loads(await asyncio.wait_for(ws.recv(), 30))
    return reply


def _said(reply: dict[str, object]) -> str:
    return str(reply.get("code")) if reply.get("t") == "error" else str(reply.get("t"))


# --- 1. creation flood ------------------------------------------------------------------------
async def flood(url: str, seconds: float) -> None:
    stop_at = time.monotonic() + seconds
    got: dict[str, int] = {}
    others: list[tuple[str, str, float]] = []

    async def flooder() -> None:
        while time.monotonic() < stop_at:
            try:
                ws = await _open(url, "127.0.0.2")
            except (OSError, InvalidHandshake, TimeoutError):
                got["not connected"] = got.get("not connected", 0) + 1
                await asyncio.sleep(0.05)
                continue
            try:
                while time.monotonic() < stop_at:
                    said = _said(await _ask(ws, _message("create", seats=TWO)))
                    got[said] = got.get(said, 0) + 1
            except ConnectionClosed:
                got["cut off"] = got.get("cut off", 0) + 1
            await ws.close()

    async def other(address: str) -> None:
        while time.monotonic() < stop_at - 1:
            # As often as an address's own quota allows (6 a minute): the flood alone would
            # have to be what refuses it.
            await asyncio.sleep(10.5)
            started = time.monotonic()
            ws = await _open(url, address)
            said = _said(await _ask(ws, _message("create", seats=TWO)))
            others.append((address, said, time.monotonic() - started))
            await ws.close()

    await asyncio.gather(*(flooder() for _ in range(8)), other("127.0.0.3"), other("127.0.0.4"))
    waits = sorted(t for _a, _s, t in others)
    served = sum(s == "created" for _a, s, _t in others)
    print(f"creation flood, {seconds:.0f} s from 127.0.0.2 on 8 connections: {got}")
    if not waits:
        print("  127.0.0.3 and .4 asked nothing: the flood was shorter than their 10.5 s")
        return
    print(
        f"  127.0.0.3 and .4, a table every 10.5 s each: {served} of {len(others)} created "
        f"(others said {sorted({s for _a, s, _t in others if s != 'created'})}); "
        f"answered in median {statistics.median(waits) * 1000:.1f} ms, "
        f"max {waits[-1] * 1000:.1f} ms"
    )


# --- 2. guessing ------------------------------------------------------------------------------
async def guess(url: str, seconds: float) -> None:
    start = time.monotonic()
    answers: list[tuple[float, str]] = []
    closed = 0

    async def guesser(index: int) -> None:
        nonlocal closed
        rng = random.Random(index)
        while time.monotonic() - start < seconds:
            ws = await _open(url, "127.0.0.2")
            try:
                while time.monotonic() - start < seconds:
                    code = "".join(rng.choice(CODE_ALPHABET) for _ in range(6))
                    reply = await _ask(ws, _message("hello", code=code, name="Guess"))
                    answers.append((time.monotonic() - start, _said(reply)))
            except ConnectionClosed:
                closed += 1
            await ws.close()

    await asyncio.gather(*(guesser(i) for i in range(8)))
    times = sorted(t for t, _ in answers)
    most = max(sum(1 for t in times if s <= t < s + 1.0) for s in times)
    # The client's own loop adds its jitter to each receipt: the smallest gap tells it apart.
    gap = min(b - a for a, b in itertools.pairwise(times))
    words: dict[str, int] = {}
    for _t, said in answers:
        words[said] = words.get(said, 0) + 1
    print(
        f"guessing codes, {seconds:.0f} s from 127.0.0.2 on 8 connections: {len(answers)} "
        f"answers over {times[-1] - times[0]:.1f} s, "
        f"{(len(times) - 1) / (times[-1] - times[0]):.2f} a second, at most {most} in any one "
        f"second (smallest gap between two answers {gap * 1000:.0f} ms); "
        f"{words}; connections closed for queueing too far ahead: {closed}"
    )


# --- 3. watching a finished table -------------------------------------------------------------
def finished_table(db: Path) -> str:
    """Store a finished two-seat game (a player's first legal actions and a random bot)."""
    store = TableStore(db)
    table = NetTable.create("FINISHED0000", [SeatConfig("remote"), SeatConfig("bot", "random")], 1)
    table.claim(0, "Ann")
    table.start()
    store.save(table.record)
    while not table.state().is_terminal():
        found, state = table.automatic(), table.state()
        if found is None:
            table.act(0, str(state.legal_actions()[0]), state.ply)
        else:
            table.apply_automatic(found[1](), state.ply)
    for index, text in enumerate(table.record.actions):
        store.add_action(table.code, index, text)
    store.close()
    return table.code


async def pings(ws: ClientConnection, seconds: float) -> list[float]:
    found = []
    stop_at = time.monotonic() + seconds
    while time.monotonic() < stop_at:
        started = time.monotonic()
        reply = await _ask(ws, _message("ping"))
        if reply.get("t") == "pong":
            found.append(time.monotonic() - started)
        await asyncio.sleep(0.05)
    return found


async def watch(url: str, code: str, seconds: float) -> None:
    player = await _open(url, "127.0.0.2")
    other = str((await _ask(player, _message("create", seats=TWO)))["code"])
    await _ask(player, _message("hello", code=other, name="Pinger"))
    await asyncio.sleep(0.5)
    quiet = await pings(player, 5.0)
    loop = subprocess.Popen(
        [sys.executable, __file__, "--loop-watch", url, code, str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    busy = await pings(player, seconds)
    out, _ = loop.communicate(timeout=seconds + 60)
    said = json.loads(out.strip().splitlines()[-1])
    await player.close()

    def figures(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"median {statistics.median(xs) * 1000:.2f} ms, p99 {xs[int(len(xs) * 0.99)] * 1000:.2f} ms"

    print(
        f"watching a finished table in a loop, {seconds:.0f} s, 32 connections from 127.0.0.3: "
        f"{said}"
    )
    print(f"  another table's ping: quiet {figures(quiet)}; under the loop {figures(busy)}")
    print(
        f"  ratio of medians: {statistics.median(busy) / statistics.median(quiet):.2f} "
        "(the bar: at most 2)"
    )


async def loop_watch(url: str, code: str, seconds: float) -> dict[str, int]:
    """32 connections from 127.0.0.3 each looping connect, watch ``code``, close."""
    stop_at = time.monotonic() + seconds
    said: dict[str, int] = {}

    async def looper() -> None:
        while time.monotonic() < stop_at:
            try:
                ws = await _open(url, "127.0.0.3")
                reply = await _ask(ws, _message("hello", code=code, watch=True))
                said[_said(reply)] = said.get(_said(reply), 0) + 1
                if reply.get("t") == "welcome":
                    while json.loads(await asyncio.wait_for(ws.recv(), 30)).get("t") != "state":
                        pass
                await ws.close()
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
                said["cut off"] = said.get("cut off", 0) + 1

    await asyncio.gather(*(looper() for _ in range(32)))
    return said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", type=float, default=40.0)
    parser.add_argument("--guess", type=float, default=10.0)
    parser.add_argument("--watch", type=float, default=20.0)
    parser.add_argument("--loop-watch", nargs=3, help=argparse.SUPPRESS)  # the loop's process
    args = parser.parse_args()
    if args.loop_watch:
        url, code, seconds = args.loop_watch
        print(json.dumps(asyncio.run(loop_watch(url, code, float(seconds)))))
        return
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "quotas.sqlite3"
        code = finished_table(db)
        command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--db", str(db), "--log-level", "WARNING"]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert server.stdout is not None
            url = "ws://127.0.0.1:" + server.stdout.readline().rsplit(":", 1)[1].strip()
            asyncio.run(flood(url, args.flood))
            asyncio.run(guess(url, args.guess))
            asyncio.run(watch(url, code, args.watch))
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
