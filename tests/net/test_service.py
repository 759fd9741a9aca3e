"""The server's answers in the situations around a game: another version, a forged token, a
refused spectator, the owner's start, the host going, and the dedicated server over TLS."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from stoneage.net.client import (
    Client,
    Closed,
    HostLeft,
    HostRefused,
    Joined,
    LobbyUpdate,
    Problem,
    ViewUpdate,
    create_table,
    problem_words,
)
from stoneage.net.host import Host
from stoneage.net.protocol import VERSION
from stoneage.net.service import ServiceConfig
from stoneage.net.table import SeatConfig

from .test_faults import _end, _host_process

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


def test_a_client_of_the_protocol_before_is_refused_in_words_both_ways(
    tmp_path: Path, clients: list[Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client of 1550f13 speaks version 1 (a story per step, a view in every message): the
    host (in a process of its own) refuses its hello in words, and that client, reading the
    refusal of a newer host, says so in words and stops (never a crash). Its code for this is
    today's, run here with version 1: the version is checked before anything else is read,
    and the words are the same."""
    assert VERSION == 2
    process, said = _host_process(tmp_path / "tables.sqlite3")
    try:
        url = f"ws://127.0.0.1:{said['port']}"
        replies = _exchange(url, [{"v": 1, "t": "hello", "code": said["code"]}])
        assert replies == [
            {"v": 2, "t": "error", "code": "version", "params": {"theirs": 1, "ours": 2}}
        ]
        monkeypatch.setattr("stoneage.net.protocol.VERSION", 1)  # the client of 1550f13
        old = Client(url, said["code"], name="Ann", retry_for=0.5)
        clients.append(old)
        old.start()
        problem = old.wait_for(Problem)
        assert problem.code == "version"
        assert problem.words == (
            "The host runs another version of the game (network protocol 2; this game speaks "
            "1). Both players need the same version."
        )
        old.wait_for(Closed)
        monkeypatch.undo()
        new = Client(url, said["code"], name="Bo")  # and the host serves on
        clients.append(new)
        new.start()
        assert new.wait_for(Joined).seat == 1
    finally:
        _end(process)


def test_a_client_that_cannot_follow_a_step_asks_for_its_view(clients: list[Client]) -> None:
    """Steps come without a view where the seat can follow them on its own; asked
    (``sync``), the host sends the seat's view as it is now."""
    host = Host([SeatConfig("remote"), SeatConfig("bot")], bind="127.0.0.1", seed=5)
    host.start()
    try:
        code = host.code or ""
        replies = _exchange(
            host.url(),
            [{"v": VERSION, "t": "hello", "code": code}, {"v": VERSION, "t": "sync"}],
        )
        states = [r for r in replies if r["t"] == "state"]
        assert states and all("view" in r for r in states[:1])
        table = host.service.table(code) if host.service is not None else None
        assert table is not None
        synced = [r for r in states if r["step"] is None and "backlog" not in r]
        assert synced and synced[-1]["ply"] <= table.state().ply
        assert synced[-1]["view"]["viewer"] == 0
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
        assert late.wait_for(HostRefused).reason == "It is not your turn"
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
    for option in (
        "--port",
        "--host",
        "--db",
        "--cert",
        "--key",
        "--bot-wait",
        "--max-per-address",
        "--max-tables",
        "--tables-per-address",
        "--creates-per-minute",
        "--unjoined-expiry",
        "--hellos-per-second",
        "--quick-wait",
        "--trust-proxy",
        "--metrics",
    ):
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


def test_a_seat_taken_up_elsewhere_is_let_go_not_fought_over(clients: list[Client]) -> None:
    host = Host([SeatConfig("remote"), SeatConfig("bot")], bind="127.0.0.1")
    host.start()
    try:
        first = Client(host.url(), host.code or "", name="Ann")
        clients.append(first)
        first.start()
        first.wait_for(Joined)
        second = Client(host.url(), host.code or "", token=first.token)
        clients.append(second)
        second.start()
        assert second.wait_for(Joined).seat == 0
        assert first.wait_for(Problem).code == "replaced"
        time.sleep(0.5)  # the first does not come back to push the second out
        assert not any(isinstance(e, Problem) for e in second.poll())
        assert host.service is not None
        live = host.service.tables[host.code or ""]
        assert len(live.players) == 1
    finally:
        host.stop()


def _until(done: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("not within the time")
        time.sleep(0.01)


def _polled(client: Client, seen: list[object]) -> list[object]:
    """``seen`` with the client's new events added."""
    seen.extend(client.poll())
    return seen


def _closed_by_peer(sock: socket.socket) -> bool:
    """True when the other end closed ``sock`` (an end of file or a reset)."""
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_one_address_opening_hundreds_of_sockets_holds_only_a_few(clients: list[Client]) -> None:
    limit = 8
    host = Host(
        [SeatConfig("remote"), SeatConfig("bot")],
        bind="127.0.0.1",
        config=ServiceConfig(max_per_address=limit),
    )
    host.start()
    assert host.service is not None
    counted = host.service.addresses.open
    sockets: list[socket.socket] = []
    try:
        # 200 sockets that never say a word: past twice the limit each is dropped at once.
        for _ in range(200):
            sockets.append(socket.create_connection(("127.0.0.1", host.port), timeout=5))
        _until(lambda: counted.get("127.0.0.1", 0) <= 2 * limit)
        for sock in sockets:
            sock.settimeout(0.02)
        dropped = sum(_closed_by_peer(sock) for sock in sockets)
        assert dropped >= 200 - 2 * limit
        for sock in sockets:
            sock.close()
        _until(lambda: "127.0.0.1" not in counted)
        # At the limit, the next connection is told why in words, and changes nothing.
        sockets = [
            socket.create_connection(("127.0.0.1", host.port), timeout=5) for _ in range(limit)
        ]
        _until(lambda: counted.get("127.0.0.1") == limit)
        refused = Client(host.url(), host.code or "", name="Ann")
        clients.append(refused)
        refused.start()
        seen: list[object] = []
        _until(lambda: any(isinstance(e, (Problem, Closed)) for e in _polled(refused, seen)))
        problems = [e for e in seen if isinstance(e, Problem)]
        assert problems and problems[0].code == "too_many_connections", (seen, dict(counted))
        problem = problems[0]
        assert problem.words == problem_words("too_many_connections", {"limit": limit})
        assert str(limit) in problem.words
        table = host.service.table(host.code or "")
        assert table is not None and table.record.digests == [None, None]
        # Once those sockets close, the same address joins.
        for sock in sockets:
            sock.close()
        _until(lambda: "127.0.0.1" not in counted)
        welcome = Client(host.url(), host.code or "", name="Ann")
        clients.append(welcome)
        welcome.start()
        assert welcome.wait_for(Joined, timeout=10).seat == 0
    finally:
        for sock in sockets:
            sock.close()
        host.stop()
