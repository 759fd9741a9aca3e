"""Achievements: each one with a game that earns it and one that does not; people earn them by
name (each person of a hotseat game), bots never; what was earned is stored with its date, a
damaged file is earned again from the history, a file that cannot be written is retried."""

from __future__ import annotations

import json

import pytest

from stoneage.play.savefile import now_iso
from stoneage.records import achievements
from stoneage.records.achievements import ACHIEVEMENTS, BY_ID
from stoneage.records.files import data_dir
from stoneage.rules.data import CULTURE_SYMBOLS
from tests.records.test_history_records import SEATS, bot, game, play_to_end, seat

# Fresh records (the ``records`` fixture of tests/conftest.py: nothing waiting, failing or held
# from another test); the home is the temporary folder of tests/records/conftest.py.


def won(total: int = 120, **fields) -> list:
    """Ann wins against a Normal bot."""
    return [seat(total=total, **fields), bot(total=80)]


def lost(total: int = 60, **fields) -> list:
    """Ann loses against a Normal bot."""
    return [seat(total=total, **fields), bot(total=80)]


def history_of(*results: bool, level: str = "normal", opponent: str = "balanced") -> list:
    """Earlier games of Ann: won (True) or lost (False), oldest first."""
    return [
        game(seat(total=100 if w else 50), bot(level, total=75, opponent=opponent), day=i)
        for i, w in enumerate(results)
    ]


def beaten(*opponents: str) -> list:
    """Earlier games Ann won against a bot of each of ``opponents``."""
    return [g for o in opponents for g in history_of(True, opponent=o)]


SEVEN = list(CULTURE_SYMBOLS[:7])
SAND = {"farmers": 20, "tool_makers": 20, "hut_builders": 10, "shamans": 10}

# id -> (seats and earlier games that earn it, seats and earlier games that do not)
CASES: dict[str, tuple[tuple[list, list], tuple[list, list]]] = {
    "first_game": ((lost(), []), ([bot(total=90), bot("easy", total=20)], [])),
    "first_win": ((won(), []), (lost(), [])),
    "beat_hard": (
        ([seat(total=120), bot("hard", total=80)], []),
        ([seat(total=70), bot("hard", total=80)], []),
    ),
    "three_hard": (
        ([seat(total=150), bot("hard", 100), bot("hard", 90), bot("hard", 80)], []),
        ([seat(total=150), bot("hard", 100), bot("hard", 90), bot("normal", 80)], []),
    ),
    "full_table": (
        ([seat(total=150), bot(total=100), bot(total=90), bot(total=80)], []),
        ([seat(total=150), bot(total=100), bot(total=90)], []),
    ),
    "ten_people": ((lost(people=10), []), (won(people=9), [])),
    "all_green": (
        (lost(green_symbols=(*CULTURE_SYMBOLS, "art")), []),
        (won(green_symbols=(*SEVEN, SEVEN[0])), []),
    ),
    "score_150": ((won(total=150), []), (won(total=149), [])),
    "score_200": ((won(total=203), []), (won(total=199), [])),
    "no_hunger": ((lost(), []), (won(penalties=1), [])),
    "hungry_win": ((won(penalties=2), []), (lost(penalties=2), [])),
    "landslide": (
        ([seat(total=190), bot(total=90)], []),
        ([seat(total=190), bot(total=91)], []),
    ),
    "photo_finish": (
        ([seat(total=83), bot(total=80)], []),
        ([seat(total=84), bot(total=80)], []),
    ),
    "ten_buildings": ((lost(buildings=10), []), (won(buildings=9), [])),
    "best_tools": ((lost(tools=(4, 4, 4)), []), (won(tools=(4, 4, 3)), [])),
    "full_fields": ((lost(track=10), []), (won(track=9), [])),
    "many_hands": ((lost(scoring=SAND), []), (won(scoring=SAND | {"shamans": 9}), [])),
    "storyteller": ((lost(cards=12), []), (won(cards=11), [])),
    "hoarder": ((lost(resources=20), []), (won(resources=19), [])),
    "around_the_fire": (
        ([seat("Ann", total=90), seat("Bea", total=80)], []),
        ([seat("Ann", total=90), bot(total=80)], []),
    ),
    "veteran": ((lost(), history_of(*[False] * 9)), (won(), history_of(*[True] * 8))),
    "on_a_roll": ((won(), history_of(False, True, True)), (won(), history_of(True, False, True))),
    "every_level": (
        (
            [seat(total=120), bot("hard", 80)],
            history_of(True, level="easy") + history_of(True, level="normal"),
        ),
        (
            [seat(total=120), bot("hard", 80)],
            history_of(True, level="easy") + history_of(False, level="normal"),
        ),
    ),
    "every_rival": (
        (
            [seat(total=120), bot("easy", 80, opponent="toolmaker")],
            beaten("balanced", "farmer", "builder", "scholar"),
        ),
        (
            [seat(total=120), bot("easy", 80, opponent="scholar")],
            beaten("balanced", "farmer", "builder"),
        ),
    ),
}


def test_every_achievement_has_a_case_and_about_twenty_exist():
    assert set(CASES) == set(BY_ID) and len(ACHIEVEMENTS) >= 20
    assert len({a.title for a in ACHIEVEMENTS}) == len(ACHIEVEMENTS)


@pytest.mark.parametrize("key", list(CASES))
def test_an_achievement_is_earned_by_the_game_that_reaches_it(key):
    (earning, earlier), _ = CASES[key]
    assert BY_ID[key].earned_in(game(*earning), 0, earlier)


