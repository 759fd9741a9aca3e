"""Full random-legal games per second, for 2, 3 and 4 players, in one process.

Every decision is a uniform choice among ``legal_actions()``; every chance node is drawn
with ``sample_chance``. Prints games per second and actions per game for each player count.

    python bench/random_games.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from stoneage.rules import CHANCE, new_game, sample_chance


def play_random_game(num_players: int, seed: int) -> int:
    """Play one random-legal game to its end; return the number of actions applied."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    actions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions += 1
    return actions


def measure(num_players: int, games: int, seed: int) -> tuple[float, float]:
    """Games per second and mean actions per game over ``games`` seeded games."""
    started = time.perf_counter()
    total_actions = sum(play_random_game(num_players, seed + i) for i in range(games))
    elapsed = time.perf_counter() - started
    return games / elapsed, total_actions / games


def main() -> None:
    """Run the benchmark and print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    play_random_game(4, 0)  # warm the caches before timing
    for num_players in (2, 3, 4):
        rate, length = measure(num_players, args.games, args.seed)
        print(f"{num_players} players: {rate:7.1f} games/s  ({length:.0f} actions per game)")


if __name__ == "__main__":
    main()
