"""The review's points held against the end of the game: how far the points a decision gave
away, as the review says, are from what the two moves lead to by the game's end.

The sample: seeded 4-player games (seeds ``--first`` on), seat 0 labelled human and played by
an Easy bot in even seeds and a Normal bot in odd ones (so the sample holds slips of both
sizes), the three others by Normal bots, recorded as the game records them. Each game is
reviewed twice, by the review as it was (``end_futures=0``: every decision judged at the end of
the round) and by the review as it is (the costliest decisions judged to the end of the game),
and the CPU seconds of both are timed. The decisions measured in each game: the key moments of
either review, and ``--others`` further decisions (drawn with the game's seed among those the
old review found costing at least a point).

The reference for each decision: from the table as it was (the whole state: the real extra
cards; fresh dice and fresh cards), the two moves (Hard's, the player's) each followed by
``--playouts`` playouts to the end of the game with Normal bots in every seat, on the same
futures (the same generator seed for the dice and the bots); the points given away are the mean
difference of the seat's final lead (``search.utility`` of the final scores: own score minus
half the best rival's and half the rivals' mean, the review's measure), with its 95 % interval.
References are kept in ``--cache`` (a JSON file) and a run that stops is resumed from it.

Prints one row per decision (the old and the new review's points against the reference) and the
mean absolute error of both reviews, with the reference's own noise (the mean standard error),
over every decision and over the key moments alone. ``--json FILE`` writes every figure.

    python bench/review_accuracy.py [--games 12] [--first 3000] [--playouts 400] \\
        [--budget 400] [--others 2] [--cache FILE] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stoneage.ai import make_bot
from stoneage.ai.search import utility
from stoneage.play.match import Match
from stoneage.play.savefile import replay_document
from stoneage.play.seats import Seat
from stoneage.review import DEFAULT_BUDGET, Judged, Replay, Review, analyse_replay, parse_replay
from stoneage.review.calibration import group_of
from stoneage.rules import CHANCE, Action, GameState, parse_action, sample_chance

COLOURS = ("red", "blue", "green", "yellow")


def reviewed_level(seed: int) -> str:
    """Who plays the reviewed seat of the game of ``seed``: Easy in even seeds, else Normal."""
    return "easy" if seed % 2 == 0 else "normal"


def recorded_game(seed: int, players: int = 4) -> str:
    """The replay file's text of a seeded game, seat 0 played by ``reviewed_level(seed)`` and
    labelled human, the others Normal bots."""
    levels = [reviewed_level(seed)] + ["normal"] * (players - 1)
    seats = [Seat(f"Seat {i}", COLOURS[i], "bot", levels[i]) for i in range(players)]
    match = Match(seats, seed, threaded=False)
    match.play_out()
    seats[0].kind = "human"
    return json.dumps(replay_document(seats, seed, match.steps, match.state))


# --- the reference: playouts to the end of the game -------------------------------------------------
def playout(state: GameState, seat: int, move: Action, future: str) -> float:
    """``move`` played at ``state``, then the game to its end with Normal bots in every seat and
    the dice and cards drawn from ``future``; the seat's final lead (``utility``)."""
    rng = random.Random(future)
    bots = {i: make_bot("normal", 0) for i in range(state.n)}
    state = state.apply(move)
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        bot = bots[actor]
        bot.rng.seed(f"{future}/{actor}/{state.ply}")
        state = state.apply(bot.choose(state.view(actor)))
    scores = [float(row["total"]) for row in state.final_scoring()]
    return utility(scores, seat)


def reference(
    state: GameState, seat: int, best: Action, chosen: Action, playouts: int, key: str
) -> list[float]:
    """Each future's final lead after ``best`` minus after ``chosen`` (the same futures)."""
    diffs = []
    for i in range(playouts):
        future = f"stoneage-accuracy/{key}/{i}"
        diffs.append(playout(state, seat, best, future) - playout(state, seat, chosen, future))
    return diffs


@dataclass(frozen=True)
class Interval:
    """A mean with its standard error and the 95 % half-width."""

    mean: float
    se: float

    @property
    def half(self) -> float:
        """The 95 % interval's half-width."""
        return 1.96 * self.se

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        """The mean of ``values`` and its standard error."""
        if len(values) < 2:
            return cls(values[0] if values else 0.0, 0.0)
        return cls(statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values)))


