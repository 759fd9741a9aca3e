"""Dice nobody can foresee: a network table draws each chance outcome from the system's
randomness when it is needed; nothing stored predicts the next one (two servers restored from
the same database draw different dice), and the journal still replays the game exactly. Solo
games keep their seed."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from stoneage.net.service import ServiceConfig, TableService
from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig
from stoneage.play.match import Match, SeededChance, SystemChance
from stoneage.play.seats import Seat
from stoneage.rules import CHANCE, new_game, view_to_wire

from .players import offline_replay


def _to_a_roll(table: NetTable) -> None:
    """Play the table (seat 0 its first legal action, the bots theirs) until the next step is
    a roll of the dice after the placements."""
    while True:
        state = table.state()
        at_chance = state.current_player() == CHANCE and state.ply > 0
        if at_chance and str(state.legal_actions()[0]).startswith("roll"):
            return
        found = table.automatic()
        if found is None:
            table.act(0, str(state.legal_actions()[0]), state.ply)
        else:
            table.apply_automatic(found[1](), state.ply)


def _stored_at_a_roll(db: Path) -> str:
    store = TableStore(db)
    service = TableService(store, ServiceConfig())
    seats = [SeatConfig("remote", name="Ann"), SeatConfig("bot", "random")]
    table = service.add_table(seats, code_length=6)
    table.claim(0)
    table.start()
    service.save_table(table)
    _to_a_roll(table)
    for index, text in enumerate(table.record.actions):
        store.add_action(table.code, index, text)
    store.close()
    return table.code


def _next_rolls(db: Path, code: str, count: int) -> list[str]:
    """The next chance outcome drawn by ``count`` servers each restored from a copy of
    ``db``."""
    drawn = []
    for i in range(count):
        copy = db.with_name(f"copy{i}.sqlite3")
        shutil.copyfile(db, copy)
        store = TableStore(copy)
        table = TableService(store, ServiceConfig()).table(code)
        assert table is not None
        found = table.automatic()
        assert found is not None and found[0] == CHANCE
        drawn.append(str(found[1]()))
        store.close()
    return drawn


def test_two_servers_restored_from_the_same_database_draw_different_dice(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    code = _stored_at_a_roll(db)
    rolls = _next_rolls(db, code, 12)
    assert all(r.startswith("roll") for r in rolls)
    # Twelve restored servers drawing the same roll by chance: at most (1/6)**11 even for a
    # single die; a seeded table would draw twelve times the same.
    assert len(set(rolls)) > 1, rolls


def test_nothing_stored_holds_a_seed_and_the_journal_replays_exactly(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    code = _stored_at_a_roll(db)
    with sqlite3.connect(db) as raw:
        (record,) = raw.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
    assert "seed" not in json.loads(record)
    store = TableStore(db)
    loaded = store.load(code)
    assert loaded is not None
    table = NetTable(loaded)
    assert table.state().seed is None and table.match is not None
    assert table.match.chance.seeded is False
    replayed = offline_replay(2, loaded.actions)
    assert [str(a) for a in replayed.actions_taken()] == loaded.actions
    assert view_to_wire(replayed.view(0)) == view_to_wire(table.state().view(0))
    store.close()


def test_an_older_record_s_seed_becomes_its_bot_key_and_predicts_no_die(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    code = _stored_at_a_roll(db)
    with sqlite3.connect(db) as raw:
        (text,) = raw.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
        record = json.loads(text)
        record["seed"] = record.pop("bot_key")
        for key in ("listed", "language", "players"):
            record.pop(key)
        raw.execute("UPDATE tables SET record = ? WHERE code = ?", (json.dumps(record), code))
    rolls = _next_rolls(db, code, 12)
    assert len(set(rolls)) > 1
    store = TableStore(db)
    loaded = store.load(code)
    assert loaded is not None and loaded.bot_key == record["seed"]
    store.close()


def test_a_solo_match_keeps_its_seed_and_a_system_match_has_none() -> None:
    seats = [Seat("A", "red", "bot", "random"), Seat("B", "blue", "bot", "random")]
    first, second = Match(seats, 7, threaded=False), Match(seats, 7, threaded=False)
    assert isinstance(first.chance, SeededChance) and first.state.seed == 7
    first.play_out(round_cap=2)
    second.play_out(round_cap=2)
    assert first.state.actions_taken() == second.state.actions_taken()
    system = Match(seats, 7, threaded=False, chance=SystemChance())
    assert system.state.seed is None and system.seed == 7  # the bots' key only
    outcomes = {str(SystemChance().outcome(new_game(2, None))) for _ in range(20)}
    assert len(outcomes) > 1
