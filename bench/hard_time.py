"""Hard's thinking time at its default budget, with the rules engine run as plain Python and
compiled (mypyc), side by side: what a player waits for.

Hard's default is a number of rollouts a placement (``stoneage.ai.hard.DEFAULT_ROLLOUTS``), the
same on both paths, so the compiled engine shortens its decisions by what its rollouts save;
this measures by how much. Each game seats one Hard (seat ``game % players``, rotating) and
Normal bots elsewhere, seeded; the same games on both paths. Each path runs in a child process
(``STONEAGE_PURE=1`` for the plain Python, see ``random_games.py``); the two alternate, a few
games at a time, so a machine's load falls on both alike. Times are the wall clock of each of
Hard's decisions (``time.perf_counter``, as the table waits for them), summed per game.

    python bench/hard_time.py [--players 2,4] [--games N] [--rounds R] [--seed S]

Prints per table size and path: rollouts a placement, decisions timed, the median, 90th
percentile and slowest decision, and the median and most seconds of thinking in a game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from random_games import PATHS, run_path

from stoneage.ai import make_bot
from stoneage.ai.hard import default_rollouts
from stoneage.sim import run_game


def hard_times(players: int, game: int, seed: int) -> list[float]:
    """Hard's decision times in game number ``game`` (Hard in seat ``game % players``)."""
    game_seed = seed + game
    hard_seat = game % players
    bots = [
        make_bot("hard" if s == hard_seat else "normal", game_seed * 10 + s) for s in range(players)
    ]
    _, times = run_game(bots, game_seed)
    return times[hard_seat]


def child(args: argparse.Namespace) -> None:
    """Play this round's games on the path this process runs; print the times as JSON."""
    from stoneage.rules import engine

    figures = {}
    for players in args.player_counts:
        games = range(args.first, args.first + args.games)
        figures[players] = {
            "rollouts": default_rollouts(players),
            "games": [hard_times(players, game, args.seed) for game in games],
        }
    print(json.dumps({"engine": engine(), "figures": figures}))


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def summary(games: list[list[float]]) -> str:
    """One line of figures over the decisions of these games."""
    decisions = [t for game in games for t in game]
    totals = [sum(game) for game in games]
    return (
        f"{len(decisions):5d} decisions  median {statistics.median(decisions):.3f} s  "
        f"90 % {percentile(decisions, 0.9):.3f} s  slowest {max(decisions):.2f} s  "
        f"a game: median {statistics.median(totals):.1f} s, most {max(totals):.1f} s"
    )


def main() -> int:
    """Measure both paths, alternating, and print a block per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,4", help="table sizes, comma-separated")
    parser.add_argument("--games", type=int, default=2, help="games a round, per table size")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of each path")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.player_counts = [int(part) for part in args.players.split(",")]
    if args.child:
        child(args)
        return 0
    collected: dict[str, dict[str, dict[str, Any]]] = {path: {} for path in PATHS}
    engines = {}
    for round_ in range(args.rounds):
        for path in PATHS:
            argv = ["--players", args.players, "--games", str(args.games)]
            argv += ["--seed", str(args.seed), "--first", str(round_ * args.games)]
            answer = run_path(path, argv)
            engines[path] = answer["engine"]
            for players, row in answer["figures"].items():
                kept = collected[path].setdefault(
                    players, {"rollouts": row["rollouts"], "games": []}
                )
                kept["games"] += row["games"]
    print(f"Hard's decisions at its default budget, {args.rounds * args.games} games a table size")
    if engines["compiled"] != "compiled":
        print("(no compiled rules engine installed here: both runs were plain Python)")
    for players in args.player_counts:
        print(f"{players} players")
        for path in PATHS:
            row = collected[path][str(players)]
            print(f"  {path:8s} {row['rollouts']:5d} rollouts  {summary(row['games'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