# --- the sample ----------------------------------------------------------------------------------------
def sampled_steps(old: Review, new: Review, others: int, seed: int) -> list[int]:
    """The steps measured in one game: both reviews' key moments and ``others`` decisions the
    old review found costing at least a point (drawn with ``seed``)."""
    old_seat, new_seat = old.seats[0], new.seats[0]
    steps = {j.step for j in old_seat.moments()} | {j.step for j in new_seat.moments()}
    rest = sorted(j.step for j in old_seat.decisions if j.loss >= 1.0 and j.step not in steps)
    steps |= set(random.Random(f"sample/{seed}").sample(rest, min(others, len(rest))))
    return sorted(steps)


def judged_at(review: Review, step: int) -> Judged:
    """The reviewed seat's decision at ``step``."""
    return next(j for j in review.seats[0].decisions if j.step == step)


def timed(replay: Replay, budget: int, **options: Any) -> tuple[Review, float]:
    """The review of ``replay`` and the CPU seconds it took."""
    cpu = time.process_time()
    review = analyse_replay(replay, budget=budget, **options)
    return review, time.process_time() - cpu


def load_cache(path: Path | None) -> dict[str, list[float]]:
    """References measured before (key -> each future's difference)."""
    if path is None or not path.exists():
        return {}
    return dict(json.loads(path.read_text()))


def save_cache(path: Path | None, cache: dict[str, list[float]]) -> None:
    """Keep the references (written whole, then renamed: a kill leaves the old file)."""
    if path is None:
        return
    part = path.with_suffix(".part")
    part.write_text(json.dumps(cache))
    part.replace(path)


def seed_list(text: str) -> list[int]:
    """Seeds written as ranges: '3000-3011,3100'."""
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds


def measure(
    replay: Replay, seed: int, step: int, judged: Judged, playouts: int, cache: dict[str, Any]
) -> Interval:
    """The reference of the decision ``judged`` (at ``step`` of the game of ``seed``): from the
    cache, else measured now and kept."""
    state = replay.steps[step].before
    chosen = replay.steps[step].action
    key = f"{seed}/{step}/{judged.best}/{chosen}/{playouts}"
    if key not in cache:
        best = parse_action(state, judged.best)
        cache[key] = reference(state, judged.seat, best, chosen, playouts, key)
    return Interval.of(cache[key])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--first", type=int, default=3000, help="the first game's seed")
    parser.add_argument("--seeds", default=None, help="seeds as ranges: 5000-5009,5100-5109")
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--others", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help="references kept here")
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument(
        "--fit", action="store_true", help="fit calibration's factors on these games instead"
    )
    args = parser.parse_args()
    seeds = (
        seed_list(args.seeds) if args.seeds else list(range(args.first, args.first + args.games))
    )
    cache = load_cache(args.cache)
    rows: list[dict[str, Any]] = []
    times: list[dict[str, float]] = []
    print(f"budget {args.budget}, {args.playouts} playouts, load {os.getloadavg()[0]:.1f}")
    for seed in seeds:
        replay = parse_replay(recorded_game(seed))
        old, old_cpu = timed(replay, args.budget, calibrated=False)
        new, new_cpu = (old, 0.0) if args.fit else timed(replay, args.budget)
        times.append({"seed": seed, "old": round(old_cpu, 1), "new": round(new_cpu, 1)})
        print(
            f"seed {seed} ({reviewed_level(seed)}): review CPU {old_cpu:.1f} s old, "
            f"{new_cpu:.1f} s new",
            flush=True,
        )
        for step in sampled_steps(old, new, args.others, seed):
            before, after = judged_at(old, step), judged_at(new, step)
            truth = measure(replay, seed, step, before, args.playouts, cache)
            save_cache(args.cache, cache)
            row = {
                "seed": seed,
                "step": step,
                "round": before.round,
                "rounds_left": before.rounds_left,
                "category": before.category,
                "kind": before.kind,
                "chosen": before.chosen,
                "best": before.best,
                "old": before.loss,
                "new": after.loss,
                "reference": round(truth.mean, 2),
                "reference_half": round(truth.half, 2),
                "reference_se": round(truth.se, 2),
                "key_old": step in {j.step for j in old.seats[0].moments()},
                "key_new": step in {j.step for j in new.seats[0].moments()},
            }
            rows.append(row)
            print(
                f"  step {step:3d} r{row['round']:2d} {row['kind']:12s} {row['chosen']:>18s} "
                f"-> {row['best']:18s} old {row['old']:5.1f} new {row['new']:5.1f} "
                f"end {row['reference']:5.1f} ± {row['reference_half']:.1f}",
                flush=True,
            )
    summary = fit(rows) if args.fit else summarise(rows, times)
    print(json.dumps(summary, indent=1))
    if args.json is not None:
        document = {"summary": summary, "rows": rows, "times": times}
        args.json.write_text(json.dumps(document, indent=1))
    return 0


