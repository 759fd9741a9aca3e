"""A person's identity in the history does not depend on the language: the default "You" of an
English game and "你" of a Chinese one (and "Player 2" / "玩家 2" of hotseat games) are one
person in the statistics and the achievements; the names show in the language of now."""

from __future__ import annotations

import json

import pytest

from stoneage import i18n
from stoneage.play.names import canonical_name, numbered_name, shown_name, translations_of
from stoneage.play.savefile import now_iso
from stoneage.play.seats import Seat, default_seats, follow_language, settle_names
from stoneage.records import achievements, history, stats
from tests.records.test_history_records import bot, game, play_to_end, seat


@pytest.fixture(autouse=True)
def _english():
    """In English before and after (fresh records come from the ``records`` fixture of
    tests/conftest.py, in the temporary home of tests/records/conftest.py)."""
    i18n.install_language("en")
    yield
    i18n.install_language("en")


def in_language(code: str, message: str) -> str:
    """``message`` as the catalog of ``code`` has it (installs ``code``)."""
    i18n.install_language(code)
    return i18n._(message)


def test_every_form_of_a_given_name_has_one_identity_and_a_typed_name_stays():
    you = translations_of("You")
    assert len(you) == 3 and {canonical_name(n) for n in you} == {"You"}
    for code in ("en", "zh", "ja"):
        player_two = in_language(code, "Player {n}").format(n=2)
        assert canonical_name(player_two) == "Player 2"
        assert canonical_name(f"  {player_two} ") == "Player 2"
    i18n.install_language("ja")
    assert shown_name("Player 2") == numbered_name(2) != "Player 2"
    assert shown_name("玩家 12") == numbered_name(12)
    for typed in ("Ann", "Player", "Player two", "Player 2x", "玩家", "Grokky"):
        assert canonical_name(typed) == typed and shown_name(typed) == typed


def test_you_in_english_and_in_chinese_are_one_person_in_the_history_and_the_statistics(records):
    english = default_seats()[:2]
    assert english[0].name == "You"
    first = records.history.record_finished_game(
        english, 5, play_to_end(2, seed=5), now_iso(), 60.0
    )
    i18n.install_language("zh")
    chinese = default_seats()[:2]
    assert chinese[0].name != "You"
    second = records.history.record_finished_game(
        chinese, 6, play_to_end(2, seed=6), now_iso(), 60.0
    )
    assert first is not None and second is not None
    assert first.seats[0].name == second.seats[0].name == "You"
    assert second.seats[1].name == "Kaya"  # the bot's name too (the opponent's, in English)
    found = records.history.load()
    assert stats.player_names(found) == ["You"]
    for name in ("You", chinese[0].name, in_language("ja", "You")):
        assert len(stats.entries(found, stats.Filter(player=name))) == 2
    raw = history.history_path().read_text(encoding="utf-8")
    assert '"name":"You"' in raw and chinese[0].name not in raw


def test_an_older_history_holding_the_chinese_name_counts_with_the_english_one(records):
    you_zh = in_language("zh", "You")
    i18n.install_language("en")
    for name in ("You", you_zh):
        assert records.history.append(game(seat(name, total=120), bot(total=80)))
    raw = history.history_path().read_text(encoding="utf-8")
    history.history_path().write_text(raw.replace('"You"', json.dumps(you_zh), 1))
    found = records.history.load()
    assert {r.seats[0].name for r in found} == {"You"}
    assert records.history.take_notices() == []  # a name in another language is no damage
    assert len(stats.entries(found, stats.Filter(player="You"))) == 2


def test_achievements_count_you_across_languages_and_merge_an_older_file(records):
    you_zh = in_language("zh", "You")
    earlier = [game(seat(you_zh, total=100), bot(total=50), day=d) for d in range(2)]
    third = game(seat("You", total=100), bot(total=50), day=5)
    assert achievements.BY_ID["on_a_roll"].earned_in(third, 0, earlier)
    # A file written before the identity existed: the same person under two names.
    path = achievements.achievements_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "format": "stoneage-achievements",
        "version": 1,
        "players": {
            "You": {"first_game": "2024-02-01T10:00:00+00:00"},
            you_zh: {"first_game": "2024-01-01T10:00:00+00:00", "first_win": "2024-01-02T10:00:00"},
        },
    }
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    earned = records.achievements.load_earned([])
    assert list(earned) == ["You"]
    assert earned["You"]["first_game"] == "2024-01-01T10:00:00+00:00"  # the earlier date
    assert "first_win" in earned["You"]
    assert [e.achievement.id for e in records.achievements.earned_by(you_zh)] == [
        "first_game",
        "first_win",
    ]
    i18n.install_language("ja")
    record = game(seat("You", total=120), seat("Player 2", total=90))
    several = achievements.Earned("Player 2", achievements.BY_ID["first_game"], "")
    assert several.toast(True).startswith(numbered_name(2))
    assert record.seats[1].name == "Player 2"


def test_hotseat_default_names_follow_the_language():
    i18n.install_language("zh")
    seats = [Seat("", "red", "human"), Seat(i18n._("You"), "blue", "human"), Seat("Ann", "green")]
    seats[2].kind = "human"
    settle_names(seats)
    assert [s.name for s in seats] == [numbered_name(1), numbered_name(2), "Ann"]
    assert seats[0].name != "Player 1"
    i18n.install_language("en")
    follow_language(seats)
    assert [s.name for s in seats] == ["Player 1", "Player 2", "Ann"]
    i18n.install_language("ja")
    saved = [s.to_dict() for s in seats]
    assert [Seat.from_dict(raw).name for raw in saved] == [
        numbered_name(1),
        numbered_name(2),
        "Ann",
    ]
    assert all("default_name" not in raw for raw in saved)  # the mark is for "You" alone
    record = history.record_from_game(
        [*seats[:2], Seat("Grok", "yellow")], 1, play_to_end(3, seed=1), now_iso(), 1.0
    )
    assert [s.name for s in record.seats] == ["Player 1", "Player 2", "Grok"]
