"""Statistics for the statistics screen: known answers on small made-up histories, filters,
streaks and trends, a history of none and of 500 games, and the CSV export."""

from __future__ import annotations

import csv
import io

from stoneage.records import stats
from stoneage.records.files import data_dir
from stoneage.records.game_record import GameRecord
from stoneage.records.stats import Filter, Tally
from stoneage.rules import SCORING_CATEGORIES
from tests.records.test_history_records import bot, game, seat


def results_history(results: str) -> list[GameRecord]:
    """Ann's games against one Normal bot: W for a win, L for a loss, oldest first; her score
    is 100 + the game's number."""
    return [
        game(seat(total=100 + i), bot(total=150 if r == "L" else 50), day=i)
        for i, r in enumerate(results)
    ]


def test_no_games_gives_an_empty_summary_and_a_header_only_csv():
    summary = stats.summarise([])
    assert summary.empty and summary.tally == Tally(0, 0) and summary.tally.rate == 0.0
    assert (summary.average, summary.median, summary.best) == (0.0, 0.0, 0)
    assert summary.scores == [] and summary.best_by_category == {}
    assert (summary.current_streak, summary.longest_streak, summary.trend) == (0, 0, 0.0)
    assert summary.rolling_rates == {10: [], 20: []}
    assert summary.sources == dict.fromkeys(stats.SOURCES, 0.0)
    assert stats.history_csv([]) == ",".join(stats.CSV_COLUMNS) + "\n"


def test_counts_scores_and_streaks_of_a_small_history():
    records = results_history("WWLWWWLLWW")
    summary = stats.summarise(records)
    assert summary.tally == Tally(10, 7) and summary.tally.rate == 0.7
    assert summary.scores == list(range(100, 110))
    assert summary.average == 104.5 and summary.median == 104.5 and summary.best == 109
    assert summary.current_streak == 2 and summary.longest_streak == 3
    assert summary.rolling_rates[10][-1] == 0.7
    assert summary.rolling_rates[10][:3] == [1.0, 1.0, 2 / 3]
    assert summary.by_level == {"normal": Tally(10, 7)} and summary.by_players == {2: Tally(10, 7)}


def test_the_trend_compares_the_last_ten_with_the_ten_before():
    assert stats.trend([False] * 10 + [True] * 10) == 1.0
    assert stats.trend([True] * 15 + [False] * 5) == -0.5
    assert stats.trend([True] * 19) == 0.0  # too few games to say
    assert stats.rolling_rate([True, False, True, True], 2) == [1.0, 0.5, 0.5, 1.0]


def test_the_order_of_the_records_is_the_order_played():
    records = results_history("LLW")
    assert stats.summarise(list(reversed(records))).current_streak == 1


def test_filters_by_player_count_opponent_level_and_name():
    records = [
        game(seat(total=120), bot("hard", 100)),
        game(seat(total=90), bot("hard", 100), bot("hard", 80)),
        game(seat(total=130), bot("easy", 100), bot("hard", 80)),
        game(seat(total=110), bot("easy", 100), bot("easy", 80), bot("easy", 60)),
        game(seat("Ann", total=90), seat("Bea", total=100)),
    ]
    everyone = stats.summarise(records)
    assert everyone.tally == Tally(6, 4)  # the hotseat game counts for Ann and for Bea
    assert everyone.by_level == {
        "easy": Tally(1, 1),
        "hard": Tally(2, 1),
        "mixed": Tally(1, 1),
        "people": Tally(2, 1),
    }
    assert everyone.by_players == {2: Tally(3, 2), 3: Tally(2, 1), 4: Tally(1, 1)}
    assert stats.summarise(records, Filter(players=3)).tally == Tally(2, 1)
    assert stats.summarise(records, Filter(level="hard")).scores == [120, 90]
    assert stats.summarise(records, Filter(player="Bea")).tally == Tally(1, 1)
    assert stats.summarise(records, Filter(player="Ann", players=2)).tally == Tally(2, 1)
    assert stats.player_names(records) == ["Ann", "Bea"]


