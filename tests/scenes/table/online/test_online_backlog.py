"""Arriving at a table over the network mid-game: the log panel and the log screen tell what
happened before, in the window's language, from the backlog the host sent (a spectator who
arrives late, a player who returns to the seat kept from a closed window, whose connection
then drops, and one whose host closed and reopened the table). Loopback only, every wait
bounded."""

from __future__ import annotations

import time

import pytest

from stoneage import i18n
from stoneage.net.client import Client
from stoneage.net.host import Host
from stoneage.net.protocol import encode
from stoneage.net.remote import RemoteMatch, omitted_line
from stoneage.net.table import BACKLOG_ROUNDS, NetTable, SeatConfig
from stoneage.play.match import SeededChance, Step
from stoneage.records.hosted import Seated, SeatKeep
from stoneage.rules import view_from_wire
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.table.online.seat import online_table
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.telling.log_scene import LogScene
from stoneage.staging import example_session
from tests.scenes.apps import close_apps, open_app
from tests.scenes.test_sound import RecordingSound

from .online_helpers import (
    DEADLINE,
    ScriptedSeat,
    drop_connection,
    loopback_host,
    open_join,
    reopen_host,
    run_until,
)

#: The position the game reaches before the window arrives (past the second round).
ARRIVE_AFTER = 120


