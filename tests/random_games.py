"""A seeded random game's steps, for tests that walk a whole game's positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from stoneage.rules import CHANCE, GameState, new_game, sample_chance


def random_play(n: int, seed: int) -> Iterator[tuple[GameState, GameState]]:
    """(before, after) of every step of a game of ``n`` seats: chance drawn and every seat's
    action chosen by one generator seeded with ``seed`` (the game's seed too)."""
    rng = random.Random(seed)
    state = new_game(n, seed=seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            after = state.apply(sample_chance(state, rng))
        else:
            after = state.apply(rng.choice(state.legal_actions()))
        yield state, after
        state = after
