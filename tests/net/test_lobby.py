"""A server's lobby, quick match, ratings and quick phrases, with scripted clients (the
window's client code) on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import time
from pathlib import Path

from stoneage.i18n import install_language
from stoneage.net.client import (
    Client,
    Joined,
    LobbyUpdate,
    Matched,
    Problem,
    QuickMatch,
    Rated,
    Said,
    ViewUpdate,
    create_table,
    phrase_words,
    read_leaders,
    read_lobby,
    server_key,
)
from stoneage.net.protocol import PHRASES, VERSION
from stoneage.net.service import ServiceConfig
from stoneage.net.store import TableStore
from stoneage.records.player_key import PlayerKey

from .players import Script, play_until
from .raw import served


def _config(**changes: object) -> ServiceConfig:
    config = ServiceConfig(allow_create=True, sweep_every=0.1, hellos_per_second=0)
    for name, value in changes.items():
        setattr(config, name, value)
    return config


def _key(name: str, url: str) -> str:
    return server_key(PlayerKey(name * 43), url)


def test_the_lobby_lists_listed_tables_with_seats_ratings_bots_and_language(
    tmp_path: Path, clients: list[Client]
) -> None:
    with served(TableStore(tmp_path / "t.sqlite3"), _config()) as server:
        url = server.url
        seats = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "level": "hard"}]
        listed = create_table(url, seats, listed=True, lang="ja")
        private = create_table(url, seats)
        ann = Client(url, listed, name="Ann", key=_key("a", url))
        clients.append(ann)
        ann.start()
        ann.wait_for(Joined)
        lobby = read_lobby(url)
    codes = [entry.code for entry in lobby.tables]
    assert listed in codes and private not in codes
    entry = lobby.tables[codes.index(listed)]
    assert entry.free == 1 and entry.language == "ja" and not entry.started
    assert [(s.kind, s.name, s.claimed, s.rating) for s in entry.seats[:2]] == [
        ("remote", "Ann", True, 1000),
        ("remote", "", False, None),
    ]
    assert entry.seats[2].kind == "bot" and entry.seats[2].level == "hard"
    assert lobby.quick_wait == 60.0


def test_quick_match_seats_players_together_then_bots_fill_a_lonely_table(
    tmp_path: Path, clients: list[Client]
) -> None:
    with served(TableStore(tmp_path / "t.sqlite3"), _config(quick_wait=1.0)) as server:
        url = server.url
        ann = Client(url, "", name="Ann", quick=QuickMatch(2, "en"), key=_key("a", url))
        bob = Client(url, "", name="Bob", quick=QuickMatch(2, "en"), key=_key("b", url))
        clients.extend([ann, bob])
        ann.start()
        first = ann.wait_for(Matched)
        assert 0 < first.seconds <= 1.0
        assert [e.code for e in read_lobby(url).tables] == [first.code]
        bob.start()
        assert bob.wait_for(Matched).code == first.code
        assert ann.wait_for(ViewUpdate).view is not None  # both seats taken: it begins
        # Bob's own thread reads his welcome; wait for his view, not Ann's, before asking.
        assert bob.wait_for(ViewUpdate).view is not None
        assert bob.token is not None and bob.seat is not None
        # Alone at a three-seat table: bots take the empty seats when the wait is over.
        cid = Client(url, "", name="Cid", quick=QuickMatch(3), key=_key("c", url))
        clients.append(cid)
        cid.start()
        lonely = cid.wait_for(Matched)
        assert lonely.code != first.code
        cid.wait_for(ViewUpdate, timeout=10)
        lobby = cid.lobby
        assert lobby is not None and lobby.started
        assert [s.kind for s in lobby.seats] == ["remote", "bot", "bot"]
        # A quick table everyone left before the start is dropped, not played by bots.
        dan = Client(url, "", name="Dan", quick=QuickMatch(4), key=_key("d", url))
        clients.append(dan)
        dan.start()
        gone = dan.wait_for(Matched).code
        dan.close()
        deadline = time.monotonic() + 10
        while gone in server.service.tables and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone not in server.service.tables


def test_a_finished_game_between_people_is_rated_and_leads_the_board(
    tmp_path: Path, clients: list[Client]
) -> None:
    with served(TableStore(tmp_path / "t.sqlite3"), _config(quick_wait=30.0)) as server:
        url = server.url
        seats = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "level": "random"}]
        code = create_table(url, seats)
        players = [
            Client(url, code, name=name, key=_key(name[0].lower(), url)) for name in ("Ann", "Bob")
        ]
        clients.extend(players)
        scripts = [Script(c) for c in players]
        for client, script in zip(players, scripts):
            client.start()
            script.joined()
        play_until(scripts)
        rated = [e for e in scripts[0].events if isinstance(e, Rated)]
        if not rated:
            rated = [scripts[0].client.wait_for(Rated)]
        leaders = read_leaders(url)
    changes = {c.seat: (c.before, c.after) for c in rated[0].changes}
    assert set(changes) == {0, 1}  # the bot's seat is not rated
    assert all(before == 1000 for before, _after in changes.values())
    assert [(p.name, p.games) for p in leaders] in (
        [("Ann", 1), ("Bob", 1)],
        [("Bob", 1), ("Ann", 1)],
    )
    final = scripts[0].final()
    assert final is not None and final.final is not None
    totals = [seat["total"] for seat in final.final]
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        assert changes[winner][1] > changes[1 - winner][1]
        assert leaders[0].name == ("Ann", "Bob")[winner]


def test_quick_phrases_are_ids_worded_in_each_reader_s_language_and_limited(
    tmp_path: Path, clients: list[Client]
) -> None:
    with served(TableStore(tmp_path / "t.sqlite3"), _config(phrase_every=2.0)) as server:
        url = server.url
        code = create_table(url, [{"kind": "remote"}, {"kind": "remote"}], listed=True)
        ann = Client(url, code, name="Ann")
        bob = Client(url, code, name="Bob")
        watcher = Client(url, code, watch=True)
        clients.extend([ann, bob, watcher])
        for client in (ann, bob, watcher):
            client.start()
            client.wait_for(Joined)
        bob.wait_for(LobbyUpdate)
        ann.say("hello")
        heard = bob.wait_for(Said)
        assert (heard.seat, heard.phrase, heard.words) == (ann.seat, "hello", "Hello!")
        assert watcher.wait_for(Said).phrase == "hello"
        try:
            install_language("ja")
            ann.say("good_game")
            assert bob.wait_for(Said).words == phrase_words("good_game") != "Good game!"
        finally:
            install_language("en")
        ann.say("oops")
        ann.say("thinking")  # the fourth in a moment: over the limit
        problem = ann.wait_for(Problem)
        assert problem.code == "phrase_rate" and "s" in problem.words
        watcher.say("hello")
        assert watcher.wait_for(Problem).code == "watching"
        bob.send_raw(f'{{"v": {VERSION}, "t": "phrase", "id": "anything you like"}}')
        assert bob.wait_for(Problem).code == "bad_field"
    assert set(PHRASES) == {"hello", "good_game", "well_played", "thinking", "oops"}
    assert all(phrase_words(p) for p in PHRASES)


def test_a_quick_match_s_wait_survives_a_restart_and_a_stale_table_expires(
    tmp_path: Path, clients: list[Client]
) -> None:
    db = tmp_path / "t.sqlite3"
    with served(TableStore(db), _config(quick_wait=2.0)) as server:
        url = server.url
        ann = Client(url, "", name="Ann", quick=QuickMatch(2), key=_key("a", url))
        clients.append(ann)
        ann.start()
        code = ann.wait_for(Matched).code
        ann.wait_for(LobbyUpdate)
        token = ann.token
        assert token is not None
    ann.kill()  # the server stopped under it: its seat is kept (it did not leave)
    with served(TableStore(db), _config(quick_wait=2.0)) as server:
        back = Client(server.url, code, token=token)
        clients.append(back)
        back.start()
        assert back.wait_for(Joined).seat == 0
        back.wait_for(ViewUpdate, timeout=10)  # bots took the empty seat when the wait ended
        lobby = back.lobby
        assert lobby is not None and lobby.started
    store = TableStore(db)
    waiting = create_table_record(store)
    assert store.expire_stale_waiting(3600.0) == []
    assert store.expire_stale_waiting(-1.0) == [waiting]
    store.close()


def create_table_record(store: TableStore) -> str:
    """A table that never began, its seat taken, as stored."""
    from stoneage.net.table import NetTable, SeatConfig

    table = NetTable.create("STALE1", [SeatConfig("remote"), SeatConfig("bot")], 1)
    table.claim(0)
    store.save(table.record)
    return table.code


def test_a_restarted_server_s_lobby_lists_its_waiting_tables_at_once(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    seats = [{"kind": "remote"}, {"kind": "bot", "level": "easy"}]
    with served(TableStore(db), _config()) as server:
        listed = create_table(server.url, seats, listed=True, lang="zh")
        private = create_table(server.url, seats)
    # Nobody comes back to either table: the lobby must list the listed one by itself.
    with served(TableStore(db), _config()) as server:
        lobby = read_lobby(server.url)
    codes = [entry.code for entry in lobby.tables]
    assert codes == [listed] and private not in codes
    entry = lobby.tables[0]
    assert entry.free == 1 and entry.language == "zh" and not entry.started
