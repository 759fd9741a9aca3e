"""One finished game as the history keeps it: who sat where, how each seat scored and what it
held at the end (``SeatRecord``, ``GameRecord``), made from the game's final state
(``record_from_game``) and read back from a history line, checking every field (a wrong one
raises ``ValueError``; the history then sets the line aside). Pure: no file, no pygame.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from stoneage.ai import BALANCED
from stoneage.play.names import canonical_name
from stoneage.play.practice import Practice
from stoneage.play.savefile import now_iso
from stoneage.play.seats import OPPONENT_LEVELS, stored_opponent
from stoneage.rules import SCORING_CATEGORIES, GameState, scoring_cards
from stoneage.rules.data import cards as card_data

SEAT_KINDS = ("human", "bot")
BOT_LEVELS = ("random", "easy", "normal", "hard")
NAME_LIMIT = 64


class SeatLike(Protocol):
    """What a record needs to know of a seat (``stoneage.play.match.Seat`` fits; a seat
    without an ``opponent`` is recorded as played by the balanced one)."""

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
    opponent: str | None = None  # the bot's opponent (its id); None for a person

    def __post_init__(self) -> None:
        # The identity, however the record was made (a game, a file, a test's builder).
        object.__setattr__(self, "name", canonical_name(self.name))
        # A bot's opponent: the balanced one when none is named (records from before
        # opponents) or for a level no other plays (random); a person has none.
        opponent = None if self.kind == "human" else stored_opponent(self.opponent)
        if opponent is not None and self.level not in OPPONENT_LEVELS:
            opponent = BALANCED
        object.__setattr__(self, "opponent", opponent)

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
            # A bot of the balanced opponent is written as every record was before opponents.
            **({} if self.opponent in (None, BALANCED) else {"opponent": self.opponent}),
        }

    @classmethod
    def from_dict(cls, raw: object) -> SeatRecord:
        """The seat stored by ``to_dict``; ``ValueError`` for anything else. A bot without an
        opponent, or with one this version does not know, was the balanced one's."""
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
            opponent=_opponent(raw) if kind == "bot" else None,
        )


def _opponent(raw: dict[str, Any]) -> str:
    value = raw.get("opponent", BALANCED)
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("opponent")
    return stored_opponent(value)


@dataclass(frozen=True)
class GameRecord:
    """A finished game: when, how long, who sat where, the final scoring, the winners, and the
    replay file written for it. ``practice`` marks a practice game (where it began): shown in
    the history, counted in no win rate, streak or achievement (None in lines written before
    practice games existed)."""

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
    practice: Practice | None = None

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
        if self.practice is not None:  # a game of its own writes the line as before
            out["practice"] = self.practice.to_dict()
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
            "practice",
        }
        practice = raw.get("practice")
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
            practice=None if practice is None else Practice.from_dict(practice),
        )


def _choice(raw: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = raw.get(key)
    if value not in allowed:
        raise ValueError(key)
    return str(value)


def _text(raw: dict[str, Any], key: str, limit: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(key)
    return value


def _date(raw: dict[str, Any], key: str) -> str:
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


def _count(raw: dict[str, Any], key: str) -> int:
    value = _int_value(raw.get(key), key)
    if value < 0:
        raise ValueError(key)
    return value


def _int_list(raw: dict[str, Any], key: str) -> list[int]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) > 100:
        raise ValueError(key)
    return [_int_value(v, key) for v in value]


def _text_list(raw: dict[str, Any], key: str) -> list[str]:
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
    practice: Practice | None = None,
) -> GameRecord:
    """The record of the finished game ``state`` (``ValueError`` for a game not over: an
    abandoned game is never recorded, so it is never a loss); ``practice`` marks a practice
    game."""
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
        finished_at=finished_at or now_iso(),
        started_at=started_at,
        duration=round(max(0.0, float(duration)), 1),
        seed=seed,
        rounds=int(state.round),
        seats=seat_records,
        winners=tuple(state.winners()),
        replay=replay,
        practice=practice,
    )


def _seat_record(
    seat: SeatLike, state: GameState, index: int, scoring: dict[str, int]
) -> SeatRecord:
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
        opponent=None if human else str(getattr(seat, "opponent", BALANCED)),
    )
