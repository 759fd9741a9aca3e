"""Load benchmark of network play (not a test): one dedicated server process, many tables of
four scripted clients each, on loopback.

For each number of tables (``--tables 10 25 50``) it starts ``python -m stoneage.server`` on
127.0.0.1 with a fresh database, creates the tables, joins four clients to each (all four
seats played from clients: every decision of the game travels over the network), lets them
play for ``--seconds`` and reports:

* the action round trip: from sending an action to receiving the update that shows it
  applied (median and 99th percentile, milliseconds);
* the actions applied per second;
* the server process's CPU (its user + system time over the wall time; 100 % = one core),
  its CPU milliseconds per action applied, and what that makes a core's worth (actions a
  CPU second), and memory (resident set at the end, and its peak); the clients' own CPU
  (they run in the benchmark's process, on the same machine).

The clients are light asyncio clients of the same protocol (one event loop for all, so the
benchmark's own cost stays small); each plays what a Normal bot chooses on its own view
(read with ``view_from_wire`` where the host sends one, else the step's action applied to
the view it has, as the window's client does), after thinking ``--think`` seconds.

``--against DIR`` measures another checkout (an older commit) in the same run: for each
number of tables, ``--rounds`` times, the other checkout then this one, each in a child
process whose package (the server's and the clients') is that checkout's (``PYTHONPATH``), so
each side speaks its own protocol version; then a summary of both (the best round's CPU per
action, the median round's round trip).

    python bench/net_load.py [--tables 10 25 50] [--seconds 20] [--think 0.1] [--durable]
                             [--against DIR] [--rounds R]
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
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import stoneage
from stoneage.ai import make_bot
from stoneage.net.protocol import VERSION
from stoneage.rules import GameState, view_from_wire

#: The checkout whose package runs here (the server is started from the same one).
ROOT = Path(stoneage.__file__).resolve().parents[1]


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
        self.view: GameState | None = None
        self.wire: dict[str, Any] | None = None  # the last view sent, not read yet

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
            self._follow(message)
            actor = self.wire["actor"] if self.wire is not None else self._held().current_player()
            if actor == self.seat and self.sent_at is None:
                view = self._held()
                await asyncio.sleep(self.think)
                self.bot.rng.seed(f"bench/{self.seat}/{ply}")
                action = self.bot.choose(view)
                self.sent_at, self.sent_ply = time.monotonic(), ply
                await ws.send(
                    json.dumps({"v": VERSION, "t": "action", "text": str(action), "ply": ply})
                )
        elif kind in ("refused", "error"):
            self.sent_at = None

    def _follow(self, message: dict[str, Any]) -> None:
        """Keep the seat's view after a ``state`` message: the one it carries (read only when
        needed: the window reads every one, but here the clients' own cost would hide the
        server's), or its step applied to the view held (a host that sends the view only
        where the seat cannot follow)."""
        wire = message.get("view")
        if isinstance(wire, dict):
            self.wire, self.view = wire, None
        else:
            step = message["step"]
            assert isinstance(step, dict)
            self.view, self.wire = self._held().apply(str(step["action"])), None

    def _held(self) -> GameState:
        """The view held, read from the wire if it was not yet."""
        if self.view is None:
            assert self.wire is not None
            self.view = view_from_wire(self.wire)
        return self.view


async def _run(url: str, tables: int, seconds: float, think: float) -> list[Player]:
    codes = [await _create(url) for _ in range(tables)]
    stop_at = time.monotonic() + seconds
    players = [Player(url, code, think, stop_at) for code in codes for _ in range(4)]
    await asyncio.gather(*(p.play() for p in players))
    return players


#: The server's per-address limits, lifted: every client of the benchmark comes from 127.0.0.1
#: (no connection limit, creation quota nor hello pacing: one address stands for 200 players;
#: bench/net_quotas.py measures those limits).
UNLIMITED = (
    ("--max-per-address", "0"),
    ("--tables-per-address", "0"),
    ("--creates-per-minute", "0"),
    ("--hellos-per-second", "0"),
)


def _unlimited(env: dict[str, str], folder: str) -> list[str]:
    """The options of ``UNLIMITED`` that the server of this checkout knows (an older one,
    measured with ``--against``, has fewer limits to lift); asked in ``folder``, as the
    server is started (see ``measure``)."""
    command = [sys.executable, "-m", "stoneage.server", "--help"]
    done = subprocess.run(command, env=env, cwd=folder, capture_output=True, text=True, check=True)
    said = done.stdout
    return [part for option in UNLIMITED if option[0] in said for part in option]


def measure(tables: int, seconds: float, think: float, durable: bool) -> dict[str, float]:
    """One server, ``tables`` tables of four clients, ``seconds`` of play: the figures."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--db", str(Path(folder) / "load.sqlite3"), "--log-level", "WARNING"]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        command += _unlimited(env, folder)
        command += ["--durable"] if durable else []
        # Started in the temporary folder: ``-m`` puts the working folder first on the path,
        # which must not be another checkout.
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=folder)
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
        "cpu_ms_per_action": 1000 * (cpu1 - cpu0) / len(latencies),
        "cpu_percent": 100 * (cpu1 - cpu0) / wall,
        "clients_cpu_percent": 100 * mine / wall,
        "rss_mb": rss / 1024,
        "peak_rss_mb": peak / 1024,
    }


