"""The state's class layers: one set of slots, and a handler for every kind of action."""

from __future__ import annotations

from typing import get_args, get_type_hints

from stoneage.rules import Action, GameState, new_game
from stoneage.rules.core import StateCore, compiled
from stoneage.rules.transitions import Transitions

from .conftest import random_positions


def test_every_kind_of_action_has_its_own_literal_tag() -> None:
    # ``apply`` picks the handler by the tag, and mypy narrows ``Action`` on it: each kind's
    # tag must be its own and typed as that one literal.
    kinds = get_args(Action)
    tags = {kind._field_defaults["tag"] for kind in kinds}
    assert len(tags) == len(kinds)  # the tag tells the kinds apart
    if compiled():
        return  # compiled, the classes' annotations are not the source's; mypy checked that
    for kind in kinds:
        assert get_args(get_type_hints(kind)["tag"]) == (kind._field_defaults["tag"],)


def test_apply_hands_every_kind_of_action_to_a_handler() -> None:
    kinds = {kind._field_defaults["tag"] for kind in get_args(Action)}
    seen: set[str] = set()
    for seed in range(200):
        seen.update(action[-1] for action in random_positions(4, seed)[-1].actions_taken())
        if seen == kinds:
            break
    assert seen == kinds


def test_the_slots_are_declared_once_and_a_state_has_no_dict() -> None:
    if not compiled():
        # Slots on the base only: the same layout (and copy cost) as one class, and no
        # __dict__ that a class without __slots__ in the chain would add to every state.
        # (Compiled, each class has a fixed C layout instead, and no __slots__ to read.)
        assert GameState.__slots__ == () and Transitions.__slots__ == ()
        assert set(StateCore.__slots__) == set(StateCore.__annotations__)
    state = new_game(3, seed=5)
    assert not hasattr(state, "__dict__")
    after = state.apply(state.legal_actions()[0])
    assert not hasattr(after, "__dict__")
