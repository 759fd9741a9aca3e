"""Full random-legal games per second, for 2, 3 and 4 players: the rules engine run as plain
Python and compiled (mypyc), side by side.

Every decision is a uniform choice among ``legal_actions()``; every chance node is drawn with
``sample_chance``. Each path runs in a child process of its own (``STONEAGE_PURE=1`` for the
plain Python, see ``stoneage.rules._engine``), the two alternating for ``--rounds`` rounds, and
each figure is the best round (CPU time of the child, ``time.process_time``: other work on the
machine changes it less than the wall clock, and the best of several rounds least). The
compiled path exists where a wheel built with a C compiler is installed (``pip install .``), or
in a checkout built in place (``python setup.py build_ext --inplace``, with the build
requirements of ``pyproject.toml``); from an editable install only the plain Python runs, and
the script says so.

``--against DIR`` also measures another checkout (an older commit, built in place the same way
for its compiled path) in the same rounds, alternating with this one, so that other work on
the machine weighs on both alike, and prints this checkout's figures against it. Each child
imports the package of its own checkout (``PYTHONPATH``), running that checkout's copy of this
script.

    python bench/random_games.py [--games N] [--seed S] [--rounds R] [--players 2,3,4]
                                 [--against DIR]
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
from pathlib import Path

from stoneage.rules import CHANCE, new_game, sample_chance

PATHS = ("pure", "compiled")
#: The checkout this script belongs to.
ROOT = Path(__file__).resolve().parents[1]


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


def run_path(path: str, argv: list[str], checkout: Path = ROOT) -> dict:
    """Run this script of ``checkout`` as a child on ``path`` (``pure`` or ``compiled``), with
    that checkout's package; its JSON answer."""
    env = dict(os.environ, STONEAGE_PURE="1" if path == "pure" else "0", PYTHONPATH=str(checkout))
    script = checkout / "bench" / Path(sys.argv[0]).name
    done = subprocess.run(
        [sys.executable, str(script), "--child", *argv],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def alternate(
    rounds: int,
    argv: list[str],
    better: Callable[[float, float], bool] | None = None,
    against: Path | None = None,
) -> dict[str, dict]:
    """Run both paths ``rounds`` times, alternating (and those of the checkout ``against``,
    keyed ``pure@against`` and ``compiled@against``); per path its engine and, per row of
    figures, the best round's (the first number of a row decides: higher is better unless
    ``better`` says otherwise)."""
    prefer = better or (lambda new, old: new > old)
    checkouts = [("", ROOT)] + ([("@against", against)] if against is not None else [])
    best: dict[str, dict] = {}
    for _ in range(rounds):
        for (suffix, checkout), path in ((c, p) for c in checkouts for p in PATHS):
            answer = run_path(path, argv, checkout)
            rows = best.setdefault(path + suffix, {"engine": answer["engine"], "figures": {}})[
                "figures"
            ]
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
    parser.add_argument("--against", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.player_counts = [int(part) for part in args.players.split(",")]
    if args.child:
        child(args)
        return
    argv = ["--games", str(args.games), "--seed", str(args.seed), "--players", args.players]
    best = alternate(args.rounds, argv, against=args.against)
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
    if args.against is not None:
        compare(best, args.player_counts, args.against)


def compare(best: dict[str, dict], player_counts: list[int], against: Path) -> None:
    """This checkout's games a second against the other's, per path."""
    print(f"against {against} (games a CPU second there, here, and here / there):")
    for path in PATHS:
        engines = (best[path + "@against"]["engine"], best[path]["engine"])
        print(f"  {path} (engines there and here: {engines[0]}, {engines[1]})")
        for num_players in player_counts:
            there = best[path + "@against"]["figures"][str(num_players)]
            here = best[path]["figures"][str(num_players)]
            same = "" if there[1] == here[1] else "  ACTIONS DIFFER"
            print(
                f"    {num_players} players: {there[0]:7.1f}  {here[0]:7.1f}  "
                f"x{here[0] / there[0]:5.3f}{same}"
            )


if __name__ == "__main__":
    main()
