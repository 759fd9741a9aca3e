"""Golden games: the engine must offer the same legal actions, in the same order, and reach the
same scores as the engine that wrote the saves already out there.

Each fingerprint hashes, for a seeded random game, every list of legal actions (chance outcomes
included) and every action taken, in text form. A change here means old saved games (seed and
action texts) may no longer replay: such a change needs a new save format version, not a new
fingerprint. The fingerprints were recorded with the engine before the speed redesign of the
state internals (issue 2).
"""

from __future__ import annotations

import hashlib
import random

import pytest

from stoneage.rules import CHANCE, new_game, sample_chance

GOLDEN = [
    (2, 11, ("32bc815ff5d69449", 640, [256, 50])),
    (2, 12, ("8a62d1e07377d14e", 714, [227, 288])),
    (3, 21, ("fd74375a10fdf67e", 815, [35, 150, 105])),
    (3, 22, ("0e1dd74d41862139", 901, [225, 128, 94])),
    (4, 31, ("e9d645bedbf8e001", 1118, [106, 61, -33, 65])),
    (4, 32, ("6d924f47526ec65c", 912, [117, 133, 151, 93])),
]


def fingerprint(num_players: int, seed: int) -> tuple[str, int, list[int]]:
    """(hash of every legal-action list and action taken, actions taken, final totals)."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    digest = hashlib.sha256()
    while not state.is_terminal():
        legal = state.legal_actions()
        digest.update(("|".join(map(str, legal)) + "\n").encode())
        action = (
            sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(legal)
        )
        digest.update((str(action) + "\n").encode())
        state = state.apply(action)
    return digest.hexdigest()[:16], state.ply, [row["total"] for row in state.final_scoring()]


@pytest.mark.parametrize(("num_players", "seed", "expected"), GOLDEN)
def test_random_game_matches_its_golden_fingerprint(
    num_players: int, seed: int, expected: tuple
) -> None:
    assert fingerprint(num_players, seed) == expected
