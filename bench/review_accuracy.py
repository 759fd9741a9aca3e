"""The review's points held against the end of the game: how far the points a decision gave
away, as the review says, are from what the two moves lead to by the game's end.

The sample: seeded 4-player games (``--seeds``), seat 0 labelled human and played by an Easy
bot in even seeds and a Normal bot in odd ones (so the sample holds slips of both sizes), the
three others by Normal bots, recorded as the game records them. Each game is reviewed twice,
by the review as it was (``to_the_end=False``: every gap at the end of the round, the costliest
judged again there) and by the review as it is (gaps carried to the game's end, the decisions
that may be key moments played out to it), and the CPU seconds of both are timed. The decisions
measured in each game: the key moments of either review, and ``--others`` further decisions
(drawn with the game's seed among those the old review found costing at least a point).

The reference for each decision: from the table as it was (the whole state: the real extra
cards; fresh dice and fresh cards), the two moves (Hard's, the player's) each followed by
``--playouts`` playouts to the end of the game with Normal bots in every seat (each deciding on
its own view), on the same futures (the same generator seed for the dice and the bots); the
points given away are the mean difference of the seat's final lead (``search.utility`` of the
final scores: own score minus half the best rival's and half the rivals' mean, the review's
measure), with its 95 % interval. References are kept in ``--cache`` (a JSON file) and a run
that stops is resumed from it. This is not the review's own code (``review.ending`` plays from
the seat's view with Normal's judgement inlined, on other futures): the two agree only as far
as the review is right.

Prints one row per decision (the old and the new review's points against the reference) and the
mean absolute error of both reviews, with the reference's own noise (the mean standard error),
over every decision, over the key moments and by group of decisions. ``--json FILE`` writes
every figure.

``--fit`` fits ``calibration``'s factors and spreads instead: on every decision of the cache
whose game is among ``--seeds`` (the first look's gap at the end of the round, judged again
here, against the reference), least squares through the origin by group, each decision also
left out of its own group's fit. Fit and measure on different seeds.

    python bench/review_accuracy.py [--seeds 3000-3011] [--playouts 400] [--budget 400] \\
        [--others 2] [--cache FILE] [--json FILE] [--fit]
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
from stoneage.review.analysis import Judge
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


def cache_key(seed: int, step: int, best: str, chosen: str, playouts: int) -> str:
    """The cache's key of a reference: the game, the decision, both moves, the playouts."""
    return f"{seed}/{step}/{best}/{chosen}/{playouts}"


def measure(
    replay: Replay, seed: int, step: int, judged: Judged, playouts: int, cache: dict[str, Any]
) -> Interval:
    """The reference of the decision ``judged`` (at ``step`` of the game of ``seed``): from the
    cache, else measured now and kept."""
    state = replay.steps[step].before
    chosen = replay.steps[step].action
    key = cache_key(seed, step, judged.best, str(chosen), playouts)
    if key not in cache:
        best = parse_action(state, judged.best)
        cache[key] = reference(state, judged.seat, best, chosen, playouts, key)
    return Interval.of(cache[key])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", default="3000-3011", help="seeds as ranges: 3000-3011,3100")
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--others", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help="references kept here")
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument(
        "--fit", action="store_true", help="fit calibration on the cache's decisions of --seeds"
    )
    parser.add_argument(
        "--only-cached",
        action="store_true",
        help="measure no new reference before the game's last round (minutes each; the last"
        " round's take seconds): a sampled decision without one is listed and skipped",
    )
    args = parser.parse_args()
    seeds = seed_list(args.seeds)
    cache = load_cache(args.cache)
    print(f"budget {args.budget}, {args.playouts} playouts, load {os.getloadavg()[0]:.1f}")
    if args.fit:
        rows = fitted_rows(seeds, cache, args.budget)
        summary = fit(rows)
        document: dict[str, Any] = {"summary": summary, "rows": rows}
    else:
        rows, times = measured_rows(seeds, args, cache)
        summary = summarise(rows, times)
        document = {"summary": summary, "rows": rows, "times": times}
    print(json.dumps(summary, indent=1))
    if args.json is not None:
        args.json.write_text(json.dumps(document, indent=1))
    return 0


