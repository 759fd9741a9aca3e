"""Where tables are kept between runs: an SQLite database (the standard library's ``sqlite3``).

A table is its record (seats, bots' key, tokens' digests, stand-in rules; one JSON row) and the
text of its actions (one row each, appended as they are applied; the chance outcomes are among
them, drawn when they were needed: nothing in the file predicts the next one). Each write is
committed before the clients hear of the step, so a server killed at any moment restarts with
every step any client saw, and rebuilds each table by replaying its actions through the rules.

Beside the record each row keeps what the server asks without rebuilding a table: its
``status`` (``waiting`` for players, ``playing``, ``finished``), when it was made, whether the
lobby lists it, and a ``snapshot`` (what a spectator arriving is sent: the seats and the view
with the story so far), written when the game ends or nobody is left at the table, so that
watching a finished or idle table costs one row read instead of a replay. A finished table is
kept (archived: its actions replay it) and leaves the server's memory; a table nobody joined
is deleted after its time (``expire_unjoined``), one that never began a day after its last
change (``expire_stale_waiting``). The ``players`` table keeps each player
identity's rating (see ``ratings``).

The file is created readable and writable by its owner only (mode 0600 where the system has
modes, from its first byte: it holds the tokens' digests and every game), and an older file is
narrowed to that mode when opened; SQLite gives its journal files the file's own mode.

The journal is SQLite's write-ahead log. By default a commit is written to it but not forced
to the disk (``synchronous=NORMAL``): a killed process loses nothing, and a power cut may lose
the last steps (never the file); the server then handles a few thousand actions a second
instead of waiting for the disk at each one. ``durable=True`` forces every commit to the disk.

Each write is committed when it returns, except the actions while they are held
(``hold_actions``: the server's way): they wait in memory for ``commit``, which writes all of
them in one transaction (the server commits at the end of each turn of its event loop, before
it sends anything: ``outbox``), and any other use of the database commits them first. A step
is then committed before any client hears of it, as before, for a fraction of the cost: one
transaction a turn of the loop instead of one per step (what a killed server loses is only
what nobody was told).

The dedicated server copies the journal into the file from a thread of its own
(``checkpoint_in_background``), not in the middle of a commit, where its event loop waited
for the disk.

An older file (without the new columns, its records with a ``seed``) is brought up to date
when opened: the columns are added (every old table counted as open until it is next saved),
and a record's seed is read as its bots' key (``TableRecord.from_dict``).

One ``TableStore`` is used from one thread at a time (the server's event loop); SQLite's own
journal (write-ahead log) keeps the file whole when the process dies mid-write.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from .table import TableRecord

log = logging.getLogger(__name__)

#: A table's status in the database.
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    updated REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (code, idx)
);
CREATE TABLE IF NOT EXISTS players (
    identity TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL DEFAULT (julianday('now'))
);
"""
#: Columns added to ``tables`` since the first version (added to an older file when opened).
_NEW_COLUMNS = {
    "status": "TEXT NOT NULL DEFAULT 'waiting'",
    "created": "REAL NOT NULL DEFAULT 0",
    "claimed": "INTEGER NOT NULL DEFAULT 1",
    "listed": "INTEGER NOT NULL DEFAULT 0",
    "rated": "INTEGER NOT NULL DEFAULT 0",
    "snapshot": "TEXT",
}
_ADD_ACTION = "INSERT OR REPLACE INTO actions (code, idx, text) VALUES (?, ?, ?)"
#: The permissions of the database: its owner reads and writes, nobody else.
PRIVATE_MODE = 0o600


@dataclass(frozen=True)
class Rating:
    """A player identity's rating as stored: its name, the model's mean and deviation, and how
    many rated games it played."""

    identity: str
    name: str
    mu: float
    sigma: float
    games: int


