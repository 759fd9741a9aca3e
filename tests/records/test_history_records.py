"""Records of finished games: made from a real game, stored and read back, refused when a
field has the wrong type; an abandoned game makes no record. Also the builders the history,
achievement and statistics tests share (``seat`` and ``game``)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from stoneage.play.savefile import now_iso
from stoneage.play.seats import Seat as PlaySeat
from stoneage.records import history
from stoneage.records.files import atomic_write
from stoneage.records.game_record import GameRecord, SeatRecord
from stoneage.rules import CHANCE, SCORING_CATEGORIES, GameState, new_game, sample_chance

# Fresh records (the ``records`` fixture of tests/conftest.py) in the temporary home of
# tests/records/conftest.py: nothing waiting or failing from another test.


# --- builders shared with the other tests ------------------------------------------------------------
_counter = iter(range(10**9))


def seat(
    name: str = "Ann",
    kind: str = "human",
    level: str | None = None,
    total: int = 100,
    **fields: object,
) -> SeatRecord:
    """A made-up seat whose scoring adds up to ``total`` (``scoring`` may set categories)."""
    scoring = dict.fromkeys(SCORING_CATEGORIES, 0)
    scoring.update(fields.pop("scoring", {}))  # type: ignore[arg-type]
    rest = total - sum(v for k, v in scoring.items() if k != "total")
    scoring["buildings"] += rest
    scoring["total"] = total
    base: dict = {
        "name": name,
        "kind": kind,
        "level": level if kind == "bot" else None,
        "colour": "red",
        "scoring": scoring,
        "people": 5,
        "track": 0,
        "tools": (),
        "buildings": 3,
        "cards": 4,
        "green_symbols": (),
        "penalties": 0,
        "resources": 0,
    }
    base.update(fields)
    if kind == "bot" and base["level"] is None:
        base["level"] = "normal"
    return SeatRecord(**base)


def bot(level: str = "normal", total: int = 80, name: str = "Grok", **fields: object) -> SeatRecord:
    """A made-up bot seat."""
    return seat(name, "bot", level, total, **fields)


def game(*seats: SeatRecord, winners: tuple[int, ...] | None = None, day: int = 1) -> GameRecord:
    """A made-up finished game (the highest total wins unless ``winners`` says otherwise)."""
    if winners is None:
        best = max(s.total for s in seats)
        winners = tuple(i for i, s in enumerate(seats) if s.total == best)
    number = next(_counter)
    # Later days end later; on one day, the game made later ends later.
    ended = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(days=day, seconds=number)
    return GameRecord(
        id=f"g{number}-{uuid.uuid4().hex[:12]}",
        finished_at=ended.isoformat(),
        started_at=(ended - timedelta(hours=1)).isoformat(),
        duration=1800.0,
        seed=number,
        rounds=20,
        seats=tuple(seats),
        winners=winners,
    )


def play_to_end(players: int = 3, seed: int = 5, stop_at_ply: int | None = None) -> GameState:
    """A game between random players, to its end (or to ``stop_at_ply``)."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    while not state.is_terminal() and (stop_at_ply is None or state.ply < stop_at_ply):
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
    return state


@dataclass
class Seat:
    """A seat as the scenes hold it (name, colour, human or bot, level)."""

    name: str
    colour: str
    kind: str = "bot"
    level: str = "normal"


SEATS = [Seat("Ann", "red", "human"), Seat("Bob", "blue", "bot", "hard"), Seat("Cy", "green")]


# --- records from real games ------------------------------------------------------------------------------
def test_a_finished_game_makes_a_full_record():
    state = play_to_end(3, seed=5)
    record = history.record_from_game(SEATS, 5, state, "2024-03-01T10:00:00+01:00", 1234.56)
    scoring = state.final_scoring()
    assert record.players == 3 and record.seed == 5 and record.duration == 1234.6
    assert record.winners == tuple(state.winners())
    for index, (row, player) in enumerate(zip(record.seats, state.players, strict=True)):
        assert row.scoring == scoring[index] and row.total == scoring[index]["total"]
        assert row.people == player.people and row.penalties == player.penalties
        assert row.buildings == len(player.buildings) and row.tool_value == player.tool_value
        assert row.resources == sum(player.res) and row.track == player.track
        assert (
            len(set(row.green_symbols)) ** 2 <= row.scoring["green_sets"] or not row.green_symbols
        )
    assert [(s.name, s.kind, s.level) for s in record.seats] == [
        ("Ann", "human", None),
        ("Bob", "bot", "hard"),
        ("Cy", "bot", "normal"),
    ]
    assert GameRecord.from_dict(record.to_dict()) == record


