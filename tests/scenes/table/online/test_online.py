"""Network play in the window: join a table hosted in this process (loopback only), wait in the
waiting room, and play moves from both sides on the real table scene; the host's waiting
room; the join screen's checks; the countdown and host-left words."""

from __future__ import annotations

import pygame
import pytest

from stoneage.ai import make_bot
from stoneage.net.client import Client, Countdown, HostLeft, Joined, Returned, StandIn
from stoneage.net.discovery import FoundTable
from stoneage.net.notices import NetNotices
from stoneage.net.remote import RemoteMatch
from stoneage.net.table import SeatConfig
from stoneage.scenes.online.addressing import EntryError, table_code, table_url
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.scenes.table.scene import TableScene
from stoneage.staging import ONLINE_SCENES, build_scene
from tests.scenes.hands import perform

from .online_helpers import (
    ScriptedSeat,
    drop_connection,
    joined_table,
    loopback_host,
    open_join,
    reopen_host,
    run_until,
    window_decides,
)


def type_into(app, scene: JoinScene, index: int, text: str) -> None:
    """Click field ``index`` of the join screen and type ``text`` as real events."""
    rect = scene.fields[index].rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(block=False)


def test_join_by_address_and_code_then_play_moves_from_both_sides(app):
    host = loopback_host(
        [SeatConfig("host", name="Ann"), SeatConfig("remote"), SeatConfig("bot", "random")]
    )
    ann = ScriptedSeat(Client(host.url(), host.code or "", token=host.host_token))
    ann.client.start()
    try:
        join = JoinScene(app)
        app.push(join)
        type_into(app, join, 0, f"127.0.0.1:{host.port}")
        type_into(app, join, 1, (host.code or "").lower())
        type_into(app, join, 2, "Bob")
        join.join()
        assert app.top is join and join.asking  # the table is asked before the screen changes
        run_until(app, lambda: isinstance(app.top, (WaitingRoomScene, TableScene)), [ann])
        # Every joined seat is taken: the game begins by itself and the table takes over.
        run_until(app, lambda: isinstance(app.top, TableScene), [ann])
        table = app.top
        assert isinstance(table.match, RemoteMatch) and table.match.me == 1
        assert [s.name for s in table.seats] == ["Ann", "Bob", "random 3"]
        played = 0
        while played < 6 and not table.match.is_over():
            run_until(app, lambda: window_decides(app) or table.match.is_over(), [ann])
            if table.match.is_over():
                break
            state = table.match.state
            assert table.offered() == set(state.legal_actions())  # the view's, exactly
            action = sorted(state.legal_actions(), key=str)[0]
            perform(app, action)
            played += 1
            run_until(app, lambda s=state: table.match.state is not s, [ann])
            # The host's view came back with the move: its story is in the log.
            assert table.match.sent is None
        assert played == 6 and ann.moves >= 3
        assert table.log.lines  # what happened, told in the log from the host's stories
        from stoneage.scenes.table.telling.log_scene import LogScene

        log = LogScene(app, table)  # the whole log, from the host's stories; no replay export
        assert log.lines() and not next(b for b in log.buttons if b.name == "export").enabled
    finally:
        while app.stack:
            app.stack.pop().exit()
        ann.client.close()
        host.stop()


