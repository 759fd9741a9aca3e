"""A match for you: the table chosen from a made-up history comes out near even chances,
harder for a player who wins, gentler for one who loses, and varied in its opponents."""

from __future__ import annotations

import pytest

from stoneage.ai import roster
from stoneage.records.matchmaking import BAND, suggest_match, win_chance
from stoneage.records.stats import made_up_history
from tests.records.test_history_records import bot, game, seat

LEVEL_ORDER = ("easy", "normal", "hard")


def history(results: str, level: str, opponents: int = 3, opponent: str = "balanced") -> list:
    """Ann's 4-player games against bots of ``level``: W a win, L a loss, oldest first."""
    games = []
    for day, result in enumerate(results):
        mine = 150 if result == "W" else 50
        bots = [bot(level, 100, f"B{i}", opponent=opponent) for i in range(opponents)]
        games.append(game(seat(total=mine), *bots, day=day))
    return games


def strongest(suggestion) -> int:
    return max(LEVEL_ORDER.index(level) for _, level in suggestion.bots)


def test_a_newcomer_meets_easy_bots_at_even_chances():
    found = suggest_match([], 4)
    assert [level for _, level in found.bots] == ["easy"] * 3
    assert found.games == 0 and found.win_chance == pytest.approx(0.5)
    assert len({o for o, _ in found.bots}) == 3  # three different opponents


def test_a_player_who_keeps_beating_normal_bots_gets_harder_ones():
    found = suggest_match(history("WWWLWWWWLWWW", "normal"), 4, "Ann")
    assert found.games == 12
    assert strongest(found) == LEVEL_ORDER.index("hard")
    assert found.in_band


def test_a_player_who_keeps_losing_to_normal_bots_gets_gentler_ones():
    found = suggest_match(history("LLLLWLLLLLLL", "normal"), 4, "Ann")
    assert LEVEL_ORDER.index(found.bots[0][1]) == 0 and found.in_band
    assert all(level == "easy" for _, level in found.bots)


def test_the_suggested_table_is_the_one_closest_to_even_and_within_the_band():
    games = history("WLWLLWLWWL", "normal")
    found = suggest_match(games, 4, "Ann")
    assert BAND[0] <= found.win_chance <= BAND[1]
    assert found.win_chance == pytest.approx(win_chance(found.rating, found.bots))
    for level in LEVEL_ORDER:  # no table of one level is nearer even chances
        same = [(o, level) for o, _ in found.bots]
        assert abs(win_chance(found.rating, same) - 0.5) >= abs(found.win_chance - 0.5) - 0.021


def test_opponents_met_least_come_first():
    ids = [o.id for o in roster()]
    met = ids[0]  # every game so far against the first opponent
    found = suggest_match(history("WLWLWL", "normal", opponent=met), 2, "Ann")
    assert found.bots[0][0] != met


def test_only_the_named_player_and_games_alone_against_bots_count():
    games = history("WWWWWWWW", "normal")
    games.append(game(seat("Bea", total=10), bot("easy", 100), day=50))
    games.append(game(seat(total=90), seat("Bea", total=100), day=51))
    assert suggest_match(games, 2, "Bea").games == 1
    assert suggest_match(games, 2, "Ann").games == 8


def test_every_table_size_gets_a_full_lineup_and_a_wrong_one_is_refused():
    games = made_up_history(7, 80)
    for players in (2, 3, 4):
        found = suggest_match(games, players, "You")
        assert len(found.bots) == players - 1
        assert all(level in LEVEL_ORDER for _, level in found.bots)
        assert suggest_match(games, players, "You") == found  # the same history, the same table
    with pytest.raises(ValueError, match="2 to 4"):
        suggest_match(games, 5)
