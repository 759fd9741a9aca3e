"""``apply`` checks chance outcomes quickly instead of looking them up among all outcomes: the
quick check must never accept what ``legal_actions()`` would refuse."""

from __future__ import annotations

import random

from stoneage.rules import CHANCE, DrawExtra, RevealCard, RevealTile, Roll, new_game, sample_chance
from stoneage.rules.data import building_ids, card_ids
from stoneage.rules.state import _is_outcome

CANDIDATES = (
    [Roll(total) for total in range(62)]
    + [RevealCard(c) for c in card_ids()]
    + [DrawExtra(c) for c in card_ids()]
    + [RevealTile(t) for t in building_ids()]
    + [Roll(7, "card"), RevealCard("F01", "extra")]
)


def test_quick_outcome_check_agrees_with_the_legal_outcomes() -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed=seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                legal = state.legal_actions()
                for action in CANDIDATES:
                    if _is_outcome(state, action):
                        assert action in legal, (action, state.pending)
                assert all(_is_outcome(state, a) for a in legal if a[-1] != "items")
                checked += 1
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
    assert checked > 1000