HEADER = (
    f"{'tables':>6} {'clients':>7} {'actions':>7} {'act/s':>7} {'median ms':>9} "
    f"{'p99 ms':>7} {'CPU %':>6} {'CPU ms/act':>10} {'act/CPU s':>9} {'RSS MB':>7} "
    f"{'peak MB':>7} {'clients CPU %':>13}"
)


def row(r: dict[str, Any]) -> str:
    """One line of figures under ``HEADER``."""
    return (
        f"{r['tables']:>6.0f} {r['clients']:>7.0f} {r['actions']:>7.0f} "
        f"{r['actions_per_s']:>7.1f} {r['median_ms']:>9.1f} {r['p99_ms']:>7.1f} "
        f"{r['cpu_percent']:>6.1f} {r['cpu_ms_per_action']:>10.3f} "
        f"{1000 / r['cpu_ms_per_action']:>9.0f} {r['rss_mb']:>7.1f} {r['peak_rss_mb']:>7.1f} "
        f"{r['clients_cpu_percent']:>13.1f}"
    )


def measure_in(checkout: Path, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    """``measure`` in a child process running ``checkout``'s package (this script's code)."""
    command = [sys.executable, __file__, "--child", "--tables", str(tables)]
    command += ["--seconds", str(args.seconds), "--think", str(args.think)]
    command += ["--durable"] if args.durable else []
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def compare(args: argparse.Namespace) -> None:
    """This checkout against ``args.against``, alternating, with a summary per table count."""
    sides = {"before": args.against.resolve(), "after": ROOT}
    print(f"before: {sides['before']}\nafter:  {sides['after']}\n{'':6} {HEADER}", flush=True)
    for tables in args.tables:
        found: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
        for _ in range(args.rounds):
            for side, checkout in sides.items():
                found[side].append(measure_in(checkout, tables, args))
                print(f"{side:>6} {row(found[side][-1])}", flush=True)
        summary = {
            side: (
                min(r["cpu_ms_per_action"] for r in rounds),
                statistics.median(r["p99_ms"] for r in rounds),
                statistics.median(r["actions_per_s"] for r in rounds),
            )
            for side, rounds in found.items()
        }
        (cpu0, p990, rate0), (cpu1, p991, rate1) = summary["before"], summary["after"]
        print(
            f"{tables} tables: server CPU a action {cpu0:.3f} -> {cpu1:.3f} ms "
            f"({cpu0 / cpu1:.2f} times lower; a core's worth {1000 / cpu0:.0f} -> "
            f"{1000 / cpu1:.0f} actions a second), round trip p99 {p990:.1f} -> {p991:.1f} ms, "
            f"actions a second {rate0:.1f} -> {rate1:.1f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25, 50])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.1)
    parser.add_argument("--durable", action="store_true", help="the server's --durable")
    parser.add_argument("--against", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs of each side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.tables[0], args.seconds, args.think, args.durable)))
        return
    if args.against is not None:
        compare(args)
        return
    print(HEADER)
    for tables in args.tables:
        print(row(measure(tables, args.seconds, args.think, args.durable)), flush=True)


if __name__ == "__main__":
    main()
