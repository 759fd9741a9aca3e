"""Statistics of the player's games for the statistics screen, and the history as CSV.

Everything here is pure: it takes the records (``history.load_history()``) and returns
numbers. "The player" is every seat a person played (``Filter.player`` narrows it to one name:
a hotseat game then counts once per person). Practice games (``GameRecord.practice``) are
listed with the others (``Summary.listed``) but counted in no figure: no win rate, streak,
score or trend. A game's opponent level is the level its bots
share, ``"mixed"`` when they differ and ``"people"`` when no bot sat at the table. The
opponents it met are the opponents (``stoneage.ai.opponents``) of its bots, ``"people"`` when
there were none (games from before opponents were played by the balanced one): a table of three
different opponents counts once for each of them.
``made_up_history`` makes a seeded history for the screenshot scene and the tests.
"""

from __future__ import annotations

import csv
import io
import random
import statistics
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from stoneage.ai import BALANCED, roster
from stoneage.i18n import N_
from stoneage.play.names import canonical_name, shown_name
from stoneage.records.files import atomic_write, data_dir
from stoneage.records.game_record import BOT_LEVELS, GameRecord, SeatRecord
from stoneage.rules import SCORING_CATEGORIES
from stoneage.rules.data import CULTURE_SYMBOLS

MIXED = "mixed"
PEOPLE = "people"
OPPONENT_LEVELS = (*BOT_LEVELS, MIXED, PEOPLE)
TREND_WINDOWS = (10, 20)
CSV_FILE = "history.csv"

# Where points come from (the chart compares the player with the opponents' average).
SOURCES: dict[str, tuple[str, ...]] = {
    "buildings": ("buildings",),
    "cards": ("card_points",),
    "green_sets": ("green_sets",),
    "multipliers": ("farmers", "tool_makers", "hut_builders", "shamans"),
    "resources": ("resources",),
    "penalties": ("feeding_penalties",),
}
SOURCE_NAMES = {
    "buildings": N_("Buildings"),
    "cards": N_("Card points"),
    "green_sets": N_("Green sets"),
    "multipliers": N_("Multipliers"),
    "resources": N_("Resources"),
    "penalties": N_("Hunger penalties"),
}
LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    MIXED: N_("Mixed levels"),
    PEOPLE: N_("People only"),
}


# --- which games --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Filter:
    """Which games count: by number of players, opponent level, opponent (an id of
    ``stoneage.ai.opponents``: the games where a bot of it sat at the table, or ``PEOPLE``)
    and the person's name (None: all)."""

    players: int | None = None
    level: str | None = None
    player: str | None = None
    opponent: str | None = None

    def admits(self, record: GameRecord, seat: int) -> bool:
        """True when seat ``seat`` of ``record`` counts under this filter."""
        return (
            record.seats[seat].is_human
            and (self.player is None or record.seats[seat].name == canonical_name(self.player))
            and (self.players is None or record.players == self.players)
            and (self.level is None or opponent_level(record, seat) == self.level)
            and (self.opponent is None or self.opponent in opponents_met(record, seat))
        )


@dataclass(frozen=True)
class Entry:
    """One game as one person played it."""

    record: GameRecord
    seat: int

    @property
    def me(self) -> SeatRecord:
        """The person's seat."""
        return self.record.seats[self.seat]

    @property
    def won(self) -> bool:
        """True when the person won (alone or sharing the win)."""
        return self.record.won(self.seat)


def opponent_level(record: GameRecord, seat: int) -> str:
    """The level of the bots ``seat`` played against (``MIXED``, or ``PEOPLE`` without bots)."""
    levels = {s.level for s in record.opponents(seat) if not s.is_human}
    if not levels:
        return PEOPLE
    return str(levels.pop()) if len(levels) == 1 else MIXED


