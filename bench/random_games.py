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
script. The rounds' own ratios (median and quartiles) are printed beside best against best.

On a shared virtual machine whole runs drift by 10-20 % from one to the next, more than the
differences one wants to see between two checkouts; ``--interleave`` (with ``--against``)
plays runs of 10 games here and there in turn, both children on one processor, each game seen
by both, and gives the ratio with a 95 % interval (the runs resampled in pairs). Each side
runs slower than it does alone (each leaves the other's caches cold), and alike. Its children
run this script with the other checkout's package: the other checkout needs no copy of it.

    python bench/random_games.py [--games N] [--seed S] [--rounds R] [--players 2,3,4]
                                 [--against DIR [--interleave]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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


def serve() -> None:
    """Play the games the parent names, a run of them a line (``players seed count``),
    answering each line with the run's CPU time and its number of actions; the first line
    says which engine runs."""
    from stoneage.rules import engine

    play_random_game(4, 0)  # warm the caches before timing
    print(json.dumps({"engine": engine()}), flush=True)
    for line in sys.stdin:
        num_players, seed, count = (int(part) for part in line.split())
        started = time.process_time()
        actions = sum(play_random_game(num_players, seed + i) for i in range(count))
        print(f"{time.process_time() - started!r} {actions}", flush=True)


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
    keyed ``pure@against`` and ``compiled@against``); per path its engine, per row of
    figures the best round's (the first number of a row decides: higher is better unless
    ``better`` says otherwise), and every round's rows in order (``rounds``)."""
    prefer = better or (lambda new, old: new > old)
    checkouts = [("", ROOT)] + ([("@against", against)] if against is not None else [])
    best: dict[str, dict] = {}
    for number in range(rounds):
        # The checkouts take turns going first: a child that follows another may find the
        # processor warmer (or slower) than the one before it.
        order = checkouts if number % 2 == 0 else checkouts[::-1]
        for (suffix, checkout), path in ((c, p) for c in order for p in PATHS):
            answer = run_path(path, argv, checkout)
            kept = best.setdefault(
                path + suffix, {"engine": answer["engine"], "figures": {}, "rounds": []}
            )
            kept["rounds"].append(answer["figures"])
            rows = kept["figures"]
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
    parser.add_argument(
        "--interleave",
        action="store_true",
        help="with --against: runs of 10 games here and there in turn, on one processor",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.player_counts = [int(part) for part in args.players.split(",")]
    if args.serve:
        serve()
        return
    if args.child:
        child(args)
        return
    if args.interleave:
        if args.against is None:
            parser.error("--interleave needs --against")
        interleave(args)
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


#: Games a turn of ``--interleave``.
BLOCK = 10


class Server:
    """A ``--serve`` child of this script, importing the package of ``checkout`` on ``path``."""

    def __init__(self, path: str, checkout: Path, cpu: int | None) -> None:
        pure = "1" if path == "pure" else "0"
        env = dict(os.environ, STONEAGE_PURE=pure, PYTHONPATH=str(checkout))
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if cpu is not None:
            os.sched_setaffinity(self.process.pid, {cpu})
        self.engine = json.loads(self._line())["engine"]

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"a --serve child ended (exit {self.process.wait()})")
        return line

    def play(self, num_players: int, seed: int, count: int) -> tuple[float, int]:
        """CPU seconds and actions of ``count`` games from ``seed`` on."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{num_players} {seed} {count}\n")
        self.process.stdin.flush()
        seconds, actions = self._line().split()
        return float(seconds), int(actions)

    def close(self) -> None:
        """End the child."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(10)


def paired_interval(here: list[float], there: list[float], draws: int = 2000) -> list[float]:
    """The 2.5th and 97.5th percentiles of there's total time over here's (here's speed
    against there's), resampling the runs in pairs (a fixed seed: the same answer twice)."""
    rng = random.Random(0)
    count = len(here)
    ratios = []
    for _ in range(draws):
        picks = [rng.randrange(count) for _ in range(count)]
        ratios.append(sum(there[i] for i in picks) / sum(here[i] for i in picks))
    ratios.sort()
    return [ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]]


def interleave(args: argparse.Namespace) -> None:
    """Runs of ``BLOCK`` games played by this checkout and by ``--against`` in turn, both
    children on one processor: the machine's drift, which moves a whole run by 10-20 % on a
    shared virtual machine, weighs on the two alike within a tenth of a second. (One game a
    turn would measure the caches the other process left cold: half the speed.)"""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    cpu = cpus[-1] if cpus else None
    print(
        f"runs of {BLOCK} games played here and there in turn, {args.games} games x "
        f"{args.rounds} rounds a player count, both on processor {cpu} (games a CPU second "
        "there, here, and here / there with its 95 % interval, the runs resampled in pairs):"
    )
    for path in PATHS:
        here, there = Server(path, ROOT, cpu), Server(path, args.against, cpu)
        print(f"  {path} (engines there and here: {there.engine}, {here.engine})")
        try:
            for num_players in args.player_counts:
                mine: list[float] = []
                theirs: list[float] = []
                runs = args.games * args.rounds // BLOCK
                for number in range(runs):
                    seed = args.seed + (number * BLOCK) % args.games
                    first, second = (here, there) if number % 2 == 0 else (there, here)
                    a = first.play(num_players, seed, BLOCK)
                    b = second.play(num_players, seed, BLOCK)
                    (mine_one, their_one) = (a, b) if first is here else (b, a)
                    if mine_one[1] != their_one[1]:
                        raise SystemExit(f"ACTIONS DIFFER: {num_players} players, seed {seed}")
                    mine.append(mine_one[0])
                    theirs.append(their_one[0])
                low, high = paired_interval(mine, theirs)
                games = runs * BLOCK
                print(
                    f"    {num_players} players: {games / sum(theirs):7.1f}  "
                    f"{games / sum(mine):7.1f}  x{sum(theirs) / sum(mine):5.3f} "
                    f"[{low:5.3f}, {high:5.3f}]"
                )
        finally:
            here.close()
            there.close()


def compare(best: dict[str, dict], player_counts: list[int], against: Path) -> None:
    """This checkout's games a second against the other's, per path: best round against best
    round, and the median of the rounds' own ratios with its quartiles (a round's runs are
    seconds apart: their spread says how far best against best can be trusted here)."""
    print(
        f"against {against} (games a CPU second there, here, here / there best against best,"
        " and the rounds' ratios: median [quartiles]):"
    )
    for path in PATHS:
        engines = (best[path + "@against"]["engine"], best[path]["engine"])
        print(f"  {path} (engines there and here: {engines[0]}, {engines[1]})")
        for num_players in player_counts:
            key = str(num_players)
            there = best[path + "@against"]["figures"][key]
            here = best[path]["figures"][key]
            same = "" if there[1] == here[1] else "  ACTIONS DIFFER"
            ratios = [
                mine[key][0] / theirs[key][0]
                for mine, theirs in zip(
                    best[path]["rounds"], best[path + "@against"]["rounds"], strict=True
                )
            ]
            quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            print(
                f"    {num_players} players: {there[0]:7.1f}  {here[0]:7.1f}  "
                f"x{here[0] / there[0]:5.3f}  rounds x{quartiles[1]:5.3f} "
                f"[{quartiles[0]:5.3f}, {quartiles[2]:5.3f}]{same}"
            )


if __name__ == "__main__":
    main()
