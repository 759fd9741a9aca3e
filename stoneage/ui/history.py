"""The player's history: one record per finished game, kept in the data folder.

The file
    ``history.jsonl`` in the data folder (beside the saves): a first line naming the format
    (``{"format": "stoneage-history", "version": 1}``), then one JSON object per line, one per
    finished game. Each line stands alone, so damage to one (a cut-off end, a bad byte, a hand
    edit) costs that line only. The whole file is rewritten through ``storage.atomic_write``
    (temporary file, fsync, previous copy ``history.prev.jsonl``, rename), so a kill at any
    instant leaves the history before or after the new game, never a mix. Two copies of the game
    ending a game at once take turns (``storage.exclusive`` on ``history.lock``).

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
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from stoneage.i18n import N_
from stoneage.rules import SCORING_CATEGORIES, GameState
from stoneage.rules.data import cards as card_data
from stoneage.rules.scoring import scoring_cards

from . import storage
from .names import canonical_name

log = logging.getLogger(__name__)

HISTORY_FILE = "history.jsonl"
HISTORY_LOCK = "history.lock"
HISTORY_FORMAT = "stoneage-history"
HISTORY_VERSION = 1
MAX_LINE_BYTES = 64_000  # a record is about 1-2 kB; a far longer line is damage
MAX_HISTORY_BYTES = 200_000_000  # some 100 000 games; a larger file is not read whole
SEAT_KINDS = ("human", "bot")
BOT_LEVELS = ("random", "easy", "normal", "hard")
NAME_LIMIT = 64

HISTORY_DAMAGED = N_(
    "Your game history was damaged: {kept} games were kept, and the damaged part was set "
    "aside as {file}."
)
HISTORY_DAMAGED_UNMENDED = N_(
    "Your game history is damaged: {kept} games are shown; it cannot be mended now, so the "
    "file is left as it is and mended when it can be written again."
)
HISTORY_UNREADABLE = N_("Your game history could not be read ({error}); it was left as it is.")


class SeatLike(Protocol):
    """What a record needs to know of a seat (``stoneage.scenes.driver.Seat`` fits)."""

    name: str
    colour: str
    kind: str
    level: str


# --- the records ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    """One seat at the end of a finished game: who sat there and what they ended with.

    ``name`` is the seat's stable identity (``names.canonical_name``): a name the game gave is
    kept in its English original ("You", "Player 2", "Grok") whatever the language of the
    game, so a person counts as one across languages; show it with ``names.shown_name``."""

    name: str
    kind: str  # "human" or "bot"
    level: str | None  # the bot's level; None for a person
    colour: str
    scoring: dict[str, int]  # every final-scoring category and "total"
    people: int
    track: int  # the food track
    tools: tuple[int, ...]  # values of the tool tiles
    buildings: int
    cards: int  # civilization cards, the extra cards included
    green_symbols: tuple[str, ...]  # the culture symbol of every green card (repeats too)
    penalties: int  # times the seat lost 10 points for unfed people
    resources: int  # resources left at the end

    def __post_init__(self) -> None:
        # The identity, however the record was made (a game, a file, a test's builder).
        object.__setattr__(self, "name", canonical_name(self.name))

    @property
    def is_human(self) -> bool:
        """True for a person (a solo player or a hotseat seat)."""
        return self.kind == "human"

    @property
    def total(self) -> int:
        """The final score."""
        return self.scoring["total"]

    @property
    def tool_value(self) -> int:
        """The total value of the tool tiles."""
        return sum(self.tools)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form stored in the history file."""
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "colour": self.colour,
            "scoring": dict(self.scoring),
            "people": self.people,
            "track": self.track,
            "tools": list(self.tools),
            "buildings": self.buildings,
            "cards": self.cards,
            "green_symbols": list(self.green_symbols),
            "penalties": self.penalties,
            "resources": self.resources,
        }

    @classmethod
    def from_dict(cls, raw: object) -> SeatRecord:
        """The seat stored by ``to_dict``; ``ValueError`` for anything else."""
        if not isinstance(raw, dict):
            raise ValueError("a seat is not an object")
        kind = _choice(raw, "kind", SEAT_KINDS)
        level = raw.get("level")
        if kind == "bot":
            level = _choice(raw, "level", BOT_LEVELS)
        elif level is not None:
            raise ValueError("a person has no level")
        scoring = raw.get("scoring")
        if not isinstance(scoring, dict) or set(scoring) < set(SCORING_CATEGORIES):
            raise ValueError("scoring is not a full breakdown")
        return cls(
            name=_text(raw, "name", NAME_LIMIT),
            kind=kind,
            level=level,
            colour=_text(raw, "colour", 16),
            scoring={key: _int_value(scoring[key], key) for key in SCORING_CATEGORIES},
            people=_count(raw, "people"),
            track=_count(raw, "track"),
            tools=tuple(_int_list(raw, "tools")),
            buildings=_count(raw, "buildings"),
            cards=_count(raw, "cards"),
            green_symbols=tuple(_text_list(raw, "green_symbols")),
            penalties=_count(raw, "penalties"),
            resources=_count(raw, "resources"),
        )


