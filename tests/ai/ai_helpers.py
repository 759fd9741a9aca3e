"""Shared helpers for the bot tests: seeded games and scripted positions."""

from __future__ import annotations

import random

from stoneage.ai import Bot
from stoneage.rules import (
    CHANCE,
    Decline,
    Feed,
    GameState,
    Pay,
    Place,
    Resolve,
    new_game,
    sample_chance,
)

ROUND_CAP = 50


def play(bots: list[Bot], seed: int, record: list | None = None) -> GameState:
    """Play a seeded game; every bot sees only its view and must act legally in turn."""
    dice = random.Random(seed)
    state = new_game(len(bots), seed=seed)
    while not state.is_terminal():
        assert state.round <= ROUND_CAP, "the game stalled"
        actor = state.current_player()
        if actor == CHANCE:
            state = state.apply(sample_chance(state, dice))
            continue
        view = state.view(actor)
        action = bots[actor].choose(view)
        assert action in view.legal_actions()
        if record is not None:
            record.append((actor, str(action)))
        state = state.apply(action, seat=actor)  # raises on an illegal or out-of-turn action
    return state


def scripted(state: GameState, plans: dict[int, list[str]], tiles: list[str], until) -> GameState:
    """Drive a game with simple fixed habits until ``until(state)`` holds.

    A seat places on the first space of its plan that is legal (``'building1'``, ``'river'``..:
    gathering spaces get as many figures as allowed, up to 3), then anything legal; resolves
    gathering before buildings; pays with the fewest and cheapest resources offered. Dice roll their highest
    total; cards come up in deck order; building tiles in the order ``tiles`` gives.
    """
    tiles = list(tiles)
    while not until(state):
        assert not state.is_terminal()
        state = state.apply(_scripted_action(state, plans, tiles))
    return state


def _scripted_action(state: GameState, plans: dict[int, list[str]], tiles: list[str]):
    legal = state.legal_actions()
    if state.current_player() == CHANCE:
        kind = state.pending.kind
        if kind == "reveal_tile":
            wanted = next(t for t in tiles if f"tile {t}" in map(str, legal))
            tiles.remove(wanted)
            return f"tile {wanted}"
        if kind == "roll":
            return legal[-1]
        return legal[0]
    texts = [str(a) for a in legal]
    if state.pending is None and state.phase == "place":
        for space in plans[state.current_player()]:
            for count in (3, 2, 1):
                if f"place {space} {count}" in texts:
                    return f"place {space} {count}"
        return next(a for a in legal if isinstance(a, Place))
    if state.pending is None:
        return sorted((a for a in legal if isinstance(a, Resolve)), key=lambda a: a.space >= 8)[0]
    pays = [a for a in legal if isinstance(a, Pay)]
    if pays:  # the fewest resources, the cheapest kinds first
        return min(pays, key=lambda a: (sum(a.resources), [-n for n in a.resources]))
    feeds = [a for a in legal if isinstance(a, Feed)]
    if feeds:
        return feeds[0]
    return next((a for a in legal if isinstance(a, Decline)), legal[0])
