"""The table this player hosts, kept for *Continue*: the SQLite file the host keeps its tables
in (every move is written there at once) and a note of which table is this player's, with its
code, the host seat's token (the only key to that seat), the host's name and the port the
others know. Nothing else is needed to reopen it: the others rejoin with their own tokens."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from stoneage.records.files import atomic_write, data_dir, read_limited, remove_quietly

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Kept:
    """A hosted table to reopen: its code, the host seat's token and name, its port."""

    code: str
    token: str
    name: str
    port: int


class HostedKeep:
    """The hosted table of this player, kept next to the autosave (``folder``: the data
    folder by default): the tables' database and the note of which one is this player's."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()

    @property
    def db(self) -> Path:
        """The SQLite file of the hosted tables."""
        return self.folder / "hosted_tables.sqlite3"

    @property
    def note(self) -> Path:
        """The note of the table to reopen."""
        return self.folder / "hosted_table.json"

    def save(self, kept: Kept) -> None:
        """Remember ``kept`` as the table to reopen."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self.note, json.dumps(vars(kept)), private=True)
        except OSError:
            log.exception("the hosted table's note could not be written")

    def load(self) -> Kept | None:
        """The table to reopen, or None (none kept, or a note that does not read)."""
        try:
            raw = json.loads(read_limited(self.note))
            kept = Kept(str(raw["code"]), str(raw["token"]), str(raw["name"]), int(raw["port"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return kept if self.db.exists() else None

    def forget(self) -> None:
        """No table to reopen (its game is over)."""
        remove_quietly(self.note)

    def newer_than(self, other: Path) -> bool:
        """True when the kept table was noted after ``other`` was written (or ``other`` is
        not there): *Continue* reopens the newer of the two games."""
        try:
            mine = self.note.stat().st_mtime
        except OSError:
            return False
        try:
            return mine >= other.stat().st_mtime
        except OSError:
            return True


@dataclass(frozen=True)
class Seated:
    """A seat this player took at somebody else's table: where, its code, its token, the name."""

    url: str
    code: str
    token: str
    name: str


class SeatKeep:
    """The seat this player last took at a table over the network, kept so that a crash or a
    quit does not lose it: the join screen offers to return to it (the token is the only key
    to the seat; it is kept in the player's data folder, never shown)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()

    @property
    def note(self) -> Path:
        """The note of the seat to return to."""
        return self.folder / "joined_table.json"

    def save(self, seated: Seated) -> None:
        """Remember ``seated``."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self.note, json.dumps(vars(seated)), private=True)
        except OSError:
            log.exception("the joined table's note could not be written")

    def load(self) -> Seated | None:
        """The seat to return to, or None."""
        try:
            raw = json.loads(read_limited(self.note))
            return Seated(str(raw["url"]), str(raw["code"]), str(raw["token"]), str(raw["name"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def forget(self) -> None:
        """No seat to return to (its game is over)."""
        remove_quietly(self.note)
