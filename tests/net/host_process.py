"""A hosted table in a process of its own, for the test that kills the host (SIGKILL).

Run as ``python tests/net/host_process.py --db FILE [--code CODE] [--port P] [--seed S]``:
it hosts a new table (seats: the host, a player who joins, an Easy bot) or, with ``--code``,
reopens the saved one from ``--db``, bound to 127.0.0.1 only, and prints one JSON line on
stdout: ``{"port": ..., "code": ..., "token": ...}`` (the host seat's token; null when
reopened, since the host's client keeps the one it had). It serves until its stdin closes,
so it stops by itself when the test that started it ends, whatever happened to the test.
"""

from __future__ import annotations

import argparse
import json
import sys

from stoneage.net.host import Host
from stoneage.net.table import SeatConfig


def main() -> int:
    """Host (or reopen) the table, say where, serve until stdin closes."""
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True)
    p.add_argument("--code")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--seed", type=int, default=80)
    args = p.parse_args()
    if args.code is None:
        seats = [SeatConfig("host"), SeatConfig("remote"), SeatConfig("bot", "easy")]
        host = Host(seats, db=args.db, bind="127.0.0.1", port=args.port, seed=args.seed, wait=60.0)
    else:
        host = Host(code=args.code, db=args.db, bind="127.0.0.1", port=args.port)
    host.start()
    print(json.dumps({"port": host.port, "code": host.code, "token": host.host_token}))
    sys.stdout.flush()
    sys.stdin.read()  # until the test closes the pipe (or dies)
    host.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
