"""The player's history: one record per finished game, kept in the data folder.

The file
    ``history.jsonl`` in the data folder (beside the saves): a first line naming the format
    (``{"format": "stoneage-history", "version": 1}``), then one JSON object per line, one per
    finished game. Each line stands alone, so damage to one (a cut-off end, a bad byte, a hand
    edit) costs that line only. The whole file is rewritten through ``atomic_write``
    (temporary file, fsync, previous copy ``history.prev.jsonl``, rename), so a kill at any
    instant leaves the history before or after the new game, never a mix. Two copies of the game
    ending a game at once take turns (``exclusive`` on ``history.lock``).

Damage
    A line that is not a whole record with the right types, a line far too long, bytes that
    are not UTF-8: the good records are kept, the file as it was is set aside beside it
    (``history.damaged-<time>.jsonl``, never deleted), the good records are written back and
    the player is told once (``take_notices``). Records of a newer version of the game are
    kept as they are (their unknown fields too). Nothing here ever raises on a bad file.

An abandoned game is never recorded: only a finished game (``state.is_terminal()``) makes a
record, so quitting is not a loss. Nothing here imports pygame.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from stoneage.i18n import N_, _
from stoneage.play.practice import Practice
from stoneage.records.files import (
    FileTooLarge,
    data_dir,
    exclusive,
    keep_aside,
    previous_of,
    read_limited,
    remove_quietly,
)
from stoneage.records.game_record import GameRecord, SeatLike, record_from_game
from stoneage.records.health import WriteHealth
from stoneage.rules import GameState

log = logging.getLogger(__name__)

HISTORY_FILE = "history.jsonl"
HISTORY_LOCK = "history.lock"
HISTORY_FORMAT = "stoneage-history"
HISTORY_VERSION = 1
MAX_LINE_BYTES = 64_000  # a record is about 1-2 kB; a far longer line is damage
MAX_HISTORY_BYTES = 200_000_000  # some 100 000 games; a larger file is not read whole

HISTORY_DAMAGED = N_(
    "Your game history was damaged: {kept} games were kept, and the damaged part was set "
    "aside as {file}."
)
HISTORY_DAMAGED_UNMENDED = N_(
    "Your game history is damaged: {kept} games are shown; it cannot be mended now, so the "
    "file is left as it is and mended when it can be written again."
)
HISTORY_UNREADABLE = N_("Your game history could not be read ({error}); it was left as it is.")


# --- reading the file ----------------------------------------------------------------------------------
@dataclass
class HistoryFile:
    """The history as read: the good records, and each one's line as stored (kept as it was
    so a newer version's fields survive a rewrite)."""

    records: list[GameRecord] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    damaged: bool = False
    error: str = ""
    unmended: bool = False  # damaged, and it could not be set aside and rewritten (yet)


def history_path() -> Path:
    """The history file in the data folder."""
    return data_dir() / HISTORY_FILE


def header_line() -> str:
    """The first line of the file: its format and version."""
    return json.dumps({"format": HISTORY_FORMAT, "version": HISTORY_VERSION})


def parse_history(data: bytes) -> HistoryFile:
    """The good records in a history file's bytes and whether anything was damaged. Never
    raises."""
    out = HistoryFile()
    seen: set[str] = set()
    for number, raw_line in enumerate(data.split(b"\n")):
        line = raw_line.strip()
        if not line:
            continue
        try:
            if len(line) > MAX_LINE_BYTES:
                raise ValueError("line too long")
            raw = json.loads(line.decode("utf-8"))
            if number == 0 and isinstance(raw, dict) and raw.get("format") == HISTORY_FORMAT:
                continue  # the header
            record = GameRecord.from_dict(raw)
        except (ValueError, RecursionError, UnicodeDecodeError, TypeError):
            out.damaged = True
            continue
        if record.id in seen:
            continue
        seen.add(record.id)
        out.records.append(record)
        out.lines.append(json.dumps(raw, ensure_ascii=False, separators=(",", ":")))
    return out


def _is_whole_history(path: Path) -> bool:
    """True when ``path`` is an undamaged history (worth keeping as the previous copy)."""
    try:
        return not parse_history(path.read_bytes()).damaged
    except OSError:
        return False


def _read(path: Path) -> HistoryFile:
    try:
        data = read_limited(path, MAX_HISTORY_BYTES)
    except (FileNotFoundError, NotADirectoryError):  # no history yet (or no folder at all)
        return HistoryFile()
    except FileTooLarge:
        return HistoryFile(damaged=True)
    except OSError as error:
        return HistoryFile(error=error.strerror or str(error))
    return parse_history(data)


def _merge_previous(found: HistoryFile) -> None:
    """Add the records of the previous copy that the damaged file lost."""
    previous = _read(previous_of(history_path()))
    have = {r.id for r in found.records}
    for record, line in zip(previous.records, previous.lines, strict=True):
        if record.id not in have:
            found.records.append(record)
            found.lines.append(line)
    order = sorted(range(len(found.records)), key=lambda i: found.records[i].finished_at)
    found.records = [found.records[i] for i in order]
    found.lines = [found.lines[i] for i in order]


