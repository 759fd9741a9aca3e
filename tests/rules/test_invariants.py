"""Invariants over 1,000 seeded random games, 2, 3 and 4 players (about a third each).

Every game ends; a decision node always has legal actions; ``apply`` never changes its input;
chance probabilities sum to exactly 1; resources and food never go negative; people stay within
5..10 and the food track within 0..10; while placing, the occupants are the rows' sums; the
JSON round trip and the replay of the actions give equal states.
"""

from __future__ import annotations

import random

import pytest

from stoneage.rules import CHANCE, TERMINAL, GameState, new_game, sample_chance

GAMES = 1_000
CHUNK = 50
MAX_ACTIONS = 20_000


def check_players(state: GameState) -> None:
    for p in state.players:
        assert min(p.res) >= 0 and p.food >= 0, p
        assert 5 <= p.people <= 10 and 0 <= p.track <= 10, p
        assert p.tool_value <= 12 and p.tool_tiles <= 3, p


def play_checked(num_players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    for step in range(MAX_ACTIONS):
        seat = state.current_player()
        if seat == TERMINAL:
            assert state.is_terminal() and state.legal_actions() == []
            return state
        legal = state.legal_actions()
        assert legal, f"no legal action at {state!r}"
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == legal
            if step % 3 == 0:  # exact Fraction sums are slow; a third of the nodes suffice
                assert sum(p for _, p in outcomes) == 1
            action = sample_chance(state, rng)
        else:
            assert 0 <= seat < num_players
            action = rng.choice(legal)
        before = state._key()
        following = state.apply(action)
        assert state._key() == before, f"apply({action}) changed its input"
        check_players(following)
        if following.placing():
            # While figures are placed, the occupants are the rows' sums (compiled, the engine
            # counts them off its packed rows; the board keeps them once the placement ends).
            assert following.occupants == tuple(map(sum, zip(*following.placed)))
        state = following
    raise AssertionError(f"game {num_players}p seed {seed} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_every_invariant(first: int) -> None:
    for seed in range(first, first + CHUNK):
        num_players = 2 + seed % 3
        final = play_checked(num_players, seed)
        assert final.winners() and all(0 <= s < num_players for s in final.winners())
        assert GameState.from_json(final.to_json()) == final
        replay = new_game(num_players, seed=seed)
        for action in final.actions_taken():
            replay = replay.apply(action)
        assert replay == final and replay.final_scoring() == final.final_scoring()