def opponents_met(record: GameRecord, seat: int) -> tuple[str, ...]:
    """The opponents of the bots ``seat`` played against (their ids, each once, sorted;
    ``(PEOPLE,)`` without bots)."""
    found = sorted({s.opponent or BALANCED for s in record.opponents(seat) if not s.is_human})
    return tuple(found) if found else (PEOPLE,)


def entries(
    records: Sequence[GameRecord], where: Filter = Filter(), practice: bool = False
) -> list[Entry]:
    """The person's games under ``where``, in the order played (oldest first): the games
    that count, with ``practice`` the practice games too (the list of games shows them)."""
    ordered = sorted(records, key=lambda r: r.finished_at)
    return [
        Entry(record, seat)
        for record in ordered
        if practice or record.practice is None
        for seat in record.human_seats()
        if where.admits(record, seat)
    ]


def player_names(records: Sequence[GameRecord]) -> list[str]:
    """The names people played under, the most games first (for a choice on the screen)."""
    counts: dict[str, int] = {}
    for record in records:
        for seat in record.human_seats():
            name = record.seats[seat].name
            counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda n: (-counts[n], n))


# --- the numbers -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tally:
    """Games played and won."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        """The share won, 0..1 (0 when none was played)."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class Summary:
    """Everything the statistics screen shows for one filter."""

    tally: Tally
    by_level: dict[str, Tally]
    by_players: dict[int, Tally]
    by_opponent: dict[str, Tally]  # an opponent's id (or PEOPLE) -> the games it sat in, wins
    scores: list[int]  # the person's total per game, oldest first
    average: float
    median: float
    best: int
    best_by_category: dict[str, int]
    current_streak: int
    longest_streak: int
    rolling_rates: dict[int, list[float]]  # window -> win rate over the last ``window`` games
    trend: float  # the last 10 games' win rate minus the 10 before (0 with too few games)
    sources: dict[str, float]  # the person's average points per source
    opponent_sources: dict[str, float]  # the opponents' average points per source
    entries: list[Entry] = field(repr=False)  # the games counted (no practice game)
    listed: list[Entry] = field(default_factory=list, repr=False)  # with the practice games

    @property
    def empty(self) -> bool:
        """True when no game counts (the screen says so instead of drawing charts)."""
        return self.tally.played == 0


def summarise(records: Sequence[GameRecord], where: Filter = Filter()) -> Summary:
    """The statistics of the games under ``where``."""
    chosen = entries(records, where)
    results = [e.won for e in chosen]
    scores = [e.me.total for e in chosen]
    return Summary(
        tally=tally(chosen),
        by_level=_grouped(chosen, lambda e: opponent_level(e.record, e.seat)),
        by_players=_grouped(chosen, lambda e: e.record.players),
        by_opponent=_grouped_by_each(chosen, lambda e: opponents_met(e.record, e.seat)),
        scores=scores,
        average=statistics.fmean(scores) if scores else 0.0,
        median=float(statistics.median(scores)) if scores else 0.0,
        best=max(scores, default=0),
        best_by_category=best_by_category(chosen),
        current_streak=current_streak(results),
        longest_streak=longest_streak(results),
        rolling_rates={w: rolling_rate(results, w) for w in TREND_WINDOWS},
        trend=trend(results),
        sources=_average_sources([e.me for e in chosen]),
        opponent_sources=_average_sources([s for e in chosen for s in e.record.opponents(e.seat)]),
        entries=chosen,
        listed=entries(records, where, practice=True),
    )


def tally(chosen: Sequence[Entry]) -> Tally:
    """Played and won among ``chosen``."""
    return Tally(len(chosen), sum(e.won for e in chosen))


K = TypeVar("K", bound=Hashable)


def _grouped(chosen: Sequence[Entry], key: Callable[[Entry], K]) -> dict[K, Tally]:
    """The tally of ``chosen`` per value of ``key``, in the order of the values' text."""
    groups: dict[K, list[Entry]] = {}
    for entry in chosen:
        groups.setdefault(key(entry), []).append(entry)
    return {k: tally(v) for k, v in sorted(groups.items(), key=lambda kv: str(kv[0]))}