def _cjk(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def _kana(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" for c in text)


def _served_ply(host: Host) -> int:
    table = host.service.table(host.code or "") if host.service is not None else None
    return table.state().ply if table is not None and table.started else -1


def _played_until(host: Host, seat: ScriptedSeat, ply: int) -> None:
    """The scripted player plays until the host's game reaches ``ply`` (bounded). A move the
    host's flood guard turned away is sent again after a pause without progress."""
    deadline = time.monotonic() + DEADLINE
    last, moved_at = -1, time.monotonic()
    while (now := _served_ply(host)) < ply:
        assert time.monotonic() < deadline, "the game did not get there in time"
        if now != last:
            last, moved_at = now, time.monotonic()
        elif time.monotonic() - moved_at > 0.5:
            seat.resend()
            moved_at = time.monotonic()
        seat.tick()
        time.sleep(0.005)


def _told(app) -> TableScene:
    """The window's table once it has shown the backlog in its log."""
    run_until(app, lambda: isinstance(app.top, TableScene) and bool(app.top.log.lines))
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, RemoteMatch)
    return table


def _check_told(app, table: TableScene, arrived_at: int, letters) -> list[tuple[str, bool]]:
    """The log screen and the panel tell the past before ``arrived_at`` in the window's
    language (``letters``: its script), with the round headings and the line saying older
    moves are left out; the lines of the screen, for more checks."""
    remote = table.match
    assert remote is not None and remote.past
    # The host tells the last two rounds, up to the step before the window joined: by rounds,
    # not by a count of moves, since how far the game got while the window joined (and how long
    # a round is) depends on the machine's speed. They begin well before ``arrived_at``.
    rounds = [past.round for past in remote.past]
    first = rounds[-1] - BACKLOG_ROUNDS + 1
    assert rounds == sorted(rounds) and set(rounds) == set(range(first, rounds[-1] + 1))
    assert remote.past[0].ply < arrived_at <= remote.past[-1].ply + 1
    assert remote.omitted > 0  # past the second round: the oldest are left out
    screen = LogScene(app, table)
    lines = screen.lines()
    assert lines[0] == (omitted_line(), True)
    assert letters(lines[0][0])
    headings = [text for text, heading in lines[1:] if heading]
    # The last round's heading at least; the one before only when the host's backlog still
    # holds its start (how far a round got while the window joined depends on the machine).
    assert 1 <= len(headings) <= BACKLOG_ROUNDS
    said = [text for text, heading in lines if not heading]
    assert len(said) > 10 and all(letters(text) for text in said)
    assert all(letters(text) for text in table.log.lines)
    assert list(table.log.lines) == said[-len(table.log.lines) :]
    return lines


@pytest.fixture
def zh_app():
    application = open_app(language="zh", sound=RecordingSound())
    yield application
    close_apps(application)
    i18n.install_language("en")


@pytest.fixture
def ja_app():
    application = open_app(language="ja")
    yield application
    close_apps(application)
    i18n.install_language("en")


def test_a_spectator_arriving_late_reads_the_earlier_moves_in_chinese_quietly(zh_app):
    app = zh_app
    host = loopback_host([SeatConfig("remote", name="Ann"), SeatConfig("bot", "random")], seed=8)
    ann = ScriptedSeat(Client(host.url(), host.code or "", name="Ann"))
    try:
        ann.client.start()  # the only player's seat is taken: the game begins
        _played_until(host, ann, ARRIVE_AFTER)
        arrived_at = _served_ply(host)
        heard = app.sound
        assert isinstance(heard, RecordingSound)
        open_join(app, host.url(), host.code or "").join(watch=True)
        table = _told(app)
        # Told as the past: nothing was animated or sounded for it.
        assert not table.timeline.busy and not table.match.pending
        assert [name for name, _count in heard.played if name != "click"] == []
        lines = _check_told(app, table, arrived_at, _cjk)
        assert "Ann" in " ".join(text for text, _heading in lines)
        ply = table.match.state.ply
        run_until(app, lambda: table.match.state.ply > ply + 5, [ann])
        assert len(LogScene(app, table).lines()) > len(lines)  # the live steps follow on
    finally:
        while app.stack:
            app.stack.pop().exit()
        ann.client.close()
        host.stop()


def _returning_window(app, host: Host, arrive_after: int) -> tuple[TableScene, int]:
    """Bob claims the seat from another client, plays, and closes it; the window returns to
    the seat with its kept token (the join screen's Return): its table and the position it
    arrived at."""
    bob = ScriptedSeat(Client(host.url(), host.code or "", name="Bob"))
    bob.client.start()
    try:
        _played_until(host, bob, arrive_after)
        token = bob.client.token
        assert token is not None
    finally:
        bob.client.close()
    SeatKeep().save(Seated(host.url(), host.code or "", token, "Bob"))
    arrived_at = _served_ply(host)
    join = JoinScene(app)
    app.push(join)
    join.return_to_seat()
    return _told(app), arrived_at


def test_a_player_returning_to_the_seat_then_dropping_reads_the_past_in_japanese(ja_app):
    app = ja_app
    host = loopback_host([SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")], seed=9)
    try:
        table, arrived_at = _returning_window(app, host, ARRIVE_AFTER)
        assert table.match.me == 0
        before = _check_told(app, table, arrived_at, _kana)
        drop_connection(app, table)
        run_until(app, lambda: table.match.notices.connection == "" and bool(table.log.lines))
        assert _check_told(app, table, arrived_at, _kana) == before  # the same past again
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_the_host_reopens_its_table_and_the_log_is_told_again(app, tmp_path):
    db = tmp_path / "tables.sqlite3"
    seats = [SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")]
    host = loopback_host(seats, seed=10, db=db)
    code, port = host.code or "", host.port
    try:
        table, arrived_at = _returning_window(app, host, ARRIVE_AFTER)
        before = _check_told(app, table, arrived_at, str.isprintable)
        host.stop(farewell=True)  # the host quits: the table is kept in its database
        run_until(app, lambda: table.match.notices.host_left)
        table.match.past.clear()  # whatever the log told comes from the reopened host
        table.log.lines.clear()
        host = reopen_host(db, code, port)  # rebuilt by replay
        run_until(
            app, lambda: not table.match.notices.serious() and bool(table.log.lines), seconds=30
        )
        assert _check_told(app, table, arrived_at, str.isprintable) == before
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def _served(seed: int) -> NetTable:
    """A two-seat table (Bob, the window's seat, and a bot) played into round 3 at Bob's
    decision, with no network."""
    seats = [SeatConfig("remote", name="Bob"), SeatConfig("bot", "random", name="Ann")]
    served = NetTable.create("ABCDEF", seats, seed, chance=SeededChance())
    served.claim(0)
    served.start()
    while served.state().round < 3 or served.state().current_player() != 0:
        _advance(served)
    return served


def _advance(served: NetTable) -> Step:
    """One step of the served table (Bob plays his first legal action)."""
    found = served.automatic()
    state = served.state()
    if found is None:
        return served.act(0, str(state.legal_actions()[0]), state.ply)
    step = served.apply_automatic(found[1](), state.ply)
    assert step is not None
    return step


def _window(app, message: dict) -> TableScene:
    """The window's table built from the arrival ``message``, as its waiting room hands it
    over."""
    session = example_session(0, False, 2, True)
    session.client.take(encode(message))
    table = online_table(app, session, view_from_wire(message["view"]))
    session.events = session.client.poll()
    app.push(table)
    table.update(0.0)
    return table


def test_a_damaged_backlog_entry_is_left_out_of_the_log_and_the_game_goes_on(app):
    """An arrival whose backlog has entries this client cannot read: those are left out (and
    counted among the older moves not shown), the others are told, and the seat plays on."""
    served = _served(12)
    message = served.update(0, served.last_step, arrival=True)
    entries = message["backlog"]["steps"]
    told = [e for e in entries if e["events"]]
    told[0]["events"] = [["an event of a later version", 0]]
    told[1]["round"] = None
    table = _window(app, message)
    remote = table.match
    assert remote is not None and len(remote.past) == len(entries) - 2
    assert remote.omitted == message["backlog"]["omitted"] + 2
    lines = LogScene(app, table).lines()
    names = [seat.name for seat in table.seats]
    assert lines[0] == (omitted_line(), True)
    said = [p for past in remote.past for p in past.story.paragraphs(names)]
    assert [text for text, heading in lines if not heading] == said and len(said) > 10
    assert table.match.state == served.state().view(0) and table.match.human_to_act() == 0


def test_a_step_the_view_cannot_follow_keeps_the_log_told_so_far(app):
    """After the arrival, a live step is told after the backlog; a jump with no backlog (a
    host of before it, or a step this view cannot tell) keeps every line told so far."""
    served = _served(13)
    table = _window(app, served.update(0, served.last_step, arrival=True))
    remote = table.match
    assert remote is not None
    arrived = len(remote.history())
    step = _advance(served)
    table.match.session.client.take(encode(served.update(0, step)))
    run_until(app, lambda: table.match.state.ply == served.state().ply and not remote.pending)
    told = LogScene(app, table).lines()
    assert len(remote.history()) == arrived + 1
    for _ in range(3):
        _advance(served)
    jump = served.update(0, None)  # no story, no backlog
    table.match.session.client.take(encode(jump))
    run_until(app, lambda: table.match.state.ply == served.state().ply)
    assert LogScene(app, table).lines() == told and len(table.log.lines) > 0
