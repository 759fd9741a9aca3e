"""The join screen and the waiting room as a player meets them (issue 45, points 16-20): a wrong
code said on the join screen with what was typed kept, a dedicated server's table started
early by the player who opened it, the kept seat under its own heading, the menu's words over
a table that does not pause, and the local network used only as the settings allow and the
player asks. Real pygame events, a table hosted or served in this process on 127.0.0.1, every
wait bounded; nothing is multicast (the look on the local network is a stand-in)."""

from __future__ import annotations

import threading
from typing import ClassVar

import pygame

from stoneage.net.client import Client, Joined, create_table
from stoneage.net.discovery import FoundTable
from stoneage.net.store import TableStore
from stoneage.net.table import SeatConfig
from stoneage.records.hosted import Seated, SeatKeep
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.online.waiting_room import WaitingRoomScene, owner_of
from stoneage.scenes.table.scene import TableScene
from tests.net.raw import served
from tests.scenes.hands import click, post
from tests.scenes.table.online.online_helpers import loopback_host, run_until

from .screens import config, press, type_into


def held_clients(gate: threading.Event):
    """Clients whose answers reach the screen only once ``gate`` is set (the table may have
    said "no" already on the wire: the screen hears it at the frame after the gate)."""

    def make(*args, **kwargs) -> Client:
        client = Client(*args, **kwargs)
        heard = client.poll
        client.poll = lambda: heard() if gate.is_set() else []  # type: ignore[method-assign]
        return client

    return make


def test_a_wrong_code_is_said_on_the_join_screen_and_what_was_typed_stays(app):
    host = loopback_host([SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot", "random")])
    try:
        gate = threading.Event()
        join = JoinScene(app, client=held_clients(gate))
        app.push(join)
        type_into(app, join, 0, f"127.0.0.1:{host.port}")
        wrong = "ABC234" if host.code != "ABC234" else "ABC235"
        type_into(app, join, 1, wrong.lower())
        type_into(app, join, 2, "Bob")
        press(app, join, "join")
        assert join.asking  # while the question is open, Back reads Cancel
        assert next(b for b in join.buttons if b.name == "back").label == "Cancel"
        gate.set()
        run_until(app, lambda: not join.asking)
        assert app.top is join  # no waiting room opened
        assert join.fields[1].problem == "There is no table with this code"
        assert [f.text for f in join.fields] == [f"127.0.0.1:{host.port}", wrong, "Bob"]
        # The right code, typed over the wrong one: the waiting room opens over this screen.
        join.fields[1].text = ""
        type_into(app, join, 1, host.code or "")
        press(app, join, "join")
        run_until(app, lambda: isinstance(app.top, WaitingRoomScene))
        room = app.top
        run_until(app, lambda: room.lobby is not None)
        press(app, room, "leave")
        assert app.top is join and join.fields[0].text == f"127.0.0.1:{host.port}"
        assert join.fields[1].text == host.code
    finally:
        while app.stack:
            app.stack.pop().exit()
        host.stop()


def test_typing_m_in_a_name_does_not_switch_the_sound_off(app):
    join = JoinScene(app)
    app.push(join)
    muted = app.settings.muted
    type_into(app, join, 2, "Tom")
    assert join.fields[2].text == "Tom" and app.settings.muted == muted


def test_the_creator_of_a_servers_table_starts_it_with_bots(app, tmp_path):
    with served(TableStore(tmp_path / "t.sqlite3"), config()) as server:
        seats = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "remote"}]
        code = create_table(server.url, seats)  # private: twelve characters
        assert len(code) == 12
        join = JoinScene(app)
        app.push(join)
        type_into(app, join, 0, f"127.0.0.1:{server.port}")
        grouped = " ".join(code[i : i + 4] for i in range(0, 12, 4)).lower()
        type_into(app, join, 1, grouped)
        type_into(app, join, 2, "Ann")
        press(app, join, "join")
        run_until(app, lambda: isinstance(app.top, WaitingRoomScene))
        room = app.top
        run_until(app, lambda: room.lobby is not None and room.joined is not None)
        assert room.dedicated and room.owns  # no host: the first seat taken opens it
        assert "The host" not in room.status() and "Start with bots" in room.status()
        start = next(b for b in room.buttons if b.name == "start")
        assert start.label == "Start with bots"
        bob = Client(server.url, code, name="Bob")
        bob.start()
        try:
            bob.wait_for(Joined)
            run_until(app, lambda: room.lobby.seats[1].claimed)
            press(app, room, "start")
            run_until(app, lambda: isinstance(app.top, TableScene))
            table = app.top
            assert table.match.me == 0
            assert [s.name for s in table.seats][:2] == ["Ann", "Bob"]
            assert table.seats[2].level != "person"  # a bot took the seat nobody took
        finally:
            bob.close()
            while app.stack:
                app.stack.pop().exit()