def test_a_refused_move_is_said_in_words_and_changes_nothing(app):
    host = loopback_host([SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")], seed=3)
    client = Client(host.url(), host.code or "", name="Bob")
    try:
        join = JoinScene(app, client=lambda *a, **k: client)
        app.push(join)
        join.fields[0].text, join.fields[1].text = f"127.0.0.1:{host.port}", host.code or ""
        join.join()
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        run_until(app, lambda: window_decides(app))
        state = table.match.state
        # Sent behind the view's back (as a client of another version might): the host says no.
        table.match.sent = state.legal_actions()[0]
        client.send_action("feed 9 9 9 9 9")
        run_until(app, lambda: table.hands.error != "")
        assert table.match.state is state and table.match.sent is None
        run_until(app, lambda: window_decides(app))  # the controls are back
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_the_host_sees_the_code_and_starts_with_a_bot_in_the_empty_seat(app, tmp_path):
    from stoneage.play.seats import Seat
    from stoneage.records.hosted import HostedKeep

    keep = HostedKeep(tmp_path)
    room = app.make_scene(
        "host_table",
        seats=[Seat("Ann", "red", "human"), Seat("?", "blue", "human")],
        joins=[False, True],
        seed=4,
        port=0,
        bind="127.0.0.1",
        keep=keep,
        announce=False,
    )
    app.push(room)
    try:
        assert isinstance(room, WaitingRoomScene) and room.hosting
        run_until(app, lambda: room.lobby is not None and room.lobby.seats[0].here)
        assert keep.load() is not None and keep.load().code == room.session.client.code
        start = next(b for b in room.buttons if b.name == "start")
        assert start.enabled
        start.on_click()
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert table.match.me == 0
        assert table.seats[1].name  # the bot that took the empty seat
    finally:
        while app.stack:
            app.stack.pop().exit()


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.20", "ws://192.168.1.20:27436"),
        (" 192.168.1.20:5000 ", "ws://192.168.1.20:5000"),
        ("ws://game.example.org:80/", "ws://game.example.org:80"),
        # wss:// without a port: a server behind a web server holding a certificate.
        ("wss://game.example.org", "wss://game.example.org:443"),
        ("[fe80::1]:9000", "ws://[fe80::1]:9000"),
        ("::1", "ws://[::1]:27436"),
        ("localhost", "ws://localhost:27436"),
    ],
)
def test_addresses_a_player_may_type(typed, url):
    assert table_url(typed) == url


@pytest.mark.parametrize(
    "typed", ["", "   ", "192.168.1.300", "host:port", "host:70000", "[fe80::1", "a b", "1.2.3"]
)
def test_addresses_that_are_refused_in_words(typed):
    with pytest.raises(EntryError) as caught:
        table_url(typed)
    assert str(caught.value)


def test_table_codes():
    assert table_code("abc-234") == "ABC234"
    assert table_code(" ab c2 34 ") == "ABC234"
    # A dedicated server's private table: twelve characters, typed in groups or not.
    assert table_code("abcd-efgh-jkmn") == "ABCDEFGHJKMN"
    assert table_code("ABCD EFGH JKMN") == "ABCDEFGHJKMN"
    for wrong in ("", "ABC23", "ABC2345", "ABC10O", "ABCDEFGHJKM", "ABCDEFGHJKMNP"):
        with pytest.raises(EntryError):
            table_code(wrong)


def test_a_private_code_means_a_servers_port_and_shows_in_groups():
    from stoneage.scenes.online.addressing import (
        SERVER_PORT,
        default_port_for,
        server_url,
        shown_code,
    )

    assert default_port_for("ABCDEFGHJKMN") == SERVER_PORT == 8765
    assert (
        table_url("play.example.org", default_port_for("ABC234")) == "ws://play.example.org:27436"
    )
    assert server_url("play.example.org") == "ws://play.example.org:8765"
    assert server_url("wss://play.example.org") == "wss://play.example.org:443"
    assert shown_code("ABCDEFGHJKMN") == "ABCD EFGH JKMN" and shown_code("ABC234") == "ABC234"
    with pytest.raises(EntryError):
        server_url("  ")


def test_the_join_screen_says_what_is_wrong_and_sends_nothing(app):
    made = []
    join = JoinScene(app, client=lambda *a, **k: made.append(a))
    app.push(join)
    join.fields[0].text, join.fields[1].text = "300.1.1.1", "AB"
    join.join()
    assert app.top is join and not made
    assert join.fields[0].problem and join.fields[1].problem
    surface = pygame.Surface(app.size)
    join.draw(surface)  # the problems under their fields draw


def test_tables_found_nearby_fill_in_the_fields(app):
    found = [FoundTable("Ann", "192.168.1.20", 27436, "ABC234", 1, 1, 3, False)]
    join = JoinScene(app, finder=lambda: found)
    app.push(join)
    app.step(block=False)
    button = next(b for b in join.buttons if b.name == "found_0")
    button.on_click()
    assert join.fields[0].text == "ws://192.168.1.20:27436" and join.fields[1].text == "ABC234"
    assert table_url(join.fields[0].text) == "ws://192.168.1.20:27436"


