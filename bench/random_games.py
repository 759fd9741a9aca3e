"""Full random-legal games per second, for 2, 3 and 4 players: the rules engine run as plain
Python and compiled (mypyc), side by side.

Every decision is a uniform choice among ``legal_actions()``; every chance node is drawn with
``sample_chance``. Each path runs in a child process of its own (``STONEAGE_PURE=1`` for the
plain Python, see ``stoneage.rules._engine``), the two alternating for ``--rounds`` rounds, and
each figure is the best round (CPU time of the child, ``time.process_time``: other work on the
machine changes it less than the wall clock, and the best of several rounds least). The
compiled path exists where a wheel built with a C compiler is installed (``pip install .``);
from an editable install only the plain Python runs, and the script says so.

    python bench/random_games.py [--games N] [--seed S] [--rounds R] [--players 2,3,4]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from stoneage.rules import CHANCE, new_game, sample_chance

PATHS = ("pure", "compiled")


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
    """Games per CPU second and mean actions per game over ``games`` seeded games."""
    started = time.process_time()
    total_actions = sum(play_random_game(num_players, seed + i) for i in range(games))
    elapsed = time.process_time() - started
    return games / elapsed, total_actions / games


def child(args: argparse.Namespace) -> None:
    """Measure in this process (one path) and print the figures as JSON."""
    from stoneage.rules import engine

    play_random_game(4, 0)  # warm the caches before timing
    figures = {}
    for num_players in args.player_counts:
        rate, length = measure(num_players, args.games, args.seed)
        figures[num_players] = [rate, length]
    print(json.dumps({"engine": engine(), "figures": figures}))


def run_path(path: str, argv: list[str]) -> dict:
    """Run this script as a child on ``path`` (``pure`` or ``compiled``); its JSON answer."""
    env = dict(os.environ, STONEAGE_PURE="1" if path == "pure" else "0")
    done = subprocess.run(
        [sys.executable, sys.argv[0], "--child", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def alternate(
    rounds: int, argv: list[str], better: Callable[[float, float], bool] | None = None
) -> dict[str, dict]:
    """Run both paths ``rounds`` times, alternating; per path its engine and, per row of
    figures, the best round's (the first number of a row decides: higher is better unless
    ``better`` says otherwise)."""
    prefer = better or (lambda new, old: new > old)
    best: dict[str, dict] = {}
    for _ in range(rounds):
        for path in PATHS:
            answer = run_path(path, argv)
            rows = best.setdefault(path, {"engine": answer["engine"], "figures": {}})["figures"]
            for key, row in answer["figures"].items():
                if key not in rows or prefer(row[0], rows[key][0]):
                    rows[key] = row
    return best


def main() -> None:
    """Measure both paths side by side and print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each path")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.player_counts = [int(part) for part in args.players.split(",")]
    if args.child:
        child(args)
        return
    argv = ["--games", str(args.games), "--seed", str(args.seed), "--players", args.players]
    best = alternate(args.rounds, argv)
    pure, compiled = best["pure"], best["compiled"]
    print(
        f"random-legal games per CPU second, best of {args.rounds} alternating rounds of "
        f"{args.games} games"
    )
    if compiled["engine"] != "compiled":
        print(
            f"(no compiled rules engine installed here: the second run was {compiled['engine']};"
            " a wheel built with a C compiler has it, e.g. pip install . in a fresh venv)"
        )
    for num_players in args.player_counts:
        p = pure["figures"][str(num_players)]
        c = compiled["figures"][str(num_players)]
        same = "" if p[1] == c[1] else "  ACTIONS DIFFER"
        print(
            f"{num_players} players: pure {p[0]:7.1f}  compiled {c[0]:7.1f}  "
            f"x{c[0] / p[0]:4.2f}  ({p[1]:.0f} actions per game){same}"
        )


if __name__ == "__main__":
    main()
