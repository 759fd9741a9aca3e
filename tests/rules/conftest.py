"""Helpers to build positions: reveal chosen cards and tiles, then set up players by hand."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from stoneage.rules import CHANCE, GameState, new_game, sample_chance

DEFAULT_DISPLAY = ("F01", "F02", "H01", "S01")  # card1 (cost 1) .. card4 (cost 4)
DEFAULT_TOPS = ("B01", "B10", "V42", "X1")


def start(
    n: int = 4,
    display: Iterable[str] = DEFAULT_DISPLAY,
    tops: Iterable[str] | None = None,
    seed: int | None = 1,
) -> GameState:
    """A new game with the given cards turned up (cost 1 first) and building tops."""
    state = new_game(n, seed=seed)
    for card in display:
        state = state.apply(f"card {card}")
    for tile in tops if tops is not None else DEFAULT_TOPS[:n]:
        state = state.apply(f"tile {tile}")
    return state


def random_positions(n: int, seed: int) -> list[GameState]:
    """Every position of a seeded game of uniformly random legal moves, the first to the end
    (chance drawn with ``sample_chance`` from the same generator)."""
    rng = random.Random(seed)
    state = new_game(n, seed=seed)
    states = [state]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
    return states


def play(state: GameState, *texts: str) -> GameState:
    """Apply actions given in their text form, in order."""
    for text in texts:
        state = state.apply(text)
    return state


def with_player(state: GameState, seat: int, **fields: object) -> GameState:
    """A copy of ``state`` in which a player's fields are set by hand (for scenario tests)."""
    s = state._clone()
    p = s._player(seat)
    for name, value in fields.items():
        setattr(p, name, value)
    s._legal = None
    return s


def legal_texts(state: GameState) -> list[str]:
    """The legal actions in text form."""
    return [str(a) for a in state.legal_actions()]


@pytest.fixture
def four() -> GameState:
    """A 4-player game at the first placement."""
    return start(4)


def default_action(state: GameState) -> object:
    """A fixed choice for steps a scenario does not care about: the hunt with every figure
    when placing, otherwise the first legal action (the lowest roll, the first card ...)."""
    actions = state.legal_actions()
    hunts = [a for a in actions if str(a).startswith("place hunt ")]
    return hunts[-1] if hunts else actions[0]


def advance(
    state: GameState, until, plans: dict[int, list[str]] | None = None, limit: int = 10_000
) -> GameState:
    """Apply planned actions (per seat, in order) or ``default_action`` until ``until(state)``."""
    plans = {seat: list(texts) for seat, texts in (plans or {}).items()}
    for _ in range(limit):
        if until(state):
            return state
        seat = state.current_player()
        if seat >= 0 and plans.get(seat):
            state = state.apply(plans[seat].pop(0))
        else:
            state = state.apply(default_action(state))
    raise AssertionError("scenario did not reach its goal")


def placement_done(state: GameState) -> bool:
    """True once the placement phase is over."""
    return state.phase != "place"


def with_table(state: GameState, **fields: object) -> GameState:
    """A copy of ``state`` with table fields (deck, stack sizes ...) set by hand."""
    s = state._clone()
    table = s._edit_table()
    for name, value in fields.items():
        setattr(table, name, value)
    s._legal = None
    return s


def two_resources_card_bought_in_the_last_round() -> GameState:
    """Two players, last round: seat 0 has just bought the two-resources card with its only
    figure; seat 1 has taken the last tile of a building stack, so the game ends this round."""
    state = start(2, display=("G04", "F02", "H01", "S01"))
    state = with_player(state, 0, people=1, res=(1, 0, 0, 0))
    state = with_player(state, 1, people=1, res=(2, 1, 0, 0))
    state = with_table(state, stack_sizes=(1, 7))
    return play(state, "place card1 1", "place building1 1", "pay 1wood")