def test_an_abandoned_game_is_never_recorded(records):
    state = play_to_end(3, seed=5, stop_at_ply=200)
    assert not state.is_terminal()
    with pytest.raises(ValueError):
        history.record_from_game(SEATS, 5, state, now_iso(), 10)
    assert records.history.record_finished_game(SEATS, 5, state, now_iso(), 10) is None
    assert records.history.load() == [] and not history.history_path().exists()


def test_recording_a_game_writes_its_replay_and_keeps_its_path(tmp_path, records):
    state = play_to_end(2, seed=8)
    replay = tmp_path / "replays" / "r.json"

    def export() -> object:
        atomic_write(replay, '{"game": 1}', keep_previous=False)
        return replay

    seats = SEATS[:2]
    record = records.history.record_finished_game(seats, 8, state, now_iso(), 60, export)
    assert record is not None and record.replay == str(replay) and replay.exists()
    assert records.history.load() == [record]


def test_a_replay_that_cannot_be_written_does_not_stop_the_record(records):
    def export() -> object:
        raise OSError(28, "No space left on device")

    state = play_to_end(2, seed=8)
    record = records.history.record_finished_game(SEATS[:2], 8, state, now_iso(), 60, export)
    assert record is not None and record.replay is None
    assert records.history.load() == [record]


def test_records_are_kept_oldest_first_with_unknown_fields_of_newer_versions(records):
    first, second = game(seat(), bot()), game(seat(total=50), bot(total=70))
    newer = second.to_dict() | {"weather": "sunny"}
    records.history.append(first)
    records.history.append(GameRecord.from_dict(newer))
    assert records.history.load() == [first, second]
    assert records.history.load()[1].to_dict()["weather"] == "sunny"


@pytest.mark.parametrize(
    "change",
    [
        {"seats": "Ann"},
        {"seats": []},
        {"winners": [7]},
        {"winners": []},
        {"duration": "long"},
        {"duration": -1},
        {"seed": 1.5},
        {"finished_at": "yesterday"},
        {"id": 12},
        {"rounds": None},
        {"replay": 3},
    ],
)
def test_a_record_with_a_wrong_field_is_refused(change):
    raw = game(seat(), bot()).to_dict() | change
    with pytest.raises(ValueError):
        GameRecord.from_dict(raw)


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "robot"},
        {"kind": "bot", "level": "godlike"},
        {"level": "hard"},  # a person has no level
        {"people": -1},
        {"people": True},
        {"tools": "4,4,4"},
        {"green_symbols": [1, 2]},
        {"scoring": {"total": 5}},
        {"name": None},
    ],
)
def test_a_seat_with_a_wrong_field_is_refused(change):
    raw = game(seat(), bot()).to_dict()
    raw["seats"][0] = raw["seats"][0] | change
    with pytest.raises(ValueError):
        GameRecord.from_dict(raw)


def test_a_record_keeps_each_bots_opponent_and_reads_old_bots_as_the_balanced_one():
    state = play_to_end(3, seed=5)
    seats = [
        PlaySeat("Ann", "red", "human"),
        PlaySeat("Bob", "blue", "bot", "hard", "scholar"),
        PlaySeat("Cy", "green", "bot", "random", "farmer"),  # random is nobody's: balanced
    ]
    record = history.record_from_game(seats, 5, state, "2024-03-01T10:00:00+01:00", 60.0)
    assert [s.opponent for s in record.seats] == [None, "scholar", "balanced"]
    written = record.to_dict()
    assert [s.get("opponent") for s in written["seats"]] == [None, "scholar", None]
    assert GameRecord.from_dict(written) == record
    # A seat without an opponent (the scenes' own, say) is recorded as the balanced one's.
    plain = history.record_from_game(SEATS, 5, state, "2024-03-01T10:00:00+01:00", 60.0)
    assert [s.opponent for s in plain.seats] == [None, "balanced", "balanced"]
    # A history line from before opponents, or naming one this version does not know.
    written["seats"][1]["opponent"] = "grandmaster"
    assert GameRecord.from_dict(written).seats[1].opponent == "balanced"
    del written["seats"][1]["opponent"]
    assert GameRecord.from_dict(written).seats[1].opponent == "balanced"
    written["seats"][1]["opponent"] = 7
    with pytest.raises(ValueError, match="opponent"):
        GameRecord.from_dict(written)
