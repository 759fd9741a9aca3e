"""Practice games in the records: marked in the history (lines from before read as games of
their own), listed with the other games but counted in no win rate, streak or achievement,
and their mark kept in save and replay files (a damaged mark never stops a file loading)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from stoneage.play.practice import Practice
from stoneage.play.savefile import load_game_file, replay_document, save_payload
from stoneage.play.seats import Seat
from stoneage.records import stats
from stoneage.records.achievements import earned_in_game, earned_over_history, own_games
from stoneage.records.game_record import GameRecord
from stoneage.records.history import parse_history
from tests.records.test_history_records import SEATS, bot, game, play_to_end, seat

FIXTURE = Path(__file__).parent.parent / "fixtures" / "b2fa461" / "history.jsonl"
MARK = Practice("stoneage-7-20260101-120000.json", 120, 0, (142, 150, 98))


def practice(record: GameRecord, mark: Practice = MARK) -> GameRecord:
    """``record`` as a practice game."""
    return replace(record, practice=mark)


def test_the_mark_is_stored_and_read_back_and_old_lines_read_as_games_of_their_own():
    plain = game(seat(total=120), bot(total=80))
    assert "practice" not in plain.to_dict()  # a game of its own writes its line as before
    marked = practice(plain)
    line = json.loads(json.dumps(marked.to_dict()))
    assert line["practice"] == {
        "source": MARK.source,
        "step": 120,
        "seat": 0,
        "scores": [142, 150, 98],
    }
    assert GameRecord.from_dict(line).practice == MARK
    old = parse_history(FIXTURE.read_bytes())  # written before practice games existed
    assert old.records and not old.damaged
    assert all(record.practice is None for record in old.records)
    for bad in ({"source": 3}, {**line["practice"], "seat": 5}, "yes"):
        with pytest.raises(ValueError):
            GameRecord.from_dict({**line, "practice": bad})


def test_practice_games_are_listed_but_counted_in_no_figure():
    history = [
        game(seat(total=120), bot(total=80), day=1),  # won
        game(seat(total=60), bot(total=80), day=2),  # lost
        practice(game(seat(total=200), bot(total=80), day=3)),  # a practice win
    ]
    summary = stats.summarise(history)
    assert (summary.tally.played, summary.tally.won) == (2, 1)
    assert summary.current_streak == 0 and summary.longest_streak == 1
    assert summary.best == 120 and summary.scores == [120, 60]
    assert [e.record.id for e in summary.entries] == [r.id for r in history[:2]]
    assert [e.record.id for e in summary.listed] == [r.id for r in history]  # the Games tab
    by_level = stats.summarise(history, stats.Filter(level="normal"))
    assert by_level.tally.played == 2 and len(by_level.listed) == 3
    rows = stats.history_csv(history).splitlines()
    assert rows[0].endswith(",practice")
    assert [row.rsplit(",", 1)[1] for row in rows[1:]] == ["0", "0", "0", "0", "1", "1"]


def test_practice_games_earn_no_achievement_and_no_streak():
    earlier = [game(seat(total=120), bot("hard", total=80), day=d) for d in (1, 2)]
    win = game(seat(total=210, people=10), bot("hard", total=80), day=3)
    assert {a.id for a in earned_in_game(win, 0, earlier)} >= {"on_a_roll", "score_200"}
    trial = practice(win)
    assert earned_in_game(trial, 0, earlier) == []
    assert [r for r, _s in own_games("Ann", [*earlier, trial])] == earlier
    # The history read again earns nothing from the practice game either.
    earned = earned_over_history([*earlier, trial])["Ann"]
    assert "on_a_roll" not in earned and "score_200" not in earned


def test_a_practice_game_records_its_mark_and_earns_nothing(records):
    state = play_to_end(3, seed=5)
    mark = Practice("original.json", 10, 0, (1, 2, 3))
    end = records.achievements.record_and_award(
        SEATS, 5, state, "2024-03-01T10:00:00+01:00", 60.0, practice=mark
    )
    assert end.record is not None and end.record.practice == mark
    assert end.earned == [] and records.achievements.load_earned() == {}
    (stored,) = records.history.load()
    assert stored.practice == mark
    # The game after it is a game of its own, and earns what it earns.
    after = records.achievements.record_and_award(
        SEATS, 5, state, "2024-03-01T11:00:00+01:00", 60.0
    )
    assert after.record is not None and after.record.practice is None
    assert "first_game" in {e.achievement.id for e in after.earned}


def test_save_and_replay_files_keep_the_mark(tmp_path):
    seats = [Seat("Ann", "red", "human"), Seat("Bob", "blue", "bot"), Seat("Cy", "green", "bot")]
    state = play_to_end(3, seed=5)
    mark = Practice("original.json", 10, 0, (1, 2, 3))
    path = tmp_path / "practice.json"
    path.write_text(json.dumps(replay_document(seats, 5, [], state, mark)), encoding="utf-8")
    assert load_game_file(path).practice == mark
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(save_payload(seats, 5, state)), encoding="utf-8")
    assert load_game_file(plain).practice is None
    for damaged in (
        {"source": "x"},
        {**mark.to_dict(), "step": 10**7},
        {**mark.to_dict(), "scores": [1, 2]},
    ):
        broken = tmp_path / "broken.json"
        payload = save_payload(seats, 5, state, practice=damaged)
        broken.write_text(json.dumps(payload), encoding="utf-8")
        loaded = load_game_file(broken)  # the game loads; the mark of another game is dropped
        assert loaded.practice is None and loaded.state.to_json() == state.to_json()