def test_the_countdown_and_the_stand_in_in_words():
    now = [100.0]
    net = NetNotices(["Ann", "Bob", "Cy"], me=1, clock=lambda: now[0])
    assert net.banner() == ""
    net.hear(Countdown(0, 60.0))
    now[0] += 15
    assert "Ann" in net.banner() and "45" in net.banner() and not net.serious()
    net.hear(StandIn(0, "hard"))
    assert "Ann" in net.banner() and "45" not in net.banner()
    net.hear(Returned(0))
    assert net.banner() == ""
    net.hear(HostLeft())
    assert net.serious() and net.banner()
    net.hear(Joined(1, "ABC234", None))
    assert not net.serious()


@pytest.mark.parametrize("name", ONLINE_SCENES)
def test_the_network_screens_render_in_every_language(app, name):
    """The join screen, the waiting rooms and the remote seat's table with the countdown, the
    reconnection and the host gone: built with no network, drawn in en, zh and ja."""
    from stoneage import i18n

    for language in ("en", "zh", "ja"):
        i18n.install_language(language)
        try:
            build_scene(app, name, seed=5, players=3)
            app.draw(pygame.Surface(app.size))
            table = app.top
            if isinstance(table, TableScene):
                assert isinstance(table.match, RemoteMatch)
                said = table.match.notices.banner()
                assert bool(said) == (name in ("countdown", "reconnecting", "host_left"))
        finally:
            while app.stack:
                app.stack.pop().exit()
            i18n.install_language("en")


def test_what_the_network_says_redraws_the_whole_table(app):
    """A countdown heard between two frames asks for a whole new frame (it was drawn only
    when something else redrew the table)."""
    build_scene(app, "online_game", seed=5, players=3)
    table = app.top
    for _ in range(3):
        table.update(0.0)
    table.match.session.events.append(Countdown(1, 30.0))
    assert table.update(0.0) is True
    assert "30" in table.match.notices.banner()


def test_a_whole_game_from_a_remote_seat_ends_on_the_hosts_scoring(app):
    """The window's seat plays a whole game by mouse against a bot at the host: every move
    sent, every view received, the final scoring the host's."""
    from stoneage.scenes.menus.scoring_scene import ScoringScene

    host = loopback_host([SeatConfig("remote", name="Bob"), SeatConfig("bot", "easy")], seed=21)
    try:
        join = open_join(app, host.url(), host.code or "")
        join.join()
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        brain = make_bot("easy", 5)
        decisions = 0
        while isinstance(app.top, TableScene):
            run_until(
                app, lambda: window_decides(app) or not isinstance(app.top, TableScene), seconds=30
            )
            if not isinstance(app.top, TableScene):
                break
            state = table.match.state
            assert table.offered() == set(state.legal_actions())
            perform(app, brain.choose(state))
            decisions += 1
            run_until(
                app,
                lambda s=state: table.match.state is not s or not isinstance(app.top, TableScene),
            )
        final = app.top
        assert isinstance(final, ScoringScene) and final.online
        served = host.service.table(host.code).state() if host.service else None
        assert served is not None and served.is_terminal()
        assert final.rows == served.final_scoring()
        assert final.winners == served.winners()
        assert decisions > 20
        review = next(b for b in final.buttons if b.name == "review")
        assert not final.reviewable and not review.enabled  # the host keeps the game whole
        assert "network" in review.tooltip
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_a_spectator_watches_without_controls(app):
    host = loopback_host([SeatConfig("remote", name="Ann"), SeatConfig("bot", "random")], seed=8)
    ann = ScriptedSeat(Client(host.url(), host.code or "", name="Ann"))
    try:
        join = open_join(app, host.url(), host.code or "")
        join.join(watch=True)
        run_until(app, lambda: isinstance(app.top, WaitingRoomScene))
        room = app.top
        run_until(app, lambda: room.lobby is not None)
        ann.client.start()  # the only player's seat is taken: the game begins
        run_until(app, lambda: isinstance(app.top, TableScene), [ann])
        table = app.top
        assert table.match.me is None and table.mode.watch_only
        first = table.match.state.ply
        run_until(app, lambda: table.match.state.ply > first + 10, [ann])
        assert not table.hands.controls and table.match.human_to_act() is None
        assert ann.moves > 0
    finally:
        while app.stack:
            app.stack.pop().exit()
        ann.client.close()
        host.stop()