def _grouped_by_each(
    chosen: Sequence[Entry], keys: Callable[[Entry], Sequence[str]]
) -> dict[str, Tally]:
    """The tally of ``chosen`` under each of the values ``keys`` gives an entry (an entry
    counts once under each), in the order of the values."""
    groups: dict[str, list[Entry]] = {}
    for entry in chosen:
        for key in keys(entry):
            groups.setdefault(key, []).append(entry)
    return {k: tally(v) for k, v in sorted(groups.items())}


def best_by_category(chosen: Sequence[Entry]) -> dict[str, int]:
    """The person's best in each scoring category (for penalties: the smallest loss)."""
    if not chosen:
        return {}
    return {key: max(e.me.scoring[key] for e in chosen) for key in SCORING_CATEGORIES}


def current_streak(results: Sequence[bool]) -> int:
    """Games won in a row up to the newest (0 when the newest was lost)."""
    count = 0
    for won in reversed(results):
        if not won:
            break
        count += 1
    return count


def longest_streak(results: Sequence[bool]) -> int:
    """The most games won in a row."""
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


def rolling_rate(results: Sequence[bool], window: int) -> list[float]:
    """After each game, the win rate over the last ``window`` games (fewer at the start)."""
    out: list[float] = []
    won = 0
    for index, result in enumerate(results):
        won += result
        if index >= window:
            won -= results[index - window]
        out.append(won / min(index + 1, window))
    return out


def trend(results: Sequence[bool], window: int = 10) -> float:
    """The win rate of the newest ``window`` games minus that of the ``window`` before them
    (0 until there are twice ``window`` games)."""
    if len(results) < 2 * window:
        return 0.0
    newest = results[-window:]
    before = results[-2 * window : -window]
    return (sum(newest) - sum(before)) / window


def source_points(seat: SeatRecord) -> dict[str, int]:
    """Where a seat's points came from (``SOURCES``)."""
    return {name: sum(seat.scoring[k] for k in keys) for name, keys in SOURCES.items()}


def _average_sources(seats: Sequence[SeatRecord]) -> dict[str, float]:
    if not seats:
        return dict.fromkeys(SOURCES, 0.0)
    totals = [source_points(s) for s in seats]
    return {name: statistics.fmean(t[name] for t in totals) for name in SOURCES}


# --- CSV ----------------------------------------------------------------------------------------------------
CSV_COLUMNS = (
    "game",
    "finished_at",
    "started_at",
    "duration_seconds",
    "players",
    "seed",
    "rounds",
    "seat",
    "name",
    "kind",
    "level",
    "opponent",
    "colour",
    "winner",
    *SCORING_CATEGORIES,
    "people",
    "food_track",
    "tool_value",
    "buildings_built",
    "civilization_cards",
    "green_symbols",
    "hunger_penalties",
    "resources_left",
    "replay",
    "practice",
)


def _cell(value: object) -> object:
    """A cell safe to open in a spreadsheet: text that would start a formula is quoted."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def history_csv(records: Sequence[GameRecord]) -> str:
    """The history as CSV: a header, then one row per game per seat, oldest game first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in sorted(records, key=lambda r: r.finished_at):
        for index, s in enumerate(record.seats):
            row = [
                record.id,
                record.finished_at,
                record.started_at,
                record.duration,
                record.players,
                record.seed,
                record.rounds,
                index + 1,
                shown_name(s.name),
                s.kind,
                s.level or "",
                s.opponent or "",
                s.colour,
                int(record.won(index)),
                *(s.scoring[k] for k in SCORING_CATEGORIES),
                s.people,
                s.track,
                s.tool_value,
                s.buildings,
                s.cards,
                len(set(s.green_symbols)),
                s.penalties,
                s.resources,
                record.replay or "",
                int(record.practice is not None),
            ]
            writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def export_csv(records: Sequence[GameRecord], path: Path | None = None) -> Path:
    """Write the history as CSV (``history.csv`` in the data folder by default, atomically);
    its path. Raises ``OSError`` when it cannot be written."""
    target = path or data_dir() / CSV_FILE
    atomic_write(target, "\ufeff" + history_csv(records), keep_previous=False)
    return target


