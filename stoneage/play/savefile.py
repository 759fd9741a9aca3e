"""The save and replay file: its format, version and migration, writing it and reading it back.

Every file the game writes of a game (the autosave, a named save, a save written elsewhere, a
replay) is one JSON object::

    {"format": "stoneage-save", "version": 1,
     "seats": [{"name": ..., "colour": ..., "kind": "human"|"bot", "level": ...,
                "opponent": ...}, ...],
     "seed": N, "game": "<the rules engine's own save: seat count, seed, every action>",
     "saved_at": ISO-8601, "started_at": ISO-8601, "played_seconds": seconds,
     "practice": {"source": ..., "step": N, ...},  # a practice game only (``play.practice``)
     "log": ["## Round 1", "...", ...]}            # a replay only: the log in words

A bot seat's ``opponent`` is the id of the opponent that plays it (``stoneage.ai.opponents``);
a seat without one (every save from before opponents) or naming one this version does not know
is played by the balanced opponent, which plays exactly as every bot did before. The field was
added without a new version: older programs ignore it and play the balanced opponent.

``game`` is the engine's form (``GameState.to_json``): reading replays it through the rules,
so a damaged or hostile file can never give a position the rules would not reach. ``log`` is
written for people who open a replay and never read back.

Versions: ``VERSION`` is what this program writes; it reads ``OLDEST_VERSION`` to ``VERSION``.
``migrate`` brings an older document up to the current one: the saves written before the format
field existed (version 0: only ``seats`` and ``game``, perhaps ``seed`` and ``saved_at``) read
as version 1 with the fields they lack left at their defaults. A newer version is refused with
a message saying to update the game.

Reading never trusts the file: JSON read with ``json.loads`` only (nothing in it is executed),
refused above ``MAX_BYTES``, every field checked for its type and value. Every problem is a
``SaveError`` whose ``message`` tells the player, in their language, what is wrong.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from stoneage.i18n import N_, _
from stoneage.play.names import DEFAULT_HUMAN_NAME, engine_reason, shown_name
from stoneage.play.practice import Practice, practice_or_none
from stoneage.play.seats import BOT_LEVELS, COLOURS, Seat, stored_opponent
from stoneage.rules import ActionError, GameState, SaveFormatError, new_game

if TYPE_CHECKING:  # for annotations: reading a save needs neither the match driver nor its bots
    from stoneage.play.match import Step

log = logging.getLogger(__name__)

FORMAT = "stoneage-save"
VERSION = 1  # what this program writes
OLDEST_VERSION = 1  # the oldest format (after ``migrate``) this program still reads
MAX_BYTES = 5_000_000  # a whole game is about 15-40 kB; anything far larger is not a save
SEED_LIMIT = 2**63  # seeds are machine-sized integers; a larger one is damage
SEAT_NAME_LIMIT = 64

# The messages a SaveError carries (translated when shown).
NOT_A_SAVE = N_("The file is not a Stone Age save.")
CUT_OFF = N_("The save is cut off (incomplete).")
EMPTY = N_("The save is empty.")
NOT_JSON = N_("The save is damaged (it is not valid JSON).")
TOO_LARGE = N_("The file is too large to be a Stone Age save.")
GONE = N_("The save is no longer there.")
UNREADABLE = N_("The file could not be read ({error}).")
WRONG_VALUE = N_("The save has a wrong value for '{field}'.")
NEWER = N_("The save was made by a newer version of the game.")
SEAT_COUNT = N_("The number of players in the save does not match its game.")
BREAKS_RULES = N_("The game in the save does not follow the rules (move {move}: {reason}).")
GAME_DAMAGED = N_("The game in the save is damaged.")
SAVE_NEWER = N_(
    "The save was made by a newer version of the game (format {found}; this version reads "
    "formats {oldest} to {newest}). Update the game to open it."
)
SAVE_OLDER = N_(
    "The save was made by an older version of the game (format {found}) that this version "
    "can no longer read (it reads formats {oldest} to {newest})."
)


class SaveError(Exception):
    """A save that cannot be loaded. ``message`` says why in the current language."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**{k: str(v) for k, v in params.items()}))
        self.template, self.params = template, params

    @property
    def message(self) -> str:
        """The reason, translated now (so a language switch shows it in the new language)."""
        params = {
            k: engine_reason(v) if isinstance(v, ActionError) else v for k, v in self.params.items()
        }
        try:
            return _(self.template).format(**params)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**params)