def test_best_per_category_and_where_the_points_come_from():
    records = [
        game(
            seat(total=100, scoring={"green_sets": 30, "shamans": 20, "feeding_penalties": -10}),
            bot(total=80, scoring={"card_points": 10, "farmers": 10}),
            bot(total=60),
        ),
        game(
            seat(total=140, scoring={"green_sets": 10, "farmers": 40}),
            bot(total=90, scoring={"card_points": 30}),
        ),
    ]
    summary = stats.summarise(records)
    assert summary.best_by_category["green_sets"] == 30
    assert summary.best_by_category["farmers"] == 40
    assert summary.best_by_category["feeding_penalties"] == 0  # the smallest loss
    assert summary.best_by_category["total"] == 140
    assert summary.sources["green_sets"] == 20 and summary.sources["multipliers"] == 30
    assert summary.sources["penalties"] == -5
    assert summary.sources["buildings"] == (60 + 90) / 2  # the rest of each total
    assert summary.opponent_sources["cards"] == (10 + 0 + 30) / 3
    assert summary.opponent_sources["multipliers"] == 10 / 3
    for entry in summary.entries:
        assert sum(stats.source_points(entry.me).values()) == entry.me.total


def test_five_hundred_games_are_summed_consistently():
    """How long it takes is measured by bench/timed_checks.py, not judged here."""
    records = stats.made_up_history(7, 500)
    summary = stats.summarise(records)
    assert summary.tally.played == 500 and len(summary.scores) == 500
    assert sum(t.played for t in summary.by_level.values()) == 500
    assert sum(t.won for t in summary.by_players.values()) == summary.tally.won
    assert len(summary.rolling_rates[20]) == 500
    assert summary.longest_streak >= summary.current_streak
    rows = list(csv.DictReader(io.StringIO(stats.history_csv(records))))
    assert len(rows) == sum(r.players for r in records)


def test_the_made_up_history_is_seeded_valid_and_improving():
    first = stats.made_up_history(1)
    assert first == stats.made_up_history(1) and first != stats.made_up_history(2)
    assert [GameRecord.from_dict(r.to_dict()) for r in first] == first
    results = [e.won for e in stats.entries(stats.made_up_history(1, 400))]
    assert sum(results[-100:]) > sum(results[:100])


def test_the_csv_has_one_row_per_game_per_seat_and_is_safe_in_a_spreadsheet(tmp_path):
    records = [
        game(seat("=HYPERLINK(1)", total=120), bot("hard", 80), day=1),
        game(seat('Ann, "the" bold', total=60, people=9), bot("easy", 80), bot("easy", 70), day=2),
    ]
    path = stats.export_csv(records)
    assert path == data_dir() / "history.csv"
    text = path.read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5 and list(rows[0]) == list(stats.CSV_COLUMNS)
    assert rows[0]["name"] == "'=HYPERLINK(1)" and rows[0]["winner"] == "1"
    assert rows[1]["level"] == "hard" and rows[1]["winner"] == "0"
    assert rows[2]["name"] == 'Ann, "the" bold' and rows[2]["people"] == "9"
    for row, (record, index) in zip(
        rows,
        [(records[0], 0), (records[0], 1), (records[1], 0), (records[1], 1), (records[1], 2)],
        strict=True,
    ):
        assert row["game"] == record.id and row["seat"] == str(index + 1)
        for key in SCORING_CATEGORIES:
            assert int(row[key]) == record.seats[index].scoring[key]
    other = stats.export_csv(records, tmp_path / "elsewhere" / "mine.csv")
    assert other.read_text(encoding="utf-8-sig") == text


def test_a_game_counts_for_every_opponent_met_at_its_table():
    records = [
        game(seat(total=120), bot("hard", 100, opponent="scholar")),
        game(
            seat(total=90),
            bot("normal", 100, opponent="scholar"),
            bot("easy", 80, opponent="scholar"),
        ),
        game(seat(total=130), bot("easy", 100, opponent="farmer"), bot("hard", 80)),
        game(seat(total=110), bot("easy", 100)),  # a bot from before opponents: the balanced one
        game(seat("Ann", total=90), seat("Bea", total=100)),
    ]
    everyone = stats.summarise(records)
    assert everyone.by_opponent == {
        "balanced": Tally(2, 2),  # the third game (beside the farmer) and the fourth
        "farmer": Tally(1, 1),
        "people": Tally(2, 1),
        "scholar": Tally(2, 1),
    }
    assert stats.summarise(records, Filter(opponent="scholar")).scores == [120, 90]
    assert stats.summarise(records, Filter(opponent="scholar", level="hard")).scores == [120]
    assert stats.summarise(records, Filter(opponent="farmer")).scores == [130]
    assert stats.summarise(records, Filter(opponent="balanced")).scores == [130, 110]
    assert stats.summarise(records, Filter(opponent="toolmaker")).empty
    rows = list(csv.DictReader(io.StringIO(stats.history_csv(records))))
    assert [r["opponent"] for r in rows[:4]] == ["", "scholar", "", "scholar"]
    assert rows[7]["opponent"] == "balanced"