# --- a made-up history ----------------------------------------------------------------------------------
BOT_NAMES = ("Grok", "Ayla", "Tharn", "Oona", "Brak")


def made_up_history(seed: int, games: int = 60, name: str = "You") -> list[GameRecord]:
    """A plausible history of ``games`` games of one person called ``name`` against bots, the
    same for the same seed (the person improves over time, so the charts have a trend)."""
    rng = random.Random(seed)
    # The opponents come from a generator of their own, so the rest of a made-up history is
    # the same as before there were opponents.
    who = random.Random(f"opponents/{seed}")
    ids = [o.id for o in roster()]
    when = datetime(2024, 3, 1, 18, 0, tzinfo=UTC)
    records = []
    for number in range(games):
        when += timedelta(hours=rng.choice((2, 5, 20, 26, 50)))
        players = rng.choice((2, 3, 3, 4, 4, 4))
        level = rng.choice(("easy", "normal", "normal", "hard", "hard"))
        skill = 0.8 + 0.4 * number / max(games, 1)
        seats = [_made_up_seat(rng, name, "red", None, skill)]
        table_opponent = who.choice(ids)
        for index in range(players - 1):
            bot_level = level if rng.random() < 0.8 else rng.choice(BOT_LEVELS[1:])
            strength = {"random": 0.5, "easy": 0.8, "normal": 1.0, "hard": 1.15}[bot_level]
            colour = ("blue", "green", "yellow")[index]
            seat = _made_up_seat(rng, BOT_NAMES[index], colour, bot_level, strength)
            chosen = table_opponent if who.random() < 0.75 else who.choice(ids)
            seats.append(replace(seat, opponent=chosen))
        best = max(s.total for s in seats)
        duration = rng.uniform(900, 3600)
        records.append(
            GameRecord(
                id=f"made-up-{seed}-{number}",
                finished_at=when.isoformat(timespec="seconds"),
                started_at=(when - timedelta(seconds=duration)).isoformat(timespec="seconds"),
                duration=round(duration, 1),
                seed=rng.randrange(2**31),
                rounds=rng.randint(14, 24),
                seats=tuple(seats),
                winners=tuple(i for i, s in enumerate(seats) if s.total == best),
            )
        )
    return records


def _made_up_seat(
    rng: random.Random, name: str, colour: str, level: str | None, strength: float
) -> SeatRecord:
    """A plausible seat: a person when ``level`` is None, else a bot of that level."""

    def points(mean: float) -> int:
        return max(0, round(rng.gauss(mean * strength, mean * 0.35)))

    symbols = rng.sample(CULTURE_SYMBOLS, rng.randint(0, 8))
    penalties = rng.choice((0, 0, 0, 0, 1, 2))
    scoring = {
        "buildings": points(55),
        "card_points": points(6),
        "green_sets": len(symbols) ** 2,
        "farmers": points(12),
        "tool_makers": points(10),
        "hut_builders": points(12),
        "shamans": points(15),
        "resources": points(6),
        "feeding_penalties": -10 * penalties,
    }
    scoring["total"] = sum(scoring.values())
    tools = tuple(sorted((rng.randint(1, 4) for _ in range(rng.randint(0, 3))), reverse=True))
    return SeatRecord(
        name=name,
        kind="human" if level is None else "bot",
        level=level,
        colour=colour,
        scoring=scoring,
        people=rng.randint(5, 10),
        track=rng.randint(0, 10),
        tools=tools,
        buildings=rng.randint(1, 11),
        cards=rng.randint(len(symbols), 14),
        green_symbols=tuple(symbols),
        penalties=penalties,
        resources=scoring["resources"],
    )
