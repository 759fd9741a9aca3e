"""Secrets kept private: the notes holding seat tokens (``joined_table.json``,
``hosted_table.json``), the player key and the host's database are readable by their owner
only (mode 0600), from the moment each file exists, even with a umask that lets everything
through; an older version's readable files are narrowed."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from stoneage.net.store import TableStore
from stoneage.net.table import NetTable, SeatConfig
from stoneage.records import files
from stoneage.records.hosted import HostedKeep, Kept, Seated, SeatKeep
from stoneage.records.player_key import PlayerKey, PlayerKeys

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A umask that takes nothing away: every mode then comes from the code itself."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def renames(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The mode of each file at the moment it is renamed into place."""
    seen: list[tuple[str, int]] = []
    real = os.replace

    def watching(source: str | Path, target: str | Path) -> None:
        seen.append((Path(target).name, _mode(Path(source))))
        real(source, target)

    monkeypatch.setattr(files.os, "replace", watching)
    return seen


def test_the_token_notes_are_the_owners_only_from_their_first_byte(
    tmp_path: Path, open_umask: None, renames: list[tuple[str, int]]
) -> None:
    HostedKeep(tmp_path).save(Kept("ABCDEF", "secret-token", "Ann", 27436))
    SeatKeep(tmp_path).save(Seated("ws://127.0.0.1:1", "ABCDEF", "other-token", "Bob"))
    HostedKeep(tmp_path).save(Kept("ABCDEF", "secret-token", "Ann", 27437))  # a second time
    for name in ("hosted_table.json", "joined_table.json"):
        assert _mode(tmp_path / name) == 0o600
    assert _mode(tmp_path / "hosted_table.prev.json") == 0o600
    assert renames and all(mode == 0o600 for _name, mode in renames), renames


def test_an_older_readable_note_is_narrowed_with_its_previous_copy(
    tmp_path: Path, open_umask: None
) -> None:
    note = tmp_path / "joined_table.json"
    note.write_text('{"url": "ws://x:1", "code": "ABCDEF", "token": "old", "name": "A"}')
    note.chmod(0o644)
    stray = tmp_path / "joined_table.json.tmp"
    stray.write_text("{}")
    stray.chmod(0o644)
    SeatKeep(tmp_path).save(Seated("ws://127.0.0.1:1", "ABCDEF", "new-token", "Bob"))
    assert _mode(note) == 0o600
    assert _mode(tmp_path / "joined_table.prev.json") == 0o600  # the old token, narrowed too


def test_the_player_key_is_made_once_private_and_per_server(
    tmp_path: Path, open_umask: None
) -> None:
    keys = PlayerKeys(tmp_path)
    made = keys.load_or_create("Ann")
    assert _mode(keys.path) == 0o600 and len(made.key) >= 43 and made.name == "Ann"
    assert keys.load_or_create("Other") == made  # kept, not made again
    renamed = keys.rename("Annie")
    assert renamed.key == made.key and keys.load() == renamed
    assert made.for_server("a:1") == made.for_server("a:1") != made.for_server("b:1")
    assert made.key not in made.for_server("a:1")
    assert PlayerKey("x" * 43).for_server("a:1") != made.for_server("a:1")


def test_the_host_s_database_and_its_journal_are_the_owners_only(
    tmp_path: Path, open_umask: None
) -> None:
    db = tmp_path / "hosted_tables.sqlite3"
    store = TableStore(db)
    table = NetTable.create("ABCDEF", [SeatConfig("host"), SeatConfig("remote")], 1)
    table.claim(0)
    store.save(table.record)
    store.add_action("ABCDEF", 0, "reveal card x")
    journal = [Path(str(db) + suffix) for suffix in ("-wal", "-shm")]
    assert _mode(db) == 0o600
    assert all(_mode(p) == 0o600 for p in journal if p.exists())
    assert any(p.exists() for p in journal)
    store.close()
    # An older version's database, readable by all, is narrowed when opened.
    old = tmp_path / "old.sqlite3"
    TableStore(old).close()
    old.chmod(0o644)
    TableStore(old).close()
    assert _mode(old) == 0o600
