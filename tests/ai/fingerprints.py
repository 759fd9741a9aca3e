"""Decision fingerprints: a hash of every decision a set of bots makes over one seeded game.

Run as a script from a checkout to print the fingerprints of that checkout's bots, e.g. from
the commit a frozen level copies (``PYTHONPATH=/path/to/checkout python
tests/ai/fingerprints.py hard``), and compare them with the frozen copy's (``... hard1``).
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Callable

from stoneage.ai import Bot, Budget, make_bot
from stoneage.rules import CHANCE, new_game, sample_chance

# (players, game seed, rollouts per placement): small, so the test stays quick
GAMES = ((2, 11, 16), (3, 12, 10), (4, 13, 8))


def fingerprint(level: str, players: int, seed: int, rollouts: int) -> tuple[str, list[int]]:
    """Hash of every decision (seat and action) in a game of ``players`` bots of ``level``,
    and the final scores."""
    return fingerprint_of(lambda s, b: make_bot(level, s, b), players, seed, rollouts)


def fingerprint_of(
    make: Callable[[int, Budget], Bot], players: int, seed: int, rollouts: int
) -> tuple[str, list[int]]:
    """``fingerprint`` of the bots that ``make(seed, budget)`` returns."""
    dice = random.Random(seed)
    bots = [make(seed * 100 + seat, Budget.rollouts(rollouts)) for seat in range(players)]
    state = new_game(players, seed=seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
            continue
        action = bots[actor].choose(state.view(actor))
        digest.update(f"{actor}:{action};".encode())
        state = state.apply(action, seat=actor)
    return digest.hexdigest()[:20], [row["total"] for row in state.final_scoring()]


if __name__ == "__main__":
    for game in GAMES:
        print(game, *fingerprint(sys.argv[1] if len(sys.argv) > 1 else "hard", *game))