def fit(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Calibration's factor for each group of decisions (``calibration.group_of``): the factor
    of the old review's gap at the end of the round that comes nearest, in mean absolute error,
    to the reference (the points given away by the end of the game; ``_factor``); with the mean
    absolute error of the round's gap and of the fitted one, on the decisions fitted and each
    left out of its own fit. Decisions the old review found costing nothing carry no
    information on the scale and are left out."""
    out: dict[str, Any] = {}
    usable = [r for r in rows if r["old"] > 0]
    for group in sorted({group_of(r["category"], r["rounds_left"]) for r in usable}):
        chosen = [r for r in usable if group_of(r["category"], r["rounds_left"]) == group]
        factor = _factor(chosen)
        left_out = [
            abs(_factor(chosen[:i] + chosen[i + 1 :]) * r["old"] - r["reference"])
            for i, r in enumerate(chosen)
        ]
        out[group] = {
            "decisions": len(chosen),
            "factor": round(factor, 3),
            "error_round": round(
                statistics.fmean(abs(r["old"] - r["reference"]) for r in chosen), 2
            ),
            "error_fitted": round(
                statistics.fmean(abs(factor * r["old"] - r["reference"]) for r in chosen), 2
            ),
            "error_left_out": round(statistics.fmean(left_out), 2) if len(chosen) > 1 else None,
            "reference_se": round(statistics.fmean(r["reference_se"] for r in chosen), 2),
        }
    return out


def _factor(rows: Sequence[dict[str, Any]]) -> float:
    """The factor of ``reference ~ factor * old`` that makes the mean absolute error least:
    the median of the ratios, each weighted by its old gap (1 with no rows)."""
    ratios: list[tuple[float, float]] = sorted(
        (float(r["reference"]) / r["old"], float(r["old"])) for r in rows if r["old"] > 0
    )
    total, seen = sum(w for _q, w in ratios), 0.0
    for ratio, weight in ratios:
        seen += weight
        if seen >= total / 2:
            return ratio
    return 1.0


def _dot(w: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    return sum(wi * ai * bi for wi, ai, bi in zip(w, a, b))


def summarise(rows: list[dict[str, Any]], times: list[dict[str, float]]) -> dict[str, Any]:
    """Mean absolute errors of both reviews (all decisions, key moments), the reference's
    noise, and the review's CPU time."""

    def errors(chosen: list[dict[str, Any]], which: str) -> float:
        return round(statistics.fmean(abs(r[which] - r["reference"]) for r in chosen), 2)

    keys = [r for r in rows if r["key_old"] or r["key_new"]]
    out: dict[str, Any] = {"decisions": len(rows), "key_moments": len(keys)}
    for name, chosen in (("all", rows), ("key", keys)):
        if chosen:
            out[f"{name}_old_error"] = errors(chosen, "old")
            out[f"{name}_new_error"] = errors(chosen, "new")
            out[f"{name}_reference_se"] = round(
                statistics.fmean(r["reference_se"] for r in chosen), 2
            )
    if times:
        out["cpu_old_median"] = round(statistics.median(t["old"] for t in times), 1)
        out["cpu_new_median"] = round(statistics.median(t["new"] for t in times), 1)
        out["cpu_old_max"] = max(t["old"] for t in times)
        out["cpu_new_max"] = max(t["new"] for t in times)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
