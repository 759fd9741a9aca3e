"""The server's answers in the situations around a game: another version, a forged token, a
refused spectator, the owner's start, the host going, and the dedicated server over TLS."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from stoneage.net.client import (
    Client,
    HostLeft,
    Joined,
    LobbyUpdate,
    Problem,
    Refused,
    ViewUpdate,
    create_table,
)
from stoneage.net.host import Host
from stoneage.net.protocol import VERSION
from stoneage.net.table import SeatConfig

ROOT = Path(__file__).resolve().parents[2]


def _exchange(url: str, messages: list[dict[str, object]]) -> list[dict[str, object]]:
    async def talk() -> list[dict[str, object]]:
        replies = []
        async with connect(url, open_timeout=5) as ws:
            for message in messages:
                await ws.send(json.dumps(message))
            try:
                while True:
                    replies.append(json.loads(await asyncio.wait_for(ws.recv(), 1.0)))
            except (TimeoutError, Exception):
                return replies

    return asyncio.run(talk())


def test_another_version_is_told_in_words_and_the_host_serves_on(clients: list[Client]) -> None:
    host = Host([SeatConfig("remote"), SeatConfig("bot")], bind="127.0.0.1")
    host.start()
    try:
        replies = _exchange(host.url(), [{"v": VERSION + 1, "t": "hello", "code": host.code}])
        assert replies[0]["t"] == "error" and replies[0]["code"] == "version"
        assert replies[0]["params"] == {"theirs": VERSION + 1, "ours": VERSION}
        client = Client(host.url(), host.code or "", name="Ann")
        clients.append(client)
        client.start()
        assert client.wait_for(Joined).seat == 0
    finally:
        host.stop()


def test_forged_tokens_refused_spectators_and_unknown_tables(clients: list[Client]) -> None:
    seats = [SeatConfig("host"), SeatConfig("remote")]
    host = Host(seats, bind="127.0.0.1", spectators=False)
    host.start()
    try:
        code = host.code or ""
        forged = Client(host.url(), code, token="x" * 32, retry_for=0.5)
        watcher = Client(host.url(), code, watch=True, retry_for=0.5)
        lost = Client(host.url(), "ZZZZZZ", name="Lost", retry_for=0.5)
        clients.extend([forged, watcher, lost])
        for client, code_expected in (
            (forged, "bad_token"),
            (watcher, "no_spectators"),
            (lost, "no_table"),
        ):
            client.start()
            problem = client.wait_for(Problem)
            assert problem.code == code_expected and problem.words
    finally:
        host.stop()


def test_the_owner_starts_and_a_seat_nobody_took_gets_a_bot(clients: list[Client]) -> None:
    seats = [SeatConfig("host"), SeatConfig("remote"), SeatConfig("remote")]
    host = Host(seats, bind="127.0.0.1", standin="easy")
    host.start()
    try:
        code = host.code or ""
        mine = Client(host.url(), code, token=host.host_token)
        guest = Client(host.url(), code, name="Guest")
        clients.extend([mine, guest])
        mine.start()
        mine.wait_for(Joined)
        guest.start()
        guest.wait_for(Joined)
        guest.start_game()
        assert guest.wait_for(Problem).code == "not_owner"
        mine.start_game()
        update = mine.wait_for(ViewUpdate)
        assert update.view is not None
        lobby = mine.lobby
        assert lobby is not None and lobby.started
        assert [s.kind for s in lobby.seats] == ["host", "remote", "bot"]
        assert lobby.seats[2].level == "easy"
        # A move out of turn is refused in words (the rules' reason).
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            views = [mine.view, guest.view]
            if all(views) and views[0].ply == views[1].ply and views[0].current_player() in (0, 1):
                break
            time.sleep(0.01)
        view = mine.view
        assert view is not None
        late = guest if view.current_player() == 0 else mine
        late.poll()
        late.send_action(str(view.legal_actions()[0]))
        assert late.wait_for(Refused).reason == "It is not your turn"
    finally:
        host.stop()


def test_the_joiners_are_told_when_the_host_goes(clients: list[Client]) -> None:
    host = Host([SeatConfig("remote"), SeatConfig("bot")], bind="127.0.0.1")
    host.start()
    client = Client(host.url(), host.code or "", name="Ann", retry_for=0.5)
    clients.append(client)
    client.start()
    client.wait_for(LobbyUpdate)
    host.stop(farewell=True)
    client.wait_for(HostLeft)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl for a certificate")
def test_the_dedicated_server_speaks_tls(tmp_path: Path, clients: list[Client]) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1", "--port", "0"]
    command += ["--db", str(tmp_path / "t.sqlite3"), "--cert", str(cert), "--key", str(key)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("stoneage-server listening on wss://"), line
        url = "wss://127.0.0.1:" + line.rsplit(":", 1)[1].strip()
        trust = ssl.create_default_context(cafile=str(cert))
        code = create_table(url, [{"kind": "remote"}, {"kind": "bot"}], tls=trust)
        client = Client(url, code, name="Ann", tls=trust)
        clients.append(client)
        client.start()
        assert client.wait_for(ViewUpdate).view is not None
    finally:
        server.terminate()
        server.wait(10)


def test_the_server_command_line_explains_itself() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "stoneage.server", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0
    for option in ("--port", "--host", "--db", "--cert", "--key", "--bot-wait"):
        assert option in done.stdout


def test_a_table_nobody_is_at_leaves_memory_and_comes_back_as_it_was(
    tmp_path: Path, clients: list[Client]
) -> None:
    seats = [SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot", "easy")]
    host = Host(seats, bind="127.0.0.1", db=tmp_path / "t.sqlite3", wait=600.0)
    host.start()
    try:
        code = host.code or ""
        both = [Client(host.url(), code, name=f"P{i}") for i in range(2)]
        clients.extend(both)
        for client in both:
            client.start()
            client.wait_for(Joined)
        both[0].wait_for(ViewUpdate)
        assert host.service is not None
        table = host.service.table(code)
        assert table is not None
        deadline = time.monotonic() + 10
        while table.state().current_player() < 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        state = table.state()
        tokens = [c.token for c in both]
        for client in both:
            client.close()
        deadline = time.monotonic() + 10
        while code in host.service.tables and time.monotonic() < deadline:
            time.sleep(0.01)
        assert code not in host.service.tables  # left memory, kept in the database
        back = Client(host.url(), code, token=tokens[1])
        clients.append(back)
        back.start()
        assert back.wait_for(Joined).seat == 1
        assert back.wait_for(ViewUpdate).view == state.view(1)
    finally:
        host.stop()