def measured_rows(
    seeds: list[int], args: argparse.Namespace, cache: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Both reviews of every game and the reference of each sampled decision, a row each."""
    rows: list[dict[str, Any]] = []
    times: list[dict[str, Any]] = []
    for seed in seeds:
        replay = parse_replay(recorded_game(seed))
        old, old_cpu = timed(replay, args.budget, to_the_end=False)
        new, new_cpu = timed(replay, args.budget)
        times.append({"seed": seed, "old": round(old_cpu, 1), "new": round(new_cpu, 1)})
        print(
            f"seed {seed} ({reviewed_level(seed)}): review CPU {old_cpu:.1f} s old, "
            f"{new_cpu:.1f} s new, load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        for step in sampled_steps(old, new, args.others, seed):
            before, after = judged_at(old, step), judged_at(new, step)
            chosen = str(replay.steps[step].action)
            key = cache_key(seed, step, before.best, chosen, args.playouts)
            if args.only_cached and key not in cache and before.rounds_left > 0:
                print(
                    f"  step {step:3d} skipped: no reference kept ({key}; old {before.loss:.1f}"
                    f" new {after.loss:.1f})",
                    flush=True,
                )
                continue
            truth = measure(replay, seed, step, before, args.playouts, cache)
            save_cache(args.cache, cache)
            row = row_of(seed, before, after, truth)
            row["key_old"] = step in {j.step for j in old.seats[0].moments()}
            row["key_new"] = step in {j.step for j in new.seats[0].moments()}
            rows.append(row)
            print(
                f"  step {step:3d} r{row['round']:2d} {row['kind']:12s} {row['chosen']:>18s} "
                f"-> {row['best']:18s} old {row['old']:5.1f} new {row['new']:5.1f} "
                f"({'played out' if after.played_out else 'carried'}) "
                f"end {row['reference']:5.1f} ± {row['reference_half']:.1f}",
                flush=True,
            )
    return rows, times


def row_of(seed: int, before: Judged, after: Judged, truth: Interval) -> dict[str, Any]:
    """One decision's figures: both reviews' and the reference's."""
    return {
        "seed": seed,
        "step": before.step,
        "round": before.round,
        "rounds_left": before.rounds_left,
        "category": before.category,
        "group": group_of(before.category, before.rounds_left),
        "kind": before.kind,
        "chosen": before.chosen,
        "best": before.best,
        "old": before.loss,
        "new": after.loss,
        "round_gap": after.round_gap,
        "played_out": after.played_out,
        "end_gap": after.end_gap,
        "end_error": after.end_error,
        "futures": after.futures,
        "reference": round(truth.mean, 2),
        "reference_half": round(truth.half, 2),
        "reference_se": round(truth.se, 2),
    }


def fitted_rows(seeds: list[int], cache: dict[str, Any], budget: int) -> list[dict[str, Any]]:
    """Every cached decision of ``seeds``: its first look's gap at the end of the round (as the
    review finds it) and its reference."""
    wanted: dict[int, list[tuple[int, str, str, list[float]]]] = {}
    for key, diffs in cache.items():
        game, move, best, chosen, _playouts = key.split("/")
        if int(game) in seeds:
            wanted.setdefault(int(game), []).append((int(move), best, chosen, diffs))
    judge = Judge(budget, 0, to_the_end=False)
    rows: list[dict[str, Any]] = []
    for seed in sorted(wanted):
        replay = parse_replay(recorded_game(seed))
        for step, best, chosen, diffs in sorted(wanted[seed]):
            judged = judge.step(replay, step)
            if judged is None or judged.best != best or judged.chosen != chosen:
                print(f"seed {seed} step {step}: not the cached decision, left out")
                continue
            truth = Interval.of(diffs)
            rows.append(
                {
                    "seed": seed,
                    "step": step,
                    "group": group_of(judged.category, judged.rounds_left),
                    "gap": judged.round_gap or 0.0,
                    "reference": truth.mean,
                    "reference_se": truth.se,
                }
            )
    print(f"{len(rows)} decisions of {len(wanted)} games")
    return rows


def fit(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Calibration's factor and spread for each group of decisions (``calibration.group_of``):
    the factor of the round's gap nearest the reference by least squares through the origin
    (``_factor``), the spread of the reference about the carried gap beyond the reference's
    own noise, and the mean absolute error of the round's gap, of the carried one, and of the
    carried one with each decision left out of its own fit. Decisions whose gap is none (the
    player's move as good by Hard's measure) say nothing of the scale and are left out."""
    out: dict[str, Any] = {}
    usable = [r for r in rows if r["gap"] > 0]
    for group in sorted({r["group"] for r in usable}):
        chosen = [r for r in usable if r["group"] == group]
        factor = _factor(chosen)
        residuals = [r["reference"] - factor * r["gap"] for r in chosen]
        noise = statistics.fmean(r["reference_se"] ** 2 for r in chosen)
        spread = math.sqrt(max(0.0, statistics.fmean(x * x for x in residuals) - noise))
        left_out = [
            abs(_factor(chosen[:i] + chosen[i + 1 :]) * r["gap"] - r["reference"])
            for i, r in enumerate(chosen)
        ]
        out[group] = {
            "decisions": len(chosen),
            "factor": round(factor, 3),
            "spread": round(spread, 2),
            "error_round": round(
                statistics.fmean(abs(r["gap"] - r["reference"]) for r in chosen), 2
            ),
            "error_carried": round(statistics.fmean(abs(x) for x in residuals), 2),
            "error_left_out": round(statistics.fmean(left_out), 2) if len(chosen) > 1 else None,
            "reference_se": round(statistics.fmean(r["reference_se"] for r in chosen), 2),
        }
    return out


def _factor(rows: Sequence[dict[str, Any]]) -> float:
    """The factor of ``reference ~ factor * gap`` by least squares through the origin, never
    below 0 (1 with no rows)."""
    squares = sum(float(r["gap"]) ** 2 for r in rows)
    if squares <= 0:
        return 1.0
    return max(0.0, sum(float(r["gap"]) * float(r["reference"]) for r in rows) / squares)


def summarise(rows: list[dict[str, Any]], times: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean absolute errors of both reviews (every decision, the key moments of either review,
    the new review's key moments, the decisions played out, each group), the reference's
    noise, and the reviews' CPU time."""

    def errors(chosen: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "decisions": len(chosen),
            "old_error": round(statistics.fmean(abs(r["old"] - r["reference"]) for r in chosen), 2),
            "new_error": round(statistics.fmean(abs(r["new"] - r["reference"]) for r in chosen), 2),
            "reference_se": round(statistics.fmean(r["reference_se"] for r in chosen), 2),
            "old_mean": round(statistics.fmean(r["old"] for r in chosen), 2),
            "new_mean": round(statistics.fmean(r["new"] for r in chosen), 2),
            "reference_mean": round(statistics.fmean(r["reference"] for r in chosen), 2),
        }

    parts = {
        "all": rows,
        "key_either": [r for r in rows if r["key_old"] or r["key_new"]],
        "key_old": [r for r in rows if r["key_old"]],
        "key_new": [r for r in rows if r["key_new"]],
        "played_out": [r for r in rows if r["played_out"]],
        "carried": [r for r in rows if not r["played_out"]],
    }
    for group in sorted({r["group"] for r in rows}):
        parts[f"group_{group}"] = [r for r in rows if r["group"] == group]
    out: dict[str, Any] = {name: errors(chosen) for name, chosen in parts.items() if chosen}
    if times:
        out["cpu"] = {
            "games": len(times),
            "old_median": round(statistics.median(t["old"] for t in times), 1),
            "new_median": round(statistics.median(t["new"] for t in times), 1),
            "old_max": max(t["old"] for t in times),
            "new_max": max(t["new"] for t in times),
        }
    return out


if __name__ == "__main__":
    raise SystemExit(main())
