"""What the player reads of an opponent: its name and line in every language, its portrait,
and the seat that carries it."""

from __future__ import annotations

import pytest

from stoneage.ai import BALANCED, roster
from stoneage.i18n import install_language
from stoneage.play.opponents import LINES, NAMES, opponent_line, opponent_name, portrait
from stoneage.play.seats import Seat, bot_seats


@pytest.fixture(autouse=True)
def english():
    install_language("en")
    yield
    install_language("en")


def test_every_opponent_has_a_name_a_line_and_a_portrait():
    ids = [o.id for o in roster()]
    assert list(NAMES) == ids and list(LINES) == ids
    assert len(set(NAMES.values())) == len(ids)
    for opponent in ids:
        assert portrait(opponent) == f"opponent_{opponent}"


@pytest.mark.parametrize(("language", "scholar"), [("en", "Lumi"), ("zh", "露米"), ("ja", "ルミ")])
def test_names_and_lines_are_given_in_the_current_language(language, scholar):
    install_language(language)
    assert opponent_name("scholar") == scholar
    for opponent in NAMES:
        assert opponent_line(opponent)
        if language != "en":
            assert opponent_line(opponent) != LINES[opponent]  # translated
            assert opponent_name(opponent) != NAMES[opponent]


def test_an_unknown_opponent_reads_as_the_balanced_one():
    assert opponent_name("grandmaster") == opponent_name(BALANCED) == "Kaya"
    assert portrait("grandmaster") == "opponent_balanced"


def test_a_seat_carries_its_opponent_and_writes_it_only_when_not_balanced():
    seat = Seat("Lumi", "blue", "bot", "hard", "scholar")
    assert seat.to_dict()["opponent"] == "scholar"
    assert Seat.from_dict(seat.to_dict()) == seat
    plain = Seat("Grok", "green", "bot", "normal")
    assert "opponent" not in plain.to_dict() and plain.opponent == BALANCED
    assert "opponent" not in Seat("Ann", "red", "human").to_dict()
    assert Seat.from_dict({**seat.to_dict(), "opponent": "wizard"}).opponent == BALANCED
    assert Seat.from_dict({**seat.to_dict(), "opponent": 3}).opponent == BALANCED
    # The bot that plays a seat: its own opponent, the balanced one for random.
    assert seat.bot_opponent == "scholar"
    assert Seat("R", "red", "bot", "random", "scholar").bot_opponent == BALANCED


def test_the_runners_seats_name_opponent_and_level():
    seats = bot_seats(["scholar:hard", "normal"])
    assert [(s.opponent, s.level) for s in seats] == [("scholar", "hard"), (BALANCED, "normal")]
    with pytest.raises(ValueError, match="unknown opponent"):
        bot_seats(["wizard:hard", "normal"])