def create_private(path: Path) -> None:
    """Create ``path`` (if missing) readable by its owner only, and narrow it to that if it
    exists (an older version's file); the mode is set as the file is made, never after."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0), PRIVATE_MODE)
    os.close(fd)
    narrow_mode(path)


def narrow_mode(path: Path) -> None:
    """Make ``path`` readable and writable by its owner only (where the system has modes)."""
    if os.name == "posix":
        with contextlib.suppress(OSError):
            os.chmod(path, PRIVATE_MODE)


class TableStore:
    """The tables of a host or a server in one SQLite file (``":memory:"``: kept in memory)."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = str(path)
        if self.path != ":memory:" and not self.path.startswith("file:"):
            create_private(Path(self.path))
            for journal in ("-wal", "-shm"):
                narrow_mode(Path(self.path + journal))
        # Autocommit: each statement its own transaction, durable when it returns (the held
        # actions excepted: ``commit``).
        self._connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._held: list[tuple[str, int, str]] | None = None
        self._lock = threading.Lock()
        self._durable = durable
        self._checkpoints: _Checkpoints | None = None
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.executescript(_SCHEMA)
        self._migrate()

    @property
    def _db(self) -> sqlite3.Connection:
        """The database, the held actions committed first (so that every other write comes
        after them and every read sees them)."""
        if self._held:
            self.commit()
        return self._connection

    def checkpoint_in_background(self, every: float = 1.0) -> None:
        """Copy the journal into the file from a thread of its own (every ``every`` seconds)
        instead of in the middle of a commit: SQLite's automatic checkpoint waits for the disk
        (it forces both files to it), and the server's event loop waited with it, every
        thousand pages. Nothing changes for durability: a checkpoint only moves what is
        committed already. A file only (not ``":memory:"``)."""
        if self._checkpoints is None and self.path != ":memory:":
            self._checkpoints = _Checkpoints(self.path, self._durable, every)
            self._connection.execute("PRAGMA wal_autocheckpoint=0")

    def hold_actions(self) -> None:
        """From now on, ``add_action`` holds the actions until ``commit`` (or any other use of
        the database) writes them in one transaction."""
        if self._held is None:
            self._held = []

    def commit(self) -> None:
        """Write the held actions in one transaction (nothing when none are held). When it
        fails, they stay held and the error is raised."""
        with self._lock:
            held = self._held
            if not held:
                return
            self._held = []
            db = self._connection
            try:
                if len(held) == 1:  # a transaction of its own already (autocommit)
                    db.execute(_ADD_ACTION, held[0])
                    return
                db.execute("BEGIN")
                db.executemany(_ADD_ACTION, held)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                self._held = held + self._held
                raise

    def _migrate(self) -> None:
        """Add the columns an older file lacks."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for name, kind in _NEW_COLUMNS.items():
            if name not in have:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        if "status" not in have:  # an older file: its begun tables are being played
            self._db.execute(
                "UPDATE tables SET status = ? WHERE record LIKE '%\"started\": true%'",
                (PLAYING,),
            )

    # --- tables -------------------------------------------------------------------------------
    def save(self, record: TableRecord, status: str | None = None) -> None:
        """Write the table's record (not its actions: ``add_action`` appends those) and its
        status (by default: waiting before the game begins, playing after)."""
        if status is None:
            status = PLAYING if record.started else WAITING
        claimed = int(any(d is not None for d in record.digests))
        self._db.execute(
            "INSERT INTO tables (code, record, status, created, claimed, listed) "
            "VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET record = excluded.record, "
            "status = excluded.status, claimed = excluded.claimed, listed = excluded.listed, "
            "updated = julianday('now')",
            (
                record.code,
                json.dumps(record.to_dict()),
                status,
                time.time(),
                claimed,
                int(record.listed),
            ),
        )

    def add_action(self, code: str, index: int, text: str) -> None:
        """Append the action number ``index`` (from 0) of a table (held until ``commit`` after
        ``hold_actions``)."""
        if self._held is None:
            self._connection.execute(_ADD_ACTION, (code, index, text))
            return
        with self._lock:
            self._held.append((code, index, text))

    def load(self, code: str) -> TableRecord | None:
        """The table of ``code`` with its actions, or None (unknown, or unreadable)."""
        row = self._db.execute("SELECT record FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        texts = [
            text
            for (text,) in self._db.execute(
                "SELECT text FROM actions WHERE code = ? ORDER BY idx", (code,)
            )
        ]
        try:
            return TableRecord.from_dict(json.loads(row[0]), texts)
        except (ValueError, TypeError, KeyError):
            return None

    def exists(self, code: str) -> bool:
        """True when a table of ``code`` is kept."""
        found = self._db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone()
        return found is not None

    def status(self, code: str) -> str | None:
        """The stored status of the table of ``code`` (None: no such table)."""
        row = self._db.execute("SELECT status FROM tables WHERE code = ?", (code,)).fetchone()
        return str(row[0]) if row is not None else None

    def codes(self) -> list[str]:
        """Every table's code, the most recently changed first."""
        rows = self._db.execute("SELECT code FROM tables ORDER BY updated DESC")
        return [code for (code,) in rows]

    def open_count(self) -> int:
        """How many tables are not finished (waiting for players or playing)."""
        row = self._db.execute("SELECT COUNT(*) FROM tables WHERE status != ?", (FINISHED,))
        return int(row.fetchone()[0])

    def set_snapshot(self, code: str, snapshot: str, status: str | None = None) -> None:
        """Keep what a spectator arriving at the table is sent (and, with ``status``, the
        table's new status: ``FINISHED`` archives it)."""
        if status is None:
            self._db.execute("UPDATE tables SET snapshot = ? WHERE code = ?", (snapshot, code))
        else:
            self._db.execute(
                "UPDATE tables SET snapshot = ?, status = ? WHERE code = ?",
                (snapshot, status, code),
            )

    def snapshot(self, code: str) -> str | None:
        """The stored snapshot of the table of ``code``, or None (none kept yet)."""
        row = self._db.execute("SELECT snapshot FROM tables WHERE code = ?", (code,)).fetchone()
        return str(row[0]) if row is not None and row[0] is not None else None

    def clear_snapshot(self, code: str) -> None:
        """Forget the snapshot of a table that is being played again."""
        self._db.execute("UPDATE tables SET snapshot = NULL WHERE code = ?", (code,))

    def mark_rated(self, code: str) -> bool:
        """Note that the finished table's game was rated: True the first time only."""
        changed = self._db.execute(
            "UPDATE tables SET rated = 1 WHERE code = ? AND rated = 0", (code,)
        ).rowcount
        return bool(changed)

    def expire_unjoined(
        self, older_than: float, now: float | None = None, keep: Collection[str] = ()
    ) -> list[str]:
        """Delete the tables nobody joined (no seat claimed, not begun) made more than
        ``older_than`` seconds ago, except those of ``keep`` (the server's own, in memory);
        their codes."""
        limit = (time.time() if now is None else now) - older_than
        rows = self._db.execute(
            "SELECT code FROM tables WHERE status = ? AND claimed = 0 AND created < ?",
            (WAITING, limit),
        ).fetchall()
        codes = [str(code) for (code,) in rows if code not in keep]
        for code in codes:
            self.delete(code)
        return codes

    def expire_stale_waiting(self, older_than: float, keep: Collection[str] = ()) -> list[str]:
        """Delete the tables that never began and did not change for ``older_than`` seconds
        (their players left before the start), except those of ``keep``; their codes."""
        rows = self._db.execute(
            "SELECT code FROM tables WHERE status = ? AND updated < julianday('now') - ?",
            (WAITING, older_than / 86_400.0),
        ).fetchall()
        codes = [str(code) for (code,) in rows if code not in keep]
        for code in codes:
            self.delete(code)
        return codes

    def delete(self, code: str) -> None:
        """Delete a table and its actions."""
        self._db.execute("DELETE FROM actions WHERE code = ?", (code,))
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def listed(self, status: str = WAITING, limit: int = 200) -> list[TableRecord]:
        """The tables the lobby lists with ``status``, the newest first (at most ``limit``)."""
        rows = self._db.execute(
            "SELECT code FROM tables WHERE listed = 1 AND status = ? ORDER BY created DESC LIMIT ?",
            (status, limit),
        ).fetchall()
        found = [self.load(str(code)) for (code,) in rows]
        return [record for record in found if record is not None]

    # --- players' ratings ---------------------------------------------------------------------
    def rating(self, identity: str) -> Rating | None:
        """The stored rating of a player identity, or None (never rated)."""
        row = self._db.execute(
            "SELECT identity, name, mu, sigma, games FROM players WHERE identity = ?",
            (identity,),
        ).fetchone()
        return Rating(str(row[0]), str(row[1]), row[2], row[3], row[4]) if row else None

    def save_rating(self, rating: Rating) -> None:
        """Write a player identity's rating."""
        self._db.execute(
            "INSERT INTO players (identity, name, mu, sigma, games) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(identity) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games, updated = julianday('now')",
            (rating.identity, rating.name, rating.mu, rating.sigma, rating.games),
        )

    def leaders(self, limit: int = 20, min_games: int = 1) -> list[Rating]:
        """The best rated players (by the rating's cautious estimate, mean less three
        deviations), at most ``limit``."""
        rows = self._db.execute(
            "SELECT identity, name, mu, sigma, games FROM players WHERE games >= ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC LIMIT ?",
            (min_games, limit),
        ).fetchall()
        return [Rating(str(r[0]), str(r[1]), r[2], r[3], r[4]) for r in rows]

    def close(self) -> None:
        """Close the database (the held actions committed first, the checkpoints stopped)."""
        self.commit()
        if self._checkpoints is not None:
            self._checkpoints.stop()
        self._connection.close()


class _Checkpoints:
    """A thread copying a database's journal into its file every ``every`` seconds, through a
    connection of its own (``TableStore.checkpoint_in_background``)."""

    def __init__(self, path: str, durable: bool, every: float) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._every = every
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="stoneage-checkpoints", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopping.wait(self._every):
            self.checkpoint()

    def checkpoint(self) -> None:
        """Copy what the journal holds into the file, waiting for no writer (``PASSIVE``)."""
        try:
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error as error:  # busy or a disk error: the next round tries again
            log.warning("checkpoint failed: %s", error)

    def stop(self) -> None:
        """Stop the thread, after a last checkpoint, and close its connection."""
        self._stopping.set()
        self._thread.join(10)
        self.checkpoint()
        self._db.close()
