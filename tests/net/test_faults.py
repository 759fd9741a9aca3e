"""Faults: a client killed mid-game (a stand-in plays meanwhile) that returns, one that never
does, the host stopped without a word and restarted from its database, the host's process
killed (SIGKILL) and restarted from its autosave, the dedicated server killed (SIGKILL) and
restarted: every table continues at the same decision, and each game ends with the scores of
its offline replay."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from stoneage.net.client import Client, Countdown, Joined, Returned, StandIn, create_table
from stoneage.net.host import Host
from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig

from .players import Script, offline_replay, play_until, views_after_join, waiting_for

ROOT = Path(__file__).resolve().parents[2]
HOST_PROCESS = Path(__file__).resolve().with_name("host_process.py")


def _joins(script: Script) -> int:
    return sum(isinstance(e, Joined) for e in script.events)


def _rejoined(scripts: list[Script], before: list[int]) -> bool:
    """True once every script joined again and got its first view since."""
    return all(_joins(s) > n and views_after_join(s) for s, n in zip(scripts, before))


def _scores(final: object) -> list[int]:
    assert isinstance(final, tuple)
    return [seat["total"] for seat in final]


def _replayed_scores(table: NetTable) -> list[int]:
    state = offline_replay(len(table.record.seats), table.record.actions)
    return [seat["total"] for seat in state.final_scoring()]


def _join(url: str, code: str, clients: list[Client], **given: object) -> Script:
    client = Client(url, code, retry_for=20.0, **given)  # type: ignore[arg-type]
    clients.append(client)
    script = Script(client)
    client.start()
    script.joined()
    return script


def _four(host: Host, clients: list[Client]) -> tuple[Script, Script]:
    code = host.code or ""
    return _join(host.url(), code, clients, name="A"), _join(host.url(), code, clients, name="B")


def _hosted(**given: object) -> Host:
    seats = [
        SeatConfig("remote"),
        SeatConfig("remote"),
        SeatConfig("bot"),
        SeatConfig("bot", "easy"),
    ]
    host = Host(seats, bind="127.0.0.1", **given)  # type: ignore[arg-type]
    host.start()
    return host


def test_a_killed_client_returns_to_its_seat_after_a_stand_in_played(clients: list[Client]) -> None:
    host = _hosted(wait=0.3, seed=77)
    try:
        a, b = _four(host, clients)
        b.hold = 60
        play_until([a, b], done=lambda: b.view is not None and b.view.ply >= 60 and waiting_for(b))
        assert host.service is not None
        table = host.service.table(host.code or "")
        assert table is not None
        killed_at = table.state().ply
        token = b.client.token
        b.client.kill()
        # The others play on; after the countdown a Normal stand-in plays seat 1.
        play_until([a], done=lambda: table.state().ply > killed_at + 40)
        assert any(isinstance(e, Countdown) and e.seat == 1 for e in a.events)
        assert any(isinstance(e, StandIn) and e.seat == 1 for e in a.events)
        back = _join(host.url(), host.code or "", clients, token=token)
        assert back.client.seat == 1
        play_until([a, back], done=lambda: bool(views_after_join(back)))
        first = views_after_join(back)[0]
        replay = offline_replay(4, table.record.actions[: first.ply])
        assert first.view == replay.view(1)  # the same seat's view, where the game is
        play_until([a, back])
        assert any(isinstance(e, Returned) and e.seat == 1 for e in a.events)
        assert _scores(a.final().final) == _scores(back.final().final) == _replayed_scores(table)  # type: ignore[union-attr]
    finally:
        host.stop()


def test_a_client_that_never_returns_is_played_to_the_end(clients: list[Client]) -> None:
    host = _hosted(wait=0.2, seed=78)
    try:
        a, b = _four(host, clients)
        b.hold = 40
        play_until([a, b], done=lambda: b.view is not None and b.view.ply >= 40 and waiting_for(b))
        b.client.kill()
        play_until([a])
        assert host.service is not None
        table = host.service.table(host.code or "")
        assert table is not None and table.standing_in() == [1]
        assert _scores(a.final().final) == _replayed_scores(table)  # type: ignore[union-attr]
    finally:
        host.stop()


def test_the_host_stopped_without_a_word_reopens_at_the_same_decision(
    tmp_path: Path, clients: list[Client]
) -> None:
    db = tmp_path / "host.sqlite3"
    seats = [SeatConfig("host"), SeatConfig("remote"), SeatConfig("bot", "easy")]
    host = Host(seats, bind="127.0.0.1", db=db, seed=79, wait=60.0)
    host.start()
    code, port, token = host.code or "", host.port, host.host_token
    mine = _join(host.url(), code, clients, token=token)
    theirs = _join(host.url(), code, clients, name="Bob")
    for script in (mine, theirs):
        script.hold = 50
    both = [mine, theirs]
    play_until(both, done=lambda: any(s.view and s.view.ply >= 50 and waiting_for(s) for s in both))
    assert host.service is not None
    table = host.service.table(code)
    assert table is not None
    before = table.state()
    joins = [_joins(s) for s in both]
    host.stop(farewell=False)
    again = Host(code=code, db=db, bind="127.0.0.1", port=port, wait=60.0)
    again.start()
    try:
        assert again.service is not None
        reopened = again.service.table(code)
        assert reopened is not None and reopened.state() == before
        play_until(both, done=lambda: _rejoined(both, joins), timeout=30)
        for seat, script in enumerate(both):
            assert views_after_join(script)[0].view == before.view(seat)
            script.hold = None
        play_until(both)
        assert _scores(mine.final().final) == _replayed_scores(reopened)  # type: ignore[union-attr]
    finally:
        again.stop()


def _first_line(stream: IO[str], timeout: float) -> str:
    """The first line ``stream`` gives within ``timeout`` seconds: a child that hangs before
    it says where it listens fails the test instead of hanging it."""
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        raise TimeoutError(f"no line within {timeout} s") from None


def _host_process(db: Path, *more: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A host in a process of its own (``host_process.py``) and what it printed: its port,
    code and host seat's token. It serves until its stdin closes."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, str(HOST_PROCESS), "--db", str(db), *more],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    try:
        said: dict[str, Any] = json.loads(_first_line(process.stdout, 15.0))
    except (TimeoutError, ValueError):
        _end(process)
        raise
    return process, said


def _end(process: subprocess.Popen[str]) -> None:
    """Let a host process go (its stdin closes), killed if it does not stop in time."""
    if process.stdin is not None:
        process.stdin.close()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def _saved(db: Path, code: str) -> NetTable:
    """The table as its database keeps it (rebuilt by replay)."""
    store = TableStore(db)
    try:
        record = store.load(code)
    finally:
        store.close()
    assert record is not None
    return NetTable(record)


def test_the_host_process_killed_restarts_from_its_autosave(
    tmp_path: Path, clients: list[Client]
) -> None:
    db = tmp_path / "autosave.sqlite3"
    process, said = _host_process(db, "--seed", "80")
    try:
        code, port = str(said["code"]), int(said["port"])
        url = f"ws://127.0.0.1:{port}"
        mine = _join(url, code, clients, token=said["token"])  # the host's own player
        theirs = _join(url, code, clients, name="Bob")
        both = [mine, theirs]
        for script in both:
            script.hold = 50
        play_until(
            both, done=lambda: any(s.view and s.view.ply >= 50 and waiting_for(s) for s in both)
        )
        joins = [_joins(s) for s in both]
        process.send_signal(signal.SIGKILL)  # no goodbye, no last write: a crash
        process.wait(10)
        before = _saved(db, code).state()  # what the autosave kept
        assert before.ply >= 50 and before.current_player() in (
            mine.client.seat,
            theirs.client.seat,
        )
        process, again = _host_process(db, "--code", code, "--port", str(port))
        assert again["code"] == code and again["port"] == port
        # The clients come back by themselves, each with its token, to the same seat and view.
        play_until(both, done=lambda: _rejoined(both, joins), timeout=30)
        for script in both:
            seat = script.client.seat
            assert seat is not None
            assert views_after_join(script)[0].view == before.view(seat)  # the same decision
            script.hold = None
        play_until(both)
        finals = [_scores(s.final().final) for s in both]  # type: ignore[union-attr]
        assert finals[0] == finals[1] == _replayed_scores(_saved(db, code))
    finally:
        _end(process)


def _server(db: Path, port: int) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "stoneage.server", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--db", str(db), "--bot-wait", "60", "--log-level", "WARNING"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # "stoneage-server listening on ws://127.0.0.1:PORT"
    assert "listening on" in line, line
    return process, int(line.rsplit(":", 1)[1])


def test_the_dedicated_server_killed_restarts_from_its_database(
    tmp_path: Path, clients: list[Client]
) -> None:
    db = tmp_path / "tables.sqlite3"
    process, port = _server(db, 0)
    url = f"ws://127.0.0.1:{port}"
    try:
        seats = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "level": "easy"}]
        code = create_table(url, seats, wait=60)
        a = _join(url, code, clients, name="A")
        b = _join(url, code, clients, name="B")
        both = [a, b]
        for script in both:
            script.hold = 60
        play_until(
            both, done=lambda: any(s.view and s.view.ply >= 60 and waiting_for(s) for s in both)
        )
        time.sleep(0.1)
        seen = max(s.client.ply for s in both)
        joins = [_joins(s) for s in both]
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        process, _port = _server(db, port)
        play_until(both, done=lambda: _rejoined(both, joins), timeout=30)
        for script in both:
            first = views_after_join(script)[0]
            assert first.ply == seen  # the same decision
            # The log's past, told by the server rebuilt from its database.
            assert first.backlog is not None and first.backlog.past[-1].ply == seen - 1
            script.hold = None
        play_until(both)
        store = TableStore(db)
        record = store.load(code)
        store.close()
        assert record is not None
        assert _scores(a.final().final) == _replayed_scores(NetTable(record))  # type: ignore[union-attr]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