@dataclass(frozen=True)
class LoadedGame:
    """A game read from a save: who sits where, the seed, the position and when it was saved."""

    seats: list[Seat]
    seed: int
    state: GameState
    saved_at: str = ""
    started_at: str = ""  # when the game began ('' in saves from before it was stored)
    played: float = 0.0  # seconds played before the save (0 in older saves)
    practice: Practice | None = None  # where a practice game began (None: a game of its own)

    def fresh_seats(self) -> list[Seat]:
        """Copies of the seats (the table may change its own)."""
        return [replace(seat) for seat in self.seats]


# --- writing ------------------------------------------------------------------------------------------
def now_iso() -> str:
    """The current time as ISO-8601 with the UTC offset (the ``saved_at`` of a save)."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


def save_payload(
    seats: Sequence[Seat], seed: int, state: GameState, **fields: object
) -> dict[str, Any]:
    """A save file's content for a game: versioned and JSON-safe. ``fields`` adds what the
    caller keeps beside the game (the clock's ``started_at`` and ``played_seconds``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": [s.to_dict() for s in seats],
        "seed": seed,
        "game": state.to_json(),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        **fields,
    }


def stamped(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with the format, version and time filled in where missing."""
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    out.update(payload)
    out.setdefault("saved_at", now_iso())
    return out


def save_text(payload: dict[str, Any], indent: int | None = None) -> str:
    """The file's text for ``payload`` (stamped): compact JSON, or indented for people."""
    separators = (",", ":") if indent is None else None
    return json.dumps(stamped(payload), ensure_ascii=False, indent=indent, separators=separators)


def replay_document(
    seats: Sequence[Seat],
    seed: int,
    steps: Sequence[Step],
    final: GameState,
    practice: Practice | None = None,
) -> dict[str, Any]:
    """A replay file's content: a save of the game (seats, seed, every action), a practice
    game's mark, and the log in words of the current language, for people who open the file."""
    from stoneage.play.story import log_lines  # the story is read when a replay is written

    document = save_payload(seats, seed, final)
    if practice is not None:
        document["practice"] = practice.to_dict()
    document["log"] = [
        ("## " if heading else "") + text for text, heading in log_lines(steps, seats)
    ]
    return document


# --- reading --------------------------------------------------------------------------------------------
def load_game_file(path: Path | str) -> LoadedGame:
    """The game saved in ``path``; ``SaveError`` says what is wrong otherwise. Never raises
    anything else and never executes anything from the file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(GONE) from None
    except OSError as error:
        raise SaveError(UNREADABLE, error=error.strerror or error.__class__.__name__) from None
    return parse_save(data)


def parse_save(data: bytes | str) -> LoadedGame:
    """The game in a save file's content (see ``load_game_file``)."""
    try:
        return _parse(data)
    except SaveError:
        raise
    except Exception:  # a check forgotten below must still never crash the game
        log.exception("unexpected error while reading a save")
        raise SaveError(NOT_A_SAVE) from None


def migrate(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` as the current version reads it. Version 0 (no ``format`` field, written
    before it existed) becomes version 1 as it is: its fields mean the same, and those it lacks
    (``seed``, ``saved_at``, the clock) keep their defaults. A version above ``VERSION`` is
    refused by ``check_version``, not migrated."""
    if "format" not in payload:
        return {**payload, "format": FORMAT, "version": 1}
    return payload


def version_problem(found: int, oldest: int = OLDEST_VERSION, newest: int = VERSION) -> str | None:
    """None when a save of format ``found`` can be read; else which way the versions differ:
    ``SAVE_NEWER`` or ``SAVE_OLDER`` (a template of ``found``, ``oldest`` and ``newest``)."""
    if found > newest:
        return SAVE_NEWER
    if found < oldest:
        return SAVE_OLDER
    return None


def check_version(found: int) -> None:
    """Refuse a format this version cannot read, saying which way the versions differ."""
    problem = version_problem(found, OLDEST_VERSION, VERSION)
    if problem is not None:
        raise SaveError(problem, found=found, oldest=OLDEST_VERSION, newest=VERSION)


def _parse(data: bytes | str) -> LoadedGame:
    payload = _document(data)
    seats = _seats(payload.get("seats"))
    game = payload.get("game")
    if not isinstance(game, str):
        raise SaveError(WRONG_VALUE, field="game")
    seed = payload.get("seed")
    if "seed" in payload and not _is_seed(seed):
        raise SaveError(WRONG_VALUE, field="seed")
    saved_at = payload.get("saved_at", "")
    if not isinstance(saved_at, str) or len(saved_at) > 64:
        raise SaveError(WRONG_VALUE, field="saved_at")
    state = _state(game)
    if len(seats) != state.n:
        raise SaveError(SEAT_COUNT)
    if not _is_seed(seed):  # saves from before the seed was stored
        seed = state.seed if _is_seed(state.seed) else 0
    started_at, played = _play_time(payload)
    practice = practice_or_none(payload.get("practice"))
    if "practice" in payload and practice is None:
        log.warning("ignoring a damaged practice mark in a save")
    if practice is not None and (practice.step > state.ply or len(practice.scores) != len(seats)):
        practice = None  # a mark of another game
    return LoadedGame(seats, seed, state, saved_at, started_at, played, practice)


def _play_time(payload: dict[str, Any]) -> tuple[str, float]:
    """When the game began and the seconds played so far, for its record in the history.
    Older saves have neither, and a wrong value only costs the record its time (never the
    game), so bad values are dropped rather than refused."""
    started_at = payload.get("started_at", "")
    try:
        if not isinstance(started_at, str) or len(started_at) > 64:
            raise ValueError(started_at)
        if started_at:
            datetime.fromisoformat(started_at)
    except ValueError:
        log.warning("ignoring a wrong started_at in a save: %r", started_at)
        started_at = ""
    played = payload.get("played_seconds", 0.0)
    if isinstance(played, bool) or not isinstance(played, (int, float)) or not 0 <= played < 1e8:
        log.warning("ignoring a wrong played_seconds in a save: %r", played)
        played = 0.0
    return started_at, float(played)


def _document(data: bytes | str) -> dict[str, Any]:
    """The save's JSON object, migrated, with its format and version checked."""
    if len(data) > MAX_BYTES:
        raise SaveError(TOO_LARGE)
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError(NOT_A_SAVE) from None
    text = data.lstrip("\ufeff")  # a byte-order mark some editors add
    if not text.strip():
        raise SaveError(EMPTY)
    try:
        payload = json.loads(text)
    except RecursionError:  # nesting thousands deep: never a save
        raise SaveError(NOT_A_SAVE) from None
    except json.JSONDecodeError as error:
        raise SaveError(_decode_problem(text, error)) from None
    except ValueError:  # e.g. an integer with thousands of digits
        raise SaveError(NOT_A_SAVE) from None
    if not isinstance(payload, dict):
        raise SaveError(NOT_A_SAVE)
    if "format" not in payload and ("seats" not in payload or "game" not in payload):
        raise SaveError(NOT_A_SAVE)
    if "format" in payload:
        if payload["format"] != FORMAT:
            raise SaveError(NOT_A_SAVE)
        version = payload.get("version")
        if type(version) is not int or version < 0:
            raise SaveError(WRONG_VALUE, field="version")
        check_version(version)
    return migrate(payload)


def version_error(reason: str, error: Exception | None = None) -> SaveError | None:
    """The SaveError for the rules engine refusing a game's format version (None when
    ``reason`` is about something else). The engine's exception may carry the versions
    (``found``, ``oldest``, ``newest``); today its message does: "saved game has version 2;
    this program reads version 1"."""
    found = getattr(error, "found", None)
    if type(found) is int:
        newest = getattr(error, "newest", None)
        newest = newest if type(newest) is int else VERSION
        oldest = getattr(error, "oldest", None)
        oldest = oldest if type(oldest) is int else min(newest, OLDEST_VERSION)
        return _version_refusal(found, oldest, newest)
    if "version" not in reason:
        return None
    stored = re.search(r"has version (-?\d+)\b", reason)
    reads = re.search(r"reads versions? (\d+)(?:\s*(?:to|-)\s*(\d+))?", reason)
    if stored is None:
        return SaveError(WRONG_VALUE, field="version")
    found = int(stored.group(1))
    if reads is None:
        oldest, newest = OLDEST_VERSION, VERSION
    else:
        oldest = int(reads.group(1))
        newest = int(reads.group(2)) if reads.group(2) else oldest
    return _version_refusal(found, oldest, newest)


def _version_refusal(found: int, oldest: int, newest: int) -> SaveError:
    problem = version_problem(found, oldest, newest)
    if problem is None:  # the engine refused a version inside its own range: damage
        return SaveError(GAME_DAMAGED)
    return SaveError(problem, found=found, oldest=oldest, newest=newest)


def _decode_problem(text: str, error: json.JSONDecodeError) -> str:
    """Which message fits JSON that does not parse: cut off, damaged, or not ours at all."""
    body = text.rstrip()
    if not body.startswith("{"):
        return NOT_A_SAVE
    if error.pos >= len(body) or error.msg.startswith("Unterminated string"):
        return CUT_OFF  # it ran out before the object was closed
    return NOT_JSON


def _seats(raw: object) -> list[Seat]:
    """The seats stored in a save (2 to 4, each fully valid, colours distinct)."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        raise SaveError(WRONG_VALUE, field="seats")
    seats = [_seat(item) for item in raw]
    if len({s.colour for s in seats}) != len(seats):
        raise SaveError(WRONG_VALUE, field="seats")
    return seats


def _seat(raw: object) -> Seat:
    if not isinstance(raw, dict):
        raise SaveError(WRONG_VALUE, field="seats")
    name, colour, kind, level = (
        raw.get("name"),
        raw.get("colour"),
        raw.get("kind"),
        raw.get("level", "normal"),
    )
    if not (
        isinstance(name, str)
        and len(name) <= SEAT_NAME_LIMIT
        and isinstance(colour, str)
        and colour in COLOURS
        and kind in ("human", "bot")
        and isinstance(level, str)
        and level in BOT_LEVELS
    ):
        raise SaveError(WRONG_VALUE, field="seats")
    if raw.get("default_name") is True:  # the default name, shown in the language of now
        name = _(DEFAULT_HUMAN_NAME)
    opponent = stored_opponent(raw.get("opponent"))
    return Seat(shown_name(name), colour, "human" if kind == "human" else "bot", level, opponent)


def _is_seed(value: object) -> TypeGuard[int]:
    return type(value) is int and -SEED_LIMIT < value < SEED_LIMIT


def _state(game: str) -> GameState:
    """The position the save's game reaches, replayed by the rules engine."""
    try:
        return GameState.from_json(game)
    except SaveFormatError as error:
        raise _game_problem(game, str(error), error) from None
    except Exception:  # the engine should only raise SaveFormatError; never crash on a file
        log.exception("the rules engine failed on a saved game")
        raise SaveError(GAME_DAMAGED) from None


def _game_problem(game: str, reason: str, error: Exception | None = None) -> SaveError:
    """A clear SaveError for the engine's ``reason`` (the move that breaks the rules and why,
    or which way the format versions differ)."""
    found = re.search(r"action (\d+) of \d+", reason)
    if found:
        failure = _replay_failure(game, int(found.group(1)))
        if failure is not None:
            return SaveError(BREAKS_RULES, move=int(found.group(1)), reason=failure)
    refused = version_error(reason, error)
    if refused is not None:
        return refused
    if "newer" in reason:
        return SaveError(NEWER)
    if "too large" in reason:
        return SaveError(TOO_LARGE)
    return SaveError(GAME_DAMAGED)


def _replay_failure(game: str, move: int) -> ActionError | None:
    """The engine's refusal of action number ``move`` (only called once a replay failed)."""
    try:
        document = json.loads(game)
        state = new_game(document["players"], document["seed"])
        for text in document["actions"][: move - 1]:
            state = state.apply(text)
        state.apply(document["actions"][move - 1])
    except ActionError as error:
        return error
    except Exception:  # the engine already said the file is damaged; the detail is a bonus
        return None
    return None
