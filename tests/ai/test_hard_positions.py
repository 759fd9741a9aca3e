"""Hard finds the clearly best action in hand-built positions.

Positions are built from a new 2-player game by fixed habits (``scripted``) and chosen chance
outcomes: seat 0 builds on stack 1 every round from wood and gold, seat 1 only gathers stone
and brick, so by round 7 stack 1 holds its last tile and seat 0 leads.
"""

from __future__ import annotations

import pytest
from ai_helpers import scripted

from stoneage.ai import Budget, HardBot
from stoneage.ai.policy import Style, score_actions
from stoneage.rules import GameState, new_game

BUILDER = ["building1", "forest", "river", "hunt"]
GATHERER = ["quarry", "claypit", "hunt"]
TILES = ["X1", "B17", "B04", "V41", "X2", "V42", "V51", "X3"]  # stack 1 ends with flexible X3


def hard() -> HardBot:
    return HardBot(seed=1, budget=Budget.rollouts(60))


def at(plans: dict[int, list[str]], until, state: GameState | None = None) -> GameState:
    return scripted(state or new_game(2, seed=0), plans, TILES, until)


@pytest.fixture(scope="module")
def last_tile_round() -> GameState:
    """Round 7, seat 0 to place first; stack 1 holds one tile, so taking it ends the game."""
    state = at({0: BUILDER, 1: GATHERER}, lambda s: s.round == 7 and s.phase == "place")
    assert state.stack_sizes[0] == 1 and state.tops[0] == "X3" and state.current_player() == 0
    assert state.scores()[0] > state.scores()[1] + 30
    return state


def test_hard_takes_the_last_tile_that_ends_the_game_while_ahead(
    last_tile_round: GameState,
) -> None:
    assert str(hard().choose(last_tile_round.view(0))) == "place building1 1"


def test_hard_pays_the_flexible_building_with_everything_it_can_on_the_last_round(
    last_tile_round: GameState,
) -> None:
    state = last_tile_round.apply("place building1 1")
    state = at(
        {0: BUILDER, 1: GATHERER},
        lambda s: s.pending is not None and s.pending.kind == "pay_building",
        state,
    )
    wood, _, _, gold = state.players[0].res
    best = max(
        (a for a in state.legal_actions() if str(a).startswith("pay")),
        key=lambda a: (sum(a.resources), a.resources[3]),
    )
    assert sum(best.resources) == min(7, wood + gold)
    assert hard().choose(state.view(0)) == best


def test_hard_feeds_with_its_cheapest_resources_rather_than_starving() -> None:
    hungry = at(
        {0: BUILDER[:3], 1: GATHERER}, lambda s: s.pending is not None and s.pending.kind == "feed"
    )
    assert hungry.current_player() == 0 and hungry.round < 5
    assert str(hard().choose(hungry.view(0))) == f"feed {hungry.pending.short}wood"


def test_analyse_ranks_studied_actions_best_first(last_tile_round: GameState) -> None:
    ranked = hard().analyse(last_tile_round.view(0))
    values = [value for _, value in ranked if value is not None]
    assert str(ranked[0][0]) == "place building1 1"
    assert values == sorted(values, reverse=True)
    assert {a for a, _ in ranked} == set(last_tile_round.legal_actions())


def test_normal_prices_ending_the_game_by_its_lead_only_on_the_last_tile(
    last_tile_round: GameState,
) -> None:
    """The timing term: taking stack 1's last tile while 30 points ahead is worth ``timing``
    times the lead (capped at 20); the other stacks' tiles are not touched by it."""
    timed = dict(score_actions(last_tile_round, 0, Style(timing=0.5)))
    untimed = dict(score_actions(last_tile_round, 0, Style(timing=0.0)))
    for action, value in timed.items():
        extra = value - untimed[action]
        expected = 0.5 * 20.0 if str(action) == "place building1 1" else 0.0
        assert extra == pytest.approx(expected), action