@pytest.mark.parametrize("key", list(CASES))
def test_an_achievement_is_not_earned_by_a_game_that_falls_short(key):
    _, (falling_short, earlier) = CASES[key]
    assert not BY_ID[key].earned_in(game(*falling_short), 0, earlier)


def test_every_rival_counts_a_bot_of_a_record_from_before_opponents_as_the_balanced_one():
    earlier = beaten("farmer", "builder", "scholar", "toolmaker")
    old = game(seat(total=99), bot("normal", 50))  # no opponent written: Kaya's
    assert BY_ID["every_rival"].earned_in(old, 0, earlier)
    assert not BY_ID["every_rival"].earned_in(game(seat(total=9), bot("normal", 50)), 0, earlier)


def test_every_level_is_earned_whichever_level_comes_last():
    earlier = history_of(True, level="hard") + history_of(True, level="normal")
    assert BY_ID["every_level"].earned_in(game(seat(total=99), bot("easy", 50)), 0, earlier)
    assert not BY_ID["every_level"].earned_in(game(seat(total=9), bot("easy", 50)), 0, earlier)


def test_bots_earn_nothing():
    record = game(bot(total=250, people=10, buildings=12), seat(total=40))
    assert achievements.earned_in_game(record, 0) == []


def test_earlier_games_count_only_by_the_same_name():
    others = [game(seat("Bea", total=100), bot(total=50), day=i) for i in range(9)]
    record = game(seat("Ann", total=100), bot(total=50))
    assert not BY_ID["veteran"].earned_in(record, 0, others)


# --- stored ------------------------------------------------------------------------------------------------
def test_each_person_of_a_hotseat_game_earns_by_name_once_with_the_date(records):
    record = game(seat("Ann", total=210, people=10), seat("Bea", total=90), bot(total=50))
    new = records.achievements.award(record, [])
    by_player = {(e.player, e.achievement.id) for e in new}
    assert ("Ann", "score_200") in by_player and ("Ann", "ten_people") in by_player
    assert ("Bea", "around_the_fire") in by_player and ("Bea", "first_win") not in by_player
    assert all(e.date == record.finished_at for e in new)
    assert [e.achievement.id for e in records.achievements.earned_by("Bea")] == [
        "first_game",
        "no_hunger",
        "around_the_fire",
    ]
    again = game(seat("Ann", total=220), seat("Bea", total=100), bot(total=50), day=3)
    assert {e.achievement.id for e in records.achievements.award(again, [record])} == set()
    first_date = records.achievements.earned_by("Ann")[0].date
    assert first_date == record.finished_at  # the first date stays
    raw = json.loads(achievements.achievements_path().read_text(encoding="utf-8"))
    assert raw["players"]["Ann"]["score_200"] == record.finished_at


def test_the_toast_names_the_player_only_when_several_share_the_screen(records):
    record = game(seat("Ann", total=120), seat("Bea", total=90))
    end = achievements.GameEnd(record, records.achievements.award(record, []), [])
    assert "Bea earned an achievement: Around the fire" in end.toasts()
    solo = game(seat("Ann", total=120), bot(total=90))
    assert achievements.Earned("Ann", BY_ID["first_win"], solo.finished_at).toast() == (
        "Achievement earned: Chieftain"
    )


def test_a_damaged_achievements_file_is_set_aside_and_earned_again_from_the_history(records):
    first = game(seat(total=120), bot(total=80), day=1)
    records.history.append(first)
    records.achievements.award(first, [])
    path = achievements.achievements_path()
    path.write_bytes(b'{"format": "stoneage-achievements", "players": {"Ann": {"first_w')
    earned = records.achievements.load_earned()
    assert earned["Ann"]["first_win"] == first.finished_at
    (aside,) = data_dir().glob("achievements.damaged-*")
    assert aside.read_bytes().startswith(b'{"format"')
    (notice,) = records.achievements.take_notices()
    assert notice.startswith("Your achievements file was damaged; it was set aside as ")
    assert records.achievements.take_notices() == []
    assert achievements.parse_earned(path.read_bytes())[1] is False  # mended on disk


def test_the_end_of_a_real_game_records_it_and_awards(records):
    state = play_to_end(3, seed=5)
    end = records.achievements.record_and_award(SEATS, 5, state, now_iso(), 900)
    assert end.record is not None and records.history.load() == [end.record]
    assert "first_game" in {e.achievement.id for e in end.earned}
    assert end.notices == []
    abandoned = play_to_end(3, seed=6, stop_at_ply=100)
    nothing = records.achievements.record_and_award(SEATS, 6, abandoned, now_iso(), 9)
    assert nothing.record is None and nothing.earned == [] and len(records.history.load()) == 1


def test_achievements_that_cannot_be_written_are_kept_and_retried(records, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("STONEAGE_HOME", str(blocker))  # the data folder is a regular file
    record = game(seat(total=120), bot(total=80))
    new = records.achievements.award(record, [])
    assert {e.achievement.id for e in new} >= {"first_game", "first_win"}
    in_memory = records.achievements.load_earned([])
    assert in_memory["Ann"]["first_win"] == record.finished_at  # in memory
    assert records.health.is_failing("achievements")
    (notice,) = records.health.notices()
    assert "Your achievements cannot be written: the folder is missing" in notice.message()
    blocker.unlink()
    assert records.achievements.retry_pending()
    assert not records.health.is_failing("achievements")
    assert json.loads(achievements.achievements_path().read_text())["players"]["Ann"]
