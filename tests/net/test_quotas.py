"""A server strangers share: one address cannot use up table creation, guessing codes is slow
and then refused, a table nobody joined expires, ``--max-tables`` counts the open tables, a
finished table is archived and watched from its snapshot (never replayed at a hello), and
spectators' joins are limited. Loopback only (127.0.0.2-4 stand for three machines), every
wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from stoneage.net import service as service_module
from stoneage.net.client import Client, Disconnected, Joined, Problem, create_table
from stoneage.net.protocol import CODE_LENGTH, PRIVATE_CODE_LENGTH, VERSION
from stoneage.net.service import ServiceConfig
from stoneage.net.store import FINISHED, TableStore
from stoneage.net.table import NetTable, SeatConfig

from .raw import ask, message, open_from, served, two_seats, until


def _config(**changes: object) -> ServiceConfig:
    config = ServiceConfig(allow_create=True, sweep_every=0.1)
    for name, value in changes.items():
        setattr(config, name, value)
    return config


def test_one_address_creating_as_fast_as_it_is_answered_cannot_stop_another() -> None:
    """A scaled run of the bench's 40 s flood (bench/net_quotas.py): .2 creates tables on
    eight connections as fast as it is answered; .3 and .4 still create theirs."""
    with served(TableStore(":memory:"), _config(max_tables=50)) as server:

        async def flood(stop_at: float) -> dict[str, int]:
            said: dict[str, int] = {}

            async def one() -> None:
                while time.monotonic() < stop_at:
                    ws = await open_from(server.url, "127.0.0.2")
                    try:
                        while time.monotonic() < stop_at:
                            reply = await ask(ws, message("create", seats=two_seats()))
                            key = reply.get("code", "?") if reply["t"] == "error" else "created"
                            said[key] = said.get(key, 0) + 1
                    except ConnectionClosed:
                        said["cut"] = said.get("cut", 0) + 1  # a flood is cut off: again
                    await ws.close()

            await asyncio.gather(*(one() for _ in range(8)))
            return said

        async def others() -> list[dict[str, object]]:
            await asyncio.sleep(1.0)  # the flood is well under way
            replies = []
            for address in ("127.0.0.3", "127.0.0.4"):
                ws = await open_from(server.url, address)
                replies.append(await ask(ws, message("create", seats=two_seats())))
                await ws.close()
            return replies

        async def run() -> tuple[dict[str, int], list[dict[str, object]]]:
            said, replies = await asyncio.gather(flood(time.monotonic() + 3.0), others())
            return said, replies

        said, replies = asyncio.run(run())
    # The flood made its burst of three tables (the rate: 6 a minute, bursts of 3), and
    # everything else it asked was refused in words.
    assert said["created"] == 3
    assert said.get("create_rate", 0) > 100
    assert set(said) <= {"created", "create_rate", "too_frequent", "cut"}
    assert [r["t"] for r in replies] == ["created", "created"]
    assert all(len(str(r["code"])) == PRIVATE_CODE_LENGTH for r in replies)


def test_an_address_has_few_tables_waiting_at_once_and_max_tables_counts_open_ones(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.sqlite3"
    config = _config(creates_per_minute=0, tables_per_address=2, max_tables=3)
    with served(TableStore(db), config) as server:

        async def run() -> list[str]:
            ws = await open_from(server.url, "127.0.0.2")
            codes = [str((await ask(ws, message("create", seats=two_seats())))["t"])]
            codes.append(str((await ask(ws, message("create", seats=two_seats())))["t"]))
            third = await ask(ws, message("create", seats=two_seats()))
            codes.append(f"{third['code']}:{third['params']}")
            other = await open_from(server.url, "127.0.0.3")
            codes.append(str((await ask(other, message("create", seats=two_seats())))["t"]))
            full = await ask(other, message("create", seats=two_seats()))
            codes.append(str(full["code"]))
            return codes

        said = asyncio.run(run())
    assert said == ["created", "created", "table_quota:{'limit': 2}", "created", "full"]
    # A restart counts the tables open in the database, not those in memory.
    with served(TableStore(db), config) as server:

        async def again() -> dict[str, object]:
            ws = await open_from(server.url, "127.0.0.4")
            return await ask(ws, message("create", seats=two_seats()))

        assert asyncio.run(again())["code"] == "full"


def test_a_table_nobody_joined_expires_in_memory_and_in_the_database(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    config = _config(unjoined_expiry=0.5)
    with served(TableStore(db), config) as server:

        async def run() -> tuple[str, str]:
            ws = await open_from(server.url, "127.0.0.2")
            lonely = str((await ask(ws, message("create", seats=two_seats())))["code"])
            joined = str((await ask(ws, message("create", seats=two_seats())))["code"])
            guest = await open_from(server.url, "127.0.0.3")
            assert (await ask(guest, message("hello", code=joined, name="Ann")))["t"] == "welcome"
            await asyncio.sleep(1.5)
            return lonely, joined

        lonely, joined = asyncio.run(run())
        assert lonely not in server.service.tables and joined in server.service.tables
        # Its creator's quota is free again.
        assert not any(lonely in codes for codes in server.service.creations.waiting.values())
    store = TableStore(db)
    assert store.load(lonely) is None and store.load(joined) is not None
    # A table left behind in the database (a server stopped before its sweep) expires too.
    assert store.expire_unjoined(0.0, keep=()) == []  # the joined one stays
    store.close()


def test_guessing_codes_is_answered_at_most_five_times_a_second_then_refused() -> None:
    config = _config(guesses=20, guess_refill=0.0)
    with served(TableStore(":memory:"), config) as server:

        async def guess(connections: int, seconds: float) -> list[tuple[float, str]]:
            answered: list[tuple[float, str]] = []
            start = time.monotonic()

            async def one(index: int) -> None:
                ws = await open_from(server.url, "127.0.0.2")
                try:
                    while time.monotonic() - start < seconds:
                        reply = await ask(ws, message("hello", code=f"ZZZZZ{index % 10}"))
                        answered.append((time.monotonic() - start, str(reply.get("code"))))
                except Exception:
                    return  # closed for queueing too far ahead: answered nothing more

            await asyncio.gather(*(one(i) for i in range(connections)))
            return answered

        async def legit() -> dict[str, object]:
            ws = await open_from(server.url, "127.0.0.3")
            created = await ask(ws, message("create", seats=two_seats()))
            return await ask(ws, message("hello", code=created["code"], name="Bea"))

        gate = server.service.gate
        answers_at: list[float] = []
        real_turn = gate.turn

        @contextlib.asynccontextmanager
        async def recording(address: str) -> AsyncIterator[None]:
            async with real_turn(address):
                yield
                answers_at.append(gate.clock())  # the answer is queued now

        gate.turn = recording  # type: ignore[method-assign]
        answered = asyncio.run(guess(8, 6.0))
        # At most five answers in any second (a sliding window, at the server: a client on a
        # loaded machine may read two answers closer than they were sent), whatever eight
        # connections sent; the client read no more than that either.
        times = sorted(answers_at)
        assert all(sum(1 for t in times if start <= t < start + 1.0) <= 5 for start in times), times
        seen = sorted(t for t, _ in answered)
        assert len(seen) <= 5 * (seen[-1] - seen[0]) + 2
        codes = [code for _, code in sorted(answered)]
        assert codes[:20] == ["no_table"] * 20  # twenty guesses, then refused
        assert set(codes[20:]) == {"too_many_guesses"} and len(codes) > 22
        # Another address is served at once meanwhile.
        assert asyncio.run(legit())["t"] == "welcome"


def test_a_private_code_is_long_a_listed_one_short() -> None:
    with served(TableStore(":memory:"), _config()) as server:

        async def run() -> tuple[str, str]:
            ws = await open_from(server.url)
            private = await ask(ws, message("create", seats=two_seats()))
            listed = await ask(ws, message("create", seats=two_seats(), listed=True))
            return str(private["code"]), str(listed["code"])

        private, listed = asyncio.run(run())
    assert len(private) == PRIVATE_CODE_LENGTH and len(listed) == CODE_LENGTH


def _finished_table(store: TableStore) -> str:
    """A two-seat table of one player (claimed) and a bot, played to the end, stored as a
    server stores it."""
    table = NetTable.create("FINISHED0000", [SeatConfig("remote"), SeatConfig("bot", "random")], 1)
    table.claim(0, "Ann")
    table.start()
    store.save(table.record)
    while not table.state().is_terminal():
        found = table.automatic()
        state = table.state()
        if found is None:
            table.act(0, str(state.legal_actions()[0]), state.ply)
        else:
            table.apply_automatic(found[1](), state.ply)
        store.add_action(table.code, len(table.record.actions) - 1, table.record.actions[-1])
    return table.code


def test_a_finished_table_is_archived_and_watched_from_its_snapshot_never_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "tables.sqlite3"
    store = TableStore(db)
    code = _finished_table(store)
    store.close()
    replays: list[str] = []
    real_init = NetTable.__init__

    def counting(self: NetTable, record: object, *args: object, **kwargs: object) -> None:
        replays.append(getattr(record, "code", "?"))
        real_init(self, record, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service_module.NetTable, "__init__", counting)
    config = _config(watches_per_second=100.0, watch_burst=100)
    with served(TableStore(db), config) as server:

        async def watch(times: int) -> list[dict[str, object]]:
            finals = []
            for _ in range(times):
                ws = await open_from(server.url, "127.0.0.2")
                await ws.send(message("hello", code=code, watch=True))
                finals.append(await until(ws, "state"))
                await ws.close()
            return finals

        first = asyncio.run(watch(1))
        assert replays == [code]  # the first spectator put it in play once (no snapshot yet)
        assert code not in server.service.tables  # finished, nobody there: out of memory
        assert server.service.store is not None
        assert server.service.store.status(code) == FINISHED
        later = asyncio.run(watch(20))
        assert replays == [code]  # twenty more spectators: no replay
        assert all(f["final"] == first[0]["final"] and f["ply"] == first[0]["ply"] for f in later)
        assert first[0]["final"] and first[0].get("backlog")


def test_a_snapshot_an_older_server_stored_is_made_again_once(tmp_path: Path) -> None:
    """A finished table's snapshot stored by a server of protocol 1 (its messages would be
    refused by today's clients) is made again from the table at the first spectator, and
    served from the store from then on."""
    db = tmp_path / "tables.sqlite3"
    store = TableStore(db)
    code = _finished_table(store)
    store.close()
    config = _config(watches_per_second=100.0, watch_burst=100)
    with served(TableStore(db), config) as server:

        async def watch() -> dict[str, object]:
            ws = await open_from(server.url, "127.0.0.2")
            await ws.send(message("hello", code=code, watch=True))
            found = await until(ws, "state")
            await ws.close()
            return found

        first = asyncio.run(watch())  # puts it in play once, stores the snapshot
        kept = server.service.store
        assert kept is not None
        stored = json.loads(kept.snapshot(code) or "")
        older = {
            **stored,
            "lobby": {**stored["lobby"], "v": 1},
            "state": {**stored["state"], "v": 1},
        }
        kept.set_snapshot(code, json.dumps(older))
        server.service._snapshots.clear()  # as after a restart
        renewed = asyncio.run(watch())
        assert renewed["v"] == VERSION and renewed["view"] == first["view"]
        assert renewed["final"] == first["final"]
        assert json.loads(kept.snapshot(code) or "")["state"]["v"] == VERSION
        assert code not in server.service.tables  # made again without putting it in play


def test_spectators_joins_are_limited_per_address() -> None:
    config = _config(watches_per_second=1.0, watch_burst=3, hellos_per_second=0)
    with served(TableStore(":memory:"), config) as server:

        async def run() -> list[str]:
            ws = await open_from(server.url, "127.0.0.2")
            code = (await ask(ws, message("create", seats=two_seats(), listed=True)))["code"]
            said = []
            for _ in range(5):
                watcher = await open_from(server.url, "127.0.0.3")
                reply = await ask(watcher, message("hello", code=code, watch=True))
                said.append(str(reply["t"] if reply["t"] == "welcome" else reply["code"]))
                await watcher.close()
            other = await open_from(server.url, "127.0.0.4")
            reply = await ask(other, message("hello", code=code, watch=True))
            said.append(str(reply["t"]))
            return said

        said = asyncio.run(run())
    assert said == ["welcome"] * 3 + ["too_many_watchers"] * 2 + ["welcome"]


def test_a_client_refused_for_a_quota_asks_again_by_itself(clients: list[Client]) -> None:
    config = _config(watches_per_second=1.0, watch_burst=1)
    with served(TableStore(":memory:"), config) as server:
        code = create_table(server.url, [{"kind": "remote"}, {"kind": "bot"}], listed=True)
        first = Client(server.url, code, watch=True)
        second = Client(server.url, code, watch=True, retry_for=20)
        clients.extend([first, second])
        first.start()
        first.wait_for(Joined)
        second.start()
        assert second.wait_for(Problem).code == "too_many_watchers"
        assert second.wait_for(Disconnected).retrying
        assert second.wait_for(Joined, timeout=15).seat is None
