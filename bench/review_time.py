"""The post-game review's time and stability: 20 recorded 4-player games reviewed at the default
budget and at twice it.

The games: four Normal bots play a seeded game (seeds ``--first`` on), recorded as the game
records them (``replay_document``) with seat 0 labelled human, so one seat is reviewed in each
game, as in a solo game against three bots. Each replay is reviewed at ``--budget`` (default:
``DEFAULT_BUDGET``) and at twice that, in this process (``--workers`` to share the work).

Prints for each game the decisions judged, the wall-clock and CPU seconds at both budgets and the key
moments (as steps) at both; then the median and the slowest review at the default budget, and
how the key moments agree between the two budgets: the share of games with the same set, the
mean overlap (moments in both over the larger count), and the share of games whose costliest
moment is the same. ``--json FILE`` writes every figure. ``--single`` reviews at the budget
only (no second budget).

Two versions of the review, before and after a change, are timed side by side by running this
script alternately with each version's interpreter, one game at a time, from a folder outside
both checkouts (so that each imports its own ``stoneage``), e.g.::

    for seed in $(seq 1000 1019); do
      /work/wt/base/.venv/bin/python /work/wt/review/bench/review_time.py --single \
          --games 1 --first $seed
      /work/wt/review/.venv/bin/python /work/wt/review/bench/review_time.py --single \
          --games 1 --first $seed
    done

    python bench/review_time.py [--games 20] [--budget N] [--first SEED] [--workers W] [--single]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import stoneage
from stoneage.play.match import Match
from stoneage.play.savefile import replay_document
from stoneage.play.seats import Seat
from stoneage.review import DEFAULT_BUDGET, Review, analyse_replay, parse_replay

COLOURS = ("red", "blue", "green", "yellow")


def recorded_game(seed: int, players: int = 4) -> str:
    """The replay file's text of a seeded game of Normal bots, seat 0 labelled human."""
    seats = [Seat(f"Seat {i}", COLOURS[i], "bot", "normal") for i in range(players)]
    match = Match(seats, seed, threaded=False)
    match.play_out()
    seats[0].kind = "human"
    return json.dumps(replay_document(seats, seed, match.steps, match.state))


def moments(review: Review) -> list[int]:
    """The key moments of the reviewed seat, as steps of the game, costliest first."""
    seat = review.seats[0]
    return [seat.decisions[i].step for i in seat.key_moments]


def timed_review(text: str, budget: int, workers: int) -> tuple[Review, float, float]:
    """The review of the replay ``text``, the wall-clock seconds it took and the CPU seconds
    of this process (other work on a shared machine stretches the first, hardly the second;
    with workers, the CPU seconds leave out theirs)."""
    replay = parse_replay(text)
    started, cpu = time.perf_counter(), time.process_time()
    review = analyse_replay(replay, budget=budget, workers=workers)
    return review, time.perf_counter() - started, time.process_time() - cpu


def overlap(first: list[int], second: list[int]) -> float:
    """Moments in both over the larger count (1 when both are empty)."""
    larger = max(len(first), len(second))
    return len(set(first) & set(second)) / larger if larger else 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--first", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--single", action="store_true", help="the budget only, not twice it")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    print(
        f"review budget {args.budget} (and {2 * args.budget}), workers {args.workers}, "
        f"load average at start {os.getloadavg()[0]:.1f}, code {stoneage.__file__}"
    )
    for seed in range(args.first, args.first + args.games):
        text = recorded_game(seed)
        base, seconds, cpu = timed_review(text, args.budget, args.workers)
        if args.single:
            double, seconds2, cpu2 = base, 0.0, 0.0
        else:
            double, seconds2, cpu2 = timed_review(text, 2 * args.budget, args.workers)
        row = {
            "seed": seed,
            "decisions": len(base.seats[0].decisions),
            "seconds": round(seconds, 2),
            "seconds_double": round(seconds2, 2),
            "cpu": round(cpu, 2),
            "cpu_double": round(cpu2, 2),
            "moments": moments(base),
            "moments_double": moments(double),
            "load": round(os.getloadavg()[0], 2),
        }
        rows.append(row)
        print(
            f"seed {seed}: {row['decisions']} decisions, {seconds:.1f} s, CPU {cpu:.1f} s "
            f"(x2: {seconds2:.1f} s, CPU {cpu2:.1f} s), "
            f"moments {row['moments']} / {row['moments_double']}, "
            f"load {row['load']}",
            flush=True,
        )
    times = [r["seconds"] for r in rows]
    same = [set(r["moments"]) == set(r["moments_double"]) for r in rows]
    overlaps = [overlap(r["moments"], r["moments_double"]) for r in rows]
    top = [r["moments"][:1] == r["moments_double"][:1] for r in rows]
    summary = {
        "games": len(rows),
        "budget": args.budget,
        "median_seconds": round(statistics.median(times), 1),
        "max_seconds": round(max(times), 1),
        "median_seconds_double": round(statistics.median(r["seconds_double"] for r in rows), 1),
        "median_cpu": round(statistics.median(r["cpu"] for r in rows), 1),
        "max_cpu": round(max(r["cpu"] for r in rows), 1),
        "same_set_share": round(sum(same) / len(rows), 3),
        "mean_overlap": round(statistics.mean(overlaps), 3),
        "same_costliest_share": round(sum(top) / len(rows), 3),
    }
    print(json.dumps(summary, indent=1))
    if args.json is not None:
        args.json.write_text(json.dumps({"summary": summary, "games": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