def test_a_player_at_a_servers_table_is_told_who_may_start_it(app, tmp_path):
    with served(TableStore(tmp_path / "t.sqlite3"), config()) as server:
        code = create_table(server.url, [{"kind": "remote"}] * 3)
        ann = Client(server.url, code, name="Ann")
        ann.start()
        try:
            ann.wait_for(Joined)
            join = JoinScene(app)
            app.push(join)
            join.fields[0].text, join.fields[1].text = f"127.0.0.1:{server.port}", code
            join.fields[2].text = "Bob"
            join.join()
            run_until(app, lambda: isinstance(app.top, WaitingRoomScene))
            room = app.top
            run_until(app, lambda: room.lobby is not None and room.joined is not None)
            assert room.dedicated and not room.owns
            assert not any(b.name == "start" for b in room.buttons)
            words = room.status()
            assert "Ann" in words and "every seat is taken" in words and "host" not in words
        finally:
            ann.close()
            while app.stack:
                app.stack.pop().exit()


def test_the_owner_is_the_one_the_table_lets_start(tmp_path):
    from stoneage.net.client import LobbyUpdate, SeatInfo
    from stoneage.net.table import NetTable

    for seats, claims in (
        ([SeatConfig("host"), SeatConfig("remote")], [1]),
        ([SeatConfig("remote"), SeatConfig("remote"), SeatConfig("bot")], [1, 0]),
        ([SeatConfig("bot"), SeatConfig("remote"), SeatConfig("remote")], [2]),
        ([SeatConfig("remote"), SeatConfig("remote")], []),
    ):
        table = NetTable.create("ABC234", seats, 1)
        for seat in claims:
            table.claim(seat)
        message = table.lobby()
        lobby = LobbyUpdate(
            tuple(
                SeatInfo(**{k: s[k] for k in SeatInfo.__dataclass_fields__})
                for s in message["seats"]
            ),
            False,
            "normal",
            60.0,
        )
        assert owner_of(lobby) == table.owner()


def test_the_seat_kept_has_its_own_heading_apart_from_the_network(app):
    SeatKeep().save(Seated("ws://192.0.2.7:27436", "ABC234", "t" * 32, "Bob"))
    found = [FoundTable("Ann", "192.0.2.8", 27436, "XYZ789", 1, 1, 3, False)]
    join = JoinScene(app, finder=lambda: found)
    app.push(join)
    app.step(block=False)
    headings = [words for words, _rect in join.headings]
    assert headings == ["Your last table", "Tables on this network"]
    back = next(b for b in join.buttons if b.name == "return")
    first = next(b for b in join.buttons if b.name == "found_0")
    assert join.headings[0][1].bottom <= back.rect.top
    assert (
        back.rect.bottom < join.headings[1][1].top <= join.headings[1][1].bottom <= first.rect.top
    )


def test_the_menu_over_a_network_table_does_not_say_paused(app):
    from stoneage.scenes.menus.pause_scene import PauseMenu

    online = PauseMenu(app, online=True)
    assert online.title() != "Game paused" and "goes on" in online.title()
    assert PauseMenu(app).title() == "Game paused"
    app.push(online)
    app.draw(pygame.Surface(app.size))


class StandInBrowser:
    """The look on the local network, without a packet: counts its starts."""

    made: ClassVar[list[StandInBrowser]] = []

    def __init__(self) -> None:
        self.started = self.stopped = False
        StandInBrowser.made.append(self)

    def start(self) -> None:
        self.started = True

    def tables(self) -> list[FoundTable]:
        return [FoundTable("Ann", "192.0.2.8", 27436, "XYZ789", 1, 1, 3, False)]

    def stop(self) -> None:
        self.stopped = True


