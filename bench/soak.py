"""Soak test: many seeded random-legal games over 2, 3 and 4 players must finish cleanly.

Each game checks, at the end, that the scoring adds up and that the JSON save replays to an
equal state (every ``--check-every``-th game, since a replay costs as much as the game).
Prints the games played per player count, failures with their seeds, and the time taken.

    python bench/soak.py [--games 10000] [--seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
import traceback

from stoneage.rules import CHANCE, GameState, new_game, sample_chance

MAX_ACTIONS = 50_000


def soak_one(task: tuple[int, int, bool]) -> tuple[int, int, str | None]:
    """Play one game; return (players, actions, error text or None)."""
    num_players, seed, check_replay = task
    try:
        rng = random.Random(seed)
        state = new_game(num_players, seed=seed)
        actions = 0
        while not state.is_terminal():
            if actions >= MAX_ACTIONS:
                return num_players, actions, f"seed {seed}: no end after {MAX_ACTIONS} actions"
            if state.current_player() == CHANCE:
                state = state.apply(sample_chance(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        rows = state.final_scoring()
        assert all(r["total"] == sum(v for k, v in r.items() if k != "total") for r in rows)
        assert state.winners()
        if check_replay:
            assert GameState.from_json(state.to_json()) == state
        return num_players, actions, None
    except Exception:
        return num_players, 0, f"seed {seed} ({num_players}p): {traceback.format_exc(limit=3)}"


def main() -> None:
    """Run the soak test and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check-every", type=int, default=10)
    args = parser.parse_args()
    tasks = [(2 + i % 3, args.seed + i, i % args.check_every == 0) for i in range(args.games)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(soak_one, tasks, chunksize=50)
    elapsed = time.perf_counter() - started
    failures = [error for _, _, error in results if error]
    for n in (2, 3, 4):
        games = [actions for players, actions, error in results if players == n and not error]
        mean = sum(games) / max(1, len(games))
        print(f"{n} players: {len(games)} games finished, {mean:.0f} actions per game")
    print(
        f"{len(results)} games, {len(failures)} failures, {elapsed:.1f} s with {args.jobs} processes"
    )
    for error in failures[:10]:
        print(error)
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
