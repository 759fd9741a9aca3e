"""Whole games over the network: a real host, real clients (the window's client code, driven
by a Normal bot's choices on each client's own view) and bots; the final scores equal those of
the same game replayed offline from its actions (chance outcomes among them)."""

from __future__ import annotations

import pytest

from stoneage.net.client import Client, LobbyUpdate, ViewUpdate
from stoneage.net.host import Host
from stoneage.net.table import SeatConfig
from stoneage.play.match import Match
from stoneage.play.seats import Seat
from stoneage.play.story import tell

from .players import Script, offline_replay, play_until

TABLES = {
    2: ["host", "remote"],
    3: ["remote", "remote", "bot:easy"],
    4: ["remote", "remote", "bot:normal", "bot:random"],
}


def _seats(plan: list[str]) -> list[SeatConfig]:
    seats = []
    for item in plan:
        kind, _, level = item.partition(":")
        seats.append(SeatConfig(kind, level or "normal"))
    return seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_over_the_network_scores_as_its_offline_replay(
    players: int, clients: list[Client]
) -> None:
    host = Host(_seats(TABLES[players]), bind="127.0.0.1", seed=1000 + players)
    host.start()
    try:
        scripts = []
        for i, item in enumerate(TABLES[players]):
            if item == "host":
                client = Client(host.url(), host.code or "", token=host.host_token)
            elif item == "remote":
                client = Client(host.url(), host.code or "", name=f"Remote {i}")
            else:
                continue
            clients.append(client)
            scripts.append(Script(client))
            client.start()
            scripts[-1].joined()
        play_until(scripts)
        assert host.service is not None
        table = host.service.table(host.code or "")
        assert table is not None
        replayed = offline_replay(players, table.record.actions)
        expected = [seat["total"] for seat in replayed.final_scoring()]
        for script in scripts:
            final = script.final()
            assert final is not None and final.final is not None
            assert [seat["total"] for seat in final.final] == expected
            assert script.refusals == []
            assert script.view is not None and script.view.is_terminal()
        # Each client words the story of every step as the host's own log would.
        match = Match(
            [Seat(f"P{i}", "red", "human") for i in range(players)],
            0,
            threaded=False,
        )
        for text in table.record.actions:
            match.apply(text)
        names = [f"Name {i}" for i in range(players)]
        told = 0
        for event in scripts[0].events:
            if isinstance(event, ViewUpdate) and event.story is not None:
                expected = tell(match.steps[event.ply - 1])
                assert event.story.text(names) == expected.text(names)
                assert event.story.cues == expected.cues
                told += 1
        assert told > 100
        lobbies = [e for e in scripts[0].events if isinstance(e, LobbyUpdate)]
        assert lobbies and lobbies[-1].started
        assert sum(s.kind == "remote" or s.kind == "host" for s in lobbies[-1].seats) >= 2
    finally:
        host.stop()
