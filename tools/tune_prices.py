"""Fit the bots' hand-set prices by self-play: SPSA on games of Normal against Normal.

    python tools/tune_prices.py --iterations 300 --games 20 --seed 5 --jobs 2 --out prices.json
    python tools/tune_prices.py --evaluate prices.json --games 2000 --jobs 2

Every bot prices things in points at the end of the game (``stoneage.ai.prices.Prices``): what
a person, a step on the food track, a tool point, a resource or a food is worth, how far the
tracks should grow, what a figure costs, how much Normal blocks. They were set by hand.
This script moves them together by simultaneous perturbation stochastic approximation:
each iteration draws a random sign for every constant, plays Normal with the constants all
nudged one way against Normal with them nudged the other way (the same seeds, seats
swapped), and steps every constant (in log scale) toward the side that won more. The
result is the mean of the later iterates. ``--evaluate`` plays the fitted constants against
the hand-set ones and prints the win rate with its 95 % interval.

The bots read their prices through ``stoneage.ai.prices.prices_for``; the script sets the
deciding seat's prices for each decision (``prices.using``), so two sets play in one game.
Plain Python, no dependency beyond the game. ``--evaluate FILE --ship`` writes the fitted
prices of one table size into ``stoneage/ai/data/prices.json`` with the command and result.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from dataclasses import asdict
from pathlib import Path

from stoneage.ai import prices as bot_prices
from stoneage.ai.bots import HeuristicBot, Temper
from stoneage.ai.levels import NORMAL_STYLE
from stoneage.ai.prices import HAND, NAMES, Prices, from_mapping
from stoneage.rules import CHANCE, new_game, sample_chance
from stoneage.sim import ROUND_CAP, derived_seed
from stoneage.sim.stats import wilson

LIMITS = {"conversion": 1.0, "certainty": 1.0}  # shares: never above 1
SHIPPED = Path(__file__).resolve().parent.parent / "stoneage" / "ai" / "data" / "prices.json"


def scaled(logs: list[float], base: Prices = HAND) -> Prices:
    """``base`` times exp(log multiplier) field by field, each within its limit."""
    return Prices(
        **{
            name: min(LIMITS.get(name, math.inf), getattr(base, name) * math.exp(x))
            for name, x in zip(NAMES, logs, strict=True)
        }
    )


def play(work: tuple[list[Prices], int, int]) -> list[float]:
    """One game of Normal with ``prices[s]`` in seat s: each seat's share of the win."""
    prices, seed, players = work
    bots = [
        HeuristicBot(derived_seed(seed, s), NORMAL_STYLE, Temper(), level="normal")
        for s in range(players)
    ]
    state = new_game(players, seed=seed)
    dice = random.Random(seed)
    while not state.is_terminal() and state.round < ROUND_CAP:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
            continue
        with bot_prices.using(prices[actor]):  # the deciding seat's prices (blocking, timing)
            state = state.apply(bots[actor].choose(state.view(actor)))
    winners = state.winners() if state.is_terminal() else []
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def head_to_head(
    pool: multiprocessing.pool.Pool, one: Prices, other: Prices, seeds: list[int], players: int
) -> float:
    """``one``'s share of the wins against ``other`` over ``seeds``, each seed played with
    every rotation of the seats (at 4 players: two seats each)."""
    work = []
    for seed in seeds:
        for shift in range(players):
            seats = [one if (s + shift) % players < players // 2 else other for s in range(players)]
            work.append((seats, seed, players))
    total = 0.0
    for (seats, _seed, _n), shares in zip(work, pool.map(play, work), strict=True):
        total += sum(share for seat, share in zip(seats, shares, strict=True) if seat is one)
    return total / len(work)


def tune(args: argparse.Namespace, pool: multiprocessing.pool.Pool) -> dict:
    """SPSA over the log multipliers; returns the fitted prices and the trace."""
    rng = random.Random(args.seed)
    base = from_mapping(json.loads(args.start.read_text("utf-8"))["prices"]) if args.start else HAND
    d = len(NAMES)
    logs = [0.0] * d
    kept: list[list[float]] = []
    trace = []
    started = time.perf_counter()
    for k in range(args.iterations):
        c = args.perturb
        a = args.step / (1 + k / 100) ** 0.602  # the usual SPSA decay
        delta = [rng.choice((-1.0, 1.0)) for _ in range(d)]
        plus = scaled([x + c * s for x, s in zip(logs, delta, strict=True)], base)
        minus = scaled([x - c * s for x, s in zip(logs, delta, strict=True)], base)
        seeds = [derived_seed("tune", args.seed, k, g) for g in range(args.games)]
        share = head_to_head(pool, plus, minus, seeds, args.players)
        parity = (args.players // 2) / args.players  # the fitted side holds this share of seats
        gain = (share - parity) / (parity * 2.0 * c)
        logs = [max(-1.0, min(1.0, x + a * gain * s)) for x, s in zip(logs, delta, strict=True)]
        if k >= args.iterations // 2:
            kept.append(list(logs))
        trace.append(round(share, 3))
        if (k + 1) % 25 == 0:
            shown = {name: round(v, 3) for name, v in asdict(scaled(logs, base)).items()}
            print(f"iteration {k + 1}: {json.dumps(shown)}", file=sys.stderr, flush=True)
    mean = [sum(col) / len(col) for col in zip(*kept, strict=True)]
    return {
        "players": args.players,
        "prices": {name: round(v, 4) for name, v in asdict(scaled(mean, base)).items()},
        "meta": {
            "command": " ".join(sys.argv),
            "iterations": args.iterations,
            "games_per_iteration": args.games * args.players,
            "players": args.players,
            "seconds": round(time.perf_counter() - started, 1),
            "trace_mean_first_half": round(
                sum(trace[: len(trace) // 2]) / max(1, len(trace) // 2), 3
            ),
        },
    }


def evaluate(args: argparse.Namespace, pool: multiprocessing.pool.Pool) -> str:
    """The fitted prices against the hand-set ones: win share with its 95 % interval."""
    fitted = from_mapping(json.loads(Path(args.evaluate).read_text("utf-8"))["prices"])
    against = (
        from_mapping(json.loads(args.against.read_text("utf-8"))["prices"])
        if args.against
        else HAND
    )
    seeds = [derived_seed("tune-eval", args.seed, g) for g in range(args.games)]
    share = head_to_head(pool, fitted, against, seeds, args.players)
    games = len(seeds) * args.players
    low, high = wilson(round(share * games), games)
    line = (
        f"fitted v {args.against or 'hand'}, {args.players} players, {games} games (seed {args.seed}): "
        f"{share:.1%} [{low:.1%}, {high:.1%}] (parity {(args.players // 2) / args.players:.0%})"
    )
    print(line)
    return line


def main(argv: list[str] | None = None) -> int:
    """Tune, or evaluate a fitted file (and ship it)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=250)
    parser.add_argument(
        "--games", type=int, default=40, help="seeds per iteration (or to evaluate)"
    )
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--perturb", type=float, default=0.15, help="log-scale nudge")
    parser.add_argument("--step", type=float, default=0.04, help="log-scale step size")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("prices.json"))
    parser.add_argument(
        "--evaluate", type=Path, help="play this fitted file against the hand prices"
    )
    parser.add_argument(
        "--start", type=Path, help="tune from this fitted file, not the hand prices"
    )
    parser.add_argument(
        "--against", type=Path, help="with --evaluate: this fitted file, not the hand prices"
    )
    parser.add_argument(
        "--ship",
        action="store_true",
        help="with --evaluate: write the fitted prices into the package's prices.json for "
        "their table size, with the command and the evaluation",
    )
    args = parser.parse_args(argv)
    with multiprocessing.Pool(args.jobs) as pool:
        if args.evaluate:
            line = evaluate(args, pool)
            if args.ship:
                ship(json.loads(args.evaluate.read_text("utf-8")), line)
            return 0
        result = tune(args, pool)
    args.out.write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    print(json.dumps(result["prices"], indent=1))
    return 0


def ship(fitted: dict, evaluation: str) -> None:
    """Put ``fitted`` (a ``--out`` file) into the package's prices for its table size."""
    table = json.loads(SHIPPED.read_text("utf-8")) if SHIPPED.exists() else {}
    size = str(fitted["players"])
    table.setdefault("by_players", {})[size] = fitted["prices"]
    table.setdefault("meta", {})[size] = {**fitted["meta"], "evaluated": evaluation}
    SHIPPED.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"shipped in {SHIPPED}")


if __name__ == "__main__":
    sys.exit(main())
