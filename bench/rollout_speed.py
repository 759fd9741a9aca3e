"""Hard's rollouts: CPU milliseconds a rollout, by table size and rollout policy, in one process.

Positions are taken from seeded Normal games at the start of a placement in rounds 2, 5 and
8; from each, ``--rollouts`` rollouts play to the end of the round (the same rollout seeds
every run). Prints the CPU time a rollout (``time.process_time``, so other work on the machine
changes it less than the wall clock would) and a checksum of the rollouts' results, which must
not change when a change is meant only to make rollouts cheaper.

    python bench/rollout_speed.py [--rollouts N] [--players 2,4] [--policy full|quick|near]

``near`` is what Hard plays at 4 players: the whole judgement for the placements right after
the root (``NEAR_PLIES``), the quick policy after them.
"""

from __future__ import annotations

import argparse
import random
import time

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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=200, help="rollouts per position")
    parser.add_argument("--players", default="2,3,4", help="table sizes, comma-separated")
    parser.add_argument("--policy", choices=("full", "quick", "near"), default="full")
    args = parser.parse_args()
    for players in (int(part) for part in args.players.split(",")):
        ms, checksum = measure(players, args.rollouts, args.policy)
        print(
            f"{players} players, {args.policy} policy: {ms:.2f} ms CPU a rollout "
            f"({args.rollouts} x {len(ROUNDS)} rollouts), checksum {checksum:.3f}"
        )


if __name__ == "__main__":
    main()
