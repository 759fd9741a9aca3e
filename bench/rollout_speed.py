"""Hard's rollouts: CPU milliseconds a rollout, by table size and rollout policy, with the rules
engine run as plain Python and compiled (mypyc), side by side.

Positions are taken from seeded Normal games at the start of a placement in rounds 2, 5 and
8; from each, ``--rollouts`` rollouts play to the end of the round (the same rollout seeds
every run). Prints the CPU time a rollout (``time.process_time``, so other work on the machine
changes it less than the wall clock would), rollouts a second, and a checksum of the rollouts'
results, which must not change when a change is meant only to make rollouts cheaper, and must
be the same on both paths. Each path runs in a child process (``STONEAGE_PURE=1`` for the
plain Python), alternating for ``--rounds`` rounds, the best round kept (see
``random_games.py``, which also says where the compiled path comes from, and how
``--against DIR`` measures another checkout alongside).

    python bench/rollout_speed.py [--rollouts N] [--players 2,4] [--policy full|quick|near]
                                  [--rounds R] [--against DIR]

``near`` is what Hard plays at 4 players: the whole judgement for the placements right after
the root (``NEAR_PLIES``), the quick policy after them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from random_games import alternate

from stoneage.ai import make_bot
from stoneage.ai.hard import FULL_ROLLOUT_STYLE, NEAR_PLIES
from stoneage.ai.search import Policy, near_choice, rollout, styled_choice
from stoneage.rules import CHANCE, GameState, new_game, sample_chance

ROUNDS = (2, 5, 8)


def position(players: int, round_: int, seed: int) -> GameState:
    """The view of the seat to place first in round ``round_`` of a seeded Normal game."""
    dice = random.Random(seed)
    state = new_game(players, seed=seed)
    bots = [make_bot("normal", seed + seat) for seat in range(players)]
    while state.round < round_ or state.current_player() == CHANCE:
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
        else:
            state = state.apply(bots[actor].choose(state.view(actor)))
    return state.view(state.current_player())


def policy_for(name: str, view: GameState) -> Policy | None:
    """The rollout policy called ``name`` for rollouts from ``view`` (None: the quick one)."""
    if name == "full":
        return styled_choice(FULL_ROLLOUT_STYLE)
    if name == "near":
        return near_choice(FULL_ROLLOUT_STYLE, 1.0, view, NEAR_PLIES)
    return None


def measure(players: int, rollouts: int, name: str) -> tuple[float, float]:
    """CPU milliseconds a rollout over the positions, and the sum of the rollouts' results."""
    spent, checksum = 0.0, 0.0
    for round_ in ROUNDS:
        view = position(players, round_, seed=round_)
        seat = view.current_player()
        policy = policy_for(name, view)
        started = time.process_time()
        for index in range(rollouts):
            checksum += rollout(view, seat, random.Random(index), policy=policy)
        spent += time.process_time() - started
    return 1000.0 * spent / (rollouts * len(ROUNDS)), checksum


def main() -> None:
    """Measure both paths side by side and print one line per table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=200, help="rollouts per position")
    parser.add_argument("--players", default="2,3,4", help="table sizes, comma-separated")
    parser.add_argument("--policy", choices=("full", "quick", "near"), default="full")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each path")
    parser.add_argument("--against", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    tables = [int(part) for part in args.players.split(",")]
    if args.child:
        from stoneage.rules import engine

        figures = {players: measure(players, args.rollouts, args.policy) for players in tables}
        print(json.dumps({"engine": engine(), "figures": figures}))
        return
    argv = ["--rollouts", str(args.rollouts), "--players", args.players, "--policy", args.policy]
    best = alternate(args.rounds, argv, better=lambda new, old: new < old, against=args.against)
    pure, compiled = best["pure"], best["compiled"]
    print(
        f"{args.policy} policy, CPU ms a rollout ({args.rollouts} x {len(ROUNDS)} rollouts), "
        f"best of {args.rounds} alternating rounds"
    )
    if compiled["engine"] != "compiled":
        print(f"(no compiled rules engine installed here: the second run was {compiled['engine']})")
    for players in tables:
        p_ms, p_sum = pure["figures"][str(players)]
        c_ms, c_sum = compiled["figures"][str(players)]
        same = "same checksum" if p_sum == c_sum else f"CHECKSUMS DIFFER ({c_sum:.3f})"
        print(
            f"{players} players: pure {p_ms:.2f} ms ({1000 / p_ms:.0f}/s)  "
            f"compiled {c_ms:.2f} ms ({1000 / c_ms:.0f}/s)  x{p_ms / c_ms:.2f}  "
            f"checksum {p_sum:.3f}, {same}"
        )
    if args.against is not None:
        print(f"against {args.against} (ms a rollout there, here, and there / here):")
        for path in ("pure", "compiled"):
            there, here = best[path + "@against"], best[path]
            print(f"  {path} (engines there and here: {there['engine']}, {here['engine']})")
            for players in tables:
                t_ms, t_sum = there["figures"][str(players)]
                h_ms, h_sum = here["figures"][str(players)]
                same = "" if t_sum == h_sum else "  CHECKSUMS DIFFER"
                print(f"    {players} players: {t_ms:.3f}  {h_ms:.3f}  x{t_ms / h_ms:5.3f}{same}")


if __name__ == "__main__":
    main()