# --- the program's history ----------------------------------------------------------------------------
class History:
    """The history of this program: reading and mending the file, recording finished games,
    and what could not be written yet (kept and retried) or must be told to the player (each
    notice once). It belongs to the program's ``Records``; the write health is theirs."""

    def __init__(self, health: WriteHealth) -> None:
        self.health = health
        self._lock = threading.Lock()
        self._waiting: list[GameRecord] = []
        self._notices: list[tuple[str, dict[str, object]]] = []
        self._told: set[str] = set()

    # --- notices ---------------------------------------------------------------------------------
    def _notify(self, template: str, **params: object) -> None:
        """Queue a notice, once per program for the same words (a file that cannot be mended
        is found again at every load)."""
        key = template + repr(sorted(params.items()))
        with self._lock:
            if key in self._told:
                return
            self._told.add(key)
            self._notices.append((template, params))

    def take_notices(self) -> list[str]:
        """What to tell the player about the history file (each said once), translated now."""
        with self._lock:
            taken = list(self._notices)
            self._notices.clear()
        return [_(template).format(**params) for template, params in taken]

    # --- reading -----------------------------------------------------------------------------------
    def load(self) -> list[GameRecord]:
        """Every finished game recorded, oldest first. A damaged file is mended (see the
        module's docstring) and the player told once through ``take_notices``."""
        with exclusive(data_dir() / HISTORY_LOCK):
            return self._load_mending().records

    def _load_mending(self) -> HistoryFile:
        """The history (called with the lock held); a damaged file is set aside and rewritten."""
        path = history_path()
        found = _read(path)
        if found.error:
            log.warning("could not read the history %s: %s", path, found.error)
            self._notify(HISTORY_UNREADABLE, error=found.error)
            return found
        if not found.damaged:
            return found
        _merge_previous(found)
        # The damaged file stays in place until the mended one replaces it: a disk that fails
        # at any step of this (full, read-only) loses nothing, and the mending is tried again.
        try:
            aside: Path | None = keep_aside(path)
        except OSError as error:
            self.health.failed("history", error, path.parent)
            aside = None
        if aside is not None:
            try:
                self._write(found)
            except OSError:
                remove_quietly(aside)  # the same bytes are still in place
                aside = None
        if aside is None:
            found.unmended = True
            log.warning("the history %s is damaged and could not be mended now", path)
            self._notify(HISTORY_DAMAGED_UNMENDED, kept=len(found.records))
            return found
        log.warning("the history %s was damaged; set aside as %s", path, aside)
        self._notify(HISTORY_DAMAGED, kept=len(found.records), file=str(aside))
        return found

    def _write(self, history: HistoryFile) -> None:
        text = "\n".join([header_line(), *history.lines]) + "\n"
        self.health.write("history", history_path(), text, is_complete=_is_whole_history)

    # --- recording -----------------------------------------------------------------------------
    def append(self, record: GameRecord) -> bool:
        """Add ``record`` to the history file; False when it could not be written (it is kept
        in memory and written with the next record, or by ``retry_pending``; the write health
        tells the player)."""
        with self._lock:
            if all(r.id != record.id for r in self._waiting):
                self._waiting.append(record)
        return self.retry_pending()

    def retry_pending(self) -> bool:
        """Write the records that could not be written before; True when none is left
        waiting."""
        with self._lock:
            waiting = list(self._waiting)
        if not waiting:
            return True
        try:
            with exclusive(data_dir() / HISTORY_LOCK):
                history = self._load_mending()
                if history.error:  # never write over records that could not be read
                    error = OSError(history.error)
                    self.health.failed("history", error, history_path().parent)
                    raise error
                if history.unmended:  # never write over a damaged file not yet set aside
                    raise OSError("the damaged history could not be set aside")
                have = {r.id for r in history.records}
                for record in waiting:
                    if record.id not in have:
                        history.records.append(record)
                        history.lines.append(
                            json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":"))
                        )
                self._write(history)
        except OSError as error:
            log.warning("could not write the history: %s", error)
            return False
        with self._lock:
            done = {r.id for r in waiting}
            self._waiting[:] = [r for r in self._waiting if r.id not in done]
        return True

    def pending(self) -> list[GameRecord]:
        """Records not yet written to the file (the history shown includes them)."""
        with self._lock:
            return list(self._waiting)

    def with_pending(self) -> list[GameRecord]:
        """The recorded games plus those still waiting to be written, oldest first."""
        records = self.load()
        have = {r.id for r in records}
        return records + [r for r in self.pending() if r.id not in have]

    def record_finished_game(
        self,
        seats: Sequence[SeatLike],
        seed: int,
        state: GameState,
        started_at: str,
        duration: float,
        export_replay: Callable[[], Path] | None = None,
        practice: Practice | None = None,
    ) -> GameRecord | None:
        """Record the finished game ``state`` (``practice``: a practice game, marked): write
        its replay with ``export_replay`` (the path is stored), then add the record to the
        history. None for a game not over (an abandoned game is not recorded). A replay or
        history that cannot be written never stops the game from ending: the record is kept
        and retried."""
        if not state.is_terminal():
            return None
        replay = None
        if export_replay is not None:
            try:
                replay = str(export_replay())
            except (OSError, ValueError, TypeError) as error:
                log.warning("could not write the replay of a finished game: %s", error)
        record = record_from_game(
            seats, seed, state, started_at, duration, replay, practice=practice
        )
        self.append(record)
        return record
