"""The quotas' counters and the ratings, without a network: a player identity is limited like
an address, a table that began no longer counts, buckets refill; ratings order by the final
scoring with its tie-break and leave bots' seats out."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from stoneage.net.guard import Bucket, Creations, HelloGate, TooManyHellos
from stoneage.net.protocol import ProtocolError, identity_of
from stoneage.net.ratings import finishing_ranks, leaderboard, rate_game, shown
from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    bucket = Bucket(rate=0.5, burst=2)
    assert bucket.take(0.0) and bucket.take(0.0) and not bucket.take(0.0)
    assert bucket.wait(0.0) == pytest.approx(2.0)
    assert bucket.take(2.0) and not bucket.take(2.0)
    assert bucket.full(100.0)


def test_an_identity_is_limited_across_addresses_and_a_begun_table_frees_its_place() -> None:
    creations = Creations(per_minute=0, open_limit=2)
    player = f"p:{identity_of('key-of-ann')}"
    creations.created(["a:10.0.0.1", player], "AAAAAA", 0.0)
    creations.created(["a:10.0.0.2", player], "BBBBBB", 0.0)
    with pytest.raises(ProtocolError) as refused:
        creations.check(["a:10.0.0.3", player], 0.0)  # a third address, the same player
    assert refused.value.code == "table_quota" and refused.value.params == {"limit": 2}
    creations.check(["a:10.0.0.3"], 0.0)  # another player there may
    creations.settled("AAAAAA")
    creations.check(["a:10.0.0.3", player], 0.0)


def test_creations_a_minute_then_told_how_long_to_wait() -> None:
    creations = Creations(per_minute=6, burst=3, open_limit=0)
    for code in "ABC":
        creations.check(["a:x"], 0.0)
        creations.created(["a:x"], code, 0.0)
    with pytest.raises(ProtocolError) as refused:
        creations.check(["a:x"], 0.0)
    assert refused.value.code == "create_rate" and refused.value.params == {"seconds": 10}
    creations.check(["a:x"], 10.0)


def test_hellos_queue_at_most_a_few_seconds_then_are_turned_away() -> None:
    clock = Clock()
    gate = HelloGate(clock, per_second=5.0, max_queue=1.0)

    async def crowd() -> list[str]:
        said: list[str] = []

        async def one() -> None:
            try:
                async with gate.turn("10.0.0.9"):
                    await asyncio.sleep(0)
                said.append("answered")
            except TooManyHellos:
                said.append("turned away")

        await asyncio.gather(*(one() for _ in range(8)))
        return said

    said = asyncio.run(crowd())
    # One answered at once, five waiting (a second's worth at 5 a second), two turned away.
    assert said.count("turned away") == 2 and said.count("answered") == 6


def test_the_next_hello_counts_its_pace_from_when_the_answer_was_written() -> None:
    """The outbox writes an answer in a callback the answering step schedules; a slow write
    of the first answer must not bring the second closer to it than ``1 / per_second``."""
    gate = HelloGate(time.monotonic, per_second=10.0)  # answers 100 ms apart
    written: list[float] = []

    def flush() -> None:
        if not written:
            time.sleep(0.08)  # the first answer's commit takes its time, the second's none
        written.append(time.monotonic())

    async def answer() -> None:
        async with gate.turn("10.0.0.9"):
            asyncio.get_running_loop().call_soon(flush)

    async def two() -> None:
        await asyncio.gather(answer(), answer())

    asyncio.run(two())
    # 0.1 s, less a timer's resolution where the clock is coarse (about 16 ms on Windows);
    # paced from the queueing, the second answer left 20 ms after the first.
    assert written[1] - written[0] >= 0.08


def _finished(players: list[str | None]) -> NetTable:
    seats = [SeatConfig("remote", name=f"P{i}") for i in range(len(players) - 1)]
    table = NetTable.create("ABCDEF", [*seats, SeatConfig("bot", "random")], 5)
    for seat in range(len(seats)):
        table.claim(seat)
    table.record.players = players
    table.start()
    while not table.state().is_terminal():
        found, state = table.automatic(), table.state()
        if found is None:
            table.act(state.current_player(), str(state.legal_actions()[0]), state.ply)
        else:
            table.apply_automatic(found[1](), state.ply)
    return table


def test_a_game_is_rated_among_its_people_by_their_finishing_order(tmp_path: Path) -> None:
    table = _finished(["id-ann", "id-bob", None])
    state = table.state()
    ranks = finishing_ranks(state, [0, 1])
    store = TableStore(tmp_path / "t.sqlite3")
    changes = rate_game(store, table.record, state)
    assert set(changes) == {0, 1}  # the bot's seat (2) is not rated
    board = leaderboard(store)
    assert [p["games"] for p in board] == [1, 1]
    if ranks[0] != ranks[1]:
        better = ranks.index(0)
        assert changes[better][1] > changes[1 - better][1]
        assert board[0]["name"] == f"P{better}"
    # One person and a bot: nothing to rate.
    alone = _finished(["id-cid", None])
    assert rate_game(store, alone.record, alone.state()) == {}
    assert shown(None) == 1000
    store.close()
