"""Running a public server: its metrics in the Prometheus text format, and a graceful stop
(SIGTERM) that tells the clients the server restarts, after which they come back by
themselves. Loopback only, every wait bounded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from stoneage.net.client import (
    Client,
    Disconnected,
    Joined,
    Restarting,
    ViewUpdate,
    create_table,
)
from stoneage.net.metrics import Metrics, available
from stoneage.net.service import ServiceConfig
from stoneage.net.store import TableStore

from .players import Script, play_until
from .raw import served

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not available(), reason="needs prometheus_client")


def _value(text: str, series: str) -> float:
    for line in text.splitlines():
        if line.startswith(series + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{series} not in the metrics")


def test_the_metrics_count_tables_connections_actions_and_round_trips(
    tmp_path: Path, clients: list[Client]
) -> None:
    config = ServiceConfig(allow_create=True, sweep_every=0.1, sample_every=0.2)
    with served(TableStore(tmp_path / "t.sqlite3"), config) as server:
        service = server.service
        service.metrics = Metrics(
            lambda: {"waiting": 0, "playing": len(service.tables), "stored": 1},
            lambda: len(service.clients),
        )
        code = create_table(server.url, [{"kind": "remote"}, {"kind": "bot", "level": "random"}])
        ann = Client(server.url, code, name="Ann")
        clients.append(ann)
        ann.start()
        script = Script(ann, level="random")
        script.joined()
        play_until([script], done=lambda: ann.view is not None and ann.view.ply > 40)
        time.sleep(0.5)  # a round trip sampled
        text = service.metrics.text().decode()
    assert _value(text, 'stoneage_tables{state="playing"}') == 1
    assert _value(text, 'stoneage_tables{state="stored"}') == 1
    assert _value(text, "stoneage_connections") == 1
    assert _value(text, "stoneage_actions_total") > 40
    assert _value(text, "stoneage_actions_per_second") > 0
    assert _value(text, "stoneage_round_trip_seconds_count") >= 1
    assert 'stoneage_round_trip_seconds_bucket{le="0.005"}' in text


def _server(db: Path, port: int, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db), *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    lines = [process.stdout.readline()]
    if "--metrics" in extra:
        lines.append(process.stdout.readline())
    assert lines[0].startswith("stoneage-server listening on ws://"), lines
    return process, lines


def test_the_server_serves_its_metrics_over_http(tmp_path: Path) -> None:
    process, lines = _server(tmp_path / "t.sqlite3", 0, "--metrics", "127.0.0.1:0")
    try:
        url = lines[1].split(" on ", 1)[1].strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/metrics")
        with urllib.request.urlopen(url, timeout=10) as reply:
            text = reply.read().decode()
        assert "# TYPE stoneage_round_trip_seconds histogram" in text
        assert _value(text, "stoneage_connections") == 0
    finally:
        process.terminate()
        process.wait(10)


def test_a_graceful_stop_says_the_server_restarts_and_the_client_comes_back(
    tmp_path: Path, clients: list[Client]
) -> None:
    db = tmp_path / "t.sqlite3"
    first, lines = _server(db, 0)
    port = int(lines[0].rsplit(":", 1)[1])
    url = f"ws://127.0.0.1:{port}"
    second = None
    try:
        code = create_table(url, [{"kind": "remote"}, {"kind": "bot", "level": "random"}])
        ann = Client(url, code, name="Ann", retry_for=60)
        clients.append(ann)
        ann.start()
        ann.wait_for(Joined)
        seen = ann.wait_for(ViewUpdate)
        first.send_signal(signal.SIGTERM)
        ann.wait_for(Restarting)
        assert ann.wait_for(Disconnected).retrying
        assert first.wait(10) == 0
        second, _ = _server(db, port)
        back = ann.wait_for(Joined, timeout=30)
        assert back.seat == 0 and back.code == code
        again = ann.wait_for(ViewUpdate)
        assert again.ply >= seen.ply
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)
