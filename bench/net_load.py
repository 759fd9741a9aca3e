"""Load benchmark of network play (not a test): one dedicated server process, many tables of
four scripted clients each, on loopback.

For each number of tables (``--tables 10 25 50``) it starts ``python -m stoneage.server`` on
127.0.0.1 with a fresh database, creates the tables, joins four clients to each (all four
seats played from clients: every decision of the game travels over the network), lets them
play for ``--seconds`` and reports:

* the action round trip: from sending an action to receiving the update that shows it
  applied (median and 99th percentile, milliseconds);
* the actions applied per second;
* the server process's CPU (its user + system time over the wall time; 100 % = one core)
  and memory (resident set at the end, and its peak); the clients' own CPU (they run in
  the benchmark's process, on the same machine).

The clients are light asyncio clients of the same protocol (one event loop for all, so the
benchmark's own cost stays small); each plays what a Normal bot chooses on its own view
(read with ``view_from_wire``), after thinking ``--think`` seconds.

    python bench/net_load.py [--tables 10 25 50] [--seconds 20] [--think 0.1] [--durable]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from stoneage.ai import make_bot
from stoneage.net.protocol import VERSION
from stoneage.rules import view_from_wire

ROOT = Path(__file__).resolve().parents[1]


def _proc(pid: int) -> tuple[float, int, int]:
    """CPU seconds (user + system), resident and peak resident kB of a process (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return cpu, int(status["VmRSS"].split()[0]), int(status["VmHWM"].split()[0])


async def _create(url: str) -> str:
    async with connect(url) as ws:
        seats = [{"kind": "remote"} for _ in range(4)]
        await ws.send(json.dumps({"v": VERSION, "t": "create", "seats": seats, "wait": 600}))
        reply = json.loads(await ws.recv())
        return str(reply["code"])


class Player:
    """One scripted client: joins, plays what a Normal bot chooses, times each action."""

    def __init__(self, url: str, code: str, think: float, stop_at: float) -> None:
        self.url, self.code, self.think, self.stop_at = url, code, think, stop_at
        self.bot = make_bot("normal", 0)
        self.seat: int | None = None
        self.latencies: list[float] = []
        self.sent_at: float | None = None
        self.sent_ply = -1

    async def play(self) -> None:
        async with connect(self.url, max_size=None) as ws:
            await ws.send(json.dumps({"v": VERSION, "t": "hello", "code": self.code}))
            try:
                while time.monotonic() < self.stop_at:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), self.stop_at - time.monotonic())
                    except TimeoutError:
                        return
                    await self._read(ws, json.loads(raw))
            except ConnectionClosed:
                return

    async def _read(self, ws: ClientConnection, message: dict[str, object]) -> None:
        kind = message["t"]
        if kind == "welcome":
            self.seat = message["seat"]  # type: ignore[assignment]
        elif kind == "state":
            ply = message["ply"]
            assert isinstance(ply, int)
            if self.sent_at is not None and ply > self.sent_ply:
                self.latencies.append(time.monotonic() - self.sent_at)
                self.sent_at = None
            wire = message["view"]
            assert isinstance(wire, dict)
            # The view is rebuilt only when this seat decides (the window rebuilds every one;
            # here the clients' own cost would hide the server's).
            if wire["actor"] == self.seat and self.sent_at is None:
                view = view_from_wire(wire)
                await asyncio.sleep(self.think)
                self.bot.rng.seed(f"bench/{self.seat}/{ply}")
                action = self.bot.choose(view)
                self.sent_at, self.sent_ply = time.monotonic(), ply
                await ws.send(
                    json.dumps({"v": VERSION, "t": "action", "text": str(action), "ply": ply})
                )
        elif kind in ("refused", "error"):
            self.sent_at = None


async def _run(url: str, tables: int, seconds: float, think: float) -> list[Player]:
    codes = [await _create(url) for _ in range(tables)]
    stop_at = time.monotonic() + seconds
    players = [Player(url, code, think, stop_at) for code in codes for _ in range(4)]
    await asyncio.gather(*(p.play() for p in players))
    return players


def measure(tables: int, seconds: float, think: float, durable: bool) -> dict[str, float]:
    """One server, ``tables`` tables of four clients, ``seconds`` of play: the figures."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--db", str(Path(folder) / "load.sqlite3"), "--log-level", "WARNING"]
        # Every client of the benchmark comes from 127.0.0.1: no per-address limit here (no
        # connection limit, creation quota nor hello pacing: one address stands for 200
        # players; bench/net_quotas.py measures those limits).
        command += ["--max-per-address", "0", "--tables-per-address", "0"]
        command += ["--creates-per-minute", "0", "--hellos-per-second", "0"]
        command += ["--durable"] if durable else []
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert server.stdout is not None
            port = int(server.stdout.readline().rsplit(":", 1)[1])
            cpu0, _rss, _peak = _proc(server.pid)
            mine0 = time.process_time()
            started = time.monotonic()
            players = asyncio.run(_run(f"ws://127.0.0.1:{port}", tables, seconds, think))
            wall = time.monotonic() - started
            mine = time.process_time() - mine0
            cpu1, rss, peak = _proc(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    latencies = sorted(x for p in players for x in p.latencies)
    if not latencies:
        raise SystemExit("no action completed: is the server running?")
    return {
        "tables": tables,
        "clients": len(players),
        "actions": len(latencies),
        "actions_per_s": len(latencies) / wall,
        "median_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "cpu_percent": 100 * (cpu1 - cpu0) / wall,
        "clients_cpu_percent": 100 * mine / wall,
        "rss_mb": rss / 1024,
        "peak_rss_mb": peak / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.1)
    parser.add_argument("--durable", action="store_true", help="the server's --durable")
    args = parser.parse_args()
    print(
        f"{'tables':>6} {'clients':>7} {'actions':>7} {'act/s':>7} {'median ms':>9} "
        f"{'p99 ms':>7} {'CPU %':>6} {'RSS MB':>7} {'peak MB':>7} {'clients CPU %':>13}"
    )
    for tables in args.tables:
        r = measure(tables, args.seconds, args.think, args.durable)
        print(
            f"{r['tables']:>6.0f} {r['clients']:>7.0f} {r['actions']:>7.0f} "
            f"{r['actions_per_s']:>7.1f} {r['median_ms']:>9.1f} {r['p99_ms']:>7.1f} "
            f"{r['cpu_percent']:>6.1f} {r['rss_mb']:>7.1f} {r['peak_rss_mb']:>7.1f} "
            f"{r['clients_cpu_percent']:>13.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