def test_a_dropped_connection_comes_back_to_the_same_seat_and_view(app):
    host = loopback_host([SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")], seed=9)
    try:
        table = joined_table(app, host)
        seat, ply = table.match.me, table.match.state.ply
        client = table.match.client
        drop_connection(app, table)
        run_until(app, lambda: table.match.notices.connection == "" and window_decides(app))
        assert client.seat == seat and table.match.state.ply == ply  # the same decision
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_the_host_leaves_and_reopens_its_table(app, tmp_path):
    db = tmp_path / "tables.sqlite3"
    seats = [SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")]
    host = loopback_host(seats, seed=10, db=db)
    code, port = host.code or "", host.port
    try:
        table = joined_table(app, host, code)
        ply = table.match.state.ply
        host.stop(farewell=True)  # the host quits: the joiners are told
        run_until(app, lambda: table.match.notices.host_left and table.match.notices.serious())
        host = reopen_host(db, code, port)  # Continue reopens it
        run_until(
            app, lambda: not table.match.notices.serious() and window_decides(app), seconds=30
        )
        assert table.match.state.ply == ply
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_another_player_drops_the_countdown_then_a_bot_plays_their_seat(app):
    host = loopback_host(
        [SeatConfig("remote", name="Bob"), SeatConfig("remote", name="Ann")], seed=12, wait=1.0
    )
    ann = ScriptedSeat(Client(host.url(), host.code or "", name="Ann", seat=1))
    try:
        join = open_join(app, host.url(), host.code or "")
        join.join()
        run_until(app, lambda: app.top is not join and app.top.lobby is not None)
        ann.client.start()
        run_until(app, lambda: isinstance(app.top, TableScene), [ann])
        table = app.top
        ann.client.kill()  # Ann's program crashes
        run_until(app, lambda: 1 in table.match.notices.away)
        assert "Ann" in table.match.notices.banner() and not table.match.notices.serious()
        # The window's seat plays on; at Ann's turn, once her countdown is over, a bot plays.
        played = 0
        while 1 not in table.match.notices.standing_in and played < 20:
            run_until(app, lambda: window_decides(app) or 1 in table.match.notices.standing_in)
            if 1 in table.match.notices.standing_in:
                break
            state = table.match.state
            perform(app, sorted(state.legal_actions(), key=str)[0])
            played += 1
            run_until(app, lambda s=state: table.match.state is not s)
        assert 1 in table.match.notices.standing_in and "Ann" in table.match.notices.banner()
        run_until(app, lambda: window_decides(app))  # the stand-in played Ann's turn
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_a_hint_from_the_seats_own_view(app):
    host = loopback_host([SeatConfig("remote", name="Bob"), SeatConfig("bot", "random")], seed=14)
    try:
        table = joined_table(app, host)
        assert table.offers("hints") and table.undo_target() is None  # no Undo at a shared table
        table.ask_hint()
        run_until(app, lambda: table.hinting.current(table.match) is not None, seconds=300)
        hint = table.hinting.current(table.match)
        assert hint.best in table.match.state.legal_actions()
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_nobody_at_that_address_is_said_in_words(app):
    import socket

    with socket.socket() as probe:  # a port nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    join = JoinScene(app)
    app.push(join)
    join.fields[0].text, join.fields[1].text = f"127.0.0.1:{port}", "ABC234"
    join.join()
    run_until(app, lambda: not join.asking)
    # Nothing answered: said under the address, on the join screen, with the text kept.
    assert app.top is join and "answered" in join.fields[0].problem
    assert join.fields[0].text == f"127.0.0.1:{port}" and join.fields[1].text == "ABC234"


def test_continue_reopens_the_hosted_table(app, tmp_path):
    from stoneage.play.seats import Seat
    from stoneage.records.hosted import HostedKeep
    from stoneage.scenes.menus.title_scene import TitleScene
    from stoneage.scenes.online.hosting import reopen_table

    keep = HostedKeep(tmp_path)  # the data folder of this test (STONEAGE_HOME)
    room = app.make_scene(
        "host_table",
        seats=[Seat("Ann", "red", "human"), Seat("?", "blue", "human")],
        joins=[False, True],
        port=0,
        bind="127.0.0.1",
        keep=keep,
        announce=False,
    )
    app.push(room)
    run_until(app, lambda: room.lobby is not None and room.lobby.seats[0].here)
    code = room.session.client.code
    app.pop()  # the host leaves: its table is kept
    title = TitleScene(app)
    app.push(title)
    assert title.hosted is not None and title.hosted.code == code
    continuing = next(b for b in title.buttons if b.name == "continue")
    assert continuing.enabled and code in continuing.tooltip
    again = reopen_table(app, keep=keep, bind="127.0.0.1", announce=False)
    app.push(again)
    try:
        assert isinstance(again, WaitingRoomScene) and again.session.client.code == code
        run_until(app, lambda: again.lobby is not None and again.lobby.seats[0].here)
        assert again.session.client.seat == 0  # the host's own seat, by its kept token
    finally:
        while app.stack:
            app.stack.pop().exit()


def test_the_announcement_follows_the_free_seats_without_a_packet(app, tmp_path):
    """The waiting room tells the announcement how many seats are free (a recorder stands in
    for the announcer: no multicast in tests)."""
    from stoneage.net.discovery import table_from_info
    from stoneage.play.seats import Seat
    from stoneage.records.hosted import HostedKeep

    class Recorder:
        def __init__(self):
            self.said = []

        def update(self, info):
            self.said.append(info)

        def stop(self):
            pass

    room = app.make_scene(
        "host_table",
        seats=[
            Seat("Ann", "red", "human"),
            Seat("?", "blue", "human"),
            Seat("?", "green", "human"),
        ],
        joins=[False, True, True],
        port=0,
        bind="127.0.0.1",
        keep=HostedKeep(tmp_path),
        announce=False,
    )
    app.push(room)
    recorder = room.session.advertiser = Recorder()
    room.session.announce_as = "Ann"
    room.session.addresses = ["192.0.2.7"]  # a documentation address: only written, never used
    bob = Client(room.session.client.url, room.session.client.code, name="Bob")
    try:
        run_until(app, lambda: room.lobby is not None and room.lobby.seats[0].here)
        bob.start()
        run_until(app, lambda: room.lobby.seats[1].claimed)
        found = table_from_info(recorder.said[-1])
        assert found is not None and found.name == "Ann" and found.free == 1
        assert found.address == "192.0.2.7" and found.code == room.session.client.code
    finally:
        while app.stack:
            app.stack.pop().exit()
        bob.close()


def test_the_setup_screen_hosts_with_the_chosen_stand_in_and_spectators(app, monkeypatch):
    from stoneage.scenes.menus.setup_scene import SetupScene

    asked = {}

    def make_scene(name, /, **options):
        asked[name] = options
        return SetupScene(app)  # any scene: the options are what this test reads

    setup = SetupScene(app)
    app.push(setup)
    assert next(b for b in setup.buttons if b.name == "start")
    setup.toggle_kind(1)  # Grok: a bot becomes a person at this screen
    setup.toggle_kind(1)  # and then a player who joins
    assert setup.hosting and next(b for b in setup.buttons if b.name == "host").enabled
    setup.set_standin("hard")
    setup.toggle_spectators()
    monkeypatch.setattr(app, "make_scene", make_scene)
    setup.host()
    options = asked["host_table"]
    assert options["joins"] == [False, True, False, False]
    assert options["standin"] == "hard" and options["spectators"] is False


def test_a_table_that_refuses_spectators_says_so(app, tmp_path):
    from stoneage.net.client import Problem
    from stoneage.play.seats import Seat
    from stoneage.records.hosted import HostedKeep

    room = app.make_scene(
        "host_table",
        seats=[Seat("Ann", "red", "human"), Seat("?", "blue", "human")],
        joins=[False, True],
        port=0,
        bind="127.0.0.1",
        keep=HostedKeep(tmp_path),
        announce=False,
        spectators=False,
        standin="hard",
    )
    app.push(room)
    watcher = Client(room.session.client.url, room.session.client.code, watch=True)
    try:
        run_until(app, lambda: room.lobby is not None)
        assert room.lobby.standin == "hard"
        watcher.start()
        assert watcher.wait_for(Problem, timeout=10).code == "no_spectators"
    finally:
        while app.stack:
            app.stack.pop().exit()
        watcher.close()
