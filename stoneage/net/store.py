"""Where tables are kept between runs: an SQLite database (the standard library's ``sqlite3``).

A table is its record (seats, seed, tokens' digests, stand-in rules; one JSON row) and the text
of its actions (one row each, appended as they are applied). Each write is committed before
the clients hear of the step, so a server killed at any moment restarts with every step any
client saw, and rebuilds each table by replaying its actions through the rules.

The journal is SQLite's write-ahead log. By default a commit is written to it but not forced
to the disk (``synchronous=NORMAL``): a killed process loses nothing, and a power cut may lose
the last steps (never the file); the server then handles a few thousand actions a second
instead of waiting for the disk at each one. ``durable=True`` forces every commit to the disk.

One ``TableStore`` is used from one thread at a time (the server's event loop); SQLite's own
journal (write-ahead log) keeps the file whole when the process dies mid-write.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .table import TableRecord

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
"""


class TableStore:
    """The tables of a host or a server in one SQLite file (``":memory:"``: kept in memory)."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = str(path)
        # Autocommit: each statement its own transaction, durable when it returns.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.executescript(_SCHEMA)

    def save(self, record: TableRecord) -> None:
        """Write the table's record (not its actions: ``add_action`` appends those)."""
        self._db.execute(
            "INSERT INTO tables (code, record) VALUES (?, ?) "
            "ON CONFLICT(code) DO UPDATE SET record = excluded.record, updated = julianday('now')",
            (record.code, json.dumps(record.to_dict())),
        )

    def add_action(self, code: str, index: int, text: str) -> None:
        """Append the action number ``index`` (from 0) of a table."""
        self._db.execute(
            "INSERT OR REPLACE INTO actions (code, idx, text) VALUES (?, ?, ?)", (code, index, text)
        )

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

    def codes(self) -> list[str]:
        """Every table's code, the most recently changed first."""
        rows = self._db.execute("SELECT code FROM tables ORDER BY updated DESC")
        return [code for (code,) in rows]

    def close(self) -> None:
        """Close the database."""
        self._db.close()
