"""Every level plays whole seeded games legally, deterministically and to the end."""

from __future__ import annotations

import pytest
from ai_helpers import play

from stoneage.ai import LEVELS, Budget, RandomBot, make_bot

QUICK_HARD = Budget.rollouts(8)  # enough to exercise the search, cheap enough for tests


def bot(level: str, seed: int):
    return make_bot(level, seed, QUICK_HARD)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristic_levels_finish_games_against_random_players(level: str, players: int) -> None:
    bots = [bot(level, 1)] + [RandomBot(10 + i) for i in range(players - 1)]
    final = play(bots, seed=100 + players)
    assert final.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_finishes_games_against_random_players(players: int) -> None:
    bots = [RandomBot(10 + i) for i in range(players - 1)] + [bot("hard", 1)]
    final = play(bots, seed=200 + players)
    assert final.is_terminal()


def test_normal_bots_among_themselves_end_the_game() -> None:
    final = play([bot("normal", seat) for seat in range(4)], seed=5)
    assert final.is_terminal() and final.round < 25


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_gives_same_decisions(level: str) -> None:
    first: list = []
    second: list = []
    play([bot(level, 3), bot("normal", 4)], seed=9, record=first)
    play([bot(level, 3), bot("normal", 4)], seed=9, record=second)
    assert first == second


def test_easy_beats_random_players_and_keeps_its_people_fed() -> None:
    final = play([bot("easy", 2)] + [RandomBot(i) for i in range(3)], seed=11)
    scoring = final.final_scoring()
    assert final.winners() == [0]
    assert final.players[0].penalties == 0
    assert scoring[0]["total"] > max(row["total"] for row in scoring[1:])


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 1)
