"""Achievements: goals a player reaches in a finished game (or over their games), each a pure
test of the game's record and the player's earlier games.

Every human seat earns them by its name, so in a hotseat game each person at the screen earns
their own. What was earned, and when, is kept in ``achievements.json`` in the data folder,
written with the atomic writer of ``files``. A damaged file is set aside (never deleted) and what
it held is earned again from the history (the tests are pure, so the history says what was
earned and when); the player is told once (``take_notices``). Nothing here imports pygame.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from stoneage.ai import BALANCED, roster
from stoneage.i18n import N_, _
from stoneage.play.names import canonical_name, shown_name
from stoneage.play.practice import Practice
from stoneage.records.files import data_dir, read_limited, set_aside
from stoneage.records.game_record import GameRecord, SeatLike
from stoneage.records.health import WriteHealth
from stoneage.records.history import History
from stoneage.rules import GameState
from stoneage.rules.data import CULTURE_SYMBOLS, MAX_FOOD_TRACK, MAX_TOOL_TILES, MAX_TOOL_VALUE

log = logging.getLogger(__name__)

ACHIEVEMENTS_FILE = "achievements.json"
ACHIEVEMENTS_FORMAT = "stoneage-achievements"
ACHIEVEMENTS_VERSION = 1
MAX_FILE_BYTES = 2_000_000

ACHIEVEMENTS_DAMAGED = N_(
    "Your achievements file was damaged; it was set aside as {file} and your achievements "
    "were found again from your game history."
)
EARNED_TOAST = N_("Achievement earned: {title}")
EARNED_TOAST_NAMED = N_("{name} earned an achievement: {title}")

# A test of seat ``seat`` of a finished game, given the player's earlier games (oldest first).
Test = Callable[[GameRecord, int, Sequence[GameRecord]], bool]


@dataclass(frozen=True)
class Achievement:
    """One goal: its id (stable, stored), its title and description (msgids) and its test."""

    id: str
    title: str
    description: str
    test: Test

    def earned_in(self, record: GameRecord, seat: int, earlier: Sequence[GameRecord]) -> bool:
        """True when ``seat`` (a person) earns this in ``record`` (never in a practice game)."""
        return (
            record.practice is None
            and record.seats[seat].is_human
            and self.test(record, seat, earlier)
        )


# --- the tests ---------------------------------------------------------------------------------------------
def _won(record: GameRecord, seat: int) -> bool:
    return record.won(seat)


def _bots_beaten(record: GameRecord, seat: int) -> list[str]:
    """The levels of the bots at a table ``seat`` won."""
    if not record.won(seat):
        return []
    return [s.level or "" for s in record.opponents(seat) if not s.is_human]


def _sand_points(record: GameRecord, seat: int) -> int:
    scoring = record.seats[seat].scoring
    return sum(scoring[k] for k in ("farmers", "tool_makers", "hut_builders", "shamans"))


def own_games(name: str, records: Sequence[GameRecord]) -> list[tuple[GameRecord, int]]:
    """Each game (oldest first) where a person called ``name`` sat, with their seat; practice
    games do not count (no streak, no game played)."""
    name = canonical_name(name)
    out = []
    for record in records:
        if record.practice is not None:
            continue
        for seat in record.human_seats():
            if record.seats[seat].name == name:
                out.append((record, seat))
                break
    return out


def _with_earlier(
    record: GameRecord, seat: int, earlier: Sequence[GameRecord]
) -> list[tuple[GameRecord, int]]:
    return [*own_games(record.seats[seat].name, earlier), (record, seat)]


def _games_played(count: int) -> Test:
    def test(record: GameRecord, seat: int, earlier: Sequence[GameRecord]) -> bool:
        return len(_with_earlier(record, seat, earlier)) >= count

    return test


def _win_streak(length: int) -> Test:
    def test(record: GameRecord, seat: int, earlier: Sequence[GameRecord]) -> bool:
        games = _with_earlier(record, seat, earlier)[-length:]
        return len(games) == length and all(r.won(s) for r, s in games)

    return test


def _beat_every_level(record: GameRecord, seat: int, earlier: Sequence[GameRecord]) -> bool:
    beaten = {
        level for r, s in _with_earlier(record, seat, earlier) for level in _bots_beaten(r, s)
    }
    return {"easy", "normal", "hard"} <= beaten and bool(_bots_beaten(record, seat))


def _beat_every_opponent(record: GameRecord, seat: int, earlier: Sequence[GameRecord]) -> bool:
    """Won (over the person's games) a table where each opponent of the roster sat, this game
    one of them."""
    beaten = {
        opponent
        for r, s in _with_earlier(record, seat, earlier)
        for opponent in _opponents_beaten(r, s)
    }
    return {o.id for o in roster()} <= beaten and bool(_opponents_beaten(record, seat))


def _opponents_beaten(record: GameRecord, seat: int) -> list[str]:
    """The opponents (ids) of the bots at a table ``seat`` won (a bot of a record from before
    opponents: the balanced one)."""
    if not record.won(seat):
        return []
    return [s.opponent or BALANCED for s in record.opponents(seat) if not s.is_human]


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement(
        "first_game",
        N_("First fire"),
        N_("Finish a game."),
        lambda r, s, e: True,
    ),
    Achievement(
        "first_win",
        N_("Chieftain"),
        N_("Win a game."),
        lambda r, s, e: _won(r, s),
    ),
    Achievement(
        "beat_hard",
        N_("Harder than stone"),
        N_("Win against a Hard bot."),
        lambda r, s, e: "hard" in _bots_beaten(r, s),
    ),
    Achievement(
        "three_hard",
        N_("Elders of the valley"),
        N_("Win against three Hard bots."),
        lambda r, s, e: _bots_beaten(r, s).count("hard") >= 3,
    ),
    Achievement(
        "full_table",
        N_("Head of the clan"),
        N_("Win a 4-player game."),
        lambda r, s, e: r.players == 4 and _won(r, s),
    ),
    Achievement(
        "ten_people",
        N_("A village of ten"),
        N_("Reach 10 people."),
        lambda r, s, e: r.seats[s].people >= 10,
    ),
    Achievement(
        "all_green",
        N_("Every art of the age"),
        N_("Collect all 8 green culture symbols."),
        lambda r, s, e: set(CULTURE_SYMBOLS) <= set(r.seats[s].green_symbols),
    ),
    Achievement(
        "score_150",
        N_("Good harvest"),
        N_("Score 150 points."),
        lambda r, s, e: r.seats[s].total >= 150,
    ),
    Achievement(
        "score_200",
        N_("Two hundred"),
        N_("Score 200 points."),
        lambda r, s, e: r.seats[s].total >= 200,
    ),
    Achievement(
        "no_hunger",
        N_("Nobody went hungry"),
        N_("Finish a game without a hunger penalty."),
        lambda r, s, e: r.seats[s].penalties == 0,
    ),
    Achievement(
        "hungry_win",
        N_("Lean times"),
        N_("Win a game despite a hunger penalty."),
        lambda r, s, e: _won(r, s) and r.seats[s].penalties > 0,
    ),
    Achievement(
        "landslide",
        N_("Landslide"),
        N_("Win a 2-player game by 100 points."),
        lambda r, s, e: r.players == 2 and _won(r, s) and r.margin(s) >= 100,
    ),
    Achievement(
        "photo_finish",
        N_("Photo finish"),
        N_("Win by 3 points or fewer."),
        lambda r, s, e: _won(r, s) and r.margin(s) <= 3,
    ),
    Achievement(
        "ten_buildings",
        N_("Master builder"),
        N_("Build 10 buildings in one game."),
        lambda r, s, e: r.seats[s].buildings >= 10,
    ),
    Achievement(
        "best_tools",
        N_("Sharpest tools"),
        N_("Own three tools of the highest value."),
        lambda r, s, e: r.seats[s].tools.count(MAX_TOOL_VALUE) >= MAX_TOOL_TILES,
    ),
    Achievement(
        "full_fields",
        N_("Fields to the horizon"),
        N_("Reach the top of the food track."),
        lambda r, s, e: r.seats[s].track >= MAX_FOOD_TRACK,
    ),
    Achievement(
        "many_hands",
        N_("Many hands"),
        N_("Score 60 points from farmers, tool makers, hut builders and shamans."),
        lambda r, s, e: _sand_points(r, s) >= 60,
    ),
    Achievement(
        "storyteller",
        N_("Storyteller"),
        N_("Collect 12 civilization cards in one game."),
        lambda r, s, e: r.seats[s].cards >= 12,
    ),
    Achievement(
        "hoarder",
        N_("Full storehouse"),
        N_("End a game with 20 resources left."),
        lambda r, s, e: r.seats[s].resources >= 20,
    ),
    Achievement(
        "around_the_fire",
        N_("Around the fire"),
        N_("Finish a game with another person at the table."),
        lambda r, s, e: len(r.human_seats()) >= 2,
    ),
    Achievement(
        "veteran",
        N_("Veteran"),
        N_("Finish 10 games."),
        _games_played(10),
    ),
    Achievement(
        "on_a_roll",
        N_("On a roll"),
        N_("Win 3 games in a row."),
        _win_streak(3),
    ),
    Achievement(
        "every_level",
        N_("Every challenge"),
        N_("Win against Easy, Normal and Hard bots (over your games)."),
        _beat_every_level,
    ),
    Achievement(
        "every_rival",
        N_("Every rival"),
        N_("Win against Kaya, Hana, Bodo, Lumi and Kobo (over your games)."),
        _beat_every_opponent,
    ),
)

BY_ID = {a.id: a for a in ACHIEVEMENTS}


def earned_in_game(
    record: GameRecord, seat: int, earlier: Sequence[GameRecord] = ()
) -> list[Achievement]:
    """Every achievement ``seat`` earns in ``record`` (none for a bot), in the list's order."""
    return [a for a in ACHIEVEMENTS if a.earned_in(record, seat, earlier)]


# --- what was earned, on disk --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Earned:
    """An achievement a player earned, and when (ISO-8601, the game's end)."""

    player: str
    achievement: Achievement
    date: str

    def toast(self, several_people: bool = False) -> str:
        """The toast's words, translated now (naming the player when several share the
        screen)."""
        title = _(self.achievement.title)
        if several_people:
            return _(EARNED_TOAST_NAMED).format(name=shown_name(self.player), title=title)
        return _(EARNED_TOAST).format(title=title)


def earned_over_history(records: Sequence[GameRecord]) -> dict[str, dict[str, str]]:
    """Every achievement each person earned over ``records`` (oldest first), dated by the game
    that earned it first."""
    earned: dict[str, dict[str, str]] = {}
    for index, record in enumerate(records):
        for seat in record.human_seats():
            name = record.seats[seat].name
            for achievement in earned_in_game(record, seat, records[:index]):
                earned.setdefault(name, {}).setdefault(achievement.id, record.finished_at)
    return earned


def achievements_path() -> Path:
    """The file of earned achievements in the data folder."""
    return data_dir() / ACHIEVEMENTS_FILE


def parse_earned(data: bytes) -> tuple[dict[str, dict[str, str]], bool]:
    """Player -> achievement id -> date, and whether anything was damaged. Unknown ids (a
    newer version's) are kept; a player is keyed by the name's stable identity
    (``names.canonical_name``: "你" and "You" are one person, the earlier date kept); never
    raises."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError, UnicodeDecodeError):
        return {}, True
    if not isinstance(raw, dict) or raw.get("format") != ACHIEVEMENTS_FORMAT:
        return {}, True
    players = raw.get("players")
    if not isinstance(players, dict):
        return {}, True
    out: dict[str, dict[str, str]] = {}
    damaged = False
    for name, earned in players.items():
        if not isinstance(earned, dict):
            damaged = True
            continue
        good = {
            k: v for k, v in earned.items() if isinstance(k, str) and _is_date(v) and len(k) < 64
        }
        damaged = damaged or len(good) != len(earned)
        mine = out.setdefault(canonical_name(str(name)), {})
        for key, date in good.items():
            if key not in mine or _sort_key(date) < _sort_key(mine[key]):
                mine[key] = date
    return out, damaged


def _sort_key(date: str) -> float:
    """A date stored by this module, as a number to compare (dates with and without an offset
    alike)."""
    from datetime import UTC, datetime

    moment = datetime.fromisoformat(date)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _is_date(value: object) -> bool:
    from datetime import datetime

    if not isinstance(value, str) or len(value) > 64:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _dump(earned: dict[str, dict[str, str]]) -> str:
    document = {
        "format": ACHIEVEMENTS_FORMAT,
        "version": ACHIEVEMENTS_VERSION,
        "players": earned,
    }
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True)


# --- the end of a game, for the UI ---------------------------------------------------------------------------
@dataclass(frozen=True)
class GameEnd:
    """What the end of a game produced: its record (None for a game not over), the
    achievements earned, and notices about damaged files to show once."""

    record: GameRecord | None
    earned: list[Earned]
    notices: list[str]

    def toasts(self) -> list[str]:
        """One line per achievement earned, translated now."""
        several = self.record is not None and len(self.record.human_seats()) > 1
        return [e.toast(several) for e in self.earned]


# --- the program's achievements ----------------------------------------------------------------------------
class Achievements:
    """The achievements of this program: reading (and mending) the file, awarding what a
    finished game earned, and what could not be written yet (kept and retried) or must be told
    (each notice once). It belongs to the program's ``Records``, with their write health and
    history."""

    def __init__(self, health: WriteHealth, history: History) -> None:
        self.health = health
        self.history = history
        self._lock = threading.Lock()
        self._unsaved: dict[str, dict[str, str]] = {}  # earned, not yet written (folder failed)
        self._notices: list[tuple[str, str]] = []

    def load_earned(self, records: Sequence[GameRecord] | None = None) -> dict[str, dict[str, str]]:
        """Player -> achievement id -> date earned. A damaged file is set aside and what it
        held is earned again from ``records`` (the history; read when not given)."""
        path = achievements_path()
        try:
            data: bytes | None = read_limited(path, MAX_FILE_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            data = None
        except OSError as error:  # too large, unreadable: set aside like damage
            log.warning("could not read the achievements %s: %s", path, error)
            data = b""
        earned: dict[str, dict[str, str]] = {}
        if data is not None:
            earned, damaged = parse_earned(data)
            if damaged:
                earned = self._mend(path, earned, records)
        with self._lock:
            for name, more in self._unsaved.items():
                earned.setdefault(name, {}).update(
                    {k: v for k, v in more.items() if k not in earned.get(name, {})}
                )
        return earned

    def _mend(
        self,
        path: Path,
        earned: dict[str, dict[str, str]],
        records: Sequence[GameRecord] | None,
    ) -> dict[str, dict[str, str]]:
        """Set the damaged file aside, earn again from the history and write the result."""
        aside = set_aside(path)
        rebuilt = earned_over_history(records if records is not None else self.history.load())
        for name, more in earned.items():
            for key, date in more.items():
                rebuilt.setdefault(name, {}).setdefault(key, date)
        with self._lock:
            self._notices.append((ACHIEVEMENTS_DAMAGED, str(aside or path)))
        self._save(rebuilt)
        return rebuilt

    def _save(self, earned: dict[str, dict[str, str]]) -> bool:
        try:
            self.health.write("achievements", achievements_path(), _dump(earned))
        except OSError as error:
            log.warning("could not write the achievements: %s", error)
            with self._lock:
                for name, more in earned.items():
                    self._unsaved.setdefault(name, {}).update(more)
            return False
        with self._lock:
            self._unsaved.clear()
        return True

    def award(self, record: GameRecord, earlier: Sequence[GameRecord]) -> list[Earned]:
        """Store and return what each person at ``record``'s table earned for the first time
        (``earlier``: the history before it, oldest first). A file that cannot be written keeps
        them in memory and tries again at the next call (the write health tells)."""
        earned = self.load_earned(earlier)
        new: list[Earned] = []
        for seat in record.human_seats():
            name = record.seats[seat].name
            have = earned.setdefault(name, {})
            for achievement in earned_in_game(record, seat, earlier):
                if achievement.id not in have:
                    have[achievement.id] = record.finished_at
                    new.append(Earned(name, achievement, record.finished_at))
        self._save(earned)
        return new

    def retry_pending(self) -> bool:
        """Write achievements that could not be written before; True when none is left
        waiting."""
        with self._lock:
            waiting = bool(self._unsaved)
        return not waiting or self._save(self.load_earned())

    def earned_by(self, name: str) -> list[Earned]:
        """What ``name`` earned, oldest first (for the statistics screen); any language's form
        of a name the game gave ("You", "你") finds the same person."""
        name = canonical_name(name)
        mine = self.load_earned().get(name, {})
        found = [Earned(name, BY_ID[k], date) for k, date in mine.items() if k in BY_ID]
        return sorted(found, key=lambda e: (e.date, ACHIEVEMENTS.index(e.achievement)))

    def take_notices(self) -> list[str]:
        """What to tell the player about the achievements file (each said once), translated
        now."""
        with self._lock:
            taken = list(self._notices)
            self._notices.clear()
        return [_(template).format(file=file) for template, file in taken]

    def record_and_award(
        self,
        seats: Sequence[SeatLike],
        seed: int,
        state: GameState,
        started_at: str,
        duration: float,
        export_replay: Callable[[], Path] | None = None,
        practice: Practice | None = None,
    ) -> GameEnd:
        """At the end of a game: write its replay, record it in the history and award the
        achievements earned (none in a practice game, ``practice``). Never raises for a file
        problem (the write health and the notices tell the player); a game not over records
        nothing."""
        earlier = self.history.with_pending()
        record = self.history.record_finished_game(
            seats, seed, state, started_at, duration, export_replay, practice
        )
        earned = self.award(record, earlier) if record is not None and practice is None else []
        return GameEnd(record, earned, self.history.take_notices() + self.take_notices())
