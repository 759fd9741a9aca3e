"""Style fingerprints of the opponents: how each plays, measured from outside.

    python bench/fingerprints.py --games 200 --seed 1 --seed2 2 --jobs 1

For every opponent of the roster at ``--level`` (Normal by default): ``--games`` 4-player games
of it against three balanced Normal (``--rivals``), seats rotated, and its share of figures
placed on each kind of space and its mean points by source (``stoneage.sim.style``); then the
total variation distance between every two opponents' placement shares, and with ``--seed2``
each opponent's distance from itself over a second set of seeds (its steadiness). Hard plays at
``--hard-rollouts`` a placement (reproducible). ``--roster FILE`` measures the opponents of
another roster file (trying out leanings before they ship).

    python bench/fingerprints.py --from-log scholar_hard.jsonl farmer_hard.jsonl ...

prints the fingerprints of every bot in runner logs instead (``python -m stoneage.sim --log``
keeps each seat's figures placed and points by source), e.g. of each opponent's Hard in its
games against three Normal, without playing them again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import get_context
from pathlib import Path

from stoneage.ai import Budget, opponents, spec_text
from stoneage.sim import read_log
from stoneage.sim.style import (
    Fingerprint,
    fingerprint_game,
    fingerprint_spec,
    format_fingerprints,
    format_matrix,
    logged_fingerprints,
    tvd,
    tvd_matrix,
)

Work = tuple[str, str, int, int, str, int, int, str | None]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seed2", type=int, default=None, help="a second seed: steadiness")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--rivals", default="normal", help="the other three seats' bot")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--opponents", default=None, help="ids, comma-separated (default: all)")
    parser.add_argument("--hard-rollouts", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--roster", type=Path, default=None, help="another roster file")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--from-log", type=Path, nargs="+", default=None, help="runner logs to read instead"
    )
    return parser.parse_args(argv)


def _use_roster(path: str | None) -> None:
    """Make ``path``'s roster the one bots are made from, in this process."""
    if path is None:
        return
    found = opponents.parse_roster(Path(path).read_text(encoding="utf-8"))
    opponents.roster = lambda: found  # type: ignore[assignment]  # a bench's own try-out


def _one(work: Work) -> tuple[str, int, Fingerprint]:
    subject, rivals, players, seed, _, index, rollouts, roster = work
    _use_roster(roster)
    spec = fingerprint_spec(subject, rivals, players, seed, Budget.rollouts(rollouts))
    return subject, seed, fingerprint_game(spec, index, subject)


def measure(args: argparse.Namespace, seeds: list[int]) -> dict[tuple[str, int], Fingerprint]:
    """Every subject's fingerprint on every seed."""
    _use_roster(None if args.roster is None else str(args.roster))
    ids = args.opponents.split(",") if args.opponents else list(opponents.opponent_ids())
    subjects = [spec_text(i.strip(), args.level) for i in ids]
    roster = None if args.roster is None else str(args.roster)
    work: list[Work] = [
        (s, args.rivals, args.players, seed, "", index, args.hard_rollouts, roster)
        for s in subjects
        for seed in seeds
        for index in range(args.games)
    ]
    found = {(s, seed): Fingerprint() for s in subjects for seed in seeds}
    if args.jobs <= 1:
        results = map(_one, work)
        for subject, seed, one in results:
            found[(subject, seed)].add(one)
    else:
        with get_context("spawn").Pool(args.jobs) as pool:
            for subject, seed, one in pool.imap_unordered(_one, work, chunksize=8):
                found[(subject, seed)].add(one)
    return found


def from_logs(paths: list[Path]) -> int:
    """Print the fingerprints of every bot of these runner logs and their distances."""
    found: dict[str, Fingerprint] = {}
    for path in paths:
        games, _ = read_log(path.read_text(encoding="utf-8"))
        for name, one in logged_fingerprints(games).items():
            found.setdefault(name, Fingerprint()).add(one)
    if not found:
        print("no seat in these logs kept its figures placed")
        return 1
    print(f"from {len(paths)} runner log(s): " + ", ".join(str(p) for p in paths))
    print("Figures placed (% of the bot's figures) | mean final points a game by source:")
    print("\n".join(format_fingerprints(found)))
    print("Total variation distance of the placement shares:")
    print("\n".join(format_matrix(list(found), tvd_matrix(found))))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure and print the fingerprints, their distances and (with --seed2) steadiness."""
    args = parse_args(argv)
    if args.from_log:
        return from_logs(args.from_log)
    seeds = [args.seed] + ([args.seed2] if args.seed2 is not None else [])
    started = time.perf_counter()
    found = measure(args, seeds)
    first = {s: p for (s, seed), p in found.items() if seed == args.seed}
    matrix = tvd_matrix(first)
    names = list(first)
    steady = {
        s: tvd(found[(s, args.seed)].shares(), found[(s, args.seed2)].shares())
        for s in names
        if args.seed2 is not None
    }
    others = [matrix[(a, b)] for a in names for b in names if a < b]
    if args.json:
        print(
            json.dumps(
                {
                    "games": args.games,
                    "seeds": seeds,
                    "level": args.level,
                    "rivals": args.rivals,
                    "players": args.players,
                    "fingerprints": {f"{s}@{seed}": p.to_json() for (s, seed), p in found.items()},
                    "tvd": {f"{a} v {b}": v for (a, b), v in matrix.items() if a < b},
                    "steadiness": steady,
                },
                indent=2,
            )
        )
        return 0
    print(
        f"{args.games} games each, {args.players} players, against {args.players - 1} "
        f"{args.rivals}, seed {args.seed}, seats rotated, {time.perf_counter() - started:.0f} s"
    )
    print("Figures placed (% of the bot's figures) | mean final points a game by source:")
    print("\n".join(format_fingerprints(first)))
    print("Total variation distance of the placement shares:")
    print("\n".join(format_matrix(names, matrix)))
    if others:
        print(f"closest two: {min(others):.3f}")
    if steady:
        print(f"the same bot on seed {args.seed} and seed {args.seed2}:")
        print("  " + ", ".join(f"{s} {v:.3f}" for s, v in steady.items()))
        print(f"  farthest: {max(steady.values()):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