def test_the_join_screen_looks_on_the_network_only_when_asked_and_allowed(app):
    StandInBrowser.made.clear()
    app.settings.local_network = False
    join = JoinScene(app, discover=True, browser=StandInBrowser)
    app.push(join)
    app.step(block=False)
    assert not any(b.name == "look" for b in join.buttons) and not StandInBrowser.made
    assert join.note is not None and "Settings" in join.note[0]
    app.pop()
    app.settings.local_network = True
    join = JoinScene(app, discover=True, browser=StandInBrowser)
    app.push(join)
    for _ in range(3):
        app.step(block=False)
    assert not StandInBrowser.made  # nothing looked at until the player asks
    press(app, join, "look")
    assert StandInBrowser.made and StandInBrowser.made[0].started
    app.step(block=False)
    assert any(b.name == "found_0" for b in join.buttons)
    app.pop()
    assert StandInBrowser.made[0].stopped


def test_hosting_announces_on_the_local_network_only_as_the_settings_say(app, monkeypatch):
    from stoneage.play.seats import Seat
    from stoneage.records.hosted import HostedKeep
    from stoneage.scenes.online import hosting

    announced = []
    monkeypatch.setattr(
        hosting, "advertiser_for", lambda host, name, addresses: announced.append(name)
    )
    for allowed in (False, True):
        app.settings.local_network = allowed
        room = app.make_scene(
            "host_table",
            seats=[Seat("Ann", "red", "human"), Seat("?", "blue", "human")],
            joins=[False, True],
            port=0,
            bind="127.0.0.1",
            keep=HostedKeep(),
        )
        assert isinstance(room, WaitingRoomScene)
        room.session.close()
    assert announced == ["Ann"]  # once: with the setting on


def test_the_online_settings_turn_the_local_network_off_and_keep_the_name(app):
    from stoneage.records.player_key import PlayerKeys
    from stoneage.records.settings import load_settings
    from stoneage.scenes.menus.settings_scene import SettingsScene

    settings = app.make_scene("settings")
    app.push(settings)
    press(app, settings, "tab_online")
    assert isinstance(settings, SettingsScene) and settings.page == "online"
    press(app, settings, "local_network_off")
    assert app.settings.local_network is False and load_settings().local_network is False
    muted = app.settings.muted
    app.draw(pygame.Surface(app.size))
    assert settings.name_field.text == ""  # no name yet: the box says what to type
    assert settings.name_field.placeholder == "Type the name the other players see"
    click(app, settings.name_field.rect.center)
    for char in "Mei":
        post(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char, scancode=0)
        post(pygame.TEXTINPUT, text=char)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step(block=False)
    assert PlayerKeys().load().name == "Mei" and app.settings.muted == muted
    app.draw(pygame.Surface(app.size))
    # The join screen now offers no look at the local network, and names the player Mei.
    join = JoinScene(app, discover=True, browser=StandInBrowser)
    app.push(join)
    assert join.fields[2].text == "Mei" and not any(b.name == "look" for b in join.buttons)


def test_wrong_codes_at_a_dedicated_server_are_said_on_the_join_screen_then_slowed(app, tmp_path):
    with served(TableStore(tmp_path / "t.sqlite3"), config(guesses=2, guess_refill=0.0)) as server:
        join = JoinScene(app)
        app.push(join)
        try:
            type_into(app, join, 0, f"127.0.0.1:{server.port}")
            type_into(app, join, 1, "abcd efgh jkmn")  # twelve characters, no such table
            type_into(app, join, 2, "Ann")
            said = []
            for _try in range(3):  # two guesses allowed, the third refused in other words
                press(app, join, "join")
                run_until(app, lambda: not join.asking)
                assert app.top is join  # never a waiting room for a wrong code
                said.append(join.fields[1].problem)
            assert said[0] == said[1] == "There is no table with this code"
            assert said[2].startswith("Too many wrong codes from your address")
            assert join.fields[1].text.replace(" ", "").upper() == "ABCDEFGHJKMN"
            assert join.fields[2].text == "Ann"
        finally:
            while app.stack:
                app.stack.pop().exit()