@dataclass(frozen=True)
class GameRecord:
    """A finished game: when, how long, who sat where, the final scoring, the winners, and the
    replay file written for it."""

    id: str
    finished_at: str  # ISO-8601 with the UTC offset
    started_at: str
    duration: float  # seconds of play (this session's, for a game continued from a save)
    seed: int
    rounds: int
    seats: tuple[SeatRecord, ...]
    winners: tuple[int, ...]
    replay: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def players(self) -> int:
        """How many seats the game had."""
        return len(self.seats)

    def won(self, seat: int) -> bool:
        """True when ``seat`` won (alone or sharing the win)."""
        return seat in self.winners

    def human_seats(self) -> list[int]:
        """The seats people played (one for a solo game, several for a hotseat game)."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def opponents(self, seat: int) -> list[SeatRecord]:
        """Everyone else at the table."""
        return [s for i, s in enumerate(self.seats) if i != seat]

    def margin(self, seat: int) -> int:
        """``seat``'s total minus the best total of the others (negative when behind)."""
        return self.seats[seat].total - max(s.total for s in self.opponents(seat))

    def date(self) -> datetime | None:
        """When the game ended (None if the stored date does not parse)."""
        try:
            return datetime.fromisoformat(self.finished_at)
        except ValueError:
            return None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form stored in the history file (unknown fields read are kept)."""
        out = dict(self.extra)
        out.update(
            {
                "id": self.id,
                "finished_at": self.finished_at,
                "started_at": self.started_at,
                "duration": self.duration,
                "seed": self.seed,
                "rounds": self.rounds,
                "seats": [s.to_dict() for s in self.seats],
                "winners": list(self.winners),
                "replay": self.replay,
            }
        )
        return out

    @classmethod
    def from_dict(cls, raw: object) -> GameRecord:
        """The record stored by ``to_dict``; ``ValueError`` for anything else."""
        if not isinstance(raw, dict):
            raise ValueError("a record is not an object")
        seats_raw = raw.get("seats")
        if not isinstance(seats_raw, list) or not 2 <= len(seats_raw) <= 4:
            raise ValueError("seats")
        seats = tuple(SeatRecord.from_dict(s) for s in seats_raw)
        winners = _int_list(raw, "winners")
        if not winners or any(not 0 <= w < len(seats) for w in winners):
            raise ValueError("winners")
        duration = raw.get("duration")
        if not isinstance(duration, (int, float)) or isinstance(duration, bool):
            raise ValueError("duration")
        if not 0 <= duration < 1e9:  # NaN fails this too
            raise ValueError("duration")
        replay = raw.get("replay")
        if replay is not None and (not isinstance(replay, str) or len(replay) > 4096):
            raise ValueError("replay")
        seed = raw.get("seed")
        if type(seed) is not int or abs(seed) >= 2**63:
            raise ValueError("seed")
        known = {
            "id",
            "finished_at",
            "started_at",
            "duration",
            "seed",
            "rounds",
            "seats",
            "winners",
            "replay",
        }
        return cls(
            id=_text(raw, "id", 100),
            finished_at=_date(raw, "finished_at"),
            started_at=_date(raw, "started_at"),
            duration=float(duration),
            seed=seed,
            rounds=_count(raw, "rounds"),
            seats=seats,
            winners=tuple(sorted(set(winners))),
            replay=replay,
            extra={k: v for k, v in raw.items() if k not in known},
        )


def _choice(raw: dict, key: str, allowed: tuple[str, ...]) -> str:
    value = raw.get(key)
    if value not in allowed:
        raise ValueError(key)
    return str(value)


def _text(raw: dict, key: str, limit: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(key)
    return value


def _date(raw: dict, key: str) -> str:
    value = _text(raw, key, 64)
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(key) from None
    return value


def _int_value(value: object, key: str) -> int:
    if type(value) is not int or abs(value) > 1_000_000:
        raise ValueError(key)
    return value


def _count(raw: dict, key: str) -> int:
    value = _int_value(raw.get(key), key)
    if value < 0:
        raise ValueError(key)
    return value


def _int_list(raw: dict, key: str) -> list[int]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) > 100:
        raise ValueError(key)
    return [_int_value(v, key) for v in value]


def _text_list(raw: dict, key: str) -> list[str]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) > 100:
        raise ValueError(key)
    if not all(isinstance(v, str) and len(v) <= 32 for v in value):
        raise ValueError(key)
    return list(value)


# --- a record from a finished game -------------------------------------------------------------------
def record_from_game(
    seats: Sequence[SeatLike],
    seed: int,
    state: GameState,
    started_at: str,
    duration: float,
    replay: str | None = None,
    finished_at: str | None = None,
) -> GameRecord:
    """The record of the finished game ``state`` (``ValueError`` for a game not over: an
    abandoned game is never recorded, so it is never a loss)."""
    if not state.is_terminal():
        raise ValueError("only a finished game is recorded")
    if len(seats) != state.n:
        raise ValueError("the seats do not match the game")
    scoring = state.final_scoring()
    seat_records = tuple(
        _seat_record(seat, state, index, scoring[index]) for index, seat in enumerate(seats)
    )
    return GameRecord(
        id=uuid.uuid4().hex,
        finished_at=finished_at or storage.now_iso(),
        started_at=started_at,
        duration=round(max(0.0, float(duration)), 1),
        seed=seed,
        rounds=int(state.round),
        seats=seat_records,
        winners=tuple(state.winners()),
        replay=replay,
    )


def _seat_record(seat: SeatLike, state: GameState, index: int, scoring: dict) -> SeatRecord:
    player = state.players[index]
    cards = scoring_cards(player)
    known = card_data()
    symbols = [known[c].culture for c in cards if known[c].culture]
    human = seat.kind == "human"
    return SeatRecord(
        name=str(seat.name)[:NAME_LIMIT],
        kind="human" if human else "bot",
        level=None if human else (seat.level if seat.level in BOT_LEVELS else "normal"),
        colour=str(seat.colour)[:16],
        scoring={key: int(scoring[key]) for key in SCORING_CATEGORIES},
        people=player.people,
        track=player.track,
        tools=tuple(sorted(player.tools_free + player.tools_used, reverse=True)),
        buildings=len(player.buildings),
        cards=len(cards),
        green_symbols=tuple(str(s) for s in symbols),
        penalties=player.penalties,
        resources=sum(player.res),
    )


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
    return storage.data_dir() / HISTORY_FILE


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
        data = storage.read_limited(path, MAX_HISTORY_BYTES)
    except (FileNotFoundError, NotADirectoryError):  # no history yet (or no folder at all)
        return HistoryFile()
    except storage.FileTooLarge:
        return HistoryFile(damaged=True)
    except OSError as error:
        return HistoryFile(error=error.strerror or str(error))
    return parse_history(data)


# --- notices for the player ------------------------------------------------------------------------------
_notices_lock = threading.Lock()
_notices: list[tuple[str, dict[str, object]]] = []


_told: set[str] = set()


def _notify(template: str, **params: object) -> None:
    """Queue a notice, once per process for the same words (a file that cannot be mended is
    found again at every load)."""
    key = template + repr(sorted(params.items()))
    with _notices_lock:
        if key in _told:
            return
        _told.add(key)
        _notices.append((template, params))


def take_notices() -> list[str]:
    """What to tell the player about the history file (each said once), translated now."""
    from stoneage.i18n import _

    with _notices_lock:
        taken = list(_notices)
        _notices.clear()
    return [_(template).format(**params) for template, params in taken]


# --- loading and recording ---------------------------------------------------------------------------
def load_history() -> list[GameRecord]:
    """Every finished game recorded, oldest first. A damaged file is mended (see the module's
    docstring) and the player told once through ``take_notices``."""
    with storage.exclusive(storage.data_dir() / HISTORY_LOCK):
        return _load_mending().records


def _load_mending() -> HistoryFile:
    """The history (called with the lock held); a damaged file is set aside and rewritten."""
    path = history_path()
    found = _read(path)
    if found.error:
        log.warning("could not read the history %s: %s", path, found.error)
        _notify(HISTORY_UNREADABLE, error=found.error)
        return found
    if not found.damaged:
        return found
    _merge_previous(found)
    # The damaged file stays in place until the mended one replaces it: a disk that fails at
    # any step of this (full, read-only) loses nothing, and the mending is tried again later.
    try:
        aside = storage.keep_aside(path)
    except OSError as error:
        storage.write_health.failed("history", error, path.parent)
        aside = None
    if aside is not None:
        try:
            _write(found)
        except OSError:
            storage.remove_quietly(aside)  # the same bytes are still in place
            aside = None
    if aside is None:
        found.unmended = True
        log.warning("the history %s is damaged and could not be mended now", path)
        _notify(HISTORY_DAMAGED_UNMENDED, kept=len(found.records))
        return found
    log.warning("the history %s was damaged; set aside as %s", path, aside)
    _notify(HISTORY_DAMAGED, kept=len(found.records), file=str(aside))
    return found


def _merge_previous(found: HistoryFile) -> None:
    """Add the records of the previous copy that the damaged file lost."""
    previous = _read(storage.previous_of(history_path()))
    have = {r.id for r in found.records}
    for record, line in zip(previous.records, previous.lines, strict=True):
        if record.id not in have:
            found.records.append(record)
            found.lines.append(line)
    order = sorted(range(len(found.records)), key=lambda i: found.records[i].finished_at)
    found.records = [found.records[i] for i in order]
    found.lines = [found.lines[i] for i in order]


def _write(history: HistoryFile) -> None:
    text = "\n".join([header_line(), *history.lines]) + "\n"
    storage.tracked_write("history", history_path(), text, is_complete=_is_whole_history)


_pending_lock = threading.Lock()
_pending: list[GameRecord] = []


def append_record(record: GameRecord) -> bool:
    """Add ``record`` to the history file; False when it could not be written (it is kept in
    memory and written with the next record, or by ``retry_pending``; ``storage.write_health``
    tells the player)."""
    with _pending_lock:
        if all(r.id != record.id for r in _pending):
            _pending.append(record)
    return retry_pending()


def retry_pending() -> bool:
    """Write the records that could not be written before; True when none is left waiting."""
    with _pending_lock:
        waiting = list(_pending)
    if not waiting:
        return True
    try:
        with storage.exclusive(storage.data_dir() / HISTORY_LOCK):
            history = _load_mending()
            if history.error:  # never write over records that could not be read
                error = OSError(history.error)
                storage.write_health.failed("history", error, history_path().parent)
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
            _write(history)
    except OSError as error:
        log.warning("could not write the history: %s", error)
        return False
    with _pending_lock:
        done = {r.id for r in waiting}
        _pending[:] = [r for r in _pending if r.id not in done]
    return True


def pending_records() -> list[GameRecord]:
    """Records not yet written to the file (the history shown includes them)."""
    with _pending_lock:
        return list(_pending)


def record_finished_game(
    seats: Sequence[SeatLike],
    seed: int,
    state: GameState,
    started_at: str,
    duration: float,
    export_replay: Callable[[], Path] | None = None,
) -> GameRecord | None:
    """Record the finished game ``state``: write its replay with ``export_replay`` (the log
    scene's ``export_replay``; the path is stored), then add the record to the history. None
    for a game not over (an abandoned game is not recorded). A replay or history that cannot be
    written never stops the game from ending: the record is kept and retried."""
    if not state.is_terminal():
        return None
    replay = None
    if export_replay is not None:
        try:
            replay = str(export_replay())
        except (OSError, ValueError, TypeError) as error:
            log.warning("could not write the replay of a finished game: %s", error)
    record = record_from_game(seats, seed, state, started_at, duration, replay)
    append_record(record)
    return record


def history_with_pending() -> list[GameRecord]:
    """The recorded games plus those still waiting to be written, oldest first."""
    records = load_history()
    have = {r.id for r in records}
    return records + [r for r in pending_records() if r.id not in have]


def reset_for_tests() -> None:
    """Forget the records waiting and the notices (a test's fresh start)."""
    with _pending_lock:
        _pending.clear()
    with _notices_lock:
        _notices.clear()
        _told.clear()
